/**
 * The table image: a header (title, timer), a bar with the stock and the last action, the centre
 * pieces (e.g. Chắn's face-up drawn card), then one panel per seat in turn order: name, wind and
 * dealer badges, score, hand count, note; exposed sets and flowers; discards in order with the last
 * one highlighted. Panels stack vertically so the image stays readable on a phone.
 */
import { pieceDims, sprite } from './sprites.js';
import { fitText, type Box } from './text.js';
import { outputScale } from './scale.js';
import {
  C,
  type Ctx,
  type GroupStyle,
  markRoom,
  badge,
  badgeWidth,
  drawFlow,
  drawPiece,
  encode,
  flowGroups,
  highlight,
  newImage,
  panel,
  snapHeight,
  windText,
  word,
  paletteColours,
  rowHeight,
} from './draw.js';
import { header, type LayoutBox } from './hand.js';
import { rrect } from './pieces/draw-util.js';
import type { GameId, PieceGroup, SeatModel, TableModel } from './model.js';
import { BACK } from './model.js';
import { isMahjong } from './codes.js';

export const TABLE_W = 1200;
/** The tallest table image we aim for (issue #17 §3: ≤ 1200 × 900 at any point of a hand). */
export const TABLE_MAX_H = 900;
const PAD = 28;
const HEADER_H = 74;
const BAR_H = 46;
const INFO_W = 250;
const COL_GAP = 12;

interface Sizes {
  group: number;
  discard: number;
  centre: number;
  label: number;
}

/** Piece widths at scale 1: one seat per row (2 seats) / two seats per row (3+ seats). */
function baseSizes(game: GameId, cols: number): Sizes {
  if (cols === 1) {
    if (game === 'chan') return { group: 40, discard: 40, centre: 54, label: 24 };
    if (game === 'phom') return { group: 68, discard: 66, centre: 84, label: 24 };
    return { group: 54, discard: 52, centre: 64, label: 24 };
  }
  if (game === 'chan') return { group: 34, discard: 32, centre: 46, label: 20 };
  if (game === 'phom') return { group: 54, discard: 50, centre: 70, label: 20 };
  return { group: 44, discard: 40, centre: 54, label: 20 };
}

/** Scales tried in turn until the image fits `TABLE_MAX_H` (the last one is kept regardless). */
const SCALES = [1, 0.96, 0.92, 0.85, 0.78, 0.72, 0.66, 0.6];

interface SeatLayout {
  x: number;
  y: number;
  w: number;
  h: number;
  /** Name and badges in a column at the left (one seat per row) or a line at the top. */
  infoLeft: boolean;
  /** Origin of the sets and discards, relative to the panel. */
  cx: number;
  cy: number;
  cw: number;
  flow: ReturnType<typeof flowGroups>;
  flowY: number;
  /** Discards block origin, relative to (cx, cy). */
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
  sizes: Sizes;
  scale: number;
}

function showCount(s: SeatModel): boolean {
  return s.handCount > 0 || s.groups.length > 0 || s.discards.length > 0;
}

function hasBadges(s: SeatModel): boolean {
  return !!(s.wind || s.isDealer || s.score);
}

/**
 * In the stacked (2-seat) layout, whether the score badge takes its own line under the wind and
 * dealer badges: it does when the three do not fit the info column at full size (English "East
 * Dealer -1,024" left the score "+…").
 */
export function scoreOwnLine(s: SeatModel, locale: TableModel['locale']): boolean {
  if (!s.score || !(s.wind || s.isDealer)) return false;
  let w = badgeWidth(s.score, 32);
  if (s.wind) w += badgeWidth(windText(s.wind, locale), 32) + 6;
  if (s.isDealer) w += badgeWidth(word(locale, 'dealer'), 32) + 6;
  return w > INFO_W - 16;
}

/** Width of the hand count (a small back and the number), the back `bh` tall. */
function countWidth(game: GameId, s: SeatModel, bh = 28): number {
  const back = sprite(game, BACK, game === 'chan' ? 9 : 20);
  return (back.width * bh) / back.height + 4 + 14 * String(s.handCount).length + 6 + 8;
}

/**
 * In the stacked (2-seat) layout the name has the info column's whole first line (a full
 * Vietnamese name, "Nguyễn Thị Ngọc Hường", was cut beside the hand count; two such names then
 * read alike); the hand count goes at the right end of the last badge line, or on a line of its
 * own when it does not fit there. The badge lines: how many, and whether the count has its own.
 */
function badgeLines(s: SeatModel, m: TableModel): { lines: number; countOwnLine: boolean } {
  let lines = hasBadges(s) ? (scoreOwnLine(s, m.locale) ? 2 : 1) : 0;
  if (!showCount(s)) return { lines, countOwnLine: false };
  let last = 0;
  if (lines === 2) last = badgeWidth(s.score!, 32);
  else if (lines === 1) {
    const parts = [s.wind ? windText(s.wind, m.locale) : '', s.isDealer ? word(m.locale, 'dealer') : '', s.score ?? ''].filter(Boolean);
    last = parts.reduce((w, t) => w + badgeWidth(t, 32) + 6, 0);
  }
  const countOwnLine = lines === 0 || last + countWidth(m.game, s) > INFO_W - 16;
  if (countOwnLine) lines++;
  return { lines, countOwnLine };
}

function infoHeight(s: SeatModel, m: TableModel): number {
  const badges = (32 + 8) * badgeLines(s, m).lines;
  return 12 + 36 + 8 + badges + (s.note ? 30 : 0) + 6;
}

/** Height of the name line of a panel in the two-column layout (badges share the line). */
const TOP_INFO_H = 42;
/** Room for a seat's note under the name line in the two-column layout (counted in `cy`). */
const NOTE_LINE_H = 26;

export function layoutTable(m: TableModel): TableLayout {
  const cols = m.seats.length >= 3 ? 2 : 1;
  let best: TableLayout | null = null;
  for (const scale of SCALES) {
    best = layoutAt(m, cols, scale);
    if (best.height <= TABLE_MAX_H) break;
  }
  return best!;
}

function layoutAt(m: TableModel, cols: number, scale: number): TableLayout {
  const base = baseSizes(m.game, cols);
  const sz: Sizes = {
    group: Math.round(base.group * scale),
    discard: Math.round(base.discard * scale),
    centre: Math.round(base.centre * Math.max(scale, 0.8)),
    label: base.label,
  };
  const LABEL_H = sz.label;
  // Chắn: the short face (as in the hand) keeps long rows of pairs and discards shorter, so the
  // table fits 1200 × 900 with bigger cards
  const short = m.game === 'chan';
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.group, gap: 2, label: null, short };
  const dstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.discard, gap: 3, label: null, short };
  let y = HEADER_H + 8 + BAR_H + 8;
  let centreY = 0;
  let centreH = 0;
  if (m.centreCodes?.length) {
    centreY = y;
    centreH = pieceDims(m.game, sz.centre, short).h + 24;
    y += centreH + 12;
  }
  const dd = pieceDims(m.game, sz.discard, short);
  const dstep = sz.discard + 3;
  const panelW = (TABLE_W - PAD * 2 - (cols - 1) * COL_GAP) / cols;
  const infoLeft = cols === 1;
  const seats: SeatLayout[] = [];
  let rowH = 0;
  m.seats.forEach((s, i) => {
    const col = i % cols;
    if (col === 0 && i > 0) {
      y += rowH + 10;
      rowH = 0;
    }
    const cx = infoLeft ? INFO_W + 14 : 16;
    // the top line's note (Original Call, Phỏm's "left") has its own line under the name
    const cy = infoLeft ? 0 : TOP_INFO_H + (s.note ? NOTE_LINE_H : 0);
    const cw = infoLeft ? panelW - INFO_W - 14 - 14 : panelW - 32;
    const groups: PieceGroup[] = [...s.groups];
    if (s.flowers?.length) groups.push({ codes: s.flowers, label: word(m.locale, 'flowers') });
    const flowY = infoLeft ? 10 : 2;
    const flow = flowGroups(groups, gstyle, cw, { groupGap: infoLeft ? 16 : 12, rowGap: 6, labelH: LABEL_H });
    const flowW = flow.items.reduce((mx, it) => Math.max(mx, it.x + it.w), 0);
    const oneRow = flow.items.every((it) => it.y === 0);
    const discW = s.discards.length * dstep - 3;
    let discX = 0;
    let discY = flowY + (flow.height ? flow.height + 6 : 0);
    let perRow = Math.max(1, Math.floor((cw + 3) / dstep));
    // Side by side when the sets and one row of discards fit together: shorter panels.
    if (flow.items.length && oneRow && s.discards.length && flowW + 24 + discW <= cw) {
      discX = flowW + 24;
      // bottoms aligned: sets and discards sit on one line
      discY = Math.max(flowY, flowY + flow.height - markRoom(gstyle) - (LABEL_H + dd.h));
      perRow = s.discards.length;
    }
    const discRows = Math.ceil(s.discards.length / perRow);
    const discBottom = discRows ? discY + LABEL_H + discRows * (dd.h + 4) - 4 : 0;
    const content = cy + Math.max(flowY + flow.height, discBottom) + 12;
    const h = Math.max(infoLeft ? infoHeight(s, m) : cy + 8, content);
    seats.push({ x: PAD + col * (panelW + COL_GAP), y, w: panelW, h, infoLeft, cx, cy, cw, flow, flowY, discX, discY, perRow, discRows });
    rowH = Math.max(rowH, h);
  });
  // panels of a row share its height
  for (const sl of seats) {
    const mate = seats.filter((o) => o.y === sl.y);
    sl.h = Math.max(...mate.map((o) => o.h));
  }
  y += rowH;
  // heights snap to 32, but never past the cap when the content itself fits under it
  const raw = y + PAD - 10;
  const height = raw <= TABLE_MAX_H ? Math.min(snapHeight(raw), TABLE_MAX_H) : snapHeight(raw);
  return { width: TABLE_W, height, centreY, centreH, seats, gstyle, dstyle, sizes: sz, scale };
}

/** Top of a seat's sets and discards (their origin is `(L.x + L.cx, contentTop)`). */
function contentTop(s: SeatModel, L: SeatLayout): number {
  return L.y + L.cy;
}

/**
 * Every box a seat draws into (name line, note, sets with their captions and tags, discards
 * caption and pieces), with its panel: the layout tests check each box lies inside its panel.
 */
export function tableBoxes(m: TableModel, T: TableLayout): { seat: number; panel: Box; boxes: LayoutBox[] }[] {
  return m.seats.map((s, i) => {
    const L = T.seats[i]!;
    const boxes: LayoutBox[] = [];
    if (L.infoLeft) {
      boxes.push({ what: 'info', x: L.x + 16, y: L.y + 14, w: INFO_W - 16, h: infoHeight(s, m) - 14 - 6 });
    } else {
      boxes.push({ what: 'name line', x: L.x + 16, y: L.y + 6, w: L.w - 32, h: 36 });
      if (s.note) boxes.push({ what: 'note', x: L.x + 16, y: L.y + 42, w: L.w - 32, h: 24 });
    }
    const ox = L.x + L.cx;
    const oy = contentTop(s, L);
    const LABEL_H = T.sizes.label;
    const itemH = LABEL_H + rowHeight(T.gstyle) + markRoom(T.gstyle);
    L.flow.items.forEach((it, k) => boxes.push({ what: `set ${k}`, x: ox + it.x, y: oy + L.flowY + it.y, w: it.w, h: itemH }));
    if (s.discards.length) {
      const d = pieceDims(m.game, T.dstyle.w, T.dstyle.short);
      const dx = ox + L.discX;
      const dy = oy + L.discY;
      const cols = Math.min(L.perRow, s.discards.length);
      boxes.push({ what: 'discards caption', x: dx, y: dy, w: L.cw - L.discX, h: LABEL_H - 2 });
      boxes.push({ what: 'discards', x: dx, y: dy + LABEL_H, w: (cols - 1) * (T.dstyle.w + 3) + d.w, h: L.discRows * (d.h + 4) - 4 });
    }
    return { seat: i, panel: { x: L.x, y: L.y, w: L.w, h: L.h }, boxes };
  });
}

function drawSeat(ctx: Ctx, m: TableModel, i: number, s: SeatModel, L: SeatLayout, T: TableLayout): void {
  const { x, w } = L;
  const LABEL_H = T.sizes.label;
  panel(ctx, x, L.y, w, L.h, s.isTurn ? { turn: true, fill: 'rgba(244,200,74,0.10)' } : {});
  // info: a column at the left, or the top line
  const infoW = L.infoLeft ? INFO_W : w - 16;
  let y = L.y + (L.infoLeft ? 14 : 6);
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
  // hand count: a small back and the number, at the right of the name line (two columns) or of
  // the last badge line (stacked)
  const drawCount = (right: number, cy: number): number => {
    const back = sprite(m.game, BACK, m.game === 'chan' ? 9 : 20);
    const bh = 28;
    const bw = (back.width * bh) / back.height;
    const num = String(s.handCount);
    const tw = 14 * num.length + 6;
    const cw = countWidth(m.game, s, bh);
    const cx = right - cw;
    ctx.drawImage(back, cx, cy + 4, bw, bh);
    fitText(ctx, num, { x: cx + bw + 4, y: cy, w: tw, h: 36 }, { size: 23, minSize: 12, bold: true, color: C.text });
    return cw;
  };
  if (L.infoLeft) {
    let right = x + INFO_W;
    fitText(ctx, s.name, { x: nx, y, w: right - nx, h: 36 }, { size: 27, minSize: 17, bold: true, color: s.isTurn ? C.gold : C.text });
    y += 36 + 8;
    let bx = x + 16;
    if (s.wind) bx += badge(ctx, windText(s.wind, m.locale), bx, y, 32, { bg: '#f7f2e2', fg: '#14211b', maxW: right - bx }) + 6;
    if (s.isDealer && right - bx > 30)
      bx += badge(ctx, word(m.locale, 'dealer'), bx, y, 32, { bg: '#c62828', fg: '#fff', maxW: right - bx }) + 6;
    if (scoreOwnLine(s, m.locale)) {
      y += 32 + 8;
      bx = x + 16;
    }
    const { countOwnLine } = badgeLines(s, m);
    if (showCount(s) && !countOwnLine) right -= countWidth(m.game, s);
    if (s.score && right - bx > 30) badge(ctx, s.score, bx, y, 32, { bg: 'rgba(0,0,0,0.35)', fg: C.gold, maxW: right - bx });
    if (hasBadges(s)) y += 32 + 8;
    if (showCount(s)) {
      if (countOwnLine) {
        drawCount(x + 16 + countWidth(m.game, s), y - 2);
        y += 32 + 8;
      } else drawCount(x + INFO_W, y - 32 - 8 - 2);
    }
    if (s.note) fitText(ctx, s.note, { x: x + 16, y, w: INFO_W - 16, h: 28 }, { size: 20, minSize: 14, bold: true, color: C.minus });
    // divider
    ctx.fillStyle = 'rgba(255,255,255,0.10)';
    ctx.fillRect(x + INFO_W + 4, L.y + 10, 2, L.h - 20);
  } else {
    const countW = showCount(s) ? drawCount(x + infoW, y) : 0;
    const right = x + infoW - countW - 4;
    // badges at the right of the line, the name takes what is left (at least 40%)
    const minName = (right - nx) * 0.4;
    let bx = right;
    const bh = 28;
    const by = y + 4;
    if (s.score && bx - nx - minName > 30)
      bx -= badge(ctx, s.score, bx, by, bh, { bg: 'rgba(0,0,0,0.35)', fg: C.gold, maxW: bx - nx - minName, right: true }) + 6;
    if (s.isDealer && bx - nx - minName > 30)
      bx -= badge(ctx, word(m.locale, 'dealer'), bx, by, bh, { bg: '#c62828', fg: '#fff', maxW: bx - nx - minName, right: true }) + 6;
    if (s.wind && bx - nx - minName > 30)
      bx -= badge(ctx, windText(s.wind, m.locale), bx, by, bh, { bg: '#f7f2e2', fg: '#14211b', maxW: bx - nx - minName, right: true }) + 6;
    fitText(ctx, s.name, { x: nx, y, w: bx - nx - 4, h: 36 }, { size: 26, minSize: 15, bold: true, color: s.isTurn ? C.gold : C.text });
    if (s.note) fitText(ctx, s.note, { x: x + 16, y: y + 36, w: w - 32, h: 24 }, { size: 19, minSize: 13, bold: true, color: C.minus });
  }
  // groups and discards
  const ox = x + L.cx;
  const oy = contentTop(s, L);
  drawFlow(ctx, L.flow, ox, oy + L.flowY, T.gstyle, LABEL_H);
  if (s.discards.length) {
    const dy = oy + L.discY;
    const dx = ox + L.discX;
    fitText(
      ctx,
      `${word(m.locale, 'discards')} · ${s.discards.length}`,
      { x: dx, y: dy, w: L.cw - L.discX, h: LABEL_H - 2 },
      { size: LABEL_H * 0.78, minSize: 11, bold: true, color: C.muted },
    );
    const d = pieceDims(m.game, T.dstyle.w, T.dstyle.short);
    s.discards.forEach((code, k) => {
      const px = dx + (k % L.perRow) * (T.dstyle.w + 3);
      const py = dy + LABEL_H + Math.floor(k / L.perRow) * (d.h + 4);
      drawPiece(ctx, m.game, code, T.dstyle.w, px, py, { short: T.dstyle.short });
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
  const stockText = `${m.stockLabel} ${m.stockCount}${m.stockNote ? ` · ${m.stockNote}` : ''}`;
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
    const sz = T.sizes;
    const d = pieceDims(m.game, sz.centre, T.dstyle.short);
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
      drawPiece(ctx, m.game, code, sz.centre, px, cy, { label: isMahjong(m.game) ? m.locale : null, short: T.dstyle.short });
      highlight(ctx, px, cy, d.w, d.h);
    });
  }
  m.seats.forEach((s, i) => drawSeat(ctx, m, i, s, T.seats[i]!, T));
}

export function renderTablePng(m: TableModel): Buffer {
  const T = layoutTable(m);
  const img = newImage(T.width, T.height, outputScale(m.game), m);
  const { ctx } = img;
  drawTable(ctx, m, T);
  return encode(img, paletteColours(m.game));
}
