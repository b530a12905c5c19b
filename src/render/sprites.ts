/**
 * Sprite cache: every piece face is painted once per (game, code, width, caption locale, rotation)
 * and then blitted, so an image is mostly `drawImage` calls.
 */
import { createCanvas, type Canvas } from 'canvas';
import { registerFonts } from './fonts.js';
import { ByteLru, MB } from './lru.js';
import { isChanRed, isMahjong, pieceName, JOKER_INFO } from './codes.js';
import type { DeckInk, GameId, Locale } from './model.js';
import { BACK } from './model.js';
import { fitText } from './text.js';
import { paintTile, paintTileBack, TILE_W, TILE_H, TILE_LABEL_BOX } from './pieces/mahjong.js';
import {
  paintChan,
  paintChanBack,
  paintChanShort,
  CHAN_W,
  CHAN_H,
  CHAN_SHORT_H,
  CHAN_LABEL_BOXES,
  CHAN_SHORT_LABEL_BOXES,
  CHAN_SHORT_INDEX_BOX,
} from './pieces/chan.js';
import { paintCard, paintCardBack, CARD_W, CARD_H } from './pieces/cards.js';

/** Unit box of a game's piece (`short`: Chắn's short hand face; other games ignore it). */
export function unitBox(game: GameId, short = false): { w: number; h: number } {
  if (game === 'chan') return { w: CHAN_W, h: short ? CHAN_SHORT_H : CHAN_H };
  if (game === 'phom') return { w: CARD_W, h: CARD_H };
  return { w: TILE_W, h: TILE_H };
}

/** Pixel size of a piece drawn `w` px wide (upright). */
export function pieceDims(game: GameId, w: number, short = false): { w: number; h: number } {
  const u = unitBox(game, short);
  return { w, h: Math.round((w * u.h) / u.w) };
}

export interface SpriteOptions {
  /** Caption locale, or null for no caption (small pieces). Chắn cards always carry their label. */
  label?: Locale | null;
  /** Rotate 90° (claimed mahjong tiles lie sideways). */
  sideways?: boolean;
  /** Chắn: the short hand face (60 × 150 units). Ignored by other games. */
  short?: boolean;
}

/**
 * ~24 MB of sprites per worker: every piece of every game at the sizes the layouts use and a few
 * caption locales is ~14 MB (measured with test/render/varied.ts); the rest is headroom.
 */
const cache = new ByteLru<Canvas>(24 * MB);
let painted = 0;

/** Number of sprites painted since start (tests and the bench use it to check the cache works). */
export function spriteStats(): { cached: number; painted: number; bytes: number } {
  return { cached: cache.size, painted, bytes: cache.bytes };
}

let deckInk: DeckInk = {};

/**
 * The deck ink of the image being drawn (`newImage` sets it from the model; rendering is
 * synchronous, like the device scale): Chắn's Lão and Thang are black at a table without
 * `red-lao-thang`.
 */
export function setDeckInk(ink: DeckInk): void {
  deckInk = ink.redLaoThang === false ? { redLaoThang: false } : {};
}

/** Whether a Chắn card is inked red under the current deck ink. */
function chanRed(code: string): boolean {
  return isChanRed(code, deckInk.redLaoThang ?? true);
}

export function sprite(game: GameId, code: string, w: number, o: SpriteOptions = {}): Canvas {
  const label = o.label ?? null;
  const short = game === 'chan' && !!o.short;
  // the ink is part of the key only where it changes the face (a black Lão or Thang)
  const ink = game === 'chan' && (code === 'LA' || code === 'TH') && !chanRed(code) ? '|black' : '';
  const key = `${game}|${code}|${w}|${label ?? ''}|${o.sideways ? 1 : 0}|${short ? 1 : 0}${ink}`;
  const hit = cache.get(key);
  if (hit) return hit;
  registerFonts();
  let c: Canvas;
  if (o.sideways) {
    const up = sprite(game, code, w, { label, short });
    c = createCanvas(up.height, up.width);
    const ctx = c.getContext('2d');
    ctx.translate(up.height, 0);
    ctx.rotate(Math.PI / 2);
    ctx.drawImage(up, 0, 0);
  } else c = paintSprite(game, code, w, { label, short });
  painted++;
  cache.set(key, c, c.width * c.height * 4);
  return c;
}

/** Paints one upright piece, uncached (the tests measure its text through `setTextProbe`). */
export function paintSprite(game: GameId, code: string, w: number, o: { label?: Locale | null; short?: boolean } = {}): Canvas {
  const short = game === 'chan' && !!o.short;
  const d = pieceDims(game, w, short);
  const c = createCanvas(d.w, d.h);
  const ctx = c.getContext('2d');
  const u = unitBox(game, short);
  ctx.scale(d.w / u.w, d.h / u.h);
  if (short) paintChanShortFace(ctx, code);
  else paintPiece(ctx, game, code, o.label ?? null);
  return c;
}

type Ctx2D = ReturnType<Canvas['getContext']>;

/** Two lines "rank / suit" ("Tam" / "Văn"); one line for single-word faces ("Lão"). */
function chanLabelLines(code: string): string[] {
  const name = pieceName('chan', code, 'vi');
  const parts = name.split(' ');
  return parts.length === 2 ? parts : [name];
}

function paintChanShortFace(ctx: Ctx2D, code: string): void {
  if (code === BACK) return paintChanBack(ctx, CHAN_SHORT_H);
  const { col, rank } = paintChanShort(ctx, code, chanRed(code));
  const o = { size: 16.5, minSize: 11, bold: true, color: col, align: 'center' as const, cache: false };
  if (rank) fitText(ctx, rank, CHAN_SHORT_INDEX_BOX, { ...o, size: 16, align: 'left' });
  const lines = chanLabelLines(code);
  if (lines.length === 2) lines.forEach((t, i) => fitText(ctx, t, CHAN_SHORT_LABEL_BOXES[i]!, o));
  else {
    const b = CHAN_SHORT_LABEL_BOXES[0]!;
    fitText(ctx, lines[0]!, { x: b.x, y: b.y, w: b.w, h: 44 }, { ...o, size: 18 });
  }
}

function paintPiece(ctx: Ctx2D, game: GameId, code: string, label: Locale | null): void {
  if (game === 'chan') {
    if (code === BACK) return paintChanBack(ctx);
    const col = paintChan(ctx, code, chanRed(code));
    const name = pieceName(game, code, 'vi');
    // Two lines: rank name / suit name ("Tam" / "Văn"); single-word faces use one larger line.
    const parts = name.split(' ');
    const lines = parts.length === 2 && parts[0] !== parts[1] ? parts : [name];
    if (lines.length === 2) {
      lines.forEach((t, i) =>
        fitText(ctx, t, CHAN_LABEL_BOXES[i]!, { size: 15, minSize: 8, bold: true, color: col, align: 'center', cache: false }),
      );
    } else {
      const b = CHAN_LABEL_BOXES[0]!;
      fitText(
        ctx,
        name,
        { x: b.x, y: b.y, w: b.w, h: 34 },
        { size: 15, minSize: 8, bold: true, color: col, align: 'center', cache: false },
      );
    }
    return;
  }
  if (game === 'phom') {
    if (code === BACK) return paintCardBack(ctx);
    return paintCard(ctx, code);
  }
  if (code === BACK) return paintTileBack(ctx);
  // Jokers carry their name on the face already.
  const caption = label && !JOKER_INFO[code] ? pieceName(game, code, label) : undefined;
  paintTile(ctx, code, caption);
  if (caption) fitText(ctx, caption, TILE_LABEL_BOX, { size: 15, minSize: 8, bold: true, color: '#2a3a33', align: 'center', cache: false });
}

/** Whether pieces of this game lie sideways when claimed. */
export function claimsSideways(game: GameId): boolean {
  return isMahjong(game);
}
