/** House-rule options of vn-mahjong.md §13, as data. */
import type { OptionsSchema, OptionSpec } from '../core/options.js';

const b = (def: boolean, spec: string, description: string): OptionSpec => ({ type: 'bool', default: def, spec, description });
const e = (values: string[], def: string, spec: string, description: string): OptionSpec => ({
  type: 'enum',
  values,
  default: def,
  spec,
  description,
});
const i = (min: number, max: number, def: number, spec: string, description: string): OptionSpec => ({
  type: 'int',
  min,
  max,
  default: def,
  spec,
  description,
});

export interface VnOptions {
  'player-count': number;
  'sitout-rotation': string;
  'match-length': string;
  'dealer-rotation': string;
  'point-unit': number;
  'joker-copies': number;
  'honour-joker': string;
  'dai-hoa-mode': string;
  'hop-exposed-value': string;
  'initial-tong-hop-bonus': boolean;
  'tong-hop-start-combo': boolean;
  'initial-joker-expose': string;
  'max-jokers-per-call': string;
  'jokers-in-kong': boolean;
  'joker-discard': string;
  'bounce-source': string;
  'rob-bounce': boolean;
  'flower-discard': string;
  'kong-on-discard': boolean;
  'added-kong-from-hand': boolean;
  'added-kong-phan': string;
  'rob-kong-payment': string;
  'timeout-win': string;
  'wall-reserve': string;
  'scoring-preset': string;
  'seven-pairs': string;
  'kk-bonus': string;
  'kin-xuyen': string;
  progressive: boolean;
  'leftover-phan-value': string;
  'mun-flat-bonus': string;
  'kong-flat-bonus': string;
  'nhan-u': boolean;
  'luc-khoi': boolean;
  'flower-8-10': boolean;
  'four-seat-flowers': boolean;
  'double-pung-wait': boolean;
  nfnl: string;
  'nfnl-calls': string;
  'nfnl-small-kk': string;
  'dai-tu-hi-bonus': string;
  'liability-cuu-chuong': boolean;
  'liability-thap-nhi-chuong': boolean;
  'liability-bach-bao': boolean;
  'liability-bac-bao': boolean;
  'liability-flower-joker': boolean;
  'liability-exempt-feeding': boolean;
  'false-win': string;
}

export const OPTIONS: OptionsSchema<VnOptions> = {
  fields: {
    'player-count': i(4, 6, 4, '§3', 'People at the table (4–6); exactly 4 play each hand, the others sit out in rotation.'),
    'sitout-rotation': e(
      ['seed', 'fair'],
      'seed',
      '§3',
      'Who sits out after each wind round: the seed rule (East and West seats leave) or fair (longest-playing leave).',
    ),
    'match-length': e(['1-wind', '2-winds', '4-winds'], '4-winds', '§3', 'Number of wind rounds in a match.'),
    'dealer-rotation': e(
      ['keep-on-win-or-draw', 'keep-on-win', 'always-pass'],
      'keep-on-win-or-draw',
      '§3',
      'When the deal passes to the next seat.',
    ),
    'point-unit': i(1, 1000000, 1, '§10', 'Points per payment unit.'),
    'joker-copies': i(1, 4, 1, '§2', 'Copies of each joker kind.'),
    'honour-joker': e(['off', 'replaces-JW', 'replaces-JD'], 'off', '§2', 'Use the honour joker JH (any honour) in place of JW or JD.'),
    'dai-hoa-mode': e(
      ['bonus', 'wild-flower'],
      'bonus',
      '§9',
      'Đại Hoa (JF): a 2-phán bonus tile, or a wild bonus tile that completes a missing one.',
    ),
    'hop-exposed-value': e(['2', '1'], '2', '§2', 'Base phán of an exposed Hợp (JN).'),
    'initial-tong-hop-bonus': b(true, '§2', '+1 phán for Tổng/Hợp exposed in the initial phase.'),
    'tong-hop-start-combo': b(false, '§9', 'Tổng + Hợp both exposed in the initial phase: 9 phán (12 if the same frame).'),
    'initial-joker-expose': e(['optional', 'mandatory'], 'optional', '§4.3', 'Whether jokers held at the deal must be exposed.'),
    'max-jokers-per-call': e(['1', '2'], '1', '§7', 'Jokers allowed in a called chow or pung.'),
    'jokers-in-kong': b(
      false,
      '§7',
      'Jokers may be used in concealed and added kongs (a kong on a discard takes three natural tiles, §6).',
    ),
    'joker-discard': e(
      ['seat-flower', 'never', 'tong-hop-anytime', 'always'],
      'seat-flower',
      '§5',
      'When jokers may be discarded (seed: not after exposing a seat bonus tile).',
    ),
    'bounce-source': e(
      ['drawn', 'hand-or-drawn'],
      'drawn',
      '§7',
      'Which tile may bounce a joker out of a pung: the drawn one, or also a held one.',
    ),
    'rob-bounce': b(false, '§7', 'Others may win on the tile that bounced a joker (+1 phán, paid like a robbed kong).'),
    'flower-discard': e(
      ['dealer-single-only', 'anytime'],
      'dealer-single-only',
      '§4.3',
      'When a bonus tile may be discarded instead of exposed.',
    ),
    'kong-on-discard': b(true, '§6', 'A kong may be claimed on a discard with three held tiles.'),
    'added-kong-from-hand': b(true, '§7', 'Hối Coong may use a held 4th tile, not only a freshly drawn one.'),
    'added-kong-phan': e(['1', '0'], '1', '§7', 'Phán for a Hối Coong.'),
    'rob-kong-payment': e(['compensate', 'as-discard'], 'compensate', '§10', 'How a robbed Hối Coong is paid.'),
    'timeout-win': e(['always', 'self-draw-only', 'never'], 'always', '§5', 'Whether the timer declares Ù automatically.'),
    'wall-reserve': e(['0', '26'], '0', '§12', 'Live tiles left undrawn at the end.'),
    'scoring-preset': e(['A', 'B'], 'A', '§9', 'Scoring preset: A (default) or B (older lineage).'),
    'seven-pairs': e(['1-mun', '1-phan', 'self-draw-only', 'off'], '1-mun', '§8', 'Pe Pe (seven pairs) value or availability.'),
    'kk-bonus': e(['once', 'per-pattern'], 'once', '§9', 'No-joker (KK) bonus once, or per pattern.'),
    'kin-xuyen': e(['independent', 'paired'], 'independent', '§9', 'Paired: non-limit hands score Kín and Xuyên only together.'),
    progressive: b(true, '§9', 'Progressive counting (Sự Tính Lũy Tiến).'),
    'leftover-phan-value': e(['6', '2', '1', '0'], '6', '§10', 'Money per leftover phán above whole mủn.'),
    'mun-flat-bonus': e(['0', '6', '10'], '0', '§10', 'Flat extra per mủn, per payer.'),
    'kong-flat-bonus': e(['0', '5', '6'], '0', '§10', 'Flat extra per kong, per payer.'),
    'nhan-u': b(true, '§9', 'Nhân Ù scores.'),
    'luc-khoi': b(false, '§9', 'Lục Khôi: 1 mủn on a 6th consecutive win, +1 per further win.'),
    'flower-8-10': b(false, '§9', 'Bát Hoa / Thập Hoa: 1 mủn for 8 exposed bonus tiles, +1 for 10.'),
    'four-seat-flowers': b(false, '§9', 'All four bonus tiles of your number: 2 mủn.'),
    'double-pung-wait': b(false, '§9', 'Win on a double-pung wait: 1 phán.'),
    nfnl: e(['off', 'true-nfnl', 'seattle'], 'off', '§13', 'Không Hoa Không Lá: a hand with nothing ever exposed.'),
    'nfnl-calls': e(
      ['allowed', 'refused'],
      'allowed',
      '§13',
      'Không Hoa Không Lá with called melds (nothing exposed = no bonus tile or joker set aside), or only with no call at all.',
    ),
    'nfnl-small-kk': e(
      ['dropped', 'kept'],
      'dropped',
      '§9',
      'The small no-joker bonus (Tui Tui / Toàn Cầu Nhần) on a Không Hoa Không Lá hand: dropped (Seattle) or kept.',
    ),
    'dai-tu-hi-bonus': e(
      ['needs-terminal', 'all-honours-too'],
      'needs-terminal',
      '§9',
      'Đại Tứ Hỉ +3 phán for terminals/honours only: needs a terminal (Seattle), or also on an all-honour hand.',
    ),
    'liability-cuu-chuong': b(true, '§11.1', 'Cửu Chướng Báo liability.'),
    'liability-thap-nhi-chuong': b(true, '§11.2', 'Thập Nhị Chướng Báo Chủy Mó liability.'),
    'liability-bach-bao': b(true, '§11.3', 'Bạch Báo liability.'),
    'liability-bac-bao': b(true, '§11.4', 'Bắc Báo liability.'),
    'liability-flower-joker': b(true, '§11.5', 'Discarding a bonus tile or joker that is won on: the discarder pays for all.'),
    'liability-exempt-feeding': b(true, '§11.1', 'The "no other choice" exception also covers feeding.'),
    'false-win': e(
      ['prevented', 'penalized'],
      'prevented',
      '§11.6',
      'False Ù: prevented (only legal Ù accepted) or penalized (Chao Ù). The bot offers Ù only on a winning hand, so a Chao Ù comes only from a replay or the CLI.',
    ),
  },
  presets: {
    A: { 'scoring-preset': 'A' },
    B: { 'scoring-preset': 'B', 'leftover-phan-value': '0', 'tong-hop-start-combo': true, progressive: false, 'seven-pairs': 'off' },
    'five-people': { 'player-count': 5 },
    'six-people': { 'player-count': 6 },
  },
  // §9: `scoring-preset = B` is preset B ("no progressive, no Pe Pe, leftover phán ignored…"): set
  // alone, it brings the bundle along (under the other options given).
  bundles: ['scoring-preset'],
};
