/**
 * A seat channel (private thread or DM, seat-channels.ts) whose seat the AI takes over for its player
 * (a turn that ran out with on-timeout `ai`): the seat is still theirs, so its hand message follows
 * the table as the ephemeral view does. It loses the act buttons of the turn the AI played and offers
 * "Take my seat back", the "your move" ping of that turn goes, a later hand gets its own message (with
 * the same button), and once taken back the message and the pings are the player's again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, pendingNow, playAsAi, openHand, slash, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

const verbs = (w: World, id: string) => w.sim.components(w.sim.message(id)!).map((c) => decodeGameId(String(c.custom_id))?.verb);
const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
const over = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return !!engineOf(row.game).result(w.store.games.state(row));
};
/** The bot's messages in a seat channel that mention its player (the pings), not deleted. */
const pingsIn = (w: World, channelId: string, userId: string) =>
  w.sim.visibleMessages(channelId, userId).filter((m) => m.authorId === w.sim.botUserId && w.sim.text(m).includes(`<@${userId}>`));
/** The bot's hand messages in a seat channel that still have game buttons. */
const handMessages = (w: World, channelId: string, userId: string) =>
  w.sim
    .visibleMessages(channelId, userId)
    .filter((m) => m.authorId === w.sim.botUserId && w.sim.components(m).some((c) => decodeGameId(String(c.custom_id)) !== null));

/** A Phỏm table of two people with live deadlines and on-timeout ai; `a` keeps their seat view at `place`. */
async function table(w: World, place: 'thread' | 'dm') {
  const [a, b] = [w.users[0]!.id, w.users[1]!.id];
  await slash(w, a, 'prefs', { 'hand-view': place });
  const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live', 'on-timeout': 'ai' });
  return { a, b, gameId, seat: seatOf(w, gameId, a) };
}

/** Lets A's turn run out (A must be on turn): the AI takes the seat and plays it. */
async function runOut(w: World, gameId: string, seat: number) {
  assert.equal(pendingNow(w, gameId)[0]!.seat, seat, "A's turn");
  w.now.t += 10 * 60_000;
  await w.bot.scheduler.tick();
  await w.bot.scheduler.idle();
  await w.bot.whenIdle();
  assert.equal(w.store.games.seats(gameId)[seat]!.isAi, true, 'the AI took the seat');
}

/** B (ephemeral views) plays until A's turn or the end of the hand. */
async function bPlays(w: World, gameId: string, b: string, seat: number) {
  for (let k = 0; k < 300 && !over(w, gameId) && pendingNow(w, gameId)[0]?.seat !== seat; k++)
    await playAsAi(w, b, gameId, await openHand(w, b, gameId));
}

/** Clicks "Take my seat back" on A's seat channel message. */
async function retake(w: World, a: string, m: SimMessage) {
  const b = w.sim.components(w.sim.message(m.id)!).find((c) => decodeGameId(String(c.custom_id))?.verb === 'retake');
  assert.ok(b, 'the hand message offers Take my seat back');
  await click(w, a, m.id, String(b.custom_id));
}

test('private thread: the AI takes the seat at a timeout, the hand message offers Take my seat back and the stale ping goes', async () => {
  await withWorld(async (w) => {
    const { a, b, gameId, seat } = await table(w, 'thread');
    const sc = w.store.seatChannels.get(gameId, seat)!;
    assert.ok(sc.channelId && sc.messageId && !sc.failed, 'the seat thread is open');
    const [ping] = pingsIn(w, sc.channelId, a);
    assert.ok(ping, 'A is pinged for their turn');
    assert.ok(verbs(w, sc.messageId).includes('act'), 'the hand message has the turn');

    await runOut(w, gameId, seat);
    const after = w.store.seatChannels.get(gameId, seat)!;
    assert.equal(after.messageId, sc.messageId, 'the same hand message');
    const v = verbs(w, sc.messageId);
    assert.ok(v.includes('retake'), `the hand message offers Take my seat back (verbs: ${v.join(',')})`);
    assert.ok(!v.includes('act'), 'and no longer the act buttons of the turn the AI played');
    assert.match(w.sim.text(w.sim.message(sc.messageId)!), /The AI is playing your seat since your time ran out/);
    assert.equal(w.sim.message(ping.id)!.deleted, true, 'the ping of the turn the AI played is deleted');
    assert.deepEqual(pingsIn(w, sc.channelId, a), [], 'no ping is up: the AI acts for A');
    assert.equal(after.acting, false);

    // Taken back while B is on turn: the message is the player's view again; their next turn is pinged there.
    assert.notEqual(pendingNow(w, gameId)[0]!.seat, seat, "B's turn");
    await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    assert.deepEqual(pingsIn(w, sc.channelId, a), [], 'still no ping');
    await retake(w, a, w.sim.message(sc.messageId)!);
    assert.equal(w.store.games.seats(gameId)[seat]!.isAi, false, 'the seat is A’s again');
    assert.ok(!verbs(w, sc.messageId).includes('retake'), 'no Take my seat back any more');
    await bPlays(w, gameId, b, seat);
    assert.equal(pendingNow(w, gameId)[0]?.seat, seat, "A's turn (the deals are fixed: harness seedInPlay)");
    assert.ok(verbs(w, sc.messageId).includes('act'), 'the act buttons are back on the hand message');
    assert.equal(pingsIn(w, sc.channelId, a).length, 1, 'A is pinged in the thread for their turn');
  });
});

test('DM: a later hand while the AI holds the seat gets its own hand message, with Take my seat back', async () => {
  await withWorld(async (w) => {
    const { a, b, gameId, seat } = await table(w, 'dm');
    const dm = w.sim.dmChannel(a)!;
    const first = w.store.seatChannels.get(gameId, seat)!.messageId!;
    await runOut(w, gameId, seat);
    assert.ok(verbs(w, first).includes('retake'), 'the DM hand message offers Take my seat back');
    assert.deepEqual(pingsIn(w, dm.id, a), [], 'the ping of the turn the AI played is gone');
    await bPlays(w, gameId, b, -1);
    assert.ok(over(w, gameId), 'the hand is over');
    const result = w.sim
      .visibleMessages(w.store.games.get(gameId)!.threadId!, b)
      .filter((m) => /is over/.test(w.sim.text(m)))
      .at(-1)!;
    await click(w, b, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'the next hand is dealt');
    assert.equal(w.store.games.seats(gameId)[seat]!.isAi, true, 'the AI still holds the seat');
    const hands = handMessages(w, dm.id, a);
    assert.equal(hands.length, 1, 'one live hand message: the new hand');
    assert.notEqual(hands[0]!.id, first, 'a new message for the new hand');
    assert.equal(w.store.seatChannels.get(gameId, seat)!.hand, 1);
    assert.ok(verbs(w, hands[0]!.id).includes('retake'), 'the new hand message offers Take my seat back');
    assert.deepEqual(pingsIn(w, dm.id, a), [], 'no ping: the AI acts for A');

    await retake(w, a, hands[0]!);
    assert.equal(w.store.games.seats(gameId)[seat]!.isAi, false, 'the seat is A’s again');
    await bPlays(w, gameId, b, seat);
    assert.equal(pendingNow(w, gameId)[0]?.seat, seat, "A's turn (the deals are fixed: harness seedInPlay)");
    assert.ok(verbs(w, hands[0]!.id).includes('act'), 'the act buttons on the DM hand message');
    assert.ok(!verbs(w, hands[0]!.id).includes('retake'), 'no Take my seat back any more');
    assert.equal(pingsIn(w, dm.id, a).length, 1, 'A is pinged in the DM for their turn');
  });
});
