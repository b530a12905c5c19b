/**
 * A match's end executed again after it was posted (a crash between posting it and clearing the
 * outbox: the restart runs the step's effects once more) posts nothing twice, and the process still
 * forgets the table (effects.ts `end-match`): its table message queue used to stay, one per such crash.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, playHandToEnd, tableMessage, withWorld, type World, endMatch } from './harness.js';
import { execute, tableQueueCount } from '../../src/bot/effects.js';

/** A Phỏm match of one person and an AI, played to the end of a hand and ended by its host. */
async function endedMatch(w: World): Promise<string> {
  const { gameId } = await openTable(w, 'phom', 1, 1);
  await playHandToEnd(w, gameId);
  const tm = tableMessage(w, gameId);
  await endMatch(w, w.users[0]!.id, tm);
  await w.bot.whenIdle();
  return gameId;
}

test('a match end executed again after it was posted leaves no table queue behind', async () => {
  await withWorld(async (w) => {
    const gameId = await endedMatch(w);
    const ctx = w.bot.ctx;
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(w.store.games.get(gameId)!.lastNotice, 'match-over');
    assert.equal(tableQueueCount(ctx), 0, 'forgotten once the match end was posted');
    const posts = w.sim.allMessages(w.store.games.get(gameId)!.threadId!).length;
    // The restart after a crash: the step's effects once more.
    const table = ctx.table.load(gameId)!;
    await execute(
      ctx,
      { outcome: { ok: true }, effects: [{ kind: 'table' }, { kind: 'end-match' }], table, outbox: [], warnings: [] } as never,
      {
        restart: true,
      },
    );
    assert.equal(tableQueueCount(ctx), 0, 'forgotten again');
    assert.equal(w.sim.allMessages(w.store.games.get(gameId)!.threadId!).length, posts, 'nothing posted twice');
  });
});

test('a match end executed again after a crash that left its thread open (marked, not yet archived) archives and locks it', async () => {
  await withWorld(async (w) => {
    const gameId = await endedMatch(w);
    const threadId = w.store.games.get(gameId)!.threadId!;
    const thread = w.sim.channel(threadId);
    assert.deepEqual([thread.archived, thread.locked], [true, true], 'closed with the match');
    // The crash: the match end was marked posted, the thread not yet archived (as Discord tells it).
    thread.archived = false;
    thread.locked = false;
    w.sim.threadUpdate(thread);
    await w.sim.waitFor(() => (w.bot.ctx.client.channels.cache.get(threadId) as { archived?: boolean } | undefined)?.archived === false);
    const posts = w.sim.allMessages(threadId).length;
    const table = w.bot.ctx.table.load(gameId)!;
    await execute(w.bot.ctx, { outcome: { ok: true }, effects: [{ kind: 'end-match' }], table, outbox: [], warnings: [] } as never, {
      restart: true,
    });
    assert.deepEqual([thread.archived, thread.locked], [true, true], 'archived and locked now');
    assert.equal(w.sim.allMessages(threadId).length, posts, 'the end of the match is not posted twice');
  });
});
