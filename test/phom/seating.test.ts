/**
 * Seats that change between hands (phom.md §3 `starter-reset`, Ex 16) and during a hand (§11.3),
 * at the engine level: what the table layer calls (`withSeatChange` on the finished hand, then
 * `setup(opts, seats, seed, previous)`; `{ type: 'leave' }` through `apply`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, nextStarter, withSeatChange, type State } from '../../src/games/phom/index.js';
import { opts } from './helpers.js';

const ended = (n: number, winner: number, over: Partial<State> = {}): State => ({
  ...engine.setup(opts(), n, `seat-${n}-${winner}`, null),
  phase: 'over',
  end: { by: 'rank', winner },
  ...over,
});
const LJ = opts({ 'starter-reset': 'leave-and-join' });

test('Ex 16: B leaves and D joins between hands → the hand counts as a first hand (the host starts), both modes', () => {
  const h3 = ended(3, 2); // C (seat 2) won hand 3
  assert.equal(engine.setup(opts(), 3, 'h4', h3).starter, 2, 'no change: the winner starts');
  const marked = withSeatChange(h3, { left: [1], joined: [1] });
  assert.equal(engine.setup(opts(), 3, 'h4', marked).starter, 0);
  assert.equal(engine.setup(LJ, 3, 'h4', marked).starter, 0);
  assert.equal(engine.setup(opts(), 3, 'h4', marked).hands[0]!.length, 10);
  assert.equal(h3.seatChange, undefined, 'withSeatChange copies, the stored hand is untouched');
});

test('§3 starter-reset: an AI taking the open seat is a join; a plain join or leave resets only under any-change', () => {
  const h = ended(4, 3);
  const aiTakes = withSeatChange(h, { left: [2], joined: [2] });
  assert.equal(nextStarter(aiTakes, 4, opts()), 0);
  assert.equal(nextStarter(aiTakes, 4, LJ), 0);
  // A new player takes an empty seat (3 → 4 players), nobody left.
  const h3 = ended(3, 1);
  const join = withSeatChange(h3, { left: [], joined: [3] });
  assert.equal(nextStarter(join, 4, opts()), 0);
  assert.equal(nextStarter(join, 4, LJ), 1, 'leave-and-join: a join alone keeps the winner');
  // Seat 1 leaves, the table shrinks to 3 and renumbers: old seat 3 (the winner) is now seat 2.
  const leave = withSeatChange(h, { left: [1], joined: [], seatOf: [0, null, 1, 2] });
  assert.equal(nextStarter(leave, 3, opts()), 0);
  assert.equal(nextStarter(leave, 3, LJ), 2, 'the winner keeps starting from its new seat');
  const nothing = withSeatChange(h, { left: [], joined: [] });
  assert.equal(nextStarter(nothing, 4, opts()), 3, 'an empty change changes nothing');
});

test('§3: the previous winner gone resets under both modes; after a host transfer the new host starts', () => {
  const h = ended(4, 2);
  assert.equal(nextStarter(withSeatChange(h, { left: [2], joined: [], seatOf: [0, 1, null, 2] }), 3, LJ), 0);
  assert.equal(nextStarter(withSeatChange(h, { left: [2], joined: [2] }), 4, LJ), 0);
  const hostLeft = withSeatChange(h, { left: [0], joined: [0], host: 3 });
  assert.equal(engine.setup(opts(), 4, 'next', hostLeft).starter, 3);
  assert.equal(engine.setup(opts(), 4, 'next', hostLeft).hands[3]!.length, 10);
});

test('§11.3: a leave mid-hand resets the next starter; the gà pot still carries over (an Ù and a ranked end both seen)', () => {
  const o = opts({ 'ga-pot': 'flat' });
  const seen = { rank: 0, u: 0 };
  // Deals until both ends have come up: the Ù branch needs a deal where a seat goes Ù after the leave.
  for (let h = 0; h < 300 && (seen.rank < 3 || seen.u < 1); h++) {
    let s = engine.setup(o, 4, `leave-pot-${h}`, null);
    s = { ...s, gaPotStart: 7 };
    const r = engine.apply(s, 2, { type: 'leave' });
    assert.ok(r.ok);
    s = r.value;
    for (let i = 0; i < 400 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      assert.notEqual(d.seat, 2);
      const a = engine.apply(s, d.seat, engine.ai(s, d.seat));
      assert.ok(a.ok);
      s = a.value;
    }
    const res = engine.result(s)!;
    const next = engine.setup(o, 4, 'after', s);
    assert.equal(next.starter, 0);
    if (res.endedBy === 'rank') {
      assert.equal(res.mom[2], true);
      assert.equal(next.gaPotStart, res.pot.carried);
      seen.rank++;
    } else {
      assert.ok(res.ranking[1]!.includes(2), 'on an Ù the leaver is Bét with the others');
      seen.u++;
    }
  }
  assert.ok(seen.rank >= 3 && seen.u >= 1, JSON.stringify(seen));
});

test('§11.3: any seat may leave at any time, not only on its turn; never listed in the options', () => {
  const s = engine.setup(opts(), 3, 'leave-anytime', null);
  for (const d of engine.pending(s)) assert.ok(!d.options.some((o) => o.type === 'leave'));
  const r = engine.apply(s, 1, { type: 'leave' });
  assert.ok(r.ok);
  assert.equal(r.value.turn, s.turn, 'not its turn: nothing is played yet');
  assert.deepEqual(r.value.left, [false, true, false]);
});
