/** The scenario format's matchers, ordered options and multi-hand scenarios (docs/scenarios.md, issue #15). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { subsetMismatches } from '../../src/games/core/match.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { ENGINES } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';

// ---- matchers ----
test('$contains: each item matches a distinct element, in any order', () => {
  assert.deepEqual(subsetMismatches({ $contains: [2, 1] }, [1, 2, 3]), []);
  assert.deepEqual(
    subsetMismatches({ $contains: [{ id: 'a' }] }, [
      { id: 'b', v: 1 },
      { id: 'a', v: 2 },
    ]),
    [],
  );
  assert.equal(subsetMismatches({ $contains: [1, 1] }, [1, 2]).length, 1, 'two items need two elements');
  assert.equal(subsetMismatches({ $contains: [4] }, [1, 2]).length, 1);
  assert.equal(subsetMismatches({ $contains: [1] }, 'x').length, 1);
});

test('$unordered: the same elements as a multiset', () => {
  assert.deepEqual(subsetMismatches({ $unordered: [3, 1, 2] }, [1, 2, 3]), []);
  assert.equal(subsetMismatches({ $unordered: [1, 2] }, [1, 2, 3]).length, 1);
});

test('$at: one seat of a per-seat array', () => {
  assert.deepEqual(subsetMismatches({ deltas: { $at: { '2': -4 } } }, { deltas: [8, -2, -4, -2] }), []);
  assert.equal(subsetMismatches({ deltas: { $at: { '1': -4 } } }, { deltas: [8, -2, -4, -2] }).length, 1);
  assert.equal(subsetMismatches({ $at: { '7': 0 } }, [0]).length, 1, 'an index past the end is a mismatch');
});

test('plain arrays still match item by item', () => {
  assert.equal(subsetMismatches([1, 2], [2, 1]).length, 2);
});

// ---- options: the engine's order counts unless `unordered` ----
const phomStart: Scenario = { name: 'order', game: 'phom', seats: 2, start: { seed: 'order' }, steps: [] };

test('options equals keeps the engine order; unordered compares as a set', () => {
  const engine = ENGINES.phom;
  const first = runScenario(engine, { ...phomStart, steps: [{ autoplay: true }] });
  assert.ok(first.passed, JSON.stringify(first.problems));
  // The options of the seat to act at the start, as the engine lists them.
  const o = resolveOptions(engine.options, {});
  assert.ok(o.ok);
  const s0 = engine.fromScenario(o.value, 2, { seed: 'order' });
  assert.ok(s0.ok);
  const d = engine.pending(s0.value)[0]!;
  const opts = d.options as unknown[];
  assert.ok(opts.length > 1);
  const reversed = [...opts].reverse();
  const inOrder = runScenario(engine, { ...phomStart, steps: [{ options: { seat: d.seat, equals: opts } }] });
  assert.ok(inOrder.passed, JSON.stringify(inOrder.steps));
  const wrongOrder = runScenario(engine, { ...phomStart, steps: [{ options: { seat: d.seat, equals: reversed } }] });
  assert.equal(wrongOrder.passed, false);
  const asSet = runScenario(engine, { ...phomStart, steps: [{ options: { seat: d.seat, equals: reversed, unordered: true } }] });
  assert.ok(asSet.passed, JSON.stringify(asSet.steps));
});

// ---- multi-hand scenarios ----
test('a scenario continues into the next hands with `next`', () => {
  const sc: Scenario = {
    name: 'three hands',
    game: 'phom',
    seats: 3,
    start: { seed: 'multi' },
    steps: [{ autoplay: true }],
    result: {},
    next: { matchOver: false, steps: [{ autoplay: true }], result: {}, next: { steps: [{ autoplay: true }], result: {} } },
  };
  const rep = runScenario(ENGINES.phom, sc);
  assert.ok(rep.passed, JSON.stringify(rep.problems));
  assert.ok(rep.steps.some((s) => s.what.startsWith('hand 3: autoplay')));
});

test('the next hand needs the previous one ended, and its checks can fail', () => {
  const unfinished = runScenario(ENGINES.phom, { ...phomStart, next: { steps: [] } });
  assert.equal(unfinished.passed, false);
  assert.match(unfinished.problems.join(' '), /hand 2: the previous hand has not ended/);
  const wrong = runScenario(ENGINES.phom, {
    ...phomStart,
    steps: [{ autoplay: true }],
    next: { matchOver: true, public: { noSuchField: 1 } },
  });
  assert.equal(wrong.passed, false);
  assert.match(wrong.problems.join(' '), /hand 2: expected matchOver true/);
  assert.match(wrong.problems.join(' '), /hand 2: public \$\.noSuchField/);
});

test('Vietnamese mahjong with 5 people: the next hand is checked on its own deal (vn-mahjong.md §3)', () => {
  const engine = ENGINES['vn-mahjong'];
  const base: Scenario = {
    name: 'five people',
    game: 'vn-mahjong',
    seats: 5,
    preset: 'five-people',
    start: { seed: 'five' },
    steps: [{ autoplay: true }],
  };
  const o = resolveOptions(engine.options, {}, 'five-people');
  assert.ok(o.ok);
  // What the engine itself deals after the first hand: the scenario must see exactly that.
  const first = runScenario(engine, base);
  assert.ok(first.passed, JSON.stringify(first.problems));
  const s = engine.fromScenario(o.value, 5, { seed: 'five' });
  assert.ok(s.ok);
  let st = s.value;
  while (!engine.result(st)) {
    const d = engine.pending(st)[0]!;
    const r = engine.apply(st, d.seat, engine.ai(st, d.seat));
    assert.ok(r.ok);
    st = r.value;
  }
  const next = engine.setup(o.value, 5, 'scenario:five people:hand:2', st);
  const { sittingOut, dealer } = engine.publicView(next) as { sittingOut: number[]; dealer: number };
  assert.equal(sittingOut.length, 1);
  const ok = runScenario(engine, { ...base, next: { public: { sittingOut, dealer }, steps: [{ autoplay: true }] } });
  assert.ok(ok.passed, JSON.stringify(ok.problems));
  const other = (sittingOut[0]! + 1) % 5;
  const bad = runScenario(engine, { ...base, next: { public: { sittingOut: [other] } } });
  assert.equal(bad.passed, false);
});
