/**
 * A match ran across a rule-fix upgrade, its now-refused move BEFORE its latest snapshot: the bot
 * loads it from the snapshot and it goes on after the upgrade (the refusal is never met live).
 * replay-db then meets the refused entry, and judged "played before the rule fix" by the game's LAST
 * move (after every fix): it called the game unexplained damage and `replay-db --all` stopped on it.
 * The refused entry is now dated by its own time.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { replayAllGames, replayStoredGame, ReplayFailure } from '../../src/cli/replay-db.js';
import { RULE_CHANGES } from '../../src/store/rule-changes.js';
import { snapshotFormat } from '../../src/store/games.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

const DAY = 86_400_000;

/** A file with the match; the refused move is played at `refusedAt`, the moves after it a day after every fix. */
function continued(refusedAt: number): { path: string; gameId: string; seq: number } {
  const r = rig('phom', ['human', 'ai', 'human', 'ai'], { seed: 'continued', now: refusedAt - DAY });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r);
  assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'next-hand' }).outcome.ok);
  // The old engine accepted a move today's refuses (a no-op here), and the snapshot taken after it
  // holds the state the table went on from.
  const row = r.store.games.get(r.gameId)!;
  const state = r.store.games.state(row);
  const seq = row.version + 1;
  r.store.db
    .prepare('INSERT INTO actions (game_id, seq, hand, seat, action, source, user_id, created_at) VALUES (?, ?, ?, 1, ?, ?, ?, ?)')
    .run(r.gameId, seq, row.handIndex, JSON.stringify({ type: 'discard', card: 'ZZ' }), 'player', 'u1', refusedAt);
  r.store.db.prepare('UPDATE games SET version = ? WHERE id = ?').run(seq, r.gameId);
  r.store.db
    .prepare(
      'INSERT INTO snapshots (game_id, version, state, format) VALUES (?, ?, ?, ?) ON CONFLICT(game_id) DO UPDATE SET version = excluded.version, state = excluded.state, format = excluded.format',
    )
    .run(r.gameId, seq, JSON.stringify(state), snapshotFormat('phom', engineOf('phom')));
  r.store.games.forgetCache(); // the upgrade's restart
  // After the upgrade (every rule fix in), the match goes on from the snapshot.
  r.clock.t = Date.parse(RULE_CHANGES.phom.at(-1)!.at) + DAY;
  for (let i = 0; i < 5; i++) {
    const x = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t += 60_000;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline });
  }
  assert.ok(r.store.games.get(r.gameId)!.version > seq + 2, 'the match went on after the upgrade');
  const path = join(tempDir('hq-refused-continued-'), 'hq.db');
  writeFileSync(path, r.store.db.serialize());
  r.store.close();
  return { path, gameId: r.gameId, seq };
}

const failure = (path: string, id: string): ReplayFailure => {
  try {
    replayStoredGame(path, id);
  } catch (e) {
    if (e instanceof ReplayFailure) return e;
    throw e;
  }
  assert.fail('the log does not replay today');
};

test('a refused move played before a rule fix is explained though the match went on after the upgrade', () => {
  const { path, gameId, seq } = continued(Date.parse(RULE_CHANGES.phom[0]!.at) - DAY);
  const err = failure(path, gameId);
  assert.match(err.message, new RegExp(`log entry ${seq} was rejected on replay`));
  assert.ok(err.rulesChangedSince.length > 0, `the refused entry (played before the fixes) is explained: ${err.message}`);
  assert.match(err.message, /the move refused was played before these rule changes/);
  let all: ReturnType<typeof replayAllGames> = [];
  assert.doesNotThrow(() => (all = replayAllGames(path)), 'replay-db --all reports it in its place instead of stopping');
  assert.deepEqual(
    all.map((g) => [g.gameId, g.explained, !!g.error]),
    [[gameId, true, true]],
  );
});

test('a refused move played after every rule fix is still damage, whatever came after it', () => {
  const { path, gameId } = continued(Date.parse(RULE_CHANGES.phom.at(-1)!.at) + 3_600_000);
  assert.deepEqual(failure(path, gameId).rulesChangedSince, []);
  assert.throws(() => replayAllGames(path), ReplayFailure);
});
