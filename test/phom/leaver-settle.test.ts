/**
 * phom.md §11.3: a seat that left the hand "settles as Móm whatever its cards" — it pays, it is never
 * paid as Nhất. §9.4 (Móm in lay-down order; everybody Móm → the first to lay down is Nhất) applies
 * among the seats still playing; leavers rank after them (docs/rules-decisions.md §9.4 with §11.3).
 * The one exception: a leaver whose only legal move was Ù has it declared and is paid as any Ù
 * winner (docs/rules-decisions.md, "A tái eat that puts the whole hand in phỏm"), also in the score CLI.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';
import { applyOk, position } from './helpers.js';

type Out = { valid: boolean; reason?: string; ranking?: number[][]; deltas?: number[]; payments?: unknown[]; endedBy?: string };
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ok = (x: unknown): Out => {
  const r = score(x);
  assert.equal(r.valid, true, r.reason);
  return r;
};

test('§11.3 with §9.4 (2p): a leaver that laid down first is not Nhất when the seat still playing is Móm', () => {
  // Seat 1 ate seat 0's 2H (2H*, 1 bet), laid down first ([2C 2D 2H*], [5S 6S 7S]) and left: it is
  // played out. Seat 0 holds no phỏm, so its lay-down is Móm; the last discard fills every row.
  const s0 = position(
    {
      turn: 0,
      phase: 'take',
      starter: 0,
      hands: [
        ['AS', '3S', '8S', '10C', 'QC', '4D', '6D', '4H', '9H'],
        ['9D', 'JH', 'KC'],
      ],
      rows: [
        ['JS', 'QS', 'KS'],
        ['10S', 'JC', '7H', '8H'],
      ],
      melds: [
        { owner: 1, cards: ['2C', '2D', '2H'] },
        { owner: 1, cards: ['5S', '6S', '7S'] },
      ],
      layOrder: [1],
      lead: 1,
      eaten: [[], ['2H']],
      left: [1],
      stockTop: ['KD'],
    },
    2,
  );
  let s = applyOk(s0, 0, { type: 'draw' });
  s = applyOk(s, 0, { type: 'lay-down', melds: [] });
  s = applyOk(s, 0, { type: 'discard', card: 'KD' });
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'rank');
  assert.deepEqual(r.mom, [true, true]);
  // Seat 0, the only Móm seat still playing, is Nhất (§9.4); the leaver pays it the Móm amount (§10.2).
  assert.deepEqual(r.ranking, [[0], [1]], 'the leaver (Móm by §11.3) is ranked Nhất');
  assert.deepEqual(r.winners, [0]);
  assert.equal(r.nextStarter, 0);
  assert.deepEqual(r.payments.at(-1), { from: 1, to: 0, amount: 4, reason: 'mom' });
  // The eat payment of 2H* (seat 0 → seat 1, 1 bet) stands: 4 − 1.
  assert.deepEqual(r.deltas, [3, -3]);
});

test('§11.3 with §9.4 (3p): everybody Móm → the first of those still playing to lay down is Nhất; the leaver pays', () => {
  const r = ok({
    layOrder: [0, 1, 2],
    seats: [{ phom: '[5S 6S 7S]', loose: 'AD', left: true }, { loose: '2H 4C 9D QS' }, { loose: '3C 8H JD KS' }],
  });
  assert.deepEqual(r.ranking, [[1], [2], [0]]);
  assert.deepEqual(r.payments, [
    { from: 2, to: 1, amount: 4, reason: 'mom' },
    { from: 0, to: 1, amount: 4, reason: 'mom' },
  ]);
  assert.deepEqual(r.deltas, [-4, 8, -4]);
});

test('§11.3: leavers rank after the Móm seats still playing, in lay-down order among themselves', () => {
  // 4p: seat 2 (laid first) and seat 0 left; seat 3 is Móm; seat 1 alone is not Móm.
  const r = ok({
    layOrder: [2, 0, 1, 3],
    seats: [
      { phom: '[9C 9D 9H]', loose: 'AS', left: true },
      { phom: '[2H 3H 4H]', loose: 'KD QC' },
      { phom: '[5S 6S 7S]', loose: 'AD', left: true },
      { loose: '3C 8H JD KS 4D' },
    ],
  });
  assert.deepEqual(r.ranking, [[1], [3], [2], [0]]);
  assert.deepEqual(r.deltas, [-4, 12, -4, -4]);
});

test('§11.3 exception: a leaver whose only move was Ù is paid as any Ù winner, also in the score CLI', () => {
  const r = ok({
    seats: [
      { phom: '[2H 3H 4H] [3C 3D 3S]', loose: 'KD QS 10S' },
      { phom: '[8S 8C 8D 8H] [JC QC KC] [5H 6H 7H]', u: true, left: true },
      { phom: '[9S 9C 9H] [JS JD JH]', loose: 'AD 2S 4C' },
    ],
    eats: [
      { eater: 2, card: 'JD', chot: true },
      { eater: 1, card: '7H', chot: true, uTurn: true },
    ],
  });
  // All ten cards in phỏm → Ù tròn (u-tron = all-ten, §8.3); seat 1 ate seat 0's chốt in its Ù turn →
  // đánh-chốt đền (§11.1): seat 0 pays 2 × 10 alone. Chốt eats: 1 → 2 and 0 → 1, 4 each (§10.1).
  assert.equal(r.endedBy, 'u-tron');
  assert.deepEqual(r.ranking, [[1], [0, 2]]);
  assert.deepEqual(r.deltas, [-24, 20, 4]);
});

test('§8.4: a seat that left never wins Ù khan (it is declared at the deal)', () => {
  const r = score({ seats: [{ loose: 'AS 3C 5D 7H 9S JC KD 2H 6S 10D', u: 'khan', left: true }, { loose: '4C' }] });
  assert.equal(r.valid, false);
  assert.match(r.reason!, /Ù khan is declared at the deal/);
});
