/**
 * Piscina worker of the AI pool (ai-pool.ts): one AI decision per task, by the game's engine, and
 * for a hint the game's reason for it (engine.explain) too, so neither runs on the bot's event loop.
 * An AI that throws answers a failure (not a rejected task): the pool then knows the AI itself
 * failed, and the decision is not made again on the main thread (the same state gives the same
 * exception). An explain that throws answers the choice with `reasonError` (ai-answer.ts).
 */
import type { GameId } from '../games/core/types.js';
import type { AiAnswer } from './act.js';
import { answerAsk, type AiRequest } from './ai-answer.js';
import { engineOf } from './manifests.js';

export default function decide(task: AiRequest & { game: GameId }): AiAnswer {
  return answerAsk(engineOf(task.game), task);
}
