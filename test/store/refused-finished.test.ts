/**
 * A running match whose log today's engine refuses is ended by its next command
 * (test/unit/table-rules-changed.test.ts). Once it was 'finished', `GameStore.load` replayed it again
 * without catching the refusal (only running and paused games did): every later command of it threw,
 * a click on its old buttons and housekeeping's sync of its end-of-match post alike. A finished game
 * now loads with `refused` too, and src/table/act.ts ends only running or paused matches on it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { refusedTail } from '../support/refused-tail.js';
import type { Rig } from '../support/table-rig.js';

test('after the refused match is ended, a later click is answered (the match is over), not thrown', () => {
  const r = refusedTail();
  const first = r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' });
  assert.equal(first.outcome.refusal?.key, 'errors:rules-changed');
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'finished');
  const loaded = r.store.games.load(r.gameId)!;
  assert.equal(loaded.refused?.seq, row.version, 'the finished game loads with the entry refused');
  let again: ReturnType<Rig['run']> | undefined;
  assert.doesNotThrow(() => (again = r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' })), 'a click on the ended match');
  assert.equal(again?.outcome.refusal?.key, 'errors:game-ended');
  assert.equal(r.store.games.get(r.gameId)!.version, row.version, 'nothing is logged');
});

test("housekeeping's sync of the ended match (its end-of-match post failed) is answered, not thrown every round", () => {
  const r = refusedTail();
  r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' });
  const version = r.store.games.get(r.gameId)!.version;
  assert.doesNotThrow(() => r.run({ kind: 'sync', gameId: r.gameId }));
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual([row.status, row.version], ['finished', version], 'it stays ended, nothing logged');
});
