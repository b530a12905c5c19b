/** The presenter of each game (engine views → render models and labels). */
import type { GameId } from '../../games/core/types.js';
import type { Presenter } from './types.js';
import { phomPresenter } from './phom.js';
import { chanPresenter } from './chan.js';
import { vnMahjongPresenter } from './vn-mahjong.js';
import { classicMahjongPresenter } from './classic-mahjong.js';

export const PRESENTERS: Record<GameId, Presenter> = {
  phom: phomPresenter,
  chan: chanPresenter,
  'vn-mahjong': vnMahjongPresenter,
  'classic-mahjong': classicMahjongPresenter,
};

export * from './types.js';
