/**
 * A game thread deleted (by a moderator, or with the channel the lobby was opened in): its open
 * table is abandoned as a server's are when the bot leaves it (store/guilds.ts): status cancelled,
 * abandoned_at set, no timer left to fire into the void (src/bot/app.ts). Deleted while the bot
 * missed the event, the first request to the thread answers 10003 and ends the same way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, until, withWorld, type World } from './harness.js';
import { abandonedAt } from '../../src/store/index.js';

/** The table is abandoned (soon: the events and checks run in the background): cancelled, marked, no timers. */
async function abandoned(w: World, gameId: string): Promise<void> {
  await until(w, 'abandoned', () => w.store.games.get(gameId)!.status === 'cancelled');
  assert.ok(abandonedAt(w.store.db, gameId) !== null, 'marked abandoned');
  assert.deepEqual(w.store.timers.forGame(gameId), [], 'no timers left');
}

test('a deleted game thread abandons its table: no timers, out of the open tables; another table plays on', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0);
    const b = await openTable(w, 'phom', 2, 0);
    assert.ok(w.store.timers.forGame(a.gameId).length > 0, 'a live table has deadlines');
    w.sim.deleteChannel(a.threadId);
    await abandoned(w, a.gameId);
    // The lobby message, left in the channel, says so and offers nothing to click.
    await until(w, 'the lobby message says cancelled', () => /— cancelled/.test(w.sim.text(a.lobbyId)));
    assert.ok(w.sim.components(a.lobbyId).every((c) => c.type !== 2 || c.disabled === true || c.style === 5));
    assert.match(w.sim.text(b.lobbyId), /started in/);
    assert.equal(w.store.games.get(b.gameId)!.status, 'running', 'the other thread’s table is untouched');
    assert.equal(abandonedAt(w.store.db, b.gameId), null);
  });
});

test('deleting the channel a lobby was opened in abandons its tables (their threads went with it)', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0);
    w.sim.deleteChannel(w.channelId);
    await abandoned(w, a.gameId);
  });
});

test('a thread deleted while the bot missed the event: the next timer finds it gone (10003) and the table is abandoned', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0);
    // Deleted with no THREAD_DELETE reaching the bot (it was down).
    w.sim.channel(a.threadId).deleted = true;
    const last = Math.max(...w.store.timers.forGame(a.gameId).map((t) => t.deadline));
    w.now.t = last + 1;
    await w.bot.scheduler.tick();
    await abandoned(w, a.gameId);
  });
});

test('a paused table whose archived thread is deleted, not in discord.js’s cache, is abandoned too (the raw gateway event)', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0);
    w.store.games.update(a.gameId, { status: 'paused' });
    // Archived threads leave discord.js's cache (its sweeper; a restart never loads them): no
    // ThreadDelete event of its own then, and a paused table makes no request that would find out.
    w.sim.archiveThread(a.threadId);
    const cached = () => w.bot.client.channels.cache.get(a.threadId) as { archived?: boolean } | undefined;
    await until(w, 'the bot saw the thread archived', () => cached()?.archived === true);
    w.bot.client.channels.cache.delete(a.threadId);
    assert.equal(cached(), undefined);
    w.sim.deleteChannel(a.threadId);
    await abandoned(w, a.gameId);
  });
});

test('a paused table whose thread was deleted while the bot was down is abandoned at the next start', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0);
    const b = await openTable(w, 'phom', 2, 0);
    for (const g of [a, b]) w.store.games.update(g.gameId, { status: 'paused' });
    // Deleted with no event reaching the bot (it was down).
    w.sim.channel(a.threadId).deleted = true;
    await w.restartBot();
    await abandoned(w, a.gameId);
    assert.equal(w.store.games.get(b.gameId)!.status, 'paused', 'a paused table whose thread is there stays paused');
  });
});
