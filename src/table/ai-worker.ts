/** Piscina worker of the AI pool (ai-pool.ts): one AI decision per task, by the game's engine. */
import type { AiLevel } from '../games/core/ai.js';
import type { BaseAction, GameId } from '../games/core/types.js';
import { engineOf } from './manifests.js';

export default function decide(task: { game: GameId; state: unknown; seat: number; level: AiLevel }): BaseAction {
  return engineOf(task.game).ai(task.state, task.seat, task.level) as BaseAction;
}
