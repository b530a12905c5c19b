/** The shared mahjong helpers (src/games/mahjong): codes, count vectors, decompositions, shanten. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countsOf, codeOf, kindOf, sortTiles } from '../../src/games/mahjong/tiles.js';
import { isStandardComplete, standardDecompositions, standardShanten, standardWaits } from '../../src/games/mahjong/decompose.js';

const C = (s: string) => countsOf(s.match(/\d[mpsz]/g)!)!;

test('tile codes round-trip and sort in notation order', () => {
  for (let k = 0; k < 34; k++) assert.equal(kindOf(codeOf(k)), k);
  assert.equal(kindOf('8z'), null);
  assert.equal(kindOf('0m'), null);
  assert.deepEqual(sortTiles(['7z', '1f', '9s', '1m', '5p']), ['1m', '5p', '9s', '7z', '1f']);
});

test('decompositions: every split into sets and one pair', () => {
  assert.equal(standardDecompositions(C('1m1m1m2m2m2m3m3m3m 5p6p7p 9s9s')).length, 2);
  assert.equal(isStandardComplete(C('1m9m1p9p1s9s1z2z3z4z5z6z7z7z')), false);
  assert.equal(isStandardComplete(C('1z1z1z 2z2z2z 3z3z3z 4z4z4z 5z5z')), true);
  assert.deepEqual(standardWaits(C('1m1m1m2m3m4m5m6m7m8m9m9m9m')).map(codeOf), ['1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
});

test('shanten: complete −1, ready 0, and farther hands', () => {
  assert.equal(standardShanten(C('1m2m3m 4p5p6p 7s8s9s 1z1z1z 5z5z'), 4), -1);
  assert.equal(standardShanten(C('1m2m3m 4p5p6p 7s8s9s 1z1z1z 5z'), 4), 0);
  assert.equal(standardShanten(C('1m2m 4p5p6p 7s8s9s 1z1z1z 5z'), 4), 1);
  assert.equal(standardShanten(C('1m4m7m 2p5p8p 3s6s9s 1z2z3z 4z'), 4), 8);
  assert.equal(standardShanten(C('5z5z 3p4p'), 1), 0);
});
