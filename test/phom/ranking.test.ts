/** phom.md §8.2 / §15.6: after an Ù every other seat is Bét; the shared rank reaches the stored ranks. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ranksOf } from '../../src/store/results.js';
import { engine } from '../../src/games/phom/index.js';
import { stateOf } from './helpers.js';

test('§8.2: the Ù losers share the Bét rank in the stored ranks (Ex 14, seat 2 wins)', () => {
  const s = stateOf('14-14-u-by-sending.json', {}, 99);
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'u');
  assert.deepEqual(ranksOf(r, 4), [2, 2, 1, 2]);
});

test('§8.4: Ù khan losers share the Bét rank too (Ex 12)', () => {
  const r = engine.result(stateOf('14-12-u-khan.json'))!;
  assert.equal(r.endedBy, 'u-khan');
  assert.deepEqual(ranksOf(r, 4), [2, 2, 1, 2]);
});

test('§9: a ranked end keeps four distinct ranks (Ex 8)', () => {
  const r = engine.result(stateOf('14-05-rotation-tai-and-14-08-tie.json', {}, 999))!;
  assert.equal(r.endedBy, 'rank');
  assert.deepEqual(ranksOf(r, 4), [3, 4, 2, 1]);
});
