/**
 * A moderator locks a player's private seat thread WITHOUT archiving it ("Lock Thread"), and the bot
 * lacks Manage Threads. Discord then refuses the bot an edit of its own hand message there (topics/
 * threads.md "Locked Threads": without MANAGE_THREADS no one may "create or update messages in locked
 * threads": 160005), which the simulator once let through, so the view looked live in the test and the
 * fallback was never exercised. The bot takes the refusal as the seat channel's (src/bot/seat-channels.ts
 * `unreachable`, REFUSED): that seat is back on ephemeral views at this table, its turn is pinged in the
 * game thread, and its player is told once at their next "Open my hand".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Permissions } from '../discord-sim/index.js';
import { later, openHand, openTable, pendingNow, playAsAi, slash, withWorld, type World } from './harness.js';

const HOUR = 3600_000;

/** Who must act now at the table. */
const onTurn = (w: World, gameId: string): string => w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;

test('a seat thread locked but active, the bot without Manage Threads: the hand-view edit is refused, the player pinged in the game thread and shown their hand', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'thread' });
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const row = () => w.store.seatChannels.ofUser(gameId, a)!;
    const seatThread = row().channelId!;
    const handMessage = row().messageId!;
    assert.equal(row().failed, null, 'a’s seat view is in its private thread');
    // a's turn runs out (async deadline), so that the other player moves next.
    while (onTurn(w, gameId) === a) await later(w, 24 * HOUR + 1000);
    const b = onTurn(w, gameId);

    w.sim.setBotPermission(w.guildId, Permissions.ManageThreads, false);
    w.sim.lockThread(seatThread);
    assert.deepEqual([w.sim.channel(seatThread).locked, w.sim.channel(seatThread).archived], [true, false]);
    const shown = w.sim.message(handMessage)!;
    const edits = shown.edits;
    const errorsBefore = w.sim.restErrors.length;
    const before = new Set(w.sim.allMessages(threadId).map((m) => m.id));

    // b plays until it is a's turn: every step changes a's view, which the bot tries to edit.
    while (onTurn(w, gameId) !== a) await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    await w.bot.whenIdle();

    const refused = w.sim.restErrors
      .slice(errorsBefore)
      .filter((e) => e.method === 'PATCH' && e.path.includes(`/channels/${seatThread}/messages/${handMessage}`));
    assert.ok(refused.length > 0, 'the bot tried to edit the hand message in the locked thread');
    assert.deepEqual([...new Set(refused.map((e) => e.code))], [160005], 'and Discord refused it: Thread is locked');
    assert.equal(shown.edits, edits, 'the hand message is unchanged');
    assert.equal(w.sim.channel(seatThread).locked, true, 'the bot leaves the moderator’s lock alone');
    assert.equal(row().failed, 'unreachable', 'the seat fell back to ephemeral views at this table');

    // Its turn is pinged in the game thread, where its view now is.
    const pinged = w.sim.allMessages(threadId).filter((m) => !before.has(m.id) && !m.deleted && m.notified.users.includes(a));
    assert.ok(pinged.length > 0, 'a is pinged in the game thread');

    // "Open my hand": the view, with the fallback told once.
    const first = await openHand(w, a, gameId);
    assert.match(w.sim.text(first), /could not update your hand view/);
    assert.ok(first.components.length > 0, 'a hand view with its buttons');
    const second = await openHand(w, a, gameId);
    assert.doesNotMatch(w.sim.text(second), /could not update your hand view/, 'told once');
  });
});
