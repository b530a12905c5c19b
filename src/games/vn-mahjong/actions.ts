/** Actions (a verb-tagged union) and rule-error codes of vn-mahjong. */
import { ruleFailer } from '../core/errors.js';
import type { Tile } from './tiles.js';

export type VnAction =
  | { type: 'initial-expose'; jokers: Tile[]; keepFlower: boolean }
  | { type: 'discard'; tile: Tile }
  | { type: 'expose'; tile: Tile }
  /**
   * Âm Coong of `tile`. With three natural copies and `jokers-in-kong`, `joker` names the joker
   * that makes the fourth when the hand holds more than one kind that may (§7); without it, the first.
   */
  | { type: 'am-coong'; tile: Tile; joker?: Tile }
  | { type: 'hoi-coong'; tile: Tile }
  /** Nẩy khung with the natural `tile`; `joker` names the joker put out of a pung holding two kinds (§7); without it, the first. */
  | { type: 'bounce'; tile: Tile; joker?: Tile }
  /** Ù. Under `false-win = penalized`, `phan` is the phán claimed (Chao Ù costs it + 6). */
  | { type: 'win'; phan?: number }
  | { type: 'pass' }
  | { type: 'pung'; tiles: Tile[] }
  | { type: 'kong' }
  | { type: 'chow'; tiles: Tile[]; as: Tile[] };

export const ACTION_TYPES = [
  'initial-expose',
  'discard',
  'expose',
  'am-coong',
  'hoi-coong',
  'bounce',
  'win',
  'pass',
  'pung',
  'kong',
  'chow',
] as const;

/** Every error reason (code `vn-mahjong/<reason>`), with its English message. */
export const ERRORS = {
  'not-at-table': 'You are sitting out this hand.',
  'not-your-turn': 'It is not your turn to act.',
  'hand-over': 'The hand is over.',
  'bad-action': 'That is not a Vietnamese mahjong action.',
  'wrong-phase': 'That action is not possible now ({{phase}}).',
  'already-answered': 'You have already answered this claim; a pass is final (§6).',
  'tile-not-in-hand': 'You do not hold {{tile}}.',
  'joker-discard-banned': 'You may not discard a joker now (joker-discard = {{rule}}, §5).',
  'flower-discard-banned': 'Bonus tiles are exposed, not discarded (§4.3).',
  'must-discard-flower': 'You kept one bonus tile and must discard it first (§4.3).',
  'after-call-discard-only': 'After ăn or phỗng you must discard (§5).',
  'no-replacement-tile': 'No tile is left to draw a replacement (§5).',
  'not-a-joker': '{{tile}} is not a joker or bonus tile you can expose.',
  'joker-expose-not-now': 'Jokers can be exposed only on your turn after a draw (§5).',
  'kong-invalid': 'You cannot make that kong (§7).',
  'bounce-invalid': 'No joker in your exposed pungs can be bounced by {{tile}} (§7).',
  'false-win': 'This is not a winning hand (§8); Ù is refused.',
  'claim-joker-only-win': 'A discarded joker or bonus tile can be claimed only for Ù (§6).',
  'wall-empty-only-win': 'The live wall is empty: only Ù may be claimed (§6).',
  'pung-invalid': 'You cannot phỗng {{tile}} with those tiles (§6).',
  'too-many-jokers': 'At most {{max}} joker(s) may be used in a called set (§7).',
  'chow-not-next-seat': 'Only the next player may ăn (§6).',
  'chow-invalid': 'Those tiles do not make a chow with {{tile}} (§6).',
  'kong-on-discard-off': 'Coong on a discard is off in this table (kong-on-discard).',
  'initial-invalid': 'You cannot expose those tiles now (§4.3).',
  'keep-flower-invalid': 'Only a dealer with exactly one bonus tile may keep it (§4.3).',
  'illegal-action': 'That move is not allowed now.',
  'bad-position': 'The scenario position is inconsistent: {{why}}.',
} as const;
export type ErrorReason = keyof typeof ERRORS;

/** The engine's rule error: code `vn-mahjong/<reason>`, every `{{placeholder}}` filled (core/errors.ts). */
export const fail = ruleFailer('vn-mahjong', ERRORS);
