/**
 * The `{position}` loader (src/games/vn-mahjong/scenario.ts, docs/scenarios-vn-mahjong.md): a loaded
 * position behaves as the same position reached by play (feedings, NFNL, the must-discard tile, the
 * last live tile, `anyCall`, the discard history and claim markers), and a position play cannot reach
 * is refused with one line naming the problem, never a TypeError.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { fullSet, removeAll } from '../../src/games/vn-mahjong/tiles.js';
import { act, opts, optionsOf, pos, T } from './helpers.js';

const FA = '1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 3z 5z 7z';
const FB = '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z';
const FC = '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z';
/** Seat 1 to move, a self-drawn win on 3m in hand. */
const WIN1 = '1m 2m 3m 4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s';
const BASE = { hands: [FA, WIN1, FB, FC], turn: 1, drawn: '3m' };
/** Seat 1 with one meld (given per test) and 11 tiles, to move after drawing 9s; seat 3 holds no 2s. */
const withMeld = (meld: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  hands: [FA, '4p 5p 6p 7p 8p 9p 3s 4s 5s 9s 9s', FB, FC.replace('2s', '6p')],
  turn: 1,
  drawn: '9s',
  melds: [[], [meld], [], []],
  ...extra,
});

const scenario = (position: Record<string, unknown>, steps: Scenario['steps'], options: Record<string, unknown> = {}): Scenario =>
  ({ name: 'loader', game: 'vn-mahjong', seats: 4, options, start: { position }, steps }) as Scenario;
const deltasOf = (s: State) => engine.result(s)!.deltas;
const itemsOf = (s: State) => engine.result(s)!.items.map((x) => `${x.id}:${x.value}`);

// ---------------------------------------------------------------- 1. feedings (§11.2–11.4)
/** Seat 1 has called four wind pungs, the 4th (4z) fed by seat 0: Bắc Báo (§11.4); it wins Đại Tứ Hỉ. */
const BAC = {
  hands: [
    '1z 2z 3z 4z 5z 5z 5z 6z 6z 6z 7z 7z 9m',
    '5m 9p',
    '1m 4m 7m 2p 5p 8p 3s 6s 9s 1p 2m 3p 4s',
    '2m 5m 8m 3p 6p 9p 1s 4s 7s 1m 7m 2s 7p',
  ],
  melds: [
    [],
    [
      { tiles: '1z 1z 1z', from: 0 },
      { tiles: '2z 2z 2z', from: 2 },
      { tiles: '3z 3z 3z', from: 3 },
      { tiles: '4z 4z 4z', from: 0 },
    ],
    [],
    [],
  ],
  wallFront: '8s 8s 8s 5m',
  turn: 1,
  phase: 'after-call',
};
const BAC_STEPS = [
  { seat: 1, action: { type: 'discard', tile: '9p' } },
  { seat: 2, action: { type: 'discard', tile: '8s' } },
  { seat: 3, action: { type: 'discard', tile: '8s' } },
  { seat: 0, action: { type: 'discard', tile: '8s' } },
  { seat: 1, action: { type: 'win' } },
] as Scenario['steps'];

test('feedings: a called meld fed from a position records its Bắc Báo feeding, and the feeder pays for all (§11.4)', () => {
  const s = pos(BAC);
  assert.ok(s.feedings.some((f) => f.kind === 'bac' && f.cat === 'tu-hi' && f.feeder === 0 && f.winner === 1 && !f.exempt));
  const r = runScenario(engine, scenario(BAC, BAC_STEPS));
  assert.deepEqual(r.problems, []);
  assert.deepEqual((r.result as { deltas: number[] }).deltas, [-1728, 1728, 0, 0]);
});

test("feedings: a meld's exempt: true is the feeder's §11.1 exception, as in the score CLI (§15.7)", () => {
  const melds = BAC.melds.map((ms) => ms.map((m) => (m.tiles === '4z 4z 4z' ? { ...m, exempt: true } : m)));
  const s = pos({ ...BAC, melds });
  assert.ok(s.feedings.some((f) => f.kind === 'bac' && f.feeder === 0 && f.exempt));
  const r = runScenario(engine, scenario({ ...BAC, melds }, BAC_STEPS));
  assert.deepEqual((r.result as { deltas: number[] }).deltas, [-576, 1728, -576, -576]);
});

// ---------------------------------------------------------------- 2. NFNL and what the initial phase sets (§4.3, §13)
test('NFNL: with the option on, a seat that exposed nothing is NFNL, as the initial phase leaves it (§13)', () => {
  const s = pos({ ...BASE, exposed: [[], [], [], []] }, { nfnl: 'true-nfnl' });
  assert.deepEqual(
    s.players.map((p) => p.nfnl),
    [true, true, true, true],
  );
  const won = act(s, 1, { type: 'win' });
  assert.ok(itemsOf(won).includes('nfnl:12'), itemsOf(won).join(' '));
  assert.deepEqual(deltasOf(won), [-192, 576, -192, -192]);
  // option off: no flag at all, as in play
  assert.deepEqual(
    pos(BASE).players.map((p) => p.nfnl),
    [undefined, undefined, undefined, undefined],
  );
});

test('NFNL: an initial exposure or any bonus tile shown ends it; a joker exposed later does not (§13: NFNL discards drawn bonus tiles)', () => {
  const exposed = [['1f'], [{ tile: 'JA', initial: true }], ['JN'], []];
  const s = pos({ ...BASE, exposed }, { nfnl: 'true-nfnl' });
  assert.deepEqual(
    s.players.map((p) => p.nfnl),
    [false, false, true, true],
  );
});

test('NFNL: a joker or bonus tile the NFNL seat to move has just drawn must be discarded next (§13, draw.ts)', () => {
  const joker = pos({ ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s JA'), FB, FC], drawn: 'JA' }, { nfnl: 'true-nfnl' });
  assert.equal(joker.mustDiscard, 'JA');
  assert.deepEqual(optionsOf(joker, 1), [{ type: 'discard', tile: 'JA' }]);
  const bonus = pos({ ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s 2f'), FB, FC], drawn: '2f' }, { nfnl: 'true-nfnl' });
  assert.equal(bonus.mustDiscard, '2f');
  // without NFNL a drawn joker stays a choice
  assert.equal(pos({ ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s JA'), FB, FC], drawn: 'JA' }).mustDiscard, null);
});

test("dealer's first turn: a single bonus tile kept at the deal must be discarded first (§4.3)", () => {
  const s = pos({ hands: [`${FA} 1f`, WIN1.replace(' 9s 9s', ' 9s'), FB, FC], turn: 0, dealerFirstTurn: true });
  assert.equal(s.mustDiscard, '1f');
  assert.equal(s.anyCall, false);
  assert.deepEqual(
    s.players.map((p) => [p.draws, p.discards]),
    [
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ],
  );
  assert.deepEqual(optionsOf(s, 0), [{ type: 'discard', tile: '1f' }]);
});

// ---------------------------------------------------------------- flags play sets from the position
test('anyCall follows the melds: no called meld, no call (Nhân Ù on a first-go-round discard, §9)', () => {
  const s = pos({
    hands: [FA, WIN1.replace(' 9s 9s', ' 9s'), FB, FC],
    claim: { tile: '9s', from: 0 },
    draws: [1, 0, 0, 0],
    discardCounts: [0, 0, 0, 0],
  });
  assert.equal(s.anyCall, false);
  const won = act(s, 1, { type: 'win' });
  assert.ok(
    itemsOf(won).some((x) => x.startsWith('nhan-u')),
    itemsOf(won).join(' '),
  );
  assert.equal(pos(withMeld({ tiles: '1m 1m 1m', from: 0 })).anyCall, true);
});

/** The position with every tile not in `hands` in seat 2's pond but the 26 of a `wall-reserve = 26` wall: no live tile left. */
function emptyLiveWall(hands: string[], claim?: string): Record<string, unknown> {
  const rest = removeAll(fullSet(1, 'off'), [...hands.flatMap(T), ...(claim ? [claim] : [])])!;
  return { hands, wall: rest.slice(0, 26), ponds: [[], [], rest.slice(26), []] };
}

test('the last live tile: a self-draw on it, or a win on the discard after it, is Quân Cuối Cùng (§9 cuoi)', () => {
  const o = { 'wall-reserve': '26' };
  const drawn = pos({ ...emptyLiveWall([FA, WIN1, FB, FC]), turn: 1, drawn: '3m', drawnFrom: 'live' }, o);
  assert.equal(drawn.lastLive, true);
  assert.ok(itemsOf(act(drawn, 1, { type: 'win' })).includes('cuoi:1'));
  const hands = [FA, WIN1.replace(' 9s 9s', ' 9s'), FB, FC];
  const claimed = pos({ ...emptyLiveWall(hands, '9s'), claim: { tile: '9s', from: 0 } }, o);
  assert.equal(claimed.lastDiscard, true);
  assert.ok(itemsOf(act(claimed, 1, { type: 'win' })).includes('cuoi:1'));
});

// ---------------------------------------------------------------- 3–4. positions play cannot reach
const REFUSED: [string, Record<string, unknown>, RegExp, Record<string, unknown>?][] = [
  ['dealerFirstTurn for a non-dealer', { ...BASE, dealerFirstTurn: true }, /dealerFirstTurn: the dealer's first turn is seat 0's/],
  [
    'dealerFirstTurn after discards',
    { hands: [`${FA} 8m`, FB, FC, WIN1.replace(' 9s 9s', ' 9s')], turn: 0, dealerFirstTurn: true, ponds: [[], ['9m'], [], []] },
    /seat 1 shows melds or discards before the dealer's first discard/,
  ],
  [
    'dealerFirstTurn with a tile drawn',
    { hands: [`${FA} 8m`, FB, FC, WIN1.replace(' 9s 9s', ' 9s')], turn: 0, drawn: '8m', dealerFirstTurn: true },
    /the dealer has drawn nothing on its first turn/,
  ],
  [
    'dealerFirstTurn with a later exposure',
    { hands: [`${FA} 8m`, FB, FC, WIN1.replace(' 9s 9s', ' 9s')], turn: 0, dealerFirstTurn: true, exposed: [['1f'], [], [], []] },
    /seat 0 exposed 1f before the dealer's first discard: mark it initial: true/,
  ],
  [
    'a concealed chow',
    withMeld({ tiles: '1m 2m 3m', concealed: true }),
    /meld 1m 2m 3m: concealed: true is an Âm Coong, a kong of four tiles/,
  ],
  ['a concealed pung', withMeld({ tiles: '1m 1m 1m', concealed: true }), /concealed: true is an Âm Coong/],
  [
    'an Âm Coong with from',
    withMeld({ tiles: '1m 1m 1m 1m', concealed: true, from: 0 }),
    /a concealed meld \(Âm Coong\) has no called, added or from/,
  ],
  [
    'a called pung with two jokers',
    withMeld({ tiles: 'JN JA 2s' }),
    /meld JN JA 2s: 2 jokers in a called pung: max-jokers-per-call allows 1/,
  ],
  [
    'a called chow with two jokers',
    withMeld({ tiles: '1m JM JA', as: '1m 2m 3m' }),
    /2 jokers in a called chow: max-jokers-per-call allows 1/,
    { 'max-jokers-per-call': '1' },
  ],
  ['an Âm Coong with a joker', withMeld({ tiles: '2s 2s 2s JA', concealed: true }), /no joker in a kong without jokers-in-kong/],
  [
    'an Âm Coong with two jokers',
    withMeld({ tiles: '2s 2s JS JA', concealed: true }),
    /an Âm Coong holds three natural copies and one joker at most/,
    { 'jokers-in-kong': true },
  ],
  ['a Hối Coong with a joker', withMeld({ tiles: '2s JS 2s 2s', added: true, from: 0 }), /no joker in a Hối Coong without jokers-in-kong/],
  [
    'a called kong without kong-on-discard',
    withMeld({ tiles: '2s 2s 2s 2s', from: 0 }),
    /needs kong-on-discard/,
    { 'kong-on-discard': false },
  ],
  [
    'a called kong with a joker',
    withMeld({ tiles: '2s 2s 2s JS', from: 0 }),
    /a kong claimed on a discard holds four natural tiles/,
    { 'jokers-in-kong': true },
  ],
  ['added on a pung', withMeld({ tiles: '2s 2s 2s', added: true, from: 0 }), /added: true is a Hối Coong, a fourth tile on a pung/],
  ['called: false on show', withMeld({ tiles: '1m 1m 1m', called: false }), /a meld on show is claimed from a discard/],
  [
    'a chow from across',
    withMeld({ tiles: '1m 2m 3m', from: 3 }),
    /a chow is claimed only from the previous seat 0 \(§6 Ăn\), not from seat 3/,
  ],
  ['a meld fed by its own seat', withMeld({ tiles: '1m 1m 1m', from: 1 }), /a seat cannot claim its own discard \(from: 1\)/],
  ['a meld fed by seat 9', withMeld({ tiles: '1m 1m 1m', from: 9 }), /from must be a seat 0…3, not 9/],
  ['a claim marker on a joker', withMeld({ tiles: '2s 2s JS', claimed: 2 }), /claimed must be the index of a natural tile/],
  [
    'an ordinary tile exposed',
    { ...BASE, exposed: [[], ['2f', '1p'], [], []] },
    /seat 1 exposed 1p: only bonus tiles and jokers are set aside/,
  ],
  [
    'a bounced bonus tile',
    { ...BASE, exposed: [[], [{ tile: '2f', bounced: true }], [], []] },
    /seat 1 exposed 2f: bounced is a joker put out of a pung/,
  ],
  [
    'a bonus tile held mid-hand',
    { ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s 2f'), FB, FC] },
    /seat 1 holds bonus tile 2f: a bonus tile is exposed when dealt or drawn/,
  ],
  [
    'a drawn bonus tile kept by a non-NFNL seat',
    { ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s 2f'), FB, FC], drawn: '2f' },
    /seat 1 holds bonus tile 2f/,
  ],
  [
    'after-call with no call',
    { ...BASE, phase: 'after-call', drawn: undefined },
    /phase after-call: seat 1's last meld must be the pung or chow it has just claimed/,
  ],
  [
    'after-call after a kong',
    withMeld({ tiles: '2s 2s 2s 2s', from: 0 }, { phase: 'after-call', drawn: undefined }),
    /seat 1's last meld must be the pung or chow/,
  ],
  [
    'after-call with a tile drawn',
    withMeld({ tiles: '1m 1m 1m', from: 0 }, { phase: 'after-call' }),
    /the seat that has just claimed has drawn nothing/,
  ],
  [
    'anyCall: false with a called meld',
    withMeld({ tiles: '1m 1m 1m', from: 0 }, { anyCall: false }),
    /anyCall: false, but seat 1 has a called meld/,
  ],
  ['anyCall: true with no call', { ...BASE, anyCall: true }, /anyCall: true, but no seat has a called meld/],
  ['draws [-5, "x", null, 2]', { ...BASE, draws: [-5, 'x', null, 2] }, /draws\[0\] must be a whole number ≥ 0, not -5/],
  ['draws [1, "x"]', { ...BASE, draws: [1, 'x'] }, /draws\[1\] must be a whole number ≥ 0, not "x"/],
  [
    'discardCounts below the pond',
    { ...BASE, ponds: [['9m'], [], [], []], discardCounts: [0, 5, 5, 5] },
    /discardCounts\[0\] is 0, but seat 0 has made 1 discards/,
  ],
  ['melds for five seats', { ...BASE, melds: [[], [], [], [], []] }, /melds lists 5 seats: a hand is played by 4 seats, 0…3/],
  ['ponds for five seats', { ...BASE, ponds: [[], [], [], [], ['1m']] }, /ponds lists 5 seats/],
  ['turn 7', { ...BASE, turn: 7 }, /turn must be a seat 0…3, not 7/],
  ['turn "1"', { ...BASE, turn: '1' }, /turn must be a seat 0…3, not "1"/],
  ['phase "foo"', { ...BASE, phase: 'foo' }, /phase must be "turn" or "after-call", not "foo"/],
  ['phase "claim"', { ...BASE, phase: 'claim' }, /phase must be "turn" or "after-call"/],
  ['drawnFrom "side"', { ...BASE, drawnFrom: 'side' }, /drawnFrom must be "live" or "back", not "side"/],
  [
    'claim from seat 9',
    { hands: [FA, WIN1.replace(' 9s 9s', ' 9s'), FB, FC], claim: { tile: '9s', from: 9 } },
    /claim must be \{"tile": a tile, "from": a seat 0…3\}/,
  ],
  ['claim "x"', { ...BASE, claim: 'x' }, /claim must be/],
  [
    'a claim with a tile drawn',
    { hands: [FA, WIN1.replace(' 9s 9s', ' 9s'), FB, FC], claim: { tile: '9s', from: 0 }, drawn: '9s' },
    /claim is a discard on offer/,
  ],
  ['hands[0] = 5', { ...BASE, hands: [5, WIN1, FB, FC] }, /hands\[0\] must be tiles/],
  ['melds "x"', { ...BASE, melds: 'x' }, /melds must be a list by hand seat 0…3, not "x"/],
  ['a null meld', { ...BASE, melds: [[null], [], [], []] }, /seat 0 meld 0: a meld is \{"tiles": …\}, not null/],
  ['a null exposure', { ...BASE, exposed: [[null], [], [], []] }, /seat 0 exposed: each entry is a tile/],
];

for (const [label, position, re, options] of REFUSED)
  test(`refused with one clear line: ${label}`, () => {
    const r = engine.fromScenario(opts(options), 4, { position });
    assert.equal(r.ok, false, 'loaded');
    if (r.ok) return;
    assert.equal(r.error.code, 'vn-mahjong/bad-position');
    assert.match(r.error.message, re);
    assert.doesNotMatch(r.error.message, /Cannot read|undefined|TypeError|\n/);
  });

test('refused: a position that is not an object', () => {
  const r = engine.fromScenario(opts(), 4, { position: null as unknown as Record<string, unknown> });
  assert.ok(!r.ok && /position must be an object/.test(r.error.message));
});

test('the options that allow them load the same melds (§7 max-jokers-per-call, jokers-in-kong)', () => {
  assert.equal(pos(withMeld({ tiles: 'JN JA 2s' }), { 'max-jokers-per-call': '2' }).players[1]!.melds[0]!.kind, 'pung');
  assert.equal(pos(withMeld({ tiles: '2s 2s 2s JA', concealed: true }), { 'jokers-in-kong': true }).players[1]!.melds[0]!.concealed, true);
  assert.equal(pos(withMeld({ tiles: '2s JS 2s 2s', added: true, from: 0 }), { 'jokers-in-kong': true }).players[1]!.melds[0]!.added, true);
  assert.equal(pos(withMeld({ tiles: '2s 2s 2s 2s', from: 0 })).players[1]!.melds[0]!.from, 0);
  const anytime = pos({ ...BASE, hands: [FA, WIN1.replace('9s 9s', '9s 2f'), FB, FC] }, { 'flower-discard': 'anytime' });
  assert.equal(anytime.mustDiscard, null);
});

// ---------------------------------------------------------------- 5. what the views show
/** Seat 1 has called 2s (pung, with JS) and 5p (chow) from seat 0; seat 3 to move after a draw. */
const VIEWP = {
  hands: [FA, '7p 8p 9p 3s 4s 5s 9s', FB, `${FC} 8m`],
  melds: [
    [],
    [
      { tiles: '2s 2s JS', from: 0 },
      { tiles: '4p 5p 6p', from: 0, claimed: 1 },
    ],
    [],
    [],
  ],
  ponds: [['9m', '1s'], ['7z'], ['5z'], ['6z']],
  turn: 3,
  drawn: '8m',
};

test('views: the claim markers of called melds, as play lays the claimed discard (a pung: its last natural tile)', () => {
  const v = engine.publicView(pos(VIEWP));
  assert.deepEqual(
    v.players[1]!.melds.map((m) => m.claimed),
    [1, 1],
  );
});

test('views: the discard history holds the claimed discards and ends with the discard before the draw', () => {
  const d = engine.publicView(pos(VIEWP)).discards;
  const key = (x: { person: number; tile: string; claimed: boolean }) => `${x.person}:${x.tile}${x.claimed ? '*' : ''}`;
  assert.deepEqual(d.map(key).sort(), ['0:1s', '0:2s*', '0:5p*', '0:9m', '1:7z', '2:5z', '3:6z'].sort());
  assert.equal(key(d.at(-1)!), '2:5z', 'seat 2 discarded last: seat 3 drew after it');
  // just after a call, the last discard is the one claimed
  const after = pos(withMeld({ tiles: '1m 1m 1m', from: 0 }, { phase: 'after-call', drawn: undefined, ponds: [['9m'], [], [], []] }));
  assert.equal(key(engine.publicView(after).discards.at(-1)!), '0:1m*');
});
