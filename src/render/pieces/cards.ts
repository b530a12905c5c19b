/**
 * Playing cards for Phỏm, drawn in code in a 100 × 140 unit box: large corner indices (rank over
 * suit) that stay readable when cards overlap, the traditional pip layouts for A–10 and a framed
 * court design for J, Q, K. Hearts and diamonds red, spades and clubs black.
 */
import { type Ctx, rrect, pip, crosshatch } from './draw-util.js';
import { withTextLock } from '../text-lock.js';

export const CARD_W = 100;
export const CARD_H = 140;
const RED = '#d0211c';
const BLACK = '#17181c';

/** Pip centres for ranks 2–10 in a unit box. */
const PIPS: Record<number, [number, number][]> = {
  2: [
    [0.5, 0],
    [0.5, 1],
  ],
  3: [
    [0.5, 0],
    [0.5, 0.5],
    [0.5, 1],
  ],
  4: [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ],
  5: [
    [0, 0],
    [1, 0],
    [0.5, 0.5],
    [0, 1],
    [1, 1],
  ],
  6: [
    [0, 0],
    [1, 0],
    [0, 0.5],
    [1, 0.5],
    [0, 1],
    [1, 1],
  ],
  7: [
    [0, 0],
    [1, 0],
    [0.5, 0.25],
    [0, 0.5],
    [1, 0.5],
    [0, 1],
    [1, 1],
  ],
  8: [
    [0, 0],
    [1, 0],
    [0.5, 0.25],
    [0, 0.5],
    [1, 0.5],
    [0.5, 0.75],
    [0, 1],
    [1, 1],
  ],
  9: [
    [0, 0],
    [1, 0],
    [0, 1 / 3],
    [1, 1 / 3],
    [0.5, 0.5],
    [0, 2 / 3],
    [1, 2 / 3],
    [0, 1],
    [1, 1],
  ],
  10: [
    [0, 0],
    [1, 0],
    [0.5, 1 / 6],
    [0, 1 / 3],
    [1, 1 / 3],
    [0, 2 / 3],
    [1, 2 / 3],
    [0.5, 5 / 6],
    [0, 1],
    [1, 1],
  ],
};

export function isRedSuit(s: string): boolean {
  return s === 'H' || s === 'D';
}

export function paintCardBack(ctx: Ctx): void {
  rrect(ctx, 1.5, 1.5, 97, 137, 9);
  ctx.fillStyle = '#fbfbf8';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#20242c';
  ctx.stroke();
  rrect(ctx, 8, 8, 84, 124, 5);
  ctx.fillStyle = '#971d26';
  ctx.fill();
  ctx.save();
  rrect(ctx, 8, 8, 84, 124, 5);
  ctx.clip();
  ctx.strokeStyle = 'rgba(255,255,255,0.22)';
  ctx.lineWidth = 2;
  crosshatch(ctx, 240, 11, 140);
  ctx.restore();
}

export function paintCard(ctx: Ctx, code: string): void {
  const m = /^(10|[2-9AJQK])([SHCD])$/.exec(code);
  rrect(ctx, 1.5, 1.5, 97, 137, 9);
  ctx.fillStyle = '#fdfdfb';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#20242c';
  ctx.stroke();
  if (!m) return;
  const rank = m[1]!;
  const suit = m[2]!;
  const col = isRedSuit(suit) ? RED : BLACK;
  // a large corner index (rank over suit), readable at phone size
  const corner = () => {
    withTextLock(() => {
      ctx.font = `bold ${rank === '10' ? 30 : 34}px "HQ Sans"`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = col;
      ctx.save();
      if (rank === '10') {
        ctx.translate(17, 22);
        ctx.scale(0.8, 1);
        ctx.fillText(rank, 0, 0);
      } else ctx.fillText(rank, 17, 22);
      ctx.restore();
    });
    pip(ctx, suit, 17, 50, 22, col);
  };
  corner();

  const n = rank === 'A' ? 1 : Number(rank);
  if (rank === 'J' || rank === 'Q' || rank === 'K') {
    // court frame
    rrect(ctx, 32, 14, 54, 112, 5);
    ctx.fillStyle = isRedSuit(suit) ? '#fbe7e3' : '#e6eaf3';
    ctx.fill();
    ctx.lineWidth = 2;
    ctx.strokeStyle = col;
    ctx.stroke();
    rrect(ctx, 36, 18, 46, 104, 3);
    ctx.lineWidth = 1;
    ctx.strokeStyle = '#c9a23a';
    ctx.stroke();
    withTextLock(() => {
      ctx.font = 'bold 44px "HQ Serif"';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillStyle = col;
      ctx.fillText(rank, 59, 52);
    });
    pip(ctx, suit, 59, 96, 30, col);
    // crown strokes for K/Q, a feather for J
    ctx.fillStyle = '#d9a91f';
    if (rank !== 'J') {
      ctx.beginPath();
      ctx.moveTo(47, 30);
      ctx.lineTo(51, 22);
      ctx.lineTo(55, 28);
      ctx.lineTo(59, 20);
      ctx.lineTo(63, 28);
      ctx.lineTo(67, 22);
      ctx.lineTo(71, 30);
      ctx.closePath();
      ctx.fill();
    }
  } else if (n === 1) {
    pip(ctx, suit, 62, 80, 58, col);
  } else {
    const x0 = 50;
    const x1 = 84;
    const y0 = 22;
    const y1 = 118;
    const s = n >= 9 ? 20 : 24;
    for (const [px, py] of PIPS[n]!) {
      const x = x0 + px * (x1 - x0);
      const y = y0 + py * (y1 - y0);
      if (py > 0.5) {
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(Math.PI);
        pip(ctx, suit, 0, 0, s, col);
        ctx.restore();
      } else pip(ctx, suit, x, y, s, col);
    }
  }
}
