/**
 * Jokers that form whole sets (§8 "the engine tries every joker assignment and scores the best") are
 * tried as one tile per class that scores alike (scoring/arrange.ts `jokerSetTiles`): the same best
 * score, phán, items and liability as trying all 34 tiles, without the millions of arrangements that
 * froze a table for a minute on a hand of ten jokers.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { standardArrangements } from '../../src/games/vn-mahjong/scoring/arrange.js';
import { arrangements, scoreBest } from '../../src/games/vn-mahjong/scoring/score.js';
import type { HandInput, MeldIn, WinBy } from '../../src/games/vn-mahjong/scoring/input.js';
import type { JokerKind, Tile } from '../../src/games/vn-mahjong/tiles.js';
import { Rng } from '../../src/games/core/rng.js';
import { opts } from './helpers.js';

const hand = (concealed: Tile[], winningTile: Tile, more: Partial<HandInput> = {}): HandInput => ({
  seat: 1,
  roundWind: 0,
  concealed,
  melds: [],
  exposed: [],
  winningTile,
  winBy: 'self-draw',
  ...more,
});

test('ten jokers and four naturals list tens of thousands of arrangements, not hundreds of thousands', () => {
  const c = new Array<number>(34).fill(0);
  for (const t of [0, 1, 2, 12]) c[t]!++;
  const jokers = new Array<JokerKind>(10).fill('JA');
  const n = standardArrangements(c, jokers, new Set(), -1).length;
  assert.ok(n < 40_000, `${n} arrangements`);
});

const SUITS = ['m', 'p', 's'];
const code = (i: number): Tile => (i < 27 ? `${(i % 9) + 1}${SUITS[Math.floor(i / 9)]}` : `${i - 26}z`) as Tile;
const DOMAIN: Record<string, (i: number) => boolean> = {
  JA: () => true,
  JN: (i) => i < 27,
  JM: (i) => i < 9,
  JP: (i) => i >= 9 && i < 18,
  JS: (i) => i >= 18 && i < 27,
  JW: (i) => i >= 27 && i <= 30,
  JD: (i) => i >= 31,
};

test('the best score is that of trying every tile, for random hands of 3–6 jokers under both presets', () => {
  const rng = new Rng('joker-classes');
  const pick = <T>(a: readonly T[]): T => a[Math.floor((rng.int(1_000_000) / 1_000_000) * a.length)]!;
  let compared = 0;
  for (let h = 0; h < 160; h++) {
    const suit = Math.floor((rng.int(1_000_000) / 1_000_000) * 3);
    const pools = [
      Array.from({ length: 34 }, (_, i) => i),
      Array.from({ length: 9 }, (_, r) => suit * 9 + r),
      [27, 28, 29, 30, 31, 32, 33, suit * 9, suit * 9 + 8],
    ];
    const pool = pick(pools);
    const tiles: number[] = [];
    if (h % 8 === 0)
      for (const r of [0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8, Math.floor((rng.int(1_000_000) / 1_000_000) * 9)]) tiles.push(suit * 9 + r);
    else {
      for (let s = 0; s < 4; s++) {
        const t = pick(pool);
        if (t < 27 && t % 9 <= 6 && rng.int(1_000_000) / 1_000_000 < 0.5) tiles.push(t, t + 1, t + 2);
        else tiles.push(t, t, t);
      }
      const p = pick(pool);
      tiles.push(p, p);
    }
    const k = 3 + Math.floor((rng.int(1_000_000) / 1_000_000) * 4);
    const swap = new Set(rng.shuffle(tiles.map((_, i) => i)).slice(0, k));
    const concealed = tiles.map((t, i) => (swap.has(i) ? (pick(Object.keys(DOMAIN).filter((j) => DOMAIN[j]!(t))) as Tile) : code(t)));
    const won = concealed.at(-1)!;
    const input = hand(concealed, won, won.startsWith('J') || rng.int(1_000_000) / 1_000_000 < 0.5 ? {} : { winBy: 'discard' });
    const o = opts({ 'joker-copies': 4, ...(h % 3 === 0 ? { 'scoring-preset': 'B' } : {}) });
    const fast = scoreBest(input, o);
    const every = scoreBest(input, o, true);
    const { arrangement: _a, ...f } = fast.score;
    const { arrangement: _b, ...e } = every.score;
    assert.deepEqual(f, e, JSON.stringify(concealed));
    compared++;
  }
  assert.equal(compared, 160);
});

/**
 * Arrangements that score alike are scored once (scoring/arrange.ts `ScoreView`, `Tally.phanKey`): the
 * best, its items, its arrangement and the tiles liabilities read are those of scoring them all.
 */
test('scoring one arrangement per summary gives the result of scoring them all, for random hands of 3–10 jokers', () => {
  const rng = new Rng('joker-summaries');
  const rnd = () => rng.int(1_000_000) / 1_000_000;
  const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)]!;
  const suited = (s: number, ranks: number[]) => ranks.map((r) => s * 9 + r);
  const HONOURS = [27, 28, 29, 30, 31, 32, 33];
  let compared = 0;
  for (let h = 0; compared < 400; h++) {
    const suit = Math.floor(rnd() * 3);
    const pool = pick([
      Array.from({ length: 34 }, (_, i) => i),
      suited(suit, [0, 1, 2, 3, 4, 5, 6, 7, 8]),
      [...HONOURS, ...suited(suit, [0, 8])],
      [...suited(0, [0, 8]), ...suited(1, [0, 8]), ...suited(2, [0, 8]), ...HONOURS],
      [...HONOURS, ...HONOURS, ...suited(suit, [0, 1, 2, 3, 4, 5, 6, 7, 8])],
    ]);
    const declared = rnd() < 0.3 ? 1 + Math.floor(rnd() * 2) : 0;
    const sets = Array.from({ length: 4 }, () => {
      const t = pick(pool);
      return t < 27 && t % 9 <= 6 && rnd() < 0.45 ? [t, t + 1, t + 2] : [t, t, t];
    });
    const pair = pick(pool);
    const melds: MeldIn[] = sets.slice(0, declared).map((ts) => {
      const chow = ts[0] !== ts[1];
      const as = ts.map(code);
      return {
        kind: chow ? 'chow' : 'pung',
        tiles: [...as.slice(0, 2), rnd() < 0.3 ? 'JA' : as[2]!],
        as,
        called: chow || rnd() < 0.7,
        concealed: false,
      };
    });
    const tiles = rng.shuffle([...sets.slice(declared).flat(), pair, pair]);
    const count = new Array<number>(34).fill(0);
    for (const t of [...sets.flat(), pair, pair]) count[t]!++;
    if (count.some((n) => n > 4)) continue;
    // 3–7 jokers mostly; 8–10 now and then (listing them all takes seconds)
    const k = Math.min(tiles.length, h % 40 === 0 ? 8 + (h % 3) : 3 + Math.floor(rnd() * 5));
    const swap = new Set(rng.shuffle(tiles.map((_, i) => i)).slice(0, k));
    const concealed = tiles.map((t, i) => (swap.has(i) ? (pick(Object.keys(DOMAIN).filter((j) => DOMAIN[j]!(t))) as Tile) : code(t)));
    if (rnd() < 0.1) concealed[concealed.length - 1] = '3f';
    const winBy = concealed.at(-1) === '3f' ? 'discard' : pick<WinBy>(['self-draw', 'discard', 'rob-kong']);
    const input = hand(concealed, concealed.at(-1)!, { melds, winBy, seat: Math.floor(rnd() * 4), roundWind: Math.floor(rnd() * 4) });
    const o = opts({ 'joker-copies': 4, ...(rnd() < 0.4 ? { 'scoring-preset': 'B' } : {}) });
    assert.deepEqual(scoreBest(input, o), scoreBest(input, o, false, false), JSON.stringify(input));
    compared++;
  }
});

test('ten jokers: the scorer scores a few hundred arrangements, not tens of thousands', () => {
  const concealed = T('1m 2m 3m 5p JA JA JA JA JA JA JA JA JA JA');
  const o = opts({ 'joker-copies': 4 });
  for (const winBy of ['self-draw', 'discard'] as const) {
    const n = arrangements(hand(concealed, '5p', { winBy }), o).length;
    assert.ok(n < 1_000, `${winBy}: ${n} arrangements`);
  }
  const c = new Array<number>(34).fill(0);
  for (const t of [0, 1, 2, 12]) c[t]!++;
  const view = { declared: [], seatWind: 28, roundWind: 27, wonOnDiscard: false, wonWild: null, nineGates: false };
  const work = { nodes: 0 };
  const n = standardArrangements(c, new Array<JokerKind>(10).fill('JA'), new Set(), -1, view, work).length;
  assert.ok(n < 1_000 && work.nodes < 5_000, `${n} arrangements, ${work.nodes} nodes searched`);
});

test('a joker pair may stand for the won tile, so the pung it completed still counts (Khàn Khàn, §9)', () => {
  const input = hand(T('5m 5m 1p 1p 1p 9s 9s 9s 7z 7z 7z JA JM 5m'), '5m', { winBy: 'discard' });
  const { score } = scoreBest(input, opts({ 'joker-copies': 4 }));
  assert.ok(
    score.items.some((x) => x.id === 'khan-khan'),
    JSON.stringify(score.items),
  );
});

function T(s: string): Tile[] {
  return s.split(' ') as Tile[];
}
