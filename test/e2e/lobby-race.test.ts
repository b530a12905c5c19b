/**
 * The lobby is clickable before its thread exists (a thread starts from the lobby message). Under
 * load the thread's creation can be slow: Join and Start clicked meanwhile must wait for it, so
 * every player is added to the thread and the table is posted there (found by `bench -- load`: a
 * few tables in 50 started with no thread and never showed a table).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, buttonByLabel } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test('Join and Start clicked while the game thread is still being created wait for it: all players are in the thread and the table is posted', async () => {
  await withWorld(async (w) => {
    w.sim.faults.slow({ route: /POST \/channels\/\d+\/messages\/\d+\/threads/, delayMs: 1500 });
    const [host, ...others] = w.users.slice(0, 4);
    const play = await w.sim.slash(host!.id, w.channelId, 'play', { game: 'phom' });
    const lobby = await play.reply({ timeout: 10_000 });
    const join = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Join').custom_id as string;
    const gameId = decodeGameId(join)!.gameId;
    assert.equal(w.store.games.get(gameId)!.threadId, null, 'the thread is still being created');
    for (const u of others) await (await w.sim.click(u.id, lobby.id, join)).settled({ timeout: 10_000 });
    assert.equal(w.store.games.get(gameId)!.threadId, null, 'the joins were acknowledged before the thread existed');
    // Start is enabled once the joins are in (the lobby panel): the host clicks it at once.
    await w.sim.waitFor(() => buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').disabled !== true, { timeout: 10_000 });
    const start = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id as string;
    const s = await w.sim.click(host!.id, lobby.id, start);
    await s.settled({ timeout: 10_000 });
    assert.ok(!s.failed, 'Start is acknowledged at once (deferred), not after the thread');
    await play.settled({ timeout: 10_000 });
    await w.bot.whenIdle();

    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'running');
    assert.deepEqual(
      w.store.games.seats(gameId).map((x) => x.userId),
      [host!.id, ...others.map((u) => u.id)],
    );
    assert.ok(row.threadId, 'the game has its thread');
    const table = w.sim.message(row.tableMessageId!);
    assert.ok(table, 'the table message is posted');
    assert.equal(table.channelId, row.threadId);
    for (const u of [host!, ...others]) assert.ok(w.sim.threadMembers(row.threadId).includes(u.id), `${u.name} is in the thread`);
  });
});
