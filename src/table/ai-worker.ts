/**
 * Piscina worker of the AI pool (ai-pool.ts): one AI decision per task, by the game's engine. An AI
 * that throws answers a failure (not a rejected task): the pool then knows the AI itself failed, and
 * the decision is not made again on the main thread (the same state gives the same exception).
 */
import type { AiLevel } from '../games/core/ai.js';
import type { BaseAction, GameId } from '../games/core/types.js';
import type { AiAnswer } from './act.js';
import { engineOf } from './manifests.js';

export default function decide(task: { game: GameId; state: unknown; seat: number; level: AiLevel }): AiAnswer {
  try {
    return { ok: true, action: engineOf(task.game).ai(task.state, task.seat, task.level) as BaseAction };
  } catch (e) {
    return { ok: false, error: e instanceof Error ? e.message : String(e) };
  }
}
