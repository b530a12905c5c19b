/** One sheet with every tile/card of a game, captioned in the locale (for players and for review). */
import { allCodes, isMahjong, pieceName } from './codes.js';
import { C, encode, newImage } from './draw.js';
import type { GameId, Locale } from './model.js';
import { BACK } from './model.js';
import { pieceDims, sprite } from './sprites.js';
import { fitText } from './text.js';
import { header } from './hand.js';

const PAD = 30;

function sheetSpec(game: GameId): { w: number; cols: number; gap: number; caption: boolean } {
  if (game === 'chan') return { w: 66, cols: 10, gap: 14, caption: false };
  if (game === 'phom') return { w: 84, cols: 13, gap: 6, caption: false };
  return { w: 84, cols: 10, gap: 10, caption: false };
}

const TITLES: Record<GameId, Record<Locale, string>> = {
  phom: { vi: 'Phỏm — bộ bài 52 lá', en: 'Phỏm — the 52 cards', 'zh-TW': 'Phỏm — 52 張撲克牌' },
  chan: { vi: 'Chắn — 30 mặt bài (mỗi mặt 4 quân)', en: 'Chắn — the 30 faces (4 copies each)', 'zh-TW': 'Chắn — 30 種牌面（各 4 張）' },
  'vn-mahjong': { vi: 'Mạt chược Việt Nam — các quân bài', en: 'Vietnamese mahjong — the tiles', 'zh-TW': '越南麻將 — 全部牌' },
  'classic-mahjong': {
    vi: 'Mạt chược Trung Hoa cổ điển — 144 quân',
    en: 'Classical mahjong — 144 tiles',
    'zh-TW': '經典中式麻雀 — 144 張',
  },
};

export function sheetSize(game: GameId): { width: number; height: number } {
  const s = sheetSpec(game);
  const n = allCodes(game).length + 1; // + the back
  const d = pieceDims(game, s.w);
  const rows = Math.ceil(n / s.cols);
  return { width: PAD * 2 + s.cols * (s.w + s.gap) - s.gap, height: 74 + 24 + rows * (d.h + s.gap + 6) + PAD };
}

export function renderSheetPng(game: GameId, locale: Locale): Buffer {
  const s = sheetSpec(game);
  const { width, height } = sheetSize(game);
  const img = newImage(width, height);
  const { ctx } = img;
  header(ctx, TITLES[game][locale], undefined, width);
  const d = pieceDims(game, s.w);
  const codes = [...allCodes(game), BACK];
  codes.forEach((code, i) => {
    const x = PAD + (i % s.cols) * (s.w + s.gap);
    const y = 74 + 24 + Math.floor(i / s.cols) * (d.h + s.gap + 6);
    ctx.drawImage(sprite(game, code, s.w, { label: isMahjong(game) ? locale : null }), x, y);
    if (s.caption)
      fitText(
        ctx,
        pieceName(game, code, locale),
        { x, y: y + d.h + 2, w: s.w, h: 18 },
        { size: 14, minSize: 8, color: C.text, align: 'center' },
      );
  });
  return encode(img);
}
