/** Phỏm combinatorics (phom.md §7): validity, cạ, Ù khan, arrangements and lay-down choices. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Card } from '../../src/games/phom/cards.js';
import { cardPoints, sortCards } from '../../src/games/phom/cards.js';
import { DECK } from '../../src/games/phom/cards.js';
import {
  coverable,
  fitsMeld,
  indexHand,
  isCa,
  isUKhan,
  layDownChoices,
  minLeftoverCount,
  phomKind,
  runCompleters,
  runPartners,
} from '../../src/games/phom/melds.js';

const C = (s: string) => s.split(' ') as Card[];

test('phỏm validity (§7.1, Ex 2)', () => {
  // accepted
  assert.equal(phomKind(C('AS 2S 3S'), false), 'run');
  assert.equal(phomKind(C('10D JD QD KD'), false), 'run');
  assert.equal(phomKind(C('9C 9D 9S'), false), 'set');
  assert.equal(phomKind(C('9C 9D 9S 9H'), false), 'set');
  assert.equal(phomKind(C('2H 3H 4H 5H 6H 7H 8H'), false), 'run');
  // rejected
  assert.equal(phomKind(C('QS KS AS'), false), null);
  assert.equal(phomKind(C('KS AS 2S'), false), null);
  assert.equal(phomKind(C('KS AS 2S'), true), null);
  assert.equal(phomKind(C('9C 10C JD'), false), null);
  assert.equal(phomKind(C('5S 5H'), false), null);
  assert.equal(phomKind(C('5S 5S 5H'), false), null);
  // allow-qka
  assert.equal(phomKind(C('QS KS AS'), true), 'run');
  assert.equal(phomKind(C('JS QS KS AS'), true), 'run');
});

test('points (§2) and canonical order', () => {
  assert.deepEqual(
    C('AS 10H JC QD KH').map((c) => cardPoints(c)),
    [1, 10, 11, 12, 13],
  );
  assert.deepEqual(
    C('AS 10H JC QD KH').map((c) => cardPoints(c, 'ten')),
    [1, 10, 10, 10, 10],
  );
  assert.deepEqual(sortCards(C('2H AS 2S AH 2C')), C('AS AH 2S 2C 2H'));
});

test('cạ and Ù khan (§7.2, §8.4, Ex 12)', () => {
  assert.ok(isCa('9D' as Card, 'JD' as Card));
  assert.ok(isCa('9D' as Card, '9S' as Card));
  assert.ok(!isCa('9D' as Card, 'QD' as Card));
  assert.ok(isUKhan(C('AS 4S 7S 10S 3H 6H KH 9D QC')));
  assert.ok(!isUKhan(C('AS 4S 7S 10S 3H 6H KH 9D JD')));
  assert.ok(isUKhan(C('AS 4S 7S 10S 3H 6H KH 9D QC 2C')));
});

test('sending fits (§7.5): sets up to 4, runs at either end, gửi nối', () => {
  assert.ok(fitsMeld('7S' as Card, 'run', C('4S 5S 6S'), C('4S 5S 6S'), true, false));
  assert.ok(fitsMeld('3S' as Card, 'run', C('4S 5S 6S'), C('4S 5S 6S'), true, false));
  assert.ok(fitsMeld('8S' as Card, 'run', C('4S 5S 6S 7S'), C('4S 5S 6S'), true, false));
  assert.ok(!fitsMeld('8S' as Card, 'run', C('4S 5S 6S 7S'), C('4S 5S 6S'), false, false));
  assert.ok(!fitsMeld('8H' as Card, 'run', C('4S 5S 6S 7S'), C('4S 5S 6S'), true, false));
  assert.ok(fitsMeld('9H' as Card, 'set', C('9S 9C 9D'), C('9S 9C 9D'), true, false));
  assert.ok(!fitsMeld('9H' as Card, 'set', C('9S 9C 9D 9H'), C('9S 9C 9D'), true, false));
  assert.ok(!fitsMeld('AS' as Card, 'run', C('JS QS KS'), C('JS QS KS'), true, false));
  assert.ok(fitsMeld('AS' as Card, 'run', C('JS QS KS'), C('JS QS KS'), true, true));
});

test('eaten-card coverage (§6.2, Ex 4)', () => {
  assert.ok(coverable(C('6C 6S 6D 7D 8D 3H JH 2C KC 6H'), C('6D 6H'), false));
  assert.ok(!coverable(C('6C 6S 6D 9S 4D 3H JH 2C KC 6H'), C('6D 6H'), false));
  assert.ok(!coverable(C('6S 6D 7D 8D 6H'), C('6D 6H'), false), 'without 6C the two eaten cards need one phỏm');
});

test('Ù distance and lay-down choices (§7.4, Ex 1)', () => {
  assert.equal(minLeftoverCount(C('7C 7D 7H JS QS KS 3D 4D 5D 9C'), C('7H KS 5D'), false), 1);
  const h = indexHand(C('5H 6H 7H 7C 7D 7S 2S 3S QD KC'), [], false);
  const choices = layDownChoices(h).map((ms) => ms.map((m) => h.cards.filter((_, i) => m & (1 << i)).join(' ')).sort());
  assert.ok(choices.some((c) => c.join('|') === ['5H 6H 7H', '7S 7C 7D'].sort().join('|')));
  assert.ok(choices.some((c) => c.join('|') === '7S 7C 7D 7H'));
  assert.ok(!choices.some((c) => c.join('|') === '5H 6H 7H'));
  assert.ok(!choices.some((c) => c.length === 0));
});

// The strong AI's eat chance and cạ outs enumerate runs with these: checked against phomKind itself.
test('runPartners: exactly the pairs making a run of three with a card, Q K A only with allow-qka', () => {
  for (const qka of [false, true])
    for (const c of DECK) {
      const want: string[] = [];
      for (let i = 0; i < DECK.length; i++)
        for (let j = i + 1; j < DECK.length; j++) {
          const a = DECK[i]!;
          const b = DECK[j]!;
          if (a !== c && b !== c && phomKind([a, b, c], qka) === 'run') want.push(sortCards([a, b]).join(' '));
        }
      const got = runPartners(c, qka).map((p) => sortCards(p).join(' '));
      assert.deepEqual([...got].sort(), want.sort(), `${c} qka=${qka}`);
    }
  const pairs = (c: string, qka: boolean) => runPartners(c as Card, qka).map((p) => sortCards(p).join(' '));
  assert.deepEqual(pairs('AS', false), ['2S 3S']);
  assert.deepEqual(pairs('AS', true), ['2S 3S', 'QS KS']);
  assert.deepEqual(pairs('KD', true), ['JD QD', 'AD QD']);
  assert.deepEqual(pairs('QH', true), ['10H JH', 'JH KH', 'AH KH']);
  assert.deepEqual(pairs('2C', true), ['AC 3C', '3C 4C'], 'never K A 2');
});

test('runCompleters: exactly the cards completing two cards into a run of three, Q K A only with allow-qka', () => {
  for (const qka of [false, true])
    for (let i = 0; i < DECK.length; i++)
      for (let j = 0; j < DECK.length; j++) {
        const a = DECK[i]!;
        const b = DECK[j]!;
        const want = a === b ? [] : DECK.filter((u) => u !== a && u !== b && phomKind([a, b, u], qka) === 'run');
        assert.deepEqual(sortCards(runCompleters(a, b, qka)), want, `${a} ${b} qka=${qka}`);
      }
  assert.deepEqual(runCompleters('QD', 'KD', false), ['JD']);
  assert.deepEqual(runCompleters('QD', 'KD', true), ['JD', 'AD']);
  assert.deepEqual(runCompleters('KD', 'AD', true), ['QD']);
  assert.deepEqual(runCompleters('AD', 'QD', true), ['KD']);
  assert.deepEqual(runCompleters('KD', 'AD', false), []);
});
