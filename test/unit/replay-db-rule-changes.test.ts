/**
 * `cli replay-db` after an upgrade (found by the upgrade audit): a rule fix changes how an older
 * hand replays (Chắn's Bạch thủ, 2f5dcf4), and replay-db failed the upgraded database as if it were
 * damaged. A hand that differs and was stored before a registered rule change
 * (store/rule-changes.ts) is now reported with those changes and does not fail the run; one
 * stored after them still does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { replayStoredGame } from '../../src/cli/replay-db.js';
import { RULE_CHANGES, ruleChangesSince } from '../../src/store/rule-changes.js';
import { cli } from './cli-capture.js';

const CHANGE = Date.parse(RULE_CHANGES.chan[0]!.at);

/** A file with one Chắn game whose first hand's stored result says otherwise than its replay, stored at `at`. */
function tampered(at: number): { path: string; gameId: string } {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { now: at, seed: 'c1' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  // Chắn's default turns have no deadline, so the rig's clock ran far ahead: the hand is dated here.
  r.store.db.prepare('UPDATE results SET created_at = ? WHERE game_id = ?').run(at, r.gameId);
  r.store.db.prepare('UPDATE results SET points = points + 1 WHERE game_id = ? AND hand = 0 AND seat = 0').run(r.gameId);
  r.store.db.prepare('UPDATE results SET points = points - 1 WHERE game_id = ? AND hand = 0 AND seat = 1').run(r.gameId);
  const path = join(mkdtempSync(join(tmpdir(), 'hq-rules-')), 'hq.db');
  writeFileSync(path, r.store.db.serialize());
  r.store.close();
  return { path, gameId: r.gameId };
}

test('a hand stored before a rule change that differs on replay is named with the change and does not fail replay-db', async () => {
  const { path, gameId } = tampered(CHANGE - 3_600_000);
  const rep = replayStoredGame(path, gameId);
  assert.equal(rep.matchesStored, false);
  assert.equal(rep.explained, true);
  const h = rep.hands.find((x) => !x.same)!;
  assert.deepEqual(h.rulesChangedSince, ruleChangesSince('chan', CHANGE - 3_600_000));
  assert.match(h.rulesChangedSince![0]!.what, /Bạch thủ/);
  const run = await cli('replay-db', '--db', path, '--all');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /"rulesChangedSince"/);
});

test('a hand stored after every rule change that differs on replay still fails replay-db', async () => {
  const { path, gameId } = tampered(CHANGE + 3_600_000);
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
