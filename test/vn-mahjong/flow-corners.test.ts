/**
 * Play-flow corners of a third review (2026-12-06), each against its spec line (vn-mahjong.md) or the
 * seed: a seat left holding only jokers it may not discard (§5), the joker an Âm Coong takes and the
 * one a bounce puts out (§7), the phỗng priority with two jokers (§6.4) and the joker inside an Âm
 * Coong, hidden until the hand ends (§7).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State, type VnAction } from '../../src/games/vn-mahjong/index.js';
import { fullSet, removeAll } from '../../src/games/vn-mahjong/tiles.js';
import { act, opts, pos, T } from './helpers.js';

const decisionOf = (s: State, seat: number) => engine.pending(s).find((d) => d.seat === seat);
const optionsOf = (s: State, seat: number) => decisionOf(s, seat)?.options ?? [];
const ofType = (s: State, seat: number, type: VnAction['type']) => optionsOf(s, seat).filter((a) => a.type === type);

// ---------------------------------------------------------------- §5 only undiscardable jokers in hand
// Seed "Hoa đúng cửa thì … không được đánh khung nữa" (joker-discard = seat-flower). Seat 0 holds four
// melds and one joker; every other tile lies in the ponds, so the wall holds exactly `wall`. With the
// wall empty no joker can be exposed for a replacement: the seat had no move at all (no option, no
// timeout default), the table waited for ever. The ban cannot hold then: it discards a joker.

const OTHERS = [
  '2m 3m 4m 5m 6m 7m 8m 2p 3p 4p 9p 9p 1z',
  '1p 1p 2p 3p 5p 6p 7p 7s 8s 9s 6z 6z 7z',
  '2m 3m 4m 5m 6m 7m 3p 4p 5p 7s 8s 9s 9m',
];
const MELDS = [{ tiles: '1m 1m 1m' }, { tiles: '2s 2s 2s' }, { tiles: '3z 3z 3z' }, { tiles: '5z 5z 5z' }];

/** Seat 0 holds `hand` beside MELDS; seat 3 holds OTHERS[2] + `extra3`; the wall is `wall`, the rest in ponds. */
function onlyJokers(
  hand: string,
  o: Record<string, unknown>,
  x: { flower?: boolean; wall: string; extra3?: string; turn: number; drawn?: string },
) {
  const hands = [hand, OTHERS[0]!, OTHERS[1]!, `${OTHERS[2]} ${x.extra3 ?? ''}`.trim()];
  const used = [...hands.flatMap(T), ...MELDS.flatMap((m) => T(m.tiles)), ...(x.flower ? ['1f'] : []), ...T(x.wall)];
  const op = opts(o);
  const rest = removeAll(fullSet(op['joker-copies'], op['honour-joker']), used);
  if (!rest) throw new Error('a tile is used too often');
  const half = Math.floor(rest.length / 2);
  return pos(
    {
      hands,
      melds: [MELDS, [], [], []],
      exposed: [x.flower ? ['1f'] : [], [], [], []],
      ponds: [[], rest.slice(0, half), rest.slice(half), []],
      wall: x.wall,
      turn: x.turn,
      ...(x.drawn ? { drawn: x.drawn } : {}),
    },
    o,
  );
}

test('§5 seat-flower: the last live tile leaves only jokers the seat may not discard: it must discard one (forced)', () => {
  const s0 = onlyJokers('JP', {}, { flower: true, wall: 'JS', extra3: '4z', turn: 3 });
  // seat 3 discards 4z (nobody claims it); seat 0 draws the last live tile, JS: [JP JS] is no pair
  const s1 = act(s0, 3, { type: 'discard', tile: '4z' });
  assert.equal(s1.turn, 0);
  assert.deepEqual(s1.players[0]!.hand, ['JP', 'JS']);
  assert.equal(s1.wall.length, 0);
  const d = decisionOf(s1, 0)!;
  assert.deepEqual(d.options, [
    { type: 'discard', tile: 'JP' },
    { type: 'discard', tile: 'JS' },
  ]);
  // §5 timeout: the drawn tile when legal
  assert.deepEqual(d.timeoutDefault, { type: 'discard', tile: 'JS' });
  assert.deepEqual(engine.checkInvariants(s1), []);
  // the discarded joker can be claimed only for Ù (§6); nobody can, and the live wall is empty: a draw
  const s2 = act(s1, 0, { type: 'discard', tile: 'JS' });
  assert.equal(s2.phase, 'ended');
  assert.equal(s2.end!.kind, 'draw');
});

test('§5 joker-discard = never / tong-hop-anytime: an empty wall and only banned jokers also force a joker discard', () => {
  const never = onlyJokers('JP JS', { 'joker-discard': 'never' }, { wall: '', turn: 0, drawn: 'JS' });
  assert.deepEqual(optionsOf(never, 0), [
    { type: 'discard', tile: 'JP' },
    { type: 'discard', tile: 'JS' },
  ]);
  assert.deepEqual(engine.checkInvariants(never), []);
  // tong-hop-anytime: Tổng and Hợp may always go, Soọc and Nguyên not after a seat bonus tile
  const th = onlyJokers('JS JD', { 'joker-discard': 'tong-hop-anytime' }, { flower: true, wall: '', turn: 0, drawn: 'JD' });
  assert.deepEqual(optionsOf(th, 0), [
    { type: 'discard', tile: 'JS' },
    { type: 'discard', tile: 'JD' },
  ]);
  assert.equal(decisionOf(th, 0)!.timeoutDefault.type, 'discard');
});

test('§5 the ban holds while a joker can still be exposed; a replacement taking the last tile lifts it', () => {
  const s0 = onlyJokers('JP JM', { 'joker-discard': 'never' }, { wall: 'JS', turn: 0, drawn: 'JM' });
  // one tile left to replace with: the seat exposes (dựng), it may not discard a joker
  assert.deepEqual(optionsOf(s0, 0), [
    { type: 'expose', tile: 'JP' },
    { type: 'expose', tile: 'JM' },
  ]);
  const s1 = act(s0, 0, { type: 'expose', tile: 'JM' });
  assert.deepEqual(s1.players[0]!.hand, ['JP', 'JS']);
  assert.deepEqual(optionsOf(s1, 0), [
    { type: 'discard', tile: 'JP' },
    { type: 'discard', tile: 'JS' },
  ]);
  assert.deepEqual(engine.checkInvariants(s1), []);
});

// ---------------------------------------------------------------- §7 the joker of an Âm Coong
// jokers-in-kong: [5p 5p 5p J] may take any joker whose domain holds 5p (§7, §2.2). The engine always
// took the first in sort order (Tổng), so keeping Tổng and making the kong with Thùng was never a move.

const KONG_HANDS = [
  '5p 5p 5p JA JP 1m 2m 3m 7s 8s 9s 2z 2z 6m',
  '1p 2p 3p 4p 6p 7p 8p 1s 2s 3s 4s 6s 7s',
  '1z 1z 1z 3z 3z 3z 4z 4z 4z 5z 5z 6z 6z',
  '9m 9m 9m 8m 8m 8m 7m 7m 7m 4m 4m 5m 5m',
];
const IN_KONG = { 'jokers-in-kong': true };

test('§7 jokers-in-kong: the Âm Coong offers each usable joker; the player keeps Tổng and kongs with Thùng', () => {
  const s0 = pos({ hands: KONG_HANDS, wallSeed: 'x' }, IN_KONG);
  assert.deepEqual(ofType(s0, 0, 'am-coong'), [
    { type: 'am-coong', tile: '5p', joker: 'JA' },
    { type: 'am-coong', tile: '5p', joker: 'JP' },
  ]);
  const s1 = act(s0, 0, { type: 'am-coong', tile: '5p', joker: 'JP' });
  assert.deepEqual(s1.players[0]!.melds[0]!.tiles.slice().sort(), ['5p', '5p', '5p', 'JP']);
  assert.ok(s1.players[0]!.hand.includes('JA'), 'Tổng kept');
  assert.deepEqual(engine.checkInvariants(s1), []);
  // a joker whose domain lacks 5p, or one not held, is refused
  for (const joker of ['JS', 'JN']) {
    const r = engine.apply(s0, 0, { type: 'am-coong', tile: '5p', joker });
    assert.equal(r.ok ? 'accepted' : r.error.code, 'vn-mahjong/kong-invalid', joker);
  }
});

test('§7 jokers-in-kong: an Âm Coong without a joker named (older logs) takes the first, as before', () => {
  const s0 = pos({ hands: KONG_HANDS, wallSeed: 'x' }, IN_KONG);
  const s1 = act(s0, 0, { type: 'am-coong', tile: '5p' });
  assert.deepEqual(s1.players[0]!.melds[0]!.tiles, ['5p', '5p', '5p', 'JA']);
  assert.ok(s1.players[0]!.hand.includes('JP'));
  // one usable joker: one option, naming none (as before); naming it is the same move
  const one = pos({ hands: [KONG_HANDS[0]!.replace('JA', '1m'), ...KONG_HANDS.slice(1)], wallSeed: 'x' }, IN_KONG);
  assert.deepEqual(ofType(one, 0, 'am-coong'), [{ type: 'am-coong', tile: '5p' }]);
  const named = act(one, 0, { type: 'am-coong', tile: '5p', joker: 'JP' });
  assert.deepEqual(named.players[0]!.melds[0]!.tiles, ['5p', '5p', '5p', 'JP']);
  assert.deepEqual(named.last!.action, { type: 'am-coong', tile: '5p' });
});

// ---------------------------------------------------------------- §7 the joker a bounce puts out
// max-jokers-per-call = 2: seat 1 phỗng 5m with Màn and Hợp ([5m JM JN]) and draws 5m. Which joker
// bounces out is the player's (Màn scores 1, Hợp 2, §2); the engine always bounced the first.

const BOUNCE = {
  hands: [
    '1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z',
    '5m 1p 2p 3p 4s 5s 6s 7p 8p 9p 6z',
    '2m 3m 4m 2s 3s 4s 6p 6p 6p 3z 3z 4z 4z',
    '7m 8m 9m 1s 2s 3s 5s 6s 7s 7z 7z 5z 5z',
  ],
  melds: [[], [{ tiles: '5m JM JN', as: '5m 5m 5m', from: 0 }], [], []],
  turn: 1,
  drawn: '5m',
  wallSeed: 'y',
};
const TWO = { 'max-jokers-per-call': '2' };

test('§7 max-jokers-per-call 2: the bounce offers each joker of the pung; Hợp can be put out, Màn kept', () => {
  const s0 = pos(BOUNCE, TWO);
  assert.deepEqual(ofType(s0, 1, 'bounce'), [
    { type: 'bounce', tile: '5m', joker: 'JM' },
    { type: 'bounce', tile: '5m', joker: 'JN' },
  ]);
  const s1 = act(s0, 1, { type: 'bounce', tile: '5m', joker: 'JN' });
  assert.deepEqual(s1.players[1]!.melds[0]!.tiles, ['5m', 'JM', '5m']);
  assert.deepEqual(
    s1.players[1]!.exposed.map((e) => e.tile),
    ['JN'],
  );
  assert.deepEqual(engine.checkInvariants(s1), []);
  assert.equal(engine.apply(s0, 1, { type: 'bounce', tile: '5m', joker: 'JA' }).ok, false);
  // no joker named (older logs): the first, as before
  const old = act(s0, 1, { type: 'bounce', tile: '5m' });
  assert.deepEqual(
    old.players[1]!.exposed.map((e) => e.tile),
    ['JM'],
  );
});

test('§7 rob-bounce: the chosen joker goes out once the robbing window closes with a pass', () => {
  // seat 2 waits on 5m (4m 6m): under rob-bounce it may rob the bounce (§13); it passes
  const hands = [...BOUNCE.hands];
  hands[2] = '2m 3m 4m 2s 3s 4s 6p 6p 6p 3z 3z 4m 6m';
  const s0 = pos({ ...BOUNCE, hands }, { ...TWO, 'rob-bounce': true });
  const s1 = act(s0, 1, { type: 'bounce', tile: '5m', joker: 'JN' });
  assert.equal(s1.phase, 'rob');
  const s2 = act(s1, 2, { type: 'pass' });
  assert.deepEqual(
    s2.players[1]!.exposed.map((e) => e.tile),
    ['JN'],
  );
  assert.deepEqual(s2.players[1]!.melds[0]!.tiles, ['5m', 'JM', '5m']);
});

// ---------------------------------------------------------------- §6.4 phỗng priority with two jokers
// Seed "người phỗng bằng đôi được ưu tiên hơn người phỗng bằng khung … khung nào chuyên đi với hàng
// của quân đánh ra được ưu tiên": more natural tiles first, then the most specific joker. The rank
// subtracted the sum of the domains, so two narrow jokers beat a natural tile with Tổng.

/** Seat 0 discards `tile`; seats 1 and 2 both phỗng it with the tiles given; returns who took it. */
function phongRace(tile: string, hands: string[], p1: string[], p2: string[], o: Record<string, unknown>): number {
  const s0 = pos({ hands, claim: { tile, from: 0 }, wallSeed: 'z' }, o);
  let s = act(s0, 1, { type: 'pung', tiles: p1 });
  s = act(s, 2, { type: 'pung', tiles: p2 });
  if (s.phase === 'claim') s = act(s, 3, { type: 'pass' });
  assert.equal(s.phase, 'after-call');
  return s.turn;
}

test('§6.4 max-jokers-per-call 2: a phỗng with a natural tile and Tổng beats one with two Màn', () => {
  const hands = [
    '1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z',
    'JM JM 1p 2p 3p 4s 5s 6s 7p 8p 9p 6z 6z',
    '5m JA 2s 3s 4s 6p 6p 6p 3z 3z 4z 4z 7m',
    '7m 8m 9m 1s 2s 3s 5s 6s 7s 7z 7z 5z 5z',
  ];
  assert.equal(phongRace('5m', hands, ['JM', 'JM'], ['5m', 'JA'], { ...TWO, 'joker-copies': 2 }), 2);
});

test('§6.4 two jokers each: the most specific joker decides (Nguyên + Tổng beats two honour jokers)', () => {
  // honour-joker = replaces-JW: JH (1z–7z, 7 tiles) plays Hỉ's part; on 6z seat 1 holds JH JH, seat 2 JD JA
  const hands = [
    '1m 2m 3m 4p 5p 6p 7s 8s 9s 1z 1z 2z 2z',
    'JH JH 1p 2p 3p 4s 5s 6s 7p 8p 9p 6m 6m',
    'JD JA 2s 3s 4s 6p 6p 6p 3z 3z 4z 4z 7m',
    '7m 8m 9m 1s 2s 3s 5s 6s 7s 7z 7z 5z 5z',
  ];
  const o = { ...TWO, 'joker-copies': 2, 'honour-joker': 'replaces-JW' };
  assert.equal(phongRace('6z', hands, ['JH', 'JH'], ['JD', 'JA'], o), 2);
  // one joker each, as before: the smaller domain (Nguyên before Tổng, seed's Trung example)
  const one = [hands[0]!, '6z JA 1p 2p 3p 4s 5s 6s 7p 8p 9p 6m 6m', '6z JD 2s 3s 4s 6p 6p 6p 3z 3z 4z 4z 7m', hands[3]!];
  assert.equal(phongRace('6z', one, ['6z', 'JA'], ['6z', 'JD'], o), 2);
});

// ---------------------------------------------------------------- §7 the joker inside an Âm Coong
// "{t t t t} with the middle two face down (revealed at the win)": the engine stored [5p 5p 5p JA]
// and showed the ends, so every seat saw the Tổng; the move line named the joker chosen too.

test('§7 jokers-in-kong: no other seat sees the joker in an Âm Coong before the hand ends', () => {
  const hands = ['5p 5p 5p JA 1m 2m 3m 7s 8s 9s 2z 2z 6m 6m', ...KONG_HANDS.slice(1)];
  const s1 = act(pos({ hands, wallSeed: 'x' }, IN_KONG), 0, { type: 'am-coong', tile: '5p' });
  assert.deepEqual(s1.players[0]!.melds[0]!.tiles, ['5p', '5p', '5p', 'JA']);
  for (const person of [0, 1, 2, 3]) assert.deepEqual(engine.view(s1, person).players[0]!.melds[0]!.tiles, ['5p', 'back', 'back', '5p']);
  assert.deepEqual(engine.publicView(s1).players[0]!.melds[0]!.tiles, ['5p', 'back', 'back', '5p']);
  // with a choice the action names the joker: only its owner's view of the last move keeps it
  const s2 = act(pos({ hands: KONG_HANDS, wallSeed: 'x' }, IN_KONG), 0, { type: 'am-coong', tile: '5p', joker: 'JP' });
  assert.deepEqual(engine.view(s2, 0).last!.action, { type: 'am-coong', tile: '5p', joker: 'JP' });
  for (const v of [engine.view(s2, 1), engine.view(s2, 3), engine.publicView(s2)])
    assert.deepEqual(v.last!.action, { type: 'am-coong', tile: '5p' });
});
