/**
 * AI self-play over any engine, with invariant checks after every step (style.md §7).
 * Pure and clock-free: the CLI measures time around it.
 */
import { handSeed } from './rng.js';
import type { AnyEngine, HandResult } from './types.js';

export interface SelfplayReport {
  hands: number;
  completed: number;
  /** Hands that ended with at least one winner (not a draw). */
  won: number;
  errors: number;
  invariantViolations: number;
  actions: number;
  /** First few problems, for debugging. */
  problems: string[];
}

const MAX_STEPS_PER_HAND = 5000;

export function selfplay(
  engine: AnyEngine,
  opts: unknown,
  seats: number,
  seed: string,
  hands: number,
  onHand?: (index: number, result: HandResult) => void,
): SelfplayReport {
  const report: SelfplayReport = { hands, completed: 0, won: 0, errors: 0, invariantViolations: 0, actions: 0, problems: [] };
  const note = (p: string) => {
    if (report.problems.length < 10) report.problems.push(p);
  };
  let previous: unknown = null;
  for (let h = 0; h < hands; h++) {
    let state: unknown;
    try {
      state = engine.setup(opts, seats, handSeed(seed, h), previous);
    } catch (e) {
      report.errors++;
      note(`hand ${h}: setup threw ${(e as Error).stack ?? e}`);
      previous = null;
      continue;
    }
    let failed = false;
    for (let step = 0; step < MAX_STEPS_PER_HAND; step++) {
      const violations = engine.checkInvariants(state);
      if (violations.length) {
        report.invariantViolations += violations.length;
        note(`hand ${h} step ${step}: ${violations.join('; ')}`);
        failed = true;
        break;
      }
      if (engine.result(state)) break;
      const pending = engine.pending(state);
      if (pending.length === 0) {
        report.errors++;
        note(`hand ${h} step ${step}: no pending decision and no result`);
        failed = true;
        break;
      }
      const d = pending[0]!;
      try {
        const action = engine.ai(state, d.seat);
        const r = engine.apply(state, d.seat, action);
        report.actions++;
        if (!r.ok) {
          report.errors++;
          note(`hand ${h} step ${step}: seat ${d.seat} AI action ${JSON.stringify(action)} rejected: ${r.error.code} ${r.error.message}`);
          failed = true;
          break;
        }
        state = r.value;
      } catch (e) {
        report.errors++;
        note(`hand ${h} step ${step}: threw ${(e as Error).stack ?? e}`);
        failed = true;
        break;
      }
      if (step === MAX_STEPS_PER_HAND - 1) {
        report.errors++;
        note(`hand ${h}: did not end in ${MAX_STEPS_PER_HAND} steps`);
        failed = true;
      }
    }
    if (failed) {
      previous = null;
      continue;
    }
    const result = engine.result(state) as HandResult | null;
    if (result) {
      report.completed++;
      if (result.winners.length > 0) report.won++;
      const sum = result.deltas.reduce((a, b) => a + b, 0);
      if (Math.abs(sum) > 1e-9) {
        report.invariantViolations++;
        note(`hand ${h}: deltas do not sum to zero (${result.deltas.join(',')})`);
      }
      onHand?.(h, result);
      previous = state;
    }
  }
  return report;
}
