/**
 * House-rule options of Phỏm (phom.md §13), one field per spec option with its default.
 * The spec's `rank-payments` (int[3]) is split into three int fields, because option values are
 * scalars (core/options.ts): `rank-payment-2/3/4` = paid to Nhất by Nhì, Ba, Bét.
 */
import type { OptionsSchema } from '../core/options.js';

export interface Options {
  'bet-unit': number;
  'starter-reset': 'any-change' | 'leave-and-join';
  'face-card-points': 'rank' | 'ten';
  'allow-qka': boolean;
  'discard-rotation': boolean;
  'tai-may-eat': boolean;
  'eat-reveal': 'card' | 'phom';
  'eat-payment': 'progressive' | 'flat' | 'none';
  'chot-payment': number;
  'chot-definition': 'victim-final' | 'eater-final';
  'rank-payment-2': number;
  'rank-payment-3': number;
  'rank-payment-4': number;
  'mom-payment': number;
  'gui-noi': boolean;
  'u-payment': number;
  'u-tron': 'all-ten' | 'no-eat' | 'off';
  'u-tron-payment': number;
  'u-khan': boolean;
  'u-khan-payment': number;
  'u-on-deal': boolean;
  'u-by-sending': boolean;
  'den-three-eats': boolean;
  'den-danh-chot': boolean;
  'den-an-chot': boolean;
  'den-precedence': 'three-eats-first' | 'an-chot-first';
  'ga-pot': 'off' | 'flat' | 'escalating';
  'turn-timeout-s': number;
}

const money = (d: number, description: string, spec: string) => ({
  type: 'int' as const,
  default: d,
  min: 0,
  max: 1000,
  description,
  spec,
});

export const OPTIONS: OptionsSchema<Options> = {
  fields: {
    'bet-unit': {
      type: 'int',
      default: 1,
      min: 1,
      max: 1_000_000,
      description: 'Bet unit B (mức cược); every amount is a multiple of it',
      spec: '§13',
    },
    'starter-reset': {
      type: 'enum',
      default: 'any-change',
      values: ['any-change', 'leave-and-join'],
      description: 'Which seating change makes the next hand a first hand (the host starts)',
      spec: '§3',
    },
    'face-card-points': {
      type: 'enum',
      default: 'rank',
      values: ['rank', 'ten'],
      description: 'Points of J/Q/K: 11/12/13, or 10 each',
      spec: '§2',
    },
    'allow-qka': { type: 'bool', default: false, description: 'Accept Q K A of one suit as a run (ace high after the king)', spec: '§2' },
    'discard-rotation': {
      type: 'bool',
      default: true,
      description: 'Discard rotation (chuyển bài) and extra turns (tái) after an eat',
      spec: '§6.4',
    },
    'tai-may-eat': { type: 'bool', default: true, description: 'A player in a tái turn may eat', spec: '§6.2' },
    'eat-reveal': {
      type: 'enum',
      default: 'card',
      values: ['card', 'phom'],
      description: 'After an eat, show only the eaten card, or the whole phỏm it completes',
      spec: '§6.3',
    },
    'eat-payment': {
      type: 'enum',
      default: 'progressive',
      values: ['progressive', 'flat', 'none'],
      description: 'An ordinary eat pays k (the eater’s k-th eat), 1, or nothing',
      spec: '§10.1',
    },
    'chot-payment': money(4, 'Paid for an eaten chốt (final discard), replacing the eat payment', '§10.1'),
    'chot-definition': {
      type: 'enum',
      default: 'victim-final',
      values: ['victim-final', 'eater-final'],
      description: 'Which eat is ăn chốt: the victim’s 4th discard, or any eat while the eater’s row holds 3',
      spec: '§6.5',
    },
    'rank-payment-2': money(1, 'Paid to Nhất by Nhì (2nd)', '§10.2'),
    'rank-payment-3': money(2, 'Paid to Nhất by Ba (3rd)', '§10.2'),
    'rank-payment-4': money(3, 'Paid to Nhất by Bét (4th)', '§10.2'),
    'mom-payment': money(4, 'Paid to Nhất by each Móm player (no phỏm)', '§10.2'),
    'gui-noi': { type: 'bool', default: true, description: 'Sent cards can be the link for further sends (gửi nối)', spec: '§7.5' },
    'u-payment': money(5, 'Paid by each loser for Ù', '§10.3'),
    'u-tron': {
      type: 'enum',
      default: 'all-ten',
      values: ['all-ten', 'no-eat', 'off'],
      description: 'Meaning of Ù tròn: all ten cards in phỏm, any Ù without eaten cards, or none',
      spec: '§8.3',
    },
    'u-tron-payment': money(10, 'Paid by each loser for Ù tròn', '§10.3'),
    'u-khan': { type: 'bool', default: true, description: 'Ù khan (a dealt hand with no phỏm and no cạ) wins at the deal', spec: '§8.4' },
    'u-khan-payment': money(5, 'Paid by each loser for Ù khan', '§10.3'),
    'u-on-deal': { type: 'bool', default: true, description: 'The starter may declare Ù on its dealt 10 cards', spec: '§8.2' },
    'u-by-sending': { type: 'bool', default: true, description: 'Cards sent this turn count towards Ù', spec: '§8.2' },
    'den-three-eats': {
      type: 'bool',
      default: true,
      description: 'Ù after eating 3 cards: the previous player pays for the whole table',
      spec: '§11.1',
    },
    'den-danh-chot': {
      type: 'bool',
      default: true,
      description: 'Ù in the turn its chốt was eaten: the victim pays for the whole table',
      spec: '§11.1',
    },
    'den-an-chot': { type: 'bool', default: true, description: 'The most recent other chốt-eater pays the whole Ù', spec: '§11.1' },
    'den-precedence': {
      type: 'enum',
      default: 'three-eats-first',
      values: ['three-eats-first', 'an-chot-first'],
      description: 'Which đền trigger is checked first',
      spec: '§11.2',
    },
    'ga-pot': {
      type: 'enum',
      default: 'off',
      values: ['off', 'flat', 'escalating'],
      description: 'Chicken pot fed by victims of eats, won by the next Ù',
      spec: '§10.1',
    },
    'turn-timeout-s': {
      type: 'int',
      default: 25,
      min: 5,
      max: 600,
      description: 'Seconds per pending decision before auto-play',
      spec: '§11.4',
    },
  },
  presets: {
    /** All spec defaults (phom.md §13). */
    standard: {},
    /** Flat eat payments, no disputed đánh-chốt đền, no Ù khan. */
    casual: { 'eat-payment': 'flat', 'den-danh-chot': false, 'u-khan': false },
    /** Score-tracker table: Ù tròn = no eaten card at 6B, Ù khan 7B, escalating gà pot. */
    club: { 'u-tron': 'no-eat', 'u-tron-payment': 6, 'u-khan-payment': 7, 'ga-pot': 'escalating' },
    /** No eat payments (chốt still pays), ăn-chốt đền first, gà pot. */
    'room-rules': { 'eat-payment': 'none', 'den-danh-chot': false, 'den-precedence': 'an-chot-first', 'ga-pot': 'flat' },
    /** Classic Western write-ups: J/Q/K count 10, no rotation. */
    'no-rotation': { 'discard-rotation': false, 'face-card-points': 'ten' },
  },
};
