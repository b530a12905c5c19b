/**
 * The few fixed words the art draws itself (section titles, badges, captions) in each language. Apart
 * from draw.ts so that the table layer's image-in-words (src/table/words.ts) reads them without
 * loading node-canvas.
 */
import type { Locale } from './model.js';

const WORDS = {
  vi: {
    flowers: 'Hoa',
    drawn: 'Vừa bốc',
    dealer: 'Cái',
    discards: 'Bài đánh',
    scoring: 'Tính điểm',
    totals: 'Kết quả',
    payments: 'Thanh toán',
    eaten: 'Ăn',
    win: 'Ù',
    noWinner: 'Không ai thắng',
    exposed: 'Bài hạ',
    leftover: 'Bài rác',
    jokers: 'Khung',
    hand: 'Trên tay',
    cards: 'lá',
    turn: 'Đến lượt',
    none: '—',
  },
  en: {
    flowers: 'Flowers',
    drawn: 'Drawn',
    dealer: 'Dealer',
    discards: 'Discards',
    scoring: 'Scoring',
    totals: 'Totals',
    payments: 'Payments',
    eaten: 'Eaten',
    win: 'Win',
    noWinner: 'No winner',
    exposed: 'Exposed',
    leftover: 'Leftover',
    jokers: 'Jokers',
    hand: 'In hand',
    cards: 'in hand',
    turn: 'To play',
    none: '—',
  },
  'zh-TW': {
    flowers: '花牌',
    drawn: '摸牌',
    dealer: '莊',
    discards: '棄牌',
    scoring: '計分',
    totals: '結算',
    payments: '支付',
    eaten: '吃',
    win: '胡',
    noWinner: '無人勝出',
    exposed: '明牌',
    leftover: '散牌',
    jokers: '百搭',
    hand: '手牌',
    cards: '張',
    turn: '輪到',
    none: '—',
  },
} satisfies Record<Locale, Record<string, string>>;

export type WordKey = keyof (typeof WORDS)['en'];
export function word(locale: Locale, k: WordKey): string {
  return (WORDS[locale] ?? WORDS.en)[k];
}
