/**
 * A malformed scenario is reported, never run as something else nor thrown: a step of unknown shape
 * was played as autoplay (and passed), a step that is not an object threw "Cannot use 'in' operator",
 * a malformed `start` threw "Cannot read properties of undefined (reading 'starter')".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { ENGINES } from '../../src/table/manifests.js';
import type { AnyEngine } from '../../src/games/core/types.js';

const base: Scenario = { name: 'malformed', game: 'phom', seats: 2, start: { seed: 'm' }, steps: [] };
const run = (over: Record<string, unknown>, engine: AnyEngine = ENGINES.phom) =>
  runScenario(engine, { ...base, ...over } as unknown as Scenario);
/** Every failed step's problems, one string each. */
const failed = (r: ReturnType<typeof runScenario>) => r.steps.filter((s) => !s.ok).map((s) => s.problems.join('; '));

test('a step of unknown shape fails as "unknown step"; only { "autoplay": true } autoplays', () => {
  const r = run({ steps: [{ bogus: 1 }, { autoplay: false }, { autoplay: 'yes' }, {}] });
  assert.equal(r.passed, false);
  assert.deepEqual(failed(r), [
    'step #0: unknown step (keys: bogus; expected one of action, options, pending, view, public, timeout, autoplay)',
    'step #1: "autoplay" must be true',
    'step #2: "autoplay" must be true',
    'step #3: unknown step (keys: none; expected one of action, options, pending, view, public, timeout, autoplay)',
  ]);
  // nothing was played: the hand has not ended
  assert.equal(r.result, null);
  assert.equal(run({ steps: [{ autoplay: true }] }).passed, true);
});

test('a step that is not an object, or whose fields have the wrong shape, fails with what is wrong', () => {
  const r = run({
    steps: [
      5,
      null,
      'autoplay',
      [{ autoplay: true }],
      { seat: 'x', action: { type: 'draw' } },
      { seat: 0, action: { type: 'draw' }, expect: 'rejected' },
      { options: null },
      { options: { seat: 0, includes: 'draw' } },
      { pending: { seat: 0 } },
      { view: 0 },
      { timeout: '0' },
      // A seat the two-seat table does not have: a check of it would pass vacuously.
      { options: { seat: 7, excludes: [{ type: 'draw' }] } },
      { seat: 2, action: { type: 'draw' } },
    ],
  });
  assert.equal(r.passed, false);
  assert.deepEqual(failed(r), [
    'step #0: a step must be an object, got 5',
    'step #1: a step must be an object, got null',
    'step #2: a step must be an object, got "autoplay"',
    'step #3: a step must be an object, got [{"autoplay":true}]',
    'step #4: an action step needs a "seat" from 0 to 1',
    'step #5: "expect" must be "accepted" or { "rejected": "<error code>" }',
    'step #6: "options" must be { "seat": N, … } with N from 0 to 1',
    'step #7: "options.includes" must be an array',
    'step #8: "pending" must be an array of { "seat": N, "kind"?: "turn" | "claim" } with N from 0 to 1',
    'step #9: "view" must be { "seat": N, "match": … } with N from 0 to 1',
    'step #10: "timeout" must be a seat number from 0 to 1',
    'step #11: "options" must be { "seat": N, … } with N from 0 to 1',
    'step #12: an action step needs a "seat" from 0 to 1',
  ]);
});

test('a malformed start is "start rejected: …" for every engine, never an exception', () => {
  for (const engine of Object.values(ENGINES)) {
    for (const [start, want] of [
      [{}, /^start rejected: "start" must have exactly one of "seed", "deck" or "position", got keys none$/],
      [{ bogus: 1 }, /got keys bogus$/],
      [{ seed: 's', deck: [] }, /got seed and deck$/],
      [{ position: null }, /^start rejected: "start.position" must be an object$/],
      [{ deck: 5 }, /^start rejected: "start.deck" must be an array/],
      [{ seed: null }, /^start rejected: "start.seed" must be a text$/],
      [null, /^start rejected: "start" must be an object/],
      [[], /^start rejected: "start" must be an object/],
    ] as const) {
      const r = run({ game: engine.id, seats: 4, start });
      assert.equal(r.passed, false);
      assert.equal(r.problems.length, 1, `${engine.id} ${JSON.stringify(start)}`);
      assert.match(r.problems[0]!, want, `${engine.id} ${JSON.stringify(start)}`);
    }
  }
  // An engine whose fromScenario throws: its message, reported.
  const throwing = { ...ENGINES.phom, fromScenario: () => (null as unknown as { x: never }).x } as AnyEngine;
  const r = run({ start: { position: {} } }, throwing);
  assert.deepEqual(r.problems, ["start rejected: Cannot read properties of null (reading 'x')"]);
});

test('a step on which the engine throws fails with its message; the next steps still run', () => {
  const engine = {
    ...ENGINES.phom,
    apply: () => {
      throw new Error('boom\n  at somewhere');
    },
  } as AnyEngine;
  const r = run({ steps: [{ seat: 0, action: { type: 'draw' } }, { pending: [{ seat: 0 }] }] }, engine);
  assert.equal(r.passed, false);
  assert.deepEqual(failed(r), ['step #0 threw: boom at somewhere']);
  assert.equal(r.steps.length, 2);
});

test('malformed "steps" and "next" are problems, not exceptions', () => {
  assert.deepEqual(run({ steps: { autoplay: true } }).problems, ['"steps" must be an array']);
  assert.deepEqual(run({ steps: [{ autoplay: true }], next: 5 }).problems, ['hand 2: "next" must be an object']);
  assert.deepEqual(run({ steps: [{ autoplay: true }], next: { steps: 'x' } }).problems, ['hand 2: "steps" must be an array']);
  const r = run({ steps: [{ autoplay: true }], next: { steps: [{ bogus: true }] } });
  assert.deepEqual(failed(r), [
    'step #1: unknown step (keys: bogus; expected one of action, options, pending, view, public, timeout, autoplay)',
  ]);
  assert.equal(r.steps[1]!.what, 'hand 2: step #1');
});

test('an unknown top-level or "next" key is a problem: a typo "results" no longer passes with no check', () => {
  const typo = run({ steps: [{ autoplay: true }], results: { deltas: [99, 99] } });
  assert.equal(typo.passed, false);
  assert.deepEqual(typo.problems, [
    'unknown key "results" (allowed: name, game, spec, seats, preset, options, start, steps, result, next)',
  ]);
  // The rest still runs: the steps were played.
  assert.ok(typo.result);
  assert.deepEqual(run({ steps: [{ autoplay: true }], Note: 'x', extra: 1 }).problems, [
    'unknown keys "Note", "extra" (allowed: name, game, spec, seats, preset, options, start, steps, result, next)',
  ]);
  const next = run({ steps: [{ autoplay: true }], next: { steps: [{ autoplay: true }], results: {} } });
  assert.equal(next.passed, false);
  assert.deepEqual(next.problems, [
    'hand 2: "next": unknown key "results" (allowed: seed, matchOver, seatChange, public, steps, result, next)',
  ]);
  // Every documented key is accepted.
  const all = run({
    spec: '§1',
    preset: undefined,
    options: {},
    steps: [{ autoplay: true, note: 'n' }],
    result: {},
    next: { seed: 's', matchOver: false, public: {}, steps: [{ autoplay: true }], result: {} },
  });
  assert.deepEqual([all.problems, failed(all)], [[], []]);
  assert.equal(all.passed, true);
});

test('a step carrying two kinds fails instead of running only the first', () => {
  const r = run({
    steps: [
      { seat: 0, action: { type: 'draw' }, pending: [{ seat: 1 }] },
      { timeout: 0, autoplay: true },
      { options: { seat: 0 }, view: { seat: 0, match: {} } },
    ],
  });
  assert.equal(r.passed, false);
  assert.deepEqual(failed(r), [
    'step #0: a step has exactly one kind, got action and pending (split it into 2 steps)',
    'step #1: a step has exactly one kind, got timeout and autoplay (split it into 2 steps)',
    'step #2: a step has exactly one kind, got options and view (split it into 2 steps)',
  ]);
  // Nothing was played.
  assert.equal(r.result, null);
});

test('an unknown key of a step, or inside options / pending / view / expect, fails the step', () => {
  const r = run({
    steps: [
      { autoplay: true, notes: 'typo' },
      { options: { seat: 0 }, seat: 0 },
      { options: { seat: 0, include: [{ type: 'no-such-action' }] } },
      { options: { seat: 0, unordered: 'yes' } },
      { pending: [{ seat: 0, knd: 'turn' }] },
      { pending: [{ seat: 0, kind: 'turns' }] },
      { view: { seat: 0, mach: { nothing: 1 } } },
      { view: { seat: 0, match: {}, extra: 1 } },
      { seat: 0, action: { type: 'draw' }, expct: { rejected: 'x' } },
      { seat: 0, action: { type: 'draw' }, expect: { rejected: 'x', also: 1 } },
      { timeout: 0, seat: 0 },
    ],
  });
  assert.equal(r.passed, false);
  const pending = '"pending" must be an array of { "seat": N, "kind"?: "turn" | "claim" } with N from 0 to 1';
  assert.deepEqual(failed(r), [
    'step #0: autoplay step: unknown key "notes" (allowed: autoplay, note)',
    'step #1: options step: unknown key "seat" (allowed: options, note)',
    'step #2: "options": unknown key "include" (allowed: seat, includes, excludes, equals, unordered)',
    'step #3: "options.unordered" must be true or false',
    `step #4: ${pending}`,
    `step #5: ${pending}`,
    'step #6: "view" must be { "seat": N, "match": … } with N from 0 to 1',
    'step #7: "view": unknown key "extra" (allowed: seat, match)',
    'step #8: action step: unknown key "expct" (allowed: seat, action, expect, note)',
    'step #9: "expect" must be "accepted" or { "rejected": "<error code>" }',
    'step #10: timeout step: unknown key "seat" (allowed: timeout, note)',
  ]);
});
