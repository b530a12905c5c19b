/**
 * A message the bot replaces must not stay in the thread because one delete failed (a Discord error
 * after discord.js's retries, a permission lost for a while): a replaced ping and a moved table
 * message keep their id until a delete succeeds or Discord says the message is gone (10008), and
 * the game's next step deletes them, as reminders are (migration 23). Before, the ping's id was
 * forgotten before the delete and the moved table's only logged.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, playAsAi, tableMessage, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const onTurn = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  const seat = (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[])[0]!.seat;
  return w.store.games.seats(gameId)[seat]!.userId!;
};

/** Every try of discord.js (1 + 3 retries) at deleting this message answers 500, until `w.sim.faults.clear()`. */
const deleteFails = (w: World, threadId: string, id: string) =>
  w.sim.faults.serverError({ route: new RegExp(`^DELETE /channels/${threadId}/messages/${id}$`), times: 1000 });

test('a ping whose delete failed is kept and deleted by the next step', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const first = w.store.games.get(gameId)!.pingMessageId!;
    assert.ok(first, 'the first player is pinged');
    deleteFails(w, threadId, first);
    // The deadline plays the first player's move: the next player's ping replaces theirs.
    await later(w, 24 * 3600_000 + 1000);
    const second = w.store.games.get(gameId)!.pingMessageId;
    assert.ok(second && second !== first, 'a new ping');
    assert.equal(w.sim.message(first)!.deleted, false, 'the old one could not be deleted');
    assert.ok(
      w.store.games.get(gameId)!.reminders.some((r) => r.id === first),
      'its id is kept for the next sweep',
    );
    w.sim.faults.clear();
    await later(w, 24 * 3600_000 + 1000);
    assert.equal(w.sim.message(first)!.deleted, true, 'deleted by the next step');
    assert.ok(!w.store.games.get(gameId)!.reminders.some((r) => r.id === first), 'and forgotten');
  });
});

test('a ping already deleted by a moderator is forgotten (10008), not kept', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const first = w.store.games.get(gameId)!.pingMessageId!;
    w.sim.deleteMessage(w.sim.message(first)!);
    await later(w, 24 * 3600_000 + 1000);
    const row = w.store.games.get(gameId)!;
    assert.ok(row.pingMessageId && row.pingMessageId !== first, 'the next ping is posted');
    assert.deepEqual(
      row.reminders.filter((r) => r.leftover),
      [],
    );
  });
});

test("a moved table message whose delete failed is kept and deleted by the game's next step", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    // Hand 1's table was posted when Start was clicked in the lobby's channel: no interaction token
    // holds it, so a move from a hand view in the thread moves it under that click (effects.ts).
    const old = tableMessage(w, gameId).id;
    deleteFails(w, threadId, old);
    const user = onTurn(w, gameId);
    await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    const now = w.store.games.get(gameId)!.tableMessageId!;
    assert.notEqual(now, old, 'the table moved');
    assert.equal(w.sim.message(old)!.deleted, false, 'its old message could not be deleted');
    assert.ok(
      w.store.games.get(gameId)!.reminders.some((r) => r.id === old && r.leftover),
      'its id is kept',
    );
    w.sim.faults.clear();
    // The next step of the game (here the deadline of whoever is on turn) deletes it.
    await later(w, 24 * 3600_000 + 1000);
    assert.equal(w.sim.message(old)!.deleted, true, 'deleted by the next step');
    assert.ok(!w.store.games.get(gameId)!.reminders.some((r) => r.id === old));
  });
});
