/**
 * The hand image: a seat's own pieces sorted (the caller passes display order; see `sortCodes`),
 * the just-drawn piece apart, legal discards keyed to the button labels, exposed sets and flowers
 * above. (The piece a seat may claim is an image of its own: claim.ts.)
 */
import { pieceDims } from './sprites.js';
import { font } from './fonts.js';
import { outputScale } from './scale.js';
import { fitText, scratchContext, textWidth } from './text.js';
import {
  C,
  type Ctx,
  tagHeight,
  badge,
  badgeWidth,
  drawFlow,
  drawPiece,
  encode,
  flowGroups,
  groupWidth,
  markRoom,
  rowHeight,
  newImage,
  snapHeight,
  tag,
  word,
  type GroupStyle,
  paletteColours,
} from './draw.js';
import { rrect as rrect2 } from './pieces/draw-util.js';
import type { HandModel, PieceGroup } from './model.js';
import { isMahjong } from './codes.js';

export const HAND_W = 1200;
/**
 * Chắn hands (issue #13): Discord shows an image about 550 px wide whatever its size, so what
 * counts is a card's share of the width. Eight cards a row (three rows for a 17–24-card hand) of
 * the short face at 720 px: a card is 78 / 720 of the width, ~60 px in the preview, its name and
 * index ~16–17 px tall (two rows of ten long cards at 880 px gave ~45 px and ~11 px).
 */
export const CHAN_HAND_W = 720;
export const CHAN_PER_ROW = 8;
/** Discord's inline image preview width on desktop (what the legibility targets are measured at). */
export const PREVIEW_W = 550;
/**
 * About how wide a phone shows an image: a 360 dp screen less the message gutter (avatar and
 * margins). Every image is shrunk to it, so a 14-tile row is ~20 dp a tile there.
 */
export const PHONE_W = 300;
/**
 * "Large hand" (/prefs, for phones): Phỏm and the mahjongs lay the hand out 780 units wide instead
 * of 1200, which wraps it into two rows (a mahjong hand 7 + 6 and the drawn tile, a Phỏm hand 5 + 5
 * and the drawn card), each piece ~1.5× its share of the width; Chắn puts six cards a row instead
 * of eight, each card larger, in the same 720 units.
 */
export const LARGE = { width: 780, chanPerRow: 6 } as const;
const PAD = 30;
const CHAN_PAD = 24;
const HEADER_H = 74;
const KEY_H = 34;
const GROUP_LABEL_H = 24;
/** Caption strip above the drawn piece (Chắn). */
const CAP_H = 28;

interface Sizes {
  pref: number;
  min: number;
  group: number;
}
function sizes(game: HandModel['game']): Sizes {
  if (game === 'chan') return { pref: 96, min: 58, group: 44 };
  if (game === 'phom') return { pref: 104, min: 80, group: 80 };
  return { pref: 78, min: 62, group: 56 };
}

interface Slot {
  code: string;
  x: number;
  y: number;
  key: string;
  marked: boolean;
  kind: 'hand' | 'drawn';
  /** Piece width when not the hand's. */
  w?: number;
  /** The caption above the drawn piece ("Vừa bốc"). */
  caption?: Box;
}

interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Everything a hand image draws, as boxes (tests check that none overlaps another). */
export interface LayoutBox extends Box {
  what: string;
}

export interface HandLayout {
  width: number;
  height: number;
  w: number;
  /** Chắn's short face for every card of the image. */
  short: boolean;
  slots: Slot[];
  groupsY: number;
  groupsX: number;
  flow: ReturnType<typeof flowGroups>;
  gstyle: GroupStyle;
  rowsY: number;
  /** The title bar (taller when the status has a line of its own). */
  header: HeaderPlan;
}

export function layoutHand(m: HandModel): HandLayout {
  if (m.game === 'chan') return layoutChanHand(m);
  const sz = sizes(m.game);
  const W = m.large ? LARGE.width : HAND_W;
  // a large hand wraps into more rows rather than shrinking its pieces
  const min = m.large ? sz.pref : sz.min;
  const inner = W - PAD * 2;
  const groups: PieceGroup[] = [...m.groups];
  if (m.flowers?.length) groups.push({ codes: m.flowers, label: word(m.locale, 'flowers') });
  const gstyle: GroupStyle = { game: m.game, locale: m.locale, w: sz.group, gap: 2, label: null };
  const flow = flowGroups(groups, gstyle, inner, { groupGap: 22, rowGap: 10, labelH: GROUP_LABEL_H });
  const head = planHeader(m.title, m.status, W, { wrap: true });
  const groupsY = head.h + 14;
  // a caption strip above the pieces when the drawn piece carries its caption
  const capRoom = m.drawn ? 30 : 0;
  const rowsY = Math.max(groupsY + (flow.height ? flow.height + 22 : 0) + (m.game === 'phom' ? 14 : 8), groupsY + flow.height + capRoom);

  // pieces: hand, then drawn apart
  const gap = 5;
  const drawnGap = 30;
  const extras = m.drawn ? 1 : 0;
  const extraGaps = m.drawn ? drawnGap : 0;
  const n = m.hand.length;
  let w = sz.pref;
  let perRow = Math.max(1, n);
  const fit = (pw: number) => (n + extras) * (pw + gap) - gap + extraGaps;
  if (fit(w) > inner) {
    const shrunk = Math.floor((inner - extraGaps + gap) / (n + extras) - gap);
    if (shrunk >= min) w = shrunk;
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
  // the drawn piece sits at the end of the first row, under its caption
  const firstY = rowsY + markOff;
  const rowEnd = PAD + Math.min(n, perRow) * (w + gap) - gap;
  if (m.drawn) {
    const x = Math.max(rowEnd, PAD) + (n ? drawnGap : 0);
    slots.push({
      code: m.drawn,
      x,
      y: firstY,
      key: m.keys?.[n] ?? '',
      marked: false,
      kind: 'drawn',
      caption: { x: x - 14, y: firstY - 26, w: w + 28, h: 22 },
    });
  }
  const height = snapHeight(Math.max(rowsY + rows * rowH + markOff + PAD - 8, 200));
  return {
    width: W,
    height,
    w,
    short: false,
    slots,
    groupsY,
    groupsX: PAD,
    flow,
    gstyle,
    rowsY,
    header: head,
  };
}

/**
 * Chắn: the short face, eight cards a row across the full width; the drawn card (hand size, its
 * caption above it) at the top right beside the exposed sets, so it never steals a column of the
 * hand and its caption never meets a card row.
 */
function layoutChanHand(m: HandModel): HandLayout {
  const sz = sizes('chan');
  const W = CHAN_HAND_W;
  const inner = W - CHAN_PAD * 2;
  const gap = 6;
  const n = m.hand.length;
  const most = m.large ? LARGE.chanPerRow : CHAN_PER_ROW;
  const rows = Math.max(1, Math.ceil(n / most));
  const perRow = Math.max(1, Math.ceil(n / rows));
  const w = Math.floor((inner + gap) / most - gap);
  const d = pieceDims('chan', w, true);
  // the top band: exposed sets at the left, the drawn card at the right
  const extras = m.drawn ? 1 : 0;
  const colW = 230;
  const extraW = extras * colW;
  const groups: PieceGroup[] = [...m.groups];
  if (m.flowers?.length) groups.push({ codes: m.flowers, label: word(m.locale, 'flowers') });
  const gstyle: GroupStyle = { game: 'chan', locale: m.locale, w: sz.group, gap: 2, label: null, short: true };
  const flowW = Math.max(groupWidth({ codes: ['x', 'x'] }, gstyle), inner - extraW - (extras ? 16 : 0));
  const flow = flowGroups(groups, gstyle, flowW, { groupGap: 18, rowGap: 8, labelH: GROUP_LABEL_H });
  const head = planHeader(m.title, m.status, W, { wrap: true });
  const groupsY = head.h + 12;
  const drawnKey = !!(m.drawn && m.keys?.[n]);
  const extrasH = extras ? CAP_H + 8 + d.h + (drawnKey ? KEY_H + 10 : 0) : 0;
  const bandH = Math.max(flow.height, extrasH);
  const rowsY = groupsY + (bandH ? bandH + 16 : 0);
  const markOff = m.handMarked?.length ? tagHeight(w) + 4 : 0;
  // a row makes room for keys only when one of its cards has a key
  const rowY: number[] = [];
  let yy = rowsY + markOff;
  for (let r = 0; r < rows; r++) {
    rowY.push(yy);
    const keyed = m.keys?.slice(r * perRow, (r + 1) * perRow).some((k) => k);
    yy += d.h + (keyed ? KEY_H + 10 : 0) + markOff + 12;
  }
  const marked = new Set(m.handMarked ?? []);
  const slots: Slot[] = [];
  for (let i = 0; i < n; i++) {
    const r = Math.floor(i / perRow);
    const c = i % perRow;
    slots.push({
      code: m.hand[i]!,
      x: CHAN_PAD + c * (w + gap),
      y: rowY[r]!,
      key: m.keys?.[i] ?? '',
      marked: marked.has(i),
      kind: 'hand',
    });
  }
  if (m.drawn) {
    const colX = W - CHAN_PAD - extraW;
    const x = Math.round(colX + (colW - w) / 2);
    const caption = { x: colX + 4, y: groupsY, w: colW - 8, h: CAP_H };
    slots.push({ code: m.drawn, x, y: groupsY + CAP_H + 8, key: m.keys?.[n] ?? '', marked: false, kind: 'drawn', caption });
  }
  const height = snapHeight(Math.max(yy - markOff + CHAN_PAD - 8, 200));
  return {
    width: W,
    height,
    w,
    short: true,
    slots,
    groupsY,
    groupsX: CHAN_PAD,
    flow,
    gstyle,
    rowsY,
    header: head,
  };
}

/** Key button box under a piece. */
function keyBox(s: Slot, w: number, d: { h: number }): Box {
  const kw = Math.min(w - 4, 52);
  return { x: s.x + (w - kw) / 2, y: s.y + d.h + 8, w: kw, h: KEY_H };
}

/**
 * Every box a hand image draws into: pieces (with the room of their "eaten" tag above), keys,
 * captions, exposed groups (caption strip, pieces and tag room below) and the header.
 */
export function handBoxes(m: HandModel, L: HandLayout): LayoutBox[] {
  const out: LayoutBox[] = [{ what: 'header', x: 12, y: 12, w: L.width - 24, h: L.header.h - 12 }];
  for (const [k, s] of L.slots.entries()) {
    const sw = s.w ?? L.w;
    const d = pieceDims(m.game, sw, L.short);
    const top = s.marked ? tagHeight(sw) + 2 : 0;
    out.push({ what: `${s.kind} piece ${k}`, x: s.x, y: s.y - top, w: d.w, h: d.h + top });
    if (s.key) out.push({ what: `${s.kind} key ${k}`, ...keyBox(s, sw, d) });
    if (s.caption) out.push({ what: `${s.kind} caption`, ...s.caption });
  }
  const rh = rowHeight(L.gstyle);
  for (const [k, it] of L.flow.items.entries()) {
    const x = L.groupsX + it.x;
    const y = L.groupsY + it.y;
    out.push({ what: `group ${k}`, x, y, w: it.w, h: GROUP_LABEL_H + rh + markRoom(L.gstyle) });
  }
  return out;
}

export function drawHand(ctx: Ctx, m: HandModel, L: HandLayout): void {
  header(ctx, m.title, m.status, L.width, L.header);
  drawFlow(ctx, L.flow, L.groupsX, L.groupsY, L.gstyle, GROUP_LABEL_H);
  const label = isMahjong(m.game) ? m.locale : null;
  for (const s of L.slots) {
    const sw = s.w ?? L.w;
    const d = pieceDims(m.game, sw, L.short);
    const img = { width: d.w, height: d.h };
    if (s.kind === 'drawn' && s.caption) {
      fitText(ctx, word(m.locale, 'drawn'), s.caption, { size: L.short ? 20 : 16, minSize: 9, bold: true, color: C.gold, align: 'center' });
    }
    drawPiece(ctx, m.game, s.code, sw, s.x, s.y, { label, short: L.short });
    if (s.marked) {
      rrect2(ctx, s.x + 1, s.y + 1, img.width - 2, img.height - 2, 8);
      ctx.lineWidth = 3.5;
      ctx.strokeStyle = C.gold;
      ctx.stroke();
      tag(ctx, word(m.locale, 'eaten'), s.x, s.y, img.width);
    }
    if (s.key) {
      const kb = keyBox(s, sw, d);
      const kw = kb.w;
      const ky = kb.y;
      rrect2(ctx, kb.x, ky, kw, KEY_H, 9);
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

/** Smallest size of a status's text beside the title before it takes a line of its own. */
const STATUS_READABLE = 18;
const STATUS_BADGE_H = 40;
/** Height the header grows by when its status has a line of its own. */
const STATUS_LINE_H = 46;

/** Where the title bar puts its title and its status badge. */
export interface HeaderPlan {
  /** Bottom of the bar (its gold rule). */
  h: number;
  title: Box;
  /** The status badge: its box's left edge, top and widest width (`right`: `x` is its right edge). */
  status?: { x: number; y: number; maxW: number; right: boolean };
}

/** Size of a status's text in a badge `w` wide (the badge shrinks it to fit, see `badge`). */
function statusSize(status: string, w: number): number {
  const size = STATUS_BADGE_H * 0.62;
  const text = badgeWidth(status, STATUS_BADGE_H) - STATUS_BADGE_H * 0.8;
  return size * Math.min(1, (w - STATUS_BADGE_H * 0.8) / text);
}

/**
 * The title bar's plan. A status may take what a short title leaves (a seat's name beside Chắn's
 * xướng facts), from a quarter of the bar up to half of it. When it would be cut there, the title
 * gives way first (shrunk to its smallest size, whole when it can be: it is the reader's own name
 * on a hand); and when the status still does not fit at a readable size, it goes on a line of its
 * own under the title (`wrap`: only where the caller lays out below `h`) — the xướng facts appear
 * nowhere else.
 */
export function planHeader(title: string, status: string | undefined, width: number, o: { wrap?: boolean } = {}): HeaderPlan {
  const inner = width - PAD * 2;
  const titleH = HEADER_H - 20;
  if (!status) return { h: HEADER_H, title: { x: PAD, y: 16, w: inner - 12, h: titleH } };
  const ctx = scratchContext();
  const y = 16 + (titleH - STATUS_BADGE_H) / 2;
  const need = badgeWidth(status, STATUS_BADGE_H);
  const split = Math.min(0.5, Math.max(0.25, (textWidth(ctx, font(32, { bold: true }), title) + 24) / inner));
  const plan = (statusW: number): HeaderPlan => ({
    h: HEADER_H,
    title: { x: PAD, y: 16, w: inner - statusW - 12, h: titleH },
    status: { x: width - PAD, y, maxW: statusW, right: true },
  });
  if (need <= inner * (1 - split)) return plan(inner * (1 - split));
  // the title gives way: down to its width at its smallest size, a quarter of the bar at least
  const floor = Math.max(0.25, Math.min(0.5, (textWidth(ctx, font(TITLE_MIN, { bold: true }), title) + 24) / inner));
  const room = Math.min(need, inner * (1 - floor));
  if (!o.wrap || statusSize(status, room) >= STATUS_READABLE) return plan(room);
  return {
    h: HEADER_H + STATUS_LINE_H,
    title: { x: PAD, y: 16, w: inner - 12, h: titleH },
    status: { x: PAD, y: HEADER_H - 4, maxW: inner, right: false },
  };
}

const TITLE_MIN = 20;

/** The title bar shared by the hand, table, result and chart images. */
export function header(
  ctx: Ctx,
  title: string,
  status: string | undefined,
  width: number,
  plan: HeaderPlan = planHeader(title, status, width),
): void {
  const h = plan.h;
  ctx.fillStyle = 'rgba(0,0,0,0.30)';
  ctx.fillRect(12, 12, width - 24, h - 12);
  ctx.fillStyle = C.gold;
  ctx.fillRect(12, h - 2, width - 24, 2);
  fitText(ctx, title, plan.title, { size: 32, minSize: TITLE_MIN, bold: true, color: C.text });
  if (status && plan.status) {
    const b = plan.status;
    badge(ctx, status, b.x, b.y, STATUS_BADGE_H, { bg: C.gold, fg: '#241a00', maxW: b.maxW, right: b.right });
  }
}

export function renderHandPng(m: HandModel): Buffer {
  const L = layoutHand(m);
  const img = newImage(L.width, L.height, outputScale(m.game), m);
  const { ctx } = img;
  drawHand(ctx, m, L);
  return encode(img, paletteColours(m.game));
}
