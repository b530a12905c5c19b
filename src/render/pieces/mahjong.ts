/**
 * Mahjong tiles, drawn in code in a 100 × 140 unit box: an ivory face (0…128) on a jade body whose
 * lower edge shows (128…140). Faces: characters with a red 萬, dots in the traditional patterns,
 * bamboo sticks with a bird on 1s, winds, dragons (white as a blue frame), flowers, seasons, the
 * Vietnamese kings/queens and every khung joker (a thick coloured frame, a ribbon and its name).
 */
import { HONOUR_ZH, BONUS_ZH, JOKER_INFO, ZH_NUM } from '../codes.js';
import { type Ctx, rrect, circle, glyph, crosshatch, cornerText } from './draw-util.js';
import { fitText } from '../text.js';

export const TILE_W = 100;
export const TILE_H = 140;
const FACE_H = 127;

const INK = '#1b2330';
const RED = '#c4231c';
const GREEN = '#17804a';
const BLUE = '#1f4fa3';
const JADE = '#1c7a5c';
const JADE_DARK = '#0e4a37';

function body(ctx: Ctx, face: string): void {
  // jade body with a visible lower edge
  rrect(ctx, 1.5, 1.5, 97, 137, 11);
  ctx.fillStyle = JADE_DARK;
  ctx.fill();
  rrect(ctx, 1.5, 4, 97, 132, 11);
  ctx.fillStyle = JADE;
  ctx.fill();
  // face: one flat ivory (issue #17 §3: flat fills compress far better than gradients)
  rrect(ctx, 1.5, 1.5, 97, FACE_H, 11);
  ctx.fillStyle = face;
  ctx.fill();
  // outline: dark, so the tile reads on any background
  rrect(ctx, 1.5, 1.5, 97, 137, 11);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#14211b';
  ctx.stroke();
  // soft highlight along the top of the face
  rrect(ctx, 5, 4.5, 90, FACE_H - 7, 8);
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = 'rgba(255,255,255,0.8)';
  ctx.stroke();
}

export function paintTileBack(ctx: Ctx): void {
  rrect(ctx, 1.5, 1.5, 97, 137, 11);
  ctx.fillStyle = '#f1ead6';
  ctx.fill();
  rrect(ctx, 1.5, 1.5, 97, 127, 11);
  ctx.fillStyle = '#1f7d5c';
  ctx.fill();
  ctx.save();
  rrect(ctx, 9, 9, 82, 111, 7);
  ctx.clip();
  ctx.strokeStyle = 'rgba(255,255,255,0.16)';
  ctx.lineWidth = 2;
  crosshatch(ctx, 140, 12, 130);
  ctx.restore();
  rrect(ctx, 9, 9, 82, 111, 7);
  ctx.strokeStyle = 'rgba(255,236,170,0.75)';
  ctx.lineWidth = 2.5;
  ctx.stroke();
  // emblem: a gold diamond
  ctx.beginPath();
  ctx.moveTo(50, 46);
  ctx.lineTo(66, 64);
  ctx.lineTo(50, 82);
  ctx.lineTo(34, 64);
  ctx.closePath();
  ctx.fillStyle = '#e8c25a';
  ctx.fill();
  ctx.strokeStyle = '#7a5a12';
  ctx.lineWidth = 2;
  ctx.stroke();
  rrect(ctx, 1.5, 1.5, 97, 137, 11);
  ctx.lineWidth = 3;
  ctx.strokeStyle = '#0c2a1f';
  ctx.stroke();
}

// ---------- dots ----------
const DOT_COL: Record<string, string> = { b: BLUE, g: GREEN, r: RED };
/** Traditional circle layouts in a unit box: [x, y, colour]. */
const DOTS: Record<number, [number, number, string][]> = {
  2: [
    [0.5, 0.25, 'g'],
    [0.5, 0.75, 'b'],
  ],
  3: [
    [0.2, 0.18, 'b'],
    [0.5, 0.5, 'r'],
    [0.8, 0.82, 'g'],
  ],
  4: [
    [0.27, 0.25, 'b'],
    [0.73, 0.25, 'g'],
    [0.27, 0.75, 'g'],
    [0.73, 0.75, 'b'],
  ],
  5: [
    [0.22, 0.2, 'b'],
    [0.78, 0.2, 'g'],
    [0.5, 0.5, 'r'],
    [0.22, 0.8, 'g'],
    [0.78, 0.8, 'b'],
  ],
  6: [
    [0.28, 0.15, 'g'],
    [0.72, 0.15, 'g'],
    [0.28, 0.55, 'r'],
    [0.72, 0.55, 'r'],
    [0.28, 0.86, 'r'],
    [0.72, 0.86, 'r'],
  ],
  7: [
    [0.2, 0.1, 'g'],
    [0.5, 0.22, 'g'],
    [0.8, 0.34, 'g'],
    [0.28, 0.6, 'r'],
    [0.72, 0.6, 'r'],
    [0.28, 0.88, 'r'],
    [0.72, 0.88, 'r'],
  ],
  8: [
    [0.28, 0.12, 'b'],
    [0.72, 0.12, 'b'],
    [0.28, 0.37, 'b'],
    [0.72, 0.37, 'b'],
    [0.28, 0.63, 'b'],
    [0.72, 0.63, 'b'],
    [0.28, 0.88, 'b'],
    [0.72, 0.88, 'b'],
  ],
  9: [
    [0.18, 0.15, 'g'],
    [0.5, 0.15, 'g'],
    [0.82, 0.15, 'g'],
    [0.18, 0.5, 'r'],
    [0.5, 0.5, 'r'],
    [0.82, 0.5, 'r'],
    [0.18, 0.85, 'b'],
    [0.5, 0.85, 'b'],
    [0.82, 0.85, 'b'],
  ],
};
const DOT_R: Record<number, number> = { 2: 17, 3: 13.5, 4: 15, 5: 13, 6: 12, 7: 11, 8: 11, 9: 11.5 };

function dot(ctx: Ctx, x: number, y: number, r: number, col: string): void {
  circle(ctx, x, y, r);
  ctx.fillStyle = col;
  ctx.fill();
  circle(ctx, x, y, r * 0.72);
  ctx.fillStyle = '#fdfaf0';
  ctx.fill();
  circle(ctx, x, y, r * 0.5);
  ctx.fillStyle = col;
  ctx.fill();
  circle(ctx, x, y, r * 0.2);
  ctx.fillStyle = '#fdfaf0';
  ctx.fill();
}

function bigDot(ctx: Ctx, x: number, y: number, r: number): void {
  circle(ctx, x, y, r);
  ctx.fillStyle = GREEN;
  ctx.fill();
  circle(ctx, x, y, r * 0.86);
  ctx.fillStyle = '#fdfaf0';
  ctx.fill();
  // petals
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    circle(ctx, x + Math.cos(a) * r * 0.66, y + Math.sin(a) * r * 0.66, r * 0.13);
    ctx.fillStyle = i % 2 ? BLUE : RED;
    ctx.fill();
  }
  circle(ctx, x, y, r * 0.48);
  ctx.fillStyle = RED;
  ctx.fill();
  circle(ctx, x, y, r * 0.34);
  ctx.fillStyle = '#fdfaf0';
  ctx.fill();
  circle(ctx, x, y, r * 0.2);
  ctx.fillStyle = BLUE;
  ctx.fill();
}

// ---------- bamboo ----------
function stick(ctx: Ctx, cx: number, cy: number, len: number, wid: number, col: 'g' | 'r' | 'b'): void {
  const base = col === 'r' ? RED : col === 'b' ? BLUE : GREEN;
  const x = cx - wid / 2;
  const y = cy - len / 2;
  rrect(ctx, x, y, wid, len, wid / 2.2);
  ctx.fillStyle = base;
  ctx.fill();
  // light centre line
  ctx.fillStyle = 'rgba(255,255,255,0.55)';
  ctx.fillRect(cx - wid * 0.09, y + wid * 0.4, wid * 0.18, len - wid * 0.8);
  // joints
  ctx.fillStyle = col === 'g' ? '#0c5430' : col === 'r' ? '#7d1410' : '#12306a';
  for (const t of [0.02, 0.5, 0.98]) {
    rrect(ctx, x - wid * 0.12, y + len * t - wid * 0.17, wid * 1.24, wid * 0.34, wid * 0.16);
    ctx.fill();
  }
}

const STICKS: Record<number, [number, number, 'g' | 'r' | 'b'][]> = {
  2: [
    [0.5, 0.26, 'g'],
    [0.5, 0.74, 'b'],
  ],
  3: [
    [0.5, 0.26, 'g'],
    [0.28, 0.74, 'b'],
    [0.72, 0.74, 'b'],
  ],
  4: [
    [0.28, 0.26, 'g'],
    [0.72, 0.26, 'b'],
    [0.28, 0.74, 'b'],
    [0.72, 0.74, 'g'],
  ],
  5: [
    [0.2, 0.26, 'g'],
    [0.8, 0.26, 'b'],
    [0.5, 0.5, 'r'],
    [0.2, 0.74, 'b'],
    [0.8, 0.74, 'g'],
  ],
  6: [
    [0.2, 0.26, 'g'],
    [0.5, 0.26, 'g'],
    [0.8, 0.26, 'g'],
    [0.2, 0.74, 'b'],
    [0.5, 0.74, 'b'],
    [0.8, 0.74, 'b'],
  ],
  7: [
    [0.5, 0.17, 'r'],
    [0.2, 0.5, 'g'],
    [0.5, 0.5, 'g'],
    [0.8, 0.5, 'g'],
    [0.2, 0.83, 'g'],
    [0.5, 0.83, 'g'],
    [0.8, 0.83, 'g'],
  ],
  8: [
    [0.14, 0.26, 'g'],
    [0.38, 0.26, 'g'],
    [0.62, 0.26, 'g'],
    [0.86, 0.26, 'g'],
    [0.14, 0.74, 'b'],
    [0.38, 0.74, 'b'],
    [0.62, 0.74, 'b'],
    [0.86, 0.74, 'b'],
  ],
  9: [
    [0.2, 0.17, 'g'],
    [0.5, 0.17, 'r'],
    [0.8, 0.17, 'b'],
    [0.2, 0.5, 'g'],
    [0.5, 0.5, 'r'],
    [0.8, 0.5, 'b'],
    [0.2, 0.83, 'g'],
    [0.5, 0.83, 'r'],
    [0.8, 0.83, 'b'],
  ],
};

/** 8s tilts its inner sticks into the traditional M / W shape. */
const TILT8 = [0, 0.32, -0.32, 0, 0, -0.32, 0.32, 0];

function bird(ctx: Ctx, cx: number, cy: number, s: number): void {
  ctx.save();
  ctx.translate(cx, cy);
  ctx.scale(s / 100, s / 100);
  // tail feathers
  const tail = [RED, BLUE, GREEN, RED, BLUE];
  for (let i = 0; i < 5; i++) {
    ctx.save();
    ctx.rotate(-0.9 + i * 0.28);
    ctx.beginPath();
    ctx.ellipse(0, 34, 9, 26, 0, 0, Math.PI * 2);
    ctx.fillStyle = tail[i]!;
    ctx.fill();
    circle(ctx, 0, 50, 4.5);
    ctx.fillStyle = '#f3c443';
    ctx.fill();
    ctx.restore();
  }
  // body
  ctx.beginPath();
  ctx.ellipse(6, -2, 20, 26, -0.35, 0, Math.PI * 2);
  ctx.fillStyle = GREEN;
  ctx.fill();
  // wing
  ctx.beginPath();
  ctx.ellipse(0, 2, 10, 18, -0.6, 0, Math.PI * 2);
  ctx.fillStyle = '#0c5430';
  ctx.fill();
  // head, crest, beak, eye
  circle(ctx, 18, -30, 12);
  ctx.fillStyle = GREEN;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(12, -40);
  ctx.lineTo(8, -54);
  ctx.lineTo(18, -44);
  ctx.lineTo(22, -56);
  ctx.lineTo(24, -41);
  ctx.fillStyle = RED;
  ctx.fill();
  ctx.beginPath();
  ctx.moveTo(28, -33);
  ctx.lineTo(42, -28);
  ctx.lineTo(28, -24);
  ctx.closePath();
  ctx.fillStyle = '#e59a1c';
  ctx.fill();
  circle(ctx, 21, -32, 3.5);
  ctx.fillStyle = '#fff';
  ctx.fill();
  circle(ctx, 22, -32, 2);
  ctx.fillStyle = '#111';
  ctx.fill();
  // legs
  ctx.strokeStyle = '#8a5a14';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.moveTo(6, 22);
  ctx.lineTo(2, 36);
  ctx.moveTo(14, 20);
  ctx.lineTo(14, 36);
  ctx.stroke();
  ctx.restore();
}

// ---------- flowers, seasons, kings, queens ----------
const FLOWER_COL = ['#c2185b', '#7b3fa0', '#d38a00', '#2e7d32', '#2e7d32', '#c62828', '#b8540f', '#1565c0'];

function blossom(ctx: Ctx, x: number, y: number, r: number, col: string, petals = 5): void {
  for (let i = 0; i < petals; i++) {
    const a = (i / petals) * Math.PI * 2 - Math.PI / 2;
    circle(ctx, x + Math.cos(a) * r * 0.55, y + Math.sin(a) * r * 0.55, r * 0.45);
    ctx.fillStyle = col;
    ctx.fill();
  }
  circle(ctx, x, y, r * 0.28);
  ctx.fillStyle = '#f3c443';
  ctx.fill();
}

function crown(ctx: Ctx, x: number, y: number, w: number, queen: boolean): void {
  const h = w * 0.62;
  ctx.beginPath();
  ctx.moveTo(x - w / 2, y + h / 2);
  ctx.lineTo(x - w / 2, y - h / 2);
  ctx.lineTo(x - w / 4, y);
  ctx.lineTo(x, y - h / 2 - (queen ? 0 : 4));
  ctx.lineTo(x + w / 4, y);
  ctx.lineTo(x + w / 2, y - h / 2);
  ctx.lineTo(x + w / 2, y + h / 2);
  ctx.closePath();
  ctx.fillStyle = '#e5b73b';
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#7a5a12';
  ctx.stroke();
  for (const dx of [-w / 2, 0, w / 2]) {
    circle(ctx, x + dx, y - h / 2 - (dx === 0 && !queen ? 4 : 0), queen ? 4.5 : 3.5);
    ctx.fillStyle = queen ? '#d0307a' : RED;
    ctx.fill();
  }
  ctx.fillStyle = queen ? '#7b3fa0' : RED;
  ctx.fillRect(x - w / 2 + 3, y + h / 2 - 7, w - 6, 4);
}

function cornerNumber(ctx: Ctx, n: number, col: string): void {
  cornerText(ctx, String(n), 9, 5, 19, col);
}

/**
 * Paints a tile face for `code` into the 100 × 140 box. `label` (a short caption in the player's
 * locale) goes in a strip at the bottom of the face when given.
 */
export function paintTile(ctx: Ctx, code: string, label?: string): void {
  const joker = JOKER_INFO[code];
  body(ctx, '#fbf7ea');
  const hasLabel = !!label;
  const top = 7;
  const bottom = hasLabel ? 104 : 121;
  const h = bottom - top;
  const m = /^([1-9]|1[0-6])([mpszf])$/.exec(code);
  const n = m ? Number(m[1]) : 0;
  const suit = m ? m[2] : '';

  if (joker) {
    const col = joker.set === 'blue' ? '#1c4fd0' : joker.set === 'red' ? '#c81e1e' : '#a06a00';
    // the khung: a thick coloured frame with a ribbon
    rrect(ctx, 6, 6, 88, hasLabel ? 100 : 116, 8);
    ctx.lineWidth = 6;
    ctx.strokeStyle = col;
    ctx.stroke();
    rrect(ctx, 12, 12, 76, hasLabel ? 88 : 104, 5);
    ctx.lineWidth = 1.5;
    ctx.stroke();
    rrect(ctx, 6, 6, 88, 22, 6);
    ctx.fillStyle = col;
    ctx.fill();
    fitText(
      ctx,
      '★ KHUNG ★',
      { x: 9, y: 7, w: 82, h: 21 },
      { size: 15, minSize: 8, bold: true, color: '#fff', align: 'center', cache: false },
    );
    glyph(ctx, joker.glyph, 50, hasLabel ? 58 : 64, hasLabel ? 42 : 50, col);
    // the name, always in Vietnamese (it is the tile's name)
    const nameY = hasLabel ? 91 : 104;
    fitText(
      ctx,
      joker.name,
      { x: 14, y: nameY - 11, w: 72, h: 22 },
      { size: 18, minSize: 9, bold: true, color: INK, align: 'center', cache: false },
    );
  } else if (suit === 'm') {
    glyph(ctx, ZH_NUM[n]!, 50, top + h * 0.23, h * 0.4, INK);
    glyph(ctx, '萬', 50, top + h * 0.72, h * 0.46, RED);
  } else if (suit === 'p') {
    const bx = 8;
    const bw = 84;
    const by = top + 1;
    const bh = h - 2;
    if (n === 1) bigDot(ctx, 50, by + bh / 2, Math.min(bw, bh) * 0.47);
    else {
      const k = hasLabel ? 0.86 : 1;
      for (const [x, y, c] of DOTS[n]!) dot(ctx, bx + x * bw, by + y * bh, DOT_R[n]! * k, DOT_COL[c]!);
    }
  } else if (suit === 's') {
    if (n === 1) bird(ctx, 46, top + h * 0.52, h * 0.86);
    else {
      const rows = n === 7 || n === 9 ? 3 : 2;
      const len = (h / rows) * 0.84;
      const wid = n === 8 ? 11 : n >= 5 ? 12.5 : 15;
      const bx = 10;
      const bw = 80;
      STICKS[n]!.forEach(([x, y, c], i) => {
        const cx = bx + x * bw;
        const cy = top + y * h;
        if (n === 8 && TILT8[i]) {
          ctx.save();
          ctx.translate(cx, cy);
          ctx.rotate(TILT8[i]!);
          stick(ctx, 0, 0, len, wid, c);
          ctx.restore();
        } else stick(ctx, cx, cy, len, wid, c);
      });
    }
  } else if (suit === 'z') {
    if (n === 5) {
      // White dragon: a blue double frame
      rrect(ctx, 18, top + 6, 64, h - 12, 6);
      ctx.lineWidth = 6;
      ctx.strokeStyle = BLUE;
      ctx.stroke();
      rrect(ctx, 27, top + 15, 46, h - 30, 3);
      ctx.lineWidth = 2.5;
      ctx.stroke();
    } else {
      const col = n === 6 ? GREEN : n === 7 ? RED : INK;
      glyph(ctx, HONOUR_ZH[n - 1]!, 50, top + h * 0.54, Math.min(h * 0.72, 70), col);
      if (n <= 4) {
        cornerText(ctx, 'ESWN'[n - 1]!, 9, 5, 17, RED);
      }
    }
  } else if (suit === 'f') {
    const seat = ((n - 1) % 4) + 1;
    if (n <= 8) {
      const col = FLOWER_COL[n - 1]!;
      if (n <= 4) blossom(ctx, 64, top + h * 0.2, h * 0.24, col);
      else {
        // seasons: a small sun/moon disc
        circle(ctx, 66, top + h * 0.18, h * 0.12);
        ctx.fillStyle = col;
        ctx.fill();
        circle(ctx, 66, top + h * 0.18, h * 0.06);
        ctx.fillStyle = '#f3c443';
        ctx.fill();
      }
      glyph(ctx, BONUS_ZH[n - 1]!, 50, top + h * 0.66, h * 0.5, col);
      cornerNumber(ctx, seat, RED);
    } else {
      const queen = n >= 13;
      crown(ctx, 50, top + h * 0.2, 46, queen);
      glyph(ctx, queen ? '后' : '王', 50, top + h * 0.66, h * 0.5, queen ? '#7b3fa0' : RED);
      cornerNumber(ctx, seat, INK);
    }
  } else {
    glyph(ctx, '?', 50, 64, 50, INK, false);
  }

  if (label) {
    ctx.fillStyle = 'rgba(30,60,48,0.10)';
    rrect(ctx, 6, 106, 88, 18, 5);
    ctx.fill();
  }
}

/** Where the caller should fit the caption (unit box), when painting with a label. */
export const TILE_LABEL_BOX = { x: 8, y: 106, w: 84, h: 18 };
