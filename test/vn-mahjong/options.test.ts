import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { scoreHand, type HandInput } from '../../src/games/vn-mahjong/scoring/score.js';
import { fullSet, isFlowerLike, isJoker, removeAll } from '../../src/games/vn-mahjong/tiles.js';

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
test('timeout-win (§5): each value on a discard claim and on a self-draw turn, with Ù on offer in both', () => {
  const waiting = '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z';
  // seat 3 may Ù on seat 0's 6z ...
  const claim = { hands: [FA, FB, FC, waiting], claim: { tile: '6z', from: 0 } };
  // ... or has drawn that 6z itself
  const turn = { hands: [FA, FB, FC, `${waiting} 6z`], turn: 3, drawn: '6z' };
  const decision = (p: Record<string, unknown>, value: string) => {
    const d = engine.pending(pos(p, { 'timeout-win': value })).find((x) => x.seat === 3)!;
    assert.ok(
      d.options.some((a) => a.type === 'win'),
      `Ù is on offer (${value})`,
    );
    return d.timeoutDefault;
  };
  // §5: claim → pass, Ù only if timeout-win allows it (a discard win: `always` only)
  assert.deepEqual(decision(claim, 'always'), { type: 'win' });
  assert.deepEqual(decision(claim, 'self-draw-only'), { type: 'pass' });
  assert.deepEqual(decision(claim, 'never'), { type: 'pass' });
  // §5: turn → Ù if timeout-win allows it (a self-draw: `always` and `self-draw-only`), else the drawn tile
  assert.deepEqual(decision(turn, 'always'), { type: 'win' });
  assert.deepEqual(decision(turn, 'self-draw-only'), { type: 'win' });
  assert.deepEqual(decision(turn, 'never'), { type: 'discard', tile: '6z' });
  assert.equal(opts()['timeout-win'], 'always', 'the default (§13)');
});
/**
 * `position` with a wall of exactly `size` tiles, `front` first and `back` last (the replacement
 * end), the bonus tiles and jokers in between; every other tile lies in the ponds.
 */
function shortWall(position: { hands: string[] }, front: string[], back: string[], size: number, o: Record<string, unknown>): State {
  const pool = removeAll(fullSet(1, 'off'), [...position.hands.flatMap(h), ...front, ...back])!;
  const special = (t: string) => isJoker(t) || isFlowerLike(t);
  const rest = [...pool.filter(special), ...pool.filter((t) => !special(t))];
  const middle = rest.slice(0, size - front.length - back.length);
  const ponds = [0, 1, 2, 3].map((k) => rest.slice(middle.length).filter((_, i) => i % 4 === k));
  const s = pos({ ...position, wall: [...front, ...middle, ...back], ponds }, o);
  assert.equal(s.wall.length, size);
  return s;
}
/** Every open claim window answered with a pass. */
function passAll(s: State): State {
  while (s.phase === 'claim') s = act(s, engine.pending(s)[0]!.seat, { type: 'pass' });
  return s;
}
test('wall-reserve = 26 (§12): the live draw at 27 tiles is the last one; the next ends the hand with 26 left', () => {
  const R = { 'wall-reserve': '26' };
  // seat 0 discards 8m (nobody calls it); seat 1 waits on 5z / 6z and draws next
  const hands = [`${FA} 8m`, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z', FB, FC];
  const start = (size: number) => shortWall({ hands }, ['6z'], ['9m'], size, R);
  const toSeat1 = (s: State) => passAll(act(s, 0, { type: 'discard', tile: '8m' }));

  const s = toSeat1(start(27));
  // 27 > 26 tiles: seat 1 draws from the live end, and that was the last live tile
  assert.deepEqual([s.phase, s.turn, s.drawn, s.drawnFrom, s.wall.length], ['turn', 1, '6z', 'live', 26]);
  assert.equal(engine.publicView(s).liveWall, 0);
  assert.ok(engine.pending(s)[0]!.options.some((a) => a.type === 'win'));
  // §9 cuoi: self-drawing the last live tile scores Quân Cuối Cùng; one tile earlier it does not
  const cuoi = (x: State) => engine.result(act(x, 1, { type: 'win' }))!.items.some((i) => i.id === 'cuoi');
  assert.equal(cuoi(s), true, 'the draw at 27 tiles is the last live draw');
  assert.equal(cuoi(toSeat1(start(28))), false, 'the draw at 28 tiles is not');
  // seat 1 discards instead; seat 2 needs a live draw with 26 ≤ wall-reserve tiles left: a draw
  const end = passAll(act(s, 1, { type: 'discard', tile: '6z' }));
  assert.equal(engine.result(end)?.endedBy, 'draw', 'the hand ended as a draw');
  assert.equal(end.wall.length, 26);
  assert.equal(end.players[2]!.hand.length, 13, 'seat 2 drew nothing');
  assert.deepEqual(engine.result(end)?.deltas, [0, 0, 0, 0], 'a draw pays nothing');
});
test('wall-reserve = 26 (§12): a replacement after the last live draw comes from the reserve', () => {
  const R = { 'wall-reserve': '26' };
  // the last live tile is seat 1's 4th 6z (an Âm Coong), or a bonus tile: either way a replacement
  const kongHands = [`${FA} 8m`, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 6z 6z 6z', FB.replace('6z', '7z'), FC];
  const flowerHands = [`${FA} 8m`, '1m 2m 3m 4p 5p 6p 7s 8s 9s 5z 5z 6z 6z', FB, FC];
  const kong = passAll(act(shortWall({ hands: kongHands }, ['6z'], ['9m'], 27, R), 0, { type: 'discard', tile: '8m' }));
  assert.equal(kong.wall.length, 26);
  assert.ok(engine.pending(kong)[0]!.options.some((a) => a.type === 'am-coong' && a.tile === '6z'));
  const afterKong = act(kong, 1, { type: 'am-coong', tile: '6z' });
  const flower = passAll(act(shortWall({ hands: flowerHands }, ['2f'], ['9m'], 27, R), 0, { type: 'discard', tile: '8m' }));
  assert.deepEqual(
    flower.players[1]!.exposed.map((e) => e.tile),
    ['2f'],
  );
  for (const s of [afterKong, flower]) {
    // the back tile (9m) replaced it from the 26 reserved tiles
    assert.deepEqual([s.phase, s.turn, s.drawn, s.drawnFrom, s.wall.length], ['turn', 1, '9m', 'back', 25]);
    // and the next live draw ends the hand, now with 25 left
    const end = passAll(act(s, 1, { type: 'discard', tile: '9m' }));
    assert.equal(engine.result(end)?.endedBy, 'draw', 'the hand ended as a draw');
    assert.equal(end.wall.length, 25);
  }
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
