/** Self-play and properties (style.md §7): no errors, no invariant violations, wins happen, purity, privacy. */
import { test } from 'node:test';
import { walkStates } from '../support/walk.js';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { selfplay } from '../../src/games/core/selfplay.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { engine, type ChanState } from '../../src/games/chan/index.js';
import { opts, reshuffleHidden } from './helpers.js';

for (const [seats, preset, overrides, hands] of [
  [4, undefined, {}, 150],
  [5, undefined, {}, 150],
  [4, 'seed-table', {}, 40],
  [5, 'honor-table', {}, 40],
  [
    5,
    undefined,
    { 'final-turn': 'u-only', 'wall-reserve': 1, 'passed-ca-ban': 'rank-ca-and-chan', 'prefer-chan': false, 'lao-thang-ca': false },
    40,
  ],
  [4, 'chan-van-van', { 'split-chan-for-ca': false, 'u-on-returned-card': true, 'min-points-to-win': 3 }, 40],
] as const) {
  test(`selfplay ${seats}P ${preset ?? 'default'} ${JSON.stringify(overrides)}: ${hands} hands`, () => {
    const r = selfplay(engine, opts(overrides, preset), seats, `prop-${seats}-${preset}`, hands);
    assert.equal(r.errors, 0, r.problems.join('\n'));
    assert.equal(r.invariantViolations, 0, r.problems.join('\n'));
    assert.equal(r.completed, hands);
    assert.ok(r.won / hands > 0.5, `won share ${r.won}/${hands}`);
  });
}

/** Play `steps` AI moves from a seeded deal, returning every visited state. */
const states = (seats: number, seed: string, steps: number): ChanState[] => walkStates(engine, opts(), seats, seed, steps);

test('a rejected action leaves a deep-frozen state unchanged; accepted ones never mutate the input', () => {
  fc.assert(
    fc.property(fc.integer({ min: 4, max: 5 }), fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 60 }), (seats, seed, k) => {
      const all = states(seats, seed, k);
      const s = all[all.length - 1]!;
      const before = JSON.stringify(s);
      deepFreeze(s);
      for (let seat = 0; seat < seats; seat++) {
        for (const a of [
          { type: 'discard', card: 'CC' },
          { type: 'eat', with: '1v' },
          { type: 'u' },
          { type: 'chiu' },
          { type: 'draw' },
          { type: 'pass' },
          { type: 'return', card: '9s' },
        ]) {
          engine.apply(s, seat, a as never);
        }
      }
      for (const d of engine.pending(s)) engine.apply(s, d.seat, d.options[0]!);
      assert.equal(JSON.stringify(s), before);
    }),
    { numRuns: 40 },
  );
});

test('view(s, seat) never shows another seat’s concealed cards; JSON round-trips', () => {
  let checked = 0;
  let moved = 0;
  for (const seats of [4, 5]) {
    for (const s of states(seats, `view-${seats}`, 200).filter((_, i) => i % 7 === 0)) {
      for (let seat = 0; seat < seats; seat++) {
        const v = engine.view(s, seat);
        assert.deepEqual(v.hand, s.seats[seat]!.hand);
        // Every card the seat cannot see (the other concealed hands, the nọc) dealt anew: its view is the
        // same. Not once the hand is over: the winner reveals all cards (§8).
        if (!engine.result(s)) {
          const t = reshuffleHidden(s, seat, `view-${seats}-${checked++}`);
          if (JSON.stringify(t.seats.map((x) => x.hand)) !== JSON.stringify(s.seats.map((x) => x.hand))) moved++;
          assert.deepEqual(engine.view(t, seat), v, `seat ${seat}'s view depends on cards hidden from it`);
        }
        for (const o of v.seats) assert.ok(!('hand' in o) && !('passedChan' in o) && !('uForfeited' in o));
        assert.equal(engine.publicView(s).seats[seat]!.handCount, s.seats[seat]!.hand.length);
      }
      const copy = JSON.parse(JSON.stringify(s)) as ChanState;
      assert.deepEqual(copy, s);
      assert.deepEqual(engine.pending(copy), engine.pending(s));
    }
  }
  assert.ok(checked > 50 && moved > 0.9 * checked, `the redeal moved cards in ${moved} of ${checked} checks`);
});

test('timeout defaults are always among the options and legal', () => {
  for (const s of states(5, 'timeouts', 300)) {
    for (const d of engine.pending(s)) {
      assert.ok(d.options.some((o) => JSON.stringify(o) === JSON.stringify(d.timeoutDefault)));
      assert.ok(engine.apply(s, d.seat, d.timeoutDefault).ok);
    }
  }
});
