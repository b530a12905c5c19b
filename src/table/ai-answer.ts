/**
 * One AI request answered by an engine: the same code in a worker of the AI pool (ai-worker.ts) and
 * inline on the main thread (act.ts `act`, and `actAsync` when the pool itself fails), so both give
 * the same answer. Types only from act.ts: a worker does not load the table layer.
 */
import type { AiLevel } from '../games/core/ai.js';
import type { AnyEngine, BaseAction } from '../games/core/types.js';
import type { AiAnswer } from './act.js';

export interface AiRequest {
  state: unknown;
  seat: number;
  level: AiLevel;
  /** A hint: the game's reason for the choice too (engine.explain), worked out where the choice is. */
  explain?: boolean;
  /** The choice already made (a hint asked again at the same state): only its reason is worked out. */
  chosen?: BaseAction;
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * The AI's choice for the request (or `chosen`), with its reason when asked for. An AI that throws
 * answers a failure; an explain that throws still answers the choice, with `reasonError` (the
 * player gets the generic line, the operator a warning: act.ts `hint`).
 */
export function answerAsk(engine: AnyEngine, r: AiRequest): AiAnswer {
  let action: BaseAction;
  try {
    action = r.chosen ?? (engine.ai(r.state, r.seat, r.level) as BaseAction);
  } catch (e) {
    return { ok: false, error: errorText(e) };
  }
  if (!r.explain || !engine.explain) return { ok: true, action };
  try {
    const reason = engine.explain(r.state, r.seat, action);
    return reason ? { ok: true, action, reason } : { ok: true, action };
  } catch (e) {
    return { ok: true, action, reasonError: errorText(e) };
  }
}
