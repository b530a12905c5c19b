/**
 * AI levels (issue #16). Every engine offers three: `easy` makes human mistakes but stays legal,
 * `normal` is the reference AI, `strong` plays from what its seat may know.
 *
 * `strong` is given a `SeatKnowledge` (the seat's private view, the public view and the pending
 * decision), never the state: the engine's `ai(s, seat, 'strong')` builds the knowledge with its own
 * `view`/`publicView` and passes only that to the policy, so the policy cannot read hidden cards.
 * Every level is deterministic in its input (no Math.random in src/games): `easy`'s mistakes are
 * drawn from an Rng seeded by the decision itself (`decisionSeed`).
 */
import type { BaseAction, Decision, Seat } from './types.js';

export type AiLevel = 'easy' | 'normal' | 'strong';
export const AI_LEVELS: readonly AiLevel[] = ['easy', 'normal', 'strong'];
export const DEFAULT_AI_LEVEL: AiLevel = 'normal';

export function isAiLevel(x: unknown): x is AiLevel {
  return typeof x === 'string' && (AI_LEVELS as readonly string[]).includes(x);
}

/** All a seat may know when it decides: what `strong` policies receive instead of the state. */
export interface SeatKnowledge<V, P, A extends BaseAction> {
  seat: Seat;
  /** `engine.view(state, seat)`: the seat's own hand plus the public table. */
  view: V;
  /** `engine.publicView(state)`. */
  table: P;
  /** The seat's pending decision (its legal options and timeout default). */
  decision: Decision<A>;
}

/** A stable seed for one decision, from the game seed-independent facts the seat sees. */
export function decisionSeed(seat: Seat, decision: Decision<BaseAction>, salt: string | number): string {
  return `ai:${seat}:${salt}:${decision.options.length}:${JSON.stringify(decision.options[0] ?? null)}`;
}
