/**
 * Scoring items, limit hands, options and the `score` CLI contract (classic-mahjong.md §8.3, §9,
 * §13; issue 5). Values follow Kajongg DMJL (checked against it by test/differential).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/classic-mahjong/index.js';
import { ITEM_IDS } from '../../src/games/classic-mahjong/scoring/items.js';
import { resolveOptions } from '../../src/games/core/options.js';

const T = (s: string): string[] => s.match(/\d[mpszf]/g) ?? [];
const M = (s: string, exposed = true, claimed = false) => ({ tiles: T(s), exposed, ...(claimed ? { claimed } : {}) });

interface Out {
  valid: boolean;
  reason?: string;
  points: number;
  doubles: number;
  limit: boolean;
  total: number;
  items: { rule: string; points?: number; doubles?: number; limit?: number }[];
}
const score = (h: object): Out => engine.cli!.score!(h) as Out;
const rules = (o: Out): string[] => o.items.map((i) => i.rule);

/** [item id, hand, expected total] — each hand makes the item fire. */
const CASES: [string, object, number][] = [
  // §9.2 points, every hand (losers here)
  ['pung-exposed-simple', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z'), melds: [M('5p5p5p')], won: false }, 2],
  ['pung-exposed-major', { seatWind: '2z', concealed: T('2m4m7m2p5p8p3s6s8s1z'), melds: [M('9p9p9p')], won: false }, 4],
  ['pung-concealed-simple', { seatWind: '2z', concealed: T('5p5p5p 1m4m7m2p8p3s6s9s1z4z'), won: false }, 4],
  ['pung-concealed-major', { seatWind: '2z', concealed: T('1p1p1p 2m4m7m2p8p3s6s8s3z4z'), won: false }, 8],
  ['kong-exposed-simple', { seatWind: '2z', concealed: T('1m4m7m2p6p8p3s6s9s1z'), melds: [M('5p5p5p5p')], won: false }, 8],
  ['kong-exposed-major', { seatWind: '2z', concealed: T('2m4m7m2p5p8p3s6s8s1z'), melds: [M('9p9p9p9p')], won: false }, 16],
  ['kong-concealed-simple', { seatWind: '2z', concealed: T('1m4m7m2p6p8p3s6s9s1z'), melds: [M('5p5p5p5p', false)], won: false }, 16],
  ['kong-concealed-major', { seatWind: '2z', concealed: T('2m4m7m2p5p8p3s6s8s1z'), melds: [M('9p9p9p9p', false)], won: false }, 32],
  ['pair-dragons', { seatWind: '2z', concealed: T('5z5z 1m4m7m2p5p8p3s6s9s1z3z'), won: false }, 2],
  ['pair-own-wind', { seatWind: '2z', concealed: T('2z2z 1m4m7m2p5p8p3s6s9s3z4z'), won: false }, 2],
  [
    'pair-round-wind',
    { seatWind: '2z', roundWind: '3z', concealed: T('3z3z 1m4m7m2p5p8p3s6s9s1z4z'), won: false, options: { 'match-rounds': 3 } },
    2,
  ],
  ['flower', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z'), flowers: ['3f'], won: false }, 4],
  ['season', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z'), flowers: ['7f'], won: false }, 4],
  // §9.4 doubles, every hand
  ['pung-dragons', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z'), melds: [M('7z7z7z')], won: false }, 8],
  ['pung-own-wind', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z'), melds: [M('2z2z2z')], won: false }, 8],
  ['pung-round-wind', { seatWind: '3z', concealed: T('1m4m7m2p5p8p3s6s9s3z'), melds: [M('1z1z1z')], won: false }, 8],
  ['own-flower-own-season', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z'), flowers: ['2f', '6f'], won: false }, 16],
  ['all-flowers', { seatWind: '2z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z'), flowers: ['1f', '2f', '3f', '4f'], won: false }, 32],
  ['all-seasons', { seatWind: '3z', concealed: T('1m4m7m2p5p8p3s6s9s1z2z3z4z'), flowers: ['5f', '6f', '7f', '8f'], won: false }, 32],
  ['three-concealed-pungs', { seatWind: '2z', concealed: T('2m2m2m 4p4p4p 6s6s6s 1z 3z 4z 9s'), won: false }, 24],
  ['little-three-dragons', { seatWind: '2z', concealed: T('7z7z 1m4m7m 3s 2p'), melds: [M('5z5z5z'), M('6z6z6z')], won: false }, 80],
  ['big-three-dragons', { seatWind: '2z', concealed: T('1m4m7m 2p'), melds: [M('5z5z5z'), M('6z6z6z'), M('7z7z7z')], won: false }, 384],
  ['little-four-winds', { seatWind: '2z', concealed: T('4z4z 1m 2p'), melds: [M('1z1z1z'), M('2z2z2z'), M('3z3z3z')], won: false }, 96],
  ['big-four-winds', { seatWind: '2z', concealed: T('2p'), melds: [M('1z1z1z'), M('2z2z2z'), M('3z3z3z'), M('4z4z4z')], won: false }, 256],
  // §9.3, §9.5 winner items
  ['mahjong', { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '9m', winBy: 'discard' }, 52],
  [
    'last-tile-from-wall',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '3s', winBy: 'self-draw' },
    88,
  ],
  [
    'fishing-eyes-simple',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 8m8m'), melds: [], won: true, winningTile: '8m', winBy: 'discard' },
    48,
  ],
  [
    'fishing-eyes-major',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 1z1z'), melds: [M('6s7s8s')], won: true, winningTile: '1z', winBy: 'discard' },
    28,
  ],
  [
    'only-possible',
    { seatWind: '2z', concealed: T('1m2m3m 5p6p7p 3s4s5s 7s8s9s 2p2p'), melds: [], won: true, winningTile: '3m', winBy: 'discard' },
    44,
  ],
  [
    'zero-point-hand',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '4m', winBy: 'discard' },
    40,
  ],
  [
    'no-chow',
    { seatWind: '2z', concealed: T('2m2m2m 5p5p5p 9m9m 3s3s3s'), melds: [M('6s6s6s')], won: true, winningTile: '3s', winBy: 'discard' },
    64,
  ],
  [
    'concealed-hand',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '5p', winBy: 'self-draw' },
    88,
  ],
  [
    'one-suit-with-honours',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5m6m7m 7z7z'),
      melds: [M('1m2m3m'), M('7m8m9m')],
      won: true,
      winningTile: '2m',
      winBy: 'discard',
    },
    44,
  ],
  [
    'one-suit',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5m6m7m 9m9m'),
      melds: [M('1m2m3m'), M('7m8m9m')],
      won: true,
      winningTile: '2m',
      winBy: 'discard',
    },
    320,
  ],
  [
    'only-majors',
    {
      seatWind: '2z',
      concealed: T('1m1m1m 9p9p9p 5z5z'),
      melds: [M('9s9s9s'), M('3z3z3z')],
      won: true,
      winningTile: '1m',
      winBy: 'discard',
    },
    168,
  ],
  [
    'loose-tile',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5p6p7p 3s4s5s 9m9m'),
      melds: [M('6s6s6s6s', false)],
      won: true,
      winningTile: '3s',
      winBy: 'replacement',
    },
    160,
  ],
  [
    'last-wall-tile',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'),
      won: true,
      winningTile: '3s',
      winBy: 'self-draw',
      lastTileOfWall: true,
    },
    176,
  ],
  [
    'last-discard',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'),
      won: true,
      winningTile: '4m',
      winBy: 'discard',
      lastTileOfWall: true,
    },
    80,
  ],
  [
    'robbing-kong',
    { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '4m', winBy: 'robbed-kong' },
    80,
  ],
  [
    'original-call',
    {
      seatWind: '2z',
      concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'),
      won: true,
      winningTile: '4m',
      winBy: 'discard',
      originalCall: true,
      options: { 'original-call': true },
    },
    80,
  ],
  // §8.3 limit hands
  ['heaven', { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, blessing: 'heaven' }, 500],
  [
    'earth',
    { seatWind: '3z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '9m', winBy: 'discard', blessing: 'earth' },
    500,
  ],
  [
    'thirteen-orphans',
    { seatWind: '3z', concealed: T('1m9m1p9p1s9s1z2z3z4z5z6z7z7z'), won: true, winningTile: '1m', winBy: 'discard' },
    500,
  ],
  ['nine-gates', { seatWind: '3z', concealed: T('1p1p1p2p3p4p5p6p7p8p9p9p9p6p'), won: true, winningTile: '6p', winBy: 'self-draw' }, 500],
  [
    'squirming-snake',
    { seatWind: '3z', concealed: T('1s1s1s 2s3s4s 5s5s 6s7s8s 9s9s9s'), won: true, winningTile: '4s', winBy: 'discard' },
    500,
  ],
  [
    'concealed-one-suit',
    { seatWind: '3z', concealed: T('1s2s3s 2s3s4s 5s5s 6s7s8s 6s7s8s'), won: true, winningTile: '4s', winBy: 'self-draw' },
    500,
  ],
  [
    'all-honours',
    { seatWind: '3z', concealed: T('1z1z1z 2z2z2z 5z5z 7z7z7z'), melds: [M('4z4z4z')], won: true, winningTile: '5z', winBy: 'discard' },
    500,
  ],
  [
    'heads-and-tails',
    {
      seatWind: '3z',
      concealed: T('1m1m1m 9m9m9m 1p1p'),
      melds: [M('9s9s9s'), M('1s1s1s')],
      won: true,
      winningTile: '1p',
      winBy: 'discard',
    },
    500,
  ],
  [
    'hidden-treasure',
    { seatWind: '3z', concealed: T('2m2m2m 5p5p5p 7s7s7s 3z3z3z 9m9m'), won: true, winningTile: '5p', winBy: 'self-draw' },
    500,
  ],
  [
    'fourfold-plenty',
    {
      seatWind: '3z',
      concealed: T('9m9m'),
      melds: [M('2m2m2m2m'), M('5p5p5p5p'), M('7s7s7s7s', false), M('3s3s3s3s')],
      won: true,
      winningTile: '9m',
      winBy: 'discard',
    },
    500,
  ],
  [
    'three-great-scholars',
    {
      seatWind: '3z',
      concealed: T('2m3m4m 9p9p'),
      melds: [M('5z5z5z'), M('6z6z6z'), M('7z7z7z')],
      won: true,
      winningTile: '9p',
      winBy: 'discard',
    },
    500,
  ],
  [
    'four-blessings',
    {
      seatWind: '3z',
      concealed: T('9p9p'),
      melds: [M('1z1z1z'), M('2z2z2z'), M('3z3z3z'), M('4z4z4z')],
      won: true,
      winningTile: '9p',
      winBy: 'discard',
    },
    500,
  ],
  [
    'imperial-jade',
    { seatWind: '3z', concealed: T('2s2s2s 3s3s3s 4s4s4s 6z6z'), melds: [M('8s8s8s')], won: true, winningTile: '6z', winBy: 'discard' },
    500,
  ],
  [
    'plum-blossom',
    {
      seatWind: '3z',
      concealed: T('2m3m4m 5p5p 3s4s5s 6s7s8s'),
      melds: [M('9m9m9m9m', false)],
      won: true,
      winningTile: '5p',
      winBy: 'replacement',
    },
    500,
  ],
  [
    'plucking-moon',
    {
      seatWind: '3z',
      concealed: T('1p2p3p 5p5p 3s4s5s 6s7s8s 2m3m4m'),
      won: true,
      winningTile: '1p',
      winBy: 'self-draw',
      lastTileOfWall: true,
    },
    500,
  ],
  [
    'scratching-pole',
    { seatWind: '3z', concealed: T('1s2s3s 5p5p 3s4s5s 6s7s8s 2m3m4m'), won: true, winningTile: '2s', winBy: 'robbed-kong' },
    500,
  ],
  [
    'kong-upon-kong',
    {
      seatWind: '3z',
      concealed: T('1s2s3s 5p5p 2m3m4m'),
      melds: [M('7s7s7s7s', false), M('9p9p9p9p', false)],
      won: true,
      winningTile: '5p',
      winBy: 'replacement',
      kongUponKong: true,
    },
    500,
  ],
];

for (const [id, hand, total] of CASES) {
  test(`scoring item ${id}`, () => {
    const o = score(hand);
    assert.equal(o.valid, true, o.reason);
    assert.ok(rules(o).includes(id), `${id} not among ${rules(o).join(', ')}`);
    assert.equal(o.total, total, JSON.stringify(o));
  });
}

test('every scoring item except the engine-only East streak has a test', () => {
  const tested = new Set(CASES.map((c) => c[0]));
  const missing = ITEM_IDS.filter((i) => !tested.has(i) && i !== 'east-streak');
  assert.deepEqual(missing, []);
});

// ---- kajongg-quirks (§15 Q9) and options ----

test('kajongg-quirks: Nine Gates on a discard scores as an ordinary hand, classical counts it', () => {
  const h = { seatWind: '3z', concealed: T('1p1p1p2p3p4p5p6p7p8p9p9p9p6p'), won: true, winningTile: '6p', winBy: 'discard' };
  const q = score(h);
  assert.equal(rules(q).includes('nine-gates'), false);
  const c = score({ ...h, options: { 'kajongg-quirks': false } });
  assert.deepEqual(rules(c), ['nine-gates']);
});

test('kajongg-quirks: Nine Gates whose 14th tile is a fourth 1 or 9 is Concealed One Suit as in Kajongg; classical counts it (§8.3)', () => {
  for (const [tiles, win] of [
    ['1m1m1m1m2m3m4m5m6m7m8m9m9m9m', '1m'],
    ['1m1m1m2m3m4m5m6m7m8m9m9m9m9m', '9m'],
  ]) {
    const h = { seatWind: '2z', concealed: T(tiles!), won: true, winningTile: win, winBy: 'self-draw' };
    // Kajongg 22.12 (kajongg-bridge.py): "Concealed True Color Game", 500
    assert.deepEqual(rules(score(h)), ['concealed-one-suit']);
    assert.deepEqual(rules(score({ ...h, options: { 'kajongg-quirks': false } })), ['nine-gates']);
    assert.deepEqual(rules(score({ ...h, winBy: 'discard', options: { 'kajongg-quirks': false } })), ['nine-gates']);
  }
});

test('kajongg-quirks: Imperial Jade needs a missing green kind', () => {
  // all six green kinds (2s 3s 4s 6s 8s 6z): Kajongg's strict subset test fails
  const h = {
    seatWind: '3z',
    concealed: T('2s3s4s 2s3s4s 6z6z 8s8s8s'),
    melds: [M('6s6s6s')],
    won: true,
    winningTile: '2s',
    winBy: 'discard',
  };
  assert.equal(rules(score(h)).includes('imperial-jade'), false);
  assert.equal(rules(score({ ...h, options: { 'kajongg-quirks': false } })).includes('imperial-jade'), true);
});

test('kajongg-quirks: Squirming Snake fails with a kong of ones', () => {
  const h = {
    seatWind: '3z',
    concealed: T('2s3s4s 5s5s 6s7s8s 9s9s9s'),
    melds: [M('1s1s1s1s')],
    won: true,
    winningTile: '5s',
    winBy: 'discard',
  };
  assert.equal(rules(score(h)).includes('squirming-snake'), false);
  assert.equal(rules(score({ ...h, options: { 'kajongg-quirks': false } })).includes('squirming-snake'), true);
});

test('three-scholars-no-chow forbids a chow in Three Great Scholars', () => {
  const h = {
    seatWind: '3z',
    concealed: T('2m3m4m 9p9p'),
    melds: [M('5z5z5z'), M('6z6z6z'), M('7z7z7z')],
    won: true,
    winningTile: '9p',
    winBy: 'discard',
  };
  assert.equal(rules(score({ ...h, options: { 'three-scholars-no-chow': true } })).includes('three-great-scholars'), false);
});

test('hidden-treasure-self-drawn=false allows Hidden Treasure on a discard', () => {
  const h = { seatWind: '3z', concealed: T('2m2m2m 5p5p5p 7s7s7s 3z3z3z 9m9m'), won: true, winningTile: '9m', winBy: 'discard' };
  assert.equal(rules(score(h)).includes('hidden-treasure'), false);
  assert.equal(rules(score({ ...h, options: { 'hidden-treasure-self-drawn': false } })).includes('hidden-treasure'), true);
});

test('limit, roof-off, mahjong-points and rounding options', () => {
  const h = {
    seatWind: '4z',
    concealed: T('2s2s2s 6s6s6s 5s 5s'),
    melds: [M('1s1s1s'), M('9s9s9s9s')],
    won: true,
    winningTile: '5s',
    winBy: 'discard',
  };
  assert.equal(score(h).total, 500);
  assert.equal(score({ ...h, options: { limit: 1000 } }).total, 800);
  assert.equal(score({ ...h, options: { 'roof-off': true } }).total, 800);
  assert.equal(score({ ...h, options: { 'mahjong-points': 10 } }).total, 500);
  assert.equal(score({ ...h, options: { preset: 'millington' } }).total, 640);
  const r = { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '3s', winBy: 'self-draw' };
  assert.equal(score({ ...r, options: { rounding: 'nearest-10' } }).total, 90);
  // a limit hand scores the limit even with roof-off
  const l = {
    seatWind: '3z',
    concealed: T('9p9p'),
    melds: [M('1z1z1z'), M('2z2z2z'), M('3z3z3z'), M('4z4z4z')],
    won: true,
    winningTile: '9p',
    winBy: 'discard',
  };
  assert.equal(score({ ...l, options: { 'roof-off': true } }).total, 500);
});

test('rounding=nearest-10 rounds before the limit caps: a limit that is not a multiple of 10 is never exceeded (§9.1, §13)', () => {
  // §13 allows any limit from 300 to 5000; §9.1 caps every computed total by it, and a limit hand
  // scores exactly the limit. §14 Ex 7's winner computes 800: capped at 505, not rounded up to 510
  // (before 2026-12-06 the cap came first and the rounding after it).
  const h = {
    seatWind: '4z',
    concealed: T('2s2s2s 6s6s6s 5s 5s'),
    melds: [M('1s1s1s'), M('9s9s9s9s')],
    won: true,
    winningTile: '5s',
    winBy: 'discard',
  };
  const options = { limit: 505, rounding: 'nearest-10' };
  const over = score({ ...h, options });
  assert.equal(over.valid, true, over.reason);
  assert.equal(over.total, 505);
  const blessings = {
    seatWind: '3z',
    concealed: T('9p9p'),
    melds: [M('1z1z1z'), M('2z2z2z'), M('3z3z3z'), M('4z4z4z')],
    won: true,
    winningTile: '9p',
    winBy: 'discard',
  };
  assert.equal(score({ ...blessings, options }).total, 505, 'a limit hand scores the limit');
  // below the limit the rounding is unchanged: 88 → 90; with roof-off 800 stays 800
  const r = { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '3s', winBy: 'self-draw' };
  assert.equal(score({ ...r, options }).total, 90);
  assert.equal(score({ ...h, options: { ...options, 'roof-off': true } }).total, 800);
});

test('§13 mahjong-points is 10 or 20 only: another value is refused, listing both; the value stays an integer', () => {
  const h = { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '9m', winBy: 'discard' };
  for (const v of [15, '15', 11, 19.5, 0]) {
    const o = score({ ...h, options: { 'mahjong-points': v } });
    assert.equal(o.valid, false, String(v));
    assert.match(o.reason!, /mahjong-points.*allowed: 10, 20\)/, o.reason);
  }
  assert.equal(score({ ...h, options: { 'mahjong-points': 10 } }).total, 32);
  assert.equal(score({ ...h, options: { 'mahjong-points': '20' } }).total, 52);
  const r = resolveOptions(engine.options, { 'mahjong-points': '10' });
  assert.ok(r.ok);
  if (r.ok) assert.equal(r.value['mahjong-points'], 10);
});

test('claimed-kong-concealed decides whether a claimed kong counts for the concealed hand', () => {
  const h = {
    seatWind: '3z',
    concealed: T('5p5p5p 1z1z1z 3p3p 6s7s8s'),
    melds: [M('2m2m2m2m', true, true)],
    won: true,
    winningTile: '8s',
    winBy: 'self-draw',
  };
  assert.equal(score(h).total, 336);
  assert.equal(score({ ...h, options: { 'claimed-kong-concealed': false } }).total, 84);
});

test('only-possible-excludes-visible is an option of the engine (needs the table): CLI ignores it safely', () => {
  // The CLI has no table, so nothing is visible and the option changes nothing. 1m2m waits on 3m
  // alone: 20 + 2 (only possible), zero-point hand 1 double: 44, with or without the option.
  const h = {
    seatWind: '2z',
    concealed: T('1m2m3m 5p6p7p 3s4s5s 7s8s9s 2p2p'),
    won: true,
    winningTile: '3m',
    winBy: 'discard',
  };
  for (const on of [false, true]) {
    const o = score({ ...h, options: { 'only-possible-excludes-visible': on } });
    assert.equal(o.valid, true);
    assert.equal(o.total, 44, `option ${String(on)}`);
    assert.ok(rules(o).includes('only-possible'));
  }
});

test('only-possible-excludes-visible (§9.3, §13): a wait whose four tiles are all on the table is no wait', () => {
  // S self-draws 3p on 4p5p, which also waits on 6p; all four 6p are on the table (N's exposed
  // pung and E's dead discard). Default: two waits, no "only possible tile": 20 + 2 (self-drawn)
  // = 22, zero-point hand and concealed hand 1 double each: 88. With the option 6p is no wait,
  // so 3p was the only possible tile: 24 × 4 = 96. With E's 6p still in the wall, three visible
  // 6p leave it a wait: 88 again.
  const seat = (conc: string, extra: object = {}) => ({ concealed: T(conc), ...extra });
  const table = (eastDiscards: string[]) => [
    seat('1z1z 2z2z 5z5z 7z7z 1s1s 9s 1p 5m', { discards: eastDiscards }),
    seat('1m2m3m 7s8s9s 2s3s4s 9m9m 4p5p 3p'),
    seat('3z3z 4z4z 6z6z 2m2m 8m8m 8p8p 5s'),
    seat('7m7m 4s4s 6s6s 1p 2p 7p 3m', { melds: [{ tiles: T('6p6p6p') }] }),
  ];
  const won = (over: Record<string, unknown>, players = table(['6p'])) => {
    const o = resolveOptions(engine.options, over);
    if (!o.ok) throw new Error(JSON.stringify(o.errors));
    const s = engine.fromScenario(o.value, 4, { position: { players, turn: 1, drawn: '3p', discardCount: 6 } });
    if (!s.ok) throw new Error(s.error.message);
    const r = engine.apply(s.value, 1, { type: 'mahjong' });
    if (!r.ok) throw new Error(r.error.message);
    return engine.result(r.value)!;
  };
  const only = (r: ReturnType<typeof won>) => r.items.some((i) => i.seat === 1 && i.id === 'only-possible');
  const plain = won({});
  assert.equal(plain.scores[1]!.total, 88);
  assert.equal(only(plain), false);
  const excl = won({ 'only-possible-excludes-visible': true });
  assert.equal(excl.scores[1]!.total, 96);
  assert.equal(only(excl), true);
  const threeSeen = won({ 'only-possible-excludes-visible': true }, table([]));
  assert.equal(threeSeen.scores[1]!.total, 88);
  assert.equal(only(threeSeen), false);
});

test('only-possible-excludes-visible (§9.3, §13): a concealed kong on the table is visible too', () => {
  // W self-draws 6m on 4m5m, which also waits on 3m; all four 3m are in N's kong. A concealed kong
  // is laid down face up (§5.2, §7; views.ts shows its tiles), so its kind is as visible as an
  // exposed kong's (Bradfield's game.c counts a declared closed kong as exposed): 6m was the only
  // possible tile either way. Before 2026-12-06 only exposed sets were counted.
  const won = (over: Record<string, unknown>, exposed: boolean) => {
    const players = [
      { concealed: T('1z1z1z 2z2z2z 3z 4z 5z 6z 7z 9m 8m') },
      { concealed: T('2p2p 3p3p 4p4p 5p5p 6p 1s 5s 6s 7s') },
      { concealed: T('4m5m6m 1p1p1p 2s3s4s 7p8p9p 9s9s') },
      { concealed: T('1m1m 2m 7m 8s8s 5z 6z 7z 3z'), melds: [{ tiles: T('3m3m3m3m'), exposed }] },
    ];
    const o = resolveOptions(engine.options, over);
    if (!o.ok) throw new Error(JSON.stringify(o.errors));
    const s = engine.fromScenario(o.value, 4, { position: { players, turn: 2, drawn: '6m', discardCount: 20 } });
    if (!s.ok) throw new Error(s.error.message);
    const r = engine.apply(s.value, 2, { type: 'mahjong' });
    if (!r.ok) throw new Error(r.error.message);
    return engine.result(r.value)!;
  };
  const only = (r: ReturnType<typeof won>) => r.items.some((i) => i.seat === 2 && i.id === 'only-possible');
  for (const exposed of [true, false]) {
    const kong = exposed ? 'exposed kong' : 'concealed kong';
    // 20 + 8 (concealed pung of 1p) + 2 (self-drawn), concealed hand 1 double: 60
    const plain = won({}, exposed);
    assert.equal(only(plain), false, kong);
    assert.equal(plain.scores[2]!.total, 60, kong);
    // + 2 (only possible tile): 64
    const excl = won({ 'only-possible-excludes-visible': true }, exposed);
    assert.equal(only(excl), true, kong);
    assert.equal(excl.scores[2]!.total, 64, kong);
  }
});

// ---- CLI contract ----

test('CLI: an array in gives an array out', () => {
  const h = { seatWind: '2z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '9m', winBy: 'discard' };
  const out = engine.cli!.score!([h, h]) as Out[];
  assert.equal(out.length, 2);
  assert.deepEqual(Object.keys(out[0]!).sort(), ['doubles', 'items', 'limit', 'points', 'total', 'valid']);
});

test('CLI: impossible hands are invalid with a reason, never a throw', () => {
  const bad: unknown[] = [
    null,
    42,
    'x',
    {},
    { seatWind: '9z', concealed: [] },
    { seatWind: '1z', concealed: T('1m1m1m1m1m 2m3m4m 5p6p7p 9s9s 1z'), won: false },
    { seatWind: '1z', concealed: T('1m2m'), won: false },
    { seatWind: '1z', concealed: T('1m4m7m 2p5p8p 3s6s9s 1z2z3z4z 5z'), won: true, winningTile: '5z', winBy: 'discard' },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '1s', winBy: 'discard' },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m9m'), won: true, winningTile: '9m', winBy: 'teleport' },
    { seatWind: '1z', concealed: ['xx'], won: false },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m'), melds: [{ tiles: ['1m', '5m', '9m'] }], won: false },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m'), flowers: ['9f'], won: false },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m'), options: { limit: 'lots' }, won: false },
    { seatWind: '1z', concealed: T('2m3m4m 5p6p7p 3s4s5s 6s7s8s 9m'), won: false, winningTile: '9m' },
  ];
  for (const b of bad) {
    const o = engine.cli!.score!(b) as Out;
    assert.equal(o.valid, false, JSON.stringify(b));
    assert.equal(typeof o.reason, 'string');
  }
});

test('CLI §9.7: melds[].exposed is honoured for every meld; a concealed pung or chow counts as held in hand (§7)', () => {
  const h = { seatWind: '2z', won: true, winBy: 'self-draw', winningTile: '3m', concealed: T('1m2m3m 4p5p6p 7s8s9s 9p9p') };
  const inHand = score({ ...h, concealed: T('1m2m3m 4p5p6p 7s8s9s 9p9p 5p5p5p') });
  // 20 + 4 (concealed pung) + 2 (wall) + 2 (only 3m); concealed hand 1 → 56
  assert.equal(inHand.total, 56);
  const concealedPung = score({ ...h, melds: [M('5p5p5p', false)] });
  assert.deepEqual(concealedPung, inHand);
  // the default is exposed: 20 + 2 + 2 + 2, no concealed hand
  const exposedPung = score({ ...h, melds: [{ tiles: T('5p5p5p') }] });
  assert.equal(exposedPung.total, 26);
  assert.deepEqual(score({ ...h, melds: [M('5p5p5p')] }), exposedPung);
  // a concealed chow: the hand stays concealed (concealed-hand), exposed it does not
  const c = { seatWind: '2z', won: true, winBy: 'self-draw', winningTile: '9p', concealed: T('1m2m3m 5p5p5p 7s8s9s 9p9p') };
  assert.equal(rules(score({ ...c, melds: [M('4p5p6p', false)] })).includes('concealed-hand'), true);
  assert.equal(rules(score({ ...c, melds: [M('4p5p6p')] })).includes('concealed-hand'), false);
  const bad = score({ ...h, melds: [{ tiles: T('5p5p5p'), exposed: 'no' }] });
  assert.equal(bad.valid, false);
  assert.match(bad.reason!, /exposed must be true or false/);
});

test('CLI: a loser hand scores; a winner finds the best arrangement', () => {
  // 111 222 333 can be three pungs or three chows: the pungs score more
  const h = { seatWind: '2z', concealed: T('1m1m1m2m2m2m3m3m3m 5p6p7p 9s9s'), won: true, winningTile: '9s', winBy: 'self-draw' };
  const o = score(h);
  assert.equal(rules(o).includes('pung-concealed-major'), true);
  assert.equal(rules(o).includes('three-concealed-pungs'), true);
});

test('§8.1 best arrangement on a discard win: the pungs, not the chows, when the discard completes a chow (issue 15)', () => {
  // 555m 666m 777m + claimed [678m], 1z pair: 20 + 3 × 4 = 32; three concealed pungs + one suit with honours → 128
  const a = score({
    seatWind: '2z',
    roundWind: '4z',
    options: { 'match-rounds': 4 },
    concealed: T('5m5m5m 6m6m6m6m 7m7m7m7m 8m 1z1z'),
    won: true,
    winningTile: '6m',
    winBy: 'discard',
  });
  assert.equal(a.total, 128, JSON.stringify(a));
  assert.ok(rules(a).includes('three-concealed-pungs'));
  // 2s pair, claimed [567s], concealed 777s 888s 999s, 2 flowers: 44 × 2⁴ = 704 → limit 500 (not 448)
  const b = score({
    seatWind: '2z',
    roundWind: '4z',
    options: { 'match-rounds': 4 },
    concealed: T('2s2s 5s6s7s 7s7s7s 8s8s8s 9s9s9s'),
    flowers: ['1f', '2f'],
    won: true,
    winningTile: '7s',
    winBy: 'discard',
  });
  assert.equal(b.total, 500, JSON.stringify(b));
});

// ---- CLI input contract: wrong types and contradictions are errors, never defaults (audit c1–c6) ----

/** South self-draws 9s with a claimed kong of 5m (c2.json): 60 as given. */
const KONG_HAND = {
  seatWind: '2z',
  won: true,
  winBy: 'self-draw',
  winningTile: '9s',
  concealed: T('1p2p3p4p5p6p7s8s9s1s1s'),
  melds: [{ tiles: T('5m5m5m5m'), claimed: true }],
};

test('CLI §9.7: every boolean field must be true or false; "true", 1 or "yes" are errors, not false', () => {
  assert.equal(score(KONG_HAND).total, 60);
  const cases: [object, RegExp][] = [
    [{ ...KONG_HAND, won: 'true' }, /won must be true or false, not "true"/],
    [{ ...KONG_HAND, won: 1 }, /won must be true or false, not 1/],
    [{ ...KONG_HAND, lastTileOfWall: 'true' }, /lastTileOfWall must be true or false/],
    [{ ...KONG_HAND, lastTileOfWall: 1 }, /lastTileOfWall must be true or false/],
    [{ ...KONG_HAND, originalCall: 'true', options: { 'original-call': true } }, /originalCall must be true or false/],
    [{ ...KONG_HAND, winBy: 'replacement', kongUponKong: 'true' }, /kongUponKong must be true or false/],
    [{ ...KONG_HAND, melds: [{ tiles: T('5m5m5m5m'), claimed: 'true' }] }, /meld\.claimed must be true or false/],
    [{ ...KONG_HAND, melds: [{ tiles: T('5m5m5m5m'), exposed: 'false' }] }, /meld\.exposed must be true or false/],
    [{ ...KONG_HAND, melds: [{ tiles: T('5m5m5m5m'), exposed: false, claimed: true }] }, /claimed kong is exposed/],
  ];
  for (const [h, re] of cases) {
    const o = score(h);
    assert.equal(o.valid, false, JSON.stringify(h));
    assert.match(o.reason!, re);
  }
  // c4.json [2], [4]: a winner written `won: "true"` / `won: 1` used to be scored as a loser
  const loser = { seatWind: '2z', concealed: T('1p2p3p4p5p6p9s9s9s1s'), melds: [M('5m5m5m')] };
  assert.equal(score({ ...loser, won: false }).valid, true);
  for (const won of ['true', 1, 'yes']) assert.match(score({ ...loser, won }).reason!, /won must be true or false/);
});

test('CLI: a top-level preset is read as options.preset is (c5.json); both given and different is an error', () => {
  const h = {
    seatWind: '2z',
    won: true,
    winBy: 'discard',
    winningTile: '9s',
    concealed: T('1p2p3p4p5p6p9s9s9s1s1s'),
    melds: [M('5m5m5m')],
  };
  const dmjl = score(h);
  const millington = score({ ...h, options: { preset: 'millington' } });
  assert.notEqual(millington.total, dmjl.total);
  assert.deepEqual(score({ ...h, preset: 'millington' }), millington);
  assert.deepEqual(score({ ...h, preset: 'millington', options: { preset: 'millington' } }), millington);
  const both = score({ ...h, preset: 'millington', options: { preset: 'dmjl' } });
  assert.equal(both.valid, false);
  assert.match(both.reason!, /preset "millington" and options.preset "dmjl" differ/);
  const unknown = score({ ...h, preset: 'nope' });
  assert.equal(unknown.valid, false);
  assert.match(unknown.reason!, /unknown preset "nope" \(allowed: dmjl/);
  // options.preset is the option (§13): bmja is one of its values, with no bundle (scores as dmjl).
  assert.deepEqual(score({ ...h, options: { preset: 'bmja' } }), dmjl);
  assert.equal(score({ ...h, options: { preset: 'nope' } }).valid, false);
});

test('CLI §8.3: a blessing that contradicts the seat wind or winBy is an error (c6.json, c2.json [13])', () => {
  const tiles = T('1p2p3p4p5p6p7s8s9s1s1s5m5m5m');
  const h = { won: true, winningTile: '9s', concealed: tiles };
  const heaven = score({ ...h, seatWind: '1z', blessing: 'heaven' });
  assert.ok(rules(heaven).includes('heaven'), JSON.stringify(heaven));
  assert.deepEqual(score({ ...h, seatWind: '1z', blessing: 'heaven', winBy: 'self-draw' }), heaven);
  const earth = score({ ...h, seatWind: '2z', blessing: 'earth', winBy: 'discard' });
  assert.ok(rules(earth).includes('earth'), JSON.stringify(earth));
  // earth without winBy: it is a discard win anyway
  assert.deepEqual(score({ ...h, seatWind: '2z', blessing: 'earth' }), earth);
  const bad: [object, RegExp][] = [
    [{ ...h, seatWind: '2z', blessing: 'heaven' }, /heaven is East's win \(seatWind 1z\), not seatWind 2z/],
    [{ ...h, seatWind: '1z', blessing: 'earth', winBy: 'discard' }, /earth .* a seat other than East/],
    [{ ...h, seatWind: '1z', blessing: 'heaven', winBy: 'discard' }, /winBy must be self-draw \(or left out\), not "discard"/],
    [{ ...h, seatWind: '3z', blessing: 'earth', winBy: 'self-draw' }, /winBy must be discard \(or left out\), not "self-draw"/],
    [{ seatWind: '2z', concealed: T('1p2p3p4p5p6p7s8s9s1s5m5m5m'), blessing: 'earth' }, /did not win has no .*blessing/],
  ];
  for (const [x, re] of bad) {
    const o = score(x);
    assert.equal(o.valid, false, JSON.stringify(x));
    assert.match(o.reason!, re);
  }
});

test('CLI §9.7 dealer: East (1z) is the dealer (§3): it must agree with seatWind and changes nothing else', () => {
  const east = { ...KONG_HAND, seatWind: '1z' };
  assert.deepEqual(score({ ...east, dealer: true }), score(east));
  assert.deepEqual(score({ ...KONG_HAND, dealer: false }), score(KONG_HAND));
  for (const [h, re] of [
    [{ ...KONG_HAND, dealer: true }, /dealer true contradicts seatWind 2z/],
    [{ ...east, dealer: false }, /dealer false contradicts seatWind 1z/],
    [{ ...east, dealer: 'yes' }, /dealer must be true or false/],
  ] as [object, RegExp][]) {
    const o = score(h);
    assert.equal(o.valid, false, JSON.stringify(h));
    assert.match(o.reason!, re);
  }
});

test("CLI §9.7 eastConsecutiveWins: East's Nth straight win is the east-streak limit (tournament), as in the engine", () => {
  const east = { ...KONG_HAND, seatWind: '1z', options: { rotation: 'tournament' } };
  assert.equal(score(east).limit, false);
  assert.equal(rules(score({ ...east, eastConsecutiveWins: 8 })).includes('east-streak'), false);
  const ninth = score({ ...east, eastConsecutiveWins: 9 });
  assert.ok(rules(ninth).includes('east-streak'), JSON.stringify(ninth));
  assert.equal(ninth.total, 500);
  // millington: the 13th
  const mill = { ...east, options: { rotation: 'tournament', preset: 'millington' } };
  assert.equal(rules(score({ ...mill, eastConsecutiveWins: 9 })).includes('east-streak'), false);
  assert.ok(rules(score({ ...mill, eastConsecutiveWins: 13 })).includes('east-streak'));
  assert.equal(
    rules(score({ ...east, eastConsecutiveWins: 9, options: { rotation: 'tournament', 'east-streak-limit': 'off' } })).includes(
      'east-streak',
    ),
    false,
  );
  for (const [h, re] of [
    [{ ...east, options: {}, eastConsecutiveWins: 9 }, /needs rotation tournament/],
    [{ ...east, seatWind: '2z', eastConsecutiveWins: 9 }, /eastConsecutiveWins is for East/],
    [{ ...east, eastConsecutiveWins: '9' }, /whole number from 1/],
    [{ ...east, eastConsecutiveWins: 2.5 }, /whole number from 1/],
    [{ ...east, eastConsecutiveWins: 0 }, /whole number from 1/],
  ] as [object, RegExp][]) {
    const o = score(h);
    assert.equal(o.valid, false, JSON.stringify(h));
    assert.match(o.reason!, re);
  }
});
