import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/vn-mahjong/index.js';
import { double, single, payments } from '../../src/games/vn-mahjong/scoring/settle.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { BASE_A, PRESET_B, itemTable } from '../../src/games/vn-mahjong/scoring/items.js';

type Out = {
  valid: boolean;
  phan: number;
  mun: number;
  items: { id: string; value: number }[];
  payments: Record<string, number>;
  reason?: string;
};
const score = (x: Record<string, unknown>) => engine.cli!.score!(x) as Out;
const ids = (o: Out) => o.items.map((x) => `${x.id}:${x.value}`).sort();
const check = (x: Record<string, unknown>, phan: number, items: string[]) => {
  const o = score(x);
  assert.equal(o.valid, true, o.reason);
  assert.deepEqual(ids(o), [...items].sort());
  assert.equal(o.phan, phan);
};

test('§10 money table: single/double per the reference row', () => {
  const ref: [number, number, number][] = [
    [0, 1, 1],
    [1, 1, 2],
    [2, 2, 4],
    [3, 4, 8],
    [4, 8, 16],
    [5, 16, 32],
    [6, 32, 64],
    [7, 38, 70],
    [8, 44, 76],
    [12, 64, 128],
    [13, 70, 134],
    [14, 76, 140],
    [15, 82, 146],
    [17, 94, 158],
  ];
  for (const [p, s, d] of ref) assert.deepEqual([single(p, 6), double(p, 6)], [s, d], `P=${p}`);
  assert.deepEqual([single(7, 0), double(7, 0)], [32, 64], 'leftover-phan-value 0');
});

test('flat bonuses and point unit are per payer (§10)', () => {
  const o = { ...defaultOptions(engine.options), 'mun-flat-bonus': '10', 'kong-flat-bonus': '5', 'point-unit': 2 };
  const lines = payments(0, 7, 1, 'self-draw', null, null, o);
  assert.deepEqual(
    lines.map((l) => l.amount),
    [2 * (70 + 10 + 5), 2 * (70 + 10 + 5), 2 * (70 + 10 + 5)],
  );
});
test('mun-flat-bonus (§10): + bonus × M per payer, M = ⌊P/6⌋, never doubled, across phán counts', () => {
  // §10's table with v = 6, written out here rather than taken from settle.ts
  const one = (p: number) => (p <= 0 ? 1 : p < 6 ? 2 ** (p - 1) : 32 * Math.floor(p / 6) + 6 * (p % 6));
  const two = (p: number) => (p <= 0 ? 1 : p < 6 ? 2 ** p : 64 * Math.floor(p / 6) + 6 * (p % 6));
  // M per P: 0 below a mủn; 1 from 6 to 11; 2 from 12; …
  const mun: [number, number][] = [
    [0, 0],
    [1, 0],
    [5, 0],
    [6, 1],
    [7, 1],
    [11, 1],
    [12, 2],
    [13, 2],
    [17, 2],
    [18, 3],
    [23, 3],
    [24, 4],
    [35, 5],
    [36, 6],
    [54, 9],
  ];
  for (const bonus of [0, 6, 10]) {
    const o = { ...defaultOptions(engine.options), 'mun-flat-bonus': String(bonus) };
    for (const [p, m] of mun) {
      const flat = bonus * m;
      const self = payments(0, p, 0, 'self-draw', null, null, o).map((l) => [l.from, l.amount]);
      assert.deepEqual(
        self,
        [1, 2, 3].map((s) => [s, two(p) + flat]),
        `self-draw, P = ${p}, ${bonus} per mủn`,
      );
      const discard = payments(0, p, 0, 'discard', 2, null, o).map((l) => [l.from, l.amount]);
      assert.deepEqual(
        discard,
        [
          [1, one(p) + flat],
          [2, two(p) + flat],
          [3, one(p) + flat],
        ],
        `discard by seat 2, P = ${p}, ${bonus} per mủn`,
      );
    }
  }
  // The engine's one settlement (score CLI), 10 per mủn. E2: self-draw, P = 6 (M = 1): 64 + 10 each.
  const deltas = (x: Record<string, unknown>) =>
    (score({ ...x, options: { 'mun-flat-bonus': '10' } }).payments as unknown as { deltas: number[] }).deltas;
  assert.deepEqual(deltas(E2), [-74, 222, -74, -74]);
  // E3: seat 0 discards, P = 14 (M = 2): 140 + 20 from seat 0, 76 + 20 from seats 1 and 2.
  const e3 = {
    seatWind: '4z',
    concealed: '7s 7s 7s 9s 9s 9s 1s',
    melds: [
      { tiles: '2s 2s 2s', from: 1 },
      { tiles: '5s 5s JS', from: 2 },
    ],
    flowers: ['JM'],
    winningTile: '1s',
    winBy: 'discard',
    from: 0,
  };
  assert.equal(score(e3).phan, 14);
  assert.deepEqual(deltas(e3), [-160, -96, -96, 352]);
});

test('items: every item has a spec section; preset B derives from A', () => {
  for (const x of [...BASE_A, ...PRESET_B]) assert.match(x.spec, /§/);
  assert.equal(itemTable('B').get('toan-hang')!.value, 12);
  assert.equal(itemTable('B').has('rong'), false);
});

const E2 = {
  seatWind: '2z',
  concealed: '1m 2m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s',
  flowers: ['2f', 'JA'],
  winningTile: '3m',
  winBy: 'self-draw',
};
test('phinh, kin, xuyen, hoa-cua, khung (E2)', () => check(E2, 6, ['phinh:1', 'kin:1', 'xuyen:1', 'hoa-cua:1', 'khung:2']));
test('kin-xuyen = paired drops a lone Kín', () => {
  const h = { ...E2, concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 9s 9s', winningTile: '5s' };
  check(h, 5, ['phinh:1', 'kin:1', 'hoa-cua:1', 'khung:2']);
  check({ ...h, options: { 'kin-xuyen': 'paired' } }, 4, ['phinh:1', 'hoa-cua:1', 'khung:2']);
});
test('tui-tui, toan-hang, progressive, joker at its own seat (E3)', () =>
  check(
    {
      seatWind: '4z',
      concealed: '7s 7s 7s 9s 9s 9s 1s',
      melds: [{ tiles: '2s 2s 2s' }, { tiles: '5s 5s JS' }],
      flowers: ['JM'],
      winningTile: '1s',
      winBy: 'discard',
    },
    14,
    ['tui-tui:3', 'toan-hang:6', 'progressive:3', 'khung:2'],
  ));
test('cuu-tu excludes toan-hang; KK bonus', () =>
  check({ seatWind: '1z', concealed: '1m 1m 1m 2m 3m 4m 5m 6m 7m 8m 9m 9m 9m', winningTile: '5m', winBy: 'self-draw' }, 25, [
    'cuu-tu:18',
    'kin:1',
    'kk-bonus:6',
  ]));
test('dai-tu-hi with toan-chu (tp-* and lai-nhat-cuu excluded; no +3 without a terminal, rules-decisions.md)', () =>
  check({ seatWind: '1z', concealed: '1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 5z 5z', winningTile: '4z', winBy: 'discard' }, 78, [
    'dai-tu-hi:48',
    'toan-chu:24',
    'kk-bonus:6',
  ]));
test('tieu-tu-hi: 4 mủn, + the KK mủn; tp-cua, tp-gio and lai-hang excluded (§9 A)', () =>
  check({ seatWind: '1z', concealed: '1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 5m 6m 7m', winningTile: '4z', winBy: 'discard' }, 30, [
    'tieu-tu-hi:24',
    'kk-bonus:6',
  ]));
test('coong-coong with a claimed kong: 4 mủn; no coong, tui-tui, kin, xuyen or KK bonus (§9 A)', () =>
  // §9 A: coong-coong 4 mủn (5 only when all are Âm Coong) excludes coong and tui-tui; it is not in the
  // kk-bonus list; a claimed kong is no Kín; no Xuyên on 4 pungs/kongs; one big, no medium: no progressive
  check(
    {
      seatWind: '1z',
      concealed: '9s',
      melds: [
        { tiles: '2m 2m 2m 2m' },
        { tiles: '5p 5p 5p 5p', exposed: false },
        { tiles: '8s 8s 8s 8s', exposed: false },
        { tiles: '3p 3p 3p 3p', exposed: false },
      ],
      winningTile: '9s',
      winBy: 'self-draw',
    },
    24,
    ['coong-coong:24'],
  ));
test('pe-pe (seven pairs), its options', () => {
  const h = { seatWind: '1z', concealed: '1m 1m 3p 3p 5s 5s 7s 7s 1z 1z 6z 6z 9m', winningTile: '9m', winBy: 'self-draw' };
  check(h, 8, ['pe-pe:6', 'kin:1', 'xuyen:1']);
  check({ ...h, options: { 'seven-pairs': '1-phan' } }, 3, ['pe-pe-phan:1', 'kin:1', 'xuyen:1']);
  assert.equal(score({ ...h, options: { 'seven-pairs': 'off' } }).valid, false);
  assert.equal(score({ ...h, winBy: 'discard', options: { 'seven-pairs': 'self-draw-only' } }).valid, false);
});
test('thap-tam-yeu', () =>
  check({ seatWind: '1z', concealed: '1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z', winningTile: '7z', winBy: 'discard' }, 19, [
    'thap-tam-yeu:13',
    'kk-bonus:6',
  ]));
test('khan-khan (4 concealed pungs, self-drawn)', () =>
  check({ seatWind: '1z', concealed: '2p 2p 2p 5p 5p 5p 8p 8p 8p 3s 3s 3s 7m', winningTile: '7m', winBy: 'self-draw' }, 25, [
    'khan-khan:18',
    'kin:1',
    'kk-bonus:6',
  ]));
test('a pung completed by the winning discard is not concealed: tui-tui, not khan-khan', () => {
  const o = score({ seatWind: '1z', concealed: '2p 2p 2p 5p 5p 5p 8p 8p 3s 3s 3s 7m 7m', winningTile: '8p', winBy: 'discard' });
  assert.ok(!o.items.some((x) => x.id === 'khan-khan'));
  assert.ok(o.items.some((x) => x.id === 'tui-tui'));
});
test('§9 Khàn Khàn: a won discarded joker or bonus tile completing a pung does not count it as concealed', () => {
  const h = { seatWind: '2z', concealed: '1m 1m 1m 2p 2p 2p 3s 3s 3s 7z 7z 9m 9m', winBy: 'discard', from: 0 };
  for (const winningTile of ['JA', '3f']) check({ ...h, winningTile }, 10, ['tui-tui:3', 'rong:1', 'bat-hoa:6']);
  // the joker may complete the pair instead: the 4 pungs were concealed before the win
  check({ ...h, concealed: '1m 1m 1m 2p 2p 2p 3s 3s 3s 7z 7z 7z 9m', winningTile: 'JA' }, 25, ['khan-khan:18', 'rong:1', 'bat-hoa:6']);
  // JA listed first: the arranger puts it in the 5m pung, but it can trade places with the held JN (9p pair)
  const swap = { seatWind: '2z', concealed: 'JA 5m 5m 1z 1z 1z 3z 3z 3z 4z 4z 4z 9p JN', winningTile: 'JA', winBy: 'discard', from: 0 };
  assert.ok(ids(score(swap)).includes('khan-khan:18'));
  // a held JD cannot stand for 5m: the won JA must complete a pung (5m, or 5z with JD)
  const stuck = { ...swap, concealed: 'JA 5m 5m 1z 1z 1z 3z 3z 3z 4z 4z 4z 5z JD' };
  assert.ok(!ids(score(stuck)).includes('khan-khan:18'), ids(score(stuck)).join(' '));
});
test('§2/§6 a won discarded JF never completes Bộ Khung (JN JW JD held)', () =>
  check({ seatWind: '2z', concealed: '1m 2m JN 4p 5p 6p 7s 8s 9s 1z JW 5z JD', winningTile: 'JF', winBy: 'discard', from: 0 }, 7, [
    'tp-gio:1',
    'bat-hoa:6',
  ]));
test('tieu-tam-nguyen, tp-cua, tp-gio, lai-hang', () =>
  check(
    {
      seatWind: '1z',
      concealed: '1m 2m 3m 7z 7z',
      melds: [{ tiles: '5z 5z 5z' }, { tiles: '6z 6z 6z' }, { tiles: '1z 1z 1z' }],
      winningTile: '7z',
      winBy: 'discard',
    },
    17,
    ['tieu-tam-nguyen:6', 'tp-cua:1', 'tp-gio:1', 'lai-hang:3', 'kk-bonus:6'],
  ));
test('dai-tam-nguyen excludes rong; rong per dragon pung otherwise', () => {
  const o = score({
    seatWind: '1z',
    concealed: '1m 2m 3m 9s 9s',
    melds: [{ tiles: '5z 5z 5z' }, { tiles: '6z 6z 6z' }, { tiles: '7z 7z 7z' }],
    winningTile: '9s',
    winBy: 'discard',
  });
  assert.ok(o.items.some((x) => x.id === 'dai-tam-nguyen') && !o.items.some((x) => x.id === 'rong'));
  const r = score({
    seatWind: '1z',
    concealed: '1m 2m 3m 9s 9s 4p 5p 6p',
    melds: [{ tiles: '5z 5z 5z' }, { tiles: '6z 6z 6z' }],
    winningTile: '9s',
    winBy: 'discard',
  });
  assert.equal(r.items.filter((x) => x.id === 'rong').length, 2);
});
test('coong-coong-am with coong items excluded, khan-khan excluded', () =>
  check(
    {
      seatWind: '1z',
      concealed: '9m',
      melds: ['1m', '2m', '3m', '4m'].map((t) => ({ tiles: [t, t, t, t], exposed: false })),
      winningTile: '9m',
      winBy: 'self-draw',
    },
    43,
    ['coong-coong-am:30', 'toan-hang:6', 'kin:1', 'kk-bonus:6'].concat([]),
  ));
test('lai-nhat-cuu and toan-nhat-cuu', () => {
  check({ seatWind: '1z', concealed: '1m 1m 9m 9m 1p 1p 1p 9s 9s 9s 1z 1z 1z', winningTile: '1m', winBy: 'discard' }, 8, [
    'tp-cua:1',
    'tp-gio:1',
    'lai-nhat-cuu:6',
  ]);
  check({ seatWind: '1z', concealed: '1m 1m 9m 9m 1p 1p 1p 9s 9s 9s 1s 1s 1s', winningTile: '9m', winBy: 'discard' }, 30, [
    'toan-nhat-cuu:24',
    'kk-bonus:6',
  ]);
});
test('toan-cau-nhan and KK small bonus', () =>
  check(
    {
      seatWind: '1z',
      concealed: '9s',
      melds: [{ tiles: '1m 2m 3m' }, { tiles: '4p 5p 6p' }, { tiles: '2s 2s 2s' }, { tiles: '7m 8m 9m' }],
      winningTile: '9s',
      winBy: 'discard',
    },
    4,
    ['toan-cau-nhan:3', 'kk-bonus-small:1'],
  ));
test('bo-hoa instead of hoa-cua; dai-hoa; bo-khung', () => {
  const base = {
    seatWind: '3z',
    concealed: '2m 3m 4m 5p 5p',
    melds: [{ tiles: '6p 7p 8p' }, { tiles: '3s 4s 5s' }, { tiles: '6s 7s 8s' }],
    winningTile: '5p',
    winBy: 'discard',
  };
  check({ ...base, flowers: ['1f', '2f', '3f', '4f', 'JF'] }, 1 + 6 + 2, ['phinh:1', 'bo-hoa:6', 'dai-hoa:2']);
  check({ ...base, flowers: ['JA', 'JP', 'JS', 'JM'] }, 1 + 2 + 1 + 2 + 1 + 12, [
    'phinh:1',
    'khung:2',
    'khung:1',
    'khung:2',
    'khung:1',
    'bo-khung-exposed:12',
  ]);
  check({ ...base, flowers: ['1f', '2f', '3f', 'JF'], options: { 'dai-hoa-mode': 'wild-flower' } }, 7, ['phinh:1', 'bo-hoa:6']);
});
test('joker values: hop-exposed-value, initial Tổng/Hợp bonus, seat bonus', () => {
  const base = {
    seatWind: '2z',
    concealed: '2m 3m 4m 5p 5p',
    melds: [{ tiles: '6p 7p 8p' }, { tiles: '3s 4s 5s' }, { tiles: '6s 7s 8s' }],
    winningTile: '5p',
    winBy: 'discard',
  };
  check({ ...base, flowers: ['JN'] }, 3, ['phinh:1', 'khung:2']);
  check({ ...base, flowers: ['JN'], options: { 'hop-exposed-value': '1' } }, 2, ['phinh:1', 'khung:1']);
  check({ ...base, flowers: ['JW', 'JD', 'JP'] }, 1 + 2 + 1 + 2, ['phinh:1', 'khung:2', 'khung:1', 'khung:2']);
});
test('muoi and muoi-kk (E12)', () => {
  const base = {
    seatWind: '3z',
    concealed: '6p 7p 2s 2s 2s 5s 6s 7s 9m 9m',
    melds: [{ tiles: '2m 3m 4m' }],
    winningTile: '8p',
    winBy: 'discard',
  };
  check(base, 6, ['muoi-kk:6']);
  check({ ...base, concealed: '6p 7p 2s 2s 2s 5s 6s 7s 9m JA' }, 0, ['muoi:0']);
});
test('bat-hoa: winning on a discarded joker or bonus tile (E10)', () => {
  check({ seatWind: '4z', concealed: '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m', winningTile: 'JP', winBy: 'discard' }, 6, ['bat-hoa:6']);
  check({ seatWind: '4z', concealed: '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m', winningTile: '5f', winBy: 'discard' }, 6, ['bat-hoa:6']);
  assert.equal(
    score({ seatWind: '4z', concealed: '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m', winningTile: 'JS', winBy: 'discard' }).valid,
    false,
  );
});
test('cxp on a robbed kong and thien-u (no xuyen without a winning tile)', () => {
  check({ seatWind: '1z', concealed: '6p 7p 1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z', flowers: ['1f'], winningTile: '8p', winBy: 'rob-kong' }, 3, [
    'phinh:1',
    'cxp:1',
    'hoa-cua:1',
  ]);
  check({ seatWind: '1z', concealed: '1m 1m 1m 2p 3p 4p 5p 6p 7p 7s 8s 9s 4z 4z', winBy: 'thien-u' }, 13, ['thien-u:12', 'kin:1']);
});
test('preset B patterns', () => {
  const o = score({
    seatWind: '1z',
    concealed: '1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 5s',
    winningTile: '5s',
    winBy: 'discard',
    preset: 'B',
  });
  assert.deepEqual(ids(o), ['mon-thanh-phinh:12', 'nhat-thong:18', 'phinh:1'].sort());
  const t = score({
    seatWind: '1z',
    concealed: '1m 1m 1m 2m 2m 2m 3m 3m 3m 4m 4m 4m 5m',
    winningTile: '5m',
    winBy: 'self-draw',
    preset: 'B',
  });
  assert.ok(
    ['toan-hang:12', 'khan-khan:18', 'limit-kk:6', 'limit-kin:6'].every((x) => ids(t).includes(x)),
    ids(t).join(),
  );
});
test('preset B pattern values, one hand each, as §9 B states them (1 mủn = 6 phán)', () => {
  // Values from vn-mahjong.md §9 "Preset B", never from the code. B has no wind/dragon pung items and no
  // progressive counting. A non-seat bonus tile (2f for East) is set aside where a hand must not be
  // "nothing exposed" (a called meld is no exposure: rules-corners.test.ts).
  const B = (x: Record<string, unknown>) => ({ seatWind: '1z', winBy: 'discard', preset: 'B', ...x });
  const called = (...ts: string[]) => ts.map((tiles) => ({ tiles }));
  // 13 orphans 2 mủn
  check(B({ concealed: '1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 7z', winningTile: '7z' }), 12, ['thap-tam-yeu:12']);
  // all chows with an honour pair 3 phán (with honours: no "nothing exposed" item)
  check(B({ concealed: '2m 3m 4m 5z 5z', melds: called('6p 7p 8p', '3s 4s 5s', '6s 7s 8s'), winningTile: '5z' }), 3, ['phinh-chu:3']);
  // all pungs without honours 3 phán; with honours 1 mủn
  const pungs = { melds: called('2m 2m 2m', '5p 5p 5p'), winningTile: '7s' };
  check(B({ ...pungs, concealed: '3m 3m 3m 7s 7s 4p 4p', flowers: ['2f'] }), 3, ['tui-tui:3']);
  check(B({ ...pungs, concealed: '3m 3m 3m 7s 7s 6z 6z' }), 6, ['tui-tui-chu:6']);
  // all called pungs 1 mủn, 2 with honours (all pungs too: §9 B states no exclusion)
  check(B({ concealed: '7s 7s', melds: called('2m 2m 2m', '5p 5p 5p', '3s 3s 3s', '8m 8m 8m'), flowers: ['2f'], winningTile: '7s' }), 9, [
    'tui-tui:3',
    'cau-nhan-pung:6',
  ]);
  check(B({ concealed: '7s 7s', melds: called('2m 2m 2m', '5p 5p 5p', '3s 3s 3s', '6z 6z 6z'), winningTile: '7s' }), 18, [
    'tui-tui-chu:6',
    'cau-nhan-pung-chu:12',
  ]);
  // all pungs including a 1 and a 9 pung 1 mủn
  check(B({ concealed: '1m 1m 1m 7s 7s 4p 4p', melds: called('9p 9p 9p', '5s 5s 5s'), flowers: ['2f'], winningTile: '7s' }), 9, [
    'tui-tui:3',
    'nhat-cuu-pung:6',
  ]);
  // Tiểu / Đại Tam Nguyên 1 / 2 mủn (no dragon pung items in B)
  check(B({ concealed: '1m 2m 3m 7z 7z', melds: called('5z 5z 5z', '6z 6z 6z', '4p 5p 6p'), winningTile: '7z' }), 6, ['tieu-tam-nguyen:6']);
  check(B({ concealed: '1m 2m 3m 9s 9s', melds: called('5z 5z 5z', '6z 6z 6z', '7z 7z 7z'), winningTile: '9s' }), 12, [
    'dai-tam-nguyen:12',
  ]);
  // nothing exposed and no honours 1 mủn (not all chows)
  check(B({ concealed: '2m 3m 4m 6p 7p 8p 3s 4s 5s 7s 7s 7s 9s', winningTile: '9s' }), 6, ['mon-thanh:6']);
  // all honours 4 mủn: two wind and two dragon pungs, a wind pair (no Tam Nguyên, no Tứ Hỉ), two held
  check(B({ concealed: '1z 1z 1z 2z 2z 2z 3z', melds: called('5z 5z 5z', '6z 6z 6z'), winningTile: '3z' }), 24, ['toan-chu:24']);
  // starred: 4 kongs 4 mủn, + 1 mủn KK (2f set aside: not "nothing exposed"); coong is kept from A
  check(
    B({
      concealed: '9s',
      melds: [
        { tiles: '2m 2m 2m 2m' },
        { tiles: '5p 5p 5p 5p', exposed: false },
        { tiles: '8s 8s 8s 8s', exposed: false },
        { tiles: '3p 3p 3p 3p', exposed: false },
      ],
      flowers: ['2f'],
      winningTile: '9s',
      winBy: 'self-draw',
    }),
    34,
    ['coong-coong:24', 'limit-kk:6', 'coong:1', 'coong:1', 'coong:1', 'coong:1'],
  );
  // starred: Tiểu / Đại Tứ Hỉ 5 / 8 mủn, + 1 mủn KK
  check(B({ concealed: '4z 5m 6m 7m', melds: called('1z 1z 1z', '2z 2z 2z', '3z 3z 3z'), flowers: ['2f'], winningTile: '4z' }), 36, [
    'tieu-tu-hi:30',
    'limit-kk:6',
  ]);
  check(B({ concealed: '3z 3z 3z 4z 4z 4z 9s', melds: called('1z 1z 1z', '2z 2z 2z'), flowers: ['2f'], winningTile: '9s' }), 54, [
    'dai-tu-hi:48',
    'limit-kk:6',
  ]);
});
test('bad input gives {valid:false, reason}', () => {
  for (const x of [
    null,
    { concealed: 'xx' },
    { concealed: '1m 2m', winningTile: '3m' },
    { concealed: '1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 1z 5z', winningTile: '6z', winBy: 'discard' },
  ]) {
    const o = score(x as Record<string, unknown>);
    assert.equal(o.valid, false);
    assert.equal(typeof o.reason, 'string');
  }
});
