/** Small path helpers shared by the piece painters. */
import type { CanvasRenderingContext2D } from 'canvas';
import { withTextLock } from '../text-lock.js';

export type Ctx = CanvasRenderingContext2D;

export function rrect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  const rr = Math.max(0, Math.min(r, w / 2, h / 2));
  ctx.beginPath();
  ctx.moveTo(x + rr, y);
  ctx.lineTo(x + w - rr, y);
  ctx.arcTo(x + w, y, x + w, y + rr, rr);
  ctx.lineTo(x + w, y + h - rr);
  ctx.arcTo(x + w, y + h, x + w - rr, y + h, rr);
  ctx.lineTo(x + rr, y + h);
  ctx.arcTo(x, y + h, x, y + h - rr, rr);
  ctx.lineTo(x, y + rr);
  ctx.arcTo(x, y, x + rr, y, rr);
  ctx.closePath();
}

export function circle(ctx: Ctx, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.closePath();
}

/** Bold text of a piece at (x, y), placed by `align` and `baseline`, under the text lock. */
function pieceText(
  ctx: Ctx,
  t: string,
  x: number,
  y: number,
  font: string,
  align: 'center' | 'left',
  baseline: 'middle' | 'top',
  color: string,
): void {
  withTextLock(() => {
    ctx.font = font;
    ctx.textAlign = align;
    ctx.textBaseline = baseline;
    ctx.fillStyle = color;
    ctx.fillText(t, x, y);
  });
}

/** A centred glyph (no fitting: used for single CJK characters inside pieces, sized by design). */
export function glyph(ctx: Ctx, ch: string, x: number, y: number, size: number, color: string, serif = true): void {
  pieceText(ctx, ch, x, y, `bold ${size}px "${serif ? 'HQ Serif' : 'HQ Sans'}"`, 'center', 'middle', color);
}

/** A small bold sans label with its top-left corner at (x, y) (a piece's corner index). */
export function cornerText(ctx: Ctx, text: string, x: number, y: number, size: number, color: string): void {
  pieceText(ctx, text, x, y, `bold ${size}px "HQ Sans"`, 'left', 'top', color);
}

/** Suit pips for playing cards, centred at (x, y) with height s. */
export function pip(ctx: Ctx, suit: string, x: number, y: number, s: number, color: string): void {
  ctx.save();
  ctx.translate(x, y);
  ctx.scale(s / 100, s / 100);
  ctx.fillStyle = color;
  ctx.beginPath();
  if (suit === 'D') {
    ctx.moveTo(0, -50);
    ctx.quadraticCurveTo(22, -22, 38, 0);
    ctx.quadraticCurveTo(22, 22, 0, 50);
    ctx.quadraticCurveTo(-22, 22, -38, 0);
    ctx.quadraticCurveTo(-22, -22, 0, -50);
    ctx.fill();
  } else if (suit === 'H') {
    ctx.moveTo(0, 46);
    ctx.bezierCurveTo(-20, 24, -50, 6, -48, -20);
    ctx.bezierCurveTo(-46, -46, -12, -54, 0, -26);
    ctx.bezierCurveTo(12, -54, 46, -46, 48, -20);
    ctx.bezierCurveTo(50, 6, 20, 24, 0, 46);
    ctx.fill();
  } else if (suit === 'S') {
    ctx.moveTo(0, -50);
    ctx.bezierCurveTo(20, -26, 50, -12, 48, 12);
    ctx.bezierCurveTo(46, 36, 14, 40, 4, 20);
    ctx.lineTo(12, 48);
    ctx.lineTo(-12, 48);
    ctx.lineTo(-4, 20);
    ctx.bezierCurveTo(-14, 40, -46, 36, -48, 12);
    ctx.bezierCurveTo(-50, -12, -20, -26, 0, -50);
    ctx.fill();
  } else {
    // clubs: three lobes and a stem
    ctx.arc(0, -24, 22, 0, Math.PI * 2);
    ctx.moveTo(-4, 10);
    ctx.arc(-24, 10, 22, 0, Math.PI * 2);
    ctx.moveTo(44, 10);
    ctx.arc(24, 10, 22, 0, Math.PI * 2);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(-6, -6);
    ctx.lineTo(6, -6);
    ctx.lineTo(13, 48);
    ctx.lineTo(-13, 48);
    ctx.closePath();
    ctx.fill();
  }
  ctx.restore();
}

/** Diagonal crosshatch of `size`-long strokes every `step` px, from x = -140 up to `until` (card and tile backs). */
export function crosshatch(ctx: Ctx, until: number, step: number, size: number): void {
  for (let i = -140; i < until; i += step) {
    ctx.beginPath();
    ctx.moveTo(i, 0);
    ctx.lineTo(i + size, size);
    ctx.moveTo(i + size, 0);
    ctx.lineTo(i, size);
    ctx.stroke();
  }
}
