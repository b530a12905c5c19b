/**
 * Pause only while a hand is in play (#13 §4): a Pause click from an older table message that
 * arrives after the hand ended is refused. Accepted, it paused a table whose result waits for Next
 * hand, which a paused table refuses: with its players gone it never moved again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';

test('a Pause at a hand’s result is refused as stale; the table stays running, its result up', () => {
  const r = rig('phom', ['human', 'ai'], { seed: 'p1' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = timeOutToResult(r);
  assert.ok(t.engine.result(t.state), 'at a result');
  const p = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'pause' });
  assert.equal(p.outcome.ok, false);
  assert.equal(p.outcome.refusal?.key, 'errors:stale');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
});
