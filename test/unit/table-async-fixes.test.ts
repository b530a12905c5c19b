/**
 * Play over days (src/table/act.ts, absent.ts): a paused table deals no hand and keeps its frozen
 * timers; votes count the people playing their own seats; /away plays from Start and at a
 * reminder; a resume reopens the thread and pings who must decide.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction } from '../../src/games/core/types.js';
import type { Effect } from '../../src/table/effects.js';

const H = 3600_000;
const phom = engineOf('phom');
const vote = (r: Rig, user: string, verb: 'pause' | 'resume') => r.run({ kind: 'table', gameId: r.gameId, userId: user, ver: 0, verb });
const noticeOf = (effects: Effect[]) => effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table')?.notice;

/** Plays (as the AI would) until the hand has a result. */
function playHand(r: Rig): void {
  for (let n = 0; n < 400; n++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) return;
    const d = r.pending()[0]!;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: t.engine.ai(t.state, d.seat) as BaseAction, ver: null });
    assert.equal(res.outcome.ok, true);
  }
  throw new Error('the hand did not end');
}

test('a paused table deals no next hand (it would have no deadlines after the resume); resumed, it does, with deadlines', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playHand(r);
  // Pause is refused at a result now (pause-at-result.test.ts); a table paused there before that
  // change is still in some databases.
  assert.equal(vote(r, 'u0', 'pause').outcome.refusal?.key, 'errors:stale');
  r.store.games.update(r.gameId, { status: 'paused' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  const next = () => r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' });
  assert.equal(next().outcome.refusal?.key, 'errors:paused');
  assert.equal(r.store.games.get(r.gameId)!.handIndex, 0);
  vote(r, 'u0', 'resume');
  vote(r, 'u1', 'resume');
  assert.equal(next().outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.handIndex, 1);
  assert.ok(r.store.timers.forGame(r.gameId).length > 0, 'the new hand has a deadline');
});

test('a timeout read just before a pause leaves the frozen timer as it is', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'live' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer);
  vote(r, 'u0', 'pause');
  vote(r, 'u1', 'pause');
  const frozen = r.store.timers.forGame(r.gameId);
  r.clock.t = timer.deadline! + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: timer.kind, deadline: timer.deadline });
  assert.equal(res.outcome.refusal?.key, 'errors:paused');
  assert.deepEqual(r.store.timers.forGame(r.gameId), frozen);
  vote(r, 'u0', 'resume');
  vote(r, 'u1', 'resume');
  assert.equal(r.store.timers.forGame(r.gameId).length, 1, 'the seat still has its deadline after the resume');
});

test('votes count the people playing their own seats: not a seat the AI holds, nor a vote cast before its voter was taken over', () => {
  const r = rig('phom', ['human', 'human', 'human', 'ai']);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  // u0 votes, then the AI takes u0's seat (absent): u0's vote no longer counts.
  assert.deepEqual(noticeOf(vote(r, 'u0', 'pause').effects), { key: 'vote', seat: 0, verb: 'pause', n: 1, needed: 2 });
  r.store.games.setSeatAi(r.gameId, 0, true);
  assert.equal(vote(r, 'u0', 'pause').outcome.refusal?.key, 'errors:vote-ai-seat');
  assert.deepEqual(noticeOf(vote(r, 'u1', 'pause').effects), { key: 'vote', seat: 1, verb: 'pause', n: 1, needed: 2 });
  vote(r, 'u2', 'pause');
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused', 'the two people playing decide');
  // One of them leaves it to the AI too: the one still playing resumes alone.
  r.store.games.setSeatAi(r.gameId, 2, true);
  const res = vote(r, 'u1', 'resume');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  // The resume reopens an archived thread and pings who must decide (the pause may have lasted days).
  assert.ok(res.effects.some((e) => e.kind === 'unarchive'));
  const ping = res.effects.find((e): e is Extract<Effect, { kind: 'ping' }> => e.kind === 'ping');
  const turn = r.pending().filter((d) => !r.store.games.seats(r.gameId)[d.seat]!.isAi);
  assert.deepEqual(
    ping?.turn ?? [],
    turn.map((d) => d.seat),
  );
});

test('/away plays for a player from Start, and at a reminder of a decision they had before going away', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'async' }, seed: 'away-start' });
  r.store.prefs.setAway('u1', r.clock.t + 48 * H);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.ok(
    r.pending().every((d) => d.seat === 0),
    'the table waits for u0 only: u1 is played for',
  );
  // u1 comes back (a click), then goes away again without clicking at the table.
  r.store.prefs.setAway('u1', null);
  for (let n = 0; n < 200 && r.pending()[0]!.seat !== 1; n++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) break;
    const d = r.pending()[0]!;
    r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: phom.ai(t.state, d.seat) as BaseAction, ver: null });
  }
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === 1);
  assert.ok(timer?.remindAt, 'u1 must decide, with a reminder due');
  r.store.prefs.setAway('u1', r.clock.t + 48 * H);
  r.clock.t = timer.remindAt!;
  const before = r.version();
  const res = r.run({ kind: 'remind', gameId: r.gameId, seat: 1 });
  assert.ok(!res.effects.some((e) => e.kind === 'remind'), 'no public reminder for an away player');
  const played = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before);
  assert.equal(played[0]?.seat, 1);
  assert.equal(played[0]?.source, 'away');
});

test('a turn reminder fired after its deadline passed (a late round) posts nothing: the timeout comes next', () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'live' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.kind === 'turn' && x.remindAt !== null);
  assert.ok(timer, 'a turn with a reminder');
  // Before the deadline: reminded as usual (the control).
  r.clock.t = timer.remindAt!;
  const early = r.run({ kind: 'remind', gameId: r.gameId, seat: timer.seat });
  assert.ok(early.effects.some((e) => e.kind === 'remind'));
  // The next hand's first reminder, fired only once the deadline is past: nothing is posted.
  const r2 = rig('phom', ['human', 'human'], { timer: { name: 'live' } });
  r2.run({ kind: 'start', gameId: r2.gameId, userId: 'u0' });
  const t2 = r2.store.timers.forGame(r2.gameId).find((x) => x.kind === 'turn' && x.remindAt !== null)!;
  r2.clock.t = t2.deadline + 1;
  const late = r2.run({ kind: 'remind', gameId: r2.gameId, seat: t2.seat });
  assert.ok(!late.effects.some((e) => e.kind === 'remind'), 'no "time is running out" after the time ran out');
  const expire = r2.run({ kind: 'timeout', gameId: r2.gameId, seat: t2.seat, timerKind: t2.kind });
  assert.equal(expire.outcome.ok, true, 'the timeout is played');
});

test('a repeat Pause vote completes the vote when fewer voters now make the earlier votes enough', () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  // Seat 0 has the first turn; two of the others vote.
  const t = r.store.timers.forGame(r.gameId)[0]!;
  assert.equal(t.seat, 0);
  assert.equal(vote(r, 'u2', 'pause').outcome.ok, true);
  assert.equal(vote(r, 'u3', 'pause').outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'running', '2 of 4: not yet');
  // u2 again, nothing changed: told where the vote stands.
  assert.equal(vote(r, 'u2', 'pause').outcome.refusal?.key, 'errors:already-voted');
  // Seat 0 goes to the AI (its timer ran out): 3 voters, 2 votes suffice; u2's click completes it.
  r.clock.t = t.deadline + 1;
  r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind });
  assert.equal(r.store.games.seats(r.gameId)[0]!.isAi, true);
  assert.equal(vote(r, 'u2', 'pause').outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
});
