/** The best plan's last tie-break (phom.md §5 Auto-play): canonical card order, never card text. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Card } from '../../src/games/phom/cards.js';
import { compareLayDowns } from '../../src/games/phom/plan.js';

const M = (...ms: string[]) => ms.map((m) => m.split(' ') as Card[]);
const first = (a: Card[][], b: Card[][]) => Math.sign(compareLayDowns(a, b));

test('rank A…K, not text: 9 before 10, A before 2, J before Q before K', () => {
  assert.equal(first(M('9D 10D JD'), M('10S 10C 10D')), -1);
  assert.equal(first(M('10S 10C 10D'), M('9D 10D JD')), 1);
  assert.equal(first(M('AS AC AD'), M('2S 2C 2D')), -1);
  assert.equal(first(M('JS JC JD'), M('QS QC QD')), -1);
  assert.equal(first(M('QS QC QD'), M('KS KC KD')), -1);
});

test('then suit S, C, D, H', () => {
  assert.equal(first(M('5S 6S 7S'), M('5C 6C 7C')), -1);
  assert.equal(first(M('5D 6D 7D'), M('5H 6H 7H')), -1);
});

test('cards compared sorted, whatever the display order of a run (Q K A)', () => {
  // [QS KS AS] holds AS, the lowest card of all: it comes before a set of 2s.
  assert.equal(first(M('QS KS AS'), M('2S 2C 2D')), -1);
});

test('same cards, other split into phỏm: the phỏm compared by their lowest card, then card by card', () => {
  const sets = M('3S 3C 3D', '4S 4C 4D', '5S 5C 5D');
  const runs = M('3S 4S 5S', '3C 4C 5C', '3D 4D 5D');
  assert.equal(first(sets, runs), -1);
  assert.equal(first([...runs].reverse(), runs), 0);
});
