/**
 * The result image: the winning hand with its sets (the winning piece highlighted), the scoring
 * breakdown, each player's total and the payments.
 */
import { fitText } from './text.js';
import { outputScale } from './scale.js';
import {
  C,
  type Ctx,
  type GroupStyle,
  drawFlow,
  encode,
  flowGroups,
  hiddenSet,
  newImage,
  paletteColours,
  panel,
  snapHeight,
  word,
} from './draw.js';
import { header } from './hand.js';
import type { GameId, PieceGroup, ResultModel } from './model.js';
import { isMahjong } from './codes.js';
import { claimsSideways, pieceDims } from './sprites.js';

export const RESULT_W = 1200;
const PAD = 28;
const HEADER_H = 74;
const ROW_H = 36;
const TITLE_H = 40;
const LABEL_H = 22;

function pieceW(game: GameId): number {
  return game === 'chan' ? 40 : game === 'phom' ? 84 : 62;
}

/**
 * The winner's pieces in order: sets, the rest of the hand, Phỏm's leftover cards, scored
 * jokers and flowers (optional model fields, each in its own captioned group). `ids[k]` is the
 * `winningAt.group` number of group k (sets 0…n−1, hand n, leftover n + 1; jokers and flowers −1).
 */
function winnerGroups(m: ResultModel): { groups: PieceGroup[]; ids: number[] } {
  const w = m.winner;
  if (!w) return { groups: [], ids: [] };
  const out: PieceGroup[] = [...w.groups];
  const ids = w.groups.map((_, i) => i);
  const n = w.groups.length;
  if (w.hand.length) {
    out.push({ codes: w.hand, ...(w.leftover?.length || w.groups.some((g) => g.label) ? { label: word(m.locale, 'hand') } : {}) });
    ids.push(n);
  }
  if (w.leftover?.length) {
    out.push({ codes: w.leftover, label: word(m.locale, 'leftover') });
    ids.push(n + 1);
  }
  if (w.jokers?.length) {
    out.push({ codes: w.jokers, label: word(m.locale, 'jokers') });
    ids.push(-1);
  }
  if (w.flowers?.length) {
    out.push({ codes: w.flowers, label: word(m.locale, 'flowers') });
    ids.push(-1);
  }
  return { groups: out, ids };
}

/**
 * Where the winning piece is drawn: the flow item and the index in it. `winningAt` when given and
 * valid; else the last face-up copy of `winningCode` (sets, then hand, then leftover).
 */
export function winningSpot(m: ResultModel, L: ResultLayout): { item: number; index: number; code: string } | null {
  const w = m.winner;
  if (!w) return null;
  const at = w.winningAt;
  if (at) {
    const k = L.flow.items.findIndex((it) => L.ids[it.src] === at.group && at.index >= it.from && at.index < it.from + it.g.codes.length);
    if (k >= 0) {
      const index = at.index - L.flow.items[k]!.from;
      return { item: k, index, code: L.flow.items[k]!.g.codes[index]! };
    }
  }
  const code = w.winningCode;
  if (!code) return null;
  let spot: { item: number; index: number; code: string } | null = null;
  L.flow.items.forEach((it, k) => {
    if (L.ids[it.src]! < 0) return;
    const hidden = hiddenSet(it.g);
    it.g.codes.forEach((c, i) => {
      if (c === code && !hidden.has(i)) spot = { item: k, index: i, code };
    });
  });
  return spot;
}

/** Layout-unit box of the winning piece as drawn (tests read its pixels). */
export function winningBox(m: ResultModel, L: ResultLayout): { x: number; y: number; w: number; h: number } | null {
  const spot = winningSpot(m, L);
  if (!spot || !m.winner) return null;
  const it = L.flow.items[spot.item]!;
  const d = pieceDims(m.game, L.gstyle.w);
  const marked = new Set(it.g.marked ?? []);
  const side = (i: number) => claimsSideways(m.game) && marked.has(i);
  let x = flowX() + it.x;
  for (let i = 0; i < spot.index; i++) x += (side(i) ? d.h : d.w) + (L.gstyle.gap ?? 2);
  const [w, h] = side(spot.index) ? [d.h, d.w] : [d.w, d.h];
  const y = flowY(m, L) + it.y + LABEL_H + d.h - h;
  return { x, y, w, h };
}

const flowX = (): number => PAD + 16;
const flowY = (m: ResultModel, L: ResultLayout): number => L.winY + 16 + 44 + (m.winner?.caption ? 30 : 0) + 14;

export interface ResultLayout {
  width: number;
  height: number;
  winY: number;
  winH: number;
  flow: ReturnType<typeof flowGroups>;
  /** `winningAt.group` number of each winner group (see `winnerGroups`). */
  ids: number[];
  gstyle: GroupStyle;
  colY: number;
  leftH: number;
  rightH: number;
}

export function layoutResult(m: ResultModel): ResultLayout {
  const inner = RESULT_W - PAD * 2 - 32;
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: pieceW(m.game), gap: 2, label: isMahjong(m.game) ? m.locale : null };
  const { groups, ids } = winnerGroups(m);
  const flow = flowGroups(groups, gstyle, inner, { groupGap: 18, rowGap: 14, labelH: LABEL_H });
  const winY = HEADER_H + 12;
  const winH = m.winner ? 16 + 44 + (m.winner.caption ? 30 : 0) + 14 + flow.height + 18 : 70;
  const colY = winY + winH + 14;
  const leftH = 14 + TITLE_H + Math.max(1, m.lines.length) * ROW_H + 14;
  const rightH = 14 + TITLE_H + Math.max(1, m.totals.length) * ROW_H + 12 + TITLE_H + Math.max(1, m.payments.length) * ROW_H + 14;
  const height = snapHeight(colY + Math.max(leftH, rightH) + PAD);
  return { width: RESULT_W, height, winY, winH, flow, ids, gstyle, colY, leftH, rightH };
}

function crown(ctx: Ctx, x: number, y: number, w: number): void {
  const h = w * 0.7;
  ctx.beginPath();
  ctx.moveTo(x, y + h);
  ctx.lineTo(x, y + h * 0.25);
  ctx.lineTo(x + w * 0.27, y + h * 0.55);
  ctx.lineTo(x + w / 2, y);
  ctx.lineTo(x + w * 0.73, y + h * 0.55);
  ctx.lineTo(x + w, y + h * 0.25);
  ctx.lineTo(x + w, y + h);
  ctx.closePath();
  ctx.fillStyle = C.gold;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = C.goldDark;
  ctx.stroke();
}

function rows(
  ctx: Ctx,
  items: { l: string; r: string; rc?: string }[],
  x: number,
  y: number,
  w: number,
  locale: ResultModel['locale'],
): void {
  if (!items.length) {
    fitText(ctx, word(locale, 'none'), { x, y, w, h: ROW_H }, { size: 20, color: C.muted });
    return;
  }
  items.forEach((it, k) => {
    const ry = y + k * ROW_H;
    if (k % 2 === 0) {
      ctx.fillStyle = 'rgba(255,255,255,0.04)';
      ctx.fillRect(x - 6, ry, w + 12, ROW_H);
    }
    const rw = Math.min(170, w * 0.36);
    fitText(ctx, it.l, { x, y: ry, w: w - rw - 10, h: ROW_H }, { size: 21, minSize: 14, color: C.text });
    fitText(
      ctx,
      it.r,
      { x: x + w - rw, y: ry, w: rw, h: ROW_H },
      { size: 22, minSize: 14, bold: true, color: it.rc ?? C.gold, align: 'right' },
    );
  });
}

function deltaColour(d: string): string {
  const t = d.trim();
  if (/^[+]/.test(t) || (/^\d/.test(t) && Number(t.replace(/[^\d.]/g, '')) > 0)) return C.plus;
  if (/^[-−]/.test(t)) return C.minus;
  return C.text;
}

export function drawResult(ctx: Ctx, m: ResultModel, L: ResultLayout): void {
  header(ctx, m.title, undefined, RESULT_W);
  panel(ctx, PAD, L.winY, RESULT_W - PAD * 2, L.winH, { turn: !!m.winner, fill: 'rgba(0,0,0,0.26)' });
  if (m.winner) {
    crown(ctx, PAD + 18, L.winY + 22, 40);
    fitText(
      ctx,
      m.winner.name,
      { x: PAD + 70, y: L.winY + 14, w: RESULT_W - PAD * 2 - 90, h: 44 },
      { size: 32, minSize: 20, bold: true, color: C.gold },
    );
    if (m.winner.caption)
      fitText(
        ctx,
        m.winner.caption,
        { x: PAD + 70, y: L.winY + 14 + 44, w: RESULT_W - PAD * 2 - 90, h: 28 },
        { size: 21, minSize: 14, color: C.text },
      );
    const spot = winningSpot(m, L);
    drawFlow(ctx, L.flow, flowX(), flowY(m, L), L.gstyle, LABEL_H, spot?.code, spot?.item ?? -1, spot?.index);
  } else {
    fitText(
      ctx,
      word(m.locale, 'noWinner'),
      { x: PAD + 20, y: L.winY + 10, w: RESULT_W - PAD * 2 - 40, h: 50 },
      { size: 30, bold: true, color: C.text },
    );
  }
  const colW = (RESULT_W - PAD * 2 - 16) / 2;
  const lx = PAD;
  const rx = PAD + colW + 16;
  panel(ctx, lx, L.colY, colW, L.leftH);
  panel(ctx, rx, L.colY, colW, L.rightH);
  const tx = (x: number) => x + 18;
  const tw = colW - 36;
  let y = L.colY + 14;
  fitText(ctx, word(m.locale, 'scoring'), { x: tx(lx), y, w: tw, h: TITLE_H - 6 }, { size: 24, bold: true, color: C.gold });
  rows(
    ctx,
    m.lines.map((l) => ({ l: l.label, r: l.value })),
    tx(lx),
    y + TITLE_H,
    tw,
    m.locale,
  );
  fitText(ctx, word(m.locale, 'totals'), { x: tx(rx), y, w: tw, h: TITLE_H - 6 }, { size: 24, bold: true, color: C.gold });
  rows(
    ctx,
    m.totals.map((t) => ({ l: t.name, r: t.delta, rc: deltaColour(t.delta) })),
    tx(rx),
    y + TITLE_H,
    tw,
    m.locale,
  );
  y += TITLE_H + Math.max(1, m.totals.length) * ROW_H + 12;
  fitText(ctx, word(m.locale, 'payments'), { x: tx(rx), y, w: tw, h: TITLE_H - 6 }, { size: 24, bold: true, color: C.gold });
  rows(
    ctx,
    m.payments.map((p) => ({ l: `${p.from} → ${p.to}`, r: p.amount })),
    tx(rx),
    y + TITLE_H,
    tw,
    m.locale,
  );
}

export function renderResultPng(m: ResultModel): Buffer {
  const L = layoutResult(m);
  const img = newImage(L.width, L.height, outputScale(m.game));
  const { ctx } = img;
  drawResult(ctx, m, L);
  return encode(img, paletteColours(m.game));
}
