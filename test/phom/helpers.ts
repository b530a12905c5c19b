/** Test helpers: load a scenario file, run it with option overrides, build positions. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveOptions } from '../../src/games/core/options.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { SCENARIO_ROOT } from '../support/scenarios.js';
import assert from 'node:assert/strict';
import { engine, type Action, type Options, type PhomResult, type State } from '../../src/games/phom/index.js';
import { DECK } from '../../src/games/phom/cards.js';

export function loadScenario(file: string): Scenario {
  return JSON.parse(readFileSync(join(SCENARIO_ROOT, 'phom', file), 'utf8')) as Scenario;
}

/** Run a scenario file with extra options; returns the report. */
export function runWith(file: string, options: Record<string, unknown>, patch: Partial<Scenario> = {}) {
  const sc = loadScenario(file);
  return runScenario(engine, { ...sc, ...patch, options: { ...(sc.options ?? {}), ...options } });
}

export function opts(over: Record<string, unknown> = {}): Options {
  const r = resolveOptions(engine.options, over);
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
}

export function position(p: Record<string, unknown>, seats: number, over: Record<string, unknown> = {}): State {
  const r = engine.fromScenario(opts(over), seats, { position: p });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Seat `turn` to discard (phase `act`) with these hands and discard rows; one seat a hand. */
export const toDiscard = (turn: number, hands: string[][], rows: string[][], over: Record<string, unknown> = {}): State =>
  position({ turn, phase: 'act', hands, rows }, hands.length, over);

// Seat 1 to discard, with J/Q/K worth 10: QC and KS are equally useless to it (normal throws QC, the
// first in card order). JC, KC, QD, QH are live, so the next seat may eat QC; QS, JS, KD, KH are
// all seen, so nobody can eat KS.
export const defencePosition = (): State =>
  toDiscard(
    1,
    [
      ['2S', '3C', '4D', '5S', '6C', '8H', '9C', '10D', '6H'],
      ['QC', 'KS', '2H', '3H', '4H', '5H', '7D', '7C', '7S', 'AD'],
      ['AS', '2C', '3D', '4S', '5D', '6S', '8C', '9D', '10S'],
      ['AC', '2D', '3S', '4C', '6D', '9S', '10C', 'JD', '10H'],
    ],
    [['QS', 'JS'], ['KD'], ['KH'], ['8D']],
    { 'face-card-points': 'ten' },
  );

/** The state after a scenario file's start and its first `k` steps (action steps only are applied). */
export function stateOf(file: string, over: Record<string, unknown> = {}, k = 0): State {
  const sc = loadScenario(file);
  const r = engine.fromScenario(opts({ ...(sc.options ?? {}), ...over }), sc.seats, sc.start);
  if (!r.ok) throw new Error(r.error.message);
  let s = r.value;
  for (const step of sc.steps.slice(0, k)) {
    if ('action' in step && (step.expect ?? 'accepted') === 'accepted') {
      const a = engine.apply(s, step.seat, step.action as never);
      if (!a.ok) throw new Error(a.error.message);
      s = a.value;
    } else if ('timeout' in step) {
      const d = engine.pending(s).find((x) => x.seat === step.timeout)!;
      const a = engine.apply(s, d.seat, d.timeoutDefault);
      if (!a.ok) throw new Error(a.error.message);
      s = a.value;
    }
  }
  return s;
}

export function failures(report: ReturnType<typeof runScenario>): string[] {
  return [...report.problems, ...report.steps.filter((x) => !x.ok).map((x) => `step ${x.index} ${x.what}: ${x.problems.join('; ')}`)];
}

/** A deck in dealing order from hands (seat 0 gets 10) and the stock top; the rest follows in canonical order. */
export function deckOf(hands: string[][], stockTop: string[] = []): string[] {
  const deck: string[] = [];
  for (let pass = 0; pass < 9; pass++) for (const h of hands) deck.push(h[pass]!);
  deck.push(hands[0]![9]!);
  const used = new Set([...deck, ...stockTop]);
  return [...deck, ...stockTop, ...DECK.filter((c) => !used.has(c))];
}

/** A §14 scenario re-run with option overrides (`patch` to the scenario): its result, its other checks passing. */
export function resultOf(file: string, over: Record<string, unknown>, patch: object = {}): PhomResult {
  const r = runWith(file, over, { result: undefined, ...patch });
  assert.deepEqual(
    failures(r).filter((x) => !x.startsWith('result') && !x.includes('public view')),
    [],
  );
  return r.result as PhomResult;
}

/** `engine.apply` that must succeed. */
export function applyOk(s: State, seat: number, a: Action): State {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
