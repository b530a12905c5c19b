/**
 * The result image: the winning hand with its sets (the winning piece highlighted), the scoring
 * breakdown, each player's total and the payments.
 */
import { fitText } from './text.js';
import { OUTPUT_SCALE } from './scale.js';
import { C, type Ctx, type GroupStyle, drawFlow, encode, flowGroups, newImage, panel, snapHeight, word } from './draw.js';
import { header } from './hand.js';
import type { GameId, PieceGroup, ResultModel } from './model.js';
import { isMahjong } from './codes.js';

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
 * jokers and flowers (optional model fields, each in its own captioned group).
 */
function winnerGroups(m: ResultModel): PieceGroup[] {
  const w = m.winner;
  if (!w) return [];
  const out: PieceGroup[] = [...w.groups];
  if (w.hand.length)
    out.push({ codes: w.hand, ...(w.leftover?.length || w.groups.some((g) => g.label) ? { label: word(m.locale, 'hand') } : {}) });
  if (w.leftover?.length) out.push({ codes: w.leftover, label: word(m.locale, 'leftover') });
  if (w.jokers?.length) out.push({ codes: w.jokers, label: word(m.locale, 'jokers') });
  if (w.flowers?.length) out.push({ codes: w.flowers, label: word(m.locale, 'flowers') });
  return out;
}

export interface ResultLayout {
  width: number;
  height: number;
  winY: number;
  winH: number;
  flow: ReturnType<typeof flowGroups>;
  gstyle: GroupStyle;
  colY: number;
  leftH: number;
  rightH: number;
}

export function layoutResult(m: ResultModel): ResultLayout {
  const inner = RESULT_W - PAD * 2 - 32;
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: pieceW(m.game), gap: 2, label: isMahjong(m.game) ? m.locale : null };
  const groups = winnerGroups(m);
  const flow = flowGroups(groups, gstyle, inner, { groupGap: 18, rowGap: 14, labelH: LABEL_H });
  const winY = HEADER_H + 12;
  const winH = m.winner ? 16 + 44 + (m.winner.caption ? 30 : 0) + 14 + flow.height + 18 : 70;
  const colY = winY + winH + 14;
  const leftH = 14 + TITLE_H + Math.max(1, m.lines.length) * ROW_H + 14;
  const rightH = 14 + TITLE_H + Math.max(1, m.totals.length) * ROW_H + 12 + TITLE_H + Math.max(1, m.payments.length) * ROW_H + 14;
  const height = snapHeight(colY + Math.max(leftH, rightH) + PAD);
  return { width: RESULT_W, height, winY, winH, flow, gstyle, colY, leftH, rightH };
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
    // the winning piece: at `winningAt` when given (group `groups.length` = the hand), else its last copy
    const at = m.winner.winningAt;
    let winItem: number | undefined;
    let win = m.winner.winningCode;
    if (at) {
      const src = at.group;
      const k = L.flow.items.findIndex((it) => it.src === src && at.index >= it.from && at.index < it.from + it.g.codes.length);
      if (k >= 0) {
        winItem = k;
        win = L.flow.items[k]!.g.codes[at.index - L.flow.items[k]!.from] ?? win;
      }
    }
    drawFlow(ctx, L.flow, PAD + 16, L.winY + 16 + 44 + (m.winner.caption ? 30 : 0) + 14, L.gstyle, LABEL_H, win, winItem);
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
  const { canvas, ctx } = newImage(L.width, L.height, OUTPUT_SCALE);
  drawResult(ctx, m, L);
  return encode(canvas);
}
