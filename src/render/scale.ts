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

type Ctx = ReturnType<Canvas['getContext']>;

/** Device pixels per layout unit of the hand, table and result images. */
export const OUTPUT_SCALE = 0.75;

let scale = 1;

/** The pixel size of a per-move image laid out `w` × `h` units (what `newImage` allocates). */
export function outputSize(w: number, h: number): { width: number; height: number } {
  return { width: Math.round(w * OUTPUT_SCALE), height: Math.round(h * OUTPUT_SCALE) };
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
