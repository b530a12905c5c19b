/**
 * The AI's joker-aware shanten (src/games/vn-mahjong/ai.ts) against a plain, uncached reference, in
 * both orders of a fresh cache: a result must not depend on what was computed before (the suit cache
 * once keyed honours [a..g] like suit counts [0, 1, a..g], so a cached 2-3-4 chow answered for two
 * lone winds and the hint said "you stay ready" of a hand two steps away).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/games/core/rng.js';
import { clearShantenCache, shanten } from '../../src/games/vn-mahjong/ai.js';
import { countVector, ORDINARY, type Tile } from '../../src/games/vn-mahjong/tiles.js';

/** Sets, partial sets and pair over all 34 counts at once, no cache: the textbook recursion. */
function reference(hand: readonly Tile[], melds: number, jokers: number): number {
  const c = countVector(hand);
  const need = 4 - melds;
  let best = 99;
  const rec = (i: number, m: number, t: number, p: number): void => {
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) {
      const mm = Math.min(m, need);
      best = Math.min(best, 2 * (need - mm) - Math.min(t, need - mm) - p);
      return;
    }
    const suit = i < 27;
    const pos = i % 9;
    if (c[i]! >= 3) {
      c[i]! -= 3;
      rec(i, m + 1, t, p);
      c[i]! += 3;
    }
    const add = (idx: number[], d: number): void => idx.forEach((j) => (c[j]! += d));
    if (suit && pos <= 6 && c[i + 1]! > 0 && c[i + 2]! > 0) {
      add([i, i + 1, i + 2], -1);
      rec(i, m + 1, t, p);
      add([i, i + 1, i + 2], 1);
    }
    if (c[i]! >= 2) {
      c[i]! -= 2;
      if (p === 0) rec(i, m, t, 1);
      rec(i, m, t + 1, p);
      c[i]! += 2;
    }
    for (const d of [1, 2]) {
      if (suit && pos + d <= 8 && c[i + d]! > 0) {
        add([i, i + d], -1);
        rec(i, m, t + 1, p);
        add([i, i + d], 1);
      }
    }
    c[i]!--;
    rec(i, m, t, p);
    c[i]!++;
  };
  rec(0, 0, 0, 0);
  return Math.max(-1, best - jokers);
}

function randomHands(seed: string, n: number): { hand: Tile[]; melds: number }[] {
  const rng = new Rng(seed);
  const out: { hand: Tile[]; melds: number }[] = [];
  for (let k = 0; k < n; k++) {
    const melds = rng.int(4);
    const size = 13 - 3 * melds + rng.int(2);
    const wall = ORDINARY.flatMap((t) => [t, t, t, t]);
    // Honour-heavy hands half the time: the suit/honour cache clash needs both kinds.
    const pool = k % 2 ? wall : wall.filter((t) => t.endsWith('z') || rng.int(3) === 0);
    const hand: Tile[] = [];
    for (let i = 0; i < size; i++) hand.push(pool.splice(rng.int(pool.length), 1)[0]!);
    out.push({ hand, melds });
  }
  return out;
}

test('the shanten two hints disagreed on: 2-3-4 chows cached first, then two lone winds', () => {
  clearShantenCache();
  assert.equal(shanten(['2p', '3p', '4p', '9s', '9s'], 3), -1);
  assert.equal(shanten(['2m', '2m', '3m', '4m', '4m', '4m', '5p', '5p', '1z', '2z'], 1), 2);
  clearShantenCache();
  assert.equal(shanten(['2m', '2m', '3m', '4m', '4m', '4m', '5p', '5p', '1z', '2z'], 1), 2);
  assert.equal(shanten(['2m', '3m', '4m', '5p', '6p', '7p', '2s', '3s', '4s', '9s', '9s', '1z', '2z'], 0), 1);
});

test('shanten equals the uncached reference on 1,500 random hands, in forward and reverse order', () => {
  const hands = randomHands('vn-shanten-reference', 1500);
  const want = hands.map((h) => reference(h.hand, h.melds, 0));
  for (const order of [hands.map((_, i) => i), hands.map((_, i) => hands.length - 1 - i)]) {
    clearShantenCache();
    for (const i of order) assert.equal(shanten(hands[i]!.hand, hands[i]!.melds), want[i], hands[i]!.hand.join(' '));
  }
});

test('each wild joker is one step: shanten with jokers equals the reference minus the jokers', () => {
  for (const { hand, melds } of randomHands('vn-shanten-jokers', 200)) {
    const withJoker = [...hand.slice(1), 'JA'];
    assert.equal(shanten(withJoker, melds), reference(hand.slice(1), melds, 1), withJoker.join(' '));
  }
});
