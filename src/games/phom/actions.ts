/** Phỏm actions (a verb-tagged union, style.md §5) and rule-error helpers. */
import { ruleFailer } from '../core/errors.js';
import type { Card } from './cards.js';

export type Action =
  /** phom.md §5 T: draw the top card of the stock. */
  | { type: 'draw' }
  /** phom.md §6: eat the previous turn's discard (`card` must be that card). */
  | { type: 'eat'; card: Card }
  /** phom.md §7.4: a full lay-down choice (each phỏm in notation codes); `[]` = nothing (Móm; a no-op in a tái turn without phỏm). */
  | { type: 'lay-down'; melds: Card[][] }
  /** phom.md §7.5: send `card` onto table meld number `target` (index into the public `melds`). */
  | { type: 'send'; card: Card; target: number }
  | { type: 'discard'; card: Card }
  /** phom.md §8.2: declare Ù. */
  | { type: 'u' }
  /** phom.md §11.3: the seat leaves; it is auto-played to the end of the hand and settles as Móm. Never listed in options. */
  | { type: 'leave' };

export type ActionType = Action['type'];
export const ACTION_TYPES: readonly ActionType[] = ['draw', 'eat', 'lay-down', 'send', 'discard', 'u', 'leave'];

/** Every rule-error reason (`phom/<reason>`), each also an i18n key `error.<reason>`. */
export const ERRORS = {
  'hand-over': 'The hand is over.',
  'bad-action': 'This is not a Phỏm action.',
  'bad-seat': 'There is no such seat at this table.',
  'seat-left': 'You have left this hand; your seat is auto-played.',
  'not-your-turn': 'It is not your turn (seat {{turn}} is playing).',
  'must-take': 'First draw a card or eat the previous discard.',
  'already-took': 'You have already taken a card this turn.',
  'nothing-to-eat': 'There is no discard you can eat now (phom.md §6.1: only the previous turn’s discard).',
  'eat-wrong-card': 'You can only eat {{card}}, the card just discarded (phom.md §6.1).',
  'eat-no-phom': '{{card}} does not form a phỏm with two of your own non-eaten cards (phom.md §6.2).',
  'eat-breaks-eaten': 'Eating {{card}} would leave an eaten card without its own phỏm: never two eaten cards in one phỏm (phom.md §6.2).',
  'eat-no-move':
    'Eating {{card}} would leave you no move: your hand would be all in phỏm with no card to discard, and the cards you sent earlier stay outside it, so no Ù (phom.md §8.2, option u-by-sending off).',
  'eat-in-tai': 'Eating is not allowed in a tái turn at this table (option tai-may-eat).',
  'must-lay-down': 'This is your lay-down turn: lay down your phỏm first (phom.md §7.4).',
  'tai-must-lay-down':
    'Your tái turn ends with your 4th discard: first lay down all the phỏm in your hand, then send or discard (phom.md §5 H′; seed: all phỏm go down on the last turn).',
  'not-lay-down-turn': 'You can only lay down in your lay-down turn or a tái turn, before discarding (phom.md §7.4).',
  'lay-down-not-phom': '{{cards}} is not a phỏm (phom.md §7.1).',
  'lay-down-not-in-hand': '{{card}} is not in your hand.',
  'lay-down-overlap': '{{card}} is used in two phỏm.',
  'lay-down-eaten-left': 'Eaten card {{card}} must be laid down in a phỏm (phom.md §7.3 C3).',
  'lay-down-two-eaten': 'A phỏm may hold only one eaten card: {{cards}} (phom.md §7.3 C3).',
  'lay-down-phom-left': 'You must lay down all your phỏm: {{cards}} would stay in your hand (phom.md §7.4).',
  'lay-down-empty-hand': 'Keep at least one card to discard; declare Ù instead (phom.md §8.2).',
  'send-not-allowed': 'You can send cards only after laying down a phỏm, in your lay-down or tái turn (phom.md §7.5).',
  'send-no-target': 'There is no meld number {{target}} on the table.',
  'send-own-meld': 'You cannot send to your own phỏm; send to other players’ phỏm (phom.md §7.5).',
  'send-not-fit': '{{card}} does not fit meld {{target}}: a set holds at most 4, a run grows at either end (phom.md §7.5).',
  'send-last-card': 'Keep at least one card to discard.',
  'card-not-in-hand': '{{card}} is not in your hand.',
  'discard-eaten': 'You cannot discard an eaten card ({{card}}) (phom.md §7.3 C1).',
  'discard-locked': 'Discarding {{card}} would break the phỏm that holds an eaten card (phom.md §7.3 C2).',
  'no-u': 'You do not have Ù: more than one card is left outside phỏm (phom.md §8.2).',
  'already-left': 'This seat has already left the hand.',
  'bad-deck': 'The deck must list all 52 cards exactly once: {{problem}}',
  'bad-position': 'The position is not consistent: {{problem}}',
} as const;
export type ErrorReason = keyof typeof ERRORS;

/** `fail(reason, data)`: the shared rule-error dialect (core/errors.ts), code `phom/<reason>`. */
export const fail = ruleFailer('phom', ERRORS);
