/** The input and output shapes of scoring (vn-mahjong.md §8–§9), shared by the engine and the CLI. */
import type { Tile } from '../tiles.js';

export interface MeldIn {
  kind: 'chow' | 'pung' | 'kong';
  /** Tiles as placed (jokers as `J*`). */
  tiles: Tile[];
  /** What each tile stands for. */
  as: Tile[];
  called: boolean;
  /** Âm Coong. */
  concealed: boolean;
  /** Hối Coong. */
  added?: boolean;
}
export interface ExposedIn {
  tile: Tile;
  initial?: boolean;
  bounced?: boolean;
  /** Copy index of the joker (§2), read only by `tong-hop-start-combo` with `joker-copies` ≥ 2. */
  frame?: number;
}
/** How the hand was won; `rob-bounce` = Ù on the tile that bounced a joker (§13 `rob-bounce`). */
export type WinBy = 'self-draw' | 'discard' | 'rob-kong' | 'rob-bounce' | 'thien-u';
/** Self-draw wins (Thiên Ù counts as one, §4.4); the others are won on another seat's tile. */
export const isSelfDrawWin = (w: WinBy): boolean => w === 'self-draw' || w === 'thien-u';
export interface HandInput {
  /** 0 = East (dealer) … 3 = North. */
  seat: number;
  /** 0 = East round … 3 = North round. */
  roundWind: number;
  /**
   * Concealed tiles including the winning tile. A won discarded bonus tile is given as itself
   * (`1f`…, `JF`): it plays Tổng in the shape only, never in Bộ Khung (§6, seed "hoa coi như Tổng").
   */
  concealed: Tile[];
  melds: MeldIn[];
  exposed: ExposedIn[];
  winningTile: Tile | null;
  winBy: WinBy;
  replacement?: boolean;
  lastTile?: boolean;
  diaU?: boolean;
  nhanU?: boolean;
  /** Won on a discarded bonus tile or joker (§11.5). */
  batHoa?: boolean;
  /** Same as `winBy: 'rob-bounce'` (kept for older callers). */
  robBounce?: boolean;
  consecutiveWins?: number;
  /** Nothing ever exposed (NFNL). */
  neverExposed?: boolean;
}
export interface ItemOut {
  id: string;
  value: number;
  detail?: string;
}
export interface ScoreOut {
  valid: boolean;
  reason?: string;
  phan: number;
  mun: number;
  items: ItemOut[];
  /** Best arrangement, sets in notation with jokers as `JA(5m)`. */
  arrangement: string[];
  kk: boolean;
  kongs: number;
  /** Patterns relevant to liabilities (§11). */
  patterns: string[];
}
