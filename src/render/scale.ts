/**
 * Device scale (issue #17 §3: small uploads). Layouts are in layout units (a table is 1200 units
 * wide); the per-move images (hand, table, result) are drawn at `OUTPUT_SCALE` device pixels per
 * unit. Discord's inline preview (~550 px) shows the same proportions whatever the pixel size,
 * so legibility in the preview is unchanged, and a smaller bitmap is a smaller PNG.
 *
 * Pieces and text bitmaps are painted at device size and blitted pixel-aligned (no resampling);
 * vector drawing goes through the context's scale transform. Rendering is synchronous, so the
 * current scale is plain module state, set by `newImage`.
 */
import type { Canvas } from 'canvas';
import type { GameId } from '../games/core/types.js';
import { isMahjong } from './codes.js';

type Ctx = ReturnType<Canvas['getContext']>;

/** Device pixels per layout unit of the hand, table, result and claim images of the card games. */
export const OUTPUT_SCALE = 0.75;
/**
 * The mahjongs' scale. Their images carry the most pieces (a late table: 96 discards, every seat's
 * sets and flowers), and the tile faces are bold glyphs on flat ivory that stay sharp at 0.65: a
 * table is 780 px wide, still wider than the 550 px preview, so the preview is the same picture,
 * and a late table is ~24 % fewer bytes (49 → 37 KB; issue #17 §3, ≤ 40 KB per move). Chắn's and
 * Phỏm's cards keep 0.75: their small printed names and indexes need the pixels.
 */
export const MAHJONG_OUTPUT_SCALE = 0.65;

/** Device pixels per layout unit of a game's per-move images. */
export function outputScale(game: GameId): number {
  return isMahjong(game) ? MAHJONG_OUTPUT_SCALE : OUTPUT_SCALE;
}

let scale = 1;

/** The pixel size of a game's per-move image laid out `w` × `h` units (what `newImage` allocates). */
export function outputSize(game: GameId, w: number, h: number): { width: number; height: number } {
  const k = outputScale(game);
  return { width: Math.round(w * k), height: Math.round(h * k) };
}

export function setDeviceScale(k: number): void {
  scale = k;
}

export function deviceScale(): number {
  return scale;
}

/** Device pixels of a length in layout units (the size to paint a sprite at). */
export function devicePx(units: number): number {
  return Math.max(1, Math.round(units * scale));
}

/** Draws a bitmap painted at device resolution with its top left at layout point (x, y). */
export function blitDevice(ctx: Ctx, img: Canvas, x: number, y: number): void {
  const k = scale;
  if (k === 1) {
    ctx.drawImage(img, x, y);
    return;
  }
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.drawImage(img, Math.round(x * k), Math.round(y * k));
  ctx.setTransform(k, 0, 0, k, 0, 0);
}
