/**
 * The other threads the bot archives (src/bot/close-thread.ts): a seat's private thread at the end of
 * the match or when the seat changes hands (archived and locked), a cancelled or idle-closed lobby's
 * thread (archived only). Their archiving's failures (a 5xx after discord.js's retries, a timeout)
 * were swallowed: the thread stayed open until Discord's auto-archive (a week for a seat thread),
 * and nothing was logged. Now each is kept as a `close-thread` effect in the game's outbox and the
 * housekeeping round (or a restart) archives it, posting nothing, as a finished match's own thread
 * (test/e2e/thread-close-retry.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openLobby, openTable, playHandToEnd, slash, withWorld, type World, endMatch } from './harness.js';
import { Permissions } from '../discord-sim/index.js';
import { captureLogs } from './log-capture.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** Every attempt of discord.js (1 + 3 retries) at one edit of the thread fails. */
const failArchive = (w: World, threadId: string) =>
  w.sim.faults.serverError({ route: new RegExp(`PATCH /channels/${threadId}$`), times: 4 });
const archives = (w: World, threadId: string) => w.sim.restLog().filter((e) => e.summary.startsWith(`PATCH /channels/${threadId} `)).length;

/** A two-player Phỏm table (async deadlines) whose first player (A) keeps their seat view in a private thread. */
async function seatThreadTable(w: World) {
  const a = w.users[0]!.id;
  await slash(w, a, 'prefs', { 'hand-view': 'thread' });
  const t = await openTable(w, 'phom', 2, 0, { timer: 'async' });
  const seatThread = w.store.seatChannels.ofUser(t.gameId, a)?.channelId;
  assert.ok(seatThread, 'A has a private seat thread');
  assert.equal(w.sim.channel(seatThread).archived, false);
  return { ...t, a, seatThread };
}

test('a seat’s private thread whose archiving failed at the end of the match is archived and locked by the next housekeeping round', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, a, seatThread } = await seatThreadTable(w);
    await playHandToEnd(w, gameId);
    await w.bot.whenIdle();
    const result = w.sim.allMessages(threadId).find((m) => w.sim.text(m).includes('Hand 1 is over'))!;
    failArchive(w, seatThread);
    const logs = captureLogs(w);
    await endMatch(w, a, result);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(w.sim.channel(threadId).locked, true, 'the game thread is closed');
    assert.equal(w.sim.channel(seatThread).archived, false, 'the seat thread’s try failed');
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [{ kind: 'close-thread', thread: seatThread }], 'kept to try again');
    assert.equal(logs.warnings(/cannot archive\/lock the seat thread: kept to try again/).length, 1, 'the failure is logged');
    const posted = w.sim.allMessages(seatThread).length + w.sim.allMessages(threadId).length;
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(seatThread).archived, true, 'archived by the housekeeping round');
    assert.equal(w.sim.channel(seatThread).locked, true, 'and locked');
    assert.equal(w.sim.allMessages(seatThread).length + w.sim.allMessages(threadId).length, posted, 'nothing posted again');
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'nothing left to do');
    const tries = archives(w, seatThread);
    await later(w, 4 * 60 * MIN);
    assert.equal(archives(w, seatThread), tries, 'done: not tried again');
  });
});

test('the private thread of a seat that changed hands (a banned player), whose archiving failed, is archived by a later round', async () => {
  await withWorld(async (w) => {
    // Discord sends GUILD_BAN_ADD only to a bot with Ban Members or View Audit Log (README: invite).
    w.sim.setBotPermission(w.guildId, Permissions.ViewAuditLog, true);
    const { gameId, a, seatThread } = await seatThreadTable(w);
    const seatA = w.store.games.seats(gameId).find((s) => s.userId === a)!.seat;
    failArchive(w, seatThread);
    w.sim.ban(w.guildId, a);
    await w.sim.waitFor(() => w.store.games.seats(gameId)[seatA]!.userId === null, { timeout: 10_000, message: 'the seat passes on' });
    await w.bot.whenIdle();
    assert.equal(w.store.seatChannels.get(gameId, seatA), null, 'the seat channel is forgotten');
    assert.equal(w.sim.channel(seatThread).archived, false, 'the try failed');
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [{ kind: 'close-thread', thread: seatThread }], 'kept to try again');
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(seatThread).archived, true, 'archived by the housekeeping round');
    assert.equal(w.sim.channel(seatThread).locked, true, 'and locked');
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'nothing left to do');
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'the match goes on');
  });
});

test('a cancelled lobby’s thread whose archiving failed is archived (not locked) by the next housekeeping round', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    const l = await openLobby(w, host);
    const threadId = w.store.games.get(l.gameId)!.threadId!;
    assert.ok(threadId && threadId !== w.channelId, 'the lobby has a thread of its own');
    failArchive(w, threadId);
    const logs = captureLogs(w);
    await click(w, host, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id as string);
    assert.equal(w.store.games.get(l.gameId)!.status, 'cancelled');
    assert.equal(w.sim.channel(threadId).archived, false, 'the try failed');
    assert.deepEqual(w.store.games.get(l.gameId)!.outbox, [{ kind: 'close-thread', archiveOnly: true }], 'kept to try again');
    assert.equal(logs.warnings(/cannot archive the lobby thread: kept to try again/).length, 1, 'the failure is logged');
    const posted = w.sim.allMessages(threadId).length;
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(threadId).archived, true, 'archived by the housekeeping round');
    assert.equal(w.sim.channel(threadId).locked, false, 'not locked, as a cancelled lobby’s thread never was');
    assert.equal(w.sim.allMessages(threadId).length, posted, 'nothing posted');
    assert.deepEqual(w.store.games.get(l.gameId)!.outbox, [], 'nothing left to do');
  });
});

test('a restart archives a cancelled lobby’s thread whose archiving failed', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    const l = await openLobby(w, host);
    const threadId = w.store.games.get(l.gameId)!.threadId!;
    failArchive(w, threadId);
    await click(w, host, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id as string);
    assert.equal(w.sim.channel(threadId).archived, false, 'the try failed');
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(w.sim.channel(threadId).archived, true, 'archived at the start-up sweep');
    assert.deepEqual(w.store.games.get(l.gameId)!.outbox, []);
  });
});

test('an idle lobby’s thread whose archiving failed gets its line once and is archived by a later round', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    const threadId = w.store.games.get(l.gameId)!.threadId!;
    await later(w, 7 * DAY - 10 * MIN);
    failArchive(w, threadId);
    await later(w, 10 * MIN + 1);
    assert.equal(w.store.games.get(l.gameId)!.status, 'cancelled', 'closed after lobby-days');
    const lines = () => w.sim.allMessages(threadId).filter((m) => /This lobby closed: nobody started it/.test(w.sim.text(m))).length;
    assert.equal(lines(), 1, 'the thread says why');
    assert.equal(w.sim.channel(threadId).archived, false, 'the try failed');
    await later(w, 11 * MIN);
    assert.equal(w.sim.channel(threadId).archived, true, 'archived by the next round');
    assert.equal(lines(), 1, 'the line is not posted again');
    assert.deepEqual(w.store.games.get(l.gameId)!.outbox, []);
  });
});
