/**
 * Issue #15 (Vietnamese mahjong): one settlement for the engine and the score CLI, the CLI fields for
 * every scored situation, arrays of hands, and the three readings of docs/rules-decisions.md.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';

type Out = {
  valid: boolean;
  reason?: string;
  phan: number;
  items: { id: string; value: number }[];
  liable: { seat: number; rule: string } | null;
  payments: Record<string, number> & { deltas: number[]; total: number };
};
const score = (x: unknown) => engine.cli!.score!(x) as Out;
const ids = (o: Out) => o.items.map((x) => `${x.id}:${x.value}`).sort();
const ok = (x: Record<string, unknown>): Out => {
  const o = score(x);
  assert.equal(o.valid, true, o.reason);
  return o;
};
const opts = (o: Record<string, unknown> = {}) => {
  const r = resolveOptions(engine.options, o);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const act = (s: State, seat: number, a: VnAction): State => {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

const E5 = {
  seatWind: '1z',
  concealed: '6p 7p 1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z',
  flowers: ['1f'],
  winningTile: '8p',
  winBy: 'rob-kong',
  from: 2,
};

test('§10 E5 robbed Hối Coong through the score CLI: compensate = declarer 12, others 2 (the engine settlement)', () => {
  const o = ok(E5);
  assert.equal(o.phan, 3);
  assert.equal(o.payments.declarer, 12);
  assert.equal(o.payments.other, 2);
  assert.equal(o.payments.total, 16);
  assert.deepEqual(o.payments.deltas, [16, -2, -12, -2]);
  const d = ok({ ...E5, options: { 'rob-kong-payment': 'as-discard' } });
  assert.deepEqual([d.payments.declarer, d.payments.other, d.payments.total], [8, 4, 16]);
});

test('§13 rob-bounce in the CLI: +1 phán rob-bounce, no cxp, paid like a robbed kong (only under the option)', () => {
  const hand = { seatWind: '4z', concealed: '1m 1m 1m 4p 5p 6p 7s 8s 9s 4s 5s 2z 2z', winningTile: '3s', winBy: 'rob-bounce', from: 1 };
  const o = ok({ ...hand, options: { 'rob-bounce': true } });
  assert.deepEqual(ids(o), ['rob-bounce:1']);
  assert.deepEqual(o.payments.deltas, [-1, -2, -1, 4]);
  // §7: without rob-bounce nobody may win on the tile that bounces a joker
  assert.match(score(hand).reason!, /rob-bounce option/);
});

test('§6 a won discarded bonus tile is Tổng in the shape, not in Bộ Khung (CLI): 6 phán, not 12', () => {
  const o = ok({ seatWind: '4z', concealed: '1m 2m JM 4p 5p JP 7s 8s JS 9m 9m 9m 5z', winningTile: '1f', winBy: 'discard', from: 0 });
  assert.deepEqual(ids(o), ['bat-hoa:6']);
  // §11.5: the discarder of the bonus tile pays for everyone
  assert.deepEqual(o.liable, { seat: 0, rule: 'flower-joker' });
  assert.deepEqual(o.payments.deltas, [-128, 0, 0, 128]);
  // a real Tổng in the hand still completes the blue set
  const real = ok({ seatWind: '4z', concealed: '1m 2m JM 4p 5p JP 7s 8s JS 9m 9m 9m JA', winningTile: '5z', winBy: 'discard', from: 0 });
  assert.ok(ids(real).includes('bo-khung:6'));
});

test('score CLI: an array of hands gives an array of answers, each valid or with its reason', () => {
  const out = engine.cli!.score!([E5, { concealed: 'xx' }, 7]) as Out[];
  assert.equal(Array.isArray(out), true);
  assert.equal(out.length, 3);
  assert.equal(out[0]!.valid, true);
  assert.equal(out[0]!.payments.declarer, 12);
  assert.equal(out[1]!.valid, false);
  assert.match(out[1]!.reason!, /concealed/);
  assert.equal(out[2]!.valid, false);
  assert.match(out[2]!.reason!, /object/);
  assert.deepEqual(engine.cli!.score!([]), []);
});

const CHOWS = '1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 3p 4p 5s';
test('score CLI: replacement-tile, last-tile, Địa Ù and Nhân Ù wins', () => {
  assert.ok(ids(ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'self-draw', replacement: true })).includes('thay:1'));
  assert.ok(ids(ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'self-draw', lastTile: true })).includes('cuoi:1'));
  assert.ok(ids(ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'discard', lastTile: true })).includes('cuoi:1'));
  assert.ok(ids(ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'self-draw', diaU: true })).includes('dia-u:12'));
  assert.ok(ids(ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'discard', nhanU: true })).includes('nhan-u:12'));
  const off = ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'discard', nhanU: true, options: { 'nhan-u': false } });
  assert.ok(!ids(off).includes('nhan-u:12'));
});

test('score CLI: consecutive wins (Lục Khôi) and initial-phase joker bonuses', () => {
  const h = { seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'self-draw', options: { 'luc-khoi': true } };
  assert.ok(!ids(ok({ ...h, consecutiveWins: 5 })).some((x) => x.startsWith('luc-khoi')));
  assert.ok(ids(ok({ ...h, consecutiveWins: 7 })).includes('luc-khoi:12'));
  const tong = (initial: boolean) =>
    ok({ seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'self-draw', flowers: [{ tile: 'JA', initial }] });
  assert.ok(ids(tong(false)).includes('khung:2'));
  assert.ok(ids(tong(true)).includes('khung:3'));
  const combo = ok({
    seatWind: '2z',
    concealed: CHOWS,
    winningTile: '5s',
    winBy: 'self-draw',
    flowers: [
      { tile: 'JA', initial: true },
      { tile: 'JN', initial: true },
    ],
    options: { 'tong-hop-start-combo': true },
  });
  assert.ok(ids(combo).includes('tong-hop-start-combo:9'));
});

// E7/E8 through the CLI: the called melds in order with their feeders.
const WARN = [
  { tiles: '1p 2p 3p', from: 2 },
  { tiles: '5p 5p 5p', from: 1 },
  { tiles: '7p 8p 9p', from: 2 },
];
test('score CLI liabilities (§11.1 E7): Cửu Chướng Báo deal-in, with the exception for a discarder with only Văn tiles', () => {
  const e7 = { seatWind: '4z', concealed: '4p 4p 6p 6p', melds: WARN, flowers: ['4f'], winningTile: '6p', winBy: 'discard', from: 1 };
  const o = ok(e7);
  assert.equal(o.phan, 13);
  assert.deepEqual(o.liable, { seat: 1, rule: 'cuu-chuong' });
  assert.equal(o.payments.liable, 274);
  assert.deepEqual(o.payments.deltas, [0, -274, 0, 274]);
  const ex = ok({ ...e7, discarderHand: '1p 2p 3p 4p 5p 9p 9p 9p 8p 7p 3p 2p' });
  assert.equal(ex.liable, null);
  assert.deepEqual(ex.payments.deltas, [-70, -134, -70, 274]);
  const called = ok({ ...e7, discarderHand: '1p 2p 3p 4p 5p 9p 9p 9p 8p 7p 3p 2p', discarderCalled: true });
  assert.deepEqual(called.liable, { seat: 1, rule: 'cuu-chuong' });
});

test('score CLI liabilities (§11.2 E8): the feeder of the 4th Văn meld pays 3 × double on a self-draw', () => {
  const o = ok({
    seatWind: '4z',
    concealed: '6p 6p',
    melds: [...WARN, { tiles: '4p 4p 4p', from: 2 }],
    flowers: ['4f'],
    winningTile: '6p',
    winBy: 'self-draw',
  });
  assert.equal(o.phan, 14);
  assert.deepEqual(o.liable, { seat: 2, rule: 'thap-nhi-chuong' });
  assert.deepEqual(o.payments.deltas, [0, 0, -420, 420]);
  const exempt = ok({
    seatWind: '4z',
    concealed: '6p 6p',
    melds: [...WARN, { tiles: '4p 4p 4p', from: 2, exempt: true }],
    flowers: ['4f'],
    winningTile: '6p',
    winBy: 'self-draw',
  });
  assert.equal(exempt.liable, null);
});

test('score CLI §11.4 + §15.7: an exempt feeder of the 4th wind pung is not liable for Đại Tứ Hỉ (option honoured)', () => {
  const hand = (exempt: boolean, options: Record<string, unknown> = {}) => ({
    seatWind: '2z',
    melds: [
      { tiles: '1z 1z 1z', from: 0 },
      { tiles: '2z 2z 2z', from: 2 },
      { tiles: '3z 3z 3z', from: 3 },
      { tiles: '4z 4z 4z', from: 0, exempt },
    ],
    concealed: '5m',
    winningTile: '5m',
    winBy: 'self-draw',
    options,
  });
  const ex = ok(hand(true));
  assert.equal(ex.liable, null);
  assert.deepEqual(ex.payments.deltas, [-576, 1728, -576, -576]);
  assert.deepEqual(ok(hand(false)).liable, { seat: 0, rule: 'bac-bao' });
  assert.deepEqual(ok(hand(true, { 'liability-exempt-feeding': false })).liable, { seat: 0, rule: 'bac-bao' });
});

test('score CLI: an explicit liability, or none, overrides the melds', () => {
  const base = { seatWind: '2z', concealed: CHOWS, winningTile: '5s', winBy: 'discard', from: 0 };
  const o = ok({ ...base, liable: { seat: 3, rule: 'bach-bao' } });
  assert.deepEqual(o.liable, { seat: 3, rule: 'bach-bao' });
  assert.deepEqual(o.payments.deltas, [0, o.payments.total, 0, -o.payments.total]);
  const e7none = ok({
    seatWind: '4z',
    concealed: '4p 4p 6p 6p',
    melds: WARN,
    flowers: ['4f'],
    winningTile: '6p',
    winBy: 'discard',
    from: 1,
    liable: null,
  });
  assert.deepEqual(e7none.payments.deltas, [-70, -134, -70, 274]);
});

// ---- the three readings (docs/rules-decisions.md "## vn-mahjong")
const NFNL_CALLS = {
  seatWind: '2z',
  concealed: '1m 2m 3m 2p 3p 4p 5s',
  melds: [{ tiles: '4p 5p 6p' }, { tiles: '7s 8s 9s' }],
  winningTile: '5s',
  winBy: 'discard',
};
test('reading 1: NFNL with called melds but no bonus tile or joker exposed scores (nfnl-calls = refused: it does not)', () => {
  assert.ok(ids(ok({ ...NFNL_CALLS, options: { nfnl: 'seattle' } })).includes('nfnl-seattle:6'));
  assert.ok(ids(ok({ ...NFNL_CALLS, options: { nfnl: 'true-nfnl' } })).includes('nfnl:12'));
  const refused = ok({ ...NFNL_CALLS, options: { nfnl: 'seattle', 'nfnl-calls': 'refused' } });
  assert.ok(!ids(refused).some((x) => x.startsWith('nfnl')));
  // a bonus tile exposed is still no NFNL
  assert.ok(!ids(ok({ ...NFNL_CALLS, flowers: ['1f'], options: { nfnl: 'seattle' } })).some((x) => x.startsWith('nfnl')));
});

const NFNL_TUI = {
  seatWind: '2z',
  concealed: '4p 4p 4p 7s 7s 7s 2s 2s 2s 5m',
  melds: [{ tiles: '1m 1m 1m' }],
  winningTile: '5m',
  winBy: 'discard',
};
test('reading 2: NFNL drops the small KK bonus (nfnl-small-kk = kept keeps it)', () => {
  const plain = ok(NFNL_TUI);
  assert.ok(ids(plain).includes('kk-bonus-small:1'), 'without NFNL the small KK bonus stays');
  const n = ok({ ...NFNL_TUI, options: { nfnl: 'seattle' } });
  assert.ok(ids(n).includes('nfnl-seattle:6'));
  assert.ok(!ids(n).includes('kk-bonus-small:1'));
  const kept = ok({ ...NFNL_TUI, options: { nfnl: 'seattle', 'nfnl-small-kk': 'kept' } });
  assert.ok(ids(kept).includes('kk-bonus-small:1'));
});

test('reading 3: Đại Tứ Hỉ +3 needs a terminal; all honours get Toàn Chữ only (dai-tu-hi-bonus = all-honours-too adds it)', () => {
  const honours = { seatWind: '1z', concealed: '1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 5z 5z', winningTile: '4z', winBy: 'discard' };
  assert.deepEqual(ids(ok(honours)), ['dai-tu-hi:48', 'kk-bonus:6', 'toan-chu:24']);
  assert.ok(ids(ok({ ...honours, options: { 'dai-tu-hi-bonus': 'all-honours-too' } })).includes('dai-tu-hi-nhat-cuu:3'));
  const terminal = { ...honours, concealed: '1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 9m 9m', winningTile: '4z' };
  assert.ok(ids(ok(terminal)).includes('dai-tu-hi-nhat-cuu:3'));
});

// ---- one settlement: every win of a self-played hand, rescored by the CLI, pays the same
function cliInput(s: State): Record<string, unknown> {
  const e = s.end!;
  if (e.kind !== 'win') throw new Error('not a win');
  const w = e.winner!;
  const p = s.players[w]!;
  const hand = e.winBy === 'self-draw' || e.winBy === 'thien-u' ? p.hand : p.hand.slice(0, -1);
  const drawn = e.winBy === 'self-draw' ? s.drawn : null;
  const concealed = drawn ? [...hand.slice(0, hand.lastIndexOf(drawn)), ...hand.slice(hand.lastIndexOf(drawn) + 1)] : hand;
  return {
    seatWind: w,
    roundWind: s.roundWind,
    concealed: e.winBy === 'thien-u' ? hand : concealed,
    melds: p.melds.map((m) => ({
      tiles: m.tiles.map((t, k) => (t.startsWith('J') ? `${t}(${m.as[k]})` : t)),
      exposed: !m.concealed,
      called: m.called,
      added: m.added,
      from: m.from,
    })),
    flowers: p.exposed,
    winningTile: e.winBy === 'thien-u' ? undefined : (e.tile ?? drawn),
    winBy: e.winBy,
    from: e.from ?? undefined,
    replacement: e.winBy === 'self-draw' && s.drawnFrom === 'back',
    lastTile: e.score.items.some((x) => x.id === 'cuoi'),
    diaU: e.score.items.some((x) => x.id === 'dia-u'),
    nhanU: e.score.items.some((x) => x.id === 'nhan-u'),
    liable: e.liable,
    options: s.opts,
  };
}
test('one settlement: the CLI pays every self-played win exactly as the engine did', () => {
  let wins = 0;
  for (let h = 0; h < 60; h++) {
    let s = engine.setup(opts(), 4, `settle-${h}`, null);
    for (let k = 0; k < 2000 && !engine.result(s); k++) {
      const d = engine.pending(s)[0]!;
      s = act(s, d.seat, engine.ai(s, d.seat));
    }
    if (s.end?.kind !== 'win') continue;
    wins++;
    const o = score(cliInput(s));
    assert.equal(o.valid, true, `${h}: ${o.reason}`);
    assert.equal(o.phan, s.end.score.phan, `${h}: phan ${JSON.stringify(cliInput(s))}`);
    const bySeat = s.seatPerson.map((person) => s.end!.result.deltas[person]);
    assert.deepEqual(o.payments.deltas, bySeat, `hand ${h}`);
  }
  assert.ok(wins >= 20, `only ${wins} wins`);
});

// ---- the CLI input contract: wrong types and unknown names are errors, never defaults (audit v2–v4) ----
const bad = (x: Record<string, unknown>, re: RegExp) => {
  const o = score(x);
  assert.equal(o.valid, false, JSON.stringify(x));
  assert.match(o.reason!, re);
};
const E2 = { seatWind: '2z', concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m', flowers: ['2f', 'JA'] };

test('score CLI: every documented boolean must be true or false ("true", "false", 0 are errors, not a default)', () => {
  assert.equal(ok(E2).phan, 6);
  bad({ ...E2, lastTile: 'true' }, /lastTile must be true or false, not "true"/);
  bad({ ...E2, replacement: 'true' }, /replacement must be true or false/);
  bad({ ...E2, diaU: 'true' }, /diaU must be true or false/);
  bad({ ...E2, nhanU: 1 }, /nhanU must be true or false/);
  bad({ ...E2, discarderCalled: 'yes' }, /discarderCalled must be true or false/);
  bad({ ...E2, flowers: [{ tile: '2f', initial: 'true' }, 'JA'] }, /initial must be true or false/);
  bad({ ...E2, flowers: ['2f', { tile: 'JA', bounced: 1 }] }, /bounced must be true or false/);
  const kong = { seatWind: '2z', concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 9s 9s', winningTile: '3m' };
  const m = (x: Record<string, unknown>) => ({ ...kong, melds: [{ tiles: '5s 5s 5s 5s', ...x }] });
  assert.equal(ok(m({ exposed: false })).phan, ok(m({ concealed: true })).phan);
  bad(m({ exposed: 'false' }), /meld\.exposed must be true or false/);
  bad(m({ concealed: 'true' }), /meld\.concealed must be true or false/);
  bad(m({ called: 'false' }), /meld\.called must be true or false/);
  bad(m({ added: 'true' }), /meld\.added must be true or false/);
  bad(m({ exempt: 1 }), /meld\.exempt must be true or false/);
  // an Âm Coong is not called, added or fed (these used to be dropped without a word)
  bad(m({ exposed: false, called: true }), /concealed meld \(Âm Coong\) has no called, added or from/);
  bad(m({ exposed: false, added: true }), /Âm Coong/);
  bad(m({ exposed: false, from: 1 }), /Âm Coong/);
  bad(m({ exposed: true, concealed: true }), /contradicts/);
});

test('score CLI: neverExposed "false" is an error, not NFNL (v3.json); false and true are read as given', () => {
  const h = { seatWind: '2z', concealed: '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', winningTile: '3m', options: { nfnl: 'true-nfnl' } };
  assert.ok(ids(ok(h)).includes('nfnl:12'));
  assert.ok(!ids(ok({ ...h, neverExposed: false })).some((x) => x.startsWith('nfnl')));
  assert.ok(ids(ok({ ...h, neverExposed: true })).includes('nfnl:12'));
  bad({ ...h, neverExposed: 'false' }, /neverExposed must be true or false, not "false"/);
  bad({ ...h, neverExposed: 0 }, /neverExposed must be true or false/);
});

test('score CLI: consecutiveWins is a whole number from 1; preset and liable.rule name what is allowed', () => {
  const h = { ...E2, options: { 'luc-khoi': true } };
  assert.ok(ids(ok({ ...h, consecutiveWins: 6 })).includes('luc-khoi:6'));
  for (const n of ['6', -3, 0, 2.5]) bad({ ...h, consecutiveWins: n }, /consecutiveWins must be a whole number from 1/);
  bad({ ...E2, preset: 5 }, /preset: unknown preset 5 \(allowed: A \| B/);
  bad({ ...E2, preset: 'nope' }, /unknown preset "nope" \(allowed: A \| B/);
  assert.equal(ok({ ...E2, preset: 'B' }).valid, true);
  bad({ ...E2, liable: { seat: 2, rule: 'bogus' } }, /liable\.rule must be one of thap-nhi-chuong, .*cuu-chuong, liability .*not "bogus"/);
  assert.deepEqual(ok({ ...E2, liable: { seat: 2, rule: 'bach-bao' } }).liable, { seat: 2, rule: 'bach-bao' });
  assert.deepEqual(ok({ ...E2, liable: 2 }).liable, { seat: 2, rule: 'liability' });
  assert.deepEqual(ok({ ...E2, liable: { seat: 2, rule: 'liability' } }).liable, { seat: 2, rule: 'liability' });
});

test("§11.4 Bắc Báo under its own option: an honour into a Toàn Chữ win, and the 4th honour meld's feeder, pay for all with Cửu Chướng and Thập Nhị Chướng off", () => {
  const winds = [
    { tiles: '1z 1z 1z', from: 3 },
    { tiles: '3z 3z 3z', from: 1 },
    { tiles: '4z 4z 4z', from: 3 },
  ];
  // Seat 2 discards Phát (an honour, not the 4th wind) into the Toàn Chữ win.
  const dealIn = (options: Record<string, unknown>) =>
    ok({ seatWind: 0, concealed: '6z 6z 6z 7z 7z', melds: winds, winningTile: '7z', winBy: 'discard', from: 2, options });
  const a = dealIn({ 'liability-cuu-chuong': false });
  assert.deepEqual(a.liable, { seat: 2, rule: 'bac-bao' });
  assert.deepEqual(a.payments.deltas, [640, 0, -640, 0]);
  assert.equal(dealIn({ 'liability-cuu-chuong': false, 'liability-bac-bao': false }).liable, null);
  // Seat 2 fed the 4th honour meld (a Phát pung); the Toàn Chữ is self-drawn later.
  const fed = (options: Record<string, unknown>) =>
    ok({ seatWind: 0, concealed: '6z', melds: [...winds, { tiles: '7z 7z 7z', from: 2 }], winningTile: '6z', winBy: 'self-draw', options });
  const b = fed({ 'liability-thap-nhi-chuong': false });
  assert.deepEqual(b.liable, { seat: 2, rule: 'bac-bao' });
  assert.deepEqual(b.payments.deltas, [960, 0, -960, 0]);
  assert.equal(fed({ 'liability-thap-nhi-chuong': false, 'liability-bac-bao': false }).liable, null);
  // Three wind pungs and a non-honour discard: no Bắc Báo (nor a Toàn Chữ).
  const plain = ok({
    seatWind: 0,
    concealed: '5m 5m 6m 7m 8m',
    melds: winds,
    winningTile: '8m',
    winBy: 'discard',
    from: 2,
    options: { 'liability-cuu-chuong': false },
  });
  assert.equal(plain.liable, null);
});
