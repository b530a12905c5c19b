/**
 * The result image: the winning hand with its sets (the winning piece highlighted), the scoring
 * breakdown, each player's total and the payments.
 */
import { fitText, isolateName, measureFit, scratchContext } from './text.js';
import { deviceScale, outputScale, setDeviceScale } from './scale.js';
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
/** Height of a two-line row (scoring, totals, payments). */
const ROW2_H = ROW_H * 2 - 6;
/** Smallest size a row's text shrinks to before the row takes a second line. */
export const ROW_MIN = 19;
/** Smallest size at all (a two-line row's text, then ellipsized). */
const ROW_MIN2 = 16;

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
  /** Scoring lines, totals and payments as drawn (one or two lines each). */
  lineRows: RowPlan[];
  totalRows: RowPlan[];
  payRows: RowPlan[];
}

export function layoutResult(m: ResultModel): ResultLayout {
  const inner = RESULT_W - PAD * 2 - 32;
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: pieceW(m.game), gap: 2, label: isMahjong(m.game) ? m.locale : null };
  const { groups, ids } = winnerGroups(m);
  const flow = flowGroups(groups, gstyle, inner, { groupGap: 18, rowGap: 14, labelH: LABEL_H });
  const winY = HEADER_H + 12;
  const winH = m.winner ? 16 + 44 + (m.winner.caption ? 30 : 0) + 14 + flow.height + 18 : 70;
  const colY = winY + winH + 14;
  const tw = (RESULT_W - PAD * 2 - 16) / 2 - 36;
  const k = outputScale(m.game);
  const lineRows = planRows(m.lines.map(lineText), tw, k);
  const totalRows = planRows(
    m.totals.map((t) => ({ head: t.name, value: t.delta, rc: deltaColour(t.delta) })),
    tw,
    k,
  );
  const payRows = planRows(
    m.payments.map((p) => payText(p.from, p.to, p.amount)),
    tw,
    k,
  );
  const leftH = 14 + TITLE_H + rowsH(lineRows) + 14;
  const rightH = 14 + TITLE_H + rowsH(totalRows) + 12 + TITLE_H + rowsH(payRows) + 14;
  const height = snapHeight(colY + Math.max(leftH, rightH) + PAD);
  return { width: RESULT_W, height, winY, winH, flow, ids, gstyle, colY, leftH, rightH, lineRows, totalRows, payRows };
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

/**
 * One row of a result table: `head sep tail` on the left, `value · note` on the right, e.g.
 * "Lan · Tự mó" | "4 điểm", or "Lan → Minh" | "96 · Trả người ù".
 */
interface RowText {
  head: string;
  sep?: string;
  tail?: string;
  value: string;
  note?: string;
  rc?: string;
}

/** A row as drawn: one line (left | right), or two, the second line indented under the first. */
export interface RowPlan {
  l: string;
  r: string;
  rc?: string;
  l2?: string;
  /** Drawn after `l2` and never cut (a payment's reason after a long payee, who is cut instead). */
  l2tail?: string;
  h: number;
}

/** Splits `s` at the first `sep`: [s, ''] when it has none. */
function cut(s: string, sep: string): [string, string] {
  const i = s.indexOf(sep);
  return i < 0 ? [s, ''] : [s.slice(0, i), s.slice(i + sep.length)];
}

/**
 * A scoring line: a player's label is "name · reason (detail)" (common.ts `scoringLine`), cut after
 * the name it names (a display name may itself contain " · "); a line without a name is one text.
 */
function lineText({ label, value, name }: ResultModel['lines'][number]): RowText {
  const sep = ' · ';
  if (name === undefined || !label.startsWith(name + sep)) return { head: label, value };
  // the head is a name (a right-to-left one must not take the reason's numbers into its run)
  return { head: isolateName(name), sep, tail: label.slice(name.length + sep.length), value };
}

/** A payment: the presenter's amount is "amount · reason". */
function payText(from: string, to: string, amount: string): RowText {
  const [value, note] = cut(amount, ' · ');
  // each name isolated: two right-to-left names must not make one run, drawn reversed
  return { head: isolateName(from), sep: ' → ', tail: isolateName(to), value, ...(note ? { note } : {}) };
}

const RIGHT = { size: 22, bold: true };
const LEFT = { size: 21 };

/**
 * Picks the first layout whose texts all fit at ≥ `ROW_MIN` without "…": one line; two lines with
 * the note on the second; two lines with the tail (and note) on the second. Else the last, its
 * text shrunk to `ROW_MIN2` and ellipsized if it must (a 31-character name and a long reason
 * each keep their own line, instead of one 9 px line ending in "…").
 */
function planRow(t: RowText, w: number): RowPlan {
  const ctx = scratchContext();
  const fits = (text: string, bw: number, o: { size: number; bold?: boolean }) =>
    !text || !measureFit(ctx, text, { x: 0, y: 0, w: bw, h: ROW_H }, { ...o, minSize: ROW_MIN }).ellipsized;
  const rightW = (text: string) => measureFit(ctx, text, { x: 0, y: 0, w: w * 0.6, h: ROW_H }, { ...RIGHT, minSize: ROW_MIN }).width;
  const full = t.head + (t.tail ? (t.sep ?? ' ') + t.tail : '');
  const value = t.value + (t.note ? ' · ' + t.note : '');
  const rc = t.rc ? { rc: t.rc } : {};
  const candidates: RowPlan[] = [{ l: full, r: value, ...rc, h: ROW_H }];
  if (t.note) candidates.push({ l: full, r: t.value, ...rc, l2: t.note, h: ROW2_H });
  if (t.tail) {
    const sep = (t.sep ?? ' ').trim();
    const l2 = (sep === '·' ? '' : sep + ' ') + t.tail;
    candidates.push({ l: t.head, r: t.value, ...rc, l2: l2 + (t.note ? ' · ' + t.note : ''), h: ROW2_H });
    // the last resort: the name (payee) is cut, never the payment's reason after it
    if (t.note) candidates.push({ l: t.head, r: t.value, ...rc, l2, l2tail: ' · ' + t.note, h: ROW2_H });
  }
  for (const c of candidates) {
    if (!fits(c.r, w * 0.6, RIGHT)) continue;
    const lw = w - rightW(c.r) - 12;
    if (fits(c.l, lw, LEFT) && (!c.l2 || fits(c.l2 + (c.l2tail ?? ''), w - 18, LEFT))) return c;
  }
  return candidates[candidates.length - 1]!;
}

/** Plans rows at the game's device scale (widths as drawn), leaving the current scale as it was. */
function planRows(items: RowText[], w: number, k: number): RowPlan[] {
  const prev = deviceScale();
  setDeviceScale(k);
  try {
    return items.map((t) => planRow(t, w));
  } finally {
    setDeviceScale(prev);
  }
}

const rowsH = (rs: RowPlan[]): number => (rs.length ? rs.reduce((a, r) => a + r.h, 0) : ROW_H);

function rows(ctx: Ctx, items: RowPlan[], x: number, y: number, w: number, locale: ResultModel['locale']): void {
  if (!items.length) {
    fitText(ctx, word(locale, 'none'), { x, y, w, h: ROW_H }, { size: 20, color: C.muted });
    return;
  }
  let ry = y;
  items.forEach((it, k) => {
    if (k % 2 === 0) {
      ctx.fillStyle = 'rgba(255,255,255,0.04)';
      ctx.fillRect(x - 6, ry, w + 12, it.h);
    }
    const lh = it.l2 ? ROW2_H / 2 : ROW_H;
    const min = it.l2 ? ROW_MIN2 : ROW_MIN;
    const r = fitText(
      ctx,
      it.r,
      { x: x + w * 0.4, y: ry, w: w * 0.6, h: lh },
      { ...RIGHT, minSize: min, color: it.rc ?? C.gold, align: 'right' },
    );
    fitText(ctx, it.l, { x, y: ry, w: w - r.width - 12, h: lh }, { ...LEFT, minSize: min, color: C.text });
    if (it.l2)
      fitText(
        ctx,
        it.l2,
        { x: x + 18, y: ry + lh, w: w - 18, h: lh },
        { ...LEFT, minSize: ROW_MIN2, color: C.muted, ...(it.l2tail ? { tail: it.l2tail } : {}) },
      );
    ry += it.h;
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
    if (!m.winner.offender) crown(ctx, PAD + 18, L.winY + 22, 40);
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
  rows(ctx, L.lineRows, tx(lx), y + TITLE_H, tw, m.locale);
  fitText(ctx, word(m.locale, 'totals'), { x: tx(rx), y, w: tw, h: TITLE_H - 6 }, { size: 24, bold: true, color: C.gold });
  rows(ctx, L.totalRows, tx(rx), y + TITLE_H, tw, m.locale);
  y += TITLE_H + rowsH(L.totalRows) + 12;
  fitText(ctx, word(m.locale, 'payments'), { x: tx(rx), y, w: tw, h: TITLE_H - 6 }, { size: 24, bold: true, color: C.gold });
  rows(ctx, L.payRows, tx(rx), y + TITLE_H, tw, m.locale);
}

export function renderResultPng(m: ResultModel): Buffer {
  const L = layoutResult(m);
  const img = newImage(L.width, L.height, outputScale(m.game), m);
  const { ctx } = img;
  drawResult(ctx, m, L);
  return encode(img, paletteColours(m.game));
}
