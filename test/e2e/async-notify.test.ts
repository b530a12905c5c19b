/** /notify and the DM notifier (issue #14 §2): a DM on a turn, none in quiet hours and sent after, a digest, off after 50007. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  click,
  openHand,
  openTable,
  playAsAi,
  playHandToEnd,
  slash,
  withWorld,
  type World,
  playUntilMoveOf,
  endMatch,
} from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { SimMessage } from '../discord-sim/model.js';

const MIN = 60_000;

/** The user plays (as the AI would) while it is their move at the table (a draw, then a discard…). */
async function playOnce(w: World, gameId: string, userId: string): Promise<void> {
  for (let k = 0; k < 20; k++) {
    const row = w.store.games.get(gameId)!;
    const seats = w.store.games.seats(gameId);
    const pending = engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
    if (!pending.some((d) => seats[d.seat]!.userId === userId)) return;
    await playAsAi(w, userId, gameId, await openHand(w, userId, gameId));
  }
}

const dms = (w: World, userId: string): SimMessage[] => {
  const ch = w.sim.dmChannel(userId);
  // The bot's notices (the seat views opened from them are ephemeral replies in the same DM).
  return ch ? w.sim.visibleMessages(ch.id, userId).filter((m) => !m.ephemeralTo) : [];
};

test('/notify: everything off by default; toggles, time zone and quiet hours are validated and stored', async () => {
  await withWorld(async (w) => {
    const u = w.users[1]!;
    const p0 = await (await slash(w, u.id, 'notify')).reply();
    assert.equal(p0.ephemeralTo, u.id);
    const body = (m: SimMessage) => String(m.embeds[0]?.description ?? '');
    assert.match(body(p0), /My move: \*\*off\*\*/);
    assert.deepEqual(w.store.prefs.get(u.id).notify, { turn: false, claim: false, result: false, start: false });
    await click(w, u.id, p0.id, String(buttonByLabel(w.sim, p0, /My move/).custom_id));
    const p1 = w.sim.message(p0.id)!;
    assert.match(body(p1), /My move: \*\*on\*\*/);
    assert.equal(w.store.prefs.get(u.id).notify.turn, true);

    const bad = await (await slash(w, u.id, 'notify', { 'time-zone': 'Mars/Olympus', quiet: '25:00-8' })).reply();
    assert.match(w.sim.text(bad), /Unknown time zone “Mars\/Olympus”/);
    assert.match(w.sim.text(bad), /Quiet hours are two local times/);
    assert.equal(w.store.prefs.get(u.id).timeZone, null);
    const good = await (await slash(w, u.id, 'notify', { 'time-zone': 'Asia/Ho_Chi_Minh', quiet: '23:00-08:00', digest: 2 })).reply();
    assert.match(body(good), /\*\*Asia\/Ho_Chi_Minh\*\* \(now 19:00\)/, 'noon UTC is 19:00 in Hồ Chí Minh City');
    assert.match(body(good), /23:00–08:00/);
    assert.deepEqual(w.store.prefs.get(u.id).quiet, { from: 23 * 60, to: 8 * 60 });
    assert.equal(w.store.prefs.get(u.id).digestOver, 2);

    // The form: the same settings through a modal.
    await click(w, u.id, good.id, String(buttonByLabel(w.sim, good, /Time zone & quiet hours/).custom_id));
    const h = await w.sim.submitModal(u.id, good.id, w.sim.openModals(u.id).at(-1)!.customId, {
      tz: 'Europe/Paris',
      quiet: 'off',
      digest: '5',
    });
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(w.store.prefs.get(u.id).timeZone, 'Europe/Paris');
    assert.equal(w.store.prefs.get(u.id).quiet, null);
    assert.equal(w.store.prefs.get(u.id).digestOver, 5);
    assert.match(body(w.sim.message(good.id)!), /Quiet hours: none/);
  });
});

test('a DM on my move with the table link and Open my hand; none in quiet hours, sent after; switched off after 50007', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    // Nobody asked: no DM at all.
    const quietTable = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, quietTable.gameId, binh!.id);
    assert.equal(dms(w, binh!.id).length, 0, 'off by default');
    await slash(w, binh!.id, 'notify', { 'time-zone': 'Asia/Ho_Chi_Minh' });
    await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, 'x:notify:t:turn');
    assert.equal(w.store.prefs.get(binh!.id).notify.turn, true);

    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, gameId, binh!.id);
    let inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 1, 'one DM for my move');
    assert.match(inbox[0]!.content, /Your move at \*\*Phỏm \(Tá lả\)\*\*/);
    assert.ok(inbox[0]!.content.includes(`https://discord.com/channels/${w.guildId}/${threadId}`), 'the table link');
    assert.match(inbox[0]!.content, /<t:\d+:R>/);
    const open = buttonByLabel(w.sim, inbox[0]!, 'Open my hand');
    assert.equal(decodeGameId(String(open.custom_id))?.gameId, gameId);
    const hv = await click(w, binh!.id, inbox[0]!.id, String(open.custom_id));
    assert.equal(hv.response!.ephemeralTo, binh!.id, 'the button opens my seat view');
    // Executing the step's effects again (restart sweep) sends nothing twice.
    await w.restartBot();
    assert.equal(dms(w, binh!.id).length, 1, 'never twice for one move');

    // binh plays, then is at the table: no DM while playing (moved < 2 min ago).
    await playOnce(w, gameId, binh!.id);
    await playUntilMoveOf(w, gameId, binh!.id);
    assert.equal(dms(w, binh!.id).length, 1, 'no DM to a player who just moved');

    // Quiet hours 18:00–23:00 local (now 19:00+ in HCM): nothing sent, then sent after 23:00.
    await slash(w, binh!.id, 'notify', { quiet: '18:00-23:00' });
    await playOnce(w, gameId, binh!.id);
    w.now.t += 3 * MIN;
    await playUntilMoveOf(w, gameId, binh!.id);
    assert.equal(dms(w, binh!.id).length, 1, 'no DM in quiet hours');
    const waiting = w.store.notices.waiting(binh!.id);
    assert.equal(waiting.length, 1);
    assert.equal(new Date(waiting[0]!.dueAt).toISOString(), '2026-11-30T16:00:00.000Z', '23:00 in Hồ Chí Minh City');
    w.now.t = Date.UTC(2026, 10, 30, 15, 59);
    await w.bot.scheduler.tick();
    assert.equal(dms(w, binh!.id).length, 1, 'still quiet at 22:59');
    w.now.t = Date.UTC(2026, 10, 30, 16, 1);
    await w.bot.scheduler.tick();
    inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 2, 'sent after the quiet hours');
    assert.match(inbox[1]!.content, /Your move at \*\*Phỏm \(Tá lả\)\*\*/);
    assert.equal(w.store.notices.waiting(binh!.id).length, 0);

    // DMs closed: the next DM fails with 50007, notices switch off, the next ephemeral reply says so once.
    w.sim.setDmsClosed(binh!.id, true);
    const other = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, other.gameId, binh!.id);
    const prefs = w.store.prefs.get(binh!.id);
    assert.equal(prefs.notify.turn, false, 'switched off');
    assert.equal(prefs.dmsClosed, true);
    assert.equal(w.store.notices.all(binh!.id).at(-1)!.outcome, 'closed');
    const failures = () => w.sim.restLog().filter((e) => /50007|Cannot send messages/.test(JSON.stringify(e))).length;
    const before = failures();
    await w.bot.scheduler.tick();
    assert.equal(failures(), before, 'nothing retried');
    const g1 = await (await slash(w, binh!.id, 'games')).reply();
    assert.match(w.sim.text(g1), /DM notices were switched off/);
    const g2 = await (await slash(w, binh!.id, 'games')).reply();
    assert.doesNotMatch(w.sim.text(g2), /switched off/, 'said once');
    void an;
  });
});

test('more tables waiting than my digest threshold: one digest DM instead of one per table', async () => {
  await withWorld(async (w) => {
    const [, binh] = w.users;
    await slash(w, binh!.id, 'notify', { digest: 1 });
    await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, 'x:notify:t:turn');
    const a = await openTable(w, 'phom', 2, 0);
    const b = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, a.gameId, binh!.id);
    assert.equal(dms(w, binh!.id).length, 1);
    assert.match(dms(w, binh!.id)[0]!.content, /Your move/);
    // Two tables of one game read alike but for the link: the notice names the table and its server.
    assert.ok(dms(w, binh!.id)[0]!.content.includes(`#${a.gameId} · server Hội Quán`), dms(w, binh!.id)[0]!.content);
    await playUntilMoveOf(w, b.gameId, binh!.id);
    const inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 2);
    assert.match(inbox[1]!.content, /2 tables are waiting for your move/);
    for (const t of [a, b]) assert.ok(inbox[1]!.content.includes(`#${t.gameId} · server Hội Quán`), inbox[1]!.content);
    const opens = w.sim.components(inbox[1]!).filter((c) => /Open my hand/.test(String(c.label)));
    assert.deepEqual(opens.map((c) => decodeGameId(String(c.custom_id))!.gameId).sort(), [a.gameId, b.gameId].sort());
  });
});

test('DMs when a lobby I joined starts and when a hand and the match end (opt-in), with the table link', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    for (const k of ['start', 'result'])
      await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, `x:notify:t:${k}`);
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    let inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 1);
    assert.match(inbox[0]!.content, /The \*\*Phỏm \(Tá lả\)\*\* table you joined has started/);
    assert.ok(inbox[0]!.content.includes(threadId));
    assert.equal(dms(w, an!.id).length, 0, 'an asked for nothing');
    await playHandToEnd(w, gameId);
    inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 2, 'no move notices (not asked for)');
    assert.match(inbox[1]!.content, /Hand 1 of \*\*Phỏm \(Tá lả\)\*\* is over/);
    // What the hand was worth to them, in the game's unit, so the DM says it without the image.
    const mine = w.store.results.handsOf(gameId, 0).find((x) => x.userId === binh!.id)!;
    assert.ok(inbox[1]!.content.includes(`You: ${mine.points > 0 ? '+' : ''}${mine.points} `), inbox[1]!.content);
    const result = w.sim.visibleMessages(threadId, an!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await endMatch(w, an!.id, result);
    inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 3);
    assert.match(inbox[2]!.content, /The \*\*Phỏm \(Tá lả\)\*\* match is over/);
    for (const m of inbox) assert.ok(m.content.includes(`#${gameId} · server Hội Quán`), m.content);

    // A day on, the scheduler's housekeeping deletes the ended match's done notices (they grew for
    // ever); the DM channel stays cached (under DM_CACHE_MAX: housekeeping.ts), and the next DM goes out.
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(w.store.notices.all(binh!.id).length, 3);
    const dmCached = () => w.bot.client.channels.cache.some((c) => c.isDMBased());
    assert.ok(dmCached(), 'a DM channel is cached');
    w.now.t += 24 * 3600_000 + 11 * MIN;
    await w.bot.scheduler.tick();
    assert.deepEqual(w.store.notices.all(binh!.id), []);
    assert.equal(dmCached(), true, 'kept: fewer than DM_CACHE_MAX');
    await openTable(w, 'phom', 2, 0);
    assert.equal(dms(w, binh!.id).length, 4, 'the next DM goes out');
    assert.match(dms(w, binh!.id)[3]!.content, /has started/);
  });
});

test('a seat view in DMs is the move notice: a player with both gets one DM per move, not two', async () => {
  await withWorld(async (w) => {
    const binh = w.users[1]!;
    await click(w, binh.id, (await (await slash(w, binh.id, 'notify')).reply()).id, 'x:notify:t:turn');
    await slash(w, binh.id, 'prefs', { 'hand-view': 'dm' });
    const { gameId } = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, gameId, binh.id);
    const inbox = dms(w, binh.id);
    const pings = inbox.filter((m) => m.content.includes(`<@${binh.id}>`));
    assert.equal(pings.length, 1, 'the seat channel pings the move in the DM');
    assert.equal(inbox.filter((m) => /Your move at/.test(m.content)).length, 0, 'no second DM from the notifier');
    // With the seat view back to ephemeral, the notice is sent again for the next move.
    await slash(w, binh.id, 'prefs', { 'hand-view': 'ephemeral' });
    w.now.t += 3 * MIN;
    await playOnce(w, gameId, binh.id);
    w.now.t += 3 * MIN;
    await playUntilMoveOf(w, gameId, binh.id);
    assert.equal(dms(w, binh.id).filter((m) => /Your move at/.test(m.content)).length, 1, 'the notifier speaks again');
  });
});

test('DM notices speak the language the user set them up in, not the table’s', async () => {
  await withWorld(async (w) => {
    const [, binh] = w.users;
    // binh's Discord speaks Vietnamese; the table (opened by an, in English) speaks English.
    w.sim.user(binh!.id).locale = 'vi';
    await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, 'x:notify:t:turn');
    assert.equal(w.store.prefs.get(binh!.id).locale, 'vi');
    const { gameId } = await openTable(w, 'phom', 2, 0);
    assert.equal(w.store.games.get(gameId)!.locale, 'en-US');
    await playUntilMoveOf(w, gameId, binh!.id);
    const inbox = dms(w, binh!.id);
    assert.equal(inbox.length, 1);
    assert.match(inbox[0]!.content, /Đến lượt bạn ở bàn/);
    // Set up before the user's locale was recorded (migration 16): the seat view's language, if any.
    w.store.db.prepare('UPDATE user_prefs SET locale = NULL WHERE user_id = ?').run(binh!.id);
    w.store.seatChannels.setPlace(binh!.id, 'ephemeral', 'zh-TW');
    await playOnce(w, gameId, binh!.id);
    w.now.t += 10 * MIN;
    await playUntilMoveOf(w, gameId, binh!.id);
    const last = dms(w, binh!.id).at(-1)!;
    assert.match(last.content, /輪到你/, last.content);
  });
});
