/**
 * The scenario format (docs/scenarios.md): the project's format for rule tests, bug reports and
 * replays, for all four games. `runScenario` is pure: it takes a parsed scenario and an engine and
 * reports every expectation that failed.
 */
import { resolveOptions } from './options.js';
import { canonical, subsetMismatches } from './match.js';
import type { AnyEngine, ScenarioStart, Seat } from './types.js';

export type ScenarioStep =
  | { seat: Seat; action: Record<string, unknown>; expect?: 'accepted' | { rejected: string }; note?: string }
  | {
      options: { seat: Seat; includes?: unknown[]; excludes?: unknown[]; equals?: unknown[]; unordered?: boolean };
      note?: string;
    }
  | { pending: { seat: Seat; kind?: 'turn' | 'claim' }[]; note?: string }
  | { view: { seat: Seat; match: unknown }; note?: string }
  | { public: unknown; note?: string }
  | { timeout: Seat; note?: string }
  | { autoplay: true; note?: string };

/**
 * The next hand of a multi-hand scenario: dealt with the engine's own `setup` from the finished hand
 * (so dealer/opener rotation, winds, seats sitting out and carried pots are the engine's), then
 * checked and played like the first.
 */
export interface NextHand {
  /** The deal's seed (default: derived from the scenario's name and the hand number). */
  seed?: string;
  /** Whether the match is over after the previous hand (`engine.matchOver`), checked before dealing. */
  matchOver?: boolean;
  /** A subset of the new hand's public view right after the deal (dealer, winds, who sits out…). */
  public?: unknown;
  steps?: ScenarioStep[];
  /** As the scenario's `result`, for this hand. */
  result?: unknown;
  next?: NextHand;
}

export interface Scenario {
  name: string;
  game: string;
  spec?: string;
  seats: number;
  preset?: string;
  options?: Record<string, unknown>;
  start: ScenarioStart;
  steps: ScenarioStep[];
  /** Subset of the HandResult expected at the end; `null` means the hand must not have ended. */
  result?: unknown;
  /** The hand after this one (the hand must have ended). */
  next?: NextHand;
}

export interface StepOutcome {
  index: number;
  ok: boolean;
  what: string;
  problems: string[];
}

export interface ScenarioReport {
  name: string;
  passed: boolean;
  steps: StepOutcome[];
  result: unknown;
  problems: string[];
}

export function runScenario(engine: AnyEngine, sc: Scenario): ScenarioReport {
  const report: ScenarioReport = { name: sc.name, passed: false, steps: [], result: null, problems: [] };
  const opts = resolveOptions(engine.options, sc.options ?? {}, sc.preset);
  if (!opts.ok) {
    report.problems.push(...opts.errors.map((e) => `option ${e.key}: ${e.message} (allowed: ${e.allowed})`));
    return report;
  }
  if (sc.seats < engine.minSeats || sc.seats > engine.maxSeats) {
    report.problems.push(`seats must be ${engine.minSeats}–${engine.maxSeats}, got ${sc.seats}`);
    return report;
  }
  const start = engine.fromScenario(opts.value, sc.seats, sc.start);
  if (!start.ok) {
    report.problems.push(`start rejected: ${start.error.code}: ${start.error.message}`);
    return report;
  }
  let state: unknown = start.value;
  const inv0 = engine.checkInvariants(state);
  if (inv0.length) report.problems.push(`start: invariant violations: ${inv0.join('; ')}`);
  state = runSteps(engine, state, sc.steps, report, '');
  report.result = checkResult(engine, state, sc.result, report, '');

  let next = sc.next;
  for (let hand = 2; next; hand++, next = next.next) {
    const tag = `hand ${hand}: `;
    if (!engine.result(state)) {
      report.problems.push(`${tag}the previous hand has not ended`);
      break;
    }
    if (next.matchOver !== undefined && engine.matchOver(state) !== next.matchOver)
      report.problems.push(`${tag}expected matchOver ${next.matchOver}, got ${!next.matchOver}`);
    state = engine.setup(opts.value, sc.seats, next.seed ?? `scenario:${sc.name}:hand:${hand}`, state);
    const inv = engine.checkInvariants(state);
    if (inv.length) report.problems.push(`${tag}deal: invariant violations: ${inv.join('; ')}`);
    if (next.public !== undefined)
      report.problems.push(...subsetMismatches(next.public, engine.publicView(state)).map((p) => `${tag}public ${p}`));
    state = runSteps(engine, state, next.steps ?? [], report, tag);
    report.result = checkResult(engine, state, next.result, report, tag);
  }
  report.passed = report.problems.length === 0 && report.steps.every((s) => s.ok);
  return report;
}

/** Plays `steps` on `state`, recording each step's outcome in `report`; returns the state after them. */
function runSteps(engine: AnyEngine, state: unknown, steps: ScenarioStep[], report: ScenarioReport, tag: string): unknown {
  steps.forEach((step) => {
    const problems: string[] = [];
    let what: string;
    if ('action' in step) {
      what = `seat ${step.seat} ${canonical(step.action)}`;
      const r = engine.apply(state, step.seat, step.action);
      const expect = step.expect ?? 'accepted';
      if (expect === 'accepted') {
        if (r.ok) state = r.value;
        else problems.push(`expected accepted, got rejected ${r.error.code}: ${r.error.message}`);
      } else if (r.ok) {
        problems.push(`expected rejected ${expect.rejected}, but it was accepted`);
        state = r.value;
      } else if (r.error.code !== expect.rejected) {
        problems.push(`expected rejected ${expect.rejected}, got ${r.error.code}: ${r.error.message}`);
      }
    } else if ('options' in step) {
      const { seat } = step.options;
      what = `options of seat ${seat}`;
      const d = engine.pending(state).find((x) => x.seat === seat);
      const have = (d?.options ?? []).map(canonical);
      const haveSet = new Set(have);
      for (const a of step.options.includes ?? [])
        if (!haveSet.has(canonical(a))) problems.push(`missing option ${canonical(a)}; has ${have.join(' ')}`);
      for (const a of step.options.excludes ?? []) if (haveSet.has(canonical(a))) problems.push(`unexpected option ${canonical(a)}`);
      if (step.options.equals) {
        // The engine's order is part of the contract (best first, and the bot numbers the buttons by
        // it); `unordered: true` compares the options as a set.
        const want = step.options.equals.map(canonical);
        const got = [...have];
        if (step.options.unordered) {
          want.sort();
          got.sort();
        }
        if (want.join('\n') !== got.join('\n'))
          problems.push(`options differ${step.options.unordered ? ' (unordered)' : ''}: expected ${want.join(' ')}; got ${got.join(' ')}`);
      }
    } else if ('pending' in step) {
      what = 'pending';
      const got = engine.pending(state).map((d) => ({ seat: d.seat, kind: d.kind }));
      const want = step.pending;
      const gotSeats = got.map((d) => d.seat).sort();
      const wantSeats = want.map((d) => d.seat).sort();
      if (gotSeats.join(',') !== wantSeats.join(','))
        problems.push(`pending seats ${gotSeats.join(',')} ≠ expected ${wantSeats.join(',')}`);
      for (const w of want) {
        const g = got.find((d) => d.seat === w.seat);
        if (g && w.kind && g.kind !== w.kind) problems.push(`seat ${w.seat} pending kind ${g.kind} ≠ ${w.kind}`);
      }
    } else if ('view' in step) {
      what = `view of seat ${step.view.seat}`;
      problems.push(...subsetMismatches(step.view.match, engine.view(state, step.view.seat)));
    } else if ('public' in step) {
      what = 'public view';
      problems.push(...subsetMismatches(step.public, engine.publicView(state)));
    } else if ('timeout' in step) {
      what = `timeout of seat ${step.timeout}`;
      const d = engine.pending(state).find((x) => x.seat === step.timeout);
      if (!d) problems.push(`seat ${step.timeout} has no pending decision`);
      else {
        const r = engine.apply(state, d.seat, d.timeoutDefault);
        if (r.ok) state = r.value;
        else problems.push(`timeout default rejected: ${r.error.code}`);
      }
    } else {
      what = 'autoplay';
      for (let i = 0; i < 5000 && !engine.result(state); i++) {
        const d = engine.pending(state)[0];
        if (!d) {
          problems.push('no pending decision before the end');
          break;
        }
        const r = engine.apply(state, d.seat, engine.ai(state, d.seat));
        if (!r.ok) {
          problems.push(`AI move rejected: ${r.error.code}`);
          break;
        }
        state = r.value;
      }
    }
    const inv = engine.checkInvariants(state);
    if (inv.length) problems.push(`invariant violations: ${inv.join('; ')}`);
    report.steps.push({
      index: report.steps.length,
      ok: problems.length === 0,
      what: `${tag}${step.note ? `${what} (${step.note})` : what}`,
      problems,
    });
  });
  return state;
}

/** Checks a hand's expected `result` (undefined: not checked; null: the hand must go on); returns the result. */
function checkResult(engine: AnyEngine, state: unknown, expected: unknown, report: ScenarioReport, tag: string): unknown {
  const result = engine.result(state);
  if (expected === null && result) report.problems.push(`${tag}expected the hand to go on, but it ended: ${canonical(result)}`);
  else if (expected !== undefined && expected !== null) {
    if (!result) report.problems.push(`${tag}expected the hand to have ended, but it has not`);
    else report.problems.push(...subsetMismatches(expected, result).map((p) => `${tag}result ${p}`));
  }
  return result;
}
