/**
 * A seat still on its turn after its own move gets a new deadline (timers.ts `deadlines`, every
 * game's timeout is per decision) without a new ping; the ping that named it is still in the thread
 * and showed the old deadline ("ends in 5 s" when the player had 25). It is edited in place (an edit
 * notifies nobody) to the new deadline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, pendingNow, withWorld, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { relTime } from '../../src/table/views.js';
import type { SimMessage } from '../discord-sim/model.js';

/** Clicks the hand view's button that plays option `type` of the user's decision. */
async function play(w: World, gameId: string, user: string, view: SimMessage, type: string): Promise<void> {
  const d = pendingNow(w, gameId)[0]!;
  const i = d.options.findIndex((a) => a.type === type);
  assert.ok(i >= 0, `${type} is an option`);
  const b = w.sim.components(view).find((c) => {
    const id = decodeGameId(String(c.custom_id));
    return id?.verb === 'act' && id.arg === String(i);
  });
  assert.ok(b, `a ${type} button`);
  await (await w.sim.click(user, view.id, String(b.custom_id))).settled({ timeout: 30_000 });
  await w.bot.whenIdle();
}

test("a turn's follow-up decision: the ping still up shows the new deadline, edited not re-posted", async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const [u0, u1] = [w.users[0]!.id, w.users[1]!.id];
    const d0 = pendingNow(w, gameId)[0]!;
    assert.equal(d0.seat, 0);
    await play(w, gameId, u0, await openHand(w, u0, gameId), 'discard');
    const ping = w.store.games.get(gameId)!.pingMessageId!;
    assert.ok(ping, 'seat 1 is pinged');
    const first = w.store.timers.forGame(gameId).find((x) => x.seat === 1)!.deadline;
    assert.ok(w.sim.message(ping)!.content.includes(relTime(first)));
    await later(w, 20_000);
    await play(w, gameId, u1, await openHand(w, u1, gameId), 'draw');
    const d = pendingNow(w, gameId)[0]!;
    assert.equal(d.seat, 1, 'seat 1 now discards');
    const renewed = w.store.timers.forGame(gameId).find((x) => x.seat === 1)!.deadline;
    assert.ok(renewed > first);
    const m = w.sim.message(ping)!;
    assert.equal(m.deleted, false, 'the same ping');
    assert.equal(w.store.games.get(gameId)!.pingMessageId, ping, 'not re-posted');
    assert.ok(m.content.includes(relTime(renewed)), `the ping shows the new deadline: ${m.content}`);
  });
});
