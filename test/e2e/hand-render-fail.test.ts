/**
 * A seat view's image cannot be drawn (a worker that failed, RENDER_TIMEOUT_MS under load). Before,
 * the whole view failed with it (hand-view.ts `handPayload` threw): after an applied click the player
 * was left on the old view with the old buttons and no word of it; Open my hand answered nothing; and
 * a push to a live ephemeral view marked the view dead (seat-views.ts), the seat back on pings for up
 * to 13 minutes. Now the view goes in words with its buttons, a line asking to press Refresh, and
 * Refresh draws the image again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, pendingNow, buttonByLabel, click, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { liveSeats } from '../../src/bot/seat-views.js';
import type { Renderer } from '../../src/bot/context.js';
import type { HandModel } from '../../src/render/model.js';
import type { SimMessage } from '../discord-sim/model.js';

/** `render.hand` fails for the views `which` picks while `fail.n > 0` (each failure counts one down). */
function failHand(w: World, which: (m: HandModel) => boolean = () => true): { n: number } {
  const render = w.bot.ctx.render as Renderer;
  const real = render.hand.bind(render);
  const fail = { n: 0 };
  render.hand = (m) => {
    if (fail.n > 0 && which(m)) {
      fail.n--;
      return Promise.reject(Object.assign(new Error('render aborted: no image within 30000 ms'), { name: 'AbortError' }));
    }
    return real(m);
  };
  return fail;
}

const verbs = (w: World, id: string) =>
  w.sim
    .components(w.sim.message(id)!)
    .map((c) => decodeGameId(String(c.custom_id ?? ''))?.verb)
    .filter(Boolean);

/** The message's component ids (they carry the view's token: a redrawn view has new ones). */
const ids = (w: World, m: SimMessage) =>
  w.sim
    .components(m)
    .map((c) => String(c.custom_id ?? ''))
    .filter(Boolean)
    .join(' ');

async function refresh(w: World, user: string, id: string): Promise<void> {
  const b = buttonByLabel(w.sim, w.sim.message(id)!, 'Refresh');
  await click(w, user, id, b.custom_id as string);
  await w.bot.whenIdle();
}

test('a hand image that fails after an applied click: the view is redrawn in words with its buttons; Refresh draws it', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    assert.equal(w.sim.images(hand).length, 1);
    const before = ids(w, hand);
    const v0 = w.store.games.get(gameId)!.version;
    const fail = failHand(w);
    fail.n = 1;
    await playAsAi(w, user, gameId, w.sim.message(hand.id)!);
    assert.equal(fail.n, 0, 'the hand image failed once');
    assert.ok(w.store.games.get(gameId)!.version > v0, 'the click was applied');
    const m = w.sim.message(hand.id)!;
    assert.notEqual(ids(w, m), before, 'the view was redrawn (its buttons carry the new state)');
    assert.match(w.sim.text(m), /The picture could not be drawn: press Refresh\./);
    assert.equal(w.sim.images(m).length, 0, 'no stale image is left on the view');
    assert.ok(verbs(w, hand.id).includes('refresh'), 'Refresh is offered');
    await refresh(w, user, hand.id);
    assert.equal(w.sim.images(w.sim.message(hand.id)!).length, 1, 'Refresh drew the image');
    assert.doesNotMatch(w.sim.text(w.sim.message(hand.id)!), /could not be drawn/);
  });
});

test('Open my hand whose image fails: the view opens in words, with its actions', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const fail = failHand(w);
    fail.n = 1;
    const hand = await openHand(w, user, gameId);
    assert.equal(fail.n, 0, 'the hand image failed once');
    assert.match(w.sim.text(hand), /The picture could not be drawn/);
    assert.ok(verbs(w, hand.id).includes('act'), 'the actions are there');
    // It plays from there.
    const v0 = w.store.games.get(gameId)!.version;
    await playAsAi(w, user, gameId, hand);
    assert.ok(w.store.games.get(gameId)!.version > v0, 'a move from the imageless view was applied');
  });
});

test('a push to a live seat view whose image fails: the view stays live and shows the new decision in words', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seats = w.store.games.seats(gameId);
    const mover = pendingNow(w, gameId)[0]!.seat;
    const other = seats.find((s) => s.seat !== mover)!;
    // The other player's view is open (live) before the mover plays; the push after the move fails to draw.
    const view = await openHand(w, other.userId!, gameId);
    const before = ids(w, view);
    const fail = failHand(w, (m) => m.title === other.displayName);
    fail.n = 1;
    const moverUser = seats[mover]!.userId!;
    await playAsAi(w, moverUser, gameId, await openHand(w, moverUser, gameId));
    assert.equal(fail.n, 0, 'the pushed view image failed once');
    assert.ok(
      pendingNow(w, gameId).some((x) => x.seat === other.seat),
      'the other seat has a decision now (its view was pushed)',
    );
    const m = w.sim.message(view.id)!;
    assert.notEqual(ids(w, m), before, 'the pushed view shows the new state');
    assert.ok(verbs(w, view.id).includes('act'), 'with the actions of its decision');
    assert.match(w.sim.text(m), /The picture could not be drawn/);
    const t = w.bot.ctx.table.load(gameId)!;
    assert.ok(liveSeats(w.bot.ctx, t, { forTurn: true }).has(other.seat), 'the view is still live (not dead, not back on pings)');
    // Played from the pushed view, and the next view has its image again.
    await playAsAi(w, other.userId!, gameId, m);
    assert.equal(w.sim.images(w.sim.message(view.id)!).length, 1, 'the image is back on the next redraw');
  });
});
