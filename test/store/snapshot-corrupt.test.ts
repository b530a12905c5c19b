/**
 * A snapshot is only a cache (src/store/replay.ts; the log is the truth): a damaged snapshot row (a
 * torn write, a bad restore) must not make a table unloadable. `GameStore.state` parsed it with no
 * fallback, and its SyntaxError escaped `load` (which catches only a refused log entry): nobody could
 * move the table or end it. Now the whole log replays, the row is rewritten, and a warning is told.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutNext, type Rig } from '../support/table-rig.js';
import { refusedTail } from '../support/refused-tail.js';
import { GAMES } from '../../src/table/manifests.js';

const snapshot = (r: Rig) =>
  r.store.db.prepare('SELECT version, state FROM snapshots WHERE game_id = ?').get(r.gameId) as
    { version: number; state: string } | undefined;

/** A running Phỏm table with a snapshot, `after` moves past it. */
function tableWithSnapshot(after = 0): Rig {
  const r = rig('phom', ['human', 'ai', 'human', 'ai'], { seed: 'snap-corrupt' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let i = 0; i < 200 && !snapshot(r); i++) timeOutNext(r);
  assert.ok(snapshot(r), 'a snapshot was written');
  for (let i = 0; i < after; i++) timeOutNext(r);
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  return r;
}

/** The state now, the snapshot damaged by `damage`, and the warnings told after it. */
function damaged(r: Rig, damage: string): { before: unknown; warnings: string[] } {
  const before = r.store.games.state(r.store.games.get(r.gameId)!);
  r.store.db.prepare(`UPDATE snapshots SET state = ${damage} WHERE game_id = ?`).run(r.gameId);
  r.store.games.forgetCache(); // a restart
  const warnings: string[] = [];
  r.store.games.warn = (m, f) => warnings.push(`${f.gameId} ${m}`);
  return { before, warnings };
}

test('a truncated snapshot row: the table loads from the log, the row is rewritten, a warning is told', () => {
  const r = tableWithSnapshot();
  const { before, warnings } = damaged(r, 'substr(state, 1, 50)');
  let res: ReturnType<Rig['run']> | undefined;
  assert.doesNotThrow(() => (res = r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' })), 'the table still loads');
  assert.equal(res!.outcome.ok, true);
  assert.deepEqual(r.store.games.state(r.store.games.get(r.gameId)!), before, 'the state the log gives');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0]!, new RegExp(`^${r.gameId} game ${r.gameId}: the snapshot at version \\d+ is damaged`));
  // The row is a state again, at the version it was rebuilt for: the next rebuild starts from it.
  const snap = snapshot(r)!;
  assert.equal(snap.version, r.store.games.get(r.gameId)!.version);
  assert.deepEqual(JSON.parse(snap.state), before);
  r.store.games.forgetCache();
  r.store.games.state(r.store.games.get(r.gameId)!);
  assert.equal(warnings.length, 1, 'read once more, nothing is damaged');
});

test('a snapshot row that parses but is no state ("null") falls back to the log; the match goes on', () => {
  const r = tableWithSnapshot();
  const { before, warnings } = damaged(r, "'null'");
  assert.doesNotThrow(() => r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' }), 'the table still loads');
  assert.deepEqual(r.store.games.state(r.store.games.get(r.gameId)!), before);
  assert.match(warnings.join('\n'), /not a game state \(null\)/);
  const v = r.store.games.get(r.gameId)!.version;
  timeOutNext(r);
  assert.ok(r.store.games.get(r.gameId)!.version > v, 'a timeout moves it');
});

test('a snapshot the log tail after it does not fit (an object that is no state) falls back to the whole log', () => {
  const r = tableWithSnapshot(3);
  const { before, warnings } = damaged(r, "'{}'");
  assert.ok(snapshot(r)!.version < r.store.games.get(r.gameId)!.version, 'entries follow the snapshot');
  assert.doesNotThrow(() => r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' }));
  assert.deepEqual(r.store.games.state(r.store.games.get(r.gameId)!), before);
  assert.equal(warnings.length, 1);
});

test('a move refused after a sound snapshot (a rule fix since) is not taken for damage: only the tail replays', () => {
  const r = refusedTail(3);
  const snap = r.store.db.prepare('SELECT version FROM snapshots WHERE game_id = ?').get(r.gameId) as { version: number };
  const version = r.store.games.get(r.gameId)!.version;
  const engine = GAMES.phom.engine as { apply: (...a: unknown[]) => unknown };
  const real = engine.apply;
  let applied = 0;
  engine.apply = (...a: unknown[]) => (applied++, real.apply(engine, a));
  try {
    assert.equal(r.store.games.load(r.gameId)!.refused?.seq, version);
  } finally {
    engine.apply = real;
  }
  assert.ok(applied <= version - snap.version, `applied ${applied} engine moves; the tail after the snapshot is ${version - snap.version}`);
});
