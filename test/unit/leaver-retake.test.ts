/**
 * A Phỏm player who left during the hand (phom.md §11.3) while the AI held their seat could press
 * "Take my seat back": the seat's AI flag flipped and the table said they were back, for a seat that
 * goes to the AI at the hand's result anyway. Their view offers no such button now, a click is
 * refused, and a vote of theirs is refused saying why (not "take your seat back to vote").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { leaveConfirmed, rig, timeOutUntilAiHolds } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';

const phom = engineOf('phom');

test('a player who left during the hand cannot take back the seat the AI holds, nor vote', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'leaver-retake' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seats = () => r.store.games.seats(r.gameId);
  timeOutUntilAiHolds(r, 1, [0], 60);
  assert.equal(seats()[1]!.isAi, true, "u1's seat is AI-held");
  assert.equal(leaveConfirmed(r, 'u1').outcome.ok, true);
  assert.ok(!phom.result(r.store.games.load(r.gameId)!.state), 'the hand runs on');
  const view = handView(r.ts.load(r.gameId)!, 1, 'en');
  assert.ok(!view.rows.flat().some((c) => c.verb === 'retake'), 'no Take my seat back');
  const back = r.run({ kind: 'hand', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'retake' });
  assert.equal(back.outcome.refusal?.key, 'errors:left-this-hand');
  assert.deepEqual(back.effects, [], 'nothing shown');
  assert.equal(seats()[1]!.isAi, true);
  const ver = r.store.games.get(r.gameId)!.version;
  const pause = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver, verb: 'pause' });
  assert.equal(pause.outcome.refusal?.key, 'errors:left-this-hand');
});

test('the host who left during the hand and then the server passes the host to a person playing their own seat first', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { timeoutPolicy: 'ai', seed: 'leaver-host' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seats = () => r.store.games.seats(r.gameId);
  // u1's turn runs out: the AI holds seat 1; u0 and u2 take theirs back whenever theirs run out.
  timeOutUntilAiHolds(r, 1, [0, 2], 80);
  assert.equal(seats()[1]!.isAi, true);
  assert.equal(leaveConfirmed(r, 'u0').outcome.ok, true);
  assert.ok(!phom.result(r.store.games.load(r.gameId)!.state), 'the hand runs on');
  assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.hostUserId, 'u2', 'u2 plays their own seat; u1 is only AI-held');
});
