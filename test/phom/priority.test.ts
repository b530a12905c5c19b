/**
 * Priority cases (phom.md §6.1, §8.4, §15.5): claims never compete in Phỏm (only the next seat may
 * eat, and only in its take step); the only simultaneous event is Ù khan at the deal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';
import { deckOf, opts } from './helpers.js';

const KHAN_A = ['AS', '4S', '7S', '10S', '3H', '6H', 'KH', '9D', 'QC'];
const KHAN_B = ['2S', '5S', '8S', 'JS', '4H', '7H', '10D', 'KC', 'AC'];
const PAIRS_0 = ['2C', '2D', '3C', '3D', '4C', '4D', '5C', '5D', '6C', '6D'];
const PAIRS_2 = ['8C', '8D', '9C', '9S', 'JC', 'JD', 'QS', 'QD', '2H'];

test('two Ù khan at the deal: the lower seat (P-number) wins', () => {
  const r = engine.fromScenario(opts(), 4, { deck: deckOf([PAIRS_0, KHAN_A, PAIRS_2, KHAN_B]) });
  assert.ok(r.ok);
  const res = engine.result(r.value)!;
  assert.equal(res.endedBy, 'u-khan');
  assert.deepEqual(res.winners, [1]);
  assert.deepEqual(res.deltas, [-5, 15, -5, -5]);
});

test('Ù khan is settled before seat 0’s Ù on the deal', () => {
  const allPhom = ['2C', '3C', '4C', '5C', 'KS', 'KC', 'KD', '5H', '5D', '5S'];
  const r = engine.fromScenario(opts(), 3, { deck: deckOf([allPhom, PAIRS_2, KHAN_A]) });
  assert.ok(r.ok);
  assert.deepEqual(engine.result(r.value)!.winners, [2]);
  const off = engine.fromScenario(opts({ 'u-khan': false }), 3, { deck: deckOf([allPhom, PAIRS_2, KHAN_A]) });
  assert.ok(off.ok);
  assert.deepEqual(engine.pending(off.value)[0]!.options[0], { type: 'u' });
});

test('only the next seat, in its take step, is ever offered the discard', () => {
  let s = engine.setup(opts(), 4, 'claims', null);
  for (let i = 0; i < 300 && !engine.result(s); i++) {
    const pend = engine.pending(s);
    assert.equal(pend.length, 1);
    const d = pend[0]!;
    for (const o of d.options) if (o.type === 'eat') assert.equal(s.lastDiscard!.seat, (d.seat + s.n - 1) % s.n);
    const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
    assert.ok(r.ok);
    s = r.value;
  }
});
