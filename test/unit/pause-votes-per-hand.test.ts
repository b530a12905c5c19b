/**
 * A pause vote is about the hand it was cast in (act.ts `dealNextHand`): a vote of hand 0 was kept in
 * the game row and counted with one cast days later in hand 1, pausing the table at once though the
 * table never showed the old vote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult, type Rig } from '../support/table-rig.js';

const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'pause' | 'next-hand', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg !== undefined ? { arg } : {}) });

test('a pause vote of an earlier hand does not count with a new one', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: 'pause-votes', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(table(r, 'u0', 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, ['pause:u0'], '1 of 2');
  timeOutToResult(r, 400);
  assert.equal(table(r, 'u0', 'next-hand', String(row(r).handIndex)).outcome.ok, true);
  assert.equal(row(r).handIndex, 1);
  assert.deepEqual(row(r).pauseVotes, [], 'the new hand starts without votes to pause');
  r.clock.t += 3 * 86_400_000;
  assert.equal(table(r, 'u1', 'pause').outcome.ok, true);
  assert.equal(row(r).status, 'running', 'one vote of the two needed');
  assert.equal(table(r, 'u2', 'pause').outcome.ok, true);
  assert.equal(row(r).status, 'paused', 'two of this hand');
});
