/** Self-play and properties (style.md §7): no errors, no invariant violations, no leaks, no mutation. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { selfplay } from '../../src/games/core/selfplay.js';
import { deepFreeze } from '../../src/games/core/match.js';
import { handSeed } from '../../src/games/core/rng.js';
import { engine, type Action, type State } from '../../src/games/phom/index.js';
import { opts } from './helpers.js';

for (const seats of [2, 3, 4]) {
  test(`selfplay ${seats} players: 150 hands, 0 errors, 0 invariant violations, some Ù`, () => {
    let u = 0;
    const r = selfplay(engine, opts(), seats, `prop-${seats}`, 150, (_i, res) => {
      if (res.endedBy !== 'rank') u++;
    });
    assert.deepEqual(r.problems, []);
    assert.equal(r.errors, 0);
    assert.equal(r.invariantViolations, 0);
    assert.equal(r.completed, 150);
    assert.ok(u >= 5, `only ${u} Ù hands`);
  });
}

const VARIANTS: Record<string, unknown>[] = [
  { 'discard-rotation': false },
  { 'allow-qka': true, 'face-card-points': 'ten' },
  { 'gui-noi': false, 'u-by-sending': false, 'eat-reveal': 'phom' },
  { 'ga-pot': 'escalating', 'u-tron': 'no-eat', 'den-precedence': 'an-chot-first', 'chot-definition': 'eater-final' },
  { 'tai-may-eat': false, 'u-on-deal': false, 'u-khan': false, 'eat-payment': 'flat', 'bet-unit': 5 },
];
for (const v of VARIANTS) {
  test(`selfplay with ${JSON.stringify(v)}`, () => {
    for (const seats of [2, 4]) {
      const r = selfplay(engine, opts(v), seats, `var-${seats}`, 40);
      assert.deepEqual(r.problems, []);
      assert.equal(r.completed, 40);
    }
  });
}

/** Play a few hands, calling `visit` on every state with the seat to move. */
function walk(hands: number, seats: number, visit: (s: State, seat: number, a: Action) => void): void {
  for (let h = 0; h < hands; h++) {
    let s = engine.setup(opts({ 'eat-reveal': h % 2 ? 'phom' : 'card' }), seats, handSeed('walk', h), null);
    for (let i = 0; i < 300 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat);
      visit(s, d.seat, a);
      const r = engine.apply(s, d.seat, a);
      assert.ok(r.ok);
      s = r.value;
    }
  }
}

test('apply never mutates its input (deep-frozen states, accepted and rejected actions)', () => {
  walk(6, 4, (s, seat, a) => {
    const frozen = deepFreeze(structuredClone(s));
    const before = JSON.stringify(frozen);
    assert.ok(engine.apply(frozen, seat, a).ok);
    const bad: Action[] = [
      { type: 'discard', card: 'AS' },
      { type: 'eat', card: '2H' },
      { type: 'u' },
      { type: 'send', card: 'KD', target: 0 },
      { type: 'lay-down', melds: [['AS', '2S', '3S']] },
    ];
    for (const b of bad) engine.apply(frozen, seat, b);
    engine.apply(frozen, (seat + 1) % s.n, { type: 'draw' });
    assert.equal(JSON.stringify(frozen), before);
  });
});

test('view(s, seat) holds no other seat’s hidden card and no stock card', () => {
  walk(6, 4, (s) => {
    for (let seat = 0; seat < s.n; seat++) {
      const text = JSON.stringify(engine.view(s, seat));
      const pv = engine.publicView(s);
      for (let j = 0; j < s.n; j++) {
        if (j === seat) continue;
        for (const c of s.hands[j]!)
          if (!pv.shownInHand[j]!.includes(c)) assert.ok(!text.includes(`"${c}"`), `seat ${seat} sees ${c} of seat ${j}`);
      }
      for (const c of s.stock) assert.ok(!text.includes(`"${c}"`), `seat ${seat} sees stock card ${c}`);
      const pub = JSON.stringify(pv);
      for (const h of s.hands) for (const c of h) if (!pv.shownInHand.flat().includes(c)) assert.ok(!pub.includes(`"${c}"`));
    }
  });
});

test('state JSON round-trips and replays identically', () => {
  walk(3, 3, (s, seat, a) => {
    const copy = JSON.parse(JSON.stringify(s)) as State;
    assert.deepEqual(copy, s);
    const x = engine.apply(s, seat, a);
    const y = engine.apply(copy, seat, a);
    assert.deepEqual(x, y);
  });
});

test('pending options are deterministic and every option is accepted', () => {
  walk(3, 4, (s, seat) => {
    const d1 = engine.pending(s);
    assert.deepEqual(engine.pending(s), d1);
    for (const o of d1[0]!.options.slice(0, 40)) assert.ok(engine.apply(s, seat, o).ok, JSON.stringify(o));
  });
});

test('the AI wins some Ù and the result is consistent', () => {
  let u = 0;
  const r = selfplay(engine, opts(), 4, 'ai-u', 200, (_i, res) => {
    if (res.endedBy !== 'rank') u++;
    assert.equal(
      res.deltas.reduce((a, b) => a + b, 0),
      0,
    );
    // §9: four ranks after a ranked end; §8.2 / §15.6: after an Ù the winner, then all others tied as Bét.
    if (res.endedBy === 'rank') assert.equal(res.ranking.length, 4);
    else assert.deepEqual(res.ranking, [res.winners, [0, 1, 2, 3].filter((x) => x !== res.winners[0])]);
  });
  assert.equal(r.errors, 0);
  assert.ok(u > 10, `${u} Ù in 200 hands`);
});
