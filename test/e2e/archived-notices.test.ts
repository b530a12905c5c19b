/**
 * Discord archives a game thread idle for a week (the bot asks for 10080 minutes), and a message in
 * an archived thread cannot be edited (50083). A step that shows a notice reopened the thread only
 * while the hand ran: a seat taken or left between hands (a result that waited a week), a seat taken
 * back at a paused table and the idle end of a match (30 days by default: archived long before)
 * left the table message as it was, the notice lost. Now every step that shows something anew at a
 * running or paused table reopens it first (act.ts `commit`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openTable, playHandToEnd, tableMessage, until, withWorld, type World } from './harness.js';

/** Discord archives the thread (as after a week idle), and the bot has seen it (THREAD_UPDATE). */
async function archived(w: World, threadId: string): Promise<void> {
  w.sim.archiveThread(threadId);
  const cached = () => w.bot.client.channels.cache.get(threadId) as { archived?: boolean } | undefined;
  await until(w, 'the bot saw the thread archived', () => cached()?.archived === true);
}

test('Take a seat after the thread was archived: the table shows the newcomer', async () => {
  await withWorld(
    async (w) => {
      const newcomer = w.users[2]!;
      const { gameId, threadId } = await openTable(w, 'phom', 2, 1, { timer: 'live' });
      await playHandToEnd(w, gameId);
      await archived(w, threadId);
      const table = tableMessage(w, gameId);
      const take = await click(w, newcomer.id, table.id, buttonByLabel(w.sim, table, 'Take a seat').custom_id as string);
      assert.equal(take.failed, false);
      assert.equal(w.store.games.seats(gameId)[2]!.userId, newcomer.id, 'seated');
      assert.match(w.sim.text(tableMessage(w, gameId)), new RegExp(`${newcomer.name} takes seat 3`));
    },
    { users: 3 },
  );
});

test('the idle end of a match at an archived thread: the table says the match ended by itself', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEnd(w, gameId);
    await w.bot.whenIdle();
    await later(w, 8 * 24 * 3600_000);
    await archived(w, threadId);
    await later(w, 22 * 24 * 3600_000 + 11 * 60_000);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The match ended by itself/);
  });
});
