/**
 * Wins with many jokers (up to 14 with `joker-copies` ≥ 2) score in milliseconds, the same as before:
 * scoring ran on the table's thread and took seconds (1.3–6 s for 14 jokers, 10 s for 11 jokers won on
 * a discarded joker), stalling every table. The search (scoring/arrange.ts `standardArrangements`)
 * prunes only what cannot change the first best arrangement, and the Khàn Khàn check of a won joker
 * (predicates.ts `winCompletesPung`) asks Hall's theorem instead of trying every assignment.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { score } from '../../src/games/vn-mahjong/cli.js';
import { jokersFill, standardArrangements, type ScoreView } from '../../src/games/vn-mahjong/scoring/arrange.js';
import { GROUP_MASK, groupOf, type JokerKind } from '../../src/games/vn-mahjong/tiles.js';
import { jokerReach } from '../../src/games/vn-mahjong/joker-fill.js';
import { Rng } from '../../src/games/core/rng.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { engine } from '../../src/games/vn-mahjong/index.js';
import type { VnOptions } from '../../src/games/vn-mahjong/options.js';
import { arrangements, nineGatesSuits, type WinBy } from '../../src/games/vn-mahjong/scoring/score.js';

const HANDS: Record<string, unknown>[] = [
  { concealed: 'JA JA JP JP JS JS JM JM JW JW JD JD JN JN', winningTile: 'JN', options: { 'joker-copies': 2 } },
  {
    concealed: 'JA JA JP JP JS JS JM JM JW JW JD JD JN JN',
    winningTile: 'JN',
    winBy: 'discard',
    seatWind: 2,
    roundWind: 1,
    options: { 'joker-copies': 2 },
  },
  { concealed: 'JA JA JA JA JN JN JN JN JM JM JM JM JP JP', winningTile: 'JP', options: { 'joker-copies': 4 } },
  { concealed: 'JA JA JA JA JN JN JN JN JW JW JW JW JD JD', winningTile: 'JD', seatWind: 3, options: { 'joker-copies': 4 }, preset: 'B' },
  { concealed: 'JA JA JP JP JS JS JM JM JW JW JD JD JN 5m', winningTile: '5m', winBy: 'discard', options: { 'joker-copies': 2 } },
  {
    concealed: 'JA JA JP JP JS JS JM JM JH JH JD JD 1z 1z',
    winningTile: '1z',
    options: { 'joker-copies': 2, 'honour-joker': 'replaces-JW' },
  },
  { concealed: 'JA JM JM JN JN JM JA JN JM 1m 9m 9m 5m 1m', winningTile: '1m', options: { 'joker-copies': 4 } },
  {
    concealed: 'JA JA JN JN JP JP 2p 3p 4p 7z 7z JS JS JM',
    winningTile: 'JM',
    winBy: 'discard',
    seatWind: 1,
    options: { 'joker-copies': 2, 'jokers-in-kong': true },
  },
  {
    seatWind: 0,
    roundWind: 3,
    concealed: 'JM JA 1m JM JA JN 2m JN JM JN JN 3m JA JA',
    winningTile: 'JA',
    winBy: 'discard',
    options: { 'joker-copies': 4 },
  },
];

/** The CLI's answers for `HANDS`, recorded from the code before this change (2026-12-07). */
const BEFORE: unknown[] = [
  {
    valid: true,
    phan: 40,
    mun: 6,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-cua', value: 1 },
      { id: 'tp-gio', value: 1 },
      { id: 'rong', value: 1, detail: '5z' },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'kin', value: 1 },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['JM(1m) JM(1m)', 'JN(1p) JP(1p) JP(1p)', 'JN(1s) JS(1s) JS(1s)', 'JW(1z) JW(1z) JA(1z)', 'JD(5z) JD(5z) JA(5z)'],
    kk: false,
    liable: null,
    payments: {
      total: 1224,
      deltas: [1224, -408, -408, -408],
      lines: [
        { from: 1, amount: 408, reason: 'chung-cai' },
        { from: 2, amount: 408, reason: 'chung-cai' },
        { from: 3, amount: 408, reason: 'chung-cai' },
      ],
      each: 408,
    },
  },
  {
    valid: true,
    phan: 26,
    mun: 4,
    items: [
      { id: 'tp-gio', value: 1 },
      { id: 'rong', value: 1, detail: '5z' },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'bat-hoa', value: 6 },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['JM(1m) JM(1m)', 'JN(1p) JP(1p) JP(1p)', 'JN(1s) JS(1s) JS(1s)', 'JW(2z) JW(2z) JA(2z)', 'JD(5z) JD(5z) JA(5z)'],
    kk: false,
    liable: { seat: 1, rule: 'flower-joker' },
    payments: { total: 548, deltas: [0, -548, 548, 0], lines: [{ from: 1, amount: 548, reason: 'liability' }], liable: 548 },
  },
  {
    valid: true,
    phan: 43,
    mun: 7,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'toan-nhat-cuu', value: 24 },
      { id: 'kin', value: 1 },
    ],
    arrangement: ['JA(1m) JA(1m)', 'JN(1m) JA(1m) JA(1m)', 'JM(1m) JN(1m) JN(1m)', 'JM(1m) JM(1m) JM(1m)', 'JP(1p) JP(1p) JN(1p)'],
    kk: false,
    liable: null,
    payments: {
      total: 1362,
      deltas: [1362, -454, -454, -454],
      lines: [
        { from: 1, amount: 454, reason: 'chung-cai' },
        { from: 2, amount: 454, reason: 'chung-cai' },
        { from: 3, amount: 454, reason: 'chung-cai' },
      ],
      each: 454,
    },
  },
  {
    valid: true,
    phan: 30,
    mun: 5,
    items: [
      { id: 'nhat-cuu-pung', value: 6 },
      { id: 'khan-khan', value: 18 },
      { id: 'limit-kin', value: 6 },
    ],
    arrangement: ['JW(1z) JA(1z)', 'JN(1m) JA(1m) JA(1m)', 'JN(9m) JN(9m) JN(9m)', 'JW(1z) JW(1z) JW(1z)', 'JD(5z) JD(5z) JA(5z)'],
    kk: false,
    liable: null,
    payments: {
      total: 960,
      deltas: [-320, -320, -320, 960],
      lines: [
        { from: 0, amount: 320, reason: 'chung-cai' },
        { from: 1, amount: 320, reason: 'chung-cai' },
        { from: 2, amount: 320, reason: 'chung-cai' },
      ],
      each: 320,
    },
  },
  {
    valid: true,
    phan: 18,
    mun: 3,
    items: [
      { id: 'tui-tui', value: 3 },
      { id: 'tp-cua', value: 1 },
      { id: 'tp-gio', value: 1 },
      { id: 'rong', value: 1, detail: '5z' },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['5m JM(5m) JM(5m)', 'JP(1p) JP(1p)', 'JN(1s) JS(1s) JS(1s)', 'JW(1z) JW(1z) JA(1z)', 'JD(5z) JD(5z) JA(5z)'],
    kk: false,
    liable: null,
    payments: {
      total: 384,
      deltas: [384, -96, -96, -192],
      lines: [
        { from: 1, amount: 96, reason: 'chung-con' },
        { from: 2, amount: 96, reason: 'chung-con' },
        { from: 3, amount: 192, reason: 'chung-cai' },
      ],
      discarder: 192,
      other: 96,
    },
  },
  {
    valid: true,
    phan: 40,
    mun: 6,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-cua', value: 1 },
      { id: 'tp-gio', value: 1 },
      { id: 'rong', value: 1, detail: '5z' },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'kin', value: 1 },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['1z 1z JH(1z)', 'JM(1m) JM(1m)', 'JP(1p) JP(1p) JA(1p)', 'JS(1s) JS(1s) JA(1s)', 'JD(5z) JD(5z) JH(5z)'],
    kk: false,
    liable: null,
    payments: {
      total: 1224,
      deltas: [1224, -408, -408, -408],
      lines: [
        { from: 1, amount: 408, reason: 'chung-cai' },
        { from: 2, amount: 408, reason: 'chung-cai' },
        { from: 3, amount: 408, reason: 'chung-cai' },
      ],
      each: 408,
    },
  },
  {
    valid: true,
    phan: 25,
    mun: 4,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'toan-hang', value: 6 },
      { id: 'kin', value: 1 },
    ],
    arrangement: ['1m 1m JA(1m)', '5m JM(5m) JM(5m)', '9m 9m JN(9m)', 'JM(1m) JN(1m)', 'JM(1m) JN(1m) JA(1m)'],
    kk: false,
    liable: null,
    payments: {
      total: 786,
      deltas: [786, -262, -262, -262],
      lines: [
        { from: 1, amount: 262, reason: 'chung-cai' },
        { from: 2, amount: 262, reason: 'chung-cai' },
        { from: 3, amount: 262, reason: 'chung-cai' },
      ],
      each: 262,
    },
  },
  {
    valid: true,
    phan: 18,
    mun: 3,
    items: [
      { id: 'pe-pe', value: 6 },
      { id: 'bat-hoa', value: 6 },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['2p JA(2p)', '3p JP(3p)', '4p JP(4p)', '7z 7z', 'JN(1m) JA(1m)', 'JM(1m) JN(1m)', 'JS(1s) JS(1s)'],
    kk: false,
    liable: { seat: 0, rule: 'flower-joker' },
    payments: { total: 384, deltas: [-384, 384, 0, 0], lines: [{ from: 0, amount: 384, reason: 'liability' }], liable: 384 },
  },
  {
    valid: true,
    phan: 31,
    mun: 5,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-cua', value: 1 },
      { id: 'lai-hang', value: 3 },
      { id: 'bat-hoa', value: 6 },
      { id: 'progressive', value: 3 },
    ],
    arrangement: ['1m JM(1m) JM(1m)', '2m JN(2m) JN(2m)', '3m JN(3m) JM(3m)', 'JA(1m) JN(1m)', 'JA(1z) JA(1z) JA(1z)'],
    kk: false,
    liable: { seat: 3, rule: 'flower-joker' },
    payments: { total: 658, deltas: [658, 0, 0, -658], lines: [{ from: 3, amount: 658, reason: 'liability' }], liable: 658 },
  },
];

/** Wins on a discarded joker or bonus tile with an honour joker (JH), 0.9–1.6 s each before 2026-12-07's second change. */
const DISCARD_HANDS: Record<string, unknown>[] = [
  {
    seatWind: 0,
    roundWind: 2,
    concealed: 'JH JA JP JN JN JP JN JN JA JA JP JA JP JH',
    winningTile: 'JH',
    winBy: 'discard',
    options: { 'joker-copies': 4, 'honour-joker': 'replaces-JD', 'dai-hoa-mode': 'wild-flower' },
    flowers: ['2f', '6f'],
  },
  {
    seatWind: 1,
    roundWind: 1,
    concealed: 'JA JN JN JM JM JA JM JN JA JH JN JM JH 5f',
    winningTile: '5f',
    winBy: 'discard',
    options: { 'joker-copies': 4, 'honour-joker': 'replaces-JD', 'dai-hoa-mode': 'wild-flower' },
  },
  {
    seatWind: 3,
    roundWind: 1,
    concealed: 'JM JN JN JA JN JN JA JS JA JS JW JW JM JP',
    winningTile: 'JP',
    winBy: 'discard',
    options: { 'joker-copies': 4, 'honour-joker': 'replaces-JD', 'dai-hoa-mode': 'wild-flower' },
  },
];

/** The CLI's answers for `DISCARD_HANDS`, recorded from the code before that change. */
const DISCARD_BEFORE: unknown[] = [
  {
    valid: true,
    phan: 37,
    mun: 6,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-cua', value: 1 },
      { id: 'lai-hang', value: 3 },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'bat-hoa', value: 6 },
      { id: 'progressive', value: 3 },
    ],
    arrangement: ['JA(1z) JH(1z)', 'JN(1p) JN(1p) JP(1p)', 'JN(1p) JN(1p) JP(1p)', 'JP(1p) JA(1p) JP(1p)', 'JH(1z) JA(1z) JA(1z)'],
    kk: false,
    liable: { seat: 3, rule: 'flower-joker' },
    payments: { total: 786, deltas: [786, 0, 0, -786], lines: [{ from: 3, amount: 786, reason: 'liability' }], liable: 786 },
  },
  {
    valid: true,
    phan: 38,
    mun: 6,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-cua', value: 1 },
      { id: 'tp-gio', value: 1 },
      { id: 'lai-hang', value: 3 },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'bat-hoa', value: 6 },
      { id: 'progressive', value: 3 },
    ],
    arrangement: ['JN(1m) JN(1m)', 'JA(1m) JM(1m) JM(1m)', 'JA(1m) JN(1m) JM(1m)', 'JA(1m) JM(1m) JN(1m)', 'JH(2z) JH(2z) JA(2z)'],
    kk: false,
    liable: { seat: 0, rule: 'flower-joker' },
    payments: { total: 804, deltas: [-804, 804, 0, 0], lines: [{ from: 0, amount: 804, reason: 'liability' }], liable: 804 },
  },
  {
    valid: true,
    phan: 37,
    mun: 6,
    items: [
      { id: 'khan-khan', value: 18 },
      { id: 'tp-gio', value: 1 },
      { id: 'lai-nhat-cuu', value: 6 },
      { id: 'bat-hoa', value: 6 },
      { id: 'bo-khung', value: 6, detail: 'JAJPJSJM' },
    ],
    arrangement: ['JP(1p) JN(1p)', 'JN(1m) JN(1m) JM(1m)', 'JM(1m) JA(1m) JN(1m)', 'JS(1s) JA(1s) JS(1s)', 'JW(2z) JW(2z) JA(2z)'],
    kk: false,
    liable: { seat: 2, rule: 'flower-joker' },
    payments: { total: 786, deltas: [0, 0, -786, 786], lines: [{ from: 2, amount: 786, reason: 'liability' }], liable: 786 },
  },
];

test('wins of 14 jokers on a discarded joker or bonus tile score as before', () => {
  DISCARD_HANDS.forEach((h, i) => assert.deepEqual(score(h), DISCARD_BEFORE[i], JSON.stringify(h)));
});

test('a win of 14 jokers on a discarded joker searches fewer nodes: Cửu Tử is ruled out by a joker that cannot stand in its suit', () => {
  for (const [js, won] of [
    ['JA JA JP JP JS JS JM JM JW JW JD JD JN JN', 'JN'],
    ['JA JA JA JA JN JN JN JN JM JM JM JM JP JP', 'JP'],
    ['JH JA JP JN JN JP JN JN JA JA JP JA JP JH', 'JH'],
  ] as const) {
    const shape = js.split(' ');
    const full = nineGatesSuits(shape, 0);
    const view: ScoreView = { declared: [], seatWind: 27, roundWind: 29, wonOnDiscard: false, wonWild: won, nineGates: full.size > 0 };
    const work = { nodes: 0 };
    const out = standardArrangements(new Array<number>(34).fill(0), shape as JokerKind[], full, -1, view, work);
    assert.ok(out.length > 0);
    // 11,711, 23,267 and 29,282 nodes before; 7,207, 12,952 and 17,788 after
    assert.ok(work.nodes < 20_000, `${js} on ${won}: ${work.nodes} nodes`);
  }
});

test('wins of 9–14 jokers score as before: phán, items, arrangement shown, payments', () => {
  HANDS.forEach((h, i) => assert.deepEqual(score(h), BEFORE[i], JSON.stringify(h)));
});

test('a win of 14 jokers searches tens of thousands of nodes at most, not hundreds of thousands', () => {
  const view: ScoreView = { declared: [], seatWind: 27, roundWind: 27, wonOnDiscard: false, wonWild: null, nineGates: true };
  for (const js of ['JA JA JP JP JS JS JM JM JW JW JD JD JN JN', 'JA JA JA JA JN JN JN JN JM JM JM JM JP JP']) {
    const work = { nodes: 0 };
    const out = standardArrangements(new Array<number>(34).fill(0), js.split(' ') as JokerKind[], new Set([0, 1, 2]), -1, view, work);
    assert.ok(out.length > 0);
    // 95,000 and 323,000 nodes before
    assert.ok(work.nodes < 30_000, `${js}: ${work.nodes} nodes`);
  }
});

test('a win on a discarded joker lists at most twice the arrangements of the same win self-drawn (Khàn Khàn adds a yes or no)', () => {
  // the joker slots' groups in pungs and in other sets were told apart: 231, 1,236 and 2,740 listed
  // against 99, 262 and 964 self-drawn, each matched to the jokers and scored
  for (const [js, won, options] of [
    ['JA JA JP JP JS JS JM JM JW JW JD JD JN JN', 'JN', { 'joker-copies': 2 }],
    ['JA JA JA JA JN JN JN JN JM JM JM JM JP JP', 'JP', { 'joker-copies': 4 }],
    ['JH JA JP JN JN JP JN JN JA JA JP JA JP JH', 'JH', { 'joker-copies': 4, 'honour-joker': 'replaces-JD' }],
  ] as const) {
    const r = resolveOptions(engine.options, options);
    assert.ok(r.ok);
    const list = (winBy: WinBy) =>
      arrangements(
        { seat: 0, roundWind: 2, concealed: js.split(' '), melds: [], exposed: [], winningTile: won, winBy },
        r.value as VnOptions,
      ).filter((a) => a.special === null).length;
    const selfDrawn = list('self-draw');
    const onDiscard = list('discard');
    assert.ok(onDiscard <= 2 * selfDrawn, `${js} on ${won}: ${onDiscard} listed, ${selfDrawn} self-drawn`);
  }
});

test('jokersFill answers as trying every assignment of jokers to stand-in tiles', () => {
  const rng = new Rng('jokers-fill');
  const kinds: JokerKind[] = ['JA', 'JN', 'JM', 'JP', 'JS', 'JW', 'JD', 'JH', 'JF'];
  const every = (slots: readonly number[], js: readonly JokerKind[]): boolean =>
    slots.length === 0
      ? js.length === 0
      : js.some(
          (k, i) => ((GROUP_MASK[k] >> groupOf(slots[0]!)) & 1) === 1 && every(slots.slice(1), [...js.slice(0, i), ...js.slice(i + 1)]),
        );
  let yes = 0;
  for (let n = 0; n < 600; n++) {
    const size = rng.int(7);
    const slots = Array.from({ length: size }, () => rng.int(34));
    const js = Array.from({ length: size + (rng.int(8) === 0 ? 1 : 0) }, () => kinds[rng.int(kinds.length)]!);
    const want = every(slots, js);
    if (want) yes++;
    assert.equal(jokersFill(slots, js), want, `${slots.join(',')} ${js.join(' ')}`);
  }
  assert.ok(yes > 100, `${yes} fit`);
});

test('jokerReach counts, for every set of groups, the jokers whose domain meets it (counted by domain since 2026-12-07)', () => {
  const rng = new Rng('joker-reach');
  const kinds: JokerKind[] = ['JA', 'JN', 'JM', 'JP', 'JS', 'JW', 'JD', 'JH', 'JF'];
  for (let n = 0; n < 300; n++) {
    const js = Array.from({ length: rng.int(15) }, () => kinds[rng.int(kinds.length)]!);
    const reach = jokerReach(js);
    for (let set = 1; set < 32; set++)
      assert.equal(reach[set], js.filter((k) => (GROUP_MASK[k] & set) !== 0).length, `${js.join(' ')} ${set}`);
  }
});
