/**
 * The vote that would end the match at once (absent.ts `askEnd`) asks first, as End match does: with
 * two people at a table one click of "End the match" on the reminder ended it for everyone. Its
 * "Yes, end the match" names the decision voted about: once that seat moved, it changes nothing.
 * A vote that does not decide yet, and "AI plays for X", ask nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';

const H = 3600_000;

/** Reminds every due seat until `until` (as the scheduler does). */
function remindUntil(r: Rig, until: number): void {
  for (let i = 0; i < 100; i++) {
    const due = r.store.timers.remindersDue(until).sort((a, b) => a.remindAt! - b.remindAt!)[0];
    if (!due) break;
    r.clock.t = due.remindAt!;
    r.run({ kind: 'remind', gameId: r.gameId, seat: due.seat });
  }
  r.clock.t = until;
}

/** A Chắn table without deadlines whose waiting person has been reminded enough for the vote. */
function waiting(people: number) {
  const seats = [...Array(people).fill('human'), ...Array(4 - people).fill('ai')] as ('human' | 'ai')[];
  const r = rig('chan', seats, { timer: { name: 'async' } });
  const t0 = r.clock.t;
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.kind === 'turn')!;
  remindUntil(r, t0 + 50 * H);
  const vote = (userId: string, verb: 'absent-ai' | 'absent-end', arg = String(timer.seat)) =>
    r.run({ kind: 'table', gameId: r.gameId, userId, ver: 0, verb, arg });
  return { r, absent: timer.seat, vote };
}

test('two people: End the match asks first (twice: nothing), its Yes ends the match', () => {
  const { r, absent, vote } = waiting(2);
  const other = `u${absent === 0 ? 1 : 0}`;
  const before = r.store.games.get(r.gameId)!;
  for (let k = 0; k < 2; k++) {
    const ask = vote(other, 'absent-end');
    assert.equal(ask.outcome.ok, false);
    assert.equal(ask.outcome.refusal?.key, 'common:end-match.vote-confirm');
    assert.equal(ask.outcome.confirm?.verb, 'absent-end');
    assert.match(ask.outcome.confirm!.arg, new RegExp(`^confirm\\.${absent}\\.\\d+$`));
    assert.equal(ask.outcome.confirm?.label, 'common:button.end-match-confirm');
    assert.deepEqual(ask.effects, []);
  }
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual(
    [row.status, row.version, row.publicAt, row.pauseVotes],
    [before.status, before.version, before.publicAt, before.pauseVotes],
  );
  const yes = vote(other, 'absent-end', vote(other, 'absent-end').outcome.confirm!.arg);
  assert.equal(yes.outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  assert.ok(yes.effects.some((e) => e.kind === 'end-match'));
});

test('"AI plays for X" asks nothing; a Yes asked before the seat moved is out of date', () => {
  const { r, absent, vote } = waiting(2);
  const other = `u${absent === 0 ? 1 : 0}`;
  const arg = vote(other, 'absent-end').outcome.confirm!.arg;
  // The Yes of an End the match question is no "AI plays for" vote.
  assert.equal(vote(other, 'absent-ai', arg).outcome.refusal?.key, 'errors:stale');
  const ai = vote(other, 'absent-ai');
  assert.equal(ai.outcome.ok, true);
  assert.equal(ai.outcome.confirm, undefined);
  assert.equal(r.store.games.seats(r.gameId)[absent]!.isAi, true, 'the AI plays the seat at once');
  const late = vote(other, 'absent-end', arg);
  assert.equal(late.outcome.ok, false);
  assert.equal(r.store.games.get(r.gameId)!.status, 'running', 'the old question ends nothing');
});

test('three people: the first End the match vote counts without a question; the deciding one asks', () => {
  const { r, absent, vote } = waiting(3);
  const [a, b] = [0, 1, 2].filter((s) => s !== absent).map((s) => `u${s}`);
  const first = vote(a!, 'absent-end');
  assert.equal(first.outcome.ok, true);
  assert.equal(first.outcome.confirm, undefined);
  assert.equal(r.store.games.get(r.gameId)!.pauseVotes.length, 1, 'the vote is counted');
  const ask = vote(b!, 'absent-end');
  assert.equal(ask.outcome.refusal?.key, 'common:end-match.vote-confirm');
  assert.equal(r.store.games.get(r.gameId)!.status, 'running');
  assert.equal(vote(b!, 'absent-end', ask.outcome.confirm!.arg).outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
});
