/**
 * `score --game phom` input contract: a documented true/false field given as text or a number is an
 * error (`eats[].chot: "true"` was paid as a plain eat, `eats[].uTurn: "true"` lost the đánh-chốt
 * đền), and the optional `mom` check runs on every end (the Ù winner marked Móm was accepted).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';

type Out = { valid: boolean; reason?: string; deltas?: number[]; den?: { trigger: string } | null; mom?: boolean[] };
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ok = (x: unknown): Out => {
  const r = score(x);
  assert.equal(r.valid, true, r.reason);
  return r;
};
const bad = (x: unknown, reason: string | RegExp) => {
  const r = score(x);
  assert.equal(r.valid, false, JSON.stringify(x));
  if (typeof reason === 'string') assert.equal(r.reason, reason);
  else assert.match(r.reason!, reason);
};

// phom.md §14 Ex 7 (3 players, ranked end), P1 ate QD from P0.
const EX7 = [
  { phom: '[4S 5S 6S 7S 8S] [10H 10C 10D]', loose: '8H 2D QC' },
  { phom: [['JD', 'QD', 'KD']], loose: ['3C', '5H', 'AD', '2C'] },
  { loose: '9S 3H 3D 6C 7H JC 5D 9C 4C' },
];
// P0 wins by Ù having eaten the chốt QD from P2 in its Ù turn.
const U_END = [
  { phom: '[4S 5S 6S 7S 8S] [10H 10C 10D] [JD QD KD]', loose: '', u: true },
  { loose: ['3C', '5H', 'AD', '2C'] },
  { loose: '9S 3H 3D 6C 7H JC 5D 9C 4C' },
];

test('eats[].chot must be true or false: "true" is an error, not a plain eat', () => {
  const plain = ok({ first: 0, seats: EX7, eats: [{ eater: 1, card: 'QD' }] });
  const chot = ok({ first: 0, seats: EX7, eats: [{ eater: 1, card: 'QD', chot: true }] });
  assert.notDeepEqual(chot.deltas, plain.deltas);
  assert.deepEqual(chot.deltas, [-5, 9, -4]);
  assert.deepEqual(ok({ first: 0, seats: EX7, eats: [{ eater: 1, card: 'QD', chot: false }] }).deltas, plain.deltas);
  for (const v of ['true', 'false', 1, 0, null])
    bad(
      { first: 0, seats: EX7, eats: [{ eater: 1, card: 'QD', chot: v }] },
      `eats[0].chot must be true or false, not ${JSON.stringify(v)}`,
    );
});

test('eats[].uTurn must be true or false: "true" is an error, not a lost đánh-chốt đền', () => {
  const eat = { eater: 0, victim: 2, card: 'QD', chot: true };
  const den = ok({ seats: U_END, eats: [{ ...eat, uTurn: true }] });
  assert.deepEqual(den.deltas, [24, 0, -24]);
  assert.equal(den.den?.trigger, 'den-danh-chot');
  assert.equal(ok({ seats: U_END, eats: [{ ...eat, uTurn: false }] }).den, null);
  for (const v of ['true', 1, 'yes'])
    bad({ seats: U_END, eats: [{ ...eat, uTurn: v }] }, `eats[0].uTurn must be true or false, not ${JSON.stringify(v)}`);
});

test('seats[].mom and seats[].left must be true or false', () => {
  bad({ first: 0, seats: [EX7[0], EX7[1], { ...EX7[2], mom: 'true' }] }, 'seats[2].mom must be true or false, not "true"');
  bad({ first: 0, seats: [EX7[0], { ...EX7[1], left: 1 }, EX7[2]] }, 'seats[1].left must be true or false, not 1');
  bad({ seats: [U_END[0], U_END[1], { ...U_END[2], mom: 1 }] }, 'seats[2].mom must be true or false, not 1');
});

test('the mom check runs on an Ù end too: the winner is never Móm; the losers, all Bét, are not checked', () => {
  // The audit's case: the Ù winner, holding phỏm, marked Móm.
  bad(
    { first: 0, seats: [{ ...U_END[0], loose: '8H', mom: true }, U_END[1], U_END[2]] },
    'seats[0] is marked Móm but won by Ù: the Ù winner is never Móm (phom.md §8.2, §9.2)',
  );
  ok({ seats: [{ ...U_END[0], mom: false }, U_END[1], U_END[2]] });
  // Losers: the hand stopped before their lay-downs and every one is Bét (§8.2): either flag is taken.
  for (const mom of [true, false]) {
    const r = ok({ seats: [U_END[0], { ...U_END[1], mom }, { phom: '[2D 2H 2S]', loose: '4H', mom }] });
    assert.deepEqual(r.mom, [false, false, false]);
  }
  // Ù khan: no phỏm, still the winner, never Móm.
  const khan = { loose: 'AS 4S 7S 10S KS 2C 5C 8C JC 3D', u: 'khan' };
  ok({ seats: [{ ...khan, mom: false }, {}, {}] });
  bad({ seats: [{ ...khan, mom: true }, {}, {}] }, /won by Ù: the Ù winner is never Móm/);
  // Ranked ends: as before.
  ok({ first: 0, seats: [EX7[0], { ...EX7[1], mom: false }, { ...EX7[2], mom: true }] });
  bad({ first: 0, seats: [{ ...EX7[0], mom: true }, EX7[1], EX7[2]] }, /seats\[0\] is marked Móm but laid phỏm/);
});
