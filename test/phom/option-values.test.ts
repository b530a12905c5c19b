/**
 * House-rule option values (phom.md §13) whose code could be changed without any other test failing
 * (a mutation audit): each test pins what the spec says for one value, computed from the spec text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type PhomResult, type State } from '../../src/games/phom/index.js';
import { nextStarter } from '../../src/games/phom/state.js';
import { applyOk, resultOf, failures, loadScenario, opts, position, runWith, stateOf } from './helpers.js';

test('bet-unit also multiplies the gà pot (§10: every amount is a multiple of B)', () => {
  // Ex 9: P1 feeds 1 per eat (flat) three times; the Ù winner P2 takes the pot.
  assert.deepEqual(resultOf('14-09-three-eats-den.json', { 'ga-pot': 'flat', 'bet-unit': 3 }).pot, { flows: [0, -9, 9], carried: 0 });
});

test('starter-reset = any-change: a smaller table is a changed seated set, so the host starts (§3)', () => {
  const h = engine.setup(opts(), 4, 'reset', null);
  const won: State = { ...h, phase: 'over', end: { by: 'rank', winner: 1 } };
  assert.equal(nextStarter(won, 4, opts()), 1, 'same table: the winner starts');
  assert.equal(nextStarter(won, 3, opts()), 0, 'one seat fewer: a first hand');
  assert.equal(nextStarter(won, 3, opts({ 'starter-reset': 'leave-and-join' })), 1, 'a leave without a join does not reset');
});

test('tai-may-eat (default on): the eat is offered in a tái turn (§6.2, Ex 5 variant)', () => {
  const s = stateOf('14-05-variant-tai-eats-chot.json');
  assert.ok(s.laidDown[1], 'P1 has laid down: this is its tái turn');
  assert.deepEqual(engine.pending(s)[0]!.options, [{ type: 'draw' }, { type: 'eat', card: 'JH' }]);
  const off = stateOf('14-05-variant-tai-eats-chot.json', { 'tai-may-eat': false });
  assert.deepEqual(engine.pending(off)[0]!.options, [{ type: 'draw' }]);
});

test('chot-definition = victim-final: only the discard that fills the victim’s row to 4 is a chốt (§6.5, Ex 6)', () => {
  // Ex 6 one turn earlier: P3 discards its 3rd card 5H in play, P0 eats it (5S 5D). Rows 3 3 3 2 → 3 3 3 3.
  const pos = {
    turn: 3,
    phase: 'act',
    lead: 0,
    hands: [
      ['5S', '5D', '7H', 'QH', '9D', '3S', '6D', 'JD', '2H'],
      ['QS', 'AD', '3H', '3C', '7C', 'JH', '8S', '10D', 'KS'],
      ['AH', '9H', '3D', '9S', '10H', '7D', 'KD', '4S', '2S'],
      ['5H', '6S', '6C', 'KH', '10S', '8D', '2D', '10C', '8H', 'AC'],
    ],
    rows: [
      ['AS', '8C', '2C'],
      ['4H', '6H', '4C'],
      ['5C', '9C', 'KC'],
      ['QD', 'QC'],
    ],
  };
  const eatAfterDiscard = (def: string) => {
    let s = position(pos, 4, { 'chot-definition': def });
    s = applyOk(s, 3, { type: 'discard', card: '5H' });
    s = applyOk(s, 0, { type: 'eat', card: '5H' });
    return engine.publicView(s).payments;
  };
  assert.deepEqual(eatAfterDiscard('victim-final'), [{ from: 3, to: 0, amount: 1, reason: 'eat' }]);
  assert.deepEqual(eatAfterDiscard('eater-final'), [{ from: 3, to: 0, amount: 4, reason: 'eat-chot' }]);
});

test('ga-pot = off: victims pay nothing into a pot (§10.1)', () => {
  assert.deepEqual(resultOf('14-09-three-eats-den.json', {}).pot, { flows: [0, 0, 0], carried: 0 });
});

test('den-an-chot: a new chốt-eater releases the earlier one; Ù by the latest chốt-eater is no đền (§11.1, §15.3, Ex 11)', () => {
  // Ex 11 with den-danh-chot off, and P3 the chốt-eater before P1 eats P0's chốt 9S and declares Ù.
  const sc = loadScenario('14-11-danh-chot-den-off.json');
  const start = sc.start as { position: Record<string, unknown> };
  let s = position({ ...start.position, lastChotEater: 3 }, 4, { 'den-danh-chot': false });
  s = applyOk(applyOk(s, 1, { type: 'eat', card: '9S' }), 1, { type: 'u' });
  const r = engine.result(s)!;
  assert.equal(r.den, null);
  assert.deepEqual(r.deltas, [-9, 19, -5, -5]);
});

test('den-precedence = an-chot-first: three-eats is checked before đánh-chốt (§11.2)', () => {
  // 3p, no rotation: P2 ate 7H and KS from P1; now P1's 4th discard 5D (a chốt) completes
  // [7C 7D 7H*] [JS QS KS*] [3D 4D 5D*] + 9C: Ù. Three-eats and đánh-chốt both name P1;
  // P2 is itself the last chốt-eater, so ăn-chốt does not apply.
  const pos = {
    turn: 2,
    phase: 'take',
    hands: [
      ['AS', '2C', '6S', '8H', '9D', 'JD', 'KC', 'QD', '10H'],
      ['AD', '2D', '4S', '5C', '8S', 'JH', 'QH', '10C', '6H'],
      ['7C', '7D', '7H', 'JS', 'QS', 'KS', '3D', '4D', '9C'],
    ],
    rows: [
      ['3S', '4C', '6C', 'KD'],
      ['9H', '5D'],
      ['2H', '3H', '4H'],
    ],
    rowCounts: [4, 4, 3],
    eaten: [[], [], ['7H', 'KS']],
    lastDiscard: { seat: 1, card: '5D' },
  };
  for (const prec of ['three-eats-first', 'an-chot-first']) {
    let s = position(pos, 3, { 'discard-rotation': false, 'den-precedence': prec });
    s = applyOk(applyOk(s, 2, { type: 'eat', card: '5D' }), 2, { type: 'u' });
    assert.deepEqual(engine.result(s)!.den, { payer: 1, trigger: 'den-three-eats' }, prec);
  }
});

test('eat-payment = progressive: k counts the eater’s own eats only (§10.1)', () => {
  // Ex 6 with an earlier eat by P2 (9S from P1, in [9H 9S* 9D]): P0's eat of 5H is still its 1st eat.
  const sc = loadScenario('14-06-lead-eats.json');
  const pos = (sc.start as { position: Record<string, unknown> }).position;
  const hands = [
    ['5S', '5D', '7H', 'QH', '2S', '3S', '6D', 'JD', '2H'],
    ['QS', 'AD', '3H', '3C', '7C', 'JH', '8S', '10D', 'KS'],
    ['AH', '9H', '3D', '9S', '10H', '7D', 'KD', '4S', '9D'],
    ['6S', '6C', 'KH', '10S', '8D', '2D', '10C', '8H', 'AC'],
  ];
  let s = position({ ...pos, hands, eaten: [[], [], ['9S'], []] }, 4);
  s = applyOk(s, 0, { type: 'eat', card: '5H' });
  assert.deepEqual(engine.publicView(s).payments, [
    { from: 1, to: 2, amount: 1, reason: 'eat' },
    { from: 3, to: 0, amount: 1, reason: 'eat' },
  ]);
});

test('u-tron = no-eat: a card eaten earlier and laid down still makes the Ù a plain one (§8.3)', () => {
  // Ex 14 where P2 had eaten QH from P1 (P1 paid 1); it lays it down in [QS QD QH*] before the Ù.
  const sc = loadScenario('14-14-u-by-sending.json');
  const pos = (sc.start as { position: Record<string, unknown> }).position;
  const r = runWith(
    '14-14-u-by-sending.json',
    { 'u-tron': 'no-eat' },
    { result: undefined, start: { position: { ...pos, eaten: [[], [], ['QH'], []] } } },
  );
  assert.deepEqual(
    failures(r).filter((x) => !x.startsWith('result')),
    [],
  );
  const res = r.result as PhomResult;
  assert.equal(res.endedBy, 'u');
  assert.deepEqual(res.deltas, [-5, -6, 16, -5]);
});

test('ga-pot = escalating counts the cards eaten from that victim, not all eats (§10.1)', () => {
  // Ex 5 variant: 8D was eaten from P2 and JC from P1, each the 1st card eaten from it (1 each into the
  // pot); P1's eat of JH is the 1st card eaten from P0 → 1, not 4: the ranked end carries 3 over.
  assert.deepEqual(resultOf('14-05-variant-tai-eats-chot.json', { 'ga-pot': 'escalating' }).pot, { flows: [-1, -1, -1, 0], carried: 3 });
});
