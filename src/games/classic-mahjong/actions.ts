/** Actions and rule-error codes of classical mahjong (classic-mahjong.md §5–§6). */
import { ruleFailer } from '../core/errors.js';
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

export const ERRORS = {
  'hand-over': 'The hand is over.',
  'not-your-turn': 'It is not your turn to act.',
  'unknown-action': 'That is not an action of this game.',
  'tile-not-in-hand': 'You do not hold {{tile}}.',
  'not-a-winning-hand': 'Your tiles do not form four sets and a pair or a special hand (§8).',
  'no-concealed-kong': 'A concealed kong needs four {{tile}} in your concealed hand (§7).',
  'concealed-kong-not-drawn': 'Under these rules only the fourth {{tile}} you just drew makes a concealed kong (seed).',
  'no-added-kong': 'An added kong needs an exposed pung of {{tile}} and the fourth tile in your hand; a discard can never be added (§7).',
  'added-kong-not-drawn': 'Under these rules only the fourth {{tile}} you just drew can be added to your pung (seed).',
  'no-opening-kong': 'Opening kongs are declared only during setup with four {{tile}} in hand (§4.5).',
  'cannot-claim': 'There is no discard to claim now.',
  'chow-not-from-previous': 'You may chow only the discard of the player before you (§6).',
  'chow-invalid': 'That chow cannot be made from your tiles and {{tile}} (§7).',
  'no-pair-for-pung': 'A pung needs a concealed pair of {{tile}} (§6).',
  'no-pung-for-kong': 'A kong claim needs three concealed {{tile}} (§6).',
  'last-discard-mahjong-only': 'The last discard may only be claimed for Mah Jong (§6).',
  'must-discard': 'You must discard a tile (§5).',
  'original-call-locked': 'After Original Call you may only discard the tile you drew (§9.5).',
  'original-call-not-ready': 'Original Call needs a ready hand after this discard (§9.5).',
  'dead-wall-empty': 'No loose tile is left for a kong.',
  'bad-position': 'Invalid position: {{reason}}',
} as const satisfies Record<string, string>;

export type ErrorReason = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorReason[];

/** The engine's RuleError (core/errors.ts): `fail(reason, data?)`, the English message from ERRORS. */
export const fail = ruleFailer('classic-mahjong', ERRORS);
