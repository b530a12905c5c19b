/**
 * Seat channels (issue #13 §1) through the real bot and the simulator: a player who chose a
 * private thread or DMs (with /prefs or the lobby's "My hand view" button) gets ONE hand message
 * per hand there, edited on every change of their view, and a short ping when they must act (the
 * previous ping deleted); its buttons play exactly like the ephemeral ones; anyone else's click on
 * it is refused and changes nothing; closed DMs (50007) and a missing Create Private Threads
 * permission fall back to ephemeral views and are told once; a restart keeps the view live.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  openHand,
  openLobby,
  openTable,
  playAsAi,
  slash,
  withWorld,
  type World,
  pendingNow,
  endMatch,
} from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { readPrefs } from '../../src/table/prefs.js';
import type { SimMessage } from '../discord-sim/model.js';
import { ChannelType, Permissions } from '../discord-sim/index.js';
import { liveSeats } from '../../src/bot/seat-views.js';

const over = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return !!engineOf(row.game).result(w.store.games.state(row));
};
const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
const hasAct = (w: World, m: SimMessage) => w.sim.components(m).some((c) => decodeGameId(String(c.custom_id))?.verb === 'act');
const botMessages = (w: World, channelId: string, userId: string) =>
  w.sim.visibleMessages(channelId, userId).filter((m) => m.authorId === w.sim.botUserId);
/** The bot's hand messages in a seat channel (the ones with game buttons). */
const handMessages = (w: World, channelId: string, userId: string) =>
  botMessages(w, channelId, userId).filter((m) => w.sim.components(m).some((c) => decodeGameId(String(c.custom_id)) !== null));
const pingsIn = (w: World, channelId: string, userId: string) =>
  botMessages(w, channelId, userId).filter((m) => w.sim.text(m).includes(`<@${userId}>`));

async function choose(w: World, userId: string, place: 'ephemeral' | 'thread' | 'dm') {
  const h = await slash(w, userId, 'prefs', { 'hand-view': place });
  assert.equal(w.store.seatChannels.place(userId).place, place);
  return h;
}

/** A Phỏm table of two whose first player (A) chose a private-thread seat view. */
async function threadSeatTable(w: World) {
  const a = w.users[0]!.id;
  await choose(w, a, 'thread');
  const { gameId } = await openTable(w, 'phom', 2, 0);
  return { a, gameId, seat: seatOf(w, gameId, a) };
}

/** Plays one decision of the first pending human: on their seat channel message when they have one. */
async function playOne(w: World, gameId: string): Promise<{ user: string; via: 'channel' | 'ephemeral' }> {
  const seats = w.store.games.seats(gameId);
  const d = pendingNow(w, gameId).find((x) => !seats[x.seat]!.isAi)!;
  const user = seats[d.seat]!.userId!;
  const sc = w.store.seatChannels.get(gameId, d.seat);
  if (sc && !sc.failed && sc.messageId) {
    await playAsAi(w, user, gameId, w.sim.message(sc.messageId)!);
    return { user, via: 'channel' };
  }
  await playAsAi(w, user, gameId, await openHand(w, user, gameId));
  return { user, via: 'ephemeral' };
}

test('private thread seat view: only the player and the bot, one hand message edited, pings, plays; others refused', async () => {
  await withWorld(async (w) => {
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    await choose(w, a, 'thread');
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const seat = seatOf(w, gameId, a);
    const sc = w.store.seatChannels.get(gameId, seat)!;
    assert.ok(sc && !sc.failed && sc.channelId, 'a seat channel is open');
    const th = w.sim.channel(sc.channelId!);
    assert.equal(th.type, ChannelType.PrivateThread);
    assert.equal(th.parentId, w.channelId, 'under the game channel');
    assert.notEqual(th.id, threadId);
    assert.deepEqual([...th.threadMembers.keys()].sort(), [a, w.sim.botUserId].sort(), 'only the player and the bot');
    assert.equal(w.sim.visibleMessages(th.id, b).length, 0, 'the other player cannot see it');
    const hands = handMessages(w, th.id, a);
    assert.equal(hands.length, 1, 'one hand message');
    const hand = hands[0]!;
    assert.equal(hand.id, sc.messageId);
    assert.ok(hand.attachments.length >= 1, 'the hand image');

    // Play the hand: A on the thread message, B on ephemerals. Every change edits A's one message.
    let aMoves = 0;
    let sawPing = false;
    const pingIds = new Set<string>();
    for (let k = 0; k < 300 && !over(w, gameId); k++) {
      const d = pendingNow(w, gameId)[0]!;
      if (d.seat === seat) {
        const pings = pingsIn(w, th.id, a);
        assert.equal(pings.length, 1, 'exactly one ping is up while A must act (the previous one deleted)');
        assert.match(pings[0]!.content, /your move/);
        assert.match(pings[0]!.content, /Deadline <t:\d+:R>/, 'the deadline of this turn');
        pingIds.add(pings[0]!.id);
        sawPing = true;
        assert.ok(hasAct(w, w.sim.message(hand.id)!), 'the thread message has the legal actions');
      }
      const edits = w.sim.message(hand.id)!.edits;
      const r = await playOne(w, gameId);
      if (r.user === a) {
        assert.equal(r.via, 'channel');
        aMoves++;
      }
      // A's own move redraws their one message in place.
      if (r.user === a) assert.ok(w.sim.message(hand.id)!.edits > edits, 'the thread message was edited');
    }
    assert.ok(sawPing && aMoves > 3, `A played ${aMoves} moves from the private thread`);
    assert.ok(pingIds.size > 1, 'a new ping for each turn of A');
    for (const id of pingIds) assert.equal(w.sim.message(id)!.deleted, true, 'the earlier pings were deleted');
    assert.equal(handMessages(w, th.id, a).length, 1, 'still one hand message after the whole hand');
    assert.ok(w.sim.message(hand.id)!.edits >= aMoves, 'the hand message was edited on the changes');
    // No public ping ever named A (their pings go to their thread).
    const publicPings = w.sim
      .visibleMessages(threadId, a)
      .filter((m) => w.sim.text(m).includes(`<@${a}>`) && /your turn/i.test(w.sim.text(m)));
    assert.equal(publicPings.length, 0, 'A is not pinged in the game thread');
    // Once A has nothing to do, their ping is gone; at the end of the match the thread is archived and locked.
    assert.equal(pingsIn(w, th.id, a).length, 0, 'no ping left up after the hand');
    const result = w.sim
      .visibleMessages(threadId, a)
      .filter((m) => /is over/.test(w.sim.text(m)))
      .at(-1)!;
    await endMatch(w, a, result);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(w.sim.channel(th.id).archived, true);
    assert.equal(w.sim.channel(th.id).locked, true);
  });
});

test('a click by someone else on a private-thread seat view is refused and changes nothing', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await choose(w, a, 'thread');
    const { gameId } = await openTable(w, 'phom', 2, 0);
    // It is A's move (or B plays until it is).
    for (let k = 0; k < 50 && pendingNow(w, gameId)[0]!.seat !== seatOf(w, gameId, a); k++) await playOne(w, gameId);
    const sc = w.store.seatChannels.get(gameId, seatOf(w, gameId, a))!;
    const m = w.sim.message(sc.messageId!)!;
    // The admin (Manage Threads) can see every private thread, and so the buttons on it.
    assert.ok(w.sim.visibleMessages(sc.channelId!, w.admin.id).some((x) => x.id === m.id));
    const act = w.sim.components(m).find((c) => decodeGameId(String(c.custom_id))?.verb === 'act')!;
    const before = { version: w.store.games.get(gameId)!.version, edits: m.edits, content: w.sim.text(m) };
    const h = await click(w, w.admin.id, m.id, String(act.custom_id));
    assert.equal(h.failed, false);
    assert.equal(w.store.games.get(gameId)!.version, before.version, 'nothing was played');
    assert.equal(w.sim.message(m.id)!.edits, before.edits, 'the view is unchanged');
    assert.equal(w.sim.text(m.id), before.content);
    const refusal = h.followUps.at(-1);
    assert.ok(refusal && refusal.ephemeralTo === w.admin.id, 'an ephemeral refusal to the clicker');
    assert.match(w.sim.text(refusal), /not your hand|isn.t yours|not yours/i);
    // The owner's click there plays.
    const v0 = w.store.games.get(gameId)!.version;
    await playAsAi(w, a, gameId, w.sim.message(m.id)!);
    assert.ok(w.store.games.get(gameId)!.version > v0, "the owner's click plays");
  });
});

test('DM seat view: one hand message per hand in the DM, edited, pinged; 50007 falls back and is told once', async () => {
  await withWorld(async (w) => {
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    await choose(w, a, 'dm');
    await choose(w, b, 'dm');
    w.sim.setDmsClosed(b, true);
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const sa = w.store.seatChannels.get(gameId, seatOf(w, gameId, a))!;
    const dm = w.sim.dmChannel(a)!;
    assert.equal(sa.channelId, dm.id);
    assert.equal(handMessages(w, dm.id, a).length, 1, 'one hand message in the DM');
    // B's DMs are closed: B is back on ephemeral views, told once.
    const sb = w.store.seatChannels.get(gameId, seatOf(w, gameId, b))!;
    assert.equal(sb.failed, 'dm-closed');
    assert.equal(w.store.seatChannels.place(b).place, 'ephemeral', "B's choice is back to ephemeral");
    const first = await openHand(w, b, gameId);
    assert.match(w.sim.text(first), /could not send your hand view by DM/);
    const second = await openHand(w, b, gameId);
    assert.doesNotMatch(w.sim.text(second), /could not send your hand view by DM/, 'told once');

    const hand = handMessages(w, dm.id, a)[0]!;
    // Nobody else can see a DM; a click forged as Discord would deliver it from B changes nothing.
    const sim = w.sim as unknown as {
      createInteraction(kind: string, type: number, user: string, ch: unknown, data: unknown, m: SimMessage): Promise<unknown>;
    };
    const refresh = w.sim.components(w.sim.message(hand.id)!).find((c) => decodeGameId(String(c.custom_id)) !== null);
    assert.ok(refresh, 'the DM hand message has buttons');
    {
      const edits = w.sim.message(hand.id)!.edits;
      const h = (await sim.createInteraction(
        'button',
        3,
        b,
        dm,
        { custom_id: refresh.custom_id, component_type: 2 },
        w.sim.message(hand.id)!,
      )) as {
        settled(o: { timeout: number }): Promise<unknown>;
        followUps: SimMessage[];
        failed: boolean;
      };
      await h.settled({ timeout: 30_000 });
      await w.bot.whenIdle();
      assert.equal(h.failed, false);
      assert.equal(w.sim.message(hand.id)!.edits, edits, 'unchanged');
      assert.match(h.followUps.at(-1)?.content ?? '', /not your hand|isn.t yours|not yours/i);
    }
    let aMoves = 0;
    for (let k = 0; k < 300 && !over(w, gameId); k++) {
      if (pendingNow(w, gameId)[0]!.seat === sa.seat) assert.equal(pingsIn(w, dm.id, a).length, 1, 'one ping up while A must act');
      const r = await playOne(w, gameId);
      if (r.user === a) {
        assert.equal(r.via, 'channel');
        aMoves++;
      }
    }
    assert.ok(aMoves > 3);
    assert.equal(handMessages(w, dm.id, a).length, 1, 'still one hand message');
    assert.ok(w.sim.message(hand.id)!.edits >= aMoves, 'edited on the changes');
    // The next hand gets its own message; the old one loses its buttons.
    const result = w.sim
      .visibleMessages(w.store.games.get(gameId)!.threadId!, a)
      .filter((m) => /is over/.test(w.sim.text(m)))
      .at(-1)!;
    await click(w, a, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    const now = handMessages(w, dm.id, a);
    assert.equal(now.length, 1, 'one hand message with buttons: the new hand');
    assert.notEqual(now[0]!.id, hand.id);
  });
});

test('missing Create Private Threads: explained in /prefs, the table falls back to ephemeral views and says so once', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    w.sim.setBotPermission(w.guildId, Permissions.CreatePrivateThreads, false);
    const h = await slash(w, a, 'prefs');
    const panel = await h.reply();
    const h2 = await click(w, a, panel.id, 'x:prefs:p:thread');
    assert.equal(h2.failed, false);
    const shown = w.sim.message(panel.id)!;
    assert.match(w.sim.text(shown), /lack Create Private Threads/);
    assert.equal(w.store.seatChannels.place(a).place, 'thread');
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const sc = w.store.seatChannels.get(gameId, seatOf(w, gameId, a))!;
    assert.equal(sc.failed, 'thread-perm');
    assert.equal(w.sim.threads(w.channelId).filter((t) => t.type === ChannelType.PrivateThread).length, 0);
    const v = await openHand(w, a, gameId);
    assert.match(w.sim.text(v), /could not open a private thread/);
    assert.ok(hasAct(w, v) || pendingNow(w, gameId)[0]!.seat !== sc.seat);
    assert.doesNotMatch((await openHand(w, a, gameId)).content, /could not open a private thread/);
  });
});

test('/prefs and the lobby button set the seat view place and the claim preferences', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    const panel = await (await slash(w, a, 'prefs')).reply();
    assert.equal(panel.ephemeralTo, a);
    await click(w, a, panel.id, 'x:prefs:p:dm');
    assert.equal(w.store.seatChannels.place(a).place, 'dm');
    const h = await w.sim.select(a, panel.id, 'x:prefs:c:vn-mahjong', ['auto-pass', 'never.chow']);
    await h.settled({ timeout: 30_000 });
    assert.equal(h.failed, false);
    assert.deepEqual([...(readPrefs(w.store.db, 'vn-mahjong', [a]).get(a) ?? [])].sort(), ['auto-pass', 'never.chow']);
    assert.match(w.sim.text(panel.id), /Claim preferences for Vietnamese mahjong/);
    // The lobby button opens the same panel for the clicker.
    const lobby = (await slash(w, a, 'play', { game: 'chan' })).response!;
    const b = w.users[1]!.id;
    const lb = await click(w, b, lobby.id, String(buttonByLabel(w.sim, w.sim.message(lobby.id)!, /My hand view/).custom_id));
    const p2 = lb.response!;
    assert.equal(p2.ephemeralTo, b);
    await click(w, b, p2.id, 'x:prefs:p:thread');
    assert.equal(w.store.seatChannels.place(b).place, 'thread');
    assert.equal(w.store.seatChannels.place(a).place, 'dm', "the lobby button set only the clicker's");
  });
});

test('a restart keeps the seat channel view live: the same message is edited and its buttons play', async () => {
  await withWorld(async (w) => {
    const { a, gameId, seat } = await threadSeatTable(w);
    await playOne(w, gameId);
    const before = w.store.seatChannels.get(gameId, seat)!;
    await w.restartBot();
    let aMoves = 0;
    let pushed = 0;
    for (let k = 0; k < 60 && !over(w, gameId) && aMoves < 2; k++) {
      const edits = w.sim.message(before.messageId!)!.edits;
      const r = await playOne(w, gameId);
      if (r.user === a) {
        assert.equal(r.via, 'channel');
        aMoves++;
      } else if (!over(w, gameId) && pendingNow(w, gameId)[0]!.seat === seat) {
        // B's move handed the turn to A: the bot (restarted) edited A's same message with it.
        const m = w.sim.message(before.messageId!)!;
        assert.ok(m.edits > edits, "A's seat channel message was pushed after the restart");
        assert.match(w.sim.text(m), /Your turn/);
        assert.ok(hasAct(w, m));
        pushed++;
      }
    }
    assert.ok(pushed >= 1, 'a push after the restart');
    assert.ok(aMoves >= 1, 'A played from the same message after the restart');
    assert.equal(w.store.seatChannels.get(gameId, seat)!.messageId, before.messageId, 'the same hand message');
    assert.equal(handMessages(w, before.channelId!, a).length, 1);
  });
});

test('choosing another place mid-game moves the seat view at the next change; the old message loses its buttons', async () => {
  await withWorld(async (w) => {
    const { a, gameId, seat } = await threadSeatTable(w);
    const inThread = w.store.seatChannels.get(gameId, seat)!;
    assert.ok(w.sim.components(w.sim.message(inThread.messageId!)!).length > 0, 'the thread message has buttons');
    await choose(w, a, 'dm');
    await playOne(w, gameId);
    const now = w.store.seatChannels.get(gameId, seat)!;
    assert.equal(now.place, 'dm');
    assert.equal(now.channelId, w.sim.dmChannel(a)!.id);
    assert.equal(handMessages(w, now.channelId!, a).length, 1, 'the hand message is in the DM now');
    assert.equal(
      w.sim.components(inThread.messageId!).filter((c) => c.type === 2 || c.type === 3).length,
      0,
      'the thread message has no buttons left',
    );
    await choose(w, a, 'ephemeral');
    await playOne(w, gameId);
    assert.equal(w.store.seatChannels.get(gameId, seat), null, 'back to ephemeral views');
    assert.equal(
      w.sim.components(now.messageId!).filter((c) => c.type === 2 || c.type === 3).length,
      0,
      'the DM message has no buttons left',
    );
    assert.match(w.sim.text(now.messageId!), /hand view is closed/);
    const v = await openHand(w, a, gameId);
    assert.equal(v.ephemeralTo, a);
  });
});

test('a seat channel that failed this hand still counts as live for the claim part of pings, not for its turn (#13 §2)', async () => {
  await withWorld(async (w) => {
    const { gameId, seat } = await threadSeatTable(w);
    const live = (forClaims: boolean) => liveSeats(w.bot.ctx, w.bot.ctx.table.load(gameId)!, { forClaims }).has(seat);
    assert.deepEqual([live(false), live(true)], [true, true], 'a working seat channel');
    // An edit failed (as one of a claimant's could, as its window opened): pings go to the game thread
    // again, but the claim part may not single the seat out for the rest of the hand.
    w.store.seatChannels.update(gameId, seat, { failed: 'unreachable' });
    assert.deepEqual([live(false), live(true)], [false, true]);
    // From the next hand on it is an ordinary seat without a live view.
    w.store.seatChannels.update(gameId, seat, { hand: w.store.games.get(gameId)!.handIndex - 1 });
    assert.deepEqual([live(false), live(true)], [false, false]);
  });
});

test('a seat-channel ping names no deadline at a table without one (Chắn decision-timeout-s 0)', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await choose(w, a, 'thread');
    const { gameId } = await openTable(w, 'chan', 1, 3);
    const seat = seatOf(w, gameId, a);
    const sc = w.store.seatChannels.get(gameId, seat)!;
    let seen = 0;
    for (let k = 0; k < 200 && !over(w, gameId) && seen < 3; k++) {
      const d = pendingNow(w, gameId).find((x) => x.seat === seat);
      if (!d) break;
      const pings = pingsIn(w, sc.channelId!, a);
      assert.equal(pings.length, 1, 'A is pinged in their thread');
      assert.doesNotMatch(w.sim.text(pings[0]!), /Deadline/, 'no "Deadline in 126,000 years"');
      seen++;
      await playOne(w, gameId);
    }
    assert.ok(seen > 0, 'A had a decision');
  });
});

test('an announcement channel has no private threads: /prefs says so there, and the seat falls back saying why (not a permission)', async () => {
  await withWorld(
    async (w) => {
      const a = w.users[0]!.id;
      const { lobbyId, join, gameId } = await openLobby(w, a, 'phom');
      await click(w, w.users[1]!.id, lobbyId, join);
      const panel = await (await slash(w, a, 'prefs')).reply();
      await click(w, a, panel.id, 'x:prefs:p:thread');
      const said = w.sim.text(w.sim.message(panel.id)!);
      assert.match(said, /announcement channel, where Discord has no private threads/);
      assert.doesNotMatch(said, /lack Create Private Threads/, 'every permission is granted');

      const start = buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Start').custom_id as string;
      await click(w, a, lobbyId, start);
      const sc = w.store.seatChannels.get(gameId, seatOf(w, gameId, a))!;
      assert.equal(sc.failed, 'thread-kind');
      const v = await openHand(w, a, gameId);
      assert.match(w.sim.text(v), /cannot be made in an announcement channel/);
      assert.doesNotMatch(w.sim.text(v), /I need Create Private Threads/);
    },
    { channel: 'announcement' },
  );
});
