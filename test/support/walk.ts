/** Walks hands with the AI from seeded deals: every state visited (property tests), a hand of a kind. */
import type { AnyEngine, BaseAction, Decision, Engine, HandResult } from '../../src/games/core/types.js';
import { initialState } from '../../src/store/index.js';

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

/**
 * The first hand that the AI (`normal`, every seat) plays to a result `want` accepts, over the deals
 * of seeds `seedOf(0)`, `seedOf(1)`…: its last state, public view and result.
 */
export function firstAiHand(
  e: AnyEngine,
  options: Record<string, unknown>,
  seats: number,
  seedOf: (k: number) => string,
  want: (r: HandResult) => boolean,
  tries = 60,
): { s: unknown; pub: unknown; r: HandResult } {
  for (let k = 0; k < tries; k++) {
    let s = initialState(e, options, seats, seedOf(k));
    for (let i = 0; i < 5000 && !e.result(s); i++) {
      const d = (e.pending(s) as Decision<BaseAction>[])[0]!;
      const r = e.apply(s, d.seat, e.ai(s, d.seat, 'normal'));
      if (!r.ok) throw new Error(r.error.message);
      s = r.value;
    }
    const r = e.result(s) as HandResult | null;
    if (r && want(r)) return { s, pub: e.publicView(s), r };
  }
  throw new Error(`no such hand in ${tries} deals`);
}
