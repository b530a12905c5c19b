/**
 * Rule errors, claim priority, kongs, robbing the kong, special sources, dealer rotation, table sizes
 * and wall options (classic-mahjong.md §3–§7, §10, §12, §13).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deepFreeze } from '../../src/games/core/match.js';
import { engine, type Action, type State } from '../../src/games/classic-mahjong/index.js';
import { opts, play, T } from './helpers.js';
import type { WinOutcome } from '../../src/games/classic-mahjong/state.js';
import { programArgs } from '../support/program.js';
import { classicMahjongPresenter } from '../../src/table/present/classic-mahjong.js';
import { LANGS, translator } from '../../src/table/i18n.js';

function position(players: object[], extra: Record<string, unknown> = {}, over: Record<string, unknown> = {}, seats = 4): State {
  const r = engine.fromScenario(opts(over), seats, { position: { players, ...extra } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The outcome of a won hand (fails the test on a draw or an unfinished hand). */
function winOf(s: State): WinOutcome {
  const o = s.outcome;
  if (o?.kind !== 'win') throw new Error(`expected a win, got ${JSON.stringify(o)}`);
  return o;
}

function rejects(s: State, seat: number, a: unknown, code: string): void {
  deepFreeze(s);
  const r = engine.apply(s, seat, a as Action);
  assert.equal(r.ok, false, `expected ${code}`);
  if (!r.ok) assert.equal(r.error.code, `classic-mahjong/${code}`, r.error.message);
}

const seat = (conc: string, melds: string[] = [], bonus = '') => ({
  concealed: T(conc),
  ...(melds.length ? { melds: melds.map((m) => ({ tiles: T(m) })) } : {}),
  ...(bonus ? { bonus: T(bonus) } : {}),
});

// S (seat 1) is about to discard 5m: W can pung it, N can win with it.
const E0 = seat('1s1s 2p3p 4s4s4s 6z6z 7z 1z 2z 3z');
const S0 = seat('5m 2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p');
const S13 = seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p');
const W_PUNG = seat('5m5m 1p1p 2s2s 6s6s 7p7p 3z3z 4m');
const N_WIN = seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m');
const base = (over: Record<string, unknown> = {}, w = W_PUNG, n = N_WIN) =>
  position([E0, S0, w, n], { turn: 1, drawn: '1p', discardCount: 5 }, over);

// ---- rule errors ----

test('error: not-your-turn, tile-not-in-hand, unknown-action, must-discard', () => {
  const s = base();
  rejects(s, 0, { type: 'discard', tile: '1s' }, 'not-your-turn');
  rejects(s, 1, { type: 'discard', tile: '9m' }, 'tile-not-in-hand');
  rejects(s, 1, { type: 'fly' }, 'unknown-action');
  rejects(s, 1, { type: 'pass' }, 'must-discard');
});

test('error: not-a-winning-hand, no-concealed-kong, no-added-kong, no-opening-kong, cannot-claim', () => {
  const s = base();
  rejects(s, 1, { type: 'mahjong' }, 'not-a-winning-hand');
  rejects(s, 1, { type: 'concealed-kong', tile: '8p' }, 'no-concealed-kong');
  rejects(s, 1, { type: 'added-kong', tile: '8p' }, 'no-added-kong');
  rejects(s, 1, { type: 'opening-kong', tile: '8p' }, 'no-opening-kong');
  rejects(s, 1, { type: 'pung' }, 'cannot-claim');
});

test('error: chow-not-from-previous, chow-invalid, no-pair-for-pung, no-pung-for-kong', () => {
  const s = play(base(), 1, { type: 'discard', tile: '5m' });
  rejects(s, 3, { type: 'chow', tiles: ['5m', '6m', '7m'] }, 'chow-not-from-previous');
  rejects(s, 2, { type: 'chow', tiles: ['3m', '4m', '5m'] }, 'chow-invalid');
  rejects(s, 3, { type: 'pung' }, 'no-pair-for-pung');
  rejects(s, 2, { type: 'kong' }, 'no-pung-for-kong');
  rejects(s, 0, { type: 'pung' }, 'not-your-turn');
});

test('error: last-discard-mahjong-only (and option last-discard-claims=all)', () => {
  const w = seat('5m5m 1p2p3p 2s3s4s 6s7s8s 3z3z');
  const mk = (over: Record<string, unknown>) =>
    position([E0, S0, w, N_WIN], { turn: 1, drawn: '1p', discardCount: 40, wallCount: 0, source: 'last-wall-tile' }, over);
  const s = play(mk({}), 1, { type: 'discard', tile: '5m' });
  // W can win with 5m (pung) but may not simply pung the last discard
  rejects(s, 2, { type: 'pung' }, 'last-discard-mahjong-only');
  const all = play(mk({ 'last-discard-claims': 'all' }), 1, { type: 'discard', tile: '5m' });
  const opt = engine.pending(all).find((d) => d.seat === 2)!.options;
  assert.ok(
    opt.some((a) => a.type === 'pung'),
    'pung offered with last-discard-claims=all',
  );
});

test('error: hand-over, dead-wall-empty, bad-position', () => {
  const won = play(play(base(), 1, { type: 'discard', tile: '5m' }), 3, { type: 'mahjong' });
  rejects(won, 0, { type: 'pass' }, 'hand-over');
  const k = structuredClone(
    position([seat('8m8m8m8m 2p3p 4s4s4s 6z6z 7z 1z 2z'), S13, W_PUNG, N_WIN], { turn: 0, drawn: '1z', discardCount: 3 }),
  );
  k.wall = [...k.wall, ...k.dead];
  k.dead = [];
  rejects(k, 0, { type: 'concealed-kong', tile: '8m' }, 'dead-wall-empty');
  const bad = engine.fromScenario(opts(), 4, { position: { players: [seat('1m1m1m1m1m'), S0, W_PUNG, N_WIN] } });
  assert.equal(bad.ok, false);
  if (!bad.ok) assert.equal(bad.error.code, 'classic-mahjong/bad-position');
  const deck = engine.fromScenario(opts(), 4, { deck: ['1m'] });
  assert.equal(deck.ok, false);
});

test('error: must-discard after a claimed pung; original-call-locked; original-call-not-ready', () => {
  const s = play(play(base(), 1, { type: 'discard', tile: '5m' }), 3, { type: 'pass' });
  const after = play(s, 2, { type: 'pung' });
  assert.equal(after.phase, 'discard-after-claim');
  rejects(after, 2, { type: 'concealed-kong', tile: '5m' }, 'must-discard');
  // Original Call: first discard of a seat with a ready hand
  const oc = position(
    [
      seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m 1z'),
      seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
      W_PUNG,
      seat('1s1s 2p3p 4s4s4s 6z6z 7z 2z 3z 4p'),
    ],
    { turn: 0, drawn: '1z', discardCount: 0 },
    { 'original-call': true },
  );
  rejects(oc, 0, { type: 'discard', tile: '9p', call: true }, 'original-call-not-ready');
  const called = play(oc, 0, { type: 'discard', tile: '1z', call: true });
  assert.equal(called.players[0]!.originalCall, true);
  const locked = structuredClone(called);
  locked.phase = 'turn';
  locked.turn = 0;
  locked.claim = null;
  locked.players[0]!.concealed.push('2s');
  locked.players[0]!.concealed.sort();
  locked.drawn = '2s';
  rejects(locked, 0, { type: 'discard', tile: '9p' }, 'original-call-locked');
  // Locked, the hand has a choice only when it can win: whether it has one is its secret (a hint
  // asked on it is not told to the others), whatever the options.
  assert.equal(engine.pending(locked)[0]!.choiceHidden, true);
  assert.equal(engine.pending(oc)[0]!.choiceHidden, undefined, 'a hand not locked: its choice is no secret');
});

test('Original Call with the first discard after a set claimed before it (§9.5; Kajongg: one tile may be claimed before declaring it)', () => {
  // W has not discarded yet: it pungs S's 5m, then declares the call with its first discard (a 3z wait).
  const w = seat('5m5m 1p2p3p 4s5s6s 7p8p9p 3z 4m');
  const s = play(play(base({ 'original-call': true }, w), 1, { type: 'discard', tile: '5m' }), 3, { type: 'pass' });
  const after = play(s, 2, { type: 'pung' });
  assert.ok(
    engine.pending(after)[0]!.options.some((a) => a.type === 'discard' && a.call),
    'the call is offered',
  );
  const called = play(after, 2, { type: 'discard', tile: '4m', call: true });
  assert.equal(called.players[2]!.originalCall, true);
  // Not with a later discard.
  const later = structuredClone(after);
  later.players[2]!.discards.push({ tile: '9m' } as never);
  rejects(later, 2, { type: 'discard', tile: '4m', call: true }, 'original-call-not-ready');
});

// ---- claim priority (§6) ----

test('priority: Mah Jong beats a pung made earlier; chow only from the previous seat', () => {
  let s = play(base(), 1, { type: 'discard', tile: '5m' });
  assert.deepEqual(
    engine.pending(s).map((d) => d.seat),
    [2, 3],
  );
  assert.ok(
    !engine
      .pending(s)
      .find((d) => d.seat === 3)!
      .options.some((a) => a.type === 'chow'),
    'N may not chow S’s discard',
  );
  s = play(s, 2, { type: 'pung' });
  assert.equal(s.phase, 'claim', 'the window stays open while N could still win');
  s = play(s, 3, { type: 'mahjong' });
  assert.equal(engine.result(s)!.winners[0], 3);
});

test('priority: the window closes early when nobody left can beat the best claim', () => {
  const s = play(play(base(), 1, { type: 'discard', tile: '5m' }), 3, { type: 'mahjong' });
  assert.equal(s.phase, 'ended');
  assert.equal(engine.result(s)!.winners[0], 3);
});

test('priority: pung beats chow', () => {
  const w = seat('3m4m 1p1p 2s2s 6s6s 7p7p 3z3z 9m');
  const n = seat('5m5m 1m2m3m 4p5p6p 7s8s9s 8m 1z');
  let s = play(base({}, w, n), 1, { type: 'discard', tile: '5m' });
  s = play(s, 2, { type: 'chow', tiles: ['3m', '4m', '5m'] });
  assert.equal(s.phase, 'claim');
  s = play(s, 3, { type: 'pung' });
  assert.equal(s.phase, 'discard-after-claim');
  assert.equal(s.turn, 3);
  assert.deepEqual(s.players[3]!.melds[0]!.tiles, ['5m', '5m', '5m']);
  assert.equal(s.players[2]!.melds.length, 0);
});

test('priority: two Mah Jong claims, the nearest seat counter-clockwise wins', () => {
  const w = seat('1p2p3p 4s5s6s 7p8p9p 5m 3z3z3z');
  let s = play(base({}, w), 1, { type: 'discard', tile: '5m' });
  s = play(s, 3, { type: 'mahjong' });
  assert.equal(s.phase, 'claim', 'W is nearer and may still claim');
  s = play(s, 2, { type: 'mahjong' });
  assert.deepEqual(engine.result(s)!.winners, [2]);
});

test('passing forfeits the discard; no claim lets the next seat draw', () => {
  let s = play(base(), 1, { type: 'discard', tile: '5m' });
  s = play(s, 3, { type: 'pass' });
  s = play(s, 2, { type: 'pass' });
  assert.equal(s.phase, 'turn');
  assert.equal(s.turn, 2);
  assert.equal(s.players[2]!.concealed.length, 14);
});

// ---- kongs and robbing ----

test('claimed kong takes a loose tile and counts as a claimed kong', () => {
  const w = seat('5m5m5m 1p1p 2s2s 6s6s 7p7p 3z3z');
  let s = play(base({}, w), 1, { type: 'discard', tile: '5m' });
  s = play(s, 3, { type: 'pass' });
  s = play(s, 2, { type: 'kong' });
  assert.equal(s.phase, 'turn');
  assert.equal(s.source, 'loose-tile');
  assert.equal(s.players[2]!.melds[0]!.kongType, 'claimed');
});

test('robbing-kong=off: an added kong cannot be robbed', () => {
  const ex6 = (over: Record<string, unknown>) =>
    position(
      [
        seat('1m1m1m 6m 8m 2p 4p 5s 9s 7z 7p', ['7p7p7p']),
        seat('3m 5m 7m 1p 5p 9p 2s 6s 8s 1z 2z 4z 5z'),
        seat('2m3m4m 4s4s4s 9m9m 6p8p', ['3z3z3z']),
        seat('2m 5m 8m 3p 3s 7s 9s 1z 4z 5z', ['6z6z6z']),
      ],
      { turn: 0, drawn: '7p', discardCount: 12 },
      over,
    );
  assert.equal(play(ex6({}), 0, { type: 'added-kong', tile: '7p' }).phase, 'rob-kong');
  const off = play(ex6({ 'robbing-kong': 'off' }), 0, { type: 'added-kong', tile: '7p' });
  assert.equal(off.phase, 'turn');
  assert.equal(off.players[0]!.melds[0]!.kongType, 'added');
  // passing the robbing chance completes the kong
  const passed = play(play(ex6({}), 0, { type: 'added-kong', tile: '7p' }), 2, { type: 'pass' });
  assert.equal(passed.phase, 'turn');
  assert.equal(passed.turn, 0);
});

test('a concealed kong can be robbed only for Thirteen Orphans', () => {
  const orphans = seat('1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z');
  const s = position([seat('7z7z7z7z 2m3m4m 5p6p 8s8s 3s 4s 9m'), orphans, W_PUNG, seat('2m 5m 8m 3p 6p 9p 2s 4s 7s 9s 6s 4m 2p')], {
    turn: 0,
    drawn: '4s',
    discardCount: 8,
  });
  const k = play(s, 0, { type: 'concealed-kong', tile: '7z' });
  assert.equal(k.phase, 'rob-kong');
  const won = play(k, 1, { type: 'mahjong' });
  assert.deepEqual(engine.result(won)!.winners, [1]);
  assert.equal(won.players[0]!.melds.length, 0, 'the robbed concealed kong goes back to the hand');
  const none = play(
    position(
      [seat('7z7z7z7z 2m3m4m 5p6p 8s8s 3s 4s 9m'), orphans, W_PUNG, seat('2m 5m 8m 3p 6p 9p 2s 4s 7s 9s 6s 4m 2p')],
      { turn: 0, drawn: '4s', discardCount: 8 },
      { 'robbing-kong': 'added' },
    ),
    0,
    { type: 'concealed-kong', tile: '7z' },
  );
  assert.equal(none.phase, 'turn');
});

test('Kong upon Kong: a second kong from the loose tile, won on the next loose tile', () => {
  const s = position([seat('8m8m8m8m 9m9m9m 7s7s7s 1z1z 4p 6p'), S13, W_PUNG, N_WIN], {
    turn: 0,
    drawn: '6p',
    discardCount: 8,
    deadWall: ['5p', '9m'],
  });
  let t = play(s, 0, { type: 'concealed-kong', tile: '8m' });
  assert.equal(t.drawn, '9m');
  t = play(t, 0, { type: 'concealed-kong', tile: '9m' });
  assert.equal(t.drawn, '5p');
  t = play(t, 0, { type: 'mahjong' });
  assert.equal(winOf(t).kongUponKong, true);
  assert.equal(engine.result(t)!.scores[0]!.total, 500);
});

test('opening kongs are offered during setup (option opening-kongs)', () => {
  const players = [seat('8m8m8m8m 2p3p4p 5s6s7s 1z1z 9p 9p'), seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'), W_PUNG, N_WIN];
  const s = position(players, { phase: 'setup' });
  assert.equal(s.phase, 'opening-kong');
  assert.deepEqual(engine.pending(s)[0]!.options, [{ type: 'opening-kong', tile: '8m' }, { type: 'pass' }]);
  const k = play(s, 0, { type: 'opening-kong', tile: '8m' });
  assert.equal(k.phase, 'turn');
  assert.equal(k.players[0]!.melds[0]!.kongType, 'concealed');
  const off = position(players, { phase: 'setup' }, { 'opening-kongs': false });
  assert.equal(off.phase, 'turn');
});

test('opening kongs show in public only when the phase ends: a kong shown at once would tell that a later seat still decides (#13 §2)', () => {
  // East and West each hold four of a kind: East declares, then West is asked.
  const players = [seat('8m8m8m8m 2p3p4p 5s6s7s 1z1z 9p 9p'), S13, seat('5m5m5m5m 1p1p 2s2s 7p7p 3z3z 4m'), N_WIN];
  const s = position(players, { phase: 'setup' });
  assert.equal(s.phase, 'opening-kong');
  const before = engine.publicView(s);
  const k = play(s, 0, { type: 'opening-kong', tile: '8m' });
  assert.equal(k.phase, 'opening-kong', 'West is asked next');
  assert.equal(pendingSeat(k), 2);
  assert.deepEqual(engine.publicView(k), before, 'the table shows nothing new while West decides');
  // East's own view shows its kong and its replacement tile.
  const east = engine.view(k, 0) as { melds: unknown[]; seats: { melds: unknown[] }[] };
  assert.equal(east.melds.length, 1);
  assert.equal(east.seats[0]!.melds.length, 1);
  assert.equal((engine.view(k, 2) as { seats: { melds: unknown[] }[] }).seats[0]!.melds.length, 0, 'not to West');
  // West passes: the phase is over and East's kong shows.
  const done = play(k, 2, { type: 'pass' });
  assert.equal(done.phase, 'turn');
  const after = engine.publicView(done) as {
    seats: { melds: unknown[]; concealedCount: number }[];
    wallCount: number;
    deadWallCount: number;
  };
  assert.equal(after.seats[0]!.melds.length, 1);
  assert.equal(after.seats[0]!.concealedCount, done.players[0]!.concealed.length);
  assert.equal(after.wallCount + after.deadWallCount, done.wall.length + done.dead.length);
  assert.equal('openingShown' in done, false, 'nothing of the phase stays in the state');
});

const pendingSeat = (s: State) => engine.pending(s)[0]!.seat;

// ---- special sources ----

test('Heaven and Earth', () => {
  const heaven = position(
    [
      seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m8m'),
      S0.concealed.length ? seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p') : S0,
      W_PUNG,
      seat('1s1s 2p3p 4s4s4s 6z6z 7z 1z 2z 3z'),
    ],
    { turn: 0, discardCount: 0 },
  );
  const h = play(heaven, 0, { type: 'mahjong' });
  assert.equal(engine.result(h)!.scores[0]!.total, 500);
  assert.equal(winOf(h).source, 'heaven');
  const earth = position(
    [
      seat('5m 2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
      seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m'),
      W_PUNG,
      seat('1s1s 2p3p 4s4s4s 6z6z 7z 1z 2z 3z'),
    ],
    { turn: 0, discardCount: 0 },
  );
  const e = play(play(earth, 0, { type: 'discard', tile: '5m' }), 1, { type: 'mahjong' });
  assert.equal(winOf(e).source, 'earth');
  assert.equal(engine.result(e)!.scores[1]!.total, 500);
});

// ---- settlement options (§10) ----

const EX1 = [
  seat('1m 4m 7m 2p 5p 8p 3s 6s 9s 6z', ['1z1z1z']),
  seat('2m3m4m 6p7p8p 3s3s 5z5z', ['9s9s9s'], '2f'),
  seat('5p5p5p 1p 4p 9p 2s 5s 8s 3m 6m 9m 7z 5z'),
  seat('2m 5m 8m 3p 6p 9p 1s 4s 7s 1z 4z 6z 7z'),
];
const ex1 = (over: Record<string, unknown>) => {
  const s = position(EX1, { turn: 2, drawn: '5z', discardCount: 9 }, over);
  return engine.result(play(play(s, 2, { type: 'discard', tile: '5z' }), 1, { type: 'mahjong' }))!;
};

test('settlement: default, east-pays-double=false, losers-settle=false', () => {
  assert.deepEqual(ex1({}).deltas, [-72, 256, -84, -100]);
  assert.deepEqual(ex1({ 'east-pays-double': false }).deltas, [-36, 192, -72, -84]);
  assert.deepEqual(ex1({ 'losers-settle': false }).deltas, [-128, 256, -64, -64]);
  const r = ex1({});
  assert.equal(
    r.payments.reduce((a, p) => a + p.amount, 0),
    128 + 64 + 64 + 24 + 32 + 4,
  );
});

/**
 * §10.6 `discarder-pays-all` (Kajongg "Dangerous Game"): the liable discarder alone pays S(W)×4,
 * ×6 when the winner is East, and the losers do not settle. The spec names Kajongg for when a
 * discard is dangerous; every case below is read the same way by Kajongg (`findDangerousTiles`:
 * three exposed wind pungs make the missing wind dangerous) and by the engine's simplified test
 * (a limit hand with three or more exposed sets), so the test pins only what both agree on.
 */
const FOUR_BLESSINGS = seat('5m5m 3z3z', ['1z1z1z', '2z2z2z', '4z4z4z']);
/** §14 Ex 3: W goes out on N's `3z` with Four Blessings (500). */
const ex3 = (over: Record<string, unknown>) => {
  const s = position(
    [
      seat('1m 2m 4m 7m 2p 5p 8p 3s 6s 9s 1z 6z 7z'),
      seat('3m 6m 9m 1p 4p 7p 2s 5s 8s 2z', ['5z5z5z']),
      FOUR_BLESSINGS,
      seat('7m 8m 2p 3p 5p 6p 9p 1s 4s 7s 4z 6z 7z 3z'),
    ],
    { turn: 3, drawn: '3z', discardCount: 9 },
    over,
  );
  const won = play(play(s, 3, { type: 'discard', tile: '3z' }), 2, { type: 'mahjong' });
  assert.deepEqual([winOf(won).source, winOf(won).discarder], ['discard', 3]);
  return engine.result(won)!;
};

test('settlement: discarder-pays-all makes the discarder of a dangerous tile pay for everybody (§10.6)', () => {
  // Without the option: §14 Ex 3 as printed.
  const plain = ex3({});
  assert.deepEqual(plain.deltas, [-1016, -476, 2000, -508]);
  // With it: N alone pays W 500 × 4 (what E 1000, S 500 and N 500 would have paid); E and S pay
  // nothing, and S's 8 points are not settled among the losers.
  const liable = ex3({ 'discarder-pays-all': true });
  assert.deepEqual(
    liable.scores.map((x) => x.total),
    [0, 8, 500, 0],
    'the scores themselves do not change',
  );
  assert.deepEqual(liable.payments, [{ from: 3, to: 2, amount: 2000, reason: 'discarder-pays-all' }]);
  assert.deepEqual(liable.deltas, [0, 0, 2000, -2000]);

  // East as the winner: the discarder pays 500 × 6 (2 × 500 for each of the three losers).
  const east = position(
    [
      FOUR_BLESSINGS,
      seat('3m 6m 9m 1p 4p 7p 2s 5s 8s 2z', ['5z5z5z']),
      seat('7m 8m 2p 3p 5p 6p 9p 1s 4s 7s 4z 6z 7z 3z'),
      seat('1m 2m 4m 7m 2p 5p 8p 3s 6s 9s 1z 6z 7z'),
    ],
    { turn: 2, drawn: '3z', discardCount: 9 },
    { 'discarder-pays-all': true },
  );
  const eastWon = engine.result(play(play(east, 2, { type: 'discard', tile: '3z' }), 0, { type: 'mahjong' }))!;
  assert.equal(eastWon.scores[0]!.total, 500);
  assert.deepEqual(eastWon.payments, [{ from: 2, to: 0, amount: 3000, reason: 'discarder-pays-all' }]);
  assert.deepEqual(eastWon.deltas, [3000, 0, -3000, 0]);
});

/** Everybody paid as in §10.1–10.2: no discarder paid for all. */
const normal = (r: { payments: { reason: string }[] }) =>
  assert.ok(
    r.payments.every((p) => p.reason === 'winner' || p.reason === 'losers-settle'),
    JSON.stringify(r.payments),
  );

test('settlement: discarder-pays-all leaves a win that is not on a dangerous discard alone', () => {
  // §14 Ex 1: one exposed set, no limit hand.
  const ex1r = ex1({ 'discarder-pays-all': true });
  assert.deepEqual(ex1r.deltas, [-72, 256, -84, -100]);
  normal(ex1r);
  // §14 Ex 11: a limit hand (Thirteen Orphans) on N's discard, but nothing exposed to warn the
  // discarder; everybody pays as usual.
  const orphans = position(
    [
      seat('3m3m3m 4m 7m 2p 5p 6p 8p 2s 5s 8s 7z'),
      seat('1m 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 7z'),
      seat('2m 6m 8m 9m 3p 7p 3s 6s 9s 1z 2z 4z 5z'),
      seat('2m 5m 8m 1p 4p 8p 1s 4s 7s 9s 3z 6z 7z 6z'),
    ],
    { turn: 3, drawn: '6z', discardCount: 9 },
    { 'discarder-pays-all': true },
  );
  const o = engine.result(play(play(orphans, 3, { type: 'discard', tile: '6z' }), 1, { type: 'mahjong' }))!;
  assert.equal(o.scores[1]!.total, 500);
  assert.deepEqual(o.deltas, [-984, 2000, -508, -508]);
  normal(o);
  // Three exposed sets of mixed suits, no limit hand: nothing about them is dangerous.
  const chows = position(
    [
      seat('1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z'),
      seat('3s4s5s 9m', ['2m3m4m', '5p6p7p', '6s7s8s']),
      seat('9m 1p 4p 9p 2s 5s 8s 3m 6m 9m 7z 5z 6z 8m'),
      seat('2m 5m 8m 3p 6p 9p 1s 4s 7s 1z 4z 6z 7z'),
    ],
    { turn: 2, drawn: '8m', discardCount: 9 },
    { 'discarder-pays-all': true },
  );
  const c = engine.result(play(play(chows, 2, { type: 'discard', tile: '9m' }), 1, { type: 'mahjong' }))!;
  // 20 + 4 (fishing the eyes, major) + 2 (only possible); zero-point hand 1 double: 52.
  assert.equal(c.scores[1]!.total, 52);
  normal(c);
  const toWinner = c.payments.filter((p) => p.reason === 'winner').map((p) => [p.from, p.amount]);
  assert.deepEqual(toWinner, [
    [0, 104],
    [2, 52],
    [3, 52],
  ]);
  // The same Four Blessings self-drawn: there is no discarder to blame (§14 Ex 3's payments).
  const drawn = position(
    [
      seat('1m 2m 4m 7m 2p 5p 8p 3s 6s 9s 1z 6z 7z'),
      seat('3m 6m 9m 1p 4p 7p 2s 5s 8s 2z', ['5z5z5z']),
      seat('5m5m 3z3z 3z', ['1z1z1z', '2z2z2z', '4z4z4z']),
      seat('7m 8m 2p 3p 5p 6p 9p 1s 4s 7s 4z 6z 7z'),
    ],
    { turn: 2, drawn: '3z', discardCount: 9 },
    { 'discarder-pays-all': true },
  );
  const d = engine.result(play(drawn, 2, { type: 'mahjong' }))!;
  assert.equal(d.scores[2]!.total, 500);
  assert.deepEqual(d.deltas, [-1016, -476, 2000, -508]);
  normal(d);
});

test('settlement: discarder-pays-all does not blame a konger whose added kong is robbed (no discard)', () => {
  // W shows three exposed honour pungs and robs E's added kong of 2s: Scratching a Carrying Pole
  // (500). The konger is the tile's giver, not a discarder: Kajongg's Dangerous Game, which §10.6
  // follows, judges only a win on a discard. Everybody pays as in §10 (E 1000, S and N 500 each,
  // and the losers settle). Before 2026-12-07 E paid 2000 alone.
  const s = position(
    [
      seat('1m2m3m 4p5p6p 7s8s9s 9m 2s', ['2s2s2s']),
      seat('1m 4m 5m 7m 1p 3p 8p 3z 4z 7z 6s 6s 5s'),
      seat('1s 3s 9p9p', ['1z1z1z', '5z5z5z', '6z6z6z']),
      seat('2m 5m 8m 2p 5p 8p 3s 4s 5s 9s 2z 4z 7z'),
    ],
    { turn: 0, drawn: '2s', discardCount: 8 },
    { 'discarder-pays-all': true },
  );
  const won = play(play(s, 0, { type: 'added-kong', tile: '2s' }), 2, { type: 'mahjong' });
  assert.deepEqual([winOf(won).source, winOf(won).discarder], ['robbed-kong', 0]);
  const r = engine.result(won)!;
  assert.equal(r.scores[2]!.total, 500);
  normal(r);
  assert.deepEqual(
    r.payments.filter((p) => p.reason === 'winner').map((p) => [p.from, p.amount]),
    [
      [0, 1000],
      [1, 500],
      [3, 500],
    ],
  );
});

/**
 * §10.6 with §3 ("the §10 formulas apply over the players present"): the liable discarder pays
 * what every loser would have paid under §10.1, Σ_L S(W)·f(L,W). That is S(W)×4 / ×6 only at the
 * default 4-seat table with `east-pays-double`; at 2–3 seats or without East doubling it is less
 * (before 2026-12-06 the fixed ×4 / ×6 made the discarder pay more than everybody would have).
 * The winner shows three exposed honour pungs and goes out with All Honours (500) on a `7z`.
 */
function dangerousWin(seats: number, winner: number, over: Record<string, unknown>) {
  const discarder = winner === 0 ? seats - 1 : (winner + 1) % seats;
  const winning = seat('6z6z 7z7z', ['1z1z1z', '3z3z3z', '5z5z5z']);
  const others = [seat('1m2m3m 4m5m6m 7m8m9m 1p2p3p 4p'), seat('1s2s3s 4s5s6s 7s8s9s 1p2p3p 5p'), seat('2m3m4m 5m6m7m 2s3s4s 5s6s7s 9p')];
  const players = Array.from({ length: seats }, (_, i) =>
    i === winner ? winning : { ...others.shift()!, ...(i === discarder ? { discards: ['7z'] } : {}) },
  );
  const s = position(players, { phase: 'claim', claim: { tile: '7z', from: discarder }, discardCount: 30 }, over, seats);
  const r = engine.result(play(s, winner, { type: 'mahjong' }))!;
  assert.equal(r.scores[winner]!.total, 500);
  return { r, discarder };
}

test('settlement: discarder-pays-all is what every loser would have paid, over the players present (§10.6, §3)', () => {
  // [seats, winner, east-pays-double, amount]
  const cases: [number, number, boolean, number][] = [
    // the default table: the spec's S(W)×4 and ×6, as before
    [4, 1, true, 2000],
    [4, 0, true, 3000],
    // no East doubling: 3 × 500
    [4, 1, false, 1500],
    [4, 0, false, 1500],
    // 3 players: E 2 × 500 + one other 500; an East winner 2 × 2 × 500
    [3, 1, true, 1500],
    [3, 0, true, 2000],
    [3, 1, false, 1000],
    // 2 players: the one loser's 2 × 500 (§3: every payment involves East)
    [2, 1, true, 1000],
    [2, 0, true, 1000],
    [2, 1, false, 500],
  ];
  for (const [seats, winner, double, amount] of cases) {
    const what = `${seats} seats, winner ${winner}, east-pays-double=${double}`;
    const { r, discarder } = dangerousWin(seats, winner, { 'discarder-pays-all': true, 'east-pays-double': double });
    assert.deepEqual(r.payments, [{ from: discarder, to: winner, amount, reason: 'discarder-pays-all' }], what);
    // the same hand without the option: the sum of what the losers pay the winner (§10.1)
    const plain = dangerousWin(seats, winner, { 'east-pays-double': double }).r;
    const owed = plain.payments.filter((p) => p.reason === 'winner').reduce((a, p) => a + p.amount, 0);
    assert.equal(amount, owed, what);
  }
});

// ---- dealer rotation (§3) and match ----

function finish(s: State, winner: number | 'draw'): State {
  const t = structuredClone(s);
  t.phase = 'ended';
  t.outcome = winner === 'draw' ? { kind: 'draw' } : { kind: 'win', winner, source: 'wall', tile: t.players[winner]!.concealed[0]! };
  return t;
}

test('rotation quick: the deal always passes; the prevailing wind advances after a round', () => {
  const o = opts();
  let s = engine.setup(o, 4, 'r1');
  s = engine.setup(o, 4, 'r2', finish(s, 'draw'));
  assert.deepEqual(s.match.playerAtSeat, [1, 2, 3, 0]);
  for (let i = 0; i < 3; i++) s = engine.setup(o, 4, `r${i + 3}`, finish(s, 'draw'));
  assert.equal(s.match.roundWind, 1);
  assert.equal(s.match.over, true, 'match-rounds=1');
});

test('§13 match-rounds: by default 1 prevailing wind with quick, 4 with tournament; an explicit value wins', () => {
  /** Whether the match is over once South's win (the deal passes) completes the round of prevailing wind `wind`. */
  const overAfterWind = (over: Record<string, unknown>, wind: number, preset?: string): boolean => {
    const ex = position(EX1, { turn: 2, drawn: '5z', discardCount: 9 }, over);
    const o = opts(over, preset);
    const won = structuredClone(play(play(ex, 2, { type: 'discard', tile: '5z' }), 1, { type: 'mahjong' }));
    won.opts = o;
    won.match.roundWind = wind;
    won.match.passes = 3;
    const next = engine.setup(o, 4, 'mr', won);
    assert.equal(next.match.roundWind, (wind + 1) % 4);
    return next.match.over && engine.matchOver(won);
  };
  assert.equal(overAfterWind({}, 0), true, 'quick: one prevailing wind');
  const tour = { rotation: 'tournament' };
  assert.deepEqual(
    [0, 1, 2, 3].map((w) => overAfterWind(tour, w)),
    [false, false, false, true],
    'rotation=tournament alone: four winds',
  );
  assert.deepEqual(
    [0, 3].map((w) => overAfterWind({}, w, 'tournament')),
    [false, true],
    'preset tournament',
  );
  assert.equal(overAfterWind({ ...tour, 'match-rounds': 1 }, 0), true, 'an explicit match-rounds=1 wins over the rotation');
  assert.deepEqual(
    [0, 1].map((w) => overAfterWind({ 'match-rounds': 2 }, w)),
    [false, true],
    'quick with match-rounds=2',
  );
});

test('rotation tournament: East keeps the deal on a win or a draw; the ninth win is a limit and passes', () => {
  const o = opts({}, 'tournament');
  let s = engine.setup(o, 4, 't1');
  s = engine.setup(o, 4, 't2', finish(s, 'draw'));
  assert.deepEqual(s.match.playerAtSeat, [0, 1, 2, 3]);
  const ex = position(EX1, { turn: 2, drawn: '5z', discardCount: 9 }, { rotation: 'tournament' });
  const won = play(play(ex, 2, { type: 'discard', tile: '5z' }), 1, { type: 'mahjong' });
  const next = engine.setup(won.opts, 4, 't3', won);
  assert.deepEqual(next.match.playerAtSeat, [1, 2, 3, 0], 'South won: the deal passes');
  assert.deepEqual(next.match.balances, [-72, 256, -84, -100].slice(0));
  // East's ninth straight win
  const e = position(
    [seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m8m'), seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'), W_PUNG, seat('1s1s 2p3p 4s4s4s 6z6z 7z 1z 2z 3z')],
    { turn: 0, drawn: '8m', discardCount: 8 },
    { rotation: 'tournament' },
  );
  const e8 = structuredClone(e);
  e8.match.eastWins = 8;
  const w9 = play(e8, 0, { type: 'mahjong' });
  assert.equal(winOf(w9).eastStreak, true);
  assert.equal(engine.result(w9)!.scores[0]!.total, 500);
  assert.deepEqual(engine.setup(w9.opts, 4, 't4', w9).match.playerAtSeat, [1, 2, 3, 0]);
  const w1 = play(e, 0, { type: 'mahjong' });
  const again = engine.setup(w1.opts, 4, 't5', w1);
  assert.deepEqual(again.match.playerAtSeat, [0, 1, 2, 3]);
  assert.equal(again.match.eastWins, 1);
});

// ---- tables of 2 and 3, walls ----

test('2 and 3 players: deal, chow from the previous occupied seat, doubled payments with 2', () => {
  for (const n of [2, 3]) {
    const s = engine.setup(opts({ players: n }), n, `p${n}`);
    assert.equal(s.players.length, n);
    assert.deepEqual(engine.checkInvariants(s), []);
  }
  const two = position(
    [seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m 1z'), seat('1s1s 2p3p 4s4s4s 6z6z 7z 2z 3z 4z')],
    { turn: 0, drawn: '1z', discardCount: 3 },
    { players: 2 },
    2,
  );
  const d = play(two, 0, { type: 'discard', tile: '1z' });
  assert.equal(d.phase, 'turn', 'nobody can claim 1z');
  assert.equal(d.turn, 1);
});

test('walls: dead wall top-up, fixed sizes, bonus source, no bonus tiles', () => {
  const s = engine.setup(opts(), 4, 'w1');
  assert.ok(s.dead.length === 13 || s.dead.length === 14, `dead wall ${s.dead.length}`);
  assert.equal(s.wall.length + s.dead.length + s.players.reduce((a, p) => a + p.concealed.length + p.bonus.length, 0), 144);
  // fixed-16 (Kajongg's kong box): 16 tiles set aside, never refilled from the live wall (issue 15)
  for (const seed of ['w1', 'w2', 'w3']) {
    const f16 = engine.setup(opts({ 'dead-wall': 'fixed-16' }), 4, seed);
    const replaced = f16.players.reduce((a, p) => a + p.bonus.length, 0);
    assert.equal(f16.wall.length, 144 - 16 - 53, 'the live wall never tops the dead wall up');
    assert.equal(f16.dead.length, 16 - replaced);
  }
  const live = engine.setup(opts({ 'bonus-replacement-source': 'live-wall' }), 4, 'w1');
  assert.equal(live.dead.length, 14);
  const nb = engine.setup(opts({ 'use-bonus-tiles': false }), 4, 'w1');
  assert.equal(nb.wall.length + nb.dead.length + 53, 136);
  assert.deepEqual(engine.checkInvariants(nb), []);
});

/** The 144 tiles (§2): four of each suit and honour tile, one of each flower and season. */
const ALL_TILES: string[] = [
  ...['m', 'p', 's'].flatMap((suit) => [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((n) => Array<string>(4).fill(`${n}${suit}`))),
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((n) => Array<string>(4).fill(`${n}z`)),
  ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => `${n}f`),
];

/** `pool` minus one copy of each of `tiles`. */
function minus(pool: readonly string[], tiles: readonly string[]): string[] {
  const left = pool.slice();
  for (const t of tiles) {
    const i = left.indexOf(t);
    assert.ok(i >= 0, `no ${t} left`);
    left.splice(i, 1);
  }
  return left;
}

test('walls §4.4: bonus-replacement-source takes the replacement from the dead wall tail or the live wall front', () => {
  // The deal, from a fixed deck: the wall is T[0..129], the dead wall T[130..143]; East is dealt
  // T[0..3], T[16..19], T[32..35], T[48], T[52] and the live wall then starts at T[53]. East's `1f`
  // at T[0] is replaced by T[143] (dead-wall tail) or by T[53] (live wall front).
  const plain = minus(ALL_TILES, ['1f', '2f', '3f', '4f', '5f', '6f', '7f', '8f']);
  // a fixed spread of the 136 tiles (37 is prime to 136): nobody is dealt four of a kind, so play
  // starts without an opening kong (checked below) and the walls are as the deal left them
  const spread = plain.map((_, i) => plain[(i * 37) % plain.length]!);
  const deck = ['1f', ...spread.slice(0, 59), '2f', '3f', '4f', '5f', '6f', '7f', '8f', ...spread.slice(59)];
  assert.equal(deck.length, 144);
  assert.ok(![deck[53], deck[143]].some((t) => t!.endsWith('f')));
  const dealt = (over: Record<string, unknown>): State => {
    const r = engine.fromScenario(opts(over), 4, { deck });
    if (!r.ok) throw new Error(r.error.message);
    assert.equal(r.value.phase, 'turn');
    assert.deepEqual(r.value.players[0]!.bonus, ['1f']);
    for (const p of r.value.players.slice(1)) assert.deepEqual(p.bonus, []);
    return r.value;
  };
  const eastTiles = [0, 1, 2, 3, 16, 17, 18, 19, 32, 33, 34, 35, 48, 52].map((i) => deck[i]!).filter((t) => t !== '1f');
  const sorted = (ts: string[]) => [...ts].sort();
  const dw = dealt({});
  assert.deepEqual(dw.dead, deck.slice(130, 143), 'dead-wall: the loose tile is the tail T[143]; 13 left, no top-up');
  assert.deepEqual(dw.wall, deck.slice(53, 130));
  assert.deepEqual(sorted(dw.players[0]!.concealed), sorted([...eastTiles, deck[143]!]));
  const lw = dealt({ 'bonus-replacement-source': 'live-wall' });
  assert.deepEqual(lw.dead, deck.slice(130), 'live-wall: the dead wall is untouched');
  assert.deepEqual(lw.wall, deck.slice(54, 130), 'live-wall: the replacement is the next live tile T[53]');
  assert.deepEqual(sorted(lw.players[0]!.concealed), sorted([...eastTiles, deck[53]!]));

  // During play: W draws `1f` from the live wall. Its replacement is the dead wall's tail `4s`
  // (a loose tile) or the next live tile `7s`; W goes out on either (waiting on 4s/7s).
  const players = [
    seat('1m1m 2p2p 3s3s 5z5z 6z 7z 1z 2z 3z'),
    seat('4m5m6m 7m8m 3p3p 8s8s 4z4z 6z 1z 7p'),
    seat('1m2m3m 4p5p6p 7s8s9s 9p9p 5s6s'),
    seat('2m2m 6p6p 2s2s 3z3z 7z7z 5z 9m 1p'),
  ];
  const rest = minus(
    ALL_TILES,
    players.flatMap((p) => p.concealed),
  );
  const others = minus(rest, ['1f', '7s', '4s']);
  const liveWall = ['1f', '7s', ...others.slice(13)];
  const deadWall = [...others.slice(0, 13), '4s'];
  assert.ok(!others.slice(0, 13).some((t) => t.endsWith('f')), 'no other bonus tile in the dead wall');
  const draw = (over: Record<string, unknown>) => {
    const s = position(players, { turn: 1, drawn: '7p', discardCount: 9, wall: liveWall, deadWall }, over);
    // nobody claims S's `1z`: W draws `1f` and replaces it
    const t = play(s, 1, { type: 'discard', tile: '1z' });
    assert.deepEqual([t.phase, t.turn], ['turn', 2]);
    assert.deepEqual(t.players[2]!.bonus, ['1f']);
    return t;
  };
  const fromDead = draw({});
  assert.equal(fromDead.drawn, '4s');
  assert.deepEqual(fromDead.dead, deadWall.slice(0, 13));
  assert.deepEqual(fromDead.wall, liveWall.slice(1));
  const fromLive = draw({ 'bonus-replacement-source': 'live-wall' });
  assert.equal(fromLive.drawn, '7s');
  assert.deepEqual(fromLive.dead, deadWall);
  assert.deepEqual(fromLive.wall, liveWall.slice(2));

  // §9.5: only the dead-wall replacement is a loose tile. W: 4 chows + 9p pair, 20 + 4 (flower) +
  // 2 (self-drawn) = 26; zero-point hand and concealed hand 1 double each: 104, and a win on a
  // loose tile doubles it again: 208.
  const wonDead = play(fromDead, 2, { type: 'mahjong' });
  assert.deepEqual([winOf(wonDead).source, winOf(wonDead).tile], ['loose-tile', '4s']);
  const rd = engine.result(wonDead)!;
  assert.equal(rd.scores[2]!.total, 208);
  assert.ok(rd.items.some((i) => i.seat === 2 && i.id === 'loose-tile'));
  const wonLive = play(fromLive, 2, { type: 'mahjong' });
  assert.deepEqual([winOf(wonLive).source, winOf(wonLive).tile], ['wall', '7s']);
  const rl = engine.result(wonLive)!;
  assert.equal(rl.scores[2]!.total, 104);
  assert.ok(!rl.items.some((i) => i.id === 'loose-tile'));
});

test('bonus-replacement-source=live-wall: a kong’s loose flower replaced by the last live tile is a last-live-tile win (§9.5, §8.3)', () => {
  // E declares a concealed kong of 8s; its loose tile is `3f`, replaced (live-wall) by the only
  // live tile. Winning on it is a self-drawn win with the last live tile, as when drawFor() takes
  // it: +1 double (§9.5), and on `1p` Plucking the Moon from the Bottom of the Sea (§8.3). Before
  // 2026-12-06 looseFor() called it a plain wall tile.
  const won = (last: string) => {
    const players = [
      seat(`8s8s8s8s 2m3m4m 5p6p7p 9m9m9m ${last}`),
      seat('1m1m 5m5m 6m6m 7m 2s2s 3s3s 4s 5s'),
      seat('1z1z 2z2z 3z3z 4z4z 5z5z 6z6z 7z'),
      seat('2p2p 3p3p 4p4p 6s6s 7s7s 9s9s 7z'),
    ];
    const rest = minus(
      ALL_TILES,
      players.flatMap((p) => p.concealed),
    );
    const others = minus(rest, [last, '3f']);
    const flowers = others.filter((t) => t.endsWith('f'));
    const plain = others.filter((t) => !t.endsWith('f'));
    // a 14-tile dead wall with `3f` at its tail; the other tiles lie discarded
    const deadWall = [...flowers, ...plain.slice(0, 13 - flowers.length), '3f'];
    const discarded = plain.slice(13 - flowers.length);
    const withDiscards = players.map((p, i) => ({ ...p, discards: discarded.filter((_, j) => j % 4 === i) }));
    const s0 = position(
      withDiscards,
      { turn: 0, drawn: '8s', discardCount: discarded.length, wall: [last], deadWall },
      { 'bonus-replacement-source': 'live-wall' },
    );
    const k = play(s0, 0, { type: 'concealed-kong', tile: '8s' });
    assert.deepEqual([k.wall, k.players[0]!.bonus, k.drawn], [[], ['3f'], last], 'the replacement is the last live tile');
    const w = play(k, 0, { type: 'mahjong' });
    assert.deepEqual([winOf(w).source, winOf(w).tile], ['last-wall-tile', last]);
    return engine.result(w)!;
  };
  const moon = won('1p');
  assert.deepEqual(
    moon.items.filter((i) => i.seat === 0).map((i) => i.id),
    ['plucking-moon'],
  );
  assert.equal(moon.scores[0]!.total, 500);
  const other = won('3p');
  const ids = other.items.filter((i) => i.seat === 0).map((i) => i.id);
  assert.ok(ids.includes('last-wall-tile') && !ids.includes('loose-tile'), ids.join(', '));
});

test('timeouts: turn discards the drawn tile, claims pass', () => {
  const s = base();
  const d = engine.pending(s)[0]!;
  assert.deepEqual(d.timeoutDefault, { type: 'discard', tile: '1p' });
  const c = play(s, 1, { type: 'discard', tile: '5m' });
  for (const x of engine.pending(c)) assert.deepEqual(x.timeoutDefault, { type: 'pass' });
});

// ---- seed 004 §3: the tournament form is for four players ----

test('tournament tables need four players: tableSize, setup and selfplay (seed 004 §3, issue 15)', async () => {
  assert.deepEqual(engine.tableSize(opts({}, 'tournament')), { min: 4, max: 4, default: 4 });
  assert.deepEqual(engine.tableSize(opts({ rotation: 'tournament', players: 3 })), { min: 4, max: 4, default: 4 });
  assert.deepEqual(engine.tableSize(opts({ players: 3 })), { min: 2, max: 4, default: 3 });
  for (const n of [2, 3]) assert.throws(() => engine.setup(opts({}, 'tournament'), n, 'tour'), /four players/);
  assert.equal(engine.setup(opts({}, 'tournament'), 4, 'tour').players.length, 4);
  const { spawnSync } = await import('node:child_process');
  const cli = [...programArgs('src/cli/main.ts'), 'selfplay', '--game', 'classic-mahjong', '--preset', 'tournament'];
  const bad = spawnSync('node', [...cli, '--players', '3', '--hands', '1', '--seed', 'x'], { encoding: 'utf8' });
  assert.notEqual(bad.status, 0);
  assert.match(bad.stderr, /4 players/);
  assert.equal(bad.stderr.trim().split('\n').length, 1, bad.stderr);
});

test('preset seed: the options it sets, and no limit for East’s ninth straight win (seed 004, issue 15)', () => {
  const o = opts({ rotation: 'tournament' }, 'seed');
  assert.equal(o['robbing-kong'], 'off');
  assert.equal(o['east-streak-limit'], 'off');
  assert.equal(o['added-kong-tile'], 'drawn');
  assert.equal(o['concealed-kong-tile'], 'drawn');
  assert.equal(o['losers-settle'], false);
  const players = [
    seat('1m2m3m 4p5p6p 7s8s9s 9p9p 6m7m8m'),
    seat('2m2m 8p8p8p 3s3s 9s9s 4z 5z5z 1p'),
    W_PUNG,
    seat('1s1s 2p3p 4s4s4s 6z6z 7z 1z 2z 3z'),
  ];
  const r = engine.fromScenario(o, 4, { position: { players, turn: 0, drawn: '8m', discardCount: 8 } });
  assert.ok(r.ok);
  if (!r.ok) return;
  const e8 = structuredClone(r.value);
  e8.match.eastWins = 8;
  const w9 = play(e8, 0, { type: 'mahjong' });
  assert.equal(winOf(w9).eastStreak, undefined);
  assert.equal(engine.result(w9)!.scores[0]!.limit, false);
  assert.deepEqual(engine.setup(w9.opts, 4, 't4', w9).match.playerAtSeat, [0, 1, 2, 3], 'East keeps the deal');
});

test('dead-wall=fixed-16: a kong takes its loose tile from the kong box, which is never refilled; an empty box allows no kong', () => {
  const south = seat('1m1m1m1m 2s3s4s 6s7s8s 5z 9p9p 1z');
  const players = [
    seat('2m5m8m 3p6p9p 1s4s7s 2z3z4z 6z'),
    south,
    seat('3m6m9m 1p4p7p 2s5s8s 3z4z 7z 9s'),
    seat('4m5m7m 2p5p8p 3s6s9s 2z3z 6z7z'),
  ];
  const o = { 'dead-wall': 'fixed-16' };
  const s = position(players, { turn: 1, drawn: '1m', discardCount: 6, deadWall: ['7z', '5z'] }, o);
  const live = s.wall.length;
  const k = play(s, 1, { type: 'concealed-kong', tile: '1m' });
  assert.deepEqual(k.dead, ['7z']);
  assert.equal(k.wall.length, live, 'no live tile joins the dead wall');
  const empty = position(players, { turn: 1, drawn: '1m', discardCount: 6, deadWall: [] }, o);
  assert.deepEqual(engine.checkInvariants(empty), []);
  assert.equal(
    engine.pending(empty)[0]!.options.some((a) => a.type === 'concealed-kong'),
    false,
  );
});

test('§12 the dealer after a drawn hand: quick passes the deal, tournament keeps East and its run of wins', async () => {
  const { readFileSync } = await import('node:fs');
  const ex12 = JSON.parse(readFileSync('test/scenarios/classic-mahjong/14-ex12-drawn-hand.json', 'utf8')) as {
    start: { position: Record<string, unknown> };
  };
  const drawn = (over: Record<string, unknown>, preset?: string, eastWins = 0): State => {
    const r = engine.fromScenario(opts(over, preset), 4, ex12.start);
    assert.ok(r.ok);
    if (!r.ok) throw new Error('start');
    const s = structuredClone(r.value);
    s.match.eastWins = eastWins;
    s.match.balances = [10, 20, 30, 40];
    const d = play(s, 2, { type: 'discard', tile: '9p' });
    assert.equal(d.outcome?.kind, 'draw');
    assert.deepEqual(engine.result(d)!.deltas, [0, 0, 0, 0]);
    return d;
  };
  const q = engine.setup(opts(), 4, 'after-draw', drawn({}));
  assert.deepEqual(q.match.playerAtSeat, [1, 2, 3, 0], 'quick: South deals next');
  assert.deepEqual(q.match.balances, [10, 20, 30, 40], 'nothing paid');
  assert.equal(q.match.handIndex, 1);
  const t = engine.setup(opts({}, 'tournament'), 4, 'after-draw', drawn({}, 'tournament', 3));
  assert.deepEqual(t.match.playerAtSeat, [0, 1, 2, 3], 'tournament: the same East deals again');
  assert.equal(t.match.eastWins, 3, 'a draw does not break East’s run');
  assert.equal(t.match.passes, 0);
});

test('position: a pung or chow with exposed: false is held in hand, as in the score CLI (cpos-false.json: 52, not 24)', () => {
  const others = [seat('3m6m8m9m 1p4p7p 2s5s 3z4z6z7z'), seat('1m2m4m7m 2p5p8p 3s6s 1z2z5z6z'), seat('1m2m4m7m 2p5p8p 3s6s 1z2z5z6z')];
  const hand = (melds: object[]) => ({ concealed: T('1p2p3p4p5p6p7s8s9s1s1s'), melds });
  const start = (melds: object[]) => position([hand(melds), ...others], { turn: 0, drawn: '9s', discardCount: 5 });
  const held = start([{ tiles: T('5m5m5m'), exposed: false }]);
  assert.deepEqual(held.players[0]!.melds, []);
  assert.equal(held.players[0]!.concealed.filter((t) => t === '5m').length, 3);
  assert.equal(held.anyClaim, false);
  const total = engine.result(play(held, 0, { type: 'mahjong' }))!.scores[0]!.total;
  const cli = engine.cli!.score!({
    seatWind: '1z',
    won: true,
    winBy: 'self-draw',
    winningTile: '9s',
    concealed: T('1p2p3p4p5p6p7s8s9s1s1s'),
    melds: [{ tiles: T('5m5m5m'), exposed: false }],
  }) as { total: number };
  assert.equal(total, cli.total);
  assert.equal(total, 52);
  // the exposed pung still scores as exposed
  assert.equal(engine.result(play(start([{ tiles: T('5m5m5m') }]), 0, { type: 'mahjong' }))!.scores[0]!.total, 24);
  // a concealed chow too
  const chow = start([{ tiles: T('4m5m6m'), exposed: false }]);
  assert.deepEqual(chow.players[0]!.melds, []);
});

test('position: kongType must be concealed, added or claimed, agree with exposed, and only on a kong; booleans are booleans', () => {
  const others = [S13, W_PUNG, N_WIN];
  const bad = (m: object, extra: Record<string, unknown> = {}, conc = '2p3p 4s4s4s 6z6z 7z 1z 2z 3z', seatExtra: object = {}) => {
    const r = engine.fromScenario(opts(), 4, {
      position: { players: [{ concealed: T(conc), melds: [m], ...seatExtra }, ...others], turn: 0, drawn: '1z', discardCount: 3, ...extra },
    });
    assert.equal(r.ok, false, JSON.stringify(m));
    return r.ok ? '' : String(r.error.message);
  };
  assert.match(bad({ tiles: T('8m8m8m8m'), kongType: 'bogus' }), /kongType must be concealed, added or claimed, not "bogus"/);
  assert.match(bad({ tiles: T('8m8m8m8m'), kongType: 'claimed', exposed: false }), /kongType claimed contradicts exposed: false/);
  assert.match(bad({ tiles: T('8m8m8m8m'), kongType: 'concealed', exposed: true }), /kongType concealed contradicts exposed: true/);
  assert.match(bad({ tiles: T('8m8m8m'), kongType: 'added' }, {}, '8s 2p3p 4s4s4s 6z6z 7z 1z 2z'), /kongType is only for a kong/);
  assert.match(bad({ tiles: T('8m8m8m8m'), exposed: 'false' }), /exposed must be true or false/);
  assert.match(bad({ tiles: T('8m8m8m8m') }, { anyClaim: 'no' }), /anyClaim must be true or false/);
  assert.match(bad({ tiles: T('8m8m8m8m') }, {}, undefined, { originalCall: 'true' }), /originalCall must be true or false/);
  // the valid spellings still work
  for (const kongType of ['concealed', 'added', 'claimed']) {
    const s = position([{ concealed: T('2p3p 4s4s4s 6z6z 7z 1z 2z 3z'), melds: [{ tiles: T('8m8m8m8m'), kongType }] }, ...others], {
      turn: 0,
      drawn: '1z',
      discardCount: 3,
    });
    assert.equal(s.players[0]!.melds[0]!.kongType, kongType);
    assert.equal(s.players[0]!.melds[0]!.exposed, kongType !== 'concealed');
  }
});

/**
 * §9.5 Original Call (option original-call): the call is public and holds for the rest of the hand.
 * The table showed it only in the move line of the calling discard; a called hand's kong was refused
 * as if it lacked the tiles (it is locked: it discards the tile it drew or goes out).
 */
test('Original Call: the table marks the called seat for the rest of the hand, and a called hand may not kong', () => {
  const called = { ...seat('1m2m3m 4p5p6p 7s8s9s 2z2z2z 5z 2z'), originalCall: true };
  const s = position(
    [
      seat('2m 4m 6m 1p 3p 7p 1s 3s 5s 3z 4z 6z 7z'),
      called,
      seat('2m 4m 6m 1p 3p 7p 1s 3s 5s 3z 4z 6z 7z'),
      seat('2m 4m 6m 1p 3p 7p 1s 3s 5s 3z 4z 6z 7z'),
    ],
    { turn: 1, drawn: '2z', discardCount: 9 },
    { 'original-call': true },
  );
  assert.ok(!engine.pending(s)[0]!.options.some((a) => a.type === 'concealed-kong'), 'no kong is offered');
  rejects(s, 1, { type: 'concealed-kong', tile: '2z' }, 'original-call-locked');
  for (const lang of LANGS) {
    const t = translator(lang);
    const m = classicMahjongPresenter.tableModel(engine.publicView(s), {
      lang,
      t,
      names: ['An', 'Bình', 'Chi', 'Dũng'],
      scores: [],
    } as never);
    assert.deepEqual(
      m.seats.map((x) => x.note),
      [undefined, t('classic-mahjong:item.original-call'), undefined, undefined],
    );
  }
});
