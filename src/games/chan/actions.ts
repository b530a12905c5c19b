/**
 * Chắn actions (chan.md §5.2) and rule-error codes. Every error says which rule blocked the move.
 */
import { ruleFailer } from '../core/errors.js';
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

/**
 * English fallback of every rule error (the i18n key is `chan/<reason>`, locales/<lng>/chan.json);
 * `{{name}}` placeholders are filled from the error's data.
 */
export const ERRORS = {
  'hand-over': 'The hand is over.',
  'not-your-turn': 'You have nothing to decide right now.',
  'bad-seat': 'There is no such seat at this table.',
  'bad-action': 'That is not a Chắn action.',
  'unknown-card': '"{{card}}" is not a Chắn card code.',
  'not-in-hand': 'You do not hold {{card}}.',
  'must-discard': 'You must discard a card now.',
  'must-return': 'You chíu’d out of turn: return a card to the interrupted gate (trả cửa).',
  'must-draw': 'It is your turn to draw (bốc) from the nọc.',
  'must-announce': 'You won: announce your cước (xướng) now.',
  'already-answered': 'You already answered on this card; wait for the others.',
  'u-not-possible': 'Your hand does not win: every card must be paired (chắn or cạ) with at least {{min}} chắn.',
  'u-forfeited': 'You passed on an ù earlier in this hand (bỏ ù), so you cannot ù again until the next hand.',
  'u-on-yeu': 'No ù on Chi Chi, Lão or Thang at this table, not even by chíu: {{card}} cannot be your winning card.',
  'u-nhat-ca': 'A Nhất winning card must make an identical pair: {{card}} cannot complete your hand as a mixed Nhất/Yêu cạ.',
  'u-only-by-chiu': 'A discarded or returned card can only win by chíu-ù (you need three {{card}} in hand).',
  'u-below-minimum': 'Your hand is worth less than the table minimum of {{min}} points, so it cannot ù.',
  'chiu-not-possible': 'To chíu you need exactly three {{card}} in hand (and a legal discard afterwards).',
  'chiu-passed-chan': 'You passed on the chắn of {{card}} earlier, so you cannot chíu {{card}} now.',
  'chiu-own-card': 'You cannot chíu a card you discarded or returned yourself.',
  'own-returned-card': 'You returned this {{card}} yourself (trả cửa): you cannot take it back.',
  'passed-wall-eat-only': 'A drawn card that has moved on to the next gate can only be eaten by that gate, not won on or chíu’d.',
  'eat-not-gate': 'Only the seat whose gate {{card}} lies at may eat it.',
  'eat-passed-chan': 'You passed on the chắn of {{card}} earlier, so you cannot take {{card}} now.',
  'eat-discarded-face': 'You discarded {{card}} earlier, so you can never eat an offered {{card}} in this hand.',
  'eat-passed-ca': 'You passed on a cạ with {{card}} earlier, so you cannot eat {{card}} that way now.',
  'eat-no-pair': '{{with}} does not pair with {{card}}: a cạ needs two different cards of the same rank (or of the Nhất/Yêu group).',
  'eat-split-ca': 'You would split the cạ you already hold ({{with}} with {{other}}) to eat another cạ of the same rank.',
  'eat-nhat-yeu-even': 'You hold an even number of Nhất/Yêu cards ({{count}}); a cạ in this group may only be eaten with a spare card.',
  'eat-break-chan': 'Eating with {{with}} would break your chắn of {{with}}.',
  'eat-prefer-chan': 'You hold {{card}}: when a chắn can be eaten you must take the chắn, not a cạ.',
  'eat-no-discard-after': 'After eating {{card}} you would have no card you are allowed to discard.',
  'eat-lao-thang': 'Lão and Thang do not form a cạ at this table.',
  'discard-passed-chan': 'You passed on the chắn of {{card}} earlier, so you may never discard {{card}} in this hand.',
  'discard-eaten-ca-pair': 'You have eaten a cạ, so you may not discard {{card}}: it forms a cạ with the {{other}} you already discarded.',
  'bad-calls': 'The announcement lists an unknown cước or a bad count.',
  'bad-position': 'This position is not a valid Chắn table: {{reason}}',
} as const;

export type ChanErrorReason = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ChanErrorReason[];

/** `fail(reason, data)`: the rule error `chan/<reason>` with its message from ERRORS. */
export const fail = ruleFailer<'chan', ChanErrorReason>('chan', ERRORS);
