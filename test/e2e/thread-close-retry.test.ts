/**
 * The end of a match archives and locks its thread (src/bot/effects.ts `closeThread`). When Discord
 * fails that request (a 5xx after discord.js's retries, a timeout), the thread stayed open for good:
 * the end had been posted and marked, so no housekeeping round and no restart tried again. Now the
 * step keeps a `close-thread` effect in the game's outbox, and the housekeeping round (or a restart)
 * archives and locks the thread, without posting the end of the match again. It is not tried again
 * when Discord says the thread is gone (10003) or the bot may not (50001, 50013), nor past a day
 * after the match ended.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, playHandToEnd, withWorld, type World, endMatch as clickEndMatch } from './harness.js';
import { Permissions } from '../discord-sim/model.js';
import { captureLogs } from './log-capture.js';

const MIN = 60_000;

/** A two-player Phỏm match played to its first result; End match clicked with `before` run first. */
async function endMatch(w: World, before: (threadId: string) => void = () => undefined) {
  const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
  await playHandToEnd(w, gameId);
  await w.bot.whenIdle();
  const result = w.sim.allMessages(threadId).find((m) => w.sim.text(m).includes('Hand 1 is over'))!;
  before(threadId);
  await clickEndMatch(w, w.users[0]!.id, result);
  await w.bot.whenIdle();
  assert.equal(w.store.games.get(gameId)!.status, 'finished');
  assert.equal(w.store.games.get(gameId)!.lastNotice, 'match-over', 'the end of the match is posted');
  const ends = () => w.sim.allMessages(threadId).filter((m) => /Match over: final totals/.test(w.sim.text(m)));
  assert.equal(ends().length, 1);
  const closes = () => w.sim.restLog().filter((e) => e.summary.startsWith(`PATCH /channels/${threadId} `)).length;
  const posts = () => w.sim.allMessages(threadId).length;
  return { gameId, threadId, ends, closes, posts };
}

/** Every attempt of discord.js (1 + 3 retries) at the thread's edit fails, `n` edits in a row. */
const failCloses = (w: World, threadId: string, n = 1) =>
  w.sim.faults.serverError({ route: new RegExp(`PATCH /channels/${threadId}$`), times: 4 * n });

test('archiving the finished match’s thread failed: the housekeeping round archives and locks it, posting nothing again', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    assert.equal(w.sim.channel(m.threadId).locked, false, 'the first try failed');
    assert.equal(w.sim.channel(m.threadId).archived, false);
    const posted = m.posts();
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(m.threadId).archived, true, 'archived by the housekeeping round');
    assert.equal(w.sim.channel(m.threadId).locked, true, 'and locked');
    assert.equal(m.ends().length, 1, 'the end of the match is not posted again');
    assert.equal(m.posts(), posted, 'nothing else is posted either');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'nothing left to do');
    const tries = m.closes();
    await later(w, 11 * MIN);
    await later(w, 4 * 60 * MIN);
    assert.equal(m.closes(), tries, 'done: not tried again');
  });
});

test('a restart archives and locks a finished match’s thread whose archiving failed', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    assert.equal(w.sim.channel(m.threadId).locked, false);
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(w.sim.channel(m.threadId).locked, true, 'locked at the start-up sweep');
    assert.equal(w.sim.channel(m.threadId).archived, true);
    assert.equal(m.ends().length, 1, 'the end of the match is not posted again');
  });
});

test('a thread that keeps failing is tried for a day after the match ended, backing off, then no more', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId, 1_000));
    const logs = captureLogs(w);
    for (let h = 0; h < 30; h++) await later(w, 60 * MIN);
    const tries = m.closes() / 4;
    // 10 min, 20, 40, 80, 160, then every 4 h: about ten tries in the day, not one a round (30+).
    assert.ok(tries >= 5 && tries <= 12, `tried ${tries} times`);
    assert.equal(w.sim.channel(m.threadId).locked, false);
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'given up: nothing left in the outbox');
    assert.ok(logs.warnings(/cannot archive\/lock the game thread: kept to try again/).length >= 4, 'each failed try is logged');
    assert.equal(logs.warnings(/cannot archive\/lock the game thread: given up/).length, 1, 'and the last one says it was given up');
    const after = m.closes();
    for (let h = 0; h < 6; h++) await later(w, 60 * MIN);
    assert.equal(m.closes(), after, 'no more tries');
    assert.equal(m.ends().length, 1, 'the end of the match was posted once');
  });
});

test('without Manage Threads (50013) the thread is archived, not locked, and not tried again, even once the permission is back', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => w.sim.setBotPermission(w.guildId, Permissions.ManageThreads, false, threadId));
    assert.equal(w.sim.channel(m.threadId).locked, false, 'refused for the permission');
    assert.equal(w.sim.channel(m.threadId).archived, true, 'archived still, as its creator may: no longer an active thread');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'nothing kept to try again');
    const tries = m.closes();
    w.sim.setBotPermission(w.guildId, Permissions.ManageThreads, true, m.threadId);
    await later(w, 11 * MIN);
    await later(w, 30 * MIN);
    assert.equal(m.closes(), tries, 'not tried again');
  });
});

test('a thread deleted after a failed try (10003) is not tried again', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    // Deleted with no THREAD_DELETE reaching the bot: the next try is answered 10003 Unknown Channel.
    w.sim.channel(m.threadId).deleted = true;
    await later(w, 11 * MIN);
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'given up');
    const tries = m.closes();
    await later(w, 30 * MIN);
    await later(w, 4 * 60 * MIN);
    assert.equal(m.closes(), tries, 'not tried again');
  });
});

test('a try whose fetch of the thread fails for a moment (a 5xx after a restart) is made again, not dropped', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    // Discord auto-archives the idle thread (not locked): after a restart it is not in the cache, and
    // its fetch fails for a moment (every attempt of discord.js's).
    w.now.t += 2 * 60 * MIN;
    w.sim.archiveThread(m.threadId);
    await w.bot.whenIdle();
    w.sim.faults.serverError({ route: new RegExp(`GET /channels/${m.threadId}$`), times: 4 });
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(w.sim.channel(m.threadId).locked, false, 'the start-up sweep could not fetch it');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [{ kind: 'close-thread' }], 'kept to try again');
    await later(w, 11 * MIN);
    await later(w, 30 * MIN);
    assert.equal(w.sim.channel(m.threadId).locked, true, 'locked by a later round');
    assert.equal(m.ends().length, 1, 'the end of the match is not posted again');
  });
});

test('a finished game whose sync cannot run (its log no longer replays) is not tried past the day and the longest back-off', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    // Stands in for a log that cannot be read (damage): an entry that is no JSON, no snapshot. (A log
    // today's rules refuse no longer stops the sync: store/games.ts `load` gives the state before the
    // entry refused, and the thread is archived as any other: the test below.)
    w.store.db.exec('DROP TRIGGER actions_append_only_update');
    w.store.db.prepare(`UPDATE actions SET action = '{bad' WHERE game_id = ? AND seq = 3`).run(m.gameId);
    w.store.db.prepare('DELETE FROM snapshots WHERE game_id = ?').run(m.gameId);
    w.store.games.forgetState(m.gameId);
    const logs = captureLogs(w);
    const tried = () => logs.warnings(/could not be archived and locked: trying again/).length;
    for (let h = 0; h < 30; h++) await later(w, 60 * MIN);
    assert.ok(tried() >= 4, `tried ${tried()} times in the first 30 hours`);
    const before = tried();
    for (let h = 0; h < 24; h++) await later(w, 60 * MIN);
    assert.equal(tried(), before, 'not tried again after that');
  });
});

test('a finished game whose log today’s rules refuse (a rules fix since): its thread is archived and locked by the next round', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    // Another deal: the log's moves no longer fit it, as after a rules fix that forbids one of them.
    w.store.db.prepare('DELETE FROM snapshots WHERE game_id = ?').run(m.gameId);
    w.store.db.prepare(`UPDATE games SET seed = 'another-deal' WHERE id = ?`).run(m.gameId);
    w.store.games.forgetState(m.gameId);
    assert.ok(w.store.games.load(m.gameId)!.refused, 'the log is refused');
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(m.threadId).archived, true, 'archived by the housekeeping round');
    assert.equal(w.sim.channel(m.threadId).locked, true, 'and locked');
    assert.equal(m.ends().length, 1, 'the end of the match is not posted again');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'nothing left to do');
  });
});

test('a try due at the day’s end and the longest back-off is still made by housekeeping (and gives up), not left in the outbox', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId, 1_000));
    const endedAt = w.store.games.get(m.gameId)!.updatedAt;
    // As if the day's last try had come at 23 h 59 min, at the longest back-off (4 h): the next is due
    // at 27 h 59 min, made by the round after it. The window was the day and the back-off and a
    // minute: a round past 28 h 01 min no longer saw the game, and its effect stayed until a restart.
    w.now.t = endedAt + 23 * 60 * MIN + 59 * MIN;
    w.store.db.prepare('UPDATE games SET retried_at = ?, retry_gap = ? WHERE id = ?').run(w.now.t, 4 * 60 * MIN, m.gameId);
    const logs = captureLogs(w);
    const before = m.closes();
    await later(w, 4 * 60 * MIN + 5 * MIN); // 28 h 04 min: a round at most 10 min after the try was due
    await later(w, 11 * MIN);
    assert.equal((m.closes() - before) / 4, 1, 'tried once more');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'given up: nothing left in the outbox');
    assert.equal(logs.warnings(/cannot archive\/lock the game thread: given up/).length, 1);
  });
});

test('a thread archived while the bot’s gateway session was lost (its cache still says open) is reopened locked and archived, not failed for a day', async () => {
  await withWorld(async (w) => {
    const m = await endMatch(w, (threadId) => failCloses(w, threadId));
    const logs = captureLogs(w);
    // The session is invalidated (not resumable) and Discord auto-archives the idle thread before the
    // bot identifies again: its THREAD_UPDATE reaches no session, and the new session's GUILD_CREATE
    // lists active threads only, so discord.js's cache keeps the thread as open.
    const { identifies } = w.sim.gatewayStats();
    w.sim.invalidateGatewaySessions(false);
    w.now.t += 2 * 60 * MIN;
    w.sim.archiveThread(m.threadId);
    await w.sim.waitFor(() => w.sim.gatewayStats().identifies === identifies + 1 && w.sim.connectedBots() === 1, { timeout: 15_000 });
    await w.bot.whenIdle();
    assert.equal(w.sim.channel(m.threadId).archived, true);
    assert.equal(w.sim.channel(m.threadId).locked, false, 'archived, not locked');
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(m.threadId).locked, true, 'locked by the housekeeping round');
    assert.equal(w.sim.channel(m.threadId).archived, true, 'and archived');
    assert.deepEqual(w.store.games.get(m.gameId)!.outbox, [], 'nothing left to do');
    assert.equal(logs.warnings(/cannot archive\/lock the game thread/).length, 0, 'no failure');
    assert.equal(m.ends().length, 1, 'the end of the match is not posted again');
  });
});
