/**
 * `cli replay-db` checks a match's refund rows (rank POT_REFUND: Phỏm's gà pot no Ù took, given back
 * as the match ends, phom.md §15.12) against the engine's refund (`GameManifest.closeMatch`) from the
 * replayed log, per seat, as it checks each hand's result: a refund row changed, missing or extra is
 * a mismatch (exit 1); a match with none that ended before refunds were stored is explained.
 */
import { test, type TestContext } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { engineOf } from '../../src/table/manifests.js';
import { POT_REFUND } from '../../src/store/index.js';
import { replayStoredGame, replaySummary } from '../../src/cli/replay-db.js';
import { MATCH_REFUNDS_SINCE, RULE_CHANGES } from '../../src/store/rule-changes.js';
import { playWithAiUntil, rig, type Rig, resultClick } from '../support/table-rig.js';
import { cli } from './cli-capture.js';
import type { PhomResult, State } from '../../src/games/phom/index.js';

const phom = engineOf('phom');
const SINCE = Date.parse(MATCH_REFUNDS_SINCE.phom!.at);
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const click = resultClick;

/** The people play as the AI would, until the hand has a result or `stop` holds. */
const play = (r: Rig, stop: (s: State) => boolean = () => false): State => playWithAiUntil<State>(r, stop);

/**
 * A Phỏm match with the gà pot, ended with a pot no Ù took (End match after a hand, or idle days
 * during a hand that carried a pot in), written to a file; played at `now` (by default after refunds were stored).
 */
function ended(t: TestContext, during = false, now = SINCE + 30 * 86_400_000): { path: string; gameId: string; r: Rig } {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { options: { 'ga-pot': 'flat' }, seed: 'refund-replay', now });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  let done = false;
  for (let h = 0; h < 40 && !done; h++) {
    const s = play(r, during ? (x) => x.gaPotStart > 0 && x.gaIn.some((v) => v > 0) : undefined);
    if (during && !phom.result(s)) {
      assert.equal(r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt: row(r).publicAt, days: 30 }).outcome.ok, true);
      done = true;
    } else if (!during && (phom.result(s) as PhomResult).pot.carried > 0) {
      assert.equal(click(r, 'end-match').outcome.ok, true);
      done = true;
    } else assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  assert.ok(done, 'a match ended with a pot no Ù took');
  assert.equal(row(r).status, 'finished');
  const n = r.store.db.prepare('SELECT COUNT(*) AS n FROM results WHERE game_id = ? AND rank = ?').get(r.gameId, POT_REFUND) as {
    n: number;
  };
  assert.ok(n.n > 0, 'refund rows stored');
  const dir = mkdtempSync(join(tmpdir(), 'hq-refund-replay-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'hq.db');
  writeFileSync(path, r.store.db.serialize());
  return { path, gameId: r.gameId, r };
}

/** Changes the file's rows (a refund row's points, or deletes them…) with `sql`. */
async function edit(path: string, sql: string, ...args: unknown[]): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path);
  db.prepare(sql).run(...args);
  db.close();
}

test('replay-db checks the refund rows against the engine’s refund: as stored, it matches; changed, it fails', async (t) => {
  const { path, gameId, r } = ended(t);
  const rep = replayStoredGame(path, gameId);
  assert.ok(rep.refund, 'the refund is checked');
  assert.equal(rep.refund.same, true);
  const bySeat = (
    r.store.db
      .prepare('SELECT seat, SUM(points) AS p FROM results WHERE game_id = ? AND rank = ? GROUP BY seat')
      .all(gameId, POT_REFUND) as {
      seat: number;
      p: number;
    }[]
  ).reduce((a, x) => ((a[x.seat] = x.p), a), [0, 0, 0, 0]);
  assert.deepEqual(rep.refund.stored, bySeat);
  assert.deepEqual(rep.refund.replayed, bySeat);
  assert.equal(rep.matchesStored, true);
  assert.ok(
    rep.hands.every((h) => h.same),
    'the refund rows are no hand of the log',
  );
  assert.equal((await cli('replay-db', '--db', path, '--game-id', gameId)).code, 0);

  // A refund row paying one more: the match no longer matches, and nothing explains it.
  await edit(
    path,
    'UPDATE results SET points = points + 1 WHERE rowid = (SELECT MIN(rowid) FROM results WHERE game_id = ? AND rank = ?)',
    gameId,
    POT_REFUND,
  );
  const bad = replayStoredGame(path, gameId);
  assert.equal(bad.refund!.same, false);
  assert.equal(bad.matchesStored, false);
  assert.equal(bad.explained, false);
  const run = await cli('replay-db', '--db', path, '--all');
  assert.equal(run.code, 1);
  assert.match(run.stderr, /matches whose refund rows differ from the engine's refund: 1, 0 of them explained/);
});

test('a match ended during a hand: the refund is what its stored hands charged, and replay-db agrees', async (t) => {
  const { path, gameId } = ended(t, true);
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.refund!.same, true);
  assert.ok(rep.refund!.replayed.some((v) => v > 0));
  assert.equal(rep.matchesStored, true);
});

/** A copy of the match `gameId` as game `other`, its refund rows dated a day earlier: the database stored refunds before. */
async function earlierRefunds(path: string, gameId: string): Promise<void> {
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(path);
  db.transaction(() => {
    db.exec('CREATE TEMP TABLE g AS SELECT * FROM games WHERE 0; CREATE TEMP TABLE x AS SELECT * FROM results WHERE 0');
    db.prepare('INSERT INTO g SELECT * FROM games WHERE id = ?').run(gameId);
    db.prepare('INSERT INTO x SELECT * FROM results WHERE game_id = ? AND rank = ?').run(gameId, POT_REFUND);
    db.exec("UPDATE g SET id = 'other'; UPDATE x SET game_id = 'other', created_at = created_at - 86400000");
    db.exec('INSERT INTO games SELECT * FROM g; INSERT INTO results SELECT * FROM x');
  })();
  db.close();
}

test('refund rows missing: damage once the database stored refunds, explained for a match that ended before', async (t) => {
  const { path, gameId } = ended(t);
  await earlierRefunds(path, gameId);
  await edit(path, 'DELETE FROM results WHERE game_id = ? AND rank = ?', gameId, POT_REFUND);
  const missing = replayStoredGame(path, gameId);
  assert.equal(missing.refund!.stored, null);
  assert.equal(missing.refund!.same, false);
  assert.equal(missing.explained, false);
  assert.equal((await cli('replay-db', '--db', path, '--game-id', gameId)).code, 1);
  // The same match played before refunds were stored (its moves and results dated then).
  const early = ended(t, false, SINCE - 5 * 86_400_000);
  await edit(early.path, 'DELETE FROM results WHERE game_id = ? AND rank = ?', early.gameId, POT_REFUND);
  const old = replayStoredGame(early.path, early.gameId);
  assert.equal(old.matchesStored, false);
  assert.equal(old.explained, true);
  assert.deepEqual(old.refund!.rulesChangedSince, [MATCH_REFUNDS_SINCE.phom]);
  assert.match(
    replaySummary([old]),
    /refund rows differ from the engine's refund: 1, 1 of them explained \(ended before refunds were stored/,
  );
  assert.equal((await cli('replay-db', '--db', early.path, '--game-id', early.gameId)).code, 0);
  // Played after the release's date, on a server that upgraded later: the database holds no refund
  // stored before the match's end, so it is explained too.
  const later = ended(t);
  await edit(later.path, 'DELETE FROM results WHERE game_id = ? AND rank = ?', later.gameId, POT_REFUND);
  const upgradedLater = replayStoredGame(later.path, later.gameId);
  assert.equal(upgradedLater.explained, true);
  assert.deepEqual(upgradedLater.refund!.rulesChangedSince, [MATCH_REFUNDS_SINCE.phom]);
  assert.equal((await cli('replay-db', '--db', later.path, '--game-id', later.gameId)).code, 0);
});

test('refund rows stored for a match still open are a mismatch (the engine gives nothing back before the end)', async (t) => {
  const { path, gameId } = ended(t);
  await edit(path, "UPDATE games SET status = 'running' WHERE id = ?", gameId);
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.refund!.same, false);
  assert.ok(rep.refund!.replayed.every((v) => v === 0));
  assert.equal(rep.explained, false);
});

test('a refund that differs after a hand a rule fix explains is explained by the same fixes', async (t) => {
  // Played before Phỏm's first rule fix: hand 0 stored as other than its replay (a stand-in for a fix).
  const { path, gameId } = ended(t, false, Date.parse(RULE_CHANGES.phom[0]!.at) - 5 * 86_400_000);
  await edit(path, 'UPDATE results SET points = points + 1 WHERE game_id = ? AND hand = 0 AND seat = 0', gameId);
  await edit(path, 'UPDATE results SET points = points - 1 WHERE game_id = ? AND hand = 0 AND seat = 1', gameId);
  await edit(
    path,
    'UPDATE results SET points = points + 1 WHERE rowid = (SELECT MIN(rowid) FROM results WHERE game_id = ? AND rank = ?)',
    gameId,
    POT_REFUND,
  );
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.hands[0]!.same, false);
  assert.equal(rep.refund!.same, false);
  assert.deepEqual(rep.refund!.rulesChangedSince, rep.hands[0]!.rulesChangedSince);
  assert.equal(rep.explained, true);
});
