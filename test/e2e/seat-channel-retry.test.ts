/**
 * A seat view kept in a private thread whose edit failed once: any failure (a Discord 5xx too) put the
 * seat back on ephemeral views for the rest of the match, never tried again and never told. Now a
 * 5xx is no failure of the channel (the next step edits it), and a refusal for what a moderator did
 * (a locked thread) falls back for that hand, is told once in the next ephemeral reply, and the thread
 * is tried again at the next hand (src/bot/seat-channels.ts `unreachable`, `retriesNow`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  later,
  openHand,
  openTable,
  pendingNow,
  playAsAi,
  playHandToEnd,
  slash,
  withWorld,
  type World,
} from './harness.js';

const HOUR = 3600_000;

/** Plays `moves` decisions: the other player's by clicks, `a`'s by its deadlines (its view is in its thread). */
async function play(w: World, gameId: string, a: string, moves: number): Promise<void> {
  for (let k = 0; k < moves; k++) {
    const u = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    if (u === a) await later(w, 24 * HOUR + 1000);
    else await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
}

test('a seat thread edit that meets a Discord 5xx as its player’s turn begins: pinged in the game thread, the thread tried again at the next step', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'thread' });
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seatThread = w.store.seatChannels.ofUser(gameId, a)!.channelId!;
    const onTurn = () => w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    while (onTurn() === a) await later(w, 24 * HOUR + 1000);
    const b = onTurn();
    // discord.js's 1 + 3 tries at the edit that shows a's turn all answer 500.
    w.sim.faults.serverError({ route: new RegExp(`PATCH /channels/${seatThread}/messages`), times: 4 });
    const before = new Set(w.sim.allMessages(threadId).map((m) => m.id));
    while (onTurn() !== a) await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    await w.bot.whenIdle();
    assert.equal(w.store.seatChannels.ofUser(gameId, a)!.failed, 'retry', 'not live until an edit lands');
    const told = w.sim.allMessages(threadId).filter((m) => !before.has(m.id) && !m.deleted && JSON.stringify(m.notified).includes(a));
    assert.ok(told.length > 0, 'a is pinged in the game thread: its seat view could not show its turn');
    // The next step that changes the view edits it again: live once more, nothing said to the player.
    await later(w, 24 * HOUR + 1000);
    const r = w.store.seatChannels.ofUser(gameId, a)!;
    assert.equal(r.failed, null, 'the seat view again');
    assert.ok(w.sim.message(r.messageId!), 'its hand message');
  });
});

test('a seat thread a moderator locks: told once, the view falls back for the hand, and the thread is used again at the next hand', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'thread' });
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seatThread = w.store.seatChannels.ofUser(gameId, a)!.channelId!;
    w.sim.archiveThread(seatThread, { locked: true });
    await play(w, gameId, a, 2);
    assert.equal(w.store.seatChannels.ofUser(gameId, a)!.failed, 'unreachable');
    // Told once, in the next ephemeral reply.
    const first = await openHand(w, a, gameId);
    assert.match(w.sim.text(first), /could not update your hand view/);
    const second = await openHand(w, a, gameId);
    assert.doesNotMatch(w.sim.text(second), /could not update your hand view/);
    // The moderator reopens it; the hand ends; the next hand's view is posted in the thread again.
    const ch = w.sim.channel(seatThread);
    ch.locked = false;
    ch.archived = false;
    w.sim.threadUpdate(ch);
    await playHandToEnd(w, gameId);
    const result = w.sim.visibleMessages(threadId, a).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, a, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    const r = w.store.seatChannels.ofUser(gameId, a)!;
    assert.equal(r.failed, null, 'the seat view is back in the thread');
    assert.equal(r.hand, 1);
    assert.ok(w.sim.message(r.messageId!), 'its new hand message');
  });
});

test('DMs closed mid-hand: the refused DM ping falls back, and the turn is pinged in the game thread', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'dm' });
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const onTurn = () => w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    while (onTurn() === a) await later(w, 24 * HOUR + 1000);
    const b = onTurn();
    w.sim.setDmsClosed(a, true);
    const before = new Set(w.sim.allMessages(threadId).map((m) => m.id));
    while (onTurn() !== a) await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    await w.bot.whenIdle();
    assert.equal(w.store.seatChannels.ofUser(gameId, a)!.failed, 'dm-closed');
    const told = w.sim.allMessages(threadId).filter((m) => !before.has(m.id) && !m.deleted && JSON.stringify(m.notified).includes(a));
    assert.ok(told.length > 0, 'a is pinged in the game thread');
  });
});
