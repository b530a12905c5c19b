/**
 * The codes each game uses (notation.md; vn-mahjong.md §2.2 for the `J*` jokers), the display sort,
 * and the short per-locale captions drawn on pieces and on the sheet.
 */
import type { GameId, Locale } from './model.js';

const RANKS9 = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const SUITED = (['m', 'p', 's'] as const).flatMap((s) => RANKS9.map((r) => `${r}${s}`));
const HONOURS = ['1z', '2z', '3z', '4z', '5z', '6z', '7z'];
const BONUS8 = Array.from({ length: 8 }, (_, i) => `${i + 1}f`);
const BONUS16 = Array.from({ length: 16 }, (_, i) => `${i + 1}f`);
/** vn-mahjong.md §2: blue set JA JP JS JM, red set JF JW JD JN, optional honour joker JH. */
export const JOKERS = ['JA', 'JP', 'JS', 'JM', 'JF', 'JW', 'JD', 'JN', 'JH'] as const;
const CHAN = [...(['v', 'n', 's'] as const).flatMap((s) => RANKS9.map((r) => `${r}${s}`)), 'CC', 'LA', 'TH'];
export const CARD_RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;
/** Display suit order alternates colours: ♠ ♥ ♣ ♦. */
export const CARD_SUITS = ['S', 'H', 'C', 'D'] as const;
const CARDS = CARD_SUITS.flatMap((s) => CARD_RANKS.map((r) => `${r}${s}`));

/** Every distinct code the game uses, in sheet order. */
export function allCodes(game: GameId): string[] {
  switch (game) {
    case 'phom':
      return [...CARDS];
    case 'chan':
      return [...CHAN];
    case 'classic-mahjong':
      return [...SUITED, ...HONOURS, ...BONUS8];
    case 'vn-mahjong':
      return [...SUITED, ...HONOURS, ...BONUS16, ...JOKERS];
  }
}

export function isMahjong(game: GameId): boolean {
  return game === 'vn-mahjong' || game === 'classic-mahjong';
}

/** Sort key: lower first; unknown codes go last (stable). */
export function sortKey(game: GameId, code: string): number {
  if (game === 'phom') {
    const m = /^(10|[2-9AJQK])([SHCD])$/.exec(code);
    if (!m) return 1e6;
    return CARD_SUITS.indexOf(m[2] as 'S') * 100 + CARD_RANKS.indexOf(m[1] as 'A');
  }
  if (game === 'chan') {
    // Rank-major so chắn and cạ sit together; the Yêu faces join the Nhất group (chan.md §2).
    const y = ['CC', 'LA', 'TH'].indexOf(code);
    if (y >= 0) return 100 + 10 + y;
    const m = /^([1-9])([vns])$/.exec(code);
    if (!m) return 1e6;
    return Number(m[1]) * 100 + 'vns'.indexOf(m[2]!);
  }
  // Mahjong: m p s z, then jokers, then bonus tiles (vn-mahjong.md §5 sort order m p s z J).
  const j = (JOKERS as readonly string[]).indexOf(code);
  if (j >= 0) return 4500 + j;
  const m = /^([1-9]|1[0-6])([mpszf])$/.exec(code);
  if (!m) return 1e6;
  return 'mpszf'.indexOf(m[2]!) * 1000 + (m[2] === 'f' ? 1000 : 0) + Number(m[1]);
}

/** A sorted copy (by suit/rank for hand display; Chắn by rank so pairs sit together). */
export function sortCodes(game: GameId, codes: readonly string[]): string[] {
  return codes
    .map((c, i) => ({ c, i, k: sortKey(game, c) }))
    .sort((a, b) => a.k - b.k || a.i - b.i)
    .map((x) => x.c);
}

export const ZH_NUM = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
/** Chắn's rank names (chan.md §1: Nhất, Nhì, Tam …). */
export const VI_RANK = ['', 'Nhất', 'Nhì', 'Tam', 'Tứ', 'Ngũ', 'Lục', 'Thất', 'Bát', 'Cửu'];
/** Mahjong's Sino-Vietnamese rank names: 2 is "Nhị" (the seed 000 names "Nhị Văn"). */
const VI_RANK_MAHJONG = ['', 'Nhất', 'Nhị', 'Tam', 'Tứ', 'Ngũ', 'Lục', 'Thất', 'Bát', 'Cửu'];

/** Joker kinds: glyph, Vietnamese name and colour set (vn-mahjong.md §2). */
export const JOKER_INFO: Record<string, { glyph: string; name: string; set: 'blue' | 'red' | 'gold' }> = {
  // The spec's glyph for Tổng is 縂; Noto TC has no glyph for it, so we draw its standard form 總.
  JA: { glyph: '總', name: 'Tổng', set: 'blue' },
  JP: { glyph: '筒', name: 'Thùng', set: 'blue' },
  JS: { glyph: '索', name: 'Soọc', set: 'blue' },
  JM: { glyph: '萬', name: 'Màn', set: 'blue' },
  JF: { glyph: '花', name: 'Đại Hoa', set: 'red' },
  JW: { glyph: '喜', name: 'Hỉ', set: 'red' },
  JD: { glyph: '元', name: 'Nguyên', set: 'red' },
  JN: { glyph: '合', name: 'Hợp', set: 'red' },
  // The spec gives JH no name: we call it after its domain, the honours (Chữ, 字).
  JH: { glyph: '字', name: 'Chữ', set: 'gold' },
};

const WIND_VI = ['Đông', 'Nam', 'Tây', 'Bắc', 'Bạch', 'Phát', 'Trung'];
const WIND_EN = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'];
export const HONOUR_ZH = ['東', '南', '西', '北', '白', '發', '中'];
export const BONUS_ZH = ['梅', '蘭', '菊', '竹', '春', '夏', '秋', '冬'];
// Winter says its season: East (1z) is Đông too.
const BONUS_VI = ['Mai', 'Lan', 'Cúc', 'Trúc', 'Xuân', 'Hạ', 'Thu', 'Mùa Đông'];
const BONUS_EN = ['Plum', 'Orchid', 'Mum', 'Bamboo', 'Spring', 'Summer', 'Autumn', 'Winter'];
const CHAN_SUIT_VI: Record<string, string> = { v: 'Vạn', n: 'Văn', s: 'Sách' };

/** The short caption of a piece in a locale ('' when the face says it all, e.g. playing cards). */
export function pieceName(game: GameId, code: string, locale: Locale): string {
  if (game === 'phom') return code;
  if (game === 'chan') {
    if (code === 'CC') return 'Chi Chi';
    if (code === 'LA') return 'Lão';
    if (code === 'TH') return 'Thang';
    const m = /^([1-9])([vns])$/.exec(code);
    return m ? `${VI_RANK[Number(m[1])]} ${CHAN_SUIT_VI[m[2]!]}` : code;
  }
  const j = JOKER_INFO[code];
  if (j) return locale === 'zh-TW' ? `${j.glyph} 百搭` : locale === 'en' ? `Joker ${j.name}` : `Khung ${j.name}`;
  const m = /^([1-9]|1[0-6])([mpszf])$/.exec(code);
  if (!m) return code;
  const n = Number(m[1]);
  const s = m[2]!;
  if (s === 'm' || s === 'p' || s === 's') {
    if (locale === 'zh-TW') return `${ZH_NUM[n]}${{ m: '萬', p: '筒', s: '索' }[s]}`;
    if (locale === 'en') return `${n} ${{ m: 'Crak', p: 'Dot', s: 'Bam' }[s]}`;
    // vn-mahjong.md glossary: Vạn m, Văn p, Sách s.
    return `${VI_RANK_MAHJONG[n]} ${{ m: 'Vạn', p: 'Văn', s: 'Sách' }[s]}`;
  }
  if (s === 'z') return (locale === 'zh-TW' ? HONOUR_ZH : locale === 'en' ? WIND_EN : WIND_VI)[n - 1] ?? code;
  if (n <= 8) return (locale === 'zh-TW' ? BONUS_ZH : locale === 'en' ? BONUS_EN : BONUS_VI)[n - 1] ?? code;
  const seat = ((n - 1) % 4) + 1;
  if (n <= 12) return locale === 'zh-TW' ? `王 ${seat}` : locale === 'en' ? `King ${seat}` : `Vua ${seat}`;
  return locale === 'zh-TW' ? `后 ${seat}` : locale === 'en' ? `Queen ${seat}` : `Hậu ${seat}`;
}

/** Chắn red cards (chan.md §2): `CC 8v 8s 9v 9s`, and `LA TH` unless the table's `red-lao-thang` is off. */
export function isChanRed(code: string, redLaoThang = true): boolean {
  return ['CC', '8v', '8s', '9v', '9s'].includes(code) || (redLaoThang && (code === 'LA' || code === 'TH'));
}

/** Whether `code` is a code of `game` (or the face-down code '?'). */
export function isKnownCode(game: GameId, code: string): boolean {
  return code === '?' || allCodes(game).includes(code);
}
