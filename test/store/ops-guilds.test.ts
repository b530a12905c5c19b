/**
 * The bot removed from a server (issue #18 §3): `abandonGames(openTablesOfGuild(…))` marks the server's lobby, running and
 * paused tables abandoned in one transaction; nothing lists, resumes or times them out any more, and
 * /score and /leaderboard ignore their hands. Other servers and finished games are untouched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, abandonGames, openTablesOfGuild, abandonedAt, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';

const seats: SeatRow[] = [
  { seat: 0, userId: 'u1', isAi: false, displayName: 'An' },
  { seat: 1, userId: 'u2', isAi: false, displayName: 'Bình' },
];
const win0: HandResult = { winners: [0], ranking: [[0], [1]], deltas: [3, -3], payments: [], items: [], unit: 'bet', endedBy: 'rank' };

function game(store: Store, guildId: string, status: 'lobby' | 'running' | 'paused' | 'finished', k: number): string {
  const row = store.games.create({ game: 'phom', guildId, options: {}, optionsHash: 'x', seed: `s${k}`, seats: 2 });
  store.games.setSeats(row.id, seats);
  if (status !== 'lobby') store.games.update(row.id, { status });
  if (status === 'running' || status === 'paused') {
    store.timers.set(row.id, [{ seat: 0, kind: 'turn', version: 0, deadline: 10_000 + k, remindAt: 5_000 + k }]);
    if (status === 'paused') store.timers.pause(row.id, 1_000);
    store.db.prepare(`UPDATE games SET outbox = '[{"kind":"table"}]' WHERE id = ?`).run(row.id);
  }
  return row.id;
}

test('abandoning a server: open tables become abandoned; timers, outbox, listings and leaderboards leave them; others untouched', () => {
  let now = 50_000;
  const store = openStore(':memory:', engineOf, () => now);
  const lobby = game(store, 'gA', 'lobby', 1);
  const running = game(store, 'gA', 'running', 2);
  const paused = game(store, 'gA', 'paused', 3);
  const finished = game(store, 'gA', 'finished', 4);
  const elsewhere = game(store, 'gB', 'running', 5);
  // Hands finished before the removal: one in the finished game, one in the running one (u2 won that one).
  store.results.recordHand(finished, 'phom', 'gA', 0, seats, win0);
  store.results.recordHand(running, 'phom', 'gA', 0, seats, { ...win0, winners: [1], ranking: [[1], [0]], deltas: [-5, 5] });
  assert.equal(store.results.record('gA', 'u2', 'phom', 'all').hands, 2);

  now = 60_000;
  const gone = abandonGames(store.db, openTablesOfGuild(store.db, 'gA'), now);
  assert.deepEqual(
    gone.map((g) => [g.id, g.from]),
    [
      [lobby, 'lobby'],
      [running, 'running'],
      [paused, 'paused'],
    ],
  );
  for (const id of [lobby, running, paused]) {
    const row = store.games.get(id)!;
    assert.equal(row.status, 'cancelled');
    assert.deepEqual(row.outbox, [], 'no effect retried in a server the bot left');
    assert.equal(abandonedAt(store.db, id), 60_000);
    assert.deepEqual(store.timers.forGame(id), [], 'its timers are gone');
  }
  assert.equal(store.games.get(finished)!.status, 'finished', 'a finished game stays finished');
  assert.equal(abandonedAt(store.db, finished), null);
  // What the bot resumes at start, and what the scheduler fires: only the other server's game.
  assert.deepEqual(
    store.games.listByStatus('running', 'paused').map((g) => g.id),
    [elsewhere],
  );
  assert.ok(!store.games.needingSync().includes(running), 'an abandoned table is not brought up to date at start');
  assert.deepEqual(
    store.timers.due(1e12).map((t) => t.gameId),
    [elsewhere],
  );
  assert.deepEqual(
    store.timers.remindersDue(1e12).map((t) => t.gameId),
    [elsewhere],
  );
  assert.equal(store.timers.nextDue(), 5_005);
  // Even a timer written later for an abandoned game (e.g. by a process that had not seen the removal) never fires.
  store.timers.set(running, [{ seat: 1, kind: 'turn', version: 1, deadline: 1, remindAt: null }]);
  assert.deepEqual(
    store.timers.due(1e12).map((t) => t.gameId),
    [elsewhere],
  );
  // /score and /leaderboard: the abandoned game's hand no longer counts; the finished game's does.
  assert.equal(store.results.record('gA', 'u2', 'phom', 'all').hands, 1);
  assert.equal(store.results.record('gA', 'u1', 'phom', 'all').total, 3);
  const board = store.results.leaderboard('gA', 'phom', 'all');
  assert.deepEqual(
    board.map((r) => [r.userId, r.hands, r.totals[0]?.total]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    [
      ['u1', 1, 3],
      ['u2', 1, -3],
    ],
  );
  // (The ratings keep what that hand moved: OpenSkill updates are sequential and are not recomputed.)
  // The log and results stay: the hand finished before the removal is still stored (replayable).
  assert.deepEqual(store.results.handsRecorded(running), [0]);
  // Idempotent: nothing left to abandon; another server untouched.
  assert.deepEqual(abandonGames(store.db, openTablesOfGuild(store.db, 'gA'), 70_000), []);
  assert.equal(store.games.get(elsewhere)!.status, 'running');
  assert.equal(store.timers.forGame(elsewhere).length, 1);
  store.close();
});
