/**
 * `jokers-in-kong` (§7) lets a joker into an Âm Coong and a Hối Coong; a Coong on a discard
 * (`kong-on-discard`) keeps §6's "holds 3 natural copies" (docs/rules-decisions.md): two natural tiles
 * and a joker may phỗng the discard, not coong it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { optionsOf, pos } from './helpers.js';

const FA = '1m 4m 7m 2p 5p 6p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 9m 4p 7p 2s 5s 8s 1z 2z 3z 4z';
const claim = (held: string) =>
  optionsOf(pos({ hands: [FA, FB, FC, held], claim: { tile: '8p', from: 2 } }, { 'jokers-in-kong': true, 'kong-on-discard': true }), 3);

test('a kong on a discard needs three natural tiles, also with jokers-in-kong', () => {
  const withJoker = claim('8p 8p JP 1p 2p 3p 4s 5s 6s 7m 8m 5z 5z');
  assert.ok(withJoker.some((a) => a.type === 'pung'));
  assert.ok(!withJoker.some((a) => a.type === 'kong'));
  const natural = claim('8p 8p 8p 1p 2p 3p 4s 5s 6s 7m 8m 5z 5z');
  assert.ok(natural.some((a) => a.type === 'kong'));
});
