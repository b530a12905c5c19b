/** Test helpers: load a scenario file, run it with option overrides, build positions. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveOptions } from '../../src/games/core/options.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { SCENARIO_ROOT } from '../support/scenarios.js';
import { engine, type Options, type State } from '../../src/games/phom/index.js';
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
