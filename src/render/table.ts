/**
 * The table image: a header (title, timer), a bar with the stock and the last action, the centre
 * pieces (e.g. Chắn's face-up drawn card), then one panel per seat in turn order: name, wind and
 * dealer badges, score, hand count, note; exposed sets and flowers; discards in order with the last
 * one highlighted. Panels stack vertically so the image stays readable on a phone.
 */
import { pieceDims, sprite } from './sprites.js';
import { fitText } from './text.js';
import {
  C,
  type Ctx,
  type GroupStyle,
  markRoom,
  badge,
  drawFlow,
  encode,
  flowGroups,
  highlight,
  newImage,
  panel,
  snapHeight,
  windText,
  word,
} from './draw.js';
import { header } from './hand.js';
import { rrect } from './pieces/draw-util.js';
import type { GameId, PieceGroup, SeatModel, TableModel } from './model.js';
import { BACK } from './model.js';
import { isMahjong } from './codes.js';

export const TABLE_W = 1200;
const PAD = 28;
const HEADER_H = 74;
const BAR_H = 46;
const INFO_W = 250;
const LABEL_H = 24;

function sizes(game: GameId): { group: number; discard: number; centre: number } {
  if (game === 'chan') return { group: 40, discard: 40, centre: 54 };
  if (game === 'phom') return { group: 68, discard: 66, centre: 84 };
  return { group: 54, discard: 52, centre: 64 };
}

interface SeatLayout {
  y: number;
  h: number;
  flow: ReturnType<typeof flowGroups>;
  flowY: number;
  /** Discards block origin, relative to the panel (x relative to contentX). */
  discX: number;
  discY: number;
  perRow: number;
  discRows: number;
}

export interface TableLayout {
  width: number;
  height: number;
  centreY: number;
  centreH: number;
  seats: SeatLayout[];
  gstyle: GroupStyle;
  dstyle: GroupStyle;
}

const contentX = PAD + INFO_W + 14;
const contentW = TABLE_W - contentX - PAD - 14;

function showCount(s: SeatModel): boolean {
  return s.handCount > 0 || s.groups.length > 0 || s.discards.length > 0;
}

function infoHeight(s: SeatModel): number {
  const badges = s.wind || s.isDealer || s.score ? 32 + 8 : 0;
  return 12 + 36 + 8 + badges + (s.note ? 30 : 0) + 6;
}

export function layoutTable(m: TableModel): TableLayout {
  const sz = sizes(m.game);
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.group, gap: 2, label: null };
  const dstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.discard, gap: 3, label: null };
  let y = HEADER_H + 8 + BAR_H + 10;
  let centreY = 0;
  let centreH = 0;
  if (m.centreCodes?.length) {
    centreY = y;
    centreH = pieceDims(m.game, sz.centre).h + 24;
    y += centreH + 12;
  }
  const dd = pieceDims(m.game, sz.discard);
  const dstep = sz.discard + 3;
  const seats: SeatLayout[] = m.seats.map((s) => {
    const groups: PieceGroup[] = [...s.groups];
    if (s.flowers?.length) groups.push({ codes: s.flowers, label: word(m.locale, 'flowers') });
    const flowY = 10;
    const flow = flowGroups(groups, gstyle, contentW, { groupGap: 16, rowGap: 6, labelH: LABEL_H });
    const flowW = flow.items.reduce((mx, it) => Math.max(mx, it.x + it.w), 0);
    const oneRow = flow.items.every((it) => it.y === 0);
    const discW = s.discards.length * dstep - 3;
    let discX = 0;
    let discY = flowY + (flow.height ? flow.height + 8 : 0);
    let perRow = Math.max(1, Math.floor((contentW + 3) / dstep));
    // Side by side when the sets and one row of discards fit together: shorter panels.
    if (flow.items.length && oneRow && s.discards.length && flowW + 28 + discW <= contentW) {
      discX = flowW + 28;
      // bottoms aligned: sets and discards sit on one line
      discY = Math.max(flowY, flowY + flow.height - markRoom(gstyle) - (LABEL_H + dd.h));
      perRow = s.discards.length;
    }
    const discRows = Math.ceil(s.discards.length / perRow);
    const discBottom = discRows ? discY + LABEL_H + discRows * (dd.h + 5) - 5 : 0;
    const content = Math.max(flowY + flow.height, discBottom) + 12;
    const h = Math.max(infoHeight(s), content);
    const sl: SeatLayout = { y, h, flow, flowY, discX, discY, perRow, discRows };
    y += h + 10;
    return sl;
  });
  return { width: TABLE_W, height: snapHeight(y + PAD - 10), centreY, centreH, seats, gstyle, dstyle };
}

function drawSeat(ctx: Ctx, m: TableModel, i: number, s: SeatModel, L: SeatLayout, T: TableLayout): void {
  const x = PAD;
  const w = TABLE_W - PAD * 2;
  panel(ctx, x, L.y, w, L.h, s.isTurn ? { turn: true, fill: 'rgba(244,200,74,0.10)' } : {});
  // info column
  let y = L.y + 14;
  let nx = x + 16;
  if (s.isTurn) {
    ctx.beginPath();
    ctx.moveTo(nx, y + 6);
    ctx.lineTo(nx + 18, y + 18);
    ctx.lineTo(nx, y + 30);
    ctx.closePath();
    ctx.fillStyle = C.gold;
    ctx.fill();
    nx += 26;
  }
  // hand count at the right of the name line: a small back and the number
  let countW = 0;
  if (showCount(s)) {
    const back = sprite(m.game, BACK, m.game === 'chan' ? 9 : 20);
    const bh = 28;
    const bw = (back.width * bh) / back.height;
    const num = String(s.handCount);
    const tw = 14 * num.length + 6;
    countW = bw + 4 + tw + 8;
    const cx = x + INFO_W - countW;
    ctx.drawImage(back, cx, y + 4, bw, bh);
    fitText(ctx, num, { x: cx + bw + 4, y, w: tw, h: 36 }, { size: 23, minSize: 12, bold: true, color: C.text });
  }
  fitText(
    ctx,
    s.name,
    { x: nx, y, w: x + INFO_W - nx - countW - 4, h: 36 },
    { size: 27, minSize: 17, bold: true, color: s.isTurn ? C.gold : C.text },
  );
  y += 36 + 8;
  let bx = x + 16;
  const right = x + INFO_W;
  if (s.wind) bx += badge(ctx, windText(s.wind, m.locale), bx, y, 32, { bg: '#f7f2e2', fg: '#14211b', maxW: right - bx }) + 6;
  if (s.isDealer && right - bx > 30)
    bx += badge(ctx, word(m.locale, 'dealer'), bx, y, 32, { bg: '#c62828', fg: '#fff', maxW: right - bx }) + 6;
  if (s.score && right - bx > 30) badge(ctx, s.score, bx, y, 32, { bg: 'rgba(0,0,0,0.35)', fg: C.gold, maxW: right - bx });
  if (s.wind || s.isDealer || s.score) y += 32 + 8;
  if (s.note) fitText(ctx, s.note, { x: x + 16, y, w: INFO_W - 16, h: 28 }, { size: 20, minSize: 14, bold: true, color: C.minus });
  // divider
  ctx.fillStyle = 'rgba(255,255,255,0.10)';
  ctx.fillRect(x + INFO_W + 4, L.y + 10, 2, L.h - 20);
  // groups and discards
  drawFlow(ctx, L.flow, contentX, L.y + L.flowY, T.gstyle, LABEL_H);
  if (s.discards.length) {
    const dy = L.y + L.discY;
    const dx = contentX + L.discX;
    fitText(
      ctx,
      `${word(m.locale, 'discards')} · ${s.discards.length}`,
      { x: dx, y: dy, w: contentW - L.discX, h: LABEL_H - 2 },
      { size: 18, minSize: 11, bold: true, color: C.muted },
    );
    const d = pieceDims(m.game, T.dstyle.w);
    s.discards.forEach((code, k) => {
      const px = dx + (k % L.perRow) * (T.dstyle.w + 3);
      const py = dy + LABEL_H + Math.floor(k / L.perRow) * (d.h + 5);
      ctx.drawImage(sprite(m.game, code, T.dstyle.w), px, py);
      if (m.lastDiscard && m.lastDiscard.seat === i && m.lastDiscard.index === k) highlight(ctx, px, py, d.w, d.h);
    });
  }
}

export function drawTable(ctx: Ctx, m: TableModel, T: TableLayout): void {
  header(ctx, m.title, m.timer, TABLE_W);
  // bar: stock + last action
  const by = HEADER_H + 8;
  rrect(ctx, PAD, by, TABLE_W - PAD * 2, BAR_H, 12);
  ctx.fillStyle = 'rgba(0,0,0,0.22)';
  ctx.fill();
  const back = sprite(m.game, BACK, m.game === 'chan' ? 12 : 26);
  const sh = BAR_H - 12;
  const sw = (back.width * sh) / back.height;
  for (let k = 2; k >= 0; k--) ctx.drawImage(back, PAD + 14 + k * 4, by + 6 - k * 1.5, sw, sh);
  const stockText = `${m.stockLabel} ${m.stockCount}`;
  const sx = PAD + 14 + sw + 18;
  const stockW = Math.min(330, TABLE_W * 0.3);
  fitText(ctx, stockText, { x: sx, y: by, w: stockW, h: BAR_H }, { size: 22, minSize: 15, bold: true, color: C.gold });
  if (m.lastAction) {
    const ax = sx + stockW + 10;
    fitText(
      ctx,
      m.lastAction,
      { x: ax, y: by, w: TABLE_W - PAD - 16 - ax, h: BAR_H },
      { size: 21, minSize: 14, color: C.text, align: 'right' },
    );
  }
  if (m.centreCodes?.length) {
    const sz = sizes(m.game);
    const d = pieceDims(m.game, sz.centre);
    const total = m.centreCodes.length * (d.w + 6) - 6;
    const cx = (TABLE_W - total) / 2;
    const cy = T.centreY + 20;
    if (m.centreLabel)
      fitText(
        ctx,
        m.centreLabel,
        { x: PAD, y: T.centreY, w: cx - PAD - 24, h: T.centreH },
        { size: 22, minSize: 14, bold: true, color: C.gold, align: 'right' },
      );
    m.centreCodes.forEach((code, k) => {
      const px = cx + k * (d.w + 6);
      ctx.drawImage(sprite(m.game, code, sz.centre, { label: isMahjong(m.game) ? m.locale : null }), px, cy);
      highlight(ctx, px, cy, d.w, d.h);
    });
  }
  m.seats.forEach((s, i) => drawSeat(ctx, m, i, s, T.seats[i]!, T));
}

export function renderTablePng(m: TableModel): Buffer {
  const T = layoutTable(m);
  const { canvas, ctx } = newImage(T.width, T.height);
  drawTable(ctx, m, T);
  return encode(canvas);
}
