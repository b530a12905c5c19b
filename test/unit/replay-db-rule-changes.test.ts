/**
 * `cli replay-db` after an upgrade (found by the upgrade audit): a rule fix changes how an older
 * hand replays (Chắn's Bạch thủ, 2f5dcf4), and replay-db failed the upgraded database as if it were
 * damaged. A hand that differs and was stored before a registered rule change
 * (store/rule-changes.ts) is now reported with those changes and does not fail the run; one
 * stored after them still does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { replayStoredGame } from '../../src/cli/replay-db.js';
import { RULE_CHANGES, ruleChangesSince } from '../../src/store/rule-changes.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

/** Chắn's first and latest rule fixes: a hand "before" precedes the first, one "after" follows them all. */
const FIRST = Date.parse(RULE_CHANGES.chan[0]!.at);
const LAST = Date.parse(RULE_CHANGES.chan.at(-1)!.at);

/**
 * A file with one Chắn match of `dates.length` hands, hand k's result stored at `dates[k]`, the hands
 * in `tampered` stored as other than their replay gives.
 */
function played(
  dates: number[],
  tampered: number[],
  seed = 'c3',
  o: { dealNext?: boolean; damage?: (db: Database.Database, gameId: string) => void } = {},
): { path: string; gameId: string } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  const next = () =>
    assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' }).outcome.ok, 'the next hand');
  for (let k = 1; k < dates.length; k++) {
    next();
    timeOutToResult(r);
  }
  // `dealNext`: the next hand is dealt and not played (its log has an entry, no result).
  if (o.dealNext) next();
  const db = r.store.db;
  // Chắn's default turns have no deadline, so the rig's clock ran far ahead: the hands are dated here.
  dates.forEach((at, hand) => db.prepare('UPDATE results SET created_at = ? WHERE game_id = ? AND hand = ?').run(at, r.gameId, hand));
  for (const hand of tampered) {
    db.prepare('UPDATE results SET points = points + 1 WHERE game_id = ? AND hand = ? AND seat = 0').run(r.gameId, hand);
    db.prepare('UPDATE results SET points = points - 1 WHERE game_id = ? AND hand = ? AND seat = 1').run(r.gameId, hand);
  }
  o.damage?.(db, r.gameId);
  const path = join(tempDir('hq-rules-'), 'hq.db');
  writeFileSync(path, db.serialize());
  r.store.close();
  return { path, gameId: r.gameId };
}
const tampered = (at: number) => played([at], [0], 'c1');

test('a hand stored before a rule change that differs on replay is named with the change and does not fail replay-db', async () => {
  const { path, gameId } = tampered(FIRST - 3_600_000);
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.matchesStored, false);
  assert.equal(rep.explained, true);
  const h = rep.hands.find((x) => !x.same)!;
  assert.deepEqual(h.rulesChangedSince, ruleChangesSince('chan', FIRST - 3_600_000));
  assert.match(h.rulesChangedSince![0]!.what, /Bạch thủ/);
  const run = await cli('replay-db', '--db', path, '--all');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /"rulesChangedSince"/);
});

test('a hand stored after every rule change that differs on replay still fails replay-db', async () => {
  const { path, gameId } = tampered(LAST + 3_600_000);
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.explained, false);
  assert.ok(rep.hands.every((x) => !x.rulesChangedSince));
  assert.equal((await cli('replay-db', '--db', path, '--game-id', gameId)).code, 1);
  // The untouched database passes.
  const db = new Database(path);
  db.prepare('UPDATE results SET points = points - 1 WHERE game_id = ? AND hand = 0 AND seat = 0').run(gameId);
  db.prepare('UPDATE results SET points = points + 1 WHERE game_id = ? AND hand = 0 AND seat = 1').run(gameId);
  db.close();
  assert.equal(replayStoredGame(path, gameId).matchesStored, true);
});

/**
 * A file with two Chắn games: one sound, one whose log today's rules refuse at its last entry, its
 * moves made at `at`; `damage` also breaks the second game's options (a row that cannot be read).
 */
function refused(at: number, damage = false): { path: string; bad: string; good: string } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'c2' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  const db = r.store.db;
  const row = db.prepare('SELECT * FROM games WHERE id = ?').get(r.gameId) as Record<string, unknown>;
  // The second game: a copy of the first, its last move one the engine refuses (a stand-in for a move a rule fix forbids).
  const bad = 'zzbad';
  db.prepare(
    `INSERT INTO games SELECT ${Object.keys(row)
      .map((k) => (k === 'id' ? `'${bad}'` : k))
      .join(', ')} FROM games WHERE id = ?`,
  ).run(r.gameId);
  // (The log is append-only, so the copy is written with its last entry changed.)
  db.prepare(
    `INSERT INTO actions (game_id, seq, hand, seat, action, source, user_id, created_at) SELECT '${bad}', seq, hand, seat,
       CASE WHEN seq = (SELECT MAX(seq) FROM actions WHERE game_id = @g) THEN '{"type":"discard","card":"zz"}' ELSE action END,
       source, user_id, @at FROM actions WHERE game_id = @g`,
  ).run({ g: r.gameId, at });
  // A later write of the row (a reminder, a redraw) does not make it "played" later.
  db.prepare('UPDATE games SET updated_at = ? WHERE id = ?').run(LAST + 86_400_000, bad);
  if (damage) db.prepare("UPDATE games SET options = '{bad' WHERE id = ?").run(bad);
  const path = join(tempDir('hq-rules-'), 'hq.db');
  writeFileSync(path, db.serialize());
  r.store.close();
  return { path, bad, good: r.gameId };
}

test("replay-db --all: a game today's rules refuse is reported in its place, explained when last played before a rule fix", async () => {
  const before = refused(FIRST - 3_600_000);
  const run = await cli('replay-db', '--db', before.path, '--all');
  assert.equal(run.code, 0, run.stderr);
  const reports = JSON.parse(run.stdout) as { gameId: string; error?: string; explained: boolean }[];
  assert.deepEqual(reports.map((g) => g.gameId).sort(), [before.bad, before.good].sort(), 'the sound game is reported too');
  const bad = reports.find((g) => g.gameId === before.bad)!;
  assert.match(bad.error!, /cannot be replayed: .*before these rule changes: .*Bạch thủ/);
  assert.equal(bad.explained, true);
  assert.match(
    run.stderr,
    /games replayed: 2; hands that differ from their stored results: 0, .*games that no longer replay, each last played before a rule fix: 1/,
  );
  // A row that cannot be read is damage, however old the game: one error line naming it.
  const damaged = refused(FIRST - 3_600_000, true);
  assert.match(
    oneErrorLine(await cli('replay-db', '--db', damaged.path, '--all'), 1),
    /game "zzbad" cannot be replayed: a stored value is not valid JSON/,
  );
  // Played after every fix, the same failure is damage: one error line naming the game, as before.
  const after = refused(LAST + 3_600_000);
  assert.match(oneErrorLine(await cli('replay-db', '--db', after.path, '--all'), 1), /game "zzbad" cannot be replayed/);
});

test('a later hand that differs after an explained one (it starts from how that one ended) is explained by the same fixes', () => {
  const { path, gameId } = played([FIRST - 3_600_000, LAST + 3_600_000], [0, 1]);
  const rep = replayStoredGame(path, gameId);
  assert.deepEqual(
    rep.hands.map((h) => [h.hand, h.same, !!h.rulesChangedSince]),
    [
      [0, false, true],
      [1, false, true],
    ],
  );
  assert.equal(rep.explained, true);
});

test('after an explained hand, a hand that replays as paid ends the carry: a later difference is damage again', () => {
  const { path, gameId } = played([FIRST - 3_600_000, LAST + 3_600_000, LAST + 3_600_000], [0, 2]);
  const rep = replayStoredGame(path, gameId);
  assert.deepEqual(
    rep.hands.map((h) => [h.hand, h.same, !!h.rulesChangedSince]),
    [
      [0, false, true],
      [1, true, false],
      [2, false, false],
    ],
  );
  assert.equal(rep.explained, false);
});

/**
 * Result rows missing, or stored for a hand the log does not finish (a check made only when both
 * sides had the hand, which passed such a file): damage, whenever it was played, as each hand's rows
 * (one per seat) are committed with the move that ends it. An unfinished last hand (a match that
 * ended, or was abandoned, during a hand) is no such thing, nor are refund rows (refund-replay-db.test.ts).
 */
const OLD = FIRST - 3_600_000;
const LATE = LAST + 3_600_000;
const deleteRows = (where: string) => (db: Database.Database, g: string) =>
  db.prepare(`DELETE FROM results WHERE game_id = ? AND ${where}`).run(g);
/** Copies hand `from`'s rows as hand `to`'s, points changed (what a mistaken write or a merged file would leave). */
const copyRows = (from: number, to: number) => (db: Database.Database, g: string) =>
  db
    .prepare(
      `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
       SELECT game_id, ?, seat, guild_id, game, user_id, display_name, points + 5, unit, rank, won, players, summary, created_at FROM results WHERE game_id = ? AND hand = ?`,
    )
    .run(to, g, from);

test('a finished hand with no stored result rows, or rows for only some seats, differs and fails replay-db, however old', async () => {
  const none = played([OLD, OLD], [], 'c1', { damage: deleteRows('hand = 1') });
  const rep = replayStoredGame(none.path, none.gameId);
  const h1 = rep.hands.find((h) => h.hand === 1)!;
  assert.equal(h1.same, false, 'hand 1 ends on replay and nothing is stored for it');
  assert.equal(h1.stored, null);
  assert.deepEqual(h1.missingSeats, [0, 1, 2, 3]);
  assert.equal(h1.deltas?.length, 4);
  assert.equal(h1.rulesChangedSince, undefined, 'no rule fix explains rows that are not there');
  assert.equal(rep.hands[0]!.same, true);
  assert.deepEqual([rep.matchesStored, rep.explained], [false, false]);
  assert.equal((await cli('replay-db', '--db', none.path, '--game-id', none.gameId)).code, 1);

  const some = played([OLD], [], 'c1', { damage: deleteRows('hand = 0 AND seat = 2') });
  const rep2 = replayStoredGame(some.path, some.gameId);
  const h0 = rep2.hands[0]!;
  assert.deepEqual([h0.same, h0.missingSeats, h0.stored?.length, h0.rulesChangedSince], [false, [2], 3, undefined]);
  assert.equal(rep2.explained, false);
});

test('stored results of a hand the log does not finish, or never reaches, differ; explained only by a rule fix the hand predates', async () => {
  // Hand 7: the log never reaches it.
  const extra = played([LATE], [], 'c1', { damage: copyRows(0, 7) });
  const rep = replayStoredGame(extra.path, extra.gameId);
  assert.deepEqual(
    rep.hands.map((h) => [h.hand, h.same, h.deltas === null, h.stored?.length ?? 0]),
    [
      [0, true, false, 4],
      [7, false, true, 4],
    ],
  );
  assert.deepEqual([rep.matchesStored, rep.explained], [false, false]);
  const run = await cli('replay-db', '--db', extra.path, '--all');
  assert.equal(run.code, 1);
  assert.match(run.stderr, /hands that differ from their stored results: 1, 0 of them played before a rule fix/);

  // Hand 1: dealt, not finished on replay, yet a result is stored for it. Stored after every rule fix: damage.
  const open = played([LATE], [], 'c1', { dealNext: true, damage: copyRows(0, 1) });
  const h1 = replayStoredGame(open.path, open.gameId).hands.find((h) => h.hand === 1)!;
  assert.deepEqual([h1.same, h1.deltas, h1.rulesChangedSince], [false, null, undefined]);
  // Stored before a rule fix, it may be one the engine of its time finished: explained by the fix.
  const older = played([OLD], [], 'c1', { dealNext: true, damage: copyRows(0, 1) });
  const rep2 = replayStoredGame(older.path, older.gameId);
  assert.deepEqual(rep2.hands.find((h) => h.hand === 1)!.rulesChangedSince, ruleChangesSince('chan', OLD));
  assert.equal(rep2.explained, true);
});

test('an unfinished last hand without results, in an abandoned match, is no missing result', async () => {
  // The next hand dealt and left unplayed, then the table abandoned (its thread deleted): nothing is missing.
  const { abandonGames } = await import('../../src/store/guilds.js');
  const open = played([LATE, LATE], [], 'c1', { dealNext: true, damage: (db, g) => assert.equal(abandonGames(db, [g]).length, 1) });
  const rep = replayStoredGame(open.path, open.gameId);
  assert.deepEqual(
    rep.hands.map((h) => [h.hand, h.same]),
    [
      [0, true],
      [1, true],
    ],
  );
  assert.equal(rep.matchesStored, true);
  assert.equal((await cli('replay-db', '--db', open.path, '--all')).code, 0);
});
