/**
 * allow-qka (phom.md §3, Q K A a run): K A and Q A of one suit are cạ there (§7.2), as a third card
 * makes them a phỏm, so a dealt hand holding one is not Ù khan (§8.4). Without the option the ace is
 * low only and the same hand is Ù khan. Before, the cạ test ignored the option.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/phom/index.js';
import { isCa, isUKhan } from '../../src/games/phom/melds.js';
import { opts, deckOf } from './helpers.js';
import type { Card } from '../../src/games/phom/cards.js';

// seat 1: no pair, no two cards of a suit within 2 ranks, ace low; K♠ A♠ only with Q K A.
const hands: Card[][] = [
  ['2C', '2D', '2H', '5C', '5D', '5H', '8C', '8D', '8H', 'JC'],
  ['AS', '4S', '7S', '10S', 'KS', '3H', '6H', '9D', 'QC'],
  ['3C', '3D', '4C', '4D', '6C', '6D', '7C', '7D', 'JH'],
  ['9C', '9H', '10C', '10D', 'JD', 'QD', 'QH', 'KC', 'KD'],
];

test('K A and Q A are cạ with allow-qka only; A 2 and A 3 always; K A of two suits never', () => {
  assert.equal(isCa('KS', 'AS'), false);
  assert.equal(isCa('KS', 'AS', true), true);
  assert.equal(isCa('QS', 'AS', true), true);
  assert.equal(isCa('JS', 'AS', true), false);
  assert.equal(isCa('KS', 'AH', true), false);
  assert.equal(isCa('AS', '2S'), true);
  assert.equal(isCa('AS', '3S', true), true);
  assert.equal(isUKhan(hands[1]!), true);
  assert.equal(isUKhan(hands[1]!, true), false);
});

test('the deal: Ù khan without allow-qka, play goes on with it', () => {
  const plain = engine.fromScenario(opts({}), 4, { deck: deckOf(hands) as never });
  assert.ok(plain.ok);
  assert.equal(plain.value.end?.by, 'u-khan');
  const qka = engine.fromScenario(opts({ 'allow-qka': true }), 4, { deck: deckOf(hands) as never });
  assert.ok(qka.ok);
  assert.equal(qka.value.end, null);
});
