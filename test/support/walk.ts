/** Walks a hand with the AI from a seeded deal and returns every state visited (property tests). */
import type { BaseAction, Decision, Engine, HandResult } from '../../src/games/core/types.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function walkStates<S, O>(engine: Engine<S, any, O, any, any, any>, opts: O, seats: number, seed: string, maxSteps: number): S[] {
  let s = engine.setup(opts, seats, seed, null);
  const out = [s];
  for (let i = 0; i < maxSteps && !(engine.result(s) as HandResult | null); i++) {
    const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
    const r = engine.apply(s, d.seat, engine.ai(s, d.seat));
    if (!r.ok) throw new Error(r.error.message);
    s = r.value;
    out.push(s);
  }
  return out;
}
