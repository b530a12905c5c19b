/**
 * Text that never overflows its box. Every piece of text in our images goes through `fitText`,
 * which shrinks the font down to `minSize` and then ellipsizes. A probe hook lets tests record
 * every call and assert that the drawn width fits the box.
 */
import { createCanvas, type Canvas, type CanvasRenderingContext2D } from 'canvas';
import { font } from './fonts.js';
import { coverText } from './glyphs.js';
import { ByteLru, MB } from './lru.js';
import { deviceScale } from './scale.js';
import { withTextLock } from './text-lock.js';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface FitOptions {
  /** Largest font size in px (default: 0.8 × box height). */
  size?: number;
  /** Smallest font size before ellipsizing (default: min(11, size)). */
  minSize?: number;
  bold?: boolean;
  serif?: boolean;
  color?: string;
  align?: 'left' | 'center' | 'right';
  /** Dark outline behind the glyphs (width in px), for text over busy backgrounds. */
  outline?: { color: string; width: number };
  /**
   * Cache the rendered text as a small bitmap and blit it (default true). Pango text layout is
   * the slowest part of an image, and names/labels repeat on every turn. Turn it off when drawing
   * into a scaled context (piece sprites), where a cached bitmap would blur.
   */
  cache?: boolean;
  /**
   * Drawn after `text` and never cut: when the whole does not fit, `text` is ellipsized before it
   * (a standings legend's "(left)" after a long name). When not even "…" and the tail fit, the whole
   * is ellipsized as one text.
   */
  tail?: string;
}

export interface FitResult {
  text: string;
  /** The text actually drawn (may end with '…'). */
  drawn: string;
  size: number;
  /** Measured width of the drawn text. */
  width: number;
  box: Box;
  ellipsized: boolean;
}

type Probe = (r: FitResult) => void;
let probe: Probe | null = null;

/** Test hook: called with the outcome of every `fitText`. Pass null to remove. */
export function setTextProbe(p: Probe | null): void {
  probe = p;
}

const ELL = '…';
/** Right-to-left mark: keeps an ellipsis after right-to-left text at that text's end (its left). */
const RLM = '\u200f';

/** Explicit bidi controls: embeddings and overrides (closed by PDF), isolates (closed by PDI). */
const EMBED = new Set(['\u202a', '\u202b', '\u202d', '\u202e']);
const PDF = '\u202c';
const ISOLATE = new Set(['\u2066', '\u2067', '\u2068']);
const PDI = '\u2069';

/**
 * `t` without the explicit bidi controls that are not closed inside it (and without stray
 * closers). A display name with a lone RLO (U+202E) reversed everything drawn after it in the same
 * text: "‮Lan · Hoa (Cúc)" read "(cúC) aoH · naL", and a payment row "‮Lan → Minh" named the wrong
 * people. Pairs that close stay (the name reads as Discord shows it), so do isolates a caller adds.
 */
export function balanceBidi(t: string): string {
  if (!/[\u202a-\u202e\u2066-\u2069]/.test(t)) return t;
  const drop = new Set<number>();
  const open: { at: number; isolate: boolean }[] = [];
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (EMBED.has(c) || ISOLATE.has(c)) open.push({ at: i, isolate: ISOLATE.has(c) });
    else if (c === PDF) {
      if (open.length && !open[open.length - 1]!.isolate) open.pop();
      else drop.add(i);
    } else if (c === PDI) {
      // a PDI closes its isolate and every embedding opened inside it (UAX #9, BD9)
      const k = open.map((o) => o.isolate).lastIndexOf(true);
      if (k >= 0) open.length = k;
      else drop.add(i);
    }
  }
  for (const o of open) drop.add(o.at);
  let out = '';
  for (let i = 0; i < t.length; i++) if (!drop.has(i)) out += t[i]!;
  return out;
}

/**
 * CJK fonts draw curly quotes full-width; straight ones read better in Latin/Vietnamese text.
 * A character none of our fonts has becomes '?' (`coverText`), never a hex box; bidi controls
 * left open are dropped (`balanceBidi`).
 */
function normalize(t: string): string {
  return balanceBidi(coverText(t.replace(/[‘’]/g, "'").replace(/[“”]/g, '"')));
}

/** User-perceived characters: an ellipsis never splits a flag, a ZWJ emoji, a keycap or a cluster. */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const LETTER = /\p{L}/u;
const RTL_LETTER = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefe\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/;

/**
 * A name set among other text in one of our left-to-right rows ("from → to", "name · reason"):
 * a first-strong isolate (U+2068 … U+2069, which `balanceBidi` keeps; the name's own controls
 * balanced first, so none closes ours) when it has right-to-left characters or bidi controls.
 * Without it, "דוד לוי → محمد علي" (David pays Mohammed) was one right-to-left run, drawn reversed:
 * the image named Mohammed as the payer; and "محمد علي · 3 phán" drew the 3 left of the name.
 * Other names read the same either way, and stay as they are.
 */
export function isolateName(name: string): string {
  const b = balanceBidi(name);
  return RTL_LETTER.test(b) || BIDI_CONTROL.test(b) ? `\u2068${b}\u2069` : b;
}

/**
 * `prefix` + '…'. After right-to-left text (its last letter Hebrew, Arabic…) the ellipsis is
 * followed by an RLM: otherwise, in our left-to-right lines, it sat at the right of the cut name,
 * where a right-to-left reader starts, as if the name's beginning were missing.
 */
function ellipsized(prefix: string): string {
  const p = prefix.trimEnd();
  const chars = Array.from(p);
  for (let i = chars.length - 1; i >= 0; i--) {
    if (LETTER.test(chars[i]!)) return p + ELL + (RTL_LETTER.test(chars[i]!) ? RLM : '');
  }
  return p + ELL;
}

/** Measured text widths, bounded by the approximate size of their keys (~1 MB). */
const widthCache = new ByteLru<number>(1 * MB);
/**
 * The width of `t` in CSS font `f`, cached: setting `ctx.font` and `measureText` go through Pango
 * each time, a few hundred µs per call (leaves `ctx.font` set only on a cache miss).
 */
export function textWidth(ctx: CanvasRenderingContext2D, f: string, t: string): number {
  const key = f + '\u0000' + t;
  let w = widthCache.get(key);
  if (w === undefined) {
    w = withTextLock(() => {
      ctx.font = f;
      return ctx.measureText(t).width;
    });
    widthCache.set(key, w, key.length * 2 + 64);
  }
  return w;
}

/**
 * Rendered text bitmaps (names, labels, numbers), ~16 MB per worker: names and fixed words repeat
 * on every image; one-off texts (the last action, a score line) just cycle through. A bitmap of a
 * name is ~20 KB, so the 4 MB of before 2026-12-02 held ~200 texts: at 200 tables (800 names) it
 * thrashed, and a Phỏm mix of 200 tables took 18.3 ms of render CPU per move against 15.9 now
 * (painting one-off texts on a scratch canvas instead of making their bitmap measured no better).
 */
const bitmapCache = new ByteLru<Canvas>(16 * MB);
let measureCtx: CanvasRenderingContext2D | null = null;
function textBitmap(t: string, f: string, size: number, color: string, outline?: { color: string; width: number }): Canvas {
  const key = `${f}|${color}|${outline ? outline.color + outline.width : ''}|${t}`;
  const hit = bitmapCache.get(key);
  if (hit) return hit;
  // one 1×1 canvas for every measurement (a new one per bitmap would be one more native surface
  // to finalize)
  const m0 = (measureCtx ??= createCanvas(1, 1).getContext('2d'));
  const pad = Math.ceil((outline?.width ?? 0) / 2) + 2;
  const w =
    Math.ceil(
      withTextLock(() => {
        m0.font = f;
        return m0.measureText(t).width;
      }),
    ) +
    pad * 2;
  const h = Math.ceil(size * 2) + pad * 2;
  const c = createCanvas(w, h);
  const ctx = c.getContext('2d');
  paintText(ctx, t, pad, h / 2, f, 'left', color, outline);
  bitmapCache.set(key, c, w * h * 4);
  return c;
}

/** `t` painted in font `f`, vertically centred on `y`, its outline first, under the text lock. */
function paintText(
  ctx: CanvasRenderingContext2D,
  t: string,
  x: number,
  y: number,
  f: string,
  align: 'left' | 'center' | 'right',
  color: string,
  outline?: { color: string; width: number },
): void {
  withTextLock(() => {
    ctx.font = f;
    ctx.textAlign = align;
    ctx.textBaseline = 'middle';
    if (outline) {
      ctx.lineJoin = 'round';
      ctx.strokeStyle = outline.color;
      ctx.lineWidth = outline.width;
      ctx.strokeText(t, x, y);
    }
    ctx.fillStyle = color;
    ctx.fillText(t, x, y);
  });
}

/** A 1×1 context for measuring outside drawing (layouts). */
export function scratchContext(): CanvasRenderingContext2D {
  return (measureCtx ??= createCanvas(1, 1).getContext('2d'));
}

/** Cache sizes (tests, bench). */
export function textStats(): { bitmaps: number; bitmapBytes: number; widths: number } {
  return { bitmaps: bitmapCache.size, bitmapBytes: bitmapCache.bytes, widths: widthCache.size };
}

/**
 * Chooses the font size and text (possibly ellipsized) so `text` fits `box`; does not draw.
 * Widths are measured in the font the text is drawn in: at device size (`font(size × k)`, divided
 * back by k) for the cached bitmaps, whose hinted widths differ from the layout size's (by ~5 %
 * for fallback glyphs), at layout size for `cache: false` (drawn through the context transform).
 */
export function measureFit(
  ctx: CanvasRenderingContext2D,
  text: string,
  box: Box,
  o: FitOptions = {},
): { drawn: string; size: number; width: number; ellipsized: boolean } {
  text = normalize(text);
  const tail = o.tail ? normalize(o.tail) : '';
  const maxSize = Math.max(1, Math.min(o.size ?? box.h * 0.8, box.h));
  const minSize = Math.min(o.minSize ?? 11, maxSize);
  const k = o.cache === false ? 1 : deviceScale();
  const opts = { bold: o.bold ?? false, serif: o.serif ?? false };
  const wOf = (s: number, t: string) => textWidth(ctx, font(s * k, opts), t) / k;
  let width = wOf(maxSize, text + tail);
  if (width <= box.w) return { drawn: text + tail, size: maxSize, width, ellipsized: false };
  // Width scales linearly with size (to within hinting): jump straight to the fitting size.
  let size = Math.max(minSize, Math.floor(((maxSize * box.w) / width) * 10) / 10);
  for (let i = 0; i < 6; i++) {
    width = wOf(size, text + tail);
    if (width <= box.w) return { drawn: text + tail, size, width, ellipsized: false };
    if (size <= minSize) break;
    size = Math.max(minSize, size * 0.94);
  }
  // Ellipsize at minSize: binary search the longest prefix of whole graphemes that fits with '…'.
  const chars = Array.from(graphemes.segment(text), (g) => g.segment);
  // The first n characters and "…", then the tail: an override the cut left open (its closing
  // character cut off) is dropped, or the tail would be drawn inside it, reversed.
  const cut = (n: number) => {
    const start = ellipsized(chars.slice(0, n).join(''));
    return tail ? balanceBidi(start) + tail : start;
  };
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const w = wOf(size, cut(mid));
    if (w <= box.w) lo = mid;
    else hi = mid - 1;
  }
  let drawn = lo > 0 ? cut(lo) : ELL + tail;
  width = wOf(size, drawn);
  // Not even "…" and the tail: the whole, ellipsized as one text.
  if (width > box.w && tail) return measureFit(ctx, text + tail, box, { ...o, tail: undefined });
  if (width > box.w) {
    drawn = '';
    width = 0;
  }
  return { drawn, size, width, ellipsized: true };
}

/** Draws `text` fitted into `box`, vertically centred. */
export function fitText(ctx: CanvasRenderingContext2D, text: string, box: Box, o: FitOptions = {}): FitResult {
  const m = measureFit(ctx, text, box, o);
  const align = o.align ?? 'left';
  const x = align === 'left' ? box.x : align === 'center' ? box.x + box.w / 2 : box.x + box.w;
  const y = box.y + box.h / 2;
  if (m.drawn && o.cache !== false) {
    // the bitmap is drawn at device size and blitted pixel-aligned (see scale.ts)
    const k = deviceScale();
    const f = font(m.size * k, { bold: o.bold ?? false, serif: o.serif ?? false });
    const outline = o.outline ? { color: o.outline.color, width: o.outline.width * k } : undefined;
    const bmp = textBitmap(m.drawn, f, m.size * k, o.color ?? '#000', outline);
    const pad = Math.ceil((outline?.width ?? 0) / 2) + 2;
    const left = align === 'left' ? x : align === 'center' ? x - m.width / 2 : x - m.width;
    // clamped to the box (plus the outline): a glyph's ink past its advance never spills over
    const dx = Math.round(left * k - pad);
    const dy = Math.round(y * k - bmp.height / 2);
    const edge = Math.ceil((outline?.width ?? 0) / 2);
    const x0 = Math.max(dx, Math.floor(box.x * k) - edge);
    const x1 = Math.min(dx + bmp.width, Math.ceil((box.x + box.w) * k) + edge);
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    if (x1 > x0) ctx.drawImage(bmp, x0 - dx, 0, x1 - x0, bmp.height, x0, dy, x1 - x0, bmp.height);
    ctx.setTransform(k, 0, 0, k, 0, 0);
  } else if (m.drawn) {
    paintText(ctx, m.drawn, x, y, font(m.size, { bold: o.bold ?? false, serif: o.serif ?? false }), align, o.color ?? '#000', o.outline);
  }
  const r: FitResult = {
    text: normalize(text + (o.tail ?? '')),
    drawn: m.drawn,
    size: m.size,
    width: m.width,
    box,
    ellipsized: m.ellipsized,
  };
  if (probe) probe(r);
  return r;
}
