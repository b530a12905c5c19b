/**
 * The table layer through the real bot and the simulator: a click costs one game load; a double
 * click applies once and does not say "out of date"; the ping is deleted once at the end of a hand
 * and of a match (no Discord 404 10008).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playHandToEnd, click, endMatch } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import type { GameStore } from '../../src/store/index.js';

function countReads(games: GameStore) {
  const n = { load: 0, get: 0, seats: 0, state: 0 };
  for (const k of Object.keys(n) as (keyof typeof n)[]) {
    const orig = (games[k] as (...a: unknown[]) => unknown).bind(games);
    (games as unknown as Record<string, unknown>)[k] = (...a: unknown[]) => {
      n[k]++;
      return orig(...a);
    };
  }
  return n;
}

test('a click on a hand costs one game load', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const turn = (w.store.games.state(w.store.games.get(gameId)!) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    const hand = await openHand(w, user, gameId);
    const act = w.sim.components(hand).find((c) => decodeGameId(String(c.custom_id))?.verb === 'act')!;
    const rebuilds = w.store.games.reads.rebuilds;
    const n = countReads(w.store.games);
    await click(w, user, hand.id, String(act.custom_id));
    assert.equal(w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player').length, 1, 'the move was applied');
    assert.deepEqual(n, { load: 1, get: 1, seats: 1, state: 1 }, 'one load: row, seats and state once each');
    assert.equal(w.store.games.reads.rebuilds, rebuilds, 'the state came from the cache');
  });
});

test('a double click applies once and shows the fresh hand without "out of date"', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const turn = (w.store.games.state(w.store.games.get(gameId)!) as { turn: number }).turn;
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    const hand = await openHand(w, user, gameId);
    const act = w.sim.components(hand).find((c) => decodeGameId(String(c.custom_id))?.verb === 'act')!;
    const [a, b] = await Promise.all([
      w.sim.click(user, hand.id, String(act.custom_id)),
      w.sim.click(user, hand.id, String(act.custom_id)),
    ]);
    await Promise.all([a.settled({ timeout: 30_000 }), b.settled({ timeout: 30_000 })]);
    await w.bot.whenIdle();
    assert.equal(w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player').length, 1, 'applied once');
    assert.doesNotMatch(w.sim.text(hand.id), /out of date/);
  });
});

test('the ping is deleted once at the end of a hand and of the match (no 404 10008)', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playHandToEnd(w, gameId);
    assert.ok(engineOf('phom').result(w.store.games.state(w.store.games.get(gameId)!)));
    assert.equal(w.store.games.get(gameId)!.pingMessageId, null, 'the deleted ping is forgotten');
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await endMatch(w, w.users[0]!.id, result);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    const unknownMessage = w.sim.restLog().filter((e) => e.code === 10008);
    assert.deepEqual(
      unknownMessage.map((e) => e.summary),
      [],
    );
  });
});
