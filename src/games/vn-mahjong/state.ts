/** State of one hand of Vietnamese mahjong, plus the match data carried between hands (§3). */
import type { ClaimWindow } from '../core/claims.js';
import type { HandResult } from '../core/types.js';
import type { VnAction } from './actions.js';
import type { VnOptions } from './options.js';
import type { Feeding, Liable } from './scoring/liability.js';
import type { ScoreOut, WinBy } from './scoring/score.js';
import type { JokerFrames } from './frames.js';
import type { Tile } from './tiles.js';

export interface Meld {
  kind: 'chow' | 'pung' | 'kong';
  /** Tiles as placed (jokers as `J*`). */
  tiles: Tile[];
  /** What each tile stands for. */
  as: Tile[];
  /** Claimed from a discard (ăn, phỗng, coong); a later Hối Coong keeps it. */
  called: boolean;
  /** Âm Coong (concealed kong). */
  concealed: boolean;
  /** Hối Coong (pung + 4th tile). */
  added: boolean;
  /** Hand seat whose discard was claimed (the feeder), or null. */
  from: number | null;
  /** Action counter when it was made. */
  at: number;
  /**
   * Index in `tiles` of the claimed discard (a chow is sorted by rank, so it can be anywhere; a
   * pung puts it last), which the table image lays sideways. Cosmetic: no rule reads it. Set on
   * pungs and chows made from a discard (a Hối Coong keeps it); absent on kongs from a discard
   * (four equal tiles) and in states stored before it was added.
   */
  claimed?: number;
}

export interface ExposedTile {
  tile: Tile;
  /** Exposed in the initial phase (§4.3). */
  initial: boolean;
  /** A joker bounced out of a pung (nẩy khung, §7). */
  bounced: boolean;
  /** Copy index of a joker exposed in the initial phase, with `joker-copies` ≥ 2 (frames.ts, §9 Tổng Hợp). */
  frame?: number;
}

export interface Player {
  /** Concealed tiles, sorted. */
  hand: Tile[];
  melds: Meld[];
  /** Bonus tiles and jokers set aside (dựng). */
  exposed: ExposedTile[];
  /** Discards still lying in front of the player (claimed ones leave). */
  pond: Tile[];
  draws: number;
  discards: number;
  /** Action counter of the last ăn/phỗng/coong on a discard (−1 = none). */
  lastCallAt: number;
  /** Không Hoa Không Lá (§13): exposed nothing in the initial phase (only with `nfnl` on). */
  nfnl?: boolean;
}

/** A recorded "Báo Chủy Mó" feeding (§11.2–11.4). */
export type { Feeding } from './scoring/liability.js';

/** A discard on offer (§6): the hand seats that must answer, in turn order from the discarder. */
export interface Claim {
  tile: Tile;
  from: number;
  window: ClaimWindow<VnAction>;
}

/** A Hối Coong (or, under `rob-bounce`, a bounce) that may be robbed (§6 Robbing). */
export interface Rob {
  tile: Tile;
  declarer: number;
  meld: number;
  source: 'kong' | 'bounce';
  /** The joker a bounce puts out, when the player chose one (§7; absent: the pung's first). */
  joker?: Tile;
  window: ClaimWindow<VnAction>;
}

export interface Match {
  people: number;
  /** Persons at positions T0…T3. */
  table: number[];
  /** Persons sitting out (Trung holder first, then Phát holder). */
  reserves: number[];
  dealerPos: number;
  /** Wind round 0…; prevalent wind = round mod 4. */
  round: number;
  handNo: number;
  /** Rounds played in a row, per person (`sitout-rotation = fair`). */
  played: number[];
  /** Running score per person. */
  scores: number[];
  /** Consecutive wins of one person (Lục Khôi). */
  streak: { person: number; wins: number };
  /** All `match-length` wind rounds have been played. */
  over: boolean;
}

/** How the hand ended: a tagged union, so a win always has its winner and score. */
export type EndInfo =
  | {
      kind: 'win';
      /** Hand seat of the winner. */
      winner: number;
      winBy: WinBy;
      /** The discarder or kong declarer (null on a self-draw). */
      from: number | null;
      /** The tile won on, as discarded (null on Thiên Ù). */
      tile: Tile | null;
      score: ScoreOut;
      liable: Liable | null;
      result: HandResult;
    }
  | { kind: 'draw'; result: HandResult }
  | { kind: 'false-win'; /** The Chao Ù claimer. */ from: number; result: HandResult };

export type Phase = 'initial' | 'turn' | 'after-call' | 'claim' | 'rob' | 'ended';

export interface State {
  game: 'vn-mahjong';
  opts: VnOptions;
  match: Match;
  /** Person at hand seat 0…3 (0 = dealer = East). */
  seatPerson: number[];
  /** Prevalent wind 0…3. */
  roundWind: number;
  /** Wall: front = live end, back = replacement end. */
  wall: Tile[];
  reserve: number;
  players: Player[];
  phase: Phase;
  turn: number;
  drawn: Tile | null;
  drawnFrom: 'live' | 'back' | null;
  /**
   * The tiles the seat to move has drawn this turn (live draw and replacements), less any a bounce or
   * Hối Coong has used: §7's "you draw the natural tile" holds after a joker exposure or a kong in the
   * same turn. Absent in states stored before it was added: `basics.ts` `turnDrawsOf` reads `drawn` then.
   */
  turnDraws?: Tile[];
  /** The tile just drawn was the last live tile. */
  lastLive: boolean;
  /** The discard on the table came after the last live tile (Quân Cuối Cùng). */
  lastDiscard: boolean;
  init: {
    seat: number;
    declined: Tile[];
    flowerDone: boolean;
    /**
     * The hands as dealt, and the seats that made a decision: until the phase ends, a seat that
     * decides nothing sees its hand as dealt (views.ts), since its own exposures, made when the
     * process reaches it, would tell whether the hidden choice is an earlier seat's (#13 §2).
     * Absent in states stored before they were added.
     */
    dealt?: Tile[][];
    decided?: number[];
    /** The jokers' frames while the phase lasts, with `joker-copies` ≥ 2 (frames.ts); absent otherwise and in older states. */
    frames?: JokerFrames;
  } | null;
  /** The seat to move must discard this tile next: the dealer's kept bonus tile (§4.3), or a bonus tile/joker drawn by an NFNL player (§13). */
  mustDiscard: Tile | null;
  dealerFirstTurn: boolean;
  claim: Claim | null;
  rob: Rob | null;
  step: number;
  anyCall: boolean;
  feedings: Feeding[];
  /** Discard history in order. */
  discards: { seat: number; tile: Tile; claimed: boolean }[];
  /** The last accepted action and its person. */
  last: { seat: number; action: VnAction } | null;
  end: EndInfo | null;
}
