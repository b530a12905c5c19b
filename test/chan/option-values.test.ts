/**
 * House-rule option values (chan.md §13) whose code could be changed without any other test failing
 * (a mutation audit): each test pins what the spec says for one value, computed from the spec text.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { has, opts, options, play, position, rejects } from './helpers.js';

const AUTO = { 'xuong-mode': 'auto' };
const HONOR = { 'u-claim-check': 'honor' };
/** §14 E1: 6 chắn + 4 cạ + the què 4v; a 4v completes it (Bạch thủ). */
const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
/** §14 E9 (5P): Chì, Tám đỏ (exactly 8 red), Lèo ×2 → V = 18 on an own 3v. */
const E9 = { players: 5, concealed: '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 7v 7n', card: '3v', how: 'own-draw' };
/** §14 E10 (4P): 10 chắn + 2 cạ on 7v. */
const E10 = '2v 2v 3v 3v 4v 4v 5n 5n 6n 6n 7v 2s 2s 3s 3s 5s 5s 6s 6s 8v 8n 9v 9n';

type Out = { valid: boolean; reason?: string; cuoc: { cuoc: string; count: number }[]; value: number };
const score = (input: Record<string, unknown>) => engine.cli!.score!(input) as Out;
const ids = (o: Out) => o.cuoc.map((c) => (c.count > 1 ? `${c.cuoc}x${c.count}` : c.cuoc)).sort();

/** Seat `seat` draws the top nọc card `card` and declares ù (5P, E1 by default). */
function ownDrawWin(over: Record<string, unknown>, hand = E1, card = '4v', seat = 2): ChanState {
  const hands = ['', '', '', '', ''];
  hands[seat] = hand;
  const s = position(5, { hands, stock: card, phase: { kind: 'draw', seat } }, over);
  return play(play(s, seat, { type: 'draw' }), seat, { type: 'u' });
}

/** Play a 4P hand to its end with passes and the AI (every claim passed). */
function toEnd(s: ChanState): ChanState {
  while (!engine.result(s)) {
    const d = engine.pending(s)[0]!;
    s = play(s, d.seat, d.kind === 'claim' ? { type: 'pass' } : engine.ai(s, d.seat));
  }
  return s;
}

test('lao-thang-ca = no (§2, §8): a hand that pairs only with LA+TH as a cạ does not win', () => {
  // 6 chắn + 8v8n + 9n9s + LA TH + the què 4v: with the 4v, 7 chắn and 10 pairs only if LA+TH is a cạ.
  const hand = '2v 2v 3n 3n 4s 4s 5v 5v 6n 6n 7s 7s 8v 8n 9n 9s LA TH 4v';
  const pos = { hands: ['', '', hand], phase: { kind: 'offer', card: '4v', gate: 0, source: 'wall', from: 0 } };
  assert.ok(has(position(5, pos), 2, { type: 'u' }), 'default: LA+TH is a cạ, the hand wins');
  const s = position(5, pos, { 'lao-thang-ca': false });
  assert.ok(!has(s, 2, { type: 'u' }));
  rejects(s, 2, { type: 'u' }, 'chan/u-not-possible');
});

test('lao-thang-ca = no (§7.4 R4): after eating a cạ and discarding LA, a TH is still a legal discard', () => {
  const hand = 'TH 1v 5v 2v 2v 3v 3v 4v 4v 6v 6v 8v 8v 9v 9v 2n 2n 3n 3n 4n 4n 5n';
  const at = (o: Record<string, unknown>) =>
    position(
      4,
      {
        hands: ['', '', hand],
        melds: ['', '', '[7s7v]'],
        piles: ['', '', 'LA'],
        flags: [{}, {}, { discardedFaces: 'LA' }],
        phase: { kind: 'discard', seat: 2 },
      },
      o,
    );
  const legal = (s: ChanState) => options(s, 2).map((o) => (o as { card: string }).card);
  // Default: TH and 1v each form a cạ with the discarded LA (R4); with the option off only 1v does.
  assert.ok(!legal(at({})).includes('TH'));
  assert.ok(!legal(at({})).includes('1v'));
  assert.ok(legal(at({ 'lao-thang-ca': false })).includes('TH'));
  assert.ok(!legal(at({ 'lao-thang-ca': false })).includes('1v'));
});

test('lao-thang-ca = no with best-value: 1v 1v 1v LA TH + 1v is no chíu-ù (LA TH would be left unpaired)', () => {
  // The four 1v as a chíu leave LA TH, a cạ only with the option on; off, the only pairing is
  // 1v1v + 1vLA + 1vTH (7 chắn): Thiên khai (four 1v concealed), V = 3 (§9), in every arrangement mode.
  const base = { players: 5, concealed: '1v 1v 1v LA TH 2v 2v 3n 3n 4s 4s 5v 5v 6n 6n 9s 9s 7v 7s', card: '1v', how: 'other-draw' };
  const on = score(base);
  assert.deepEqual(ids(on), ['chiu-u']);
  assert.equal(on.value, 4);
  for (const mode of ['most-chan', 'best-value']) {
    const off = score({ ...base, options: { 'lao-thang-ca': false, 'score-arrangement': mode } });
    assert.equal(off.valid, true, off.reason);
    assert.deepEqual(ids(off), ['thien-khai'], mode);
    assert.equal(off.value, 3, mode);
  }
});

test('lao-thang-ca = no: 1v 1v LA TH pair as two cạ, so 5 chắn + cạ + the què 9v is a Bạch thủ (§2, §9)', () => {
  // With the option on, 1v1v + LATH give the hand 7 chắn after the 9v: no Bạch thủ (Xuông).
  const base = { players: 5, concealed: '1v 1v LA TH 2v 2v 3n 3n 4s 4s 5v 5v 6n 6n 7v 7s 8v 8n 9v', card: '9v', how: 'other-draw' };
  assert.deepEqual(ids(score(base)), ['xuong']);
  const off = score({ ...base, options: { 'lao-thang-ca': false } });
  assert.deepEqual(ids(off), ['bach-thu']);
  assert.equal(off.value, 4);
});

/** §14 E11: seat 1 holds 6v 6v 6v and passed the cạ [6n6v] (passedCa = 6n). */
const E11_HAND = '6v 6v 6v 2v 2v 3v 3v 4v 4v 5v 5v 7n 7n 8n 8n 9s 9s 1v 1v CC LA 2n 3n';

test('passed-ca-ban: a chắn of another face of the group stays legal in every mode (§7.5 R2, E11)', () => {
  for (const mode of ['face-ca', 'rank-ca', 'rank-ca-and-chan']) {
    const s = position(
      4,
      {
        hands: ['', E11_HAND],
        flags: [{}, { passedCa: '6n' }],
        phase: { kind: 'offer', card: '6v', gate: 1, source: 'discard', from: 0 },
      },
      { 'passed-ca-ban': mode },
    );
    assert.ok(has(s, 1, { type: 'eat', with: '6v' }), `${mode}: [6v6v]`);
    assert.ok(has(s, 1, { type: 'chiu' }), `${mode}: chíu (E11: all modes)`);
  }
});

test('passed-ca-ban = rank-ca-and-chan also bars a chắn of the passed face X; face-ca and rank-ca do not (§13)', () => {
  // A seat that passed a cạ on 6n and holds a 6n (set by the position's flags: a seat that could eat
  // [6n6n] normally has a chắn to pass, R1) is offered 6n again.
  const hand = '6n 2v 2v 3v 3v 4v 4v 5v 5v 7v 7v 8v 8v 9v 9v 2s 2s 3s 3s 4s 4s 5s 5s';
  for (const [mode, chan] of [
    ['face-ca', true],
    ['rank-ca', true],
    ['rank-ca-and-chan', false],
  ] as const) {
    const s = position(
      4,
      { hands: ['', hand], flags: [{}, { passedCa: '6n' }], phase: { kind: 'offer', card: '6n', gate: 1, source: 'passed-wall', from: 0 } },
      { 'passed-ca-ban': mode },
    );
    assert.equal(has(s, 1, { type: 'eat', with: '6n' }), chan, mode);
  }
});

test('u-on-returned-card = yes allows an ordinary ù on a returned card only, never on a discard (§6)', () => {
  const o = { 'u-on-returned-card': true };
  const disc = position(5, { hands: ['', '', E1], phase: { kind: 'offer', card: '4v', gate: 2, source: 'discard', from: 1 } }, o);
  assert.ok(!has(disc, 2, { type: 'u' }));
  rejects(disc, 2, { type: 'u' }, 'chan/u-only-by-chiu');
  // On a returned card that does not complete the hand the reason is the hand, not "only by chíu"
  // (seat 2 may eat [1v1v], so the returned 1v waits at its gate).
  const ret = position(5, { hands: ['', '', E1], phase: { kind: 'offer', card: '1v', gate: 2, source: 'return', from: 4 } }, o);
  assert.ok(has(ret, 2, { type: 'eat', with: '1v' }));
  rejects(ret, 2, { type: 'u' }, 'chan/u-not-possible');
});

test('wall-reserve = 1 with final-turn = u-only: the 26th draw is the last one and ends the hand after its Ù tier (§12, E13)', () => {
  const s0 = position(
    4,
    {
      hands: [
        '5v 2v 3v 4v 6v 7v 8v 1v 2n 3n 4n 6n 7n 8n 1n 2s 3s 4s 6s 7s 8s 1s CC',
        '',
        '9s 2v 2v 3v 3v 4v 4v 6v 6v 7v 7v 1v 1v 2n 2n 3n 3n 4n 4n 6n 6n 7n 8n',
        '9v 5s 2s 2s 3s 3s 4s 4s 6s 6s 7s 7s 8s 8s 1s 1s CC CC LA LA TH TH 8v',
      ],
      stock: '9n 5n',
      rest: 'piles',
      fill: 'r1',
      phase: { kind: 'draw', seat: 2 },
    },
    { 'wall-reserve': 1, 'final-turn': 'u-only' },
  );
  const s = play(s0, 2, { type: 'draw' });
  // Nobody can ù on 9n; seat 3 could eat [9n9v] in a complete final turn, but not here.
  assert.equal(engine.result(s)?.endedBy, 'draw');
  assert.equal(s.stock.length, 1, 'one nọc card is kept back');
});

test('opener-after-draw = next: the seat after the last opener, wrapping round the table (§3)', () => {
  for (const [mode, want] of [
    ['next', 0],
    ['same', 3],
    ['host', 0],
  ] as const) {
    const s = toEnd(
      position(4, { opener: 3, stock: '9n', rest: 'piles', phase: { kind: 'draw', seat: 1 } }, { 'opener-after-draw': mode }),
    );
    assert.equal(engine.result(s)!.endedBy, 'draw');
    assert.equal(engine.setup(opts({ 'opener-after-draw': mode }), 4, 'x', s).opener, want, mode);
  }
});

test('ca-partner = only-face with split-chan-for-ca = no: the only face of the rank may not be a broken chắn (§7.2)', () => {
  // Seat 1 holds 2v 2v and no other rank-2 card; 2n lies at its gate.
  const hand = '2v 2v 3v 3v 4v 4v 5v 5v 6v 6v 7v 7v 8v 8v 9v 9v 3n 3n 4n 4n 5n 5n 6n';
  const at = (o: Record<string, unknown>) =>
    position(4, { hands: ['', hand], phase: { kind: 'offer', card: '2n', gate: 1, source: 'passed-wall', from: 0 } }, o);
  assert.ok(has(at({ 'ca-partner': 'only-face' }), 1, { type: 'eat', with: '2v' }));
  const s = at({ 'ca-partner': 'only-face', 'split-chan-for-ca': false });
  assert.ok(!has(s, 1, { type: 'eat', with: '2v' }));
  assert.equal(s.phase.kind, 'draw', 'nothing to eat: the card dies and seat 1 draws');
});

test('min-points-to-win needs scoring = cuoc: with scoring off it does not block an ù (§8)', () => {
  // E10 won at the own gate is worth 3 (Chì) and the minimum 4 blocks it only when hands are scored.
  const pos = { hands: ['', '', E10], phase: { kind: 'offer', card: '7v', gate: 2, source: 'wall', from: 2 } };
  assert.ok(!has(position(4, pos, { 'min-points-to-win': 4 }), 2, { type: 'u' }));
  assert.ok(has(position(4, pos, { 'min-points-to-win': 4, scoring: 'off' }), 2, { type: 'u' }));
});

test('stake multiplies a paid win in the engine (§10): E1 variant a, V = 15, stake 3', () => {
  const r = engine.result(ownDrawWin({ ...AUTO, stake: 3 }))!;
  assert.equal(r.value, 15);
  assert.deepEqual(r.deltas, [-45, -45, 180, -45, -45]);
  // What is paid at a stake above 1 is money ("Mức tiền nhân với điểm ván"), not points: before, a hand of
  // 15 điểm showed "+180 điểm". At stake 1 the hand's points are what is paid.
  assert.equal(r.unit, 'money');
  assert.equal(engine.result(ownDrawWin({ ...AUTO }))!.unit, 'point');
});

test('đền làng in the engine pays den-lang-points × stake to each other seat (§10, §11)', () => {
  // E1 variant b: only "Chì" is announced, Bạch thủ (mandatory) is missing → xướng sai.
  let s = ownDrawWin({ stake: 2, 'den-lang-points': 5 });
  s = play(s, 2, { type: 'xuong', calls: [{ cuoc: 'chi' }] });
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'xuong-sai');
  assert.deepEqual(r.deltas, [10, 10, -40, 10, 10]);
  assert.deepEqual(
    r.items.filter((i) => i.id === 'den-lang').map((i) => [i.value, i.unit]),
    [[-40, 'money']],
    'what the offender paid, in the result’s unit',
  );
  // ù láo (honor): the same amount.
  let h = position(
    4,
    { hands: ['', '', '2v 3v'], phase: { kind: 'offer', card: '9v', gate: 0, source: 'wall', from: 0 } },
    {
      ...HONOR,
      stake: 2,
      'den-lang-points': 5,
    },
  );
  h = play(play(play(h, 2, { type: 'u' }), 0, { type: 'pass' }), 1, { type: 'pass' });
  assert.equal(engine.result(h)!.endedBy, 'u-lao');
  assert.deepEqual(engine.result(h)!.deltas, [10, 10, -30, 10]);
});

test('scoring-profile = chan-van-van: Thiên ù is 3/1 and Phá thiên does not exist (§9)', () => {
  const OPEN7 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6v 7v 7s 8v 8n 9n 9s 4v 4v';
  const cvv = { 'scoring-profile': 'chan-van-van' };
  assert.equal(score({ players: 5, concealed: OPEN7, how: 'open' }).value, 4);
  const t = score({ players: 5, concealed: OPEN7, how: 'open', options: cvv });
  assert.deepEqual(ids(t), ['thien-u']);
  assert.equal(t.value, 3);
  const pha = { players: 4, concealed: E10, card: '7v', how: 'other-draw', dealtHadChan: false };
  assert.deepEqual(ids(score(pha)), ['pha-thien']);
  const p = score({ ...pha, options: cvv });
  assert.deepEqual(ids(p), ['xuong']);
  assert.equal(p.value, 2);
});

test('scoring-profile = chan-van-van: a cước of the other profile cannot be announced (§9)', () => {
  const s = ownDrawWin({ 'scoring-profile': 'chan-van-van' });
  const said = options(s, 2).flatMap((o) => (o.type === 'xuong' ? o.calls.map((c) => c.cuoc) : []));
  assert.ok(said.includes('bach-thu'));
  assert.ok(!said.includes('pha-thien'));
  rejects(s, 2, { type: 'xuong', calls: [{ cuoc: 'pha-thien' }] }, 'chan/bad-calls');
});

test('chi-bach-thu-ga = 1: the Chì + Bạch thủ item carries 1 gà (E1 variant a: V = 10)', () => {
  const r = engine.result(ownDrawWin({ ...AUTO, 'chi-bach-thu-ga': 1 }))!;
  assert.equal(r.value, 10);
  assert.deepEqual(
    r.items.filter((i) => i.id === 'chi-bach-thu').map((i) => [i.value, i.unit]),
    [[1, 'ga']],
  );
});

test('bach-thu-4p = disabled leaves 20-card (5P) hands alone (§9)', () => {
  const o = score({ players: 5, concealed: E1, card: '4v', how: 'other-draw', options: { 'bach-thu-4p': 'disabled' } });
  assert.deepEqual(ids(o), ['bach-thu']);
  assert.equal(o.value, 4);
});

test('tam-do = at-least-8 still counts exactly 8 red cards (§9, E9)', () => {
  const o = score({ ...E9, options: { 'tam-do': 'at-least-8' } });
  assert.deepEqual(ids(o), ['chi', 'leox2', 'tam-do']);
  assert.equal(o.value, 18);
});

test('u-claim-check = honor: a seat that passed an ù (bỏ ù) is not offered ù on a later discard (§7.5 R7, §8)', () => {
  const pos = (flags: Record<string, unknown>) =>
    position(
      5,
      { hands: ['', '', E1], flags: [{}, {}, flags], phase: { kind: 'offer', card: '9v', gate: 2, source: 'discard', from: 1 } },
      HONOR,
    );
  assert.ok(has(pos({}), 2, { type: 'u' }), 'honor: ù may be pressed on a claimable discard');
  assert.ok(!has(pos({ uForfeited: true }), 2, { type: 'u' }));
});

test('u-claim-check = honor: the opener may press ù at OPEN on a dealt hand that does not win: ù láo (§8, §11)', () => {
  const dealt = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v 5n';
  assert.ok(!has(position(5, { hands: [dealt] }), 0, { type: 'u' }), 'validated: no ù on a losing hand');
  let s = position(5, { hands: [dealt] }, HONOR);
  assert.ok(has(s, 0, { type: 'u' }));
  s = play(s, 0, { type: 'u' });
  const r = engine.result(s)!;
  assert.equal(r.endedBy, 'u-lao');
  assert.deepEqual(r.winners, []);
  assert.deepEqual(r.deltas, [-48, 12, 12, 12, 12]);
});

test('u-claim-check = honor: passing an ù that would not win is no bỏ ù (§7.5 R7: only a legal Ù)', () => {
  let s = position(5, { hands: ['', '', E1], phase: { kind: 'offer', card: '9v', gate: 0, source: 'wall', from: 0 } }, HONOR);
  assert.ok(has(s, 2, { type: 'u' }));
  for (const seat of [0, 1]) if (has(s, seat, { type: 'pass' })) s = play(s, seat, { type: 'pass' });
  s = play(s, 2, { type: 'pass' });
  for (const seat of [3, 4]) if (has(s, seat, { type: 'pass' })) s = play(s, seat, { type: 'pass' });
  assert.notEqual(s.phase.kind === 'claim' && s.phase.offer.source, 'wall', 'the Ù tier on 9v is over');
  assert.equal(s.seats[2]!.uForfeited, false);
});
