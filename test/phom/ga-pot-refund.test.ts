/**
 * phom.md §15.12: the gà pot no Ù has taken when the match ends goes back to those who paid into it.
 * The state keeps who paid the carried pot (`gaPaid`, by seat and hand) and `potRefund` says what
 * goes back, counting only settled hands (a match may end during a hand: its payments never happened).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handSeed } from '../../src/games/core/rng.js';
import { engine, potRefund, type PotPaid, type State } from '../../src/games/phom/index.js';
import { netPoints } from '../../src/store/results.js';
import { opts, position } from './helpers.js';

const o = opts({ 'ga-pot': 'flat' });
const sum = (xs: readonly { amount: number }[]) => xs.reduce((a, x) => a + x.amount, 0);
const sorted = (xs: readonly PotPaid[]) => [...xs].sort((a, b) => a.ago - b.ago || a.seat - b.seat);

/** `s` as a finished hand that paid `gaIn` into the pot, ended by deadwood (the pot carries) or by Ù (the winner takes it). */
const ended = (s: State, gaIn: number[], by: 'rank' | 'u-khan' = 'rank'): State => ({
  ...s,
  phase: 'over',
  gaIn,
  end: by === 'rank' ? { by, winner: 0 } : { by, winner: 0, loose: s.hands[0]!.slice() },
});

test('§15.12: who paid the pot is carried hand to hand; an Ù resets it; the refund counts settled hands only', () => {
  const h0 = engine.setup(o, 3, 'refund-0', null);
  assert.deepEqual(h0.gaPaid, [], 'a match starts with an empty pot');
  // Hand 0: seats 1 and 2 fed the pot; no Ù → it carries, with who paid it.
  const h1 = engine.setup(o, 3, 'refund-1', ended(h0, [0, 2, 1]));
  assert.equal(h1.gaPotStart, 3);
  assert.deepEqual(sorted(h1.gaPaid!), [
    { ago: 1, seat: 1, amount: 2 },
    { ago: 1, seat: 2, amount: 1 },
  ]);
  // Hand 1: seat 0 pays 1 more; still no Ù: the earlier payments are a hand older.
  const h2 = engine.setup(o, 3, 'refund-2', ended(h1, [1, 0, 0]));
  assert.equal(h2.gaPotStart, 4);
  assert.deepEqual(sorted(h2.gaPaid!), [
    { ago: 1, seat: 0, amount: 1 },
    { ago: 2, seat: 1, amount: 2 },
    { ago: 2, seat: 2, amount: 1 },
  ]);
  // The match ends during hand 2 after seat 1 paid 1 more: that hand was never settled, so only the
  // carried pot goes back, to those who paid it.
  const during: State = { ...h2, gaIn: [0, 1, 0] };
  assert.deepEqual(sorted(potRefund(during, false)), sorted(h2.gaPaid!));
  assert.equal(sum(potRefund(during, false)), 4);
  // Hand 2 settled without Ù: its payment goes back too (ago 0 = the hand itself).
  const settled = ended(h2, [0, 1, 0]);
  assert.deepEqual(sorted(potRefund(settled, true)), [{ ago: 0, seat: 1, amount: 1 }, ...sorted(h2.gaPaid!)]);
  assert.equal(sum(potRefund(settled, true)), engine.result(settled)!.pot.carried);
  // Hand 2 won by Ù (here Ù khan): the winner took the pot; nothing is left to refund, and the next
  // hand starts with an empty pot and nobody owed.
  const won = ended(h2, [0, 1, 0], 'u-khan');
  assert.deepEqual(potRefund(won, true), []);
  assert.deepEqual(sorted(potRefund(won, false)), sorted(h2.gaPaid!), 'an Ù whose result was never stored took nothing');
  const h3 = engine.setup(o, 3, 'refund-3', won);
  assert.equal(h3.gaPotStart, 0);
  assert.deepEqual(h3.gaPaid, []);
  // The pot builds up again from there.
  const h4 = engine.setup(o, 3, 'refund-4', ended(h3, [0, 0, 4]));
  assert.deepEqual(h4.gaPaid, [{ ago: 1, seat: 2, amount: 4 }]);
  for (const s of [h1, h2, h3, h4]) assert.deepEqual(engine.checkInvariants(s), []);
});

test('§15.12 over real play (4 seats, flat and escalating): the hands and the refund add up to zero at any end', () => {
  for (const ga of ['flat', 'escalating'] as const) {
    const oo = opts({ 'ga-pot': ga });
    let paidTotal = 0;
    let net = [0, 0, 0, 0];
    let prev: State | null = null;
    let checkedDuring = 0;
    for (let h = 0; h < 40; h++) {
      let s = engine.setup(oo, 4, handSeed(`refund-play-${ga}`, h), prev);
      assert.equal(sum(s.gaPaid!), s.gaPotStart, `hand ${h}: every unit of the carried pot has a known payer`);
      for (let i = 0; i < 400 && !engine.result(s); i++) {
        // Ended in the middle of the hand: what stored hands charged plus the refund is zero.
        if (s.gaIn.some((x) => x > 0) && i % 7 === 0) {
          const back = potRefund(s, false);
          assert.equal(net.reduce((a, b) => a + b, 0) + sum(back), 0, `hand ${h}, during`);
          checkedDuring++;
        }
        const d = engine.pending(s)[0]!;
        const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
        assert.ok(r.ok);
        s = r.value;
      }
      const res = engine.result(s)!;
      net = net.map((x, i) => x + netPoints(res)[i]!);
      paidTotal += s.gaIn.reduce((a, b) => a + b, 0);
      // Ended after this hand (End match): zero-sum, each seat refunded what it paid since the last Ù.
      const back = potRefund(s, true);
      assert.equal(net.reduce((a, b) => a + b, 0) + sum(back), 0, `hand ${h}, after`);
      assert.equal(sum(back), res.pot.carried);
      prev = s;
    }
    assert.ok(paidTotal > 0, `${ga}: the pot was fed`);
    assert.ok(checkedDuring > 0, `${ga}: checked during a hand`);
  }
});

test('§15.12: ga-pot off (the default) owes nothing', () => {
  let s = engine.setup(opts(), 4, 'refund-off', null);
  for (let i = 0; i < 400 && !engine.result(s); i++) {
    const d = engine.pending(s)[0]!;
    s = (engine.apply(s, d.seat, engine.ai(s, d.seat)) as { value: State }).value;
  }
  assert.deepEqual(potRefund(s, true), []);
  assert.deepEqual(engine.setup(opts(), 4, 'refund-off-2', s).gaPaid, []);
});

test('§12: an unwon pot carries over a change of the seat count too, with who paid it (it was dropped)', () => {
  const h0 = engine.setup(o, 4, 'count-0', null);
  const h1 = engine.setup(o, 3, 'count-1', ended(h0, [0, 0, 1, 2]));
  assert.equal(h1.gaPotStart, 3);
  assert.deepEqual(sorted(h1.gaPaid!), [
    { ago: 1, seat: 2, amount: 1 },
    { ago: 1, seat: 3, amount: 2 },
  ]);
  assert.deepEqual(engine.checkInvariants(h1), []);
});

test('§15.12: a pot with no known payer (saved before payers were kept, or given by a position) is refunded to nobody', () => {
  // A state as an older snapshot holds it: a carried pot and no `gaPaid`.
  const { gaPaid: _, ...old } = { ...engine.setup(o, 3, 'old-0', null), gaPotStart: 5 };
  const before = old as State;
  assert.deepEqual(engine.checkInvariants(before), []);
  assert.deepEqual(potRefund(before, false), []);
  // Its next hand carries the old pot and what was paid since, whose payers are known.
  const next = engine.setup(o, 3, 'old-1', ended(before, [0, 2, 0]));
  assert.equal(next.gaPotStart, 7);
  assert.deepEqual(next.gaPaid, [{ ago: 1, seat: 1, amount: 2 }]);
  assert.deepEqual(potRefund(next, false), [{ ago: 1, seat: 1, amount: 2 }]);
  // A scenario position's pot likewise.
  const pos = position(
    {
      turn: 1,
      phase: 'act',
      hands: [
        ['2S', '3C', '4D', '5S', '6C', '8H', '9C', '10D', '6H'],
        ['QC', 'KS', '2H', '3H', '4H', '5H', '7D', '7C', '7S', 'AD'],
        ['AS', '2C', '3D', '4S', '5D', '6S', '8C', '9D', '10S'],
        ['AC', '2D', '3S', '4C', '6D', '9S', '10C', 'JD', '10H'],
      ],
      rows: [['QS', 'JS'], ['KD'], ['KH'], ['8D']],
      gaPot: 4,
    },
    4,
    { 'ga-pot': 'flat' },
  );
  assert.equal(pos.gaPotStart, 4);
  assert.deepEqual(potRefund(pos, false), []);
});

test('invariants: the pot’s known payers never paid more than the pot', () => {
  const s = engine.setup(o, 3, 'inv', null);
  assert.deepEqual(engine.checkInvariants({ ...s, gaPotStart: 1, gaPaid: [{ ago: 1, seat: 0, amount: 1 }] }), []);
  assert.ok(engine.checkInvariants({ ...s, gaPotStart: 1, gaPaid: [{ ago: 1, seat: 0, amount: 2 }] }).some((p) => p.includes('gà pot')));
  assert.ok(engine.checkInvariants({ ...s, gaPotStart: 1, gaPaid: [{ ago: 0, seat: 0, amount: 1 }] }).some((p) => p.includes('gà pot')));
});
