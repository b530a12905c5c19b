/** The Chắn hand result (core `HandResult` plus the cước and xướng details). */
import type { HandResult, Seat } from '../core/types.js';
import type { Face } from './cards.js';

export interface ChanCuoc {
  cuoc: string;
  count: number;
}

export interface ChanResult extends HandResult {
  endedBy: 'u' | 'draw' | 'u-lao' | 'xuong-sai';
  /**
   * Of the deltas and payments: the hand's value × `stake` (chan.md §10 A = V × stake). With a stake
   * above 1 that is money ("Mức tiền nhân với điểm ván": the rate in money per point), not points:
   * a hand worth 4 điểm paid 4,000 at stake 1,000, which read "4.000 điểm".
   */
  unit: 'point' | 'money';
  /** The seat that declared ù (also for xướng sai), or null. */
  uSeat: Seat | null;
  winningCard: Face | null;
  /** How the winning card came: the opener's dealt hand, a nọc draw, a discard, a returned card. */
  winHow: 'open' | 'wall' | 'discard' | 'return' | null;
  byChiu: boolean;
  /** Whose the winning card was: its drawer (nọc), discarder or returner; null without a card. */
  winFrom: Seat | null;
  /** The cước the hand really has (scored list; empty for a draw or without scoring). */
  cuoc: ChanCuoc[];
  /** What the winner announced (null: auto mode, scoring off or no win). */
  announced: ChanCuoc[] | null;
  announcementCorrect: boolean | null;
  /** Why the announcement was wrong: 'thua:<id>', 'thieu:<id>', 'empty', 'unknown:<id>'. */
  announcementProblems: string[];
  /** Hand value V = điểm + 5 × gà of what is paid. */
  value: number;
  diem: number;
  ga: number;
  /** The winner's revealed cards: concealed and exposed after the win. */
  revealed: { concealed: Face[]; melds: Face[][] } | null;
}
