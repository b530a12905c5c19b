/** One test per house-rule option (phom.md §13), mostly by re-running §14 scenarios with an override. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/phom/index.js';
import { OPTIONS } from '../../src/games/phom/options.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { nextStarter, seatingResetsStarter } from '../../src/games/phom/state.js';
import { applyOk, resultOf, opts, position, stateOf } from './helpers.js';
import { score } from '../../src/games/phom/cli.js';
import type { Card } from '../../src/games/phom/cards.js';

test('every spec option is in the schema with its default (§13)', () => {
  const d = opts();
  assert.equal(d['bet-unit'], 1);
  assert.equal(d['eat-payment'], 'progressive');
  assert.equal(d['chot-payment'], 4);
  assert.deepEqual([d['rank-payment-2'], d['rank-payment-3'], d['rank-payment-4']], [1, 2, 3]);
  assert.equal(d['u-tron-payment'], 10);
  assert.equal(d['ga-pot'], 'off');
  assert.equal(d['turn-timeout-s'], 25);
  assert.equal(Object.keys(OPTIONS.fields).length, 28);
  for (const [k, spec] of Object.entries(OPTIONS.fields)) assert.ok(spec.description && spec.spec, k);
  for (const name of Object.keys(OPTIONS.presets)) assert.ok(engine.options.presets[name]);
});

test('bet-unit multiplies every amount', () => {
  assert.deepEqual(resultOf('14-05-rotation-tai-and-14-08-tie.json', { 'bet-unit': 3 }).deltas, [-6, -21, 6, 21]);
});

test('face-card-points = ten: J/Q/K count 10', () => {
  assert.deepEqual(resultOf('14-07-sending-mom.json', { 'face-card-points': 'ten' }).deadwood, [20, 11, 56]);
});

test('discard-rotation off: rows count discards, the lead stays, the eater may lay down at once', () => {
  const s = stateOf('14-06-lead-eats.json', { 'discard-rotation': false }, 1);
  const pv = engine.publicView(s);
  assert.deepEqual(pv.rowCounts, [3, 3, 3, 3]);
  assert.equal(pv.rows[3]!.length, 2, "the eaten card leaves P3's row");
  assert.equal(pv.lead, 0);
  assert.equal(s.phase, 'lay-down', 'P0 has 3 discards: its lay-down turn');
});

test('eat-reveal = phom shows the phỏm completed by the eat', () => {
  const shown = (reveal: string) => engine.publicView(stateOf('14-04b-eaten-constraints.json', { 'eat-reveal': reveal }, 1)).shownInHand[2];
  assert.deepEqual(shown('card'), ['6D', '6H']);
  assert.deepEqual(shown('phom'), ['6S', '6C', '6D', '6H']);
});

test('eat-reveal = phom shows the whole phỏm, not the smallest one around the eaten card (seed: K♠ onto 10♠ J♠ Q♠)', () => {
  const shownAfterEat = (hand: string[], card: string) => {
    const filler = ['2D', '3C', '4D', '5C', '7D', '8C', '9D', 'AC', '2C', '4H', '8D', '10C'].filter((c) => !hand.includes(c) && c !== card);
    const s = position(
      {
        turn: 1,
        phase: 'take',
        rows: [[card], [], [], []],
        lastDiscard: { seat: 0, card },
        hands: [
          filler.slice(0, 9),
          hand,
          ['2H', '3H', '4C', '6C', '9C', 'JC', 'KC', 'AD', '6D'],
          ['5D', '10D', 'JD', 'QD', 'KD', 'AH', '9H', '10H', '2S'],
        ],
      },
      4,
      { 'eat-reveal': 'phom' },
    );
    return engine.publicView(applyOk(s, 1, { type: 'eat', card: card as Card })).shownInHand[1];
  };
  // Seed 002's example: "ăn lá K♠ và ghép thành phỏm 4 10♠J♠Q♠K♠" (10♠ was hidden).
  assert.deepEqual(shownAfterEat(['10S', 'JS', 'QS', '5H', '8S', 'AS', '3D', '6S', '7H'], 'KS'), ['10S', 'JS', 'QS', 'KS']);
  // A set of four (7♠ was hidden), a run of five (3♠ and 4♠ were).
  assert.deepEqual(shownAfterEat(['7C', '7S', '7D', '5H', '8S', 'AS', '3S', 'JH', 'QH'], '7H'), ['7S', '7C', '7D', '7H']);
  assert.deepEqual(shownAfterEat(['4S', '5S', '6S', 'JH', 'QH', 'AS', '3S', '8H', 'KH'], '7S'), ['3S', '4S', '5S', '6S', '7S']);
  // A run that could also split in two phỏm (3♠ 4♠ 5♠ | 6♠ 7♠ 8♠, the same deadwood): the whole run.
  assert.deepEqual(shownAfterEat(['4S', '5S', '6S', '8S', 'JH', 'AS', '3S', 'QH', 'KH'], '7S'), ['3S', '4S', '5S', '6S', '7S', '8S']);
});

test('eat-payment none / flat / progressive', () => {
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'eat-payment': 'none' }).deltas, [0, -10, 10]);
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'eat-payment': 'flat' }).deltas, [0, -13, 13]);
  assert.deepEqual(resultOf('14-09-three-eats-den.json', {}).deltas, [0, -16, 16]);
});

test('chot-payment replaces the eat payment for a chốt', () => {
  assert.deepEqual(resultOf('14-11-danh-chot-den.json', { 'chot-payment': 2 }).deltas, [-17, 17, 0, 0]);
});

test('chot-definition: victim-final vs eater-final (Ex 6)', () => {
  const pay = (def: string) => engine.publicView(stateOf('14-06-lead-eats.json', { 'chot-definition': def }, 1)).payments;
  assert.deepEqual(pay('victim-final'), [{ from: 3, to: 0, amount: 1, reason: 'eat' }]);
  assert.deepEqual(pay('eater-final'), [{ from: 3, to: 0, amount: 4, reason: 'eat-chot' }]);
});

test('rank-payment-2/3/4 and mom-payment', () => {
  assert.deepEqual(
    resultOf('14-05-rotation-tai-and-14-08-tie.json', { 'rank-payment-2': 2, 'rank-payment-3': 4, 'rank-payment-4': 6 }).deltas,
    [-4, -10, 1, 13],
  );
  assert.deepEqual(resultOf('14-07-sending-mom.json', { 'mom-payment': 10 }).deltas, [-1, 11, -10]);
});

test('u-payment, u-tron-payment, u-khan-payment', () => {
  assert.deepEqual(resultOf('14-14-u-by-sending.json', { 'u-payment': 7 }).deltas, [-7, -7, 21, -7]);
  assert.deepEqual(resultOf('14-13-u-tron.json', { 'u-tron-payment': 6 }).deltas, [-6, 12, -6]);
  assert.deepEqual(resultOf('14-12-u-khan.json', { 'u-khan-payment': 7 }).deltas, [-7, -7, 21, -7]);
});

test('u-tron = no-eat: any Ù without an eaten card', () => {
  assert.equal(resultOf('14-09-three-eats-den.json', { 'u-tron': 'no-eat' }).endedBy, 'u');
  const r = resultOf('14-14-u-by-sending.json', { 'u-tron': 'no-eat' });
  assert.equal(r.endedBy, 'u-tron');
  assert.deepEqual(r.deltas, [-10, -10, 30, -10]);
});

test('u-khan off / u-on-deal', () => {
  assert.equal(resultOf('14-12-u-khan.json', { 'u-khan': false }, { steps: [] }), null);
  // seat 0 dealt ten cards all in phỏm
  const hand = ['AS', '2S', '3S', '4S', '7C', '7D', '7H', 'JD', 'QD', 'KD'];
  const others = [
    '5S',
    '6S',
    '8S',
    '9S',
    '10S',
    'JS',
    'QS',
    'KS',
    'AC',
    '2C',
    '3C',
    '4C',
    '5C',
    '6C',
    '8C',
    '9C',
    '10C',
    'JC',
    'QC',
    'KC',
    'AD',
    '2D',
    '3D',
    '4D',
    '5D',
    '6D',
    '8D',
  ];
  const pos = { turn: 0, hands: [hand, others.slice(0, 9), others.slice(9, 18), others.slice(18, 27)] };
  const on = position(pos, 4, { 'u-on-deal': true });
  const off = position(pos, 4, { 'u-on-deal': false });
  assert.deepEqual(engine.pending(on)[0]!.options[0], { type: 'u' });
  assert.ok(!engine.pending(off)[0]!.options.some((o) => o.type === 'u'));
  const won = applyOk(on, 0, { type: 'u' });
  assert.equal(engine.result(won)!.endedBy, 'u-tron');
});

test('den-three-eats off: everybody pays the Ù', () => {
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'den-three-eats': false }).deltas, [-5, -11, 16]);
});

test('den-precedence: three-eats-first vs an-chot-first', () => {
  // P2 ate 7H and KS from P1, P3 then ate a chốt (8D, from P2), and P2's third eat, 5D from P1,
  // completes its Ù: three-eats names P1, ăn-chốt names P3 (the end position, settled by the engine).
  const den = (prec: string) =>
    (
      score({
        options: { 'den-precedence': prec },
        seats: [
          { loose: 'AS 2C 3C 5S 8H 10H QC KD 9H' },
          { loose: 'AC 2D 4S 5C 9S JD QH 10C 6S' },
          { phom: '[7C 7D 7H] [JS QS KS] [3D 4D 5D]', loose: '9C', u: true },
          { phom: '[8S 8C 8D]', loose: '2H 3H 4H AD JC 6H' },
        ],
        eats: [
          { eater: 2, card: '7H' },
          { eater: 2, card: 'KS' },
          { eater: 3, card: '8D', chot: true },
          { eater: 2, card: '5D', uTurn: true },
        ],
      }) as { den: unknown }
    ).den;
  assert.deepEqual(den('three-eats-first'), { payer: 1, trigger: 'den-three-eats' });
  assert.deepEqual(den('an-chot-first'), { payer: 3, trigger: 'den-an-chot' });
});

test('ga-pot: victims feed the pot, the Ù winner takes it, else it carries over', () => {
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'ga-pot': 'flat' }).pot, { flows: [0, -3, 3], carried: 0 });
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'ga-pot': 'escalating' }).pot, { flows: [0, -7, 7], carried: 0 });
  const r = resultOf('14-05-rotation-tai-and-14-08-tie.json', { 'ga-pot': 'flat' });
  assert.deepEqual(r.pot, { flows: [0, -1, -1, 0], carried: 2 });
});

test('turn-timeout-s is validated (used by the bot, not the engine)', () => {
  assert.equal(opts({ 'turn-timeout-s': 60 })['turn-timeout-s'], 60);
  assert.equal(opts({ 'turn-timeout-s': 5 })['turn-timeout-s'], 5);
  assert.equal(opts({ 'turn-timeout-s': 600 })['turn-timeout-s'], 600);
  for (const value of [1, 4, 601, 30.5, 'soon']) {
    assert.deepEqual(
      resolveOptions(OPTIONS, { 'turn-timeout-s': value }),
      {
        ok: false,
        errors: [
          {
            code: 'bad-value',
            key: 'turn-timeout-s',
            value,
            message: `invalid value ${JSON.stringify(value)} for "turn-timeout-s"`,
            allowed: '5–600',
          },
        ],
      },
      String(value),
    );
  }
});

test('Ex 16 — starter sequence and starter-reset (§3)', () => {
  const o = opts();
  const h1 = engine.setup(o, 3, 'h1', null);
  assert.equal(h1.starter, 0, 'first hand: the host');
  const ended = (s: State, winner: number): State => ({
    ...s,
    phase: 'over',
    end: { by: 'rank', winner },
  });
  const h2 = engine.setup(o, 3, 'h2', ended(h1, 1));
  assert.equal(h2.starter, 1, 'B was Nhất');
  assert.equal(h2.hands[1]!.length, 10);
  const h3 = engine.setup(o, 3, 'h3', {
    ...ended(h2, 2),
    end: { by: 'u', winner: 2, chotVictim: null, phoms: [], loose: [], taken: null },
  });
  assert.equal(h3.starter, 2, 'C won by Ù');
  const left = { ...ended(h3, 2), left: [false, true, false] };
  assert.equal(engine.setup(o, 3, 'h4', left).starter, 0, 'B left, D joined: a first hand');
  assert.equal(nextStarter(left, 3, opts({ 'starter-reset': 'leave-and-join' })), 0);
  assert.equal(nextStarter(ended(h3, 2), 4, opts({ 'starter-reset': 'any-change' })), 0, 'a player joined');
  assert.equal(nextStarter(ended(h3, 2), 4, opts({ 'starter-reset': 'leave-and-join' })), 2, 'only a join');
  assert.equal(seatingResetsStarter(o, { left: true, joined: false, winnerGone: false }), true);
  assert.equal(seatingResetsStarter(opts({ 'starter-reset': 'leave-and-join' }), { left: true, joined: false, winnerGone: false }), false);
  assert.equal(seatingResetsStarter(opts({ 'starter-reset': 'leave-and-join' }), { left: true, joined: true, winnerGone: false }), true);
});

test('leaving during a hand: auto-played to the end and settled as Móm (§11.3)', () => {
  let s = engine.setup(opts(), 4, 'leave-test', null);
  s = applyOk(s, 3, { type: 'leave' });
  for (let i = 0; i < 400 && !engine.result(s); i++) {
    const d = engine.pending(s)[0]!;
    assert.notEqual(d.seat, 3, 'a seat that left never has a pending decision');
    s = applyOk(s, d.seat, engine.ai(s, d.seat));
  }
  const r = engine.result(s)!;
  if (r.endedBy === 'rank') {
    assert.equal(r.mom[3], true);
    assert.deepEqual(r.ranking.at(-1), [3]);
  }
  assert.equal(engine.setup(opts(), 4, 'next', s).starter, 0, 'the next hand is a first hand');
});
