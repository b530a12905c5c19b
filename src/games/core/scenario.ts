/**
 * The scenario format (docs/scenarios.md): the project's format for rule tests, bug reports and
 * replays, for all four games. `runScenario` is pure: it takes a parsed scenario and an engine and
 * reports every expectation that failed.
 */
import { resolveOptions } from './options.js';
import { unknownKeys } from './input.js';
import { canonical, subsetMismatches } from './match.js';
import type { AnyEngine, ScenarioStart, Seat, SeatChange } from './types.js';

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
  /**
   * Players who left or joined between the previous hand and this one, as the table logs it (a
   * `@seat-change` entry): marks the finished hand (`engine.seating.between`) before the deal, so
   * the engine's seating rules apply (Phỏm §3: the host starts the hand after a change).
   */
  seatChange?: SeatChange;
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

/** The keys a scenario may have (docs/scenarios.md § Fields); any other key is a problem, never ignored. */
export const SCENARIO_KEYS = ['name', 'game', 'spec', 'seats', 'preset', 'options', 'start', 'steps', 'result', 'next'] as const;
/** The keys of a `next` hand (docs/scenarios.md § Multi-hand scenarios). */
export const NEXT_KEYS = ['seed', 'matchOver', 'seatChange', 'public', 'steps', 'result', 'next'] as const;
/** The keys of a `next` hand's `seatChange` (core/types.ts `SeatChange`). */
const SEAT_CHANGE_KEYS = ['left', 'joined', 'host'] as const;

export function runScenario(engine: AnyEngine, sc: Scenario): ScenarioReport {
  const report: ScenarioReport = { name: sc.name, passed: false, steps: [], result: null, problems: [] };
  // An unknown key is reported, and the rest still runs (so every other problem shows too).
  const extra = isObject(sc) ? unknownKeys(sc, SCENARIO_KEYS, '') : null;
  if (extra) report.problems.push(extra);
  const opts = resolveOptions(engine.options, sc.options ?? {}, sc.preset);
  if (!opts.ok) {
    report.problems.push(...opts.errors.map((e) => `option ${e.key}: ${e.message} (allowed: ${e.allowed})`));
    return report;
  }
  if (!Number.isInteger(sc.seats) || sc.seats < engine.minSeats || sc.seats > engine.maxSeats) {
    report.problems.push(`seats must be ${engine.minSeats}–${engine.maxSeats}, got ${JSON.stringify(sc.seats) ?? 'nothing'}`);
    return report;
  }
  // The rules chosen may narrow the engine's range (classical tournament rotation: four, seed 004 §3),
  // as the lobby and the CLI's --players read them: every start form is held to it.
  const size = engine.tableSize(opts.value);
  if (sc.seats < size.min || sc.seats > size.max) {
    const range = size.min === size.max ? `${size.min}` : `${size.min}–${size.max}`;
    report.problems.push(`seats: these rules are played by ${range} players, got ${sc.seats}`);
    return report;
  }
  const startProblem = checkStart(sc.start);
  if (startProblem) {
    report.problems.push(`start rejected: ${startProblem}`);
    return report;
  }
  if (!Array.isArray(sc.steps)) {
    report.problems.push('"steps" must be an array');
    return report;
  }
  // A malformed start (a position missing a field…) is the scenario's error: reported, never thrown.
  let start: ReturnType<AnyEngine['fromScenario']>;
  try {
    start = engine.fromScenario(opts.value, sc.seats, sc.start);
  } catch (e) {
    report.problems.push(`start rejected: ${oneLine(e)}`);
    return report;
  }
  if (!start.ok) {
    report.problems.push(`start rejected: ${start.error.code}: ${start.error.message}`);
    return report;
  }
  let state: unknown = start.value;
  const inv0 = engine.checkInvariants(state);
  if (inv0.length) report.problems.push(`start: invariant violations: ${inv0.join('; ')}`);
  state = runSteps(engine, state, sc.steps, report, '', sc.seats);
  report.result = checkResult(engine, state, sc.result, report, '');

  let next: unknown = sc.next;
  for (let hand = 2; next !== undefined; hand++) {
    const tag = `hand ${hand}: `;
    if (!isObject(next)) {
      report.problems.push(`${tag}"next" must be an object`);
      break;
    }
    const n = next as NextHand;
    const extraNext = unknownKeys(next, NEXT_KEYS, `${tag}"next": `);
    if (extraNext) report.problems.push(extraNext);
    if (n.steps !== undefined && !Array.isArray(n.steps)) {
      report.problems.push(`${tag}"steps" must be an array`);
      break;
    }
    if (n.seed !== undefined && typeof n.seed !== 'string') {
      report.problems.push(`${tag}"seed" must be a text`);
      break;
    }
    // A seat change dealt wrongly would fail every later step for the wrong reason: stop here instead.
    const seatProblem = n.seatChange === undefined ? null : checkSeatChange(engine, n.seatChange, sc.seats);
    if (seatProblem) {
      report.problems.push(`${tag}"seatChange": ${seatProblem}`);
      break;
    }
    if (!engine.result(state)) {
      report.problems.push(`${tag}the previous hand has not ended`);
      break;
    }
    if (n.matchOver !== undefined && engine.matchOver(state) !== n.matchOver)
      report.problems.push(`${tag}expected matchOver ${n.matchOver}, got ${!n.matchOver}`);
    // As the table does (store/replay.ts `applyEntry` of a `@seat-change` entry): the finished hand
    // is marked, and the deal below reads the mark (a copy, so the scenario's arrays stay its own).
    if (n.seatChange !== undefined) {
      const { left, joined, host } = n.seatChange;
      state = engine.seating!.between(state, { left: [...left], joined: [...joined], ...(host !== undefined ? { host } : {}) });
    }
    state = engine.setup(opts.value, sc.seats, n.seed ?? `scenario:${sc.name}:hand:${hand}`, state);
    const inv = engine.checkInvariants(state);
    if (inv.length) report.problems.push(`${tag}deal: invariant violations: ${inv.join('; ')}`);
    if (n.public !== undefined)
      report.problems.push(...subsetMismatches(n.public, engine.publicView(state)).map((p) => `${tag}public ${p}`));
    state = runSteps(engine, state, n.steps ?? [], report, tag, sc.seats);
    report.result = checkResult(engine, state, n.result, report, tag);
    next = n.next;
  }
  report.passed = report.problems.length === 0 && report.steps.every((s) => s.ok);
  return report;
}

const START_FORMS = '{ "seed": "…" }, { "deck": [ … ] } or { "position": { … } }';

/** What is wrong with the shape of a scenario's `start` (the engine checks its content), or null. */
function checkStart(start: unknown): string | null {
  if (!isObject(start)) return `"start" must be an object: ${START_FORMS}`;
  const forms = (['seed', 'deck', 'position'] as const).filter((k) => Object.hasOwn(start, k));
  if (forms.length !== 1)
    return `"start" must have exactly one of "seed", "deck" or "position", got ${forms.length ? forms.join(' and ') : `keys ${Object.keys(start).join(', ') || 'none'}`}`;
  if (forms[0] === 'seed' && typeof start.seed !== 'string' && !Number.isFinite(start.seed)) return '"start.seed" must be a text';
  if (forms[0] === 'deck' && !Array.isArray(start.deck)) return '"start.deck" must be an array of cards or tiles';
  if (forms[0] === 'position' && !isObject(start.position)) return '"start.position" must be an object';
  return null;
}

/** What is wrong with a `next` hand's `seatChange` (docs/scenarios.md § Multi-hand scenarios), or null. */
function checkSeatChange(engine: AnyEngine, change: unknown, seats: number): string | null {
  if (!engine.seating) return `${engine.id} has no seat changes between hands`;
  const shape = `must be { "left": [seats], "joined": [seats], "host"?: seat } with seats from 0 to ${seats - 1}`;
  if (!isObject(change)) return shape;
  const extra = unknownKeys(change, SEAT_CHANGE_KEYS, '');
  if (extra) return extra;
  // The engine takes any number (a host it does not have starts seat 0): a typo would deal silently.
  const isSeat = (x: unknown) => Number.isInteger(x) && (x as number) >= 0 && (x as number) < seats;
  for (const k of ['left', 'joined'] as const) {
    const v = change[k];
    if (!Array.isArray(v)) return `"${k}" must be an array of seats from 0 to ${seats - 1}`;
    const bad = v.findIndex((x) => !isSeat(x));
    if (bad >= 0) return `"${k}" has ${JSON.stringify(v[bad]) ?? String(v[bad])}, not a seat from 0 to ${seats - 1}`;
  }
  if (change.host !== undefined && !isSeat(change.host))
    return `"host" must be a seat from 0 to ${seats - 1}, got ${JSON.stringify(change.host)}`;
  return null;
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

/** An exception's message on one line (no stack). */
function oneLine(e: unknown): string {
  return (e instanceof Error ? e.message : String(e)).replace(/\s*\n\s*/g, ' ');
}

const STEP_KEYS = ['action', 'options', 'pending', 'view', 'public', 'timeout', 'autoplay'] as const;
type StepKind = (typeof STEP_KEYS)[number];
/** Every key a step of each kind may carry (`note` on any step); docs/scenarios.md § steps. */
const STEP_FIELDS: Record<StepKind, readonly string[]> = {
  action: ['seat', 'action', 'expect', 'note'],
  options: ['options', 'note'],
  pending: ['pending', 'note'],
  view: ['view', 'note'],
  public: ['public', 'note'],
  timeout: ['timeout', 'note'],
  autoplay: ['autoplay', 'note'],
};
const OPTIONS_FIELDS = ['seat', 'includes', 'excludes', 'equals', 'unordered'] as const;

/** The step's kind, or what is wrong with its shape (the format's table in docs/scenarios.md). */
function stepKind(step: unknown, seats: number): { kind: StepKind } | { error: string } {
  if (!isObject(step)) return { error: `a step must be an object, got ${JSON.stringify(step) ?? String(step)}` };
  const kinds = STEP_KEYS.filter((k) => Object.hasOwn(step, k));
  const kind = kinds[0];
  const bad = (error: string) => ({ error });
  // One kind per step: `{ action, pending }` ran the action and silently skipped the check.
  if (kinds.length > 1) return bad(`a step has exactly one kind, got ${kinds.join(' and ')} (split it into ${kinds.length} steps)`);
  if (kind !== undefined) {
    const extra = unknownKeys(step, STEP_FIELDS[kind], `${kind} step: `);
    if (extra) return bad(extra);
  }
  // A seat the table does not have would make a check pass vacuously (no options excludes anything).
  const isSeat = (x: unknown): x is Seat => Number.isInteger(x) && (x as number) >= 0 && (x as number) < seats;
  switch (kind) {
    case undefined:
      return bad(`unknown step (keys: ${Object.keys(step).join(', ') || 'none'}; expected one of ${STEP_KEYS.join(', ')})`);
    case 'action': {
      if (!isSeat(step.seat)) return bad(`an action step needs a "seat" from 0 to ${seats - 1}`);
      const x = step.expect;
      if (x !== undefined && x !== 'accepted' && !(isObject(x) && typeof x.rejected === 'string' && Object.keys(x).length === 1))
        return bad('"expect" must be "accepted" or { "rejected": "<error code>" }');
      break;
    }
    case 'options': {
      const o = step.options;
      if (!isObject(o) || !isSeat(o.seat)) return bad(`"options" must be { "seat": N, … } with N from 0 to ${seats - 1}`);
      const extraO = unknownKeys(o, OPTIONS_FIELDS, '"options": ');
      if (extraO) return bad(extraO);
      for (const k of ['includes', 'excludes', 'equals'])
        if (o[k] !== undefined && !Array.isArray(o[k])) return bad(`"options.${k}" must be an array`);
      if (o.unordered !== undefined && typeof o.unordered !== 'boolean') return bad('"options.unordered" must be true or false');
      break;
    }
    case 'pending':
      if (
        !Array.isArray(step.pending) ||
        !step.pending.every(
          (p) =>
            isObject(p) &&
            isSeat(p.seat) &&
            (p.kind === undefined || p.kind === 'turn' || p.kind === 'claim') &&
            Object.keys(p).every((k) => k === 'seat' || k === 'kind'),
        )
      )
        return bad(`"pending" must be an array of { "seat": N, "kind"?: "turn" | "claim" } with N from 0 to ${seats - 1}`);
      break;
    case 'view':
      if (!isObject(step.view) || !isSeat(step.view.seat) || !Object.hasOwn(step.view, 'match'))
        return bad(`"view" must be { "seat": N, "match": … } with N from 0 to ${seats - 1}`);
      {
        const extraV = unknownKeys(step.view, ['seat', 'match'], '"view": ');
        if (extraV) return bad(extraV);
      }
      break;
    case 'timeout':
      if (!isSeat(step.timeout)) return bad(`"timeout" must be a seat number from 0 to ${seats - 1}`);
      break;
    case 'autoplay':
      if (step.autoplay !== true) return bad('"autoplay" must be true');
      break;
  }
  return { kind: kind! };
}

/** Plays `steps` on `state`, recording each step's outcome in `report`; returns the state after them. */
function runSteps(engine: AnyEngine, state: unknown, steps: ScenarioStep[], report: ScenarioReport, tag: string, seats: number): unknown {
  for (const raw of steps as unknown[]) {
    const index = report.steps.length;
    const checked = stepKind(raw, seats);
    if ('error' in checked) {
      report.steps.push({ index, ok: false, what: `${tag}step #${index}`, problems: [`step #${index}: ${checked.error}`] });
      continue;
    }
    const step = raw as ScenarioStep;
    const what = describeStep(checked.kind, step);
    const problems: string[] = [];
    try {
      state = playStep(engine, state, checked.kind, step, problems);
    } catch (e) {
      // An engine that throws on a step is a failed step with its message, not a crashed replay.
      problems.push(`step #${index} threw: ${oneLine(e)}`);
    }
    const inv = engine.checkInvariants(state);
    if (inv.length) problems.push(`invariant violations: ${inv.join('; ')}`);
    report.steps.push({ index, ok: problems.length === 0, what: `${tag}${step.note ? `${what} (${step.note})` : what}`, problems });
  }
  return state;
}

function describeStep(kind: StepKind, step: ScenarioStep): string {
  const s = step as unknown as Record<string, unknown>;
  switch (kind) {
    case 'action':
      return `seat ${String(s.seat)} ${canonical(s.action)}`;
    case 'options':
      return `options of seat ${(s.options as { seat: Seat }).seat}`;
    case 'pending':
      return 'pending';
    case 'view':
      return `view of seat ${(s.view as { seat: Seat }).seat}`;
    case 'public':
      return 'public view';
    case 'timeout':
      return `timeout of seat ${String(s.timeout)}`;
    case 'autoplay':
      return 'autoplay';
  }
}

/** Plays one step whose shape `stepKind` checked, adding what failed to `problems`; returns the state after it. */
function playStep(engine: AnyEngine, state: unknown, kind: StepKind, step: ScenarioStep, problems: string[]): unknown {
  switch (kind) {
    case 'action': {
      const { seat, action, expect = 'accepted' } = step as Extract<ScenarioStep, { action: unknown }>;
      const r = engine.apply(state, seat, action);
      if (expect === 'accepted') {
        if (r.ok) return r.value;
        problems.push(`expected accepted, got rejected ${r.error.code}: ${r.error.message}`);
      } else if (r.ok) {
        problems.push(`expected rejected ${expect.rejected}, but it was accepted`);
        return r.value;
      } else if (r.error.code !== expect.rejected) {
        problems.push(`expected rejected ${expect.rejected}, got ${r.error.code}: ${r.error.message}`);
      }
      return state;
    }
    case 'options': {
      const o = (step as Extract<ScenarioStep, { options: unknown }>).options;
      const d = engine.pending(state).find((x) => x.seat === o.seat);
      const have = (d?.options ?? []).map(canonical);
      const haveSet = new Set(have);
      for (const a of o.includes ?? [])
        if (!haveSet.has(canonical(a))) problems.push(`missing option ${canonical(a)}; has ${have.join(' ')}`);
      for (const a of o.excludes ?? []) if (haveSet.has(canonical(a))) problems.push(`unexpected option ${canonical(a)}`);
      if (o.equals) {
        // The engine's order is part of the contract (best first, and the bot numbers the buttons by
        // it); `unordered: true` compares the options as a set.
        const want = o.equals.map(canonical);
        const got = [...have];
        if (o.unordered) {
          want.sort();
          got.sort();
        }
        if (want.join('\n') !== got.join('\n'))
          problems.push(`options differ${o.unordered ? ' (unordered)' : ''}: expected ${want.join(' ')}; got ${got.join(' ')}`);
      }
      return state;
    }
    case 'pending': {
      const want = (step as Extract<ScenarioStep, { pending: unknown }>).pending;
      const got = engine.pending(state).map((d) => ({ seat: d.seat, kind: d.kind }));
      const gotSeats = got.map((d) => d.seat).sort();
      const wantSeats = want.map((d) => d.seat).sort();
      if (gotSeats.join(',') !== wantSeats.join(','))
        problems.push(`pending seats ${gotSeats.join(',')} ≠ expected ${wantSeats.join(',')}`);
      for (const w of want) {
        const g = got.find((d) => d.seat === w.seat);
        if (g && w.kind && g.kind !== w.kind) problems.push(`seat ${w.seat} pending kind ${g.kind} ≠ ${w.kind}`);
      }
      return state;
    }
    case 'view': {
      const v = (step as Extract<ScenarioStep, { view: unknown }>).view;
      problems.push(...subsetMismatches(v.match, engine.view(state, v.seat)));
      return state;
    }
    case 'public':
      problems.push(...subsetMismatches((step as Extract<ScenarioStep, { public: unknown }>).public, engine.publicView(state)));
      return state;
    case 'timeout': {
      const seat = (step as Extract<ScenarioStep, { timeout: unknown }>).timeout;
      const d = engine.pending(state).find((x) => x.seat === seat);
      if (!d) {
        problems.push(`seat ${seat} has no pending decision`);
        return state;
      }
      const r = engine.apply(state, d.seat, d.timeoutDefault);
      if (r.ok) return r.value;
      problems.push(`timeout default rejected: ${r.error.code}`);
      return state;
    }
    case 'autoplay':
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
      return state;
  }
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
