/**
 * `score --game phom` input contract: a documented true/false field given as text or a number is an
 * error (`eats[].chot: "true"` was paid as a plain eat, `eats[].uTurn: "true"` lost the đánh-chốt
 * đền), and the optional `mom` check runs on every end (the Ù winner marked Móm was accepted).
 * An end no table reaches is refused: an Ù on fewer or more than the 10 cards a winner holds (one
 * loose card was Ù, a lone 3-card phỏm Ù tròn), a seat with no phỏm that sent cards. The Ù winner's
 * revealed hand and the Ù item read as the engine's (its phỏm still in hand; Ù khan in dealt order).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';

type Out = {
  valid: boolean;
  reason?: string;
  deltas?: number[];
  den?: { trigger: string } | null;
  mom?: boolean[];
  hands?: string[][];
  items?: { id: string; detail?: string }[];
};
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
// P0 wins by Ù having eaten the chốt QD from P2 in its Ù turn: all its 10 cards in phỏm (Ù tròn).
const U_END = [
  { phom: '[4S 5S 6S 7S] [10H 10C 10D] [JD QD KD]', loose: '', u: true },
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

const uDetail = (r: Out) => r.items!.find((i) => i.id === 'u' || i.id === 'u-tron' || i.id === 'u-khan')!.detail;
const OTHERS = [{ loose: '2S 3D 9C' }, { loose: 'KD QC' }];

test("an Ù is declared holding 10 cards: the winner's phỏm, loose and sent cards must make them (phom.md §5, §8.2)", () => {
  bad({ seats: [{ loose: '5H', u: true }, ...OTHERS] }, /^seat 0 holds 1 card at its Ù \(.*\(phom\.md §5, §8\.2\)$/);
  // A lone 3-card phỏm was paid as Ù tròn (10 per loser).
  bad({ seats: [{ phom: '[5H 6H 7H]', u: true }, ...OTHERS] }, /^seat 0 holds 3 cards at its Ù/);
  bad({ seats: [{ phom: '[5H 6H 7H]', u: 'u-tron' }, ...OTHERS] }, /^seat 0 holds 3 cards at its Ù/);
  bad({ seats: [{ ...U_END[0], loose: '8H' }, U_END[1], U_END[2]] }, /^seat 0 holds 11 cards at its Ù/);
  // phom.md §14 Ex 14: P2 lays 6 cards, sends 3 (9D, 3S, then 2S linked on it), keeps AH: Ù.
  const ex14 = (p2sent: string | undefined) => ({
    seats: [
      { phom: '[6D 7D 8D 9D]', loose: 'KC 2H' },
      { phom: '[2S 3S 4S 5S 6S]', loose: 'JD' },
      { phom: '[5C 6C 7C] [QH QS QD]', loose: 'AH', sent: p2sent, u: true },
      { loose: '4H 9C JC' },
    ],
  });
  const r = ok(ex14('9D 3S 2S'));
  assert.deepEqual(r.deltas, [-5, -5, 15, -5]);
  // It sent, so it had laid its phỏm (§7.4, §7.5): only AH is left in its hand, as the engine shows.
  assert.deepEqual(r.hands![2], ['AH']);
  // The Ù line names its whole arrangement, the laid phỏm too (not "Ù (A♥)", as if it won on the A♥).
  assert.equal(uDetail(r), '[5C 6C 7C] [QS QD QH] AH');
  // Without the sends its hand is 7 cards.
  bad(
    { ...ex14(undefined), seats: [{ phom: '[6D 7D 8D]', loose: 'KC 2H' }, { phom: '[4S 5S 6S]' }, ...ex14(undefined).seats.slice(2)] },
    /^seat 2 holds 7 cards/,
  );
  // A card another seat sent onto the winner's phỏm is not the winner's: that phỏm lay on the table.
  const onto = {
    seats: [
      { phom: '[9C 9D 9H]', loose: '2S', sent: '5H' },
      { phom: '[2H 3H 4H 5H] [8C 8D 8S] [JS QS KS]', loose: 'KC', u: true },
      { loose: '6D 2C 4C' },
    ],
  };
  const o = ok(onto);
  assert.deepEqual(o.hands![1], ['8S', '8C', '8D', 'JS', 'QS', 'KS', 'KC']);
  assert.equal(uDetail(o), '[2H 3H 4H 5H] [8S 8C 8D] [JS QS KS] KC');
  bad({ ...onto, seats: [onto.seats[0], { ...onto.seats[1], loose: '' }, onto.seats[2]] }, /^seat 1 holds 9 cards at its Ù/);
});

test('a seat with no phỏm cannot have sent a card (phom.md §7.5), on a ranked or an Ù end', () => {
  const moM = { loose: '3D 9C', sent: '8H' };
  const reason = /^seats\[1\]\.sent: seat 1 has no phỏm, so it cannot have sent 8H: .*\(phom\.md §7\.5\)$/;
  bad({ seats: [{ phom: '[5H 6H 7H 8H]', loose: '2S' }, moM, { phom: '[KD KC KS]', loose: 'QC' }] }, reason);
  bad(
    {
      seats: [
        { phom: '[5H 6H 7H 8H] [2C 3C 4C]', loose: 'JS 10S 9S' },
        moM,
        { phom: '[KD KC KS] [AS 2S 3S 4S 5S 6S]', loose: 'QC', u: true },
      ],
    },
    reason,
  );
  ok({
    seats: [
      { phom: '[5H 6H 7H 8H]', loose: '2S' },
      { ...moM, phom: '[JD QD KD]' },
      { phom: '[KC KH KS]', loose: 'QC' },
    ],
  });
  bad(
    {
      seats: [
        { phom: '[5H 6H 7H 8H]', loose: '2S' },
        { phom: '[JD QD KD]', sent: '8H' },
        { phom: '[KC KH KS]', sent: '8H' },
      ],
    },
    /^8H is listed as sent twice$/,
  );
});

test("laid: the Ù winner's phỏm that lay on the table; the result shows the rest of its hand, as the engine", () => {
  type Seat = Record<string, unknown>;
  // Ex 11: P1 held its three phỏm and 2D when it ate 9S and declared: its whole hand shows.
  const ex11 = (p1: Seat, p0: Seat = {}) => ({
    seats: [
      { phom: ['[AH 2H 3H]', '[KS KC KD]'], loose: '2C 2S 8C', ...p0 },
      { phom: ['[4C 4D 4S]', '[JH QH KH]', '[7S 8S 9S]'], loose: '2D', u: true, ...p1 },
      { loose: '10D 3D 7C 6C JS JC AD 5H 9C' },
      { loose: 'JD 10C 8D 10S 8H AS AC QD 6S' },
    ],
    eats: [{ eater: 1, victim: 0, card: '9S', chot: true, uTurn: true }],
  });
  const r = ok(ex11({}));
  assert.deepEqual(r.hands![1], ['2D', '4S', '4C', '4D', '7S', '8S', '9S', 'JH', 'QH', 'KH']);
  assert.equal(uDetail(r), '[4S 4C 4D] [JH QH KH] [7S 8S 9S] 2D');
  // Had it laid two of them in an earlier turn, only the third and 2D were in its hand.
  const laid = ok(ex11({ laid: '[JH QH KH] [4S 4C 4D]' }));
  assert.deepEqual(laid.hands![1], ['2D', '7S', '8S', '9S']);
  // The Ù line reads the same: the laid phỏm, then the one in hand, then the leftover.
  assert.equal(uDetail(laid), '[4S 4C 4D] [JH QH KH] [7S 8S 9S] 2D');
  assert.deepEqual(laid.deltas, r.deltas);
  bad(ex11({ laid: '[4C 4D 4S 4H]' }), /^seats\[1\]\.laid: \[4C 4D 4S 4H\] is not one of its phom$/);
  bad(ex11({}, { laid: '[AH 2H 3H]' }), /^seats\[0\]\.laid is for the winner of an Ù or Ù tròn only/);
  // A phỏm another seat sent onto lay on the table (§7.5).
  const fourFours = { phom: ['[4C 4D 4S 4H]', '[JH QH KH]', '[7S 8S 9S]'], loose: '' };
  bad(
    ex11({ ...fourFours, laid: [] }, { sent: '4H' }),
    /^seats\[1\]\.laid must list \[4S 4C 4D 4H\]: seat 0 sent 4H onto it, .*\(phom\.md §7\.5\)$/,
  );
  // A winner that sent had laid phỏm (§7.5).
  const sender = (laidP1: unknown) => ex11({ loose: '', sent: '4H', laid: laidP1 }, { phom: ['[AH 2H 3H 4H]', '[KS KC KD]'] });
  bad(sender([]), /^seats\[1\]\.laid: seat 1 sent cards, so it had laid phỏm \(phom\.md §7\.5\)$/);
  ok(sender('[JH QH KH]'));
});

test("Ù khan: the revealed hand reads in dealt order, as the engine's (phom.md §8.4)", () => {
  const dealt = 'AS 4S 7S 10S 3H 6H KH 9D QC';
  const r = ok({ seats: [{ loose: '5D 8H 2S 3C 5C 8C 9S 5H JC 3D' }, { loose: dealt, u: 'khan' }] });
  assert.equal(uDetail(r), dealt);
  bad(
    { seats: [{ loose: '5D 8H 2S 3C 5C 8C 9S 5H JC 3D' }, { loose: dealt, u: 'khan', laid: [] }] },
    /laid is for the winner of an Ù or Ù tròn only/,
  );
});
