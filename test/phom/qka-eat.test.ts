/**
 * allow-qka and the next seat's eat chance: with Q K A a run, a discarded A is eaten with Q+K, a K
 * with Q+A, a Q with K+A. The hint's "cannot eat" / percentage (the strong AI's feeding risk reads
 * the same chance) must count those runs, and only under the option. The percentage is checked
 * against the engine itself: the seat's hidden cards are dealt again at random (worlds consistent
 * with its view), and the engine says whether the next seat may eat.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/games/core/rng.js';
import { engine, type State } from '../../src/games/phom/index.js';
import { explainFor } from '../../src/games/phom/ai.js';
import { type Card, DECK } from '../../src/games/phom/cards.js';
import { position } from './helpers.js';

// 2 players, seat 0 to discard `card` after its 3rd take (rows of 2). Seat 0 holds every other card
// that could make a phỏm with `card` except the two Q K A partners, which are live (unseen by it).
const FILLERS: Card[] = ['4D', '9H', '10C', '3H', '6S'];
const ROWS: Card[][] = [
  ['5C', '7H'],
  ['6D', '8C'],
];
const CASES: { card: Card; dead: Card[]; partners: [Card, Card] }[] = [
  // AS: the other aces and 2S are mine (no set, no A 2 3); only QS KS AS is left.
  { card: 'AS', dead: ['AC', 'AD', 'AH', '2S'], partners: ['QS', 'KS'] },
  // KS: the other kings and JS are mine (no set, no J Q K); only QS KS AS is left.
  { card: 'KS', dead: ['KC', 'KD', 'KH', 'JS'], partners: ['QS', 'AS'] },
  // QS: the other queens and JS are mine (no set, no 10 J Q, no J Q K); only QS KS AS is left.
  { card: 'QS', dead: ['QC', 'QD', 'QH', 'JS'], partners: ['KS', 'AS'] },
];

function at(card: Card, dead: Card[], over: Record<string, unknown>): State {
  const mine = [card, ...dead, ...FILLERS];
  const rest = DECK.filter((c) => !mine.includes(c) && !ROWS.flat().includes(c));
  return position({ turn: 0, phase: 'act', hands: [mine, rest.slice(0, 9)], rows: ROWS }, 2, over);
}

/** How often the next seat may eat `card`, over `n` random deals of the cards seat 0 cannot see. */
function sampledEatRate(s: State, card: Card, n: number): number {
  const pool = [...s.hands[1]!, ...s.stock];
  const rng = new Rng(`qka-eat-${card}`);
  let eats = 0;
  for (let i = 0; i < n; i++) {
    const mixed = rng.shuffle(pool);
    const world: State = {
      ...s,
      hands: [s.hands[0]!.slice(), mixed.slice(0, 9)] as State['hands'],
      stock: mixed.slice(9) as State['stock'],
    };
    const after = engine.apply(world, 0, { type: 'discard', card });
    assert.ok(after.ok);
    const d = engine.pending(after.value)[0]!;
    if (d.seat === 1 && d.options.some((o) => o.type === 'eat')) eats++;
  }
  return eats / n;
}

test('allow-qka: a discarded A, K or Q can be eaten with the other two of Q K A; the hint gives its chance, not "cannot eat"', () => {
  for (const { card, dead, partners } of CASES) {
    const s = at(card, dead, { 'allow-qka': true });
    for (const p of partners) assert.ok(!s.hands[0]!.includes(p), `precondition: ${p} is unseen by seat 0`);
    const r = explainFor(s, 0, { type: 'discard', card });
    assert.doesNotMatch(r.key, /discard-safe/, `${card}: the next seat may hold ${partners.join(' ')}`);
    // The next seat holds 9 of the 38 cards seat 0 has not seen: both partners about 5 % of the time.
    assert.match(r.key, /^phom:hint\.discard-low-risk(-noca)?$/, `${card}: ${r.key}`);
    const rate = sampledEatRate(s, card, 3000);
    const exact = (9 * 8) / (38 * 37);
    assert.ok(Math.abs(rate - exact) < 0.015, `${card}: sampled ${rate}, exact ${exact}`);
    assert.ok(Math.abs(Number(r.vars.pct) - 100 * rate) <= 2, `${card}: hint ${r.vars.pct} %, sampled ${(100 * rate).toFixed(1)} %`);
  }
});

test('without allow-qka the same discards cannot be eaten, and the hint says so', () => {
  for (const { card, dead } of CASES) {
    const s = at(card, dead, {});
    const r = explainFor(s, 0, { type: 'discard', card });
    assert.match(r.key, /^phom:hint\.discard-safe(-noca)?$/, `${card}: ${r.key}`);
    assert.equal(sampledEatRate(s, card, 300), 0, `${card}: the engine never offers the eat`);
  }
});
