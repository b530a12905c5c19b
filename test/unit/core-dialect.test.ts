import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interpolate, ruleFailer } from '../../src/games/core/errors.js';
import {
  openClaimWindow,
  recordAnswer,
  awaitingSeats,
  isAwaiting,
  isComplete,
  decideClaims,
  answerOf,
} from '../../src/games/core/claims.js';
import { copyState } from '../../src/games/core/copy.js';

// interpolation: every placeholder, all occurrences, unknown ones kept
test('interpolate fills every placeholder and keeps unknown ones', () => {
  assert.equal(interpolate('{{a}} and {{a}} then {{b}}', { a: 1 }), '1 and 1 then {{b}}');
  assert.equal(interpolate('no data {{x}}'), 'no data {{x}}');
});

test('ruleFailer namespaces the code and fills the message', () => {
  const fail = ruleFailer('phom', { 'card-not-in-hand': '{{card}} is not in your hand ({{card}}).' });
  const r = fail('card-not-in-hand', { card: '7H' });
  assert.equal(r.ok, false);
  assert.equal(r.error.code, 'phom/card-not-in-hand');
  assert.equal(r.error.message, '7H is not in your hand (7H).');
  assert.deepEqual(r.error.data, { card: '7H' });
  assert.equal('data' in fail('card-not-in-hand').error, false);
});

type Ans = { type: 'pass' } | { type: 'pung' } | { type: 'win' };
const rank = (a: Ans) => (a.type === 'win' ? 2 : a.type === 'pung' ? 1 : 0);

// claim window: who still answers, recording, priority, early decision
test('claim window records each seat once and never mutates its input', () => {
  const w = openClaimWindow<Ans>([2, 3, 0]);
  assert.deepEqual(awaitingSeats(w), [2, 3, 0]);
  const w2 = recordAnswer(w, 3, { type: 'pung' })!;
  assert.deepEqual(w.answers, [null, null, null]);
  assert.deepEqual(answerOf(w2, 3), { type: 'pung' });
  assert.equal(recordAnswer(w2, 3, { type: 'pass' }), null, 'a second answer is refused');
  assert.equal(recordAnswer(w2, 1, { type: 'pass' }), null, 'a seat outside the window is refused');
  assert.equal(isAwaiting(w2, 3), false);
  assert.equal(isAwaiting(w2, 2), true);
  assert.equal(isComplete(w2), false);
});

test('decideClaims waits only while an unanswered seat could still outrank the leader', () => {
  let w = openClaimWindow<Ans>([1, 2, 3]);
  const best = (seat: number) => (seat === 1 ? 0 : seat === 2 ? 1 : 2);
  w = recordAnswer(w, 2, { type: 'pung' })!;
  assert.deepEqual(decideClaims(w, rank, best), { decided: false }, 'seat 3 may still win');
  const passed = recordAnswer(w, 3, { type: 'pass' })!;
  assert.deepEqual(decideClaims(passed, rank, best), { decided: true, winner: { seat: 2, answer: { type: 'pung' } } });
  const won = recordAnswer(w, 3, { type: 'win' })!;
  assert.deepEqual(decideClaims(won, rank, best), { decided: true, winner: { seat: 3, answer: { type: 'win' } } });
  // a tie goes to the earlier seat of the window, so an earlier unanswered equal claim blocks
  let t = openClaimWindow<Ans>([1, 2]);
  t = recordAnswer(t, 2, { type: 'win' })!;
  assert.deepEqual(
    decideClaims(t, rank, () => 2),
    { decided: false },
  );
  const all = recordAnswer(openClaimWindow<Ans>([1, 2]), 1, { type: 'pass' })!;
  assert.deepEqual(
    decideClaims(recordAnswer(all, 2, { type: 'pass' })!, rank, () => 1),
    { decided: true, winner: null },
  );
});

test('copyState is a deep copy of plain data', () => {
  const s = { a: [1, [2, 3]], b: { c: 'x', d: null as null | number }, e: true };
  const c = copyState(s);
  assert.deepEqual(c, s);
  (c.a[1] as number[]).push(4);
  c.b.d = 5;
  assert.deepEqual(s, { a: [1, [2, 3]], b: { c: 'x', d: null }, e: true });
});
