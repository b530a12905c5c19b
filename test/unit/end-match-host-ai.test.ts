/**
 * End match is the host's while the host plays their own seat: once the AI holds it (a turn that ran
 * out with on-timeout `ai`), the people still playing may end the match (act.ts 'end-match'); before,
 * they could only press Next hand until the idle end. And the last person asking to leave during a
 * hand is told to finish the hand first (End match is not offered then), not "end the match instead".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, playWithAi, leaveConfirmed, endMatchConfirmed } from '../support/table-rig.js';

test("the host's seat held by the AI: another player may End match; while the host plays it, not", () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', timer: { name: 'live' }, seed: 'host-ai-1' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  // Deadlines run out until the host's seat 0 passes to the AI; u1 takes theirs back each time.
  for (let i = 0; i < 200 && !r.store.games.seats(r.gameId)[0]!.isAi; i++) {
    const x = r.store.timers.forGame(r.gameId)[0];
    if (!x) break;
    r.clock.t = x.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline });
    if (r.store.games.seats(r.gameId)[1]!.isAi) r.run({ kind: 'hand', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'retake' });
  }
  assert.equal(r.store.games.seats(r.gameId)[0]!.isAi, true, 'the AI plays the host seat');
  playWithAi(r);
  const hand = String(r.store.games.get(r.gameId)!.handIndex);
  const end = endMatchConfirmed(r, 'u1', hand);
  assert.equal(end.outcome.ok, true, `refused: ${end.outcome.refusal?.key}`);
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
});

test('the host playing their own seat: End match stays theirs', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timer: { name: 'live' }, seed: 'host-ai-2' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  playWithAi(r);
  const hand = String(r.store.games.get(r.gameId)!.handIndex);
  const end = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'end-match', arg: hand });
  assert.equal(end.outcome.refusal?.key, 'errors:host-only');
});

test('the last person asking to leave during a hand is told to finish the hand, then end the match', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timer: { name: 'live' }, seed: 'last-1' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(leaveConfirmed(r, 'u0').outcome.ok, true, 'u0 leaves during the hand');
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'leave-seat' });
  assert.equal(ask.outcome.refusal?.key, 'errors:last-player-hand');
});
