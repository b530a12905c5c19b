/** Priority cases, chíu / trả cửa turn order, options and the next hand (chan.md §3, §5.3, §6, §12, §13). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { has, opts, play, position, rejects } from './helpers.js';

const E2_HAND = '2v 2v 3n 3n 4s 4s 6n 6n 9s 9s 9v 9v 8v 8n 1v LA 4v';
const E2_MELDS = '[5n5n5n5n] [7v7s]';
const S0_E3 = '2n 2n 3v 3v 5v 5v 6v 6v 7n 7n 8s 8s 1s 1s TH TH 9n 9s 8v 8n 3s 3n 4v';
const AUTO = { 'xuong-mode': 'auto' };

function e3(): ChanState {
  const s = position(
    4,
    { hands: [S0_E3, '', '4n 4n 4n', E2_HAND], melds: ['', '', '', E2_MELDS], stock: '4n', phase: { kind: 'draw', seat: 1 } },
    AUTO,
  );
  return play(s, 1, { type: 'draw' });
}

test('priority: ù before chíu, whatever the seat order (seat 2 asks chíu first, seat 3 ù wins)', () => {
  let s = e3();
  s = play(s, 2, { type: 'chiu' });
  assert.equal(engine.result(s), null, 'the chíu waits for the Ù tier');
  s = play(s, 0, { type: 'pass' });
  s = play(s, 3, { type: 'u' });
  assert.deepEqual(engine.result(s)!.winners, [3]);
});

test('priority: inside the Ù tier the seat nearest the gate (clockwise) wins; a later seat is never reached', () => {
  let s = e3();
  s = play(s, 3, { type: 'u' });
  assert.deepEqual(engine.result(s)!.winners, [3]);
});

test('priority: bỏ ù of the first seat lets the next one win, and is recorded', () => {
  let s = e3();
  s = play(s, 3, { type: 'pass' });
  s = play(s, 0, { type: 'u' });
  assert.deepEqual(engine.result(s)!.winners, [0]);
  assert.equal(s.seats[3]!.uForfeited, true);
});

test('priority: chíu before ăn; the gate owner whose turn never came gets no ban', () => {
  // Seat 1 could eat the discarded 6s as a chắn; seat 3 holds three 6s and chíus it.
  // a real chíu case
  let t = position(4, {
    hands: ['2v', '6v 3v 3v 4v 4v 5v 5v 7v 7v 8v 8v 9v 9v 1v 1v 2n 2n 3n 3n 4n 4n 5n 5n', '', '6s 6s 6s'],
    phase: { kind: 'offer', card: '6s', gate: 1, source: 'discard', from: 0 },
  });
  assert.ok(has(t, 1, { type: 'eat', with: '6v' }));
  t = play(t, 1, { type: 'pass' });
  assert.equal(t.phase.kind, 'claim', 'the gate owner’s pass waits for the chíu tier');
  t = play(t, 3, { type: 'chiu' });
  assert.deepEqual(t.seats[1]!.passedCa, [], 'no bỏ ăn ban: the chíu came first');
  assert.deepEqual(t.phase, { kind: 'return', seat: 3, gate: 1 });
});

test('priority: chíu-ù on a discard beats the gate owner’s ăn', () => {
  const hand = '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s';
  let s = position(5, { hands: ['', '', '', '', hand], phase: { kind: 'offer', card: '4v', gate: 2, source: 'discard', from: 1 } }, AUTO);
  assert.ok(has(s, 4, { type: 'u' }));
  s = play(s, 4, { type: 'u' });
  const r = engine.result(s)!;
  assert.deepEqual(r.winners, [4]);
  assert.equal(r.byChiu, true);
  assert.ok(r.cuoc.some((c) => c.cuoc === 'chiu-u'));
});

test('a seat that could ù and chíus instead loses its ù for the hand (Q19)', () => {
  // Seat 2 holds 4v 4v 4v and wins on a drawn 4v; it chíus instead.
  const hand = '4v 4v 4v 1v 1v 2v 2v 3n 3n 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s';
  let s = position(5, { hands: ['', '', hand], phase: { kind: 'offer', card: '4v', gate: 0, source: 'wall', from: 0 } });
  assert.ok(has(s, 2, { type: 'u' }) && has(s, 2, { type: 'chiu' }));
  s = play(s, 2, { type: 'chiu' });
  for (const d of engine.pending(s)) if (d.kind === 'claim') s = play(s, d.seat, { type: 'pass' });
  assert.equal(s.seats[2]!.uForfeited, true);
  assert.equal(s.phase.kind, 'return');
});

test('chíu at the own gate: discard, and the turn goes on from the chíu-er', () => {
  let s = position(4, { hands: ['', '', '5n 5n 5n 2v 9s'], stock: '5n', phase: { kind: 'draw', seat: 2 } });
  s = play(s, 2, { type: 'draw' });
  s = play(s, 2, { type: 'chiu' });
  for (const d of engine.pending(s)) if (d.kind === 'claim') s = play(s, d.seat, { type: 'pass' });
  assert.deepEqual(s.phase, { kind: 'discard', seat: 2 });
  s = play(s, 2, { type: 'discard', card: '9s' });
  const pub = engine.publicView(s);
  assert.equal(pub.turn, 3);
});

test('repeated chíu on a returned card returns to the interrupted gate again (chained-chiu-return)', () => {
  let s = position(4, { hands: ['8v 8v 8v', '', '', '8v 2v'], phase: { kind: 'return', seat: 3, gate: 1 } });
  s = play(s, 3, { type: 'return', card: '8v' });
  assert.ok(has(s, 0, { type: 'chiu' }));
  rejects(s, 3, { type: 'chiu' }, 'chan/chiu-own-card');
  s = play(s, 0, { type: 'chiu' });
  for (const d of engine.pending(s)) if (d.kind === 'claim') s = play(s, d.seat, { type: 'pass' });
  assert.deepEqual(s.phase, { kind: 'return', seat: 0, gate: 1 });
});

test('u-on-returned-card: ordinary ù on a returned card only with the option', () => {
  const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
  const pos = { hands: ['', '', E1], phase: { kind: 'offer', card: '4v', gate: 2, source: 'return', from: 4 } };
  assert.ok(!has(position(5, pos), 2, { type: 'u' }));
  let s = position(5, pos, { 'u-on-returned-card': true, ...AUTO });
  assert.ok(has(s, 2, { type: 'u' }));
  s = play(s, 2, { type: 'u' });
  const r = engine.result(s)!;
  assert.equal(r.winHow, 'return');
  assert.ok(
    r.cuoc.some((c) => c.cuoc === 'chi'),
    'a card returned to his gate is Chì',
  );
});

test('split-chan-for-ca: eating a cạ with a card of a concealed chắn', () => {
  const pos = {
    hands: ['', '6v 6v 2v 2v 2n 2n 3v 3v 3n 3n 4v 4v 4n 4n 5v 5v 5n 5n 7v 7v 7n 7n 8v'],
    phase: { kind: 'offer', card: '6n', gate: 1, source: 'passed-wall', from: 0 },
  };
  assert.ok(has(position(4, pos), 1, { type: 'eat', with: '6v' }));
  const s = position(4, pos, { 'split-chan-for-ca': false });
  assert.equal(s.phase.kind, 'draw');
});

test('honor mode: ù láo ends the hand with no winner; the offender pays đền làng', () => {
  let s = position(
    4,
    { hands: ['', '', '2v 3v'], phase: { kind: 'offer', card: '9v', gate: 0, source: 'wall', from: 0 } },
    { 'u-claim-check': 'honor' },
  );
  assert.ok(has(s, 2, { type: 'u' }));
  s = play(s, 2, { type: 'u' });
  assert.equal(engine.result(s), null, 'seats 0 and 1 come first from gate 0');
  s = play(play(s, 0, { type: 'pass' }), 1, { type: 'pass' });
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'u-lao');
  assert.deepEqual(r.winners, []);
  assert.deepEqual(r.deltas, [12, 12, -36, 12]);
  // ù láo counts as a draw for the next opener (host's seat by default)
  const next = engine.setup(s.opts, 4, 'n', s);
  assert.equal(next.opener, 0);
  assert.equal(next.previousWinner, null);
});

test('ù láo without scoring: nothing is paid, but the offender ranks last (§11 "offender pays đền làng"; rules-decisions.md)', () => {
  const dealt = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v 5n';
  const s = play(position(5, { hands: [dealt] }, { 'u-claim-check': 'honor', scoring: 'off' }), 0, { type: 'u' });
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'u-lao');
  assert.deepEqual(r.deltas, [0, 0, 0, 0, 0]);
  assert.deepEqual(r.payments, []);
  assert.deepEqual(r.ranking, [[1, 2, 3, 4], [0]]);
});

test('xướng: timeout default is "nothing announced" = đền làng; auto mode announces for the winner', () => {
  const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
  let s = position(5, { hands: ['', '', E1], stock: '4v', phase: { kind: 'draw', seat: 2 } });
  s = play(play(s, 2, { type: 'draw' }), 2, { type: 'u' });
  const d = engine.pending(s)[0]!;
  s = play(s, 2, d.timeoutDefault);
  assert.equal(engine.result(s)!.endedBy, 'xuong-sai');
  // Q11: the ù-er opens the next hand; the win was not paid, so it does not count for Thông (§9).
  const next = engine.setup(s.opts, 5, 'n', s);
  assert.equal(next.opener, 2);
  assert.equal(next.previousWinner, null, 'a hand lost to xướng sai is no won hand for Thông');
  let a = position(5, { hands: ['', '', E1], stock: '4v', phase: { kind: 'draw', seat: 2 } }, AUTO);
  a = play(play(a, 2, { type: 'draw' }), 2, { type: 'u' });
  assert.equal(engine.result(a)!.value, 15);
  assert.equal(engine.result(a)!.announcementCorrect, true);
});

test('next hand: the winner opens; Thông carries; totals accumulate; xướng sai: the ù-er still opens', () => {
  const o = opts(AUTO);
  const r = engine.fromScenario(o, 4, {
    position: {
      hands: ['', '2v 2v 3v 3v 4v 4v 5n 5n 6n 6n 7v 2s 2s 3s 3s 5s 5s 6s 6s 8v 8n 9v 9n'],
      stock: '7v',
      phase: { kind: 'draw', seat: 1 },
    },
  });
  assert.ok(r.ok);
  if (!r.ok) return;
  const s = play(play(r.value, 1, { type: 'draw' }), 1, { type: 'u' });
  const res = engine.result(s)!;
  const next = engine.setup(o, 4, 'b', s);
  assert.equal(next.opener, 1);
  assert.equal(next.previousWinner, 1);
  assert.deepEqual(next.totals, res.deltas);
  assert.equal(next.seats[1]!.hand.length, 24);
});

test('opener-after-draw: host, same, next; first-opener host', () => {
  for (const [mode, want] of [
    ['host', 0],
    ['same', 2],
    ['next', 3],
  ] as const) {
    const o = opts({ 'opener-after-draw': mode });
    let s = position(4, { opener: 2, stock: '9n', rest: 'piles', phase: { kind: 'draw', seat: 1 } }, { 'opener-after-draw': mode });
    s = play(s, 1, { type: 'draw' });
    while (!engine.result(s)) {
      const d = engine.pending(s)[0]!;
      s = play(s, d.seat, d.kind === 'claim' ? { type: 'pass' } : engine.ai(s, d.seat));
    }
    assert.equal(engine.result(s)!.endedBy, 'draw');
    const next = engine.setup(o, 4, 'x', s);
    assert.equal(next.opener, want, mode);
    assert.equal(next.previousWinner, null, 'a draw breaks Thông');
  }
  const host = engine.setup(opts({ 'first-opener': 'host' }), 5, 'zz', null);
  assert.equal(host.opener, 0);
  const openers = new Set([1, 2, 3, 4, 5, 6, 7, 8].map((k) => engine.setup(opts(), 5, `r${k}`, null).opener));
  assert.ok(openers.size > 1, 'random first opener');
});

test('presets: seed-table turns scoring off; defaults are Sân Đình with scoring on', () => {
  assert.equal(opts().scoring, 'cuoc');
  assert.equal(opts()['scoring-profile'], 'san-dinh');
  assert.equal(opts({}, 'seed-table').scoring, 'off');
  assert.equal(opts({}, 'chan-van-van')['scoring-profile'], 'chan-van-van');
});

test('deal: 4P 24/23×3 + 27 nọc; 5P 20/19×4 + 24 nọc', () => {
  const a = engine.setup(opts({ 'first-opener': 'host' }), 4, 'd', null);
  assert.deepEqual(
    a.seats.map((x) => x.hand.length),
    [24, 23, 23, 23],
  );
  assert.equal(a.stock.length, 27);
  const b = engine.setup(opts({ 'first-opener': 'host' }), 5, 'd', null);
  assert.deepEqual(
    b.seats.map((x) => x.hand.length),
    [20, 19, 19, 19, 19],
  );
  assert.equal(b.stock.length, 24);
  const deck = engine.fromScenario(opts(), 4, { deck: [...b.stock, ...b.seats.flatMap((x) => x.hand)] });
  assert.ok(deck.ok);
});
