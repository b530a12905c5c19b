/** One test per rule-error class (chan.md §7, §8; issue #7: errors say which rule blocked the move). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { engine } from '../../src/games/chan/index.js';
import { ERROR_CODES } from '../../src/games/chan/actions.js';
import { SCENARIO_ROOT } from '../support/scenarios.js';
import { has, play, position, rejects } from './helpers.js';

const HONOR = { 'u-claim-check': 'honor' }; // keeps a claim window open for every seat
const E1 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v';
const FILLER = '2v 2v 3v 3v 4v 4v 5s 5s 7n 7n 8n 8n 9s 9s 2n 2n 3n 3n 4n 4n'.split(' ');
/** A full 19-card hand: `hand` plus fixed filler without rank 1, rank 6 or Yêu cards. */
const pad = (hand: string) => {
  const h = hand.split(' ');
  return [...h, ...FILLER.slice(0, 19 - h.length)].join(' ');
};
const offer = (card: string, gate: number, source = 'discard', from = (gate + 4) % 5) => ({ kind: 'offer', card, gate, source, from });

test('error: hand-over, not-your-turn, bad-action, unknown-card, not-in-hand', () => {
  const s = position(5, { hands: ['', '', E1], stock: '4v', phase: { kind: 'draw', seat: 2 } }, { 'xuong-mode': 'auto' });
  rejects(s, 1, { type: 'draw' }, 'chan/not-your-turn');
  rejects(s, 2, { type: 'discard', card: 'ZZ' }, 'chan/unknown-card');
  rejects(s, 2, null, 'chan/bad-action');
  const over = play(play(s, 2, { type: 'draw' }), 2, { type: 'u' });
  rejects(over, 2, { type: 'draw' }, 'chan/hand-over');
  const d = position(5, { hands: ['', '', E1 + ' 4v'], phase: { kind: 'discard', seat: 2 } });
  rejects(d, 2, { type: 'discard', card: 'TH' }, 'chan/not-in-hand');
});

test('error: must-draw, must-discard, must-return, must-announce, already-answered, bad-calls', () => {
  const s = position(5, { hands: ['', '', E1], stock: '4v', phase: { kind: 'draw', seat: 2 } });
  rejects(s, 2, { type: 'discard', card: '1v' }, 'chan/must-draw');
  const open = position(5, { hands: [], phase: { kind: 'open' } });
  rejects(open, 0, { type: 'draw' }, 'chan/must-discard');
  const ret = position(4, { hands: ['', '', '', '7n 7n 7n 7n 2s'], melds: [], phase: { kind: 'return', seat: 3, gate: 1 } }, {});
  rejects(ret, 3, { type: 'discard', card: '2s' }, 'chan/must-return');
  const won = play(play(s, 2, { type: 'draw' }), 2, { type: 'u' });
  rejects(won, 2, { type: 'discard', card: '1v' }, 'chan/must-announce');
  rejects(won, 2, { type: 'xuong', calls: [{ cuoc: 'bogus' }] }, 'chan/bad-calls');
  const claim = position(5, { hands: [], phase: offer('5v', 1) }, HONOR);
  const after = play(claim, 2, { type: 'pass' });
  rejects(after, 2, { type: 'pass' }, 'chan/already-answered');
});

test('error: u-not-possible, u-forfeited, u-on-yeu, u-nhat-ca, u-only-by-chiu, u-below-minimum', () => {
  // Validated ù: a seat holding three copies keeps the claim window open (chíu option).
  const wall = (card: string, hand = E1, holder = `${card} ${card} ${card}`, gate = 0) =>
    position(5, { hands: ['', '', hand, holder], phase: { kind: 'offer', card, gate, source: 'wall', from: gate } });
  rejects(wall('9v'), 2, { type: 'u' }, 'chan/u-not-possible');
  rejects(
    position(
      5,
      {
        hands: ['', '', E1],
        flags: [{}, {}, { uForfeited: true }],
        phase: { kind: 'offer', card: '4v', gate: 0, source: 'wall', from: 0 },
      },
      HONOR,
    ),
    2,
    { type: 'u' },
    'chan/u-forfeited',
  );
  rejects(wall('CC', E1.replace('4v', 'LA')), 2, { type: 'u' }, 'chan/u-on-yeu');
  const nhat = '2v 2v 3n 3n 4s 4s 5v 5v 6n 6n 7s 7s 8v 8n 9n 9s 7v 7n 1v';
  const m = rejects(wall('1n', nhat), 2, { type: 'u' }, 'chan/u-nhat-ca');
  assert.match(m, /identical pair/);
  const disc = position(5, { hands: ['', '', E1], phase: offer('4v', 2, 'discard', 1) });
  rejects(disc, 2, { type: 'u' }, 'chan/u-only-by-chiu');
  // E10 won at the own gate is worth 3 (Chì); a table minimum of 4 blocks it.
  const e10 = position(
    4,
    {
      hands: ['', '', '2v 2v 3v 3v 4v 4v 5n 5n 6n 6n 7v 2s 2s 3s 3s 5s 5s 6s 6s 8v 8n 9v 9n'],
      phase: { kind: 'offer', card: '7v', gate: 2, source: 'wall', from: 2 },
    },
    { 'min-points-to-win': 4 },
  );
  rejects(e10, 2, { type: 'u' }, 'chan/u-below-minimum');
  const e10ok = position(
    4,
    {
      hands: ['', '', '2v 2v 3v 3v 4v 4v 5n 5n 6n 6n 7v 2s 2s 3s 3s 5s 5s 6s 6s 8v 8n 9v 9n'],
      phase: { kind: 'offer', card: '7v', gate: 2, source: 'wall', from: 2 },
    },
    { 'min-points-to-win': 3 },
  );
  assert.ok(
    engine
      .pending(e10ok)
      .find((d) => d.seat === 2)!
      .options.some((o) => o.type === 'u'),
  );
});

test('error: chiu-not-possible, chiu-passed-chan, chiu-own-card', () => {
  const s = position(5, { hands: ['', '', '6s 6s 6s'], flags: [{}, {}, { passedChan: '6s' }], phase: offer('6s', 2, 'discard', 1) }, HONOR);
  const m = rejects(s, 2, { type: 'chiu' }, 'chan/chiu-passed-chan');
  assert.match(m, /passed on the chắn of 6s/);
  rejects(s, 3, { type: 'chiu' }, 'chan/chiu-not-possible');
  rejects(s, 1, { type: 'chiu' }, 'chan/chiu-own-card');
});

test('error: a chíu-ù names the rule that bars the chíu: chiu-passed-chan (§7.5 R1), chiu-own-card (§6, §7.3)', () => {
  // 5P. Seat 2 would chíu-ù the 5v discard (three 5v: 2 + 4 chắn = 6, 10 pairs), but passed the chắn of
  // 5v earlier: R1 "may never ăn, chíu or discard X", so no chíu-ù either — whatever the hand is worth.
  const hands = [
    '',
    '5n 1v 1v 1n 1n 1s 1s CC CC LA LA TH TH 6n 6n 6s 6s 7v 7v',
    '5v 5v 5v 2v 2v 3v 3v 4v 4v 6v 6v 7n 7s 8n 8s 9n 9s 2n 2s',
  ];
  const at = (flags: object[], o: Record<string, unknown> = {}) => position(5, { hands, flags, phase: offer('5v', 1, 'discard', 0) }, o);
  assert.ok(has(at([]), 2, { type: 'u' }), 'without the pass the chíu-ù is legal');
  const barred = [{}, {}, { passedChan: '5v' }];
  assert.match(rejects(at(barred), 2, { type: 'u' }, 'chan/chiu-passed-chan'), /passed on the chắn of 5v/);
  rejects(at(barred, { 'min-points-to-win': 1 }), 2, { type: 'u' }, 'chan/chiu-passed-chan');
  // The discarder's own card: not "you need three" (u-only-by-chiu), it may never take it back.
  rejects(at([]), 0, { type: 'u' }, 'chan/chiu-own-card');
});

test('error: every "bỏ ăn" and ăn restriction has its own message', () => {
  const at2 = (hand: string, card: string, flags: Record<string, unknown> = {}, o: Record<string, unknown> = {}) =>
    position(
      5,
      {
        hands: ['', '', pad(hand)],
        flags: [{}, {}, flags],
        phase: offer(card, 2, 'discard', 1),
      },
      { ...HONOR, ...o },
    );
  const msg = rejects(at2('6s', '6s', { passedChan: '6s' }), 2, { type: 'eat', with: '6s' }, 'chan/eat-passed-chan');
  assert.equal(msg, 'You passed on the chắn of 6s earlier, so you cannot take 6s now.');
  rejects(at2('6s', '6s', { discardedFaces: '6s' }), 2, { type: 'eat', with: '6s' }, 'chan/eat-discarded-face');
  rejects(at2('6v', '6n', { passedCa: '6n' }), 2, { type: 'eat', with: '6v' }, 'chan/eat-passed-ca');
  rejects(
    at2('6v', '6n', { passedCa: '6n' }, { 'passed-ca-ban': 'rank-ca-and-chan' }),
    2,
    { type: 'eat', with: '6v' },
    'chan/eat-passed-ca',
  );
  rejects(at2('6v 7v', '6n'), 2, { type: 'eat', with: '7v' }, 'chan/eat-no-pair');
  rejects(at2('6v 6s', '6n'), 2, { type: 'eat', with: '6v' }, 'chan/eat-split-ca');
  rejects(at2('1v 1v LA TH', 'CC'), 2, { type: 'eat', with: 'LA' }, 'chan/eat-nhat-yeu-even');
  rejects(at2('1v 1v LA', 'CC'), 2, { type: 'eat', with: '1v' }, 'chan/eat-break-chan');
  rejects(at2('6v 6v', '6n', {}, { 'split-chan-for-ca': false }), 2, { type: 'eat', with: '6v' }, 'chan/eat-break-chan');
  rejects(at2('6n 6v', '6n'), 2, { type: 'eat', with: '6v' }, 'chan/eat-prefer-chan');
  rejects(at2('LA 1v 1v', 'TH', {}, { 'lao-thang-ca': false }), 2, { type: 'eat', with: 'LA' }, 'chan/eat-lao-thang');
  rejects(at2('6s', '6s'), 3, { type: 'eat', with: '6s' }, 'chan/eat-not-gate');
});

test('error: eat-no-discard-after (claim guard)', () => {
  // Seat 2 passed the chắn of every face it holds except the 6v; after eating [6n6v] nothing is discardable.
  const hand = '6v 2v 2v 3v 3v 4v 4v 5v 5v 7v 7v 8v 8v 9v 9v 1v 1v 2n 2n 3n 3n 4n 4n';
  const s = position(
    4,
    {
      hands: ['', '', hand],
      flags: [{}, {}, { passedChan: '2v 3v 4v 5v 7v 8v 9v 1v 2n 3n 4n' }],
      phase: { kind: 'offer', card: '6n', gate: 2, source: 'discard', from: 1 },
    },
    HONOR,
  );
  rejects(s, 2, { type: 'eat', with: '6v' }, 'chan/eat-no-discard-after');
});

test('error: discard-passed-chan and discard-eaten-ca-pair', () => {
  const s = position(4, {
    hands: ['', '', '6s 3n 5v'],
    flags: [{}, {}, { passedChan: '6s', discardedFaces: '3v' }],
    melds: ['', '', '[7s7v]'],
    piles: ['', '', '3v'],
    phase: { kind: 'discard', seat: 2 },
  });
  rejects(s, 2, { type: 'discard', card: '6s' }, 'chan/discard-passed-chan');
  const m = rejects(s, 2, { type: 'discard', card: '3n' }, 'chan/discard-eaten-ca-pair');
  assert.match(m, /forms a cạ with the 3v/);
  play(s, 2, { type: 'discard', card: '5v' });
});

test('error: bad-position', () => {
  const r = engine.fromScenario(engine.options.presets['seed-table'] as never, 4, { position: { hands: ['CC CC CC CC CC'] } });
  assert.equal(r.ok, false);
  if (!r.ok) assert.equal(r.error.code, 'chan/bad-position');
  const r2 = engine.fromScenario({} as never, 4, { deck: ['1v'] });
  assert.equal(r2.ok, false);
  // A melds text is bracketed melds only: a card outside them, or a bracket left open, was dropped.
  for (const melds of ['[5n5n5n5n] 7v7s', '[5n5n5n5n] [7v7s']) {
    const r3 = engine.fromScenario(engine.options.presets['seed-table'] as never, 4, { position: { hands: ['2v'], melds: [melds] } });
    assert.equal(r3.ok, false, melds);
    if (!r3.ok) assert.match(r3.error.message, /melds\[0\]: .*(outside the brackets|not closed)/);
  }
});

test('error: passed-wall-eat-only (§6): a drawn card passed on to the next gate can only be eaten by that gate', () => {
  // Seat 0 drew 2n and nobody took it: it is offered at gate 1, where only seat 1 may eat it.
  const hands = ['', '2v 2v 2s 3v 3v 4v 4v 5v 5v 7v 7v 8v 8v 9v 9v 1v 1v 3n 3n 4n 4n 5n 5n', '2n 2n 2n', ''];
  // While it was the drawer's card, seat 2 (three 2n) could chíu it …
  const atDrawer = position(4, { hands, phase: { kind: 'offer', card: '2n', gate: 0, source: 'wall', from: 0 } }, HONOR);
  assert.ok(engine.pending(atDrawer).some((d) => d.seat === 2 && d.options.some((o) => o.type === 'chiu')));
  // … once passed on, neither it nor anyone else may chíu or ù it, the drawer included.
  const passed = position(4, { hands, phase: offer('2n', 1, 'passed-wall', 0) }, HONOR);
  assert.deepEqual(
    engine.pending(passed).map((d) => d.seat),
    [1],
  );
  rejects(passed, 2, { type: 'chiu' }, 'chan/passed-wall-eat-only');
  rejects(passed, 2, { type: 'u' }, 'chan/passed-wall-eat-only');
  rejects(passed, 0, { type: 'chiu' }, 'chan/passed-wall-eat-only');
  rejects(passed, 3, { type: 'u' }, 'chan/passed-wall-eat-only');
  play(passed, 1, { type: 'eat', with: '2s' });
});

test('every error code is exercised by a test or a scenario', () => {
  const here = readdirSync(import.meta.dirname).map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'));
  const scen = readdirSync(join(SCENARIO_ROOT, 'chan')).map((f) => readFileSync(join(SCENARIO_ROOT, 'chan', f), 'utf8'));
  const text = [...here, ...scen].join('\n');
  assert.ok(ERROR_CODES.length >= 30);
  for (const code of ERROR_CODES) assert.ok(text.includes(`'chan/${code}'`) || text.includes(`"chan/${code}"`), `no test for chan/${code}`);
});

test('error: own-returned-card (§7.3): the returner may not take back the card it returned, even after it moved on', () => {
  const B = '3v 3v 3n 3n 3s 3s 4v 4v 4n 4n 4s 4s 5v 5v 5n 5n 5s 5s 6v 6v 6n 6n 6s';
  // C (seat 2) holds a 2v, so the passed-on 2s opens a claim window at gate 2 (C may eat [2s2v]).
  const C = '2v 3v 3n 3n 3s 3s 4v 4v 4n 4n 4s 4s 5v 5v 5n 5n 5s 5s 6v 6v 6n 6n 6s';
  const D = '7n 7n 7n 2s 2s 2s 2s 7v 7v 7s 7s 8v 8v 8n 8n 8s 8s 9v 9v 9n 9n 9s 1v';
  let s = position(4, { hands: ['', B, C, D], stock: '7n', phase: { kind: 'draw', seat: 1 } });
  s = play(s, 1, { type: 'draw' });
  s = play(s, 3, { type: 'chiu' });
  s = play(s, 3, { type: 'return', card: '2s' });
  assert.equal(s.phase.kind, 'claim');
  if (s.phase.kind === 'claim') {
    assert.equal(s.phase.offer.gate, 2);
    assert.equal(s.phase.offer.returner, 3);
    assert.deepEqual(
      s.phase.seats.map((c) => c.seat),
      [2],
    );
  }
  const m = rejects(s, 3, { type: 'chiu' }, 'chan/own-returned-card');
  assert.match(m, /2s/);
  rejects(s, 3, { type: 'u' }, 'chan/own-returned-card');
});

test('the score CLI says what is wrong with a hand whose concealed cards are not a text', async () => {
  const { score } = await import('../../src/games/chan/cli.js');
  for (const concealed of [5, ['1v'], { x: 1 }, null])
    assert.deepEqual(
      score({ concealed }),
      { valid: false, reason: 'concealed must be a text of card codes, like "1v1v2n2s CC"' },
      JSON.stringify(concealed),
    );
});

test('error: bad-seat (a seat outside the table, also while a claim window is open: it threw)', () => {
  const s = position(5, { hands: ['', pad('1v 1v'), '', '', ''], stock: '4v', phase: offer('1v', 1) }, HONOR);
  for (const [seat, a] of [
    [5, { type: 'u' }],
    [-1, { type: 'chiu' }],
    [1.5, { type: 'eat', with: '1v' }],
    [Number.NaN, { type: 'pass' }],
  ] as const)
    rejects(s, seat, a, 'chan/bad-seat');
});

test('a counted cước is announced with its whole count: Thiên khai ×5 is not bad-calls (chan.md §9: up to six faces of four in 24 cards)', () => {
  // Thiên ù at five players: five faces held four times each.
  const H = '2v 2v 2v 2v 3n 3n 3n 3n 4s 4s 4s 4s 5v 5v 5v 5v 6n 6n 6n 6n';
  const s = position(5, { hands: [H], phase: { kind: 'open' } }, { 'xuong-mode': 'manual' });
  const won = play(s, 0, { type: 'u' });
  const calls = (k: object[]) => ({ type: 'xuong', calls: [{ cuoc: 'thien-u' }, { cuoc: 'thap-thanh' }, ...k] }) as never;
  const whole = engine.apply(won, 0, calls([{ cuoc: 'thien-khai', count: 5 }]));
  assert.ok(whole.ok, whole.ok ? '' : JSON.stringify(whole.error));
  const split = play(
    won,
    0,
    calls([
      { cuoc: 'thien-khai', count: 4 },
      { cuoc: 'thien-khai', count: 1 },
    ]),
  );
  assert.deepEqual(engine.result(whole.value)!.deltas, engine.result(split)!.deltas, 'the same as the split announcement');
  // Seven is more than the hand holds: xướng sai (docs/scenarios-chan.md: any multiset is accepted),
  // as the same seven said in two calls; before 2026-12-06 a count above 6 in one call was bad-calls.
  const seven = play(won, 0, calls([{ cuoc: 'thien-khai', count: 7 }]));
  assert.equal(engine.result(seven)!.endedBy, 'xuong-sai');
  const sevenSplit = play(
    won,
    0,
    calls([
      { cuoc: 'thien-khai', count: 4 },
      { cuoc: 'thien-khai', count: 3 },
    ]),
  );
  assert.deepEqual(engine.result(seven)!.deltas, engine.result(sevenSplit)!.deltas);
});

test('xướng: Lèo ×7 in one call is xướng sai like seven single Lèo calls, not bad-calls (docs/scenarios-chan.md "any multiset")', () => {
  const won = () => {
    const s = position(5, {
      hands: ['', '9v 9v 8s 8s CC CC 8v 8v 2n 2n 4n 4n 3v 5n 5s 6v 6s 7v 7n'],
      stock: '3v',
      phase: { kind: 'draw', seat: 1 },
    });
    return play(play(s, 1, { type: 'draw' }), 1, { type: 'u' });
  };
  const split = play(won(), 1, { type: 'xuong', calls: Array.from({ length: 7 }, () => ({ cuoc: 'leo' })) });
  const one = play(won(), 1, { type: 'xuong', calls: [{ cuoc: 'leo', count: 7 }] });
  for (const r of [engine.result(split)!, engine.result(one)!]) {
    assert.equal(r.endedBy, 'xuong-sai');
    assert.deepEqual(r.announcementProblems, ['thua:leo']);
  }
  assert.deepEqual(engine.result(one)!.deltas, engine.result(split)!.deltas);
  // A count must still be a whole number of at least one.
  rejects(won(), 1, { type: 'xuong', calls: [{ cuoc: 'leo', count: 0 }] }, 'chan/bad-calls');
  rejects(won(), 1, { type: 'xuong', calls: [{ cuoc: 'leo', count: 1.5 }] }, 'chan/bad-calls');
});
