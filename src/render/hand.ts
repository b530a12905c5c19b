/**
 * The hand image: a seat's own pieces sorted (the caller passes display order; see `sortCodes`),
 * the just-drawn piece apart, legal discards keyed to the button labels, exposed sets and flowers
 * above, and the claimable piece highlighted at the right.
 */
import { pieceDims, sprite } from './sprites.js';
import { fitText } from './text.js';
import {
  C,
  type Ctx,
  tagHeight,
  badge,
  drawFlow,
  encode,
  flowGroups,
  highlight,
  newImage,
  snapHeight,
  tag,
  word,
  type GroupStyle,
} from './draw.js';
import { rrect as rrect2 } from './pieces/draw-util.js';
import type { HandModel, PieceGroup } from './model.js';
import { isMahjong } from './codes.js';

export const HAND_W = 1200;
/**
 * Chắn hands are narrower (issue #13): Discord shows an image about 550 px wide whatever its
 * size, so fewer pixels across means bigger cards on screen. 19 long cards in rows of 10 at
 * 880 px are ~48 px wide in the preview (33 px at 1200 px with the piece at the row's end), and
 * their names ~12 px tall instead of ~7.
 */
export const CHAN_HAND_W = 880;
const CHAN_PER_ROW = 10;

export function handWidth(game: HandModel['game']): number {
  return game === 'chan' ? CHAN_HAND_W : HAND_W;
}
const PAD = 30;
const HEADER_H = 74;
const KEY_H = 34;
const GROUP_LABEL_H = 24;

interface Sizes {
  pref: number;
  min: number;
  group: number;
}
function sizes(game: HandModel['game']): Sizes {
  if (game === 'chan') return { pref: 96, min: 58, group: 46 };
  if (game === 'phom') return { pref: 104, min: 80, group: 80 };
  return { pref: 78, min: 62, group: 56 };
}

interface Slot {
  code: string;
  x: number;
  y: number;
  key: string;
  marked: boolean;
  kind: 'hand' | 'drawn' | 'claim';
  /** Piece width when not the hand's (Chắn's drawn / offered card). */
  w?: number;
}

export interface HandLayout {
  width: number;
  height: number;
  w: number;
  slots: Slot[];
  groupsY: number;
  flow: ReturnType<typeof flowGroups>;
  gstyle: GroupStyle;
  rowsY: number;
  claimBox?: { x: number; y: number; w: number; h: number };
}

export function layoutHand(m: HandModel): HandLayout {
  if (m.game === 'chan') return layoutChanHand(m);
  const sz = sizes(m.game);
  const inner = HAND_W - PAD * 2;
  const groups: PieceGroup[] = [...m.groups];
  if (m.flowers?.length) groups.push({ codes: m.flowers, label: word(m.locale, 'flowers') });
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.group, gap: 2, label: null };
  const flow = flowGroups(groups, gstyle, inner, { groupGap: 22, rowGap: 10, labelH: GROUP_LABEL_H });
  const groupsY = HEADER_H + 14;
  const rowsY = groupsY + (flow.height ? flow.height + 22 : 0) + (m.game === 'phom' ? 14 : 8);

  // pieces: hand, then drawn apart, then the claimable piece apart
  const gap = 5;
  const drawnGap = 30;
  const extras = (m.drawn ? 1 : 0) + (m.claimable ? 1 : 0);
  const extraGaps = (m.drawn ? drawnGap : 0) + (m.claimable ? drawnGap + 10 : 0);
  const n = m.hand.length;
  let w = sz.pref;
  let perRow = Math.max(1, n);
  const fit = (pw: number) => (n + extras) * (pw + gap) - gap + extraGaps;
  if (fit(w) > inner) {
    const shrunk = Math.floor((inner - extraGaps + gap) / (n + extras) - gap);
    if (shrunk >= sz.min) w = shrunk;
    else {
      perRow = Math.max(1, Math.floor((inner - extraGaps + gap) / (w + gap)) - extras);
      perRow = Math.ceil(n / Math.ceil(n / perRow)); // balance the rows
    }
  }
  const d = pieceDims(m.game, w);
  const hasKeys = !!m.keys?.some((k) => k);
  const markOff = m.handMarked?.length ? tagHeight(w) + 4 : 0;
  const rowH = d.h + (hasKeys ? KEY_H + 10 : 0) + markOff + 12;
  const marked = new Set(m.handMarked ?? []);
  const slots: Slot[] = [];
  const rows = Math.max(1, Math.ceil(n / perRow));
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / perRow);
    const c = i % perRow;
    slots.push({
      code: m.hand[i]!,
      x: PAD + c * (w + gap),
      y: rowsY + markOff + r * rowH,
      key: m.keys?.[i] ?? '',
      marked: marked.has(i),
      kind: 'hand',
    });
  }
  const lastRowY = rowsY + markOff + (rows - 1) * rowH;
  const rowEnd = PAD + Math.min(n, perRow) * (w + gap) - gap;
  let x = Math.max(rowEnd, PAD);
  if (m.drawn) {
    x += n ? drawnGap : 0;
    slots.push({ code: m.drawn, x, y: lastRowY, key: m.keys?.[n] ?? '', marked: false, kind: 'drawn' });
    x += w;
  }
  let claimBox: HandLayout['claimBox'];
  if (m.claimable) {
    x += drawnGap + 10;
    slots.push({ code: m.claimable.code, x, y: lastRowY, key: '', marked: false, kind: 'claim' });
    claimBox = { x: x - 12, y: lastRowY - 12, w: w + 24, h: d.h + 24 };
  }
  const height = snapHeight(Math.max(rowsY + rows * rowH + markOff + PAD - 8, 200));
  return { width: HAND_W, height, w, slots, groupsY, flow, gstyle, rowsY, ...(claimBox ? { claimBox } : {}) };
}

/**
 * Chắn: the hand in rows of up to 10 cards across the full width; the drawn card and the card on
 * offer sit at the top right, beside the exposed sets, so they never steal a column of the hand.
 */
function layoutChanHand(m: HandModel): HandLayout {
  const sz = sizes('chan');
  const W = CHAN_HAND_W;
  const inner = W - PAD * 2;
  const gap = 5;
  const n = m.hand.length;
  const rows = Math.max(1, Math.ceil(n / CHAN_PER_ROW));
  const perRow = Math.max(1, Math.ceil(n / rows));
  const w = Math.max(sz.min, Math.min(sz.pref, Math.floor((inner + gap) / Math.max(perRow, 8) - gap)));
  const d = pieceDims('chan', w);
  // the top band: exposed sets at the left, drawn / offered cards (group size) at the right
  const gw = Math.round(sz.group * 1.3);
  const gd = pieceDims('chan', gw);
  const extras = [m.drawn ? 'drawn' : '', m.claimable ? 'claim' : ''].filter(Boolean) as ('drawn' | 'claim')[];
  const extraW = extras.length ? extras.length * (gw + 40) + 40 : 0;
  const groups: PieceGroup[] = [...m.groups];
  if (m.flowers?.length) groups.push({ codes: m.flowers, label: word(m.locale, 'flowers') });
  const gstyle: GroupStyle = { game: 'chan', locale: m.locale, w: sz.group, gap: 2, label: null };
  const flow = flowGroups(groups, gstyle, Math.max(gw * 2, inner - extraW), { groupGap: 22, rowGap: 10, labelH: GROUP_LABEL_H });
  const groupsY = HEADER_H + 14;
  const bandH = Math.max(flow.height, extras.length ? 34 + gd.h + 16 : 0);
  const rowsY = groupsY + (bandH ? bandH + 18 : 0) + 8;
  const hasKeys = !!m.keys?.some((k) => k);
  const markOff = m.handMarked?.length ? tagHeight(w) + 4 : 0;
  const rowH = d.h + (hasKeys ? KEY_H + 10 : 0) + markOff + 12;
  const marked = new Set(m.handMarked ?? []);
  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / perRow);
    const c = i % perRow;
    slots.push({
      code: m.hand[i]!,
      x: PAD + c * (w + gap),
      y: rowsY + markOff + r * rowH,
      key: m.keys?.[i] ?? '',
      marked: marked.has(i),
      kind: 'hand',
    });
  }
  let x = W - PAD - extraW + 40;
  const ey = groupsY + 34;
  let claimBox: HandLayout['claimBox'];
  for (const e of extras) {
    if (e === 'drawn') slots.push({ code: m.drawn!, x, y: ey, key: m.keys?.[n] ?? '', marked: false, kind: 'drawn', w: gw });
    else {
      slots.push({ code: m.claimable!.code, x, y: ey, key: '', marked: false, kind: 'claim', w: gw });
      claimBox = { x: x - 12, y: ey - 12, w: gw + 24, h: gd.h + 24 };
    }
    x += gw + 40;
  }
  const keyExtra = m.drawn && m.keys?.[n] ? KEY_H + 10 : 0;
  const height = snapHeight(Math.max(rowsY + rows * rowH + markOff + PAD - 8, ey + gd.h + keyExtra + PAD, 200));
  return { width: W, height, w, slots, groupsY, flow, gstyle, rowsY, ...(claimBox ? { claimBox } : {}) };
}

export function drawHand(ctx: Ctx, m: HandModel, L: HandLayout): void {
  header(ctx, m.title, m.status, L.width);
  drawFlow(ctx, L.flow, PAD, L.groupsY, L.gstyle, GROUP_LABEL_H);
  const label = isMahjong(m.game) ? m.locale : null;
  if (L.claimBox) {
    const b = L.claimBox;
    rrect2(ctx, b.x, b.y, b.w, b.h, 12);
    ctx.fillStyle = 'rgba(244,200,74,0.18)';
    ctx.fill();
  }
  for (const s of L.slots) {
    const sw = s.w ?? L.w;
    const img = sprite(m.game, s.code, sw, { label });
    const d = pieceDims(m.game, sw);
    if (s.kind === 'drawn') {
      fitText(
        ctx,
        word(m.locale, 'drawn'),
        { x: s.x - 14, y: s.y - 26, w: sw + 28, h: 22 },
        { size: 16, minSize: 9, bold: true, color: C.gold, align: 'center' },
      );
    }
    if (s.kind === 'claim' && m.claimable) {
      const cw = Math.max(sw + 20, m.game === 'chan' ? 160 : 220);
      const cx = Math.min(s.x + sw / 2 + cw / 2, L.width - 16) - cw;
      fitText(
        ctx,
        m.claimable.caption,
        { x: cx, y: s.y - 34, w: cw, h: 28 },
        { size: 22, minSize: 9, bold: true, color: C.gold, align: 'center' },
      );
    }
    ctx.drawImage(img, s.x, s.y);
    if (s.kind === 'claim') highlight(ctx, s.x, s.y, img.width, img.height);
    if (s.marked) {
      rrect2(ctx, s.x + 1, s.y + 1, img.width - 2, img.height - 2, 8);
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = C.gold;
      ctx.stroke();
      tag(ctx, word(m.locale, 'eaten'), s.x, s.y, img.width);
    }
    if (s.key) {
      const kw = Math.min(sw - 4, 52);
      const ky = s.y + d.h + 8;
      rrect2(ctx, s.x + (sw - kw) / 2, ky, kw, KEY_H, 9);
      ctx.fillStyle = s.kind === 'drawn' ? C.gold : '#f7f2e2';
      ctx.fill();
      ctx.lineWidth = 2;
      ctx.strokeStyle = '#0b2a1f';
      ctx.stroke();
      fitText(
        ctx,
        s.key,
        { x: s.x + (sw - kw) / 2 + 3, y: ky, w: kw - 6, h: KEY_H },
        { size: 22, minSize: 9, bold: true, color: '#10241b', align: 'center' },
      );
    }
  }
}

/** The title bar shared by the hand and table images. */
export function header(ctx: Ctx, title: string, status: string | undefined, width: number, h = HEADER_H): void {
  ctx.fillStyle = 'rgba(0,0,0,0.30)';
  ctx.fillRect(12, 12, width - 24, h - 12);
  ctx.fillStyle = C.gold;
  ctx.fillRect(12, h - 2, width - 24, 2);
  const split = status ? 0.5 : 1;
  fitText(
    ctx,
    title,
    { x: PAD, y: 16, w: (width - PAD * 2) * split - 12, h: h - 20 },
    { size: 32, minSize: 20, bold: true, color: C.text },
  );
  if (status) {
    const x = PAD + (width - PAD * 2) * split;
    const bw = width - PAD - x;
    badge(ctx, status, width - PAD, 16 + (h - 20 - 40) / 2, 40, { bg: C.gold, fg: '#241a00', maxW: bw, right: true });
  }
}

export function renderHandPng(m: HandModel): Buffer {
  const L = layoutHand(m);
  const { canvas, ctx } = newImage(L.width, L.height);
  drawHand(ctx, m, L);
  return encode(canvas);
}
