/**
 * Scoring items as data (style.md §3, vn-mahjong.md §9). Values are in phán (6 phán = 1 mủn).
 * Preset B derives from A by a small diff.
 */
export interface ScoringItem {
  id: string;
  value: number;
  unit: 'phan';
  spec: string;
  note?: string;
}

const item = (id: string, value: number, spec: string, note?: string): ScoringItem =>
  note === undefined ? { id, value, unit: 'phan', spec } : { id, value, unit: 'phan', spec, note };

export const BASE_A: readonly ScoringItem[] = [
  item('hoa-cua', 1, '§9', 'each exposed seat bonus tile'),
  item('bo-hoa', 6, '§9', 'a full bonus group exposed, instead of its hoa-cua'),
  item('dai-hoa', 2, '§9', 'each exposed JF'),
  item('khung', 1, '§2', 'each exposed joker; value per kind and seat (§2)'),
  item('bo-khung', 6, '§9', 'a full joker colour set'),
  item('bo-khung-exposed', 12, '§9', 'a full joker colour set, all four exposed'),
  item('muoi', 0, '§9'),
  item('muoi-kk', 6, '§9'),
  item('phinh', 1, '§9'),
  item('kin', 1, '§9'),
  item('xuyen', 1, '§9'),
  item('tui-tui', 3, '§9'),
  item('toan-cau-nhan', 3, '§9'),
  item('lai-hang', 3, '§9'),
  item('toan-hang', 6, '§9'),
  item('lai-nhat-cuu', 6, '§9'),
  item('toan-nhat-cuu', 24, '§9'),
  item('toan-chu', 24, '§9'),
  item('tieu-tam-nguyen', 6, '§9'),
  item('dai-tam-nguyen', 9, '§9'),
  item('thap-tam-yeu', 13, '§9'),
  item('khan-khan', 18, '§9'),
  item('coong-coong', 24, '§9'),
  item('coong-coong-am', 30, '§9'),
  item('cuu-tu', 18, '§9'),
  item('tieu-tu-hi', 24, '§9'),
  item('dai-tu-hi', 48, '§9'),
  item('dai-tu-hi-nhat-cuu', 3, '§9', 'Đại Tứ Hỉ with only terminals/honours'),
  item('pe-pe', 6, '§9'),
  item('rong', 1, '§9'),
  item('tp-cua', 1, '§9'),
  item('tp-gio', 1, '§9'),
  item('coong', 1, '§9'),
  item('cxp', 1, '§9'),
  item('thay', 1, '§9'),
  item('cuoi', 1, '§9'),
  item('thien-u', 12, '§9'),
  item('dia-u', 12, '§9'),
  item('nhan-u', 12, '§9'),
  item('bat-hoa', 6, '§9'),
  item('kk-bonus', 6, '§9', 'KK with a big pattern'),
  item('kk-bonus-small', 1, '§9', 'KK with Tui Tui or Toàn Cầu Nhần'),
  item('kin-xuyen-limit', 6, '§9', 'Kín + Xuyên on a limit hand'),
  item('progressive', 3, '§9', 'per medium pattern'),
  item('luc-khoi', 6, '§9'),
  item('bat-hoa-8', 6, '§9', 'flower-8-10: 8 bonus tiles'),
  item('thap-hoa', 12, '§9', 'flower-8-10: 10 bonus tiles'),
  item('four-seat-flowers', 12, '§9'),
  item('double-pung-wait', 1, '§9'),
  item('rob-bounce', 1, '§7'),
  item('tong-hop-start-combo', 9, '§9'),
  item('tong-hop-start-combo-frame', 12, '§9'),
  item('nfnl', 12, '§13'),
  item('nfnl-seattle', 6, '§13'),
  item('pe-pe-phan', 1, '§13', 'seven-pairs = 1-phan'),
];

export interface Derive {
  set?: Record<string, number>;
  remove?: string[];
  add?: ScoringItem[];
}
export function derive(base: readonly ScoringItem[], d: Derive): ScoringItem[] {
  const rm = new Set(d.remove ?? []);
  const out = base.filter((x) => !rm.has(x.id)).map((x) => (d.set && d.set[x.id] !== undefined ? { ...x, value: d.set[x.id]! } : x));
  return [...out, ...(d.add ?? [])];
}

/** Preset B (§9, [RA-old]): a different pattern list; wind/dragon pungs, progressive and Pe Pe dropped. */
export const PRESET_B: readonly ScoringItem[] = derive(BASE_A, {
  remove: [
    'bo-hoa',
    'rong',
    'tp-cua',
    'tp-gio',
    'progressive',
    'pe-pe',
    'pe-pe-phan',
    'muoi-kk',
    'kk-bonus',
    'kk-bonus-small',
    'lai-hang',
    'lai-nhat-cuu',
    'toan-nhat-cuu',
    'cuu-tu',
    'kin',
    'xuyen',
    'kin-xuyen-limit',
    'coong-coong-am',
    'dai-tu-hi-nhat-cuu',
  ],
  set: { 'toan-hang': 12, 'thap-tam-yeu': 12, 'dai-tam-nguyen': 12, 'tieu-tu-hi': 30, nfnl: 18, 'nfnl-seattle': 18 },
  add: [
    item('phinh-chu', 3, '§9 B', 'all chows with an honour pair'),
    item('tui-tui-chu', 6, '§9 B', 'all pungs with honours'),
    item('cau-nhan-pung', 6, '§9 B', 'all called pungs'),
    item('cau-nhan-pung-chu', 12, '§9 B', 'all called pungs with honours'),
    item('nhat-cuu-pung', 6, '§9 B', 'all pungs including a 1 and a 9 pung'),
    item('mon-thanh', 6, '§9 B', 'nothing exposed, no honours'),
    item('mon-thanh-phinh', 12, '§9 B', 'nothing exposed, no honours, all chows'),
    item('nhat-thong', 18, '§9 B', 'pure straight 123-456-789'),
    item('limit-kk', 6, '§9 B', '+1 mủn on a starred hand with no joker'),
    item('limit-kin', 6, '§9 B', '+1 mủn on a starred hand with nothing exposed'),
  ],
});

export function itemTable(preset: string): Map<string, ScoringItem> {
  return new Map((preset === 'B' ? PRESET_B : BASE_A).map((x) => [x.id, x]));
}
