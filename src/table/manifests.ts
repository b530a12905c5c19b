/**
 * The one list of games. Everything game-specific the bot, the lobby, the timers, the CLI, the
 * bench and /rules need comes from a game's manifest: its engine (rules, options, table size,
 * deadline house rules, match end: src/games/core/types.ts), its presenter (views → render models
 * and labels, src/table/present/<id>.ts) and, when one button per option cannot express a decision,
 * its own controls (`ui`). Adding a game = its engine folder, its presenter, its locale files and one
 * line here (docs/adding-a-game.md); the `Record<GameId, …>` types make a missing part a type error.
 */
import type { AnyEngine, BaseAction, Engine, GameId, HandResult } from '../games/core/types.js';
import { GAME_IDS } from '../games/core/types.js';
import { engine as phom, potRefund, type State as PhomState } from '../games/phom/index.js';
import { engine as chan } from '../games/chan/index.js';
import { engine as vnMahjong } from '../games/vn-mahjong/index.js';
import { engine as classicMahjong } from '../games/classic-mahjong/index.js';
import { withStableSeats } from '../games/core/stable-seats.js';
import { withViewCache } from '../games/core/view-cache.js';
import type { AnyPresenter, Presenter } from './present/types.js';
import { phomPresenter } from './present/phom.js';
import { chanPresenter } from './present/chan.js';
import { vnMahjongPresenter } from './present/vn-mahjong.js';
import { classicMahjongPresenter } from './present/classic-mahjong.js';
import { chanAnnounceUi } from './announce.js';
import { vnOpeningUi } from './present/vn-mahjong-opening.js';
import type { GameUi } from './ui.js';

export type { GameId };

export interface GameManifest {
  id: GameId;
  engine: AnyEngine;
  presenter: AnyPresenter;
  /** The game's own hand controls (Chắn's xướng), if any. */
  ui?: GameUi;
  /**
   * What each player's balance starts the match at under the table's options, when the game has
   * such a rule (classical §13 `starting-balance`); the table's badges then show balances, not the net.
   */
  startingBalance?: (options: Record<string, unknown>) => number;
  /**
   * What the match gives back when it ends, when the game has such a rule (Phỏm §15.12: the gà pot no
   * Ù took goes back to whoever paid into it): the engine's amounts, from the match's last state, each
   * with the seat that paid it and the hand it was paid in (`ago` hands before the state's own; seats
   * as numbered then). `settled`: the state's hand has its result stored (a match may end during a
   * hand, whose payments were never charged). The table stores them as refund rows (act.ts `finish`).
   */
  closeMatch?: (state: unknown, settled: boolean) => readonly MatchRefund[];
  /**
   * How long (ms) a person's Pass on a claim is held before it becomes final, under the table's
   * options, when the game has such a house rule (Chắn `reclaim-window-s`, chan.md §6); 0 or absent:
   * final at once. The table layer holds it (reclaim.ts): the engine has no clock.
   */
  reclaimWindowMs?: (options: Record<string, unknown>) => number;
  /**
   * Action types a timeout never plays, even when on-timeout `ai` lets the AI choose the decision
   * that ran out (act.ts `playTimeout`): classic-mahjong.md §5 "Timeouts never declare Mah Jong or a
   * kong". (A win its decision's default would not make is refused for every game.)
   */
  timeoutNever?: ReadonlySet<string>;
  /**
   * The action types that declare a win (act.ts `playTimeout`): a timeout plays one only when its
   * decision's default does. The engine's result alone cannot tell: a Chắn Ù waits for its xướng, and
   * a claim window's Ù waits for the seats ahead of it, with no result yet.
   */
  winActions?: ReadonlySet<string>;
}

/** One amount a match gives back as it ends (`GameManifest.closeMatch`). */
export interface MatchRefund {
  seat: number;
  ago: number;
  amount: number;
}

/**
 * Builds a manifest entry; the presenter must take exactly the engine's seat view, public view and
 * actions (a presenter for another game's views does not typecheck).
 */
export function manifest<S, A extends BaseAction, O, V, P, R extends HandResult>(
  id: GameId,
  engine: Engine<S, A, O, V, P, R>,
  presenter: Presenter<V, P, A>,
  ui?: GameUi,
): GameManifest {
  // Views, decisions and results are computed once per state (core/view-cache.ts).
  return { id, engine: withViewCache(engine as AnyEngine), presenter, ...(ui ? { ui } : {}) };
}

// classic-mahjong numbers seats by wind position each hand; the match needs one seat per person.
const classicStable = withStableSeats(classicMahjong as AnyEngine, (s) => (s as { match: { playerAtSeat: number[] } }).match.playerAtSeat);

export const GAMES: { readonly [K in GameId]: GameManifest & { id: K } } = {
  phom: {
    ...manifest('phom', phom, phomPresenter),
    closeMatch: (state, settled) => potRefund(state as PhomState, settled),
    winActions: new Set(['u']),
    id: 'phom',
  },
  chan: {
    ...manifest('chan', chan, chanPresenter, chanAnnounceUi),
    reclaimWindowMs: (o) => (typeof o['reclaim-window-s'] === 'number' ? o['reclaim-window-s'] * 1000 : 0),
    winActions: new Set(['u']),
    id: 'chan',
  },
  'vn-mahjong': { ...manifest('vn-mahjong', vnMahjong, vnMahjongPresenter, vnOpeningUi), winActions: new Set(['win']), id: 'vn-mahjong' },
  'classic-mahjong': {
    ...manifest('classic-mahjong', classicMahjong, classicMahjongPresenter),
    engine: withViewCache(classicStable),
    startingBalance: (o) => (typeof o['starting-balance'] === 'number' ? o['starting-balance'] : 0),
    timeoutNever: new Set(['mahjong', 'kong', 'concealed-kong', 'added-kong', 'opening-kong']),
    winActions: new Set(['mahjong']),
    id: 'classic-mahjong',
  },
};

/** Every engine by id (the CLI, the bench and the store's replay use it). */
export const ENGINES: { readonly [K in GameId]: AnyEngine } = {
  phom: GAMES.phom.engine,
  chan: GAMES.chan.engine,
  'vn-mahjong': GAMES['vn-mahjong'].engine,
  'classic-mahjong': GAMES['classic-mahjong'].engine,
};

export { GAME_IDS };

export function isGameId(x: unknown): x is GameId {
  return typeof x === 'string' && (GAME_IDS as readonly string[]).includes(x);
}

export function manifestOf(id: GameId): GameManifest {
  return GAMES[id];
}

export function engineOf(id: GameId): AnyEngine {
  return GAMES[id].engine;
}
