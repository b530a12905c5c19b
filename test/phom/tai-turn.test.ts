/**
 * Tái turns (phom.md §5 H′, §6.4, §15.8): an eat that puts the whole hand in phỏm, sends with an
 * eaten card held (§7.3 C2–C4), the moves left to a seat that left (§11.3), and a public phase that
 * never tells whether the hidden tái hand holds a phỏm (§2: hands are private).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type Action, type State } from '../../src/games/phom/index.js';
import type { Card } from '../../src/games/phom/cards.js';
import { applyOk, position } from './helpers.js';

const U: Action = { type: 'u' };

// 3p. Seat 1 laid down first, seat 2 ate its chốt JD (seat 1 owes a tái), seats 2 and 0 laid down,
// and seat 0 discarded its 4th card 7H. Seat 1's tái turn: its hand is [5H 6H]. Meld 4 is P0's
// [2H 3H 4H], which 5H, then 6H (gửi nối), fit.
const taiPosition = (over: Record<string, unknown> = {}) => ({
  turn: 1,
  phase: 'take',
  starter: 0,
  hands: [
    ['KD', 'QS', '10S'],
    ['5H', '6H'],
    ['AD', '2S', '4C'],
  ],
  rows: [
    ['9D', 'KS', '6D', '7H'],
    ['10C', 'QH', '2D'],
    ['KH', 'QD', 'AH', '10H'],
  ],
  melds: [
    { owner: 1, cards: ['8S', '8C', '8D', '8H'] },
    { owner: 1, cards: ['JC', 'QC', 'KC'] },
    { owner: 2, cards: ['9S', '9C', '9H'] },
    { owner: 2, cards: ['JS', 'JD', 'JH'] },
    { owner: 0, cards: ['2H', '3H', '4H'] },
    { owner: 0, cards: ['3C', '3D', '3S'] },
  ],
  layOrder: [1, 2, 0],
  lead: 2,
  eaten: [[], [], ['JD']],
  eats: [{ eater: 2, victim: 1, card: 'JD', chot: true }],
  lastDiscard: { seat: 0, card: '7H' },
  ...over,
});

/** Seat 1 after eating 7H: [5H 6H 7H*], its whole hand one phỏm. */
const afterTaiEat = (): State => applyOk(position(taiPosition(), 3), 1, { type: 'eat', card: '7H' });

test('§8.2: a tái eat that puts the whole hand in phỏm leaves Ù as the only move', () => {
  const s = afterTaiEat();
  assert.deepEqual(s.hands[1], ['5H', '6H', '7H']);
  const d = engine.pending(s)[0]!;
  // No send (5H or 6H would leave 7H* without a phỏm, §7.3 C2; 7H* itself never goes, C4), no
  // discard (C1, C2), no lay-down (it would leave no card to discard, §7.4): Ù (tròn: all ten
  // cards in phỏm, §8.3).
  assert.deepEqual(d.options, [U]);
  assert.deepEqual(d.timeoutDefault, U);
  assert.deepEqual(engine.checkInvariants(s), []);
  const end = applyOk(s, 1, d.timeoutDefault);
  assert.equal(end.end?.by, 'u-tron');
  assert.equal(end.end?.winner, 1);
});

test('§11.3: a seat leaving with Ù as its only move has it declared (never a crash)', () => {
  const s = afterTaiEat();
  let r: ReturnType<typeof engine.apply> | undefined;
  assert.doesNotThrow(() => {
    r = engine.apply(s, 1, { type: 'leave' });
  });
  assert.ok(r?.ok);
  const t = r.value;
  assert.equal(t.end?.by, 'u-tron');
  assert.equal(t.end?.winner, 1);
  assert.deepEqual(engine.checkInvariants(t), []);
  assert.ok(engine.result(t));
});

test('§11.3, seed 002: a tái seat whose hand is one phỏm and then leaves has its Ù (tròn) declared', () => {
  // Seat 0 discarded 5D instead, and seat 1 draws 7H: [5H 6H 7H] is a phỏm, and laying it leaves no
  // card to discard: Ù is its one move (seed 002: the last turn keeps no phỏm back; before 2026-12-07
  // it could send the three to P0's run one by one, an Ù tròn all the same).
  const rows = [['9D', 'KS', '6D', '5D'], ...taiPosition().rows.slice(1)];
  const s = applyOk(position(taiPosition({ rows, lastDiscard: null, stockTop: ['7H'] }), 3), 1, { type: 'draw' });
  assert.deepEqual(s.hands[1], ['5H', '6H', '7H']);
  assert.deepEqual(engine.pending(s)[0]!.options, [U]);
  assert.equal(engine.apply(s, 1, { type: 'send', card: '5H', target: 4 }).ok, false);
  let r: ReturnType<typeof engine.apply> | undefined;
  assert.doesNotThrow(() => {
    r = engine.apply(s, 1, { type: 'leave' });
  });
  assert.ok(r?.ok);
  assert.equal(r.value.end?.by, 'u-tron');
  assert.deepEqual(engine.checkInvariants(r.value), []);
});

/**
 * Seat 1 to act in its tái turn holding the eaten 7H*, as the old engine left it after the eat (a
 * position: play now lays 7H* down first, C3). With `hand` of four cards its [8S 8C 8D] is a set of 3.
 */
const heldEaten = (hand: string[]): State =>
  position(
    {
      ...taiPosition(),
      phase: 'act',
      hands: [['KD', 'QS', '10S'], hand, ['AD', '2S', '4C']],
      rows: [
        ['9D', 'KS', '6D', '10H'],
        ['10C', 'QH', '2D'],
        ['KH', 'QD', 'AH'],
      ],
      melds: [{ owner: 1, cards: hand.length > 3 ? ['8S', '8C', '8D'] : ['8S', '8C', '8D', '8H'] }, ...taiPosition().melds.slice(1)],
      lead: 0,
      lastDiscard: null,
      eaten: [[], ['7H'], ['JD']],
      eats: [
        { eater: 2, victim: 1, card: 'JD', chot: true },
        { eater: 1, victim: 0, card: '7H', chot: true },
      ],
    },
    3,
  );

test('§7.3 C2, C4: send() refuses an eaten card and a card its phỏm needs; legal sends and the default agree', () => {
  const s = heldEaten(['5H', '6H', '7H']);
  for (const card of ['5H', '6H', '7H'] as Card[]) {
    const r = engine.apply(s, 1, { type: 'send', card, target: 4 });
    assert.equal(r.ok, false, `sending ${card} was accepted`);
    if (!r.ok) assert.equal(r.error.code, 'phom/lay-down-eaten-left');
  }
  const d = engine.pending(s)[0]!;
  assert.deepEqual(d.options, [U]);
  assert.deepEqual(d.timeoutDefault, U);
});

test('§7.3 C2: a send that keeps every held eaten card covered stays legal (as for a discard)', () => {
  // [5H 6H 7H* 8H]: 5H may go onto [2H 3H 4H], as [6H 7H* 8H] still covers 7H*; 6H and 8H fit
  // nothing else.
  const s = heldEaten(['5H', '6H', '7H', '8H']);
  const sends = engine.pending(s)[0]!.options.filter((o) => o.type === 'send');
  assert.deepEqual(sends, [{ type: 'send', card: '5H', target: 4 }]);
  assert.ok(engine.apply(s, 1, { type: 'send', card: '5H', target: 4 }).ok);
});

// Ex 5 shape (4p): P1 laid down first, P2 ate its chốt JC, P3 and P0 laid down; P1's tái turn,
// drawing JD. Only the hidden hands differ: in `a` JD completes [JD QD KD] in P1's hand.
const ex5 = (hand0: string[], hand1: string[]) =>
  position(
    {
      turn: 1,
      phase: 'take',
      hands: [hand0, hand1, ['7H', '8H', 'KS'], ['4S', '5C', 'QS']],
      rows: [
        ['AH', '2C', '3S', '3C'],
        ['4C', '5D', '6C'],
        ['6D', '7C', '9H', '10S'],
        ['QC', 'QH', 'KC', 'KH'],
      ],
      melds: [
        { owner: 1, cards: ['5S', '6S', '7S'] },
        { owner: 1, cards: ['9C', '9D', '9S'] },
        { owner: 2, cards: ['JC', 'JH', 'JS'] },
        { owner: 2, cards: ['4H', '5H', '6H'] },
        { owner: 3, cards: ['8S', '8C', '8D'] },
        { owner: 3, cards: ['10C', '10D', '10H'] },
        { owner: 0, cards: ['2D', '3D', '4D'] },
        { owner: 0, cards: ['AS', 'AD', 'AC'] },
      ],
      layOrder: [1, 2, 3, 0],
      lead: 2,
      eaten: [[], [], ['JC'], []],
      eats: [{ eater: 2, victim: 1, card: 'JC', chot: true }],
      stock: ['JD'],
    },
    4,
  );

test('§2, §5 H′: the public view of a tái turn does not tell whether the hidden hand holds a phỏm', () => {
  const a = applyOk(ex5(['2S', '7D', '2H'], ['QD', 'KD', '3H']), 1, { type: 'draw' });
  const b = applyOk(ex5(['2S', '7D', 'KD'], ['QD', '2H', '3H']), 1, { type: 'draw' });
  assert.deepEqual(engine.publicView(a), engine.publicView(b));
  assert.equal(a.phase, 'act');
  // The seat chooses between Ù ([JD QD KD] + 3H, §8.2) and laying its new phỏm down, due before
  // any send or discard (seed 002: all phỏm go down on the last turn; tai-lay-all.test.ts).
  assert.deepEqual(engine.pending(a)[0]!.options, [U, { type: 'lay-down', melds: [['JD', 'QD', 'KD']] }]);
  assert.ok(!engine.pending(b)[0]!.options.some((o) => o.type === 'lay-down'));
  // Without a phỏm, playing on at once: the public sees the discard, never a "lay down nothing".
  const nb = applyOk(b, 1, { type: 'discard', card: '3H' });
  assert.deepEqual(engine.publicView(nb).last, { seat: 1, type: 'discard', card: '3H' });
  // Laying down, then the turn goes on as before.
  const la = applyOk(a, 1, { type: 'lay-down', melds: [['JD', 'QD', 'KD']] });
  assert.deepEqual(la.hands[1], ['3H']);
  assert.deepEqual(engine.checkInvariants(la), []);
});

test('§5 H′ then G: the tái lay-down comes before any send; laying nothing is a no-op only without phỏm', () => {
  const a = applyOk(ex5(['2S', '7D', '2H'], ['QD', 'KD', '3H']), 1, { type: 'draw' });
  const b = applyOk(ex5(['2S', '7D', 'KD'], ['QD', '2H', '3H']), 1, { type: 'draw' });
  // Not offered (acting on is laying nothing), but a no-op a hand without phỏm may make: a log of
  // the old flow, where such a hand laid nothing in phase lay-down, still replays.
  const nb = applyOk(b, 1, { type: 'lay-down', melds: [] });
  assert.deepEqual({ ...engine.publicView(nb), last: null }, { ...engine.publicView(b), last: null });
  assert.deepEqual(engine.pending(nb)[0]!.options, engine.pending(b)[0]!.options);
  const na = engine.apply(a, 1, { type: 'lay-down', melds: [] });
  assert.equal(na.ok ? 'accepted' : na.error.code, 'phom/lay-down-phom-left');
  // 3H onto P2's [4H 5H 6H] waits for the lay-down in `a`; in `b` it goes, and then no lay-down.
  const early = engine.apply(a, 1, { type: 'send', card: '3H', target: 3 });
  assert.equal(early.ok ? 'accepted' : early.error.code, 'phom/tai-must-lay-down');
  const sent = applyOk(b, 1, { type: 'send', card: '3H', target: 3 });
  assert.ok(!engine.pending(sent)[0]!.options.some((o) => o.type === 'lay-down'));
  assert.equal(engine.apply(sent, 1, { type: 'lay-down', melds: [['QD', '2H', '3H']] }).ok, false);
});
