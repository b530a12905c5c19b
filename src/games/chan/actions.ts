/**
 * Chắn actions (chan.md §5.2) and rule-error codes. Every error says which rule blocked the move.
 */
import { ruleError } from '../core/types.js';
import type { Face } from './cards.js';
import type { CuocCall } from './state.js';

export type ChanAction =
  /** Bốc: turn the top nọc card face up at your gate. */
  | { type: 'draw' }
  /** Ù (also chíu-ù); `calls` = the xướng in the same breath (optional; else a XUONG decision follows). */
  | { type: 'u'; calls?: CuocCall[] }
  /** Chíu the offered card with three concealed copies. */
  | { type: 'chiu' }
  /** Ăn: take the offered card with the concealed card `with` (the same face = chắn, another = cạ). */
  | { type: 'eat'; with: Face }
  /** Pass on the offered card (bỏ ù / bỏ ăn / no chíu). */
  | { type: 'pass' }
  /** Đánh: discard a concealed card (also the opener's first move). */
  | { type: 'discard'; card: Face }
  /** Trả cửa: return a card to the interrupted gate after an out-of-turn chíu. */
  | { type: 'return'; card: Face }
  /** Xướng: announce the cước (each id with an optional count). */
  | { type: 'xuong'; calls: CuocCall[] };

export const ERROR_CODES = [
  'hand-over',
  'not-your-turn',
  'bad-action',
  'unknown-card',
  'not-in-hand',
  'must-discard',
  'must-return',
  'must-draw',
  'must-announce',
  'already-answered',
  'u-not-possible',
  'u-forfeited',
  'u-on-yeu',
  'u-nhat-ca',
  'u-only-by-chiu',
  'u-below-minimum',
  'chiu-not-possible',
  'chiu-passed-chan',
  'chiu-own-card',
  'own-returned-card',
  'eat-not-gate',
  'eat-passed-chan',
  'eat-discarded-face',
  'eat-passed-ca',
  'eat-no-pair',
  'eat-split-ca',
  'eat-nhat-yeu-even',
  'eat-break-chan',
  'eat-prefer-chan',
  'eat-no-discard-after',
  'eat-lao-thang',
  'discard-passed-chan',
  'discard-eaten-ca-pair',
  'bad-calls',
  'bad-position',
] as const;
export type ChanErrorReason = (typeof ERROR_CODES)[number];

export function fail(reason: ChanErrorReason, message: string, data?: Record<string, string | number>) {
  return ruleError(`chan/${reason}`, message, data);
}
