/**
 * Chắn cards, drawn in code in a 60 × 200 unit box: the rank numeral on top, the suit character
 * (Vạn 萬, Văn 文, Sách 索) and a suit motif below, and a two-line Vietnamese label at the foot
 * ("Tam" / "Văn") so a new player can read them. Red cards (chan.md §2) are inked red; Chi Chi,
 * Lão and Thang each carry their own medallion (in black ink for Lão and Thang at a table where they
 * are not red cards: `red-lao-thang` off).
 */
import { ZH_NUM, isChanRed } from '../codes.js';
import { type Ctx, rrect, circle, glyph, cornerText } from './draw-util.js';

export const CHAN_W = 60;
export const CHAN_H = 200;
/**
 * The short face used in a player's own hand (issue #13: legible in Discord's ~550 px preview):
 * the same paper, index, numeral, suit character and name on a 60 × 150 box, without the suit
 * motif, so three rows of eight cards fit an image of sensible height.
 */
export const CHAN_SHORT_H = 150;
const BLACK = '#1c1a17';
const RED = '#c01d17';

function paper(ctx: Ctx, edge: string, h = CHAN_H): void {
  rrect(ctx, 1.5, 1.5, 57, h - 3, 6);
  // flat paper (issue #17 §3: flat fills compress far better than gradients)
  ctx.fillStyle = '#fbf3de';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#2a1a10';
  ctx.stroke();
  rrect(ctx, 5, 5, 50, h - 10, 3);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = edge;
  ctx.stroke();
}

export function paintChanBack(ctx: Ctx, h = CHAN_H): void {
  rrect(ctx, 1.5, 1.5, 57, h - 3, 6);
  ctx.fillStyle = '#8a2b19';
  ctx.fill();
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#2a1a10';
  ctx.stroke();
  rrect(ctx, 6, 6, 48, h - 12, 3);
  ctx.strokeStyle = 'rgba(255,220,150,0.7)';
  ctx.lineWidth = 1.5;
  ctx.stroke();
  for (let y = 24; y < h - 10; y += 22) {
    ctx.beginPath();
    ctx.moveTo(30, y - 9);
    ctx.lineTo(40, y);
    ctx.lineTo(30, y + 9);
    ctx.lineTo(20, y);
    ctx.closePath();
    ctx.fillStyle = 'rgba(255,220,150,0.55)';
    ctx.fill();
  }
}

function suitMotif(ctx: Ctx, suit: string, col: string, y0: number, y1: number): void {
  ctx.save();
  ctx.strokeStyle = col;
  ctx.fillStyle = col;
  if (suit === 'n') {
    // Văn: stacked coins with square holes
    const n = 3;
    const step = (y1 - y0) / n;
    for (let i = 0; i < n; i++) {
      const cy = y0 + step * (i + 0.5);
      circle(ctx, 30, cy, step * 0.42);
      ctx.lineWidth = 2.5;
      ctx.stroke();
      ctx.fillRect(30 - step * 0.13, cy - step * 0.13, step * 0.26, step * 0.26);
    }
  } else if (suit === 's') {
    // Sách: strings of cash, drawn as beaded cords
    for (const x of [21, 30, 39]) {
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(x, y0);
      ctx.lineTo(x, y1);
      ctx.stroke();
      for (let y = y0 + 4; y < y1; y += 7) {
        ctx.beginPath();
        ctx.ellipse(x, y, 3.6, 2.4, 0, 0, Math.PI * 2);
        ctx.fill();
      }
    }
  } else {
    // Vạn: a lattice of diamonds
    ctx.lineWidth = 2;
    const step = (y1 - y0) / 3;
    for (let i = 0; i < 3; i++) {
      const cy = y0 + step * (i + 0.5);
      ctx.beginPath();
      ctx.moveTo(30, cy - step * 0.45);
      ctx.lineTo(44, cy);
      ctx.lineTo(30, cy + step * 0.45);
      ctx.lineTo(16, cy);
      ctx.closePath();
      ctx.stroke();
      circle(ctx, 30, cy, 3);
      ctx.fill();
    }
  }
  ctx.restore();
}

function medallion(ctx: Ctx, code: string, cy: number, ink: string, r = 24): void {
  circle(ctx, 30, cy, r);
  ctx.fillStyle = ink;
  ctx.fill();
  circle(ctx, 30, cy, r - 4);
  ctx.fillStyle = '#fff4dc';
  ctx.fill();
  if (code === 'CC') {
    // Chi Chi: a red eight-petal flower
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * Math.PI * 2;
      ctx.beginPath();
      ctx.ellipse(30 + Math.cos(a) * 10, cy + Math.sin(a) * 10, 8, 4.2, a, 0, Math.PI * 2);
      ctx.fillStyle = RED;
      ctx.fill();
    }
    circle(ctx, 30, cy, 5);
    ctx.fillStyle = '#e8b23a';
    ctx.fill();
  } else if (code === 'LA') {
    // Lão: the old man's 老
    glyph(ctx, '老', 30, cy + 1, 30, ink);
  } else {
    // Thang: a ladder (thang)
    ctx.strokeStyle = ink;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.moveTo(22, cy - 15);
    ctx.lineTo(22, cy + 15);
    ctx.moveTo(38, cy - 15);
    ctx.lineTo(38, cy + 15);
    for (let y = -10; y <= 10; y += 7) {
      ctx.moveTo(22, cy + y);
      ctx.lineTo(38, cy + y);
    }
    ctx.stroke();
  }
}

/** Label lines of the short face (font 16.5: ≥ 14 px in the preview at the hand's card size). */
export const CHAN_SHORT_LABEL_BOXES = [
  { x: 5, y: 101, w: 50, h: 22 },
  { x: 5, y: 123, w: 50, h: 22 },
];
/** The index (arabic rank) box of the short face, top left. */
export const CHAN_SHORT_INDEX_BOX = { x: 6, y: 5, w: 16, h: 18 };

/**
 * Paints the short face of `code` (hand cards); returns the ink colour for the label and index,
 * and the rank to print in the index (null for the yêu cards).
 */
export function paintChanShort(ctx: Ctx, code: string, red = isChanRed(code)): { col: string; rank: string | null } {
  const col = red ? RED : BLACK;
  paper(ctx, red ? RED : '#6b5a3a', CHAN_SHORT_H);
  const m = /^([1-9])([vns])$/.exec(code);
  if (m) {
    const n = Number(m[1]);
    glyph(ctx, ZH_NUM[n]!, 32, 39, 32, col);
    glyph(ctx, { v: '萬', n: '文', s: '索' }[m[2]!]!, 30, 76, 32, col);
  } else {
    ctx.fillStyle = red ? 'rgba(192,29,23,0.12)' : 'rgba(60,40,20,0.08)';
    ctx.fillRect(6, 8, 48, 88);
    medallion(ctx, code, 52, col, 22);
  }
  rrect(ctx, 5, 99, 50, 46, 3);
  ctx.fillStyle = red ? 'rgba(192,29,23,0.10)' : 'rgba(60,40,20,0.08)';
  ctx.fill();
  return { col, rank: m ? m[1]! : null };
}

/** Label lines drawn at the foot; the caller fits them with fitText. */
export const CHAN_LABEL_BOXES = [
  { x: 6, y: 160, w: 48, h: 17 },
  { x: 6, y: 177, w: 48, h: 17 },
];

/** Paints the face of `code`, red or black (`red`: the table's red cards); returns the colour the label should use. */
export function paintChan(ctx: Ctx, code: string, red = isChanRed(code)): string {
  const col = red ? RED : BLACK;
  paper(ctx, red ? RED : '#6b5a3a');
  const m = /^([1-9])([vns])$/.exec(code);
  if (m) {
    const n = Number(m[1]);
    const s = m[2]!;
    glyph(ctx, ZH_NUM[n]!, 30, 34, 40, col);
    glyph(ctx, { v: '萬', n: '文', s: '索' }[s]!, 30, 82, 38, col);
    suitMotif(ctx, s, red ? RED : '#5a4a30', 106, 152);
    cornerText(ctx, String(n), 8, 7, 12, col);
  } else {
    // Yêu cards: a band in the card's ink with the medallion, distinct per face
    ctx.fillStyle = red ? 'rgba(192,29,23,0.12)' : 'rgba(60,40,20,0.08)';
    ctx.fillRect(6, 10, 48, 140);
    medallion(ctx, code, 46, col);
    medallion(ctx, code, 112, col);
    ctx.strokeStyle = col;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.moveTo(30, 72);
    ctx.lineTo(30, 86);
    ctx.stroke();
  }
  // label panel
  rrect(ctx, 6, 158, 48, 37, 3);
  ctx.fillStyle = red ? 'rgba(192,29,23,0.10)' : 'rgba(60,40,20,0.08)';
  ctx.fill();
  return col;
}
