/**
 * A game thread a moderator locks holds its table until it is unlocked (src/bot/app.ts THREAD_UPDATE,
 * holds.ts `threadLockChanged`, `settleLockHolds`, `botBack`; src/table/act.ts 'thread-locked',
 * 'thread-unlocked'; effects.ts `holdIfRefused`). Before, a bot without Manage Threads had every post
 * there refused while the deadlines went on playing moves nobody could see, and a bot with it reopened
 * the thread the moderator had closed at its next post. Now the table is held as the bot's removal
 * holds it (paused, timers frozen, nothing played, nothing posted, the thread not reopened), released
 * when the thread is unlocked; the two holds are told apart (each release ends only its own), and a
 * lock's hold has no grace period: the idle end of matches ends it.
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
  tableMessage,
  until,
  withWorld,
  type World,
  requestsAbout,
  endMatch,
} from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';
import { guildCreatePayload } from '../discord-sim/serialize.js';
import { abandonedAt } from '../../src/store/index.js';
import { HOUSEKEEPING_MS } from '../../src/bot/housekeeping.js';
import { BOT_REMOVED_GRACE_MS } from '../../src/bot/holds.js';
import { captureLogs } from './log-capture.js';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** A moderator archives and locks the game thread ("close this"); the table is held at its THREAD_UPDATE. */
async function lockThread(w: World, gameId: string, threadId: string): Promise<void> {
  w.sim.archiveThread(threadId, { locked: true });
  await until(w, 'the table is held', () => w.store.games.get(gameId)!.hold?.reasons.locked !== undefined);
}

/** A moderator unlocks the thread (left archived: the release reopens it). */
async function unlockThread(w: World, gameId: string, threadId: string): Promise<void> {
  const ch = w.sim.channel(threadId);
  ch.locked = false;
  w.sim.threadUpdate(ch);
  await until(w, 'the table is released', () => w.store.games.get(gameId)!.hold === null);
  await w.bot.whenIdle();
}

/** The only deadline of the table, and the time it has left now. */
function deadlineLeft(w: World, gameId: string): { deadline: number; left: number } {
  const [timer] = w.store.timers.forGame(gameId);
  assert.ok(timer && timer.pausedLeft === null, 'a running deadline');
  return { deadline: timer.deadline, left: timer.deadline - w.now.t };
}

for (const manage of [true, false]) {
  test(`a locked thread holds its table (bot ${manage ? 'with' : 'without'} Manage Threads): no move past the deadlines, no request reopens the thread, a hand view says why; unlocked, play resumes from the time left`, async () => {
    await withWorld(async (w) => {
      if (!manage) w.sim.setBotPermission(w.guildId, P.ManageThreads, false);
      const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
      await later(w, 5_000);
      const { left } = deadlineLeft(w, gameId);
      const before = w.store.games.get(gameId)!;
      const user = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
      const hand = await openHand(w, user, gameId);
      const heldAt = w.now.t;
      const mark = w.sim.restLog().length;

      await lockThread(w, gameId, threadId);
      const held = w.store.games.get(gameId)!;
      assert.equal(held.status, 'paused');
      assert.deepEqual(held.hold, { at: heldAt, from: 'running', reasons: { locked: heldAt } });
      assert.deepEqual(
        w.store.timers.forGame(gameId).map((x) => x.pausedLeft),
        [left],
        'the deadline frozen with its time left',
      );

      // The player plays on from the hand view opened before the lock: told why, nothing played.
      await playAsAi(w, user, gameId, hand);
      const refusal = w.sim
        .allMessages(threadId)
        .filter((m) => m.ephemeralTo === user)
        .map((m) => w.sim.text(m))
        .find((x) => /locked this table's thread/.test(x));
      assert.ok(refusal, 'the hand view says a moderator locked the thread');
      assert.match(refusal, /until the thread is unlocked/);
      assert.doesNotMatch(refusal, /removed/);

      // Days pass, far past the deadline, with housekeeping rounds: nothing is played, nothing posted.
      for (let k = 0; k < 6; k++) await later(w, 12 * HOUR);
      const during = w.store.games.get(gameId)!;
      assert.equal(during.version, before.version, 'no move played during the hold');
      assert.equal(during.status, 'paused');
      assert.deepEqual(requestsAbout(w, mark, threadId), [], 'no request to the locked thread (none reopens it)');
      assert.deepEqual([w.sim.channel(threadId).archived, w.sim.channel(threadId).locked], [true, true], 'as the moderator left it');

      await unlockThread(w, gameId, threadId);
      const back = w.store.games.get(gameId)!;
      assert.equal(back.status, 'running', 'play resumes');
      assert.equal(back.version, before.version);
      assert.equal(w.sim.channel(threadId).archived, false, 'the thread reopened for the table');
      assert.equal(w.store.timers.forGame(gameId)[0]!.deadline, w.now.t + left, 'the deadline goes on from its time left');
      assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again: play resumes/);
      assert.ok(buttonByLabel(w.sim, tableMessage(w, gameId), 'Pause'), 'a running table again');
      assert.match(w.sim.text(w.sim.allMessages(threadId).at(-1)!), /<@/, 'whoever must decide is mentioned again');

      await later(w, left - 1_000);
      assert.equal(w.store.games.get(gameId)!.version, before.version, 'not yet');
      await later(w, 2_000);
      assert.ok(w.store.games.get(gameId)!.version > before.version, 'the timeout is played at the deadline');
    });
  });
}

test('a thread locked while its players had paused the table: unlocked, the table stays paused, saying so', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    for (const u of w.users.slice(0, 2)) {
      const t = tableMessage(w, gameId);
      await click(w, u.id, t.id, String(buttonByLabel(w.sim, t, 'Pause').custom_id));
    }
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    const frozen = w.store.timers.forGame(gameId).map((x) => x.pausedLeft);

    await lockThread(w, gameId, threadId);
    assert.equal(w.store.games.get(gameId)!.hold?.from, 'paused');
    await later(w, 2 * HOUR);
    await unlockThread(w, gameId, threadId);
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'paused', 'the players’ pause stands');
    assert.deepEqual(
      w.store.timers.forGame(gameId).map((x) => x.pausedLeft),
      frozen,
    );
    assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again\. The table stays paused/);
    assert.ok(buttonByLabel(w.sim, tableMessage(w, gameId), 'Resume'), 'the players resume it by their vote');
  });
});

test('a lock and the bot’s removal together: each release ends only its own hold, the table waits for both; the removal’s grace period does not end the lock’s', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const { left } = deadlineLeft(w, gameId);
    await lockThread(w, gameId, threadId);
    const lockedAt = w.now.t;

    await later(w, HOUR);
    w.sim.gateway.dispatch('GUILD_DELETE', { id: w.guildId });
    await until(w, 'held for the removal too', () => w.store.games.get(gameId)!.hold?.reasons.removed !== undefined);
    assert.deepEqual(w.store.games.get(gameId)!.hold?.reasons, { locked: lockedAt, removed: w.now.t });

    // Invited back: the thread is still locked, so the table stays held for it, showing nothing.
    await later(w, HOUR);
    const mark = w.sim.restLog().length;
    w.sim.gateway.dispatch('GUILD_CREATE', guildCreatePayload(w.sim, w.sim.guild(w.guildId)));
    await until(w, 'the removal’s hold released', () => w.store.games.get(gameId)!.hold?.reasons.removed === undefined);
    await w.bot.whenIdle();
    const still = w.store.games.get(gameId)!;
    assert.deepEqual([still.status, still.hold?.reasons], ['paused', { locked: lockedAt }], 'still held for the lock');
    assert.deepEqual(
      requestsAbout(w, mark, threadId).filter((s) => !s.startsWith('GET ')),
      [],
      'nothing posted or reopened (the thread only looked at)',
    );
    assert.equal(w.sim.channel(threadId).archived, true);

    // Past the removal's grace period: a lock's hold is not abandoned.
    await later(w, BOT_REMOVED_GRACE_MS + HOUSEKEEPING_MS);
    assert.equal(abandonedAt(w.store.db, gameId), null, 'not abandoned');
    assert.equal(w.store.games.get(gameId)!.status, 'paused');

    await unlockThread(w, gameId, threadId);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    assert.equal(w.store.timers.forGame(gameId)[0]!.deadline, w.now.t + left, 'from the time left at the first hold');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again/);
  });
});

test('a thread locked while the bot was removed (no THREAD_UPDATE reached it): back in the server, the table stays held for the lock until it is unlocked', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    w.sim.gateway.dispatch('GUILD_DELETE', { id: w.guildId });
    await until(w, 'held for the removal', () => w.store.games.get(gameId)!.hold !== null);
    // A moderator closes the thread meanwhile: the bot, not in the server, is told nothing.
    const ch = w.sim.channel(threadId);
    ch.archived = true;
    ch.locked = true;
    const posts = w.sim.allMessages(threadId).length;

    w.sim.gateway.dispatch('GUILD_CREATE', guildCreatePayload(w.sim, w.sim.guild(w.guildId)));
    await until(w, 'the removal’s hold released', () => w.store.games.get(gameId)!.hold?.reasons.removed === undefined);
    await w.bot.whenIdle();
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'paused');
    assert.notEqual(row.hold?.reasons.locked, undefined, 'held for the lock found at the return');
    assert.equal(w.sim.allMessages(threadId).length, posts, 'nothing posted in the locked thread');
    assert.deepEqual([ch.archived, ch.locked], [true, true], 'not reopened');

    await unlockThread(w, gameId, threadId);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again/);
  });
});

test('a post refused as in a locked thread (160005: the THREAD_UPDATE missed) holds the table: the deadlines after it play nothing', async () => {
  await withWorld(async (w) => {
    w.sim.setBotPermission(w.guildId, P.ManageThreads, false);
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    // Locked while the bot did not hear of it (no THREAD_UPDATE): the next post there is refused.
    w.sim.channel(threadId).locked = true;
    const logs = captureLogs(w);
    const { left } = deadlineLeft(w, gameId);
    await later(w, left + 1_000);
    const held = w.store.games.get(gameId)!;
    assert.equal(held.status, 'paused', 'held once Discord refused the ping');
    assert.notEqual(held.hold?.reasons.locked, undefined);
    assert.ok(
      logs.lines().some((l) => /the game thread is locked \(Discord refused a post there\)/.test(l.msg)),
      'the operator is told why',
    );
    const version = held.version;
    for (let k = 0; k < 3; k++) await later(w, DAY + 1_000);
    assert.equal(w.store.games.get(gameId)!.version, version, 'no move played for anyone after the hold');

    // The moderator unlocks it: released, the table shown again.
    await unlockThread(w, gameId, threadId);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again/);
  });
});

test('a thread archived and locked unheard of: the refused table edit (50083) and follow-up hold the table once the thread is seen locked', async () => {
  await withWorld(async (w) => {
    w.sim.setBotPermission(w.guildId, P.ManageThreads, false);
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const user = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    const ch = w.sim.channel(threadId);
    ch.archived = true;
    ch.locked = true;
    await playAsAi(w, user, gameId, hand).catch(() => undefined);
    await w.bot.whenIdle();
    const held = w.store.games.get(gameId)!;
    assert.equal(held.status, 'paused');
    assert.notEqual(held.hold?.reasons.locked, undefined, 'held for the lock');
    const version = held.version;
    for (let k = 0; k < 3; k++) await later(w, DAY + 1_000);
    assert.equal(w.store.games.get(gameId)!.version, version, 'no deadline played');
  });
});

test('only a moderator’s lock of the game thread holds: not a lock of a seat’s private thread, nor the bot’s own lock as the match ends', async () => {
  await withWorld(async (w) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'thread' });
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seat = w.store.games.seats(gameId).find((s) => s.userId === a)!.seat;
    const sc = w.store.seatChannels.get(gameId, seat)!;
    assert.ok(sc.channelId && sc.channelId !== threadId, 'a private seat thread');

    // A moderator locks the seat's private thread: the table plays on.
    w.sim.archiveThread(sc.channelId, { locked: true });
    await later(w, 1_000);
    assert.equal(w.store.games.get(gameId)!.hold, null, 'a seat thread is no game thread');
    assert.equal(w.store.games.get(gameId)!.status, 'running');

    // The game thread's lock holds; its unlock releases.
    await lockThread(w, gameId, threadId);
    await unlockThread(w, gameId, threadId);

    // The match ends: the bot archives and locks its thread itself. Nothing is held for that.
    const logs = captureLogs(w);
    await playHandToEnd(w, gameId);
    await w.bot.whenIdle();
    const result = w.sim.allMessages(threadId).find((m) => w.sim.text(m).includes('Hand 1 is over'))!;
    await endMatch(w, a, result);
    await w.bot.whenIdle();
    await until(w, 'the bot’s lock', () => w.sim.channel(threadId).locked);
    await later(w, 1_000);
    const row = w.store.games.get(gameId)!;
    assert.deepEqual([row.status, row.hold], ['finished', null]);
    assert.equal(
      logs.lines().some((l) => /locked the game thread/.test(l.msg)),
      false,
    );
  });
});

test('a thread locked for good: the idle end of matches ends the match idle-days after its last move', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const idleDays = w.store.settings.table(w.guildId, 'phom').idleDays;
    assert.ok(idleDays > 0);
    await lockThread(w, gameId, threadId);
    await later(w, (idleDays - 1) * DAY);
    assert.equal(w.store.games.get(gameId)!.status, 'paused', 'held, not ended yet');
    await later(w, DAY + HOUSEKEEPING_MS);
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'finished', 'ended as idle');
    assert.equal(row.hold, null, 'held no more');
    assert.equal(w.sim.channel(threadId).locked, true, 'the thread stays locked');
  });
});

test('a thread unlocked while the bot was down: the start-up asks for it and releases the table', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const { left } = deadlineLeft(w, gameId);
    await lockThread(w, gameId, threadId);
    const ch = w.sim.channel(threadId);
    ch.locked = false;
    ch.archived = false;
    await w.restartBot();
    await w.bot.whenIdle();
    const row = w.store.games.get(gameId)!;
    assert.deepEqual([row.status, row.hold], ['running', null]);
    assert.equal(w.store.timers.forGame(gameId)[0]!.deadline, w.now.t + left);
    assert.match(w.sim.text(tableMessage(w, gameId)), /The thread is open again/);
  });
});

test('a thread locked (not archived) while the bot was down: the start-up finds it locked among the active threads and holds the table', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const version = w.store.games.get(gameId)!.version;
    w.sim.channel(threadId).locked = true;
    const posts = w.sim.allMessages(threadId).length;
    await w.restartBot();
    await w.bot.whenIdle();
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'paused');
    assert.notEqual(row.hold?.reasons.locked, undefined, 'held for the lock');
    for (let k = 0; k < 3; k++) await later(w, 12 * HOUR);
    assert.equal(w.store.games.get(gameId)!.version, version, 'no deadline played');
    assert.equal(w.sim.allMessages(threadId).length, posts, 'nothing posted (the bot has Manage Threads: nothing refused it)');
  });
});

test('a thread archived and locked while the bot (with Manage Threads) was down: the first step that reopens it finds the lock and holds the table', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const ch = w.sim.channel(threadId);
    ch.locked = true;
    ch.archived = true;
    await w.restartBot();
    await w.bot.whenIdle();
    // Not among READY's active threads: nothing told the bot. The first deadline's step plays (its
    // unarchive finds the thread locked); the table is held after it, and later deadlines play nothing.
    await later(w, 24 * HOUR + 1000);
    const row = w.store.games.get(gameId)!;
    assert.equal(row.status, 'paused');
    assert.notEqual(row.hold?.reasons.locked, undefined, 'held for the lock');
    const version = row.version;
    for (let k = 0; k < 3; k++) await later(w, 24 * HOUR + 1000);
    assert.equal(w.store.games.get(gameId)!.version, version, 'no deadline played while held');
  });
});

test('a member banned while the thread is locked: their seat passes to the AI, shown at the unlock', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 3, 0);
    const troll = w.users[2]!;
    w.sim.setBotPermission(w.guildId, P.ViewAuditLog, true);
    await lockThread(w, gameId, threadId);
    const posts = w.sim.allMessages(threadId).length;
    w.sim.ban(w.guildId, troll.id);
    await until(w, 'the seat passed to the AI', () => w.store.games.seats(gameId).find((s) => s.seat === 2)!.isAi);
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.status, 'paused', 'still held');
    assert.equal(w.sim.allMessages(threadId).length, posts, 'nothing posted while held');
    await unlockThread(w, gameId, threadId);
    const seat = w.store.games.seats(gameId).find((s) => s.seat === 2)!;
    assert.equal(seat.isAi, true);
    assert.notEqual(seat.userId, troll.id);
  });
});

test('a thread locked and archived while the bot was down: the first deadline finds the lock before it plays', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const ch = w.sim.channel(threadId);
    ch.locked = true;
    ch.archived = true;
    await w.restartBot();
    await w.bot.whenIdle();
    const version = w.store.games.get(gameId)!.version;
    await later(w, 24 * HOUR + 1000);
    const row = w.store.games.get(gameId)!;
    assert.notEqual(row.hold?.reasons.locked, undefined, 'held for the lock');
    assert.equal(row.version, version, 'the deadline played nothing');
    assert.equal(w.sim.channel(threadId).archived, true, 'the thread stays closed');
  });
});
