import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { scoreHand, type HandInput } from '../../src/games/vn-mahjong/scoring/score.js';
import { fullSet } from '../../src/games/vn-mahjong/tiles.js';

const opts = (o: Record<string, unknown> = {}) => {
  const r = resolveOptions(engine.options, o);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const h = (s: string) => s.split(' ');
const ids = (x: { items: { id: string; value: number }[] }) => x.items.map((i) => `${i.id}:${i.value}`).sort();
const base: HandInput = {
  seat: 1,
  roundWind: 0,
  concealed: h('2m 3m 4m 5p 5p'),
  winningTile: '5p',
  winBy: 'discard',
  exposed: [],
  melds: [
    { kind: 'chow', tiles: h('6p 7p 8p'), as: h('6p 7p 8p'), called: true, concealed: false },
    { kind: 'chow', tiles: h('3s 4s 5s'), as: h('3s 4s 5s'), called: true, concealed: false },
    { kind: 'chow', tiles: h('6s 7s 8s'), as: h('6s 7s 8s'), called: true, concealed: false },
  ],
};
const FA = '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';
function pos(position: Record<string, unknown>, o: Record<string, unknown> = {}): State {
  const r = engine.fromScenario(opts(o), 4, { position });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
const act = (s: State, seat: number, a: VnAction): State => {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

test('every option has a default, a description and a spec section; presets are valid', () => {
  for (const [k, f] of Object.entries(engine.options.fields)) {
    assert.ok((f as { description: string }).description.length > 5, k);
    assert.match((f as { spec: string }).spec, /§/, k);
  }
  for (const name of Object.keys(engine.options.presets)) assert.ok(resolveOptions(engine.options, {}, name).ok, name);
});
test('player-count / seats: 5 and 6 people leave 1 and 2 sitting out', () => {
  assert.equal(engine.setup(opts(), 5, 'a', null).match.reserves.length, 1);
  assert.equal(engine.setup(opts(), 6, 'a', null).match.reserves.length, 2);
});
test('joker-copies and honour-joker change the tile set (§2)', () => {
  assert.equal(fullSet(1, 'off').length, 160);
  assert.equal(fullSet(3, 'off').length, 176);
  assert.ok(fullSet(1, 'replaces-JW').includes('JH') && !fullSet(1, 'replaces-JW').includes('JW'));
  assert.ok(!fullSet(1, 'replaces-JD').includes('JD'));
});
test('initial-tong-hop-bonus and tong-hop-start-combo', () => {
  const e = [
    { tile: 'JA', initial: true },
    { tile: 'JN', initial: true },
  ];
  assert.deepEqual(ids(scoreHand({ ...base, exposed: e }, opts())), ['khung:3', 'khung:3', 'phinh:1']);
  assert.deepEqual(ids(scoreHand({ ...base, exposed: e }, opts({ 'initial-tong-hop-bonus': false }))), ['khung:2', 'khung:2', 'phinh:1']);
  assert.ok(ids(scoreHand({ ...base, exposed: e }, opts({ 'tong-hop-start-combo': true }))).includes('tong-hop-start-combo:9'));
});
test('added-kong-phan = 0: a Hối Coong scores no coong phán', () => {
  const k: HandInput = {
    ...base,
    melds: [
      ...base.melds.slice(0, 2),
      { kind: 'kong', tiles: h('9s 9s 9s 9s'), as: h('9s 9s 9s 9s'), called: true, concealed: false, added: true },
    ],
  };
  assert.ok(ids(scoreHand(k, opts())).includes('coong:1'));
  assert.ok(!ids(scoreHand(k, opts({ 'added-kong-phan': '0' }))).some((x) => x.startsWith('coong')));
});
test('progressive off; kk-bonus per-pattern', () => {
  const flushPungs: HandInput = {
    ...base,
    concealed: h('7s 7s 7s 9s 9s 9s 1s 1s'),
    winningTile: '1s',
    melds: [
      { kind: 'pung', tiles: h('2s 2s 2s'), as: h('2s 2s 2s'), called: true, concealed: false },
      { kind: 'pung', tiles: h('5s 5s 5s'), as: h('5s 5s 5s'), called: true, concealed: false },
    ],
  };
  assert.ok(ids(scoreHand(flushPungs, opts())).includes('progressive:3'));
  assert.ok(!ids(scoreHand(flushPungs, opts({ progressive: false }))).some((x) => x.startsWith('progressive')));
  const th: HandInput = { ...base, seat: 0, concealed: h('1z 1z 1z 2z 2z 2z 3z 3z 3z 4z 4z 5z 5z 4z'), winningTile: '4z', melds: [] };
  assert.ok(ids(scoreHand(th, opts({ 'kk-bonus': 'per-pattern' }))).includes('kk-bonus:12'));
});
test('nhan-u, dia-u, luc-khoi, flower-8-10, four-seat-flowers, double-pung-wait', () => {
  assert.ok(ids(scoreHand({ ...base, nhanU: true }, opts())).includes('nhan-u:12'));
  assert.ok(!ids(scoreHand({ ...base, nhanU: true }, opts({ 'nhan-u': false }))).includes('nhan-u:12'));
  assert.ok(ids(scoreHand({ ...base, consecutiveWins: 7 }, opts({ 'luc-khoi': true }))).includes('luc-khoi:12'));
  const eight = ['1f', '2f', '3f', '5f', '6f', '7f', '9f', '10f'].map((tile) => ({ tile }));
  assert.ok(ids(scoreHand({ ...base, exposed: eight }, opts({ 'flower-8-10': true }))).includes('bat-hoa-8:6'));
  const four = ['2f', '6f', '10f', '14f'].map((tile) => ({ tile }));
  assert.ok(ids(scoreHand({ ...base, exposed: four }, opts({ 'four-seat-flowers': true }))).includes('four-seat-flowers:12'));
  const dp: HandInput = { ...base, concealed: h('2m 2m 5p 5p 5p'), winningTile: '5p' };
  assert.ok(ids(scoreHand(dp, opts({ 'double-pung-wait': true }))).includes('double-pung-wait:1'));
});
test('nfnl: a hand with nothing ever exposed and only natural suited tiles', () => {
  const c: HandInput = {
    ...base,
    melds: [],
    concealed: h('1m 2m 3m 4p 5p 6p 7s 8s 9s 2p 3p 4p 5s 5s'),
    winningTile: '5s',
    winBy: 'self-draw',
    neverExposed: true,
  };
  assert.ok(ids(scoreHand(c, opts({ nfnl: 'true-nfnl' }))).includes('nfnl:12'));
  assert.ok(ids(scoreHand(c, opts({ nfnl: 'seattle' }))).includes('nfnl-seattle:6'));
  assert.ok(!ids(scoreHand(c, opts())).some((x) => x.startsWith('nfnl')));
});
test('timeout-win: the timer declares Ù unless never', () => {
  const p = { hands: [FA, FB, FC, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z'], claim: { tile: '6z', from: 0 } };
  const d = (o: Record<string, unknown>) => engine.pending(pos(p, o)).find((x) => x.seat === 3)!.timeoutDefault;
  assert.deepEqual(d({}), { type: 'win' });
  assert.deepEqual(d({ 'timeout-win': 'self-draw-only' }), { type: 'pass' });
});
test('wall-reserve = 26 keeps 26 tiles undrawn', () => {
  const s = engine.setup(opts({ 'wall-reserve': '26' }), 4, 'res', null);
  assert.equal(engine.publicView(s).liveWall, s.wall.length - 26);
});
test('flower-discard = anytime: a drawn bonus tile stays in the hand and may be discarded', () => {
  const s = pos(
    { hands: [FA, '1p 1p 1p 8m 9m 5z 5z 3s 3s 4s 6s 7s 9p 5f', FB, FC], turn: 1, drawn: '5f' },
    { 'flower-discard': 'anytime' },
  );
  const o = engine.pending(s)[0]!.options;
  assert.ok(o.some((a) => a.type === 'discard' && a.tile === '5f'));
  assert.ok(o.some((a) => a.type === 'expose' && a.tile === '5f'));
});
test('jokers-in-kong: Âm Coong with three naturals and a joker', () => {
  const p = { hands: [FA.replace('1m', 'JM'), FB, FC, '8p 8p 8p JP 1p 2p 3p 4s 5s 6s 7m 8m 5z 5z'], turn: 3, drawn: '5z' };
  assert.ok(
    !engine
      .pending(pos(p))
      .find((d) => d.seat === 3)!
      .options.some((a) => a.type === 'am-coong'),
  );
  assert.ok(
    engine
      .pending(pos(p, { 'jokers-in-kong': true }))
      .find((d) => d.seat === 3)!
      .options.some((a) => a.type === 'am-coong' && a.tile === '8p'),
  );
});
test('rob-bounce: others may win on the bouncing tile (§7)', () => {
  const p = {
    hands: [FA, '1p 1p 1p 8m 9m 5z 5z 3s', FB, '1m 2m 3m 4p 5p 6p 7s 8s 9s 4s 5s 2z 2z'],
    melds: [
      [],
      [
        { tiles: '3s 3s JS', from: 0 },
        { tiles: '4p 5p 6p', from: 0 },
      ],
      [],
      [],
    ],
    turn: 1,
    drawn: '3s',
  };
  const off = act(pos(p), 1, { type: 'bounce', tile: '3s' });
  assert.equal(off.phase, 'turn');
  const on = act(pos(p, { 'rob-bounce': true }), 1, { type: 'bounce', tile: '3s' });
  assert.equal(on.phase, 'rob');
  const won = act(on, 3, { type: 'win' });
  assert.ok(engine.result(won)!.items.some((x) => x.id === 'rob-bounce'));
});
test('liability options: flower-joker, thap-nhi, bach-bao off pay normally', () => {
  const j = { hands: [FA, FB, FC, '4p 5p 1m 1m 1m 7s 8s 9s 2s 3s 4s 8m 8m'], claim: { tile: 'JP', from: 1 } };
  assert.equal(engine.result(act(pos(j, { 'liability-flower-joker': false }), 3, { type: 'win' }))!.payments.length, 3);
  const b = {
    hands: ['5z 5z 2m 3m 4m 9s 9s', FA, FC, FB],
    melds: [
      [
        { tiles: '6z 6z 6z', from: 3 },
        { tiles: '7z 7z 7z', from: 1 },
      ],
      [],
      [],
      [],
    ],
    claim: { tile: '5z', from: 2 },
  };
  assert.equal(engine.result(act(pos(b, { 'liability-bach-bao': false }), 0, { type: 'win' }))!.payments.length, 3);
});
test('dealer-rotation keep-on-win passes the deal after a draw; match-length 1-wind ends after T3', () => {
  const s = engine.setup(opts({ 'dealer-rotation': 'keep-on-win', 'match-length': '1-wind' }), 4, 'm', null);
  const drawn = {
    ...s,
    phase: 'ended' as const,
    end: {
      kind: 'draw' as const,
      winner: null,
      winBy: null,
      from: null,
      tile: null,
      score: null,
      liable: null,
      result: { winners: [], ranking: [], deltas: [0, 0, 0, 0], payments: [], items: [], unit: 'point', endedBy: 'draw' },
    },
  };
  let n = engine.setup(s.opts, 4, 'm1', drawn);
  assert.equal(n.match.dealerPos, 1);
  for (let k = 0; k < 3; k++) n = engine.setup(s.opts, 4, `m${k}`, { ...drawn, match: n.match });
  assert.equal(n.match.over, true);
});
