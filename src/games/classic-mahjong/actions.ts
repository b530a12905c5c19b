/** Actions and rule-error codes of classical mahjong (classic-mahjong.md §5–§6). */
import { ruleError } from '../core/types.js';
import type { TileCode } from '../mahjong/tiles.js';

export type Action =
  /** Discard a concealed tile; `call` declares Original Call with it (option `original-call`). */
  | { type: 'discard'; tile: TileCode; call?: boolean }
  /** Declare Mah Jong: on your turn with a complete hand, or claiming a discard / a robbed kong. */
  | { type: 'mahjong' }
  /** On your turn: lay down four concealed tiles as a concealed kong. */
  | { type: 'concealed-kong'; tile: TileCode }
  /** On your turn: add a concealed tile to your exposed pung. */
  | { type: 'added-kong'; tile: TileCode }
  /** During setup: declare a concealed kong and take a loose tile. */
  | { type: 'opening-kong'; tile: TileCode }
  /** Claim the discard for a pung. */
  | { type: 'pung' }
  /** Claim the discard for a kong (you hold three). */
  | { type: 'kong' }
  /** Claim the discard for a chow; `tiles` is the whole run including the discard, sorted. */
  | { type: 'chow'; tiles: TileCode[] }
  | { type: 'pass' };

export const ACTION_TYPES = ['discard', 'mahjong', 'concealed-kong', 'added-kong', 'opening-kong', 'pung', 'kong', 'chow', 'pass'] as const;

export const ERROR_CODES = [
  'hand-over',
  'not-your-turn',
  'unknown-action',
  'tile-not-in-hand',
  'not-a-winning-hand',
  'no-concealed-kong',
  'no-added-kong',
  'added-kong-not-drawn',
  'no-opening-kong',
  'cannot-claim',
  'chow-not-from-previous',
  'chow-invalid',
  'no-pair-for-pung',
  'no-pung-for-kong',
  'last-discard-mahjong-only',
  'must-discard',
  'original-call-locked',
  'original-call-not-ready',
  'dead-wall-empty',
  'bad-position',
] as const;
export type ErrorReason = (typeof ERROR_CODES)[number];

/** A RuleError; `{{name}}` placeholders of the English message are filled from `data` (the i18n text keeps them). */
export function fail(reason: ErrorReason, message: string, data?: Record<string, string | number>) {
  const text = data ? message.replace(/\{\{(\w+)\}\}/g, (m, k: string) => (data[k] === undefined ? m : String(data[k]))) : message;
  return ruleError(`classic-mahjong/${reason}`, text, data);
}
