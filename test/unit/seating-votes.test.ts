/**
 * A player's votes leave with them (src/table/seating.ts `dropVotes`): a pause vote cast before they
 * left the table (between hands, or during a hand) is not counted again once they take a seat again;
 * nor is one kept from before this rule (a stored vote of a newcomer).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { leaveConfirmed, rig, type Rig } from '../support/table-rig.js';

const phom = engineOf('phom');
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'pause' | 'leave-seat' | 'next-hand', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg ? { arg } : {}) });
const takeSeat = (r: Rig, userId: string, seat: number) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: 0, verb: 'take-seat', arg: String(seat), displayName: userId });

/** Plays the hand out by timeouts (on-timeout default: the seats stay their players'). */
function finishHand(r: Rig): void {
  for (let i = 0; i < 200; i++) {
    if (phom.result(r.store.games.load(r.gameId)!.state)) return;
    const t = r.store.timers.forGame(r.gameId)[0];
    assert.ok(t, 'a person must be pending while the hand runs');
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  assert.fail('the hand did not end');
}

/** Two people (u0 hosts, u1) and two AIs at Phỏm, a hand in play, every deadline played by the default. */
function twoPeople(): Rig {
  for (let k = 0; ; k++) {
    const seed = `seating-votes-${k}`;
    const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed });
    if (phom.result(initialState(phom, row(r).options, 4, seed)) !== null) continue;
    assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
    return r;
  }
}

/** u1 is seated again at seat 1 and the next hand is dealt: u0 votes to pause, one vote of two. */
function pauseAfterReseat(r: Rig): void {
  assert.equal(takeSeat(r, 'u1', 1).outcome.ok, true, 'u1 takes the seat again');
  assert.equal(table(r, 'u0', 'next-hand', String(row(r).handIndex)).outcome.ok, true);
  assert.equal(row(r).status, 'running');
  const v = table(r, 'u0', 'pause');
  assert.equal(v.outcome.ok, true);
  assert.equal(row(r).status, 'running', "u1's old pause vote is not counted again: one vote of two pauses nothing");
  assert.deepEqual(row(r).pauseVotes, ['pause:u0']);
}

test('leaving between hands drops the leaver’s pause vote: seated again, it does not count', () => {
  const r = twoPeople();
  assert.equal(table(r, 'u1', 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, ['pause:u1'], 'one vote of two: a vote, no pause');
  finishHand(r);
  assert.equal(leaveConfirmed(r, 'u1').outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[1]!.userId, null);
  assert.deepEqual(row(r).pauseVotes, [], 'their vote left with them');
  pauseAfterReseat(r);
});

test('leaving during a hand drops the leaver’s pause vote at once: seated again, it does not count', () => {
  const r = twoPeople();
  assert.equal(table(r, 'u1', 'pause').outcome.ok, true);
  assert.equal(leaveConfirmed(r, 'u1').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, [], 'their vote left with them');
  finishHand(r);
  assert.equal(r.store.games.seats(r.gameId)[1]!.userId, null, 'vacated at the result');
  pauseAfterReseat(r);
});

test('a vote kept from before (a leaver’s, stored) does not count for one who takes a seat again', () => {
  const r = twoPeople();
  finishHand(r);
  assert.equal(leaveConfirmed(r, 'u1').outcome.ok, true);
  // As a table left before leavers' votes were dropped has it stored.
  r.store.db.prepare('UPDATE games SET pause_votes = ? WHERE id = ?').run(JSON.stringify(['pause:u1']), r.gameId);
  pauseAfterReseat(r);
});

test('a member gone from the server: their vote goes, the others stay', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: 'seating-votes-gone' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(table(r, 'u1', 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, ['pause:u1']);
  assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u2' }).outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, ['pause:u1'], "another's vote stays");
  assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u1' }).outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, []);
});
