/**
 * Shared drawing primitives for the hand, table, result and sheet images: the felt background,
 * panels, badges, highlighted pieces, piece groups, PNG encoding, and the few fixed words.
 */
import { createCanvas, Canvas } from 'canvas';
import { font, registerFonts } from './fonts.js';
import { ByteLru, MB } from './lru.js';
import { fitText, measureFit, scratchContext, textWidth } from './text.js';
import { sprite, pieceDims, claimsSideways, setDeckInk } from './sprites.js';
import { rrect } from './pieces/draw-util.js';
import { isMahjong } from './codes.js';
import { encodeIndexed } from './png.js';
import { blitDevice, devicePx, setDeviceScale } from './scale.js';
import type { DeckInk, GameId, Locale, PieceGroup } from './model.js';
import { BACK } from './model.js';

export type Ctx = ReturnType<Canvas['getContext']>;

/** The felt colour. */
export const FELT = '#145740';

export const C = {
  text: '#f7f2e2',
  muted: '#bcd1c4',
  gold: '#f4c84a',
  goldDark: '#8a6410',
  plus: '#8ef08e',
  minus: '#ff9a8f',
  panel: 'rgba(0,0,0,0.24)',
  panelEdge: 'rgba(255,255,255,0.10)',
  ink: '#14211b',
};

import { word } from './words.js';
export { word, type WordKey } from './words.js';

const WIND_NAMES: Record<Locale, string[]> = {
  vi: ['Đông', 'Nam', 'Tây', 'Bắc'],
  en: ['East', 'South', 'West', 'North'],
  'zh-TW': ['東', '南', '西', '北'],
};
/** A seat wind (`1z`…`4z`) as a word; other strings are shown as given. */
export function windText(wind: string, locale: Locale): string {
  const m = /^([1-4])z$/.exec(wind);
  return m ? WIND_NAMES[locale][Number(m[1]) - 1]! : wind;
}

/**
 * Reusable output surfaces by size, ~12 MB per worker (a 1200 × 900 surface is ~4.3 MB). Heights
 * follow the content, so sizes vary from image to image; the budget keeps the few latest sizes
 * (the same table redrawn turn after turn) and lets the rest go.
 */
const surfaces = new ByteLru<{ canvas: Canvas; ctx: Ctx }>(12 * MB);

/**
 * Image heights are rounded up to a multiple of this (a little more felt at the bottom, which
 * PNG compresses to nothing). Few distinct sizes means the surface cache hits more often and the
 * allocator sees the same few block sizes again and again instead of fragmenting (issue #17).
 */
export const HEIGHT_STEP = 32;
export function snapHeight(h: number): number {
  return Math.ceil(h / HEIGHT_STEP) * HEIGHT_STEP;
}

/** Cache sizes (tests, bench). */
export function surfaceStats(): { surfaces: number; bytes: number } {
  return { surfaces: surfaces.size, bytes: surfaces.bytes };
}

/** Surface pixel format (env override for the memory measurement only; see pool.ts). */
const PIXEL_FORMAT: 'RGB24' | 'ARGB32' = process.env.HQ_RENDER_PIXEL_FORMAT === 'RGB24' ? 'RGB24' : 'ARGB32';

/** Surface heights are rounded up to a multiple of this many device pixels (see `newImage`). */
export const SURFACE_ROWS = 64;

/** An image being drawn: its surface (possibly taller than the image) and the image's device size. */
export interface Image {
  canvas: Canvas;
  ctx: Ctx;
  /** Device pixels of the image (the surface may have more rows: only these are encoded). */
  width: number;
  height: number;
}

/**
 * A canvas with the opaque felt background (reads the same in Discord's dark and light themes).
 * Surfaces are reused: rendering is synchronous and the felt overwrites every pixel of the image,
 * so the next image never sees the previous one. A surface's height is the image's rounded up to
 * `SURFACE_ROWS`, and only the image's rows are encoded: a table grows a few pixels as its hand
 * goes on, and with exact sizes nearly every image needed a surface of its own (issue #17: ~1.3 MB
 * of surfaces dropped per image on the varied sample set, each a native allocation and, every ~25
 * images, a full GC). `ink` is the model's deck ink, which the pieces drawn on it follow.
 */
export function newImage(w: number, h: number, scale = 1, ink: DeckInk = {}): Image {
  registerFonts();
  setDeckInk(ink);
  const dw = Math.round(w * scale);
  const dh = Math.round(h * scale);
  const sh = Math.ceil(dh / SURFACE_ROWS) * SURFACE_ROWS;
  const key = `${dw}x${sh}`;
  let s = surfaces.get(key);
  if (!s) {
    const canvas = createCanvas(dw, sh);
    s = { canvas, ctx: PIXEL_FORMAT === 'RGB24' ? canvas.getContext('2d', { pixelFormat: 'RGB24' }) : canvas.getContext('2d') };
    surfaces.set(key, s, dw * sh * 4);
  }
  const ctx = s.ctx;
  setDeviceScale(scale);
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  ctx.globalAlpha = 1;
  ctx.globalCompositeOperation = 'source-over';
  // a reused surface keeps its context state: reset what drawing code changes, so an image
  // never depends on what was drawn before it (same model → same bytes)
  ctx.lineJoin = 'miter';
  ctx.lineCap = 'butt';
  ctx.lineWidth = 1;
  ctx.setLineDash([]);
  ctx.imageSmoothingEnabled = true;
  felt(ctx, w, h);
  return { canvas: s.canvas, ctx, width: dw, height: dh };
}

/**
 * The felt, painted straight onto the surface (~1.5 ms; a cached felt bitmap per size would cost
 * another full-size surface per size kept).
 */
function felt(ctx: Ctx, w: number, h: number): void {
  // One flat colour (issue #17 §3): a gradient costs palette entries and makes every panel,
  // shadow and anti-aliased edge a different colour on each row, which deflate cannot repeat.
  ctx.fillStyle = FELT;
  ctx.fillRect(0, 0, w, h);
  // a wooden rim keeps the edge crisp on white and on dark backgrounds
  ctx.lineWidth = 8;
  ctx.strokeStyle = '#5a3a1e';
  ctx.strokeRect(4, 4, w - 8, h - 8);
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#c9a25a';
  ctx.strokeRect(9, 9, w - 18, h - 18);
}

/**
 * Palette size of our PNGs (issue #17 §3). Flat felt and flat piece faces leave few colours but
 * anti-aliasing: 64 entries look the same as 256 at 100 % (checked on every sample, jokers and
 * flowers included) and make files ~18 % smaller.
 */
export const PALETTE_COLOURS = 64;

/**
 * The mahjongs' palette size: their tiles are ivory with a few bold inks, and with png.ts's
 * entries for the worst-served colours 40 entries keep every ink (plum magenta, flower golds, the
 * result's green and red) for ~10 % fewer bytes than 64 (issue #17 §3). Measured 2026-12-02, VN
 * mahjong, 10 tables, `bench -- load`: 41.5 / 42.1 → 38.6 / 38.8 KB per move in flood / live.
 */
export const MAHJONG_PALETTE_COLOURS = 40;

/** Palette size of a game's images. */
export function paletteColours(game: GameId): number {
  return isMahjong(game) ? MAHJONG_PALETTE_COLOURS : PALETTE_COLOURS;
}

/**
 * Deflate level of our PNGs. Measured 2026-12-01 on every game's hand, mid and late table
 * (deflate of png.ts's index rows): level 9 is 0.2–0.6 % smaller than 8 but takes 2.2–2.6× as
 * long (a late mahjong table: 62 vs 28 ms; deflate was 54 % of a render's CPU at level 9); level 6
 * is 4–7 % larger again at 9 ms. Filters (sub, up, per-row adaptive) all made these palette
 * images larger than filter 0.
 */
export const DEFLATE_LEVEL = 8;

/**
 * Deflate level while renders queue up (issue #17: latency under load). Measured 2026-12-01 on the
 * 12 sample images of bench/render.ts: level 8 takes 12.3 ms per image on average, level 6 4.4 ms
 * (−64 %, a third of a whole render's CPU) for 5.7 % more bytes. The pool asks for it only when
 * the image would otherwise wait behind others (`RenderTask.busy`), so an idle bot still uploads
 * the smallest files and a busy one renders ~30 % more images per second.
 */
export const DEFLATE_LEVEL_BUSY = 6;

/**
 * Deflate level when the queue is deep: pool.ts `DEEP_QUEUE_PER_THREAD` images waiting per worker
 * (issue #17: 200 live tables on 2 cores, where an image waited seconds in the queue). Measured
 * 2026-12-02 on the 12 sample images (hand, mid and late table of every game, after png.ts's index
 * rows): level 4 deflates in 62 % of level 6's time (37 vs 60 ms for the 12) for 6.6 % more bytes.
 */
export const DEFLATE_LEVEL_DEEP = 4;

/**
 * Deflate level when the queue is very deep (`DEEPER_QUEUE_PER_THREAD` per worker: a 200-table
 * flood). zlib's levels 1–3 skip lazy matching: on 150 images of the varied set level 3 deflates in
 * 1.5–1.6 ms per image against 2.9–3.4 ms at level 4, for 11 % more bytes (29.6 vs 26.6 KB; a
 * mahjong table ~25 % more); levels 1–2 are no faster, and the RLE strategy or an up filter only add
 * bytes. Used at every deep queue for a while on 2026-12-02, it put a 10-table mahjong flood at
 * 47 KB per move (38 at level 4), hence a tier of its own.
 */
export const DEFLATE_LEVEL_DEEPER = 3;

/** The deflate level of the images being encoded now (rendering is synchronous: set per task). */
let deflateLevel = DEFLATE_LEVEL;

/** Sets the deflate level of the next images (`DEFLATE_LEVEL` or `DEFLATE_LEVEL_BUSY`). */
export function setDeflateLevel(level: number): void {
  deflateLevel = level;
}

/** PNG encoding of an image's rows: a palette of `colours` (png.ts), ~4× smaller than truecolour. */
export function encode(img: Image, colours: number = PALETTE_COLOURS): Buffer {
  return encodeIndexed(img.canvas, deflateLevel, colours, img.height);
}

/** Truecolour PNG of an image with fast settings (zlib level 2, "up" filter), for comparison (bench). */
export function encodeTruecolour(img: Image): Buffer {
  const exact = createCanvas(img.width, img.height);
  exact.getContext('2d').drawImage(img.canvas, 0, 0);
  return exact.toBuffer('image/png', { compressionLevel: 2, filters: Canvas.PNG_FILTER_UP });
}

export function panel(ctx: Ctx, x: number, y: number, w: number, h: number, o: { turn?: boolean; fill?: string } = {}): void {
  rrect(ctx, x, y, w, h, 14);
  ctx.fillStyle = o.fill ?? C.panel;
  ctx.fill();
  ctx.lineWidth = o.turn ? 4 : 1.5;
  ctx.strokeStyle = o.turn ? C.gold : C.panelEdge;
  ctx.stroke();
}

/** The width `badge` gives `text` at height `h` when nothing limits it. */
export function badgeWidth(text: string, h: number, bold = true): number {
  return textWidth(scratchContext(), font(h * 0.62, { bold }), text) + h * 0.8;
}

/** A pill with fitted text at (x, y) (x is the right edge with `right`); returns its width. */
export function badge(
  ctx: Ctx,
  text: string,
  x: number,
  y: number,
  h: number,
  o: { bg: string; fg: string; maxW: number; bold?: boolean; right?: boolean },
): number {
  const size = h * 0.62;
  const pad = h * 0.4;
  const w = Math.min(o.maxW, textWidth(ctx, font(size, { bold: o.bold !== false }), text) + pad * 2);
  if (w <= pad * 2) return 0;
  if (o.right) x -= w;
  rrect(ctx, x, y, w, h, h / 2);
  ctx.fillStyle = o.bg;
  ctx.fill();
  fitText(
    ctx,
    text,
    { x: x + pad, y, w: w - pad * 2, h },
    { size, minSize: Math.min(size, 13), bold: o.bold !== false, color: o.fg, align: 'center' },
  );
  return w;
}

/**
 * Draws a piece `w` units wide with its top left at (x, y): the sprite is painted at device size
 * and blitted pixel-aligned. Returns its size in layout units.
 */
export function drawPiece(
  ctx: Ctx,
  game: GameId,
  code: string,
  w: number,
  x: number,
  y: number,
  o: { label?: Locale | null; sideways?: boolean; short?: boolean } = {},
): { w: number; h: number } {
  const img = sprite(game, code, devicePx(w), o);
  blitDevice(ctx, img, x, y);
  const d = pieceDims(game, w, o.short);
  return o.sideways ? { w: d.h, h: d.w } : d;
}

/** Gold glow around a highlighted piece. */
export function highlight(ctx: Ctx, x: number, y: number, w: number, h: number): void {
  rrect(ctx, x - 5, y - 5, w + 10, h + 10, 10);
  ctx.lineWidth = 8;
  ctx.strokeStyle = 'rgba(244,200,74,0.35)';
  ctx.stroke();
  ctx.lineWidth = 3.5;
  ctx.strokeStyle = C.gold;
  ctx.stroke();
}

/** Height of the tag drawn by `tag` for a piece `w` px wide. */
export function tagHeight(w: number): number {
  return Math.round(Math.max(15, Math.min(24, w * 0.36)));
}

/** Left and right edge of the tag `tag` draws over a piece at x, `w` wide. */
export function tagSpan(x: number, w: number): { x0: number; x1: number } {
  const h = tagHeight(w);
  const tw = Math.min(w + 10, Math.max(h * 2.2, w * 0.95));
  return { x0: x + (w - tw) / 2, x1: x + (w + tw) / 2 };
}

/**
 * A small tag ribbon (eaten card, winning tile) just above (`y` = piece top) or just below
 * (`y` = piece bottom) a piece, never over its face.
 */
export function tag(ctx: Ctx, text: string, x: number, y: number, w: number, pos: 'above' | 'below' = 'above'): void {
  const h = tagHeight(w);
  const { x0: tx, x1 } = tagSpan(x, w);
  const tw = x1 - tx;
  const ty = pos === 'above' ? y - h - 2 : y + 2;
  rrect(ctx, tx, ty, tw, h, h / 2);
  ctx.fillStyle = C.gold;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = C.goldDark;
  ctx.stroke();
  fitText(ctx, text, { x: tx + 3, y: ty, w: tw - 6, h }, { size: h * 0.7, minSize: 7, bold: true, color: '#2b1d00', align: 'center' });
}

/** Which indexes of a group are face down. */
export function hiddenSet(g: PieceGroup): Set<number> {
  if (g.hidden) return new Set(g.hidden);
  if (!g.concealed) return new Set();
  if (g.codes.length === 4) return new Set([1, 2]);
  return new Set(g.codes.map((_, i) => i));
}

export interface GroupStyle {
  game: GameId;
  locale: Locale;
  /** Upright piece width in px. */
  w: number;
  gap?: number;
  /** Caption locale for mahjong sprites (null = none). */
  label?: Locale | null;
  /** Chắn's short hand face (the hand image). */
  short?: boolean;
}

/** Room reserved under each row for "eaten" tags (cards only; claimed tiles lie sideways). */
export function markRoom(s: GroupStyle): number {
  return claimsSideways(s.game) ? 0 : tagHeight(s.w) + 3;
}

/** Width of a group laid out in one row (sideways claimed tiles are wider). */
export function groupWidth(g: PieceGroup, s: GroupStyle): number {
  const d = pieceDims(s.game, s.w, s.short);
  const gap = s.gap ?? 2;
  const marked = new Set(g.marked ?? []);
  let w = 0;
  g.codes.forEach((_, i) => {
    w += (claimsSideways(s.game) && marked.has(i) ? d.h : d.w) + (i ? gap : 0);
  });
  return w;
}

/** Height of a row of pieces (upright height). */
export function rowHeight(s: GroupStyle): number {
  return pieceDims(s.game, s.w, s.short).h;
}

/**
 * Draws a group with its bottom at `y + rowHeight`; returns its width. Claimed mahjong tiles lie
 * sideways; marked cards get a gold edge and an "eaten" tag; `win` highlights one code.
 */
export function drawGroup(
  ctx: Ctx,
  g: PieceGroup,
  x: number,
  y: number,
  s: GroupStyle,
  win?: string,
  /** Exactly which piece is the winning one (default: the last face-up copy of `win`). */
  winIndex?: number,
  /** Receives the horizontal extent of the winning piece's tag, when one is drawn. */
  out?: { tag?: { x0: number; x1: number } },
): number {
  const d = pieceDims(s.game, s.w, s.short);
  const gap = s.gap ?? 2;
  const marked = new Set(g.marked ?? []);
  const hidden = hiddenSet(g);
  let cx = x;
  let winAt: { x: number; y: number; w: number; h: number } | null = null;
  const marks: { x: number; y: number; w: number; h: number }[] = [];
  g.codes.forEach((code, i) => {
    const side = claimsSideways(s.game) && marked.has(i);
    const img = side ? { w: d.h, h: d.w } : d;
    const py = y + d.h - img.h;
    drawPiece(ctx, s.game, hidden.has(i) ? BACK : code, s.w, cx, py, { label: s.label ?? null, sideways: side, short: !!s.short });
    if (marked.has(i) && !side) marks.push({ x: cx, y: py, w: img.w, h: img.h });
    if (winIndex !== undefined ? i === winIndex : win && code === win && !hidden.has(i)) winAt = { x: cx, y: py, w: img.w, h: img.h };
    cx += img.w + gap;
  });
  // marks and highlights go on top of every piece of the group
  for (const b of marks) {
    rrect(ctx, b.x + 1, b.y + 1, b.w - 2, b.h - 2, 6);
    ctx.lineWidth = 3;
    ctx.strokeStyle = C.gold;
    ctx.stroke();
    tag(ctx, word(s.locale, 'eaten'), b.x, b.y + b.h, b.w, 'below');
  }
  const wa = winAt as { x: number; y: number; w: number; h: number } | null;
  if (wa) {
    highlight(ctx, wa.x, wa.y, wa.w, wa.h);
    tag(ctx, word(s.locale, 'win'), wa.x, wa.y, wa.w);
    if (out) out.tag = tagSpan(wa.x, wa.w);
  }
  return cx - gap - x;
}

/**
 * Lays out groups left to right, wrapping onto new rows inside `maxW`. Returns the positions and
 * the total height; `labelH` reserves room above each row for group captions.
 */
export function flowGroups(
  groups: PieceGroup[],
  s: GroupStyle,
  maxW: number,
  o: { groupGap: number; rowGap: number; labelH: number },
): { items: { g: PieceGroup; x: number; y: number; w: number; src: number; from: number }[]; height: number; maxW: number } {
  const rh = rowHeight(s) + o.labelH + markRoom(s);
  const items: { g: PieceGroup; x: number; y: number; w: number; src: number; from: number }[] = [];
  let x = 0;
  let y = 0;
  for (const [src, g] of groups.entries()) {
    if (!g.codes.length) continue;
    let w = groupWidth(g, s);
    if (x > 0 && x + w > maxW) {
      x = 0;
      y += rh + o.rowGap;
    }
    // a single group wider than the row is split into chunks that fit
    if (w > maxW) {
      const per = Math.max(1, Math.floor((maxW + (s.gap ?? 2)) / (groupWidth({ codes: ['x'] }, s) + (s.gap ?? 2))) - 1);
      for (let i = 0; i < g.codes.length; i += per) {
        const chunk: PieceGroup = {
          ...g,
          codes: g.codes.slice(i, i + per),
          marked: (g.marked ?? []).filter((k) => k >= i && k < i + per).map((k) => k - i),
        };
        if (g.hidden) chunk.hidden = g.hidden.filter((k) => k >= i && k < i + per).map((k) => k - i);
        if (i > 0) delete chunk.label;
        w = groupWidth(chunk, s);
        if (x > 0) {
          x = 0;
          y += rh + o.rowGap;
        }
        items.push({ g: chunk, x, y, w, src, from: i });
        x += w + o.groupGap;
      }
      continue;
    }
    items.push({ g, x, y, w, src, from: 0 });
    x += w + o.groupGap;
  }
  return { items, height: items.length ? y + rh : 0, maxW };
}

/**
 * Where a flow item's caption goes (x and width relative to the flow): over the group, and past
 * its right edge into the gap up to the next group on the row (or the row's end) when the caption
 * is wider than the group (a one-tile "Flowers" group). A caption that the winning piece's tag
 * (`tag`, relative to the flow) would cover moves right of the tag, or left of it when the room
 * is there.
 */
export function captionBox(
  ctx: Ctx,
  flow: ReturnType<typeof flowGroups>,
  k: number,
  labelH: number,
  tag?: { x0: number; x1: number },
): { x: number; w: number } {
  const it = flow.items[k]!;
  const next = flow.items[k + 1];
  const limit = next && next.y === it.y ? next.x - 6 : Math.max(flow.maxW, it.x + it.w);
  const natural = measureFit(ctx, it.g.label ?? '', { x: 0, y: 0, w: 1e5, h: labelH - 4 }, { size: labelH * 0.78, bold: true }).width;
  let x = it.x;
  let right = limit;
  if (tag && tag.x1 > x && tag.x0 < x + natural) {
    if (tag.x0 - 4 - x >= natural) right = tag.x0 - 4;
    else x = tag.x1 + 4;
  }
  return { x, w: Math.max(1, Math.min(Math.max(natural, it.x + it.w - x), right - x)) };
}

/** Draws flowed groups at (x0, y0) with captions in the label strip above each. */
export function drawFlow(
  ctx: Ctx,
  flow: ReturnType<typeof flowGroups>,
  x0: number,
  y0: number,
  s: GroupStyle,
  labelH: number,
  win?: string,
  /** Index into `flow.items` of the item holding the winning piece (default: its last copy). */
  winItemAt?: number,
  /** Index of the winning piece inside that item (default: its last copy of `win`). */
  winIndex?: number,
): void {
  // the winning piece is the last copy shown (the hand comes after the sets)
  let winItem = winItemAt ?? -1;
  if (win && winItemAt === undefined)
    flow.items.forEach((it, k) => {
      if (it.g.codes.some((c, i) => c === win && !hiddenSet(it.g).has(i))) winItem = k;
    });
  // pieces first, then the captions, placed clear of the winning piece's tag (which rises into
  // the caption strip)
  const tags: ({ x0: number; x1: number } | undefined)[] = [];
  flow.items.forEach((it, k) => {
    const out: { tag?: { x0: number; x1: number } } = {};
    drawGroup(ctx, it.g, x0 + it.x, y0 + it.y + labelH, s, k === winItem ? win : undefined, k === winItem ? winIndex : undefined, out);
    tags[k] = out.tag;
  });
  flow.items.forEach((it, k) => {
    if (!it.g.label || labelH <= 0) return;
    const box = captionBox(ctx, flow, k, labelH, tags[k] && { x0: tags[k].x0 - x0, x1: tags[k].x1 - x0 });
    fitText(
      ctx,
      it.g.label,
      { x: x0 + box.x, y: y0 + it.y, w: box.w, h: labelH - 4 },
      { size: labelH * 0.78, minSize: 11, bold: true, color: C.muted },
    );
  });
}
