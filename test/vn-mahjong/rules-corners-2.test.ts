/**
 * Rule corners of a second review (2026-12-06), each against its spec line (vn-mahjong.md) or the
 * seed: the Nhất Cửu warning under preset B (§11.1–§11.2), Địa Ù and Nhân Ù as one blessing per win
 * under preset B (§9 B) and `dai-hoa-mode = wild-flower` choosing what each JF stands for (§13, §9).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';

type Out = {
  valid: boolean;
  reason?: string;
  phan: number;
  items: { id: string; value: number; detail?: string }[];
  liable: { seat: number; rule: string } | null;
};
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ok = (x: Record<string, unknown>): Out => {
  const o = score(x);
  assert.equal(o.valid, true, o.reason);
  return o;
};
const itemList = (o: Out) => o.items.map((x) => `${x.id}:${x.value}`);

// ---------------------------------------------------------------- §11.1–§11.2 Nhất Cửu under preset B
// Seed: "Luật trên cũng áp dụng cho cả Nhất Cửu (toàn) … (về cả Cửu Chướng và Thập Nhị Chướng)". The full
// hand is a shape (Tui Tui Toàn Nhất Cửu, §11), not preset A's `toan-nhat-cuu` item, which B lacks.

/** Seat 2 has called three terminal pungs (a Nhất Cửu warning) and waits on 9m / 9s. */
const NHAT_CUU = {
  seatWind: '3z',
  melds: [
    { tiles: '1m 1m 1m', from: 0 },
    { tiles: '9p 9p 9p', from: 0 },
    { tiles: '1s 1s 1s', from: 1 },
  ],
  concealed: '9m 9m 9s 9s',
  winningTile: '9s',
  winBy: 'discard',
  from: 1,
  discarderHand: '2m 3m',
};

test('§11.1 Cửu Chướng Báo for Nhất Cửu holds under preset B as under A', () => {
  for (const preset of ['A', 'B'])
    assert.deepEqual(ok({ ...NHAT_CUU, preset }).liable, { seat: 1, rule: 'cuu-chuong' }, `preset ${preset}`);
  // not the full hand (a 8m pair): normal payment (§11.1 "If W's hand is not the full hand")
  const mixed = { ...NHAT_CUU, concealed: '8m 8m 9s 9s' };
  for (const preset of ['A', 'B']) assert.equal(ok({ ...mixed, preset }).liable, null, `preset ${preset}`);
});

test('§11.2 Thập Nhị Chướng for Nhất Cửu holds under preset B, also on a self-draw', () => {
  const hand = {
    seatWind: '4z',
    melds: [
      { tiles: '1m 1m 1m', from: 0 },
      { tiles: '9p 9p 9p', from: 0 },
      { tiles: '1s 1s 1s', from: 1 },
      { tiles: '9s 9s 9s', from: 2 },
    ],
    concealed: '9m',
    winningTile: '9m',
    winBy: 'self-draw',
  };
  for (const preset of ['A', 'B'])
    assert.deepEqual(ok({ ...hand, preset }).liable, { seat: 2, rule: 'thap-nhi-chuong' }, `preset ${preset}`);
  // a 5m pair: no full hand, no liability ("dĩ nhiên phải ù toàn hàng")
  assert.equal(ok({ ...hand, concealed: '5m', winningTile: '5m', preset: 'B' }).liable, null);
});

test('§11.1 the other full hands (Toàn Hàng, Toàn Chữ) are judged by shape under both presets', () => {
  // E7's Văn warning (§14)
  const toanHang = {
    seatWind: '4z',
    concealed: '4p 4p 6p 6p',
    melds: [
      { tiles: '1p 2p 3p', from: 2 },
      { tiles: '5p 5p 5p', from: 1 },
      { tiles: '7p 8p 9p', from: 2 },
    ],
    winningTile: '6p',
    winBy: 'discard',
    from: 1,
  };
  // a Chữ warning (two winds and a dragon: no Bắc Báo, no Bạch Báo)
  const toanChu = {
    seatWind: '4z',
    concealed: '6z 6z 3z 3z',
    melds: [
      { tiles: '1z 1z 1z', from: 0 },
      { tiles: '2z 2z 2z', from: 2 },
      { tiles: '5z 5z 5z', from: 0 },
    ],
    winningTile: '3z',
    winBy: 'discard',
    from: 1,
  };
  for (const preset of ['A', 'B']) {
    assert.deepEqual(ok({ ...toanHang, preset }).liable, { seat: 1, rule: 'cuu-chuong' }, `Toàn Hàng, preset ${preset}`);
    assert.deepEqual(ok({ ...toanChu, preset }).liable, { seat: 1, rule: 'cuu-chuong' }, `Toàn Chữ, preset ${preset}`);
  }
  // a joker standing in the full hand counts as the tile it stands for (§11: "a joker counts as the tile")
  const joker = ok({ ...toanHang, concealed: '4p JP 6p 6p', preset: 'B' });
  assert.deepEqual(joker.liable, { seat: 1, rule: 'cuu-chuong' });
});

// ---------------------------------------------------------------- §9 B: one blessing per win
function opts(o: Record<string, unknown> = {}, preset?: string) {
  const r = resolveOptions(engine.options, o, preset);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}
function start(position: Record<string, unknown>): State {
  const r = engine.fromScenario!(opts({}, 'B'), 4, { position });
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}
function act(s: State, seat: number, a: VnAction): State {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
const wonIds = (s: State) => (s.end?.kind === 'win' ? s.end.score.items.map((x) => x.id) : []);
const WAITS_5Z = '1m 2m 3m 4m 5m 6m 7m 8m 9m 1p 2p 3p 5z';

test("preset B: a win on the dealer's first discard is Địa Ù only, not also Nhân Ù (§9 B: three blessings)", () => {
  const s = start({
    hands: [
      '2z 2z 3z 3z 4z 4z 6z 6z 7z 7z 1s 9s 9p',
      WAITS_5Z,
      '2s 3s 4s 5p 6p 7p 1z 1z 1z 7m 8m 9m 4p',
      '4s 4s 5s 5s 6s 6s 7s 7s 8s 8s 2p 2p 3p',
    ],
    claim: { tile: '5z', from: 0 },
    draws: [0, 0, 0, 0],
    discardCounts: [0, 0, 0, 0],
    anyCall: false,
  });
  const got = wonIds(act(s, s.seatPerson[1]!, { type: 'win' }));
  assert.ok(got.includes('dia-u'), got.join(' '));
  assert.ok(!got.includes('nhan-u'), got.join(' '));
});

test("preset B: a win on a later first-round discard, before one's own first discard, stays Nhân Ù", () => {
  // the dealer discarded 7s; seat 1 drew and discards 5z; seat 2 wins on it with no discard of its own
  const s = start({
    hands: [
      '2z 2z 3z 3z 4z 4z 6z 6z 7z 7z 1s 9s 9p',
      '4s 4s 5s 5s 6s 6s 7s 7s 8s 8s 2p 2p 3p',
      WAITS_5Z,
      '2s 3s 4s 5p 6p 7p 1z 1z 1z 7m 8m 9m 4p',
    ],
    ponds: ['7s', '', '', ''],
    claim: { tile: '5z', from: 1 },
    draws: [0, 1, 0, 0],
    discardCounts: [1, 0, 0, 0],
    anyCall: false,
  });
  const got = wonIds(act(s, s.seatPerson[2]!, { type: 'win' }));
  assert.ok(got.includes('nhan-u'), got.join(' '));
  assert.ok(!got.includes('dia-u'), got.join(' '));
});

// ---------------------------------------------------------------- §13 dai-hoa-mode = wild-flower
// §13: "exposed JF counts as a chosen missing bonus tile"; the best choice is taken, as for jokers (§8).
const PHINH = { seatWind: '1z', concealed: '1m 2m 3m 4p 5p 6p 7s 8s 9s 2m 3m 4m 9p', winningTile: '9p', winBy: 'discard', from: 3 };
const wild = (flowers: string[], options: Record<string, unknown> = {}, preset?: string) =>
  ok({ ...PHINH, flowers, options: { 'dai-hoa-mode': 'wild-flower', ...options }, ...(preset ? { preset } : {}) });

test('wild-flower: a JF is no seat bonus tile East already shows (all four exposed: the JF is worth 0)', () => {
  for (const preset of ['A', 'B']) {
    const o = wild(['1f', '5f', '9f', '13f', 'JF'], {}, preset);
    assert.equal(o.phan, 5, `preset ${preset}: phinh 1 + 4 hoa-cua; ${itemList(o).join(' ')}`);
  }
});

test('wild-flower: JF tiles complete a group missing as many tiles (Bộ Hoa), before own-seat tiles', () => {
  assert.equal(wild(['1f', '2f', 'JF', 'JF'], { 'joker-copies': 2 }).phan, 1 + 6);
  // neither 2f nor 3f is East's: two own tiles (1f, 5f) would give 2, the group 1f–4f gives 6
  assert.deepEqual(itemList(wild(['2f', '3f', 'JF', 'JF'], { 'joker-copies': 2 })), ['phinh:1', 'bo-hoa:6']);
  // one JF, a group missing two: the JF gives East's own 5f (1 phán) and 1f counts as before
  assert.deepEqual(itemList(wild(['1f', '2f', 'JF'])), ['phinh:1', 'hoa-cua:1', 'hoa-cua:1']);
  assert.equal(wild(['1f', '2f', 'JF']).items[2]!.detail, 'JF(5f)');
});

test('wild-flower with four-seat-flowers: a JF can be the missing fourth tile of the seat number (§9)', () => {
  const four = { 'four-seat-flowers': true };
  // 1f 5f 9f + JF(13f): 4 hoa-cua + four-seat-flowers 12
  assert.equal(wild(['1f', '5f', '9f', 'JF'], four).phan, 1 + 4 + 12);
  // JF(13f) both completes 13f–16f and is East's fourth: Bộ Hoa 6 + 3 hoa-cua + 12
  assert.deepEqual(itemList(wild(['1f', '5f', '9f', '14f', '15f', '16f', 'JF'], four)), [
    'phinh:1',
    'hoa-cua:1',
    'hoa-cua:1',
    'hoa-cua:1',
    'bo-hoa:6',
    'four-seat-flowers:12',
  ]);
  // under dai-hoa-mode = bonus a JF is Đại Hoa (2 phán) and never a seat tile
  const bonus = ok({ ...PHINH, flowers: ['1f', '5f', '9f', 'JF'], options: four });
  assert.equal(bonus.phan, 1 + 3 + 2);
});
