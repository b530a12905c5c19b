/**
 * State of one hand of classical mahjong (classic-mahjong.md §3–§5) and the deal (§4).
 * Seat 0 is East (the dealer) of this hand; seats follow in turn order E, S, W, N.
 */
import type { ClaimWindow } from '../core/claims.js';
import { copyState } from '../core/copy.js';
import { Rng } from '../core/rng.js';
import { FLOWERS_AND_SEASONS, fullSet, isBonusCode, sortTiles, type TileCode } from '../mahjong/tiles.js';
import type { Options } from './options.js';
import type { WinSource } from './scoring/score.js';

export type KongType = 'concealed' | 'added' | 'claimed';

export interface MeldState {
  type: 'chow' | 'pung' | 'kong';
  /** Tile codes, sorted. */
  tiles: TileCode[];
  /** A concealed kong is laid down but not exposed. */
  exposed: boolean;
  kongType?: KongType;
  /** Seat the claimed tile came from. */
  claimedFrom?: number;
  /**
   * Index in `tiles` of the claimed discard, which the table image lays sideways: set on chows
   * claimed from a discard (sorted, so it can be any of the three; a pung's or kong's tiles are all
   * the same). Cosmetic: no rule reads it; absent in states stored before it was added.
   */
  claimed?: number;
}

export interface DiscardEntry {
  tile: TileCode;
  /** Seat that claimed it (it then sits in that seat's meld or winning hand). */
  claimedBy?: number;
}

export interface PlayerState {
  concealed: TileCode[];
  melds: MeldState[];
  bonus: TileCode[];
  discards: DiscardEntry[];
  /** Original Call declared (option `original-call`). */
  originalCall: boolean;
}

/** How the active seat got its latest tile (for scoring the win). */
export type TileSource = 'deal' | 'wall' | 'last-wall-tile' | 'loose-tile' | 'claim';

export type Phase = 'opening-kong' | 'turn' | 'discard-after-claim' | 'claim' | 'rob-kong' | 'ended';

export type ClaimAnswer =
  { type: 'pass' } | { type: 'mahjong' } | { type: 'pung' } | { type: 'kong' } | { type: 'chow'; tiles: TileCode[] };

/** The discard open to claims (§6); `window` is the one claim window of core/claims.ts. */
export interface ClaimState {
  tile: TileCode;
  from: number;
  /** Seats that may claim, nearest the discarder first (the tie-break order), and their answers. */
  window: ClaimWindow<ClaimAnswer>;
  lastDiscard: boolean;
}

export type RobAnswer = { type: 'mahjong' } | { type: 'pass' };

/** The tile being added to a kong, open to robbing (§6). */
export interface RobState {
  tile: TileCode;
  konger: number;
  kind: 'added' | 'concealed';
  /** Seats that can rob, nearest the konger first, and their answers. */
  window: ClaimWindow<RobAnswer>;
}

export type { WinSource };

/** How the hand ended. */
export type Outcome =
  | {
      kind: 'win';
      winner: number;
      source: WinSource;
      /** The winning tile (absent for Heaven's Blessing, won on the dealt tiles). */
      tile?: TileCode;
      /** Seat whose discard (or added kong) gave the winning tile. */
      discarder?: number;
      kongUponKong?: boolean;
      eastStreak?: boolean;
    }
  | { kind: 'draw' };

export type WinOutcome = Extract<Outcome, { kind: 'win' }>;

/** Match-level counters carried from hand to hand (§3). */
export interface MatchState {
  handIndex: number;
  /** Prevailing wind 0–3 (E S W N). */
  roundWind: number;
  /** Deal passes so far in this prevailing wind. */
  passes: number;
  /** Original player index (seat in the first hand) sitting at each seat of this hand. */
  playerAtSeat: number[];
  /** Consecutive wins of the current East (tournament). */
  eastWins: number;
  /** Balance per original player. */
  balances: number[];
  /** Every prevailing wind of the match has been played. */
  over: boolean;
}

/** The last accepted move, for the table's caption. */
export type LastAction =
  | { seat: number; type: 'discard' | 'concealed-kong' | 'added-kong' | 'opening-kong' | 'pung' | 'kong' | 'chow'; tile: TileCode }
  /** Mah Jong: names the winning tile (claimed, robbed or self-drawn); none on Heaven's Blessing. */
  | { seat: number; type: 'mahjong'; tile?: TileCode };

export interface State {
  opts: Options;
  seats: number;
  phase: Phase;
  players: PlayerState[];
  /** Live wall; draws take tiles from the front. */
  wall: TileCode[];
  /** Dead wall; loose tiles are taken from the end. */
  dead: TileCode[];
  turn: number;
  /** The tile the active seat just drew (live or loose), if any. */
  drawn: TileCode | null;
  source: TileSource;
  claim: ClaimState | null;
  rob: RobState | null;
  /** Seat offered an opening kong (phase opening-kong). */
  openingSeat: number;
  /** Discards made so far in this hand. */
  discardCount: number;
  /** A claim (chow, pung, kong) has happened in this hand. */
  anyClaim: boolean;
  /** Kongs declared in a row by the active seat in this turn (Kong upon Kong). */
  kongChain: number;
  outcome: Outcome | null;
  match: MatchState;
  lastAction: LastAction | null;
  /**
   * What the table showed when the opening-kong phase began (§4.5; set on entering it): the public
   * view shows the table as it was until the phase ends, since its holders are asked seat by seat
   * and a kong shown at once would tell whose choice the table waits for (#13 §2). Absent before.
   */
  openingShown?: OpeningShown | null;
}

export interface OpeningShown {
  wall: number;
  dead: number;
  seats: { melds: number; bonus: number; concealed: number }[];
  lastAction: LastAction | null;
}

export function tileSet(opts: Options): TileCode[] {
  return fullSet(opts['use-bonus-tiles'] ? FLOWERS_AND_SEASONS : []);
}

export function deadWallSize(opts: Options): number {
  return opts['dead-wall'] === 'fixed-16' ? 16 : 14;
}

export function emptyPlayer(): PlayerState {
  return { concealed: [], melds: [], bonus: [], discards: [], originalCall: false };
}

export function freshMatch(seats: number, opts: Options): MatchState {
  return {
    handIndex: 0,
    roundWind: 0,
    passes: 0,
    playerAtSeat: Array.from({ length: seats }, (_, i) => i),
    eastWins: 0,
    balances: new Array<number>(seats).fill(opts['starting-balance']),
    over: false,
  };
}

/** Split a shuffled order into live and dead wall (§4.1–4.2). */
export function wallsFrom(order: TileCode[], opts: Options): { wall: TileCode[]; dead: TileCode[] } {
  const n = deadWallSize(opts);
  return { wall: order.slice(0, order.length - n), dead: order.slice(order.length - n) };
}

export function newState(opts: Options, seats: number, order: TileCode[], match: MatchState): State {
  const { wall, dead } = wallsFrom(order, opts);
  return {
    opts,
    seats,
    phase: 'turn',
    players: Array.from({ length: seats }, emptyPlayer),
    wall,
    dead,
    turn: 0,
    drawn: null,
    source: 'deal',
    claim: null,
    rob: null,
    openingSeat: -1,
    discardCount: 0,
    anyClaim: false,
    kongChain: 0,
    outcome: null,
    match,
    lastAction: null,
  };
}

export function shuffledTiles(opts: Options, seed: string): TileCode[] {
  return new Rng(`classic-mahjong:${seed}`).shuffle(tileSet(opts));
}

export const isBonus = isBonusCode;
export const sortHand = sortTiles;

/** Deep copy (states are plain JSON): the one state-copy approach, core/copy.ts. */
export const clone = (s: State): State => copyState(s);
