/**
 * A pause vote is about the hand it was cast in (act.ts `dealNextHand`): a vote of hand 0 was kept in
 * the game row and counted with one cast days later in hand 1, pausing the table at once though the
 * table never showed the old vote.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { rig, type Rig } from '../support/table-rig.js';

const phom = engineOf('phom');
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'pause' | 'next-hand', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg !== undefined ? { arg } : {}) });

/** Times out whoever is pending until the hand ends. */
function finishHand(r: Rig): void {
  for (let i = 0; i < 400 && !phom.result(r.store.games.load(r.gameId)!.state); i++) {
    const t = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t = Math.max(r.clock.t, t.deadline + 1);
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  assert.ok(phom.result(r.store.games.load(r.gameId)!.state), 'the hand ended');
}

test('a pause vote of an earlier hand does not count with a new one', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: 'pause-votes', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(table(r, 'u0', 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, ['pause:u0'], '1 of 2');
  finishHand(r);
  assert.equal(table(r, 'u0', 'next-hand', String(row(r).handIndex)).outcome.ok, true);
  assert.equal(row(r).handIndex, 1);
  assert.deepEqual(row(r).pauseVotes, [], 'the new hand starts without votes to pause');
  r.clock.t += 3 * 86_400_000;
  assert.equal(table(r, 'u1', 'pause').outcome.ok, true);
  assert.equal(row(r).status, 'running', 'one vote of the two needed');
  assert.equal(table(r, 'u2', 'pause').outcome.ok, true);
  assert.equal(row(r).status, 'paused', 'two of this hand');
});
