/** Every game engine by id. The one place that knows the list of games. */
import type { AnyEngine, GameId } from './core/types.js';
import { GAME_IDS } from './core/types.js';
import { engine as phom } from './phom/index.js';
import { engine as chan } from './chan/index.js';
import { engine as vnMahjong } from './vn-mahjong/index.js';
import { engine as classicMahjong } from './classic-mahjong/index.js';
import { withStableSeats } from './core/stable-seats.js';

export const ENGINES: Record<GameId, AnyEngine> = {
  phom: phom as AnyEngine,
  chan: chan as AnyEngine,
  'vn-mahjong': vnMahjong as AnyEngine,
  // classic-mahjong numbers seats by wind position each hand; the match needs one seat per person.
  'classic-mahjong': withStableSeats(classicMahjong as AnyEngine, (s) => (s as { match: { playerAtSeat: number[] } }).match.playerAtSeat),
};

export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && (GAME_IDS as readonly string[]).includes(x);
}

export function engineOf(id: GameId): AnyEngine {
  return ENGINES[id];
}
