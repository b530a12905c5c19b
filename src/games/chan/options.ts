/**
 * House-rule options of Chắn (chan.md §13). Keys are the spec's option ids. Defaults follow the spec,
 * except `scoring`, which issue #7 turns ON (`cuoc`, Sân Đình profile); the `seed-table` preset turns it
 * off exactly as the seed's table plays.
 */
import type { OptionsSchema } from '../core/options.js';

export interface ChanOptions {
  'lao-thang-ca': boolean;
  'passed-ca-ban': 'face-ca' | 'rank-ca' | 'rank-ca-and-chan';
  'prefer-chan': boolean;
  'u-on-returned-card': boolean;
  'reclaim-window-s': number;
  'decision-timeout-s': number;
  'wall-reserve': number;
  'chained-chiu-return': 'interrupted-gate';
  'opener-after-draw': 'host' | 'same' | 'next';
  'final-turn': 'complete' | 'u-only';
  'first-opener': 'random' | 'host';
  'split-chan-for-ca': boolean;
  'ca-partner': 'spare-card' | 'only-face';
  'return-counts-as-discard': boolean;
  'score-arrangement': 'most-chan' | 'best-value';
  scoring: 'off' | 'cuoc';
  stake: number;
  'scoring-profile': 'san-dinh' | 'chan-van-van';
  'chi-bach-thu-ga': number;
  'red-lao-thang': boolean;
  'bach-thu-4p': 'eight-chan' | 'disabled';
  'thap-thanh-4p': 'all-pairs' | 'ten-chan';
  'tam-do': 'exactly-8' | 'at-least-8';
  'kinh-tu-chi': 'only-red-4cc' | 'has-4cc';
  'min-points-to-win': number;
  'xuong-mode': 'manual' | 'auto';
  'u-claim-check': 'validated' | 'honor';
  'den-lang-points': number;
}

export const OPTIONS: OptionsSchema<ChanOptions> = {
  fields: {
    'lao-thang-ca': { type: 'bool', default: true, spec: '§2, §13', description: 'Lão and Thang together form a cạ.' },
    'passed-ca-ban': {
      type: 'enum',
      default: 'face-ca',
      values: ['face-ca', 'rank-ca', 'rank-ca-and-chan'],
      spec: '§7.5 R2',
      description:
        'After passing a cạ with an offered card X: no later cạ using an offered X (face-ca), no cạ in X’s group at all (rank-ca), or also no chắn of X (rank-ca-and-chan).',
    },
    'prefer-chan': {
      type: 'bool',
      default: true,
      spec: '§7.2 R6',
      description: 'When a chắn and a cạ can both be eaten, only the chắn is offered.',
    },
    'u-on-returned-card': {
      type: 'bool',
      default: false,
      spec: '§6',
      description: 'An ordinary ù is allowed on a returned (trả cửa) card.',
    },
    'reclaim-window-s': {
      type: 'int',
      default: 0,
      min: 0,
      max: 10,
      spec: '§6',
      description:
        'Seconds during which a player who passed on a claim can still choose another answer (0 = final at once). Applied by the table layer (src/table/reclaim.ts).',
    },
    'decision-timeout-s': {
      // §13: "0 (off), 10…300" — 1–9 are refused.
      type: 'int',
      default: 0,
      min: 10,
      max: 300,
      also: [0],
      spec: '§5.2, §13',
      description:
        'Per-decision timeout in seconds (0 = off; otherwise 10–300). Applied by the bot layer with each decision’s timeout default; a custom timer (/play turn-seconds, claim-seconds) wins over it.',
    },
    'wall-reserve': { type: 'int', default: 0, min: 0, max: 1, spec: '§12', description: 'Nọc cards left when the hand ends as a draw.' },
    'chained-chiu-return': {
      type: 'enum',
      default: 'interrupted-gate',
      values: ['interrupted-gate'],
      spec: '§5.3',
      description: 'Where the card of a repeated chíu is returned: to the interrupted gate.',
    },
    'opener-after-draw': {
      type: 'enum',
      default: 'host',
      values: ['host', 'same', 'next'],
      spec: '§3',
      description: 'Who opens after a drawn hand: the host’s seat (seat 0), the same opener, or the next seat.',
    },
    'final-turn': {
      type: 'enum',
      default: 'complete',
      values: ['complete', 'u-only'],
      spec: '§12',
      description: 'The last nọc card is played normally (complete) or only checked for ù (u-only).',
    },
    'first-opener': {
      type: 'enum',
      default: 'random',
      values: ['random', 'host'],
      spec: '§3',
      description: 'Opener of the first hand: drawn by the seeded RNG, or the host’s seat.',
    },
    'split-chan-for-ca': { type: 'bool', default: true, spec: '§7.2', description: 'A card of a concealed chắn may be used to eat a cạ.' },
    'ca-partner': {
      type: 'enum',
      default: 'spare-card',
      values: ['spare-card', 'only-face'],
      spec: '§7.2 R5',
      description:
        'Which card of a normal rank may eat an offered cạ: a spare card (odd count of the rank, odd count of that card, as the seed’s Nhất/Yêu rule; a held cạ is never split), or only a card that is the only face of its rank in hand.',
    },
    'return-counts-as-discard': {
      type: 'bool',
      default: false,
      spec: '§7.5 R3/R4',
      description:
        'A card returned after an out-of-turn chíu (trả cửa) counts as a discard for R3 and R4 (the face may never be eaten again by that seat).',
    },
    'score-arrangement': {
      type: 'enum',
      default: 'most-chan',
      values: ['most-chan', 'best-value'],
      spec: '§9, §14 E10',
      description:
        'Which winning arrangements are scored (the best value counts): those with the most chắn (a chắn is never read as two cạ, as in E10), or every pairing of the cards (e.g. 2v 2v 2s 2s read as two cạ to reach Bạch thủ).',
    },
    scoring: {
      type: 'enum',
      default: 'cuoc',
      values: ['off', 'cuoc'],
      spec: '§9',
      description: 'Pay by cước (cuoc) or only record wins (off).',
    },
    stake: { type: 'int', default: 1, min: 1, max: 1000000, spec: '§10', description: 'Unit multiplied by hand values.' },
    'scoring-profile': {
      type: 'enum',
      default: 'san-dinh',
      values: ['san-dinh', 'chan-van-van'],
      spec: '§9',
      description: 'Cước value table: Sân Đình or Chắn Vạn Văn.',
    },
    'chi-bach-thu-ga': { type: 'int', default: 2, min: 1, max: 2, spec: '§9', description: 'Gà for Chì + Bạch thủ.' },
    'red-lao-thang': { type: 'bool', default: true, spec: '§2', description: 'Lão and Thang count as red cards.' },
    'bach-thu-4p': {
      type: 'enum',
      default: 'eight-chan',
      values: ['eight-chan', 'disabled'],
      spec: '§9',
      description: 'Bạch thủ in 24-card (4-player) hands: with exactly 8 chắn, or not at all.',
    },
    'thap-thanh-4p': {
      type: 'enum',
      default: 'all-pairs',
      values: ['all-pairs', 'ten-chan'],
      spec: '§9',
      description: 'Thập thành in 24-card hands: all 12 pairs chắn, or at least 10 chắn.',
    },
    'tam-do': {
      type: 'enum',
      default: 'exactly-8',
      values: ['exactly-8', 'at-least-8'],
      spec: '§9',
      description: 'Tám đỏ: exactly 8 red cards, or at least 8.',
    },
    'kinh-tu-chi': {
      type: 'enum',
      default: 'only-red-4cc',
      values: ['only-red-4cc', 'has-4cc'],
      spec: '§9',
      description: 'Kính tứ chi: four Chi Chi and no other red card, or simply four Chi Chi.',
    },
    'min-points-to-win': {
      type: 'int',
      default: 0,
      min: 0,
      max: 1000,
      spec: '§8',
      description: 'Smallest hand value allowed to ù (needs scoring = cuoc).',
    },
    'xuong-mode': {
      type: 'enum',
      default: 'manual',
      values: ['manual', 'auto'],
      spec: '§9',
      description: 'The winner announces his cước (manual) or the engine does (auto).',
    },
    'u-claim-check': {
      type: 'enum',
      default: 'validated',
      values: ['validated', 'honor'],
      spec: '§8, §11',
      description: 'Offer ù only when the hand wins (validated), or allow pressing ù on any claimable card (honor; a wrong ù is ù láo).',
    },
    'den-lang-points': {
      type: 'int',
      default: 12,
      min: 1,
      max: 1000,
      spec: '§11',
      description: 'Points the offender pays to each other seat on đền làng.',
    },
  },
  presets: {
    /** The seed's table: no scoring, everything else at the seed/reference defaults. */
    'seed-table': { scoring: 'off' },
    /** The default profile (Sân Đình cước with scoring on). */
    'san-dinh': { scoring: 'cuoc', 'scoring-profile': 'san-dinh' },
    /** BigKool's Chắn Vạn Văn table. */
    'chan-van-van': { scoring: 'cuoc', 'scoring-profile': 'chan-van-van', 'chi-bach-thu-ga': 1 },
    /** Standard online clients: one nọc card kept back, engine announces. */
    'online-client': { 'wall-reserve': 1, 'xuong-mode': 'auto' },
    /** Traditional honour table: ù is pressed by the player and a wrong one is ù láo. */
    'honor-table': { 'u-claim-check': 'honor' },
  },
};
