/**
 * Charts (issue #14 §5): the match standings — every player's running total by hand, with a
 * ranked legend — and a small rating-history chart (OpenSkill ordinal over time). Drawn on the
 * same opaque felt as every other image, so they read the same on Discord's dark and light
 * themes; lines are bright inks with a dark casing, so they stay apart on the green.
 */
import { C, type Ctx, encode, newImage, snapHeight } from './draw.js';
import { header } from './hand.js';
import { fitText, measureFit } from './text.js';
import { rrect } from './pieces/draw-util.js';
import type { Locale, RatingModel, StandingsModel } from './model.js';
import { knownTimeZone } from '../config/time-zones.js';

/** Line inks, in seat order (distinct in hue and in lightness). */
export const SERIES = ['#f4c84a', '#7fd3ff', '#ff8a7a', '#f7f2e2', '#c9a0ff', '#a8f07a'];
/**
 * The inks of the 7th to 12th line: a standings chart lists every player of the match, those who
 * left too (a seat that changed hands, a 6-person Vietnamese mahjong table with one who left), so it
 * can hold more lines than SERIES has inks; with `i % 6` two players shared one and their lines and
 * legend swatches could not be told apart. Apart in hue from SERIES and from each other.
 */
export const SERIES_MORE = ['#ff5fcf', '#2fd6b5', '#6e8bff', '#ff9d3c', '#d7e84a', '#b7c4c8'];

/**
 * Dash patterns, one per round of inks: the first 6 lines solid, the next 6 dashed, and past 12 (the
 * inks again) dotted, then dash-dotted: every line stays apart by its ink, its pattern or both.
 * `line`: along the plot's lines (4 px wide, round caps, which eat 4 px of each gap); `swatch`: the
 * same look at the legend's 34 px (butt caps).
 */
const DASHES: readonly { line: readonly number[]; swatch: readonly number[] }[] = [
  { line: [], swatch: [] },
  { line: [12, 10], swatch: [6, 4] },
  { line: [1, 9], swatch: [3, 4] },
  { line: [14, 8, 1, 8], swatch: [8, 3, 3, 3] },
];

/**
 * Marker shapes, one per 24 lines (every ink with every dash pattern): past 24 players (a long Phỏm
 * match lists forty, those who left too) the styles came round again and two players' lines and
 * swatches looked the same. The first 24 keep round point markers (and no mark on their swatch);
 * the next get squares, then triangles, then diamonds, on their line and in their legend swatch.
 */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond'] as const;
export type Marker = (typeof MARKERS)[number];

export interface SeriesStyle {
  colour: string;
  dash: readonly number[];
  swatchDash: readonly number[];
  marker: Marker;
}

/** Lines told apart by ink and dash pattern alone. */
const INK_DASH = SERIES.length * DASHES.length;

/** The ink, dash pattern and marker of the `i`th line (in the model's player order). */
export function seriesStyle(i: number): SeriesStyle {
  const round = Math.floor(i / SERIES.length);
  const inks = round % 2 === 0 ? SERIES : SERIES_MORE;
  const d = DASHES[round % DASHES.length]!;
  const marker = MARKERS[Math.floor(i / INK_DASH) % MARKERS.length]!;
  return { colour: inks[i % inks.length]!, dash: d.line, swatchDash: d.swatch, marker };
}

/** Traces a marker of radius `r` centred at (x, y). */
function markerPath(ctx: Ctx, shape: Marker, x: number, y: number, r: number): void {
  ctx.beginPath();
  if (shape === 'circle') ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (shape === 'square') ctx.rect(x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
  else if (shape === 'triangle') {
    ctx.moveTo(x, y - r * 1.2);
    ctx.lineTo(x + r * 1.1, y + r * 0.8);
    ctx.lineTo(x - r * 1.1, y + r * 0.8);
    ctx.closePath();
  } else {
    ctx.moveTo(x, y - r * 1.25);
    ctx.lineTo(x + r * 1.05, y);
    ctx.lineTo(x, y + r * 1.25);
    ctx.lineTo(x - r * 1.05, y);
    ctx.closePath();
  }
}

function drawMarker(ctx: Ctx, shape: Marker, x: number, y: number, r: number, colour: string): void {
  markerPath(ctx, shape, x, y, r);
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(8,20,15,0.85)';
  ctx.stroke();
}

export const STANDINGS_W = 1200;
export const RATING_W = 800;
const PAD = 28;
const HEADER_H = 74;

const WORDS: Record<Locale, { hand: string; total: string; rating: string; hands: (n: number) => string }> = {
  vi: { hand: 'Ván', total: 'Tổng', rating: 'Điểm xếp hạng', hands: (n) => `${n} ván` },
  en: { hand: 'Hand', total: 'Total', rating: 'Rating', hands: (n) => `${n} ${n === 1 ? 'hand' : 'hands'}` },
  'zh-TW': { hand: '局', total: '總分', rating: '評分', hands: (n) => `${n} 局` },
};

/** Round, readable tick steps (1, 2, 5 × 10^k) covering [lo, hi] with about `n` ticks. */
export function ticks(lo: number, hi: number, n = 5): number[] {
  if (!(hi > lo)) {
    const d = Math.max(1, Math.abs(lo) * 0.1);
    lo -= d;
    hi += d;
  }
  const raw = (hi - lo) / Math.max(1, n);
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((k) => k * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= hi + step * 1e-9; v += step) out.push(Math.round(v / step) * step);
  if (out[out.length - 1]! < hi) out.push(out[out.length - 1]! + step);
  return out;
}

/**
 * A number in the reader's notation (vi "1.234,5", en and zh-TW "1,234.5"), at most one decimal
 * (`digits` fixes it), signed with "+" / "−" when `signed`.
 */
export function chartNumber(v: number, locale: Locale, o: { signed?: boolean; digits?: number } = {}): string {
  const r = Math.round(v * 10) / 10;
  const n = formatter(
    `${locale}|${o.digits ?? ''}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: o.digits ?? 0, maximumFractionDigits: o.digits ?? 1 }),
  ).format(Math.abs(r));
  return (r < 0 ? '−' : r > 0 && o.signed ? '+' : '') + n;
}

const fmt = (v: number, locale: Locale) => chartNumber(v, locale, { signed: true });

export interface DayOptions {
  /** With the year ("9 thg 1, 2026"). */
  year?: boolean;
  /** The IANA zone whose day it is (default UTC); the caller checks it with `knownTimeZone`. */
  timeZone?: string;
  /** Name the zone too, as the locale places it: "Jan 9, UTC", "UTC 9 thg 1", "1月9日 UTC". */
  zoneName?: boolean;
}

/** A day as the reader writes it, in their zone: "9 thg 1", "Jan 9", "1月9日"; with the year and the zone's name when asked. */
export function dayLabel(t: number, locale: Locale, o: DayOptions = {}): string {
  const zone = o.timeZone ?? 'UTC';
  const year = o.year ?? false;
  const zoneName = o.zoneName ?? false;
  return formatter(
    `${locale}|day|${year}|${zone}|${zoneName}`,
    () =>
      new Intl.DateTimeFormat(locale, {
        day: 'numeric',
        month: 'short',
        ...(year ? { year: 'numeric' } : {}),
        ...(zoneName ? { timeZoneName: 'short' } : {}),
        timeZone: zone,
      }),
  ).format(t);
}

/** The year of `t` in `zone` (a hand at 23:30 UTC on Dec 31 is in the next year at UTC+7). */
function yearIn(t: number, zone: string): string {
  return formatter(`year|${zone}`, () => new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: zone })).format(t);
}

/** One x label of the rating chart: a hand's time and its day. */
export interface DateLabel {
  t: number;
  label: string;
}

/** The index of the inner point (neither end) nearest the middle of the span in time; null with fewer than 3. */
function middleIndex(ts: readonly number[]): number | null {
  if (ts.length < 3) return null;
  const mid = (ts[0]! + ts[ts.length - 1]!) / 2;
  let best = 1;
  for (let k = 2; k < ts.length - 1; k++) if (Math.abs(ts[k]! - mid) < Math.abs(ts[best]! - mid)) best = k;
  return best;
}

/**
 * The rating chart's dates: the days of the first hand, of the hand nearest the middle of the span
 * and of the last, in the reader's zone (`timeZone`: their /notify zone; UTC without one, or with
 * one the runtime does not know). Each day once: the last is left out when it is the first's day
 * (a one-evening history reads "Dec 7" once, not "Dec 7 … Dec 7 … Dec 7"), the middle when it is
 * either end's. With the year when the span crosses one (in that zone). In UTC the last label kept
 * also names the zone ("Dec 7, UTC"), so a reader far from Greenwich knows whose days these are.
 * `ts`: the hands' times, ascending.
 */
export function ratingDates(ts: readonly number[], locale: Locale, timeZone?: string): DateLabel[] {
  if (!ts.length) return [];
  const zone = timeZone && knownTimeZone(timeZone) ? timeZone : 'UTC';
  const first = ts[0]!;
  const last = ts[ts.length - 1]!;
  const year = yearIn(first, zone) !== yearIn(last, zone);
  const day = (t: number): DateLabel => ({ t, label: dayLabel(t, locale, { year, timeZone: zone }) });
  const mi = middleIndex(ts);
  const a = day(first);
  const z = day(last);
  const m = mi === null ? null : day(ts[mi]!);
  const out = [a, ...(m && m.label !== a.label && m.label !== z.label ? [m] : []), ...(z.label !== a.label ? [z] : [])];
  if (zone === 'UTC') {
    const end = out[out.length - 1]!;
    out[out.length - 1] = { t: end.t, label: dayLabel(end.t, locale, { year, timeZone: zone, zoneName: true }) };
  }
  return out;
}

/** Intl formatters are costly to build: one per locale and style, kept. */
const formatters = new Map<string, { format(x: number): string }>();
function formatter(key: string, make: () => { format(x: number): string }): { format(x: number): string } {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f;
}

export interface Plot {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** An x label's slot under its tick: 110 px, or as wide as its text up to 220 (a date with its year and zone). */
const LABEL_W = 110;
const LABEL_MAX_W = 220;
/** Space kept between two x labels' texts, so they never read as one ("7 thg 12 7 thg 12"). */
export const LABEL_GAP = 12;
const TICK_TEXT = { size: 18, minSize: 10, bold: true } as const;

/** Where an x label goes: its box, its alignment in it and the span its text covers (`left`–`right`). */
export interface LabelPlace {
  x: number;
  w: number;
  align: 'left' | 'center' | 'right';
  left: number;
  right: number;
}

/**
 * The place of an x label `width` px wide (its text, measured) under its tick at `x`: centred, but
 * a label that would leave the plot's frame ends (or starts) at its tick instead of sliding away
 * from it.
 */
export function placeLabel(x: number, width: number, p: Plot): LabelPlace {
  const w = Math.min(LABEL_MAX_W, Math.max(LABEL_W, Math.ceil(width)));
  const align = x + w / 2 > p.x + p.w + 20 ? 'right' : x - w / 2 < p.x - 40 ? 'left' : 'center';
  const text = Math.min(width, w);
  const left = align === 'right' ? x - text : align === 'left' ? x : x - text / 2;
  return { x: align === 'right' ? x - w : align === 'left' ? x : x - w / 2, w, align, left, right: left + text };
}

/**
 * Which x labels to draw (indices, in axis order) so that no two texts come closer than `gap`: the
 * last always (it ends the axis: a chart's last hand, a history's latest day), any other only when
 * it stays clear of the label kept before it and of the last. `spans` in axis order.
 */
export function labelsApart(spans: readonly { left: number; right: number }[], gap = LABEL_GAP): number[] {
  if (!spans.length) return [];
  const end = spans[spans.length - 1]!;
  const kept: number[] = [];
  for (let k = 0; k < spans.length - 1; k++) {
    const s = spans[k]!;
    const prev = kept.length ? spans[kept[kept.length - 1]!]! : null;
    if ((!prev || prev.right + gap <= s.left) && s.right + gap <= end.left) kept.push(k);
  }
  return [...kept, spans.length - 1];
}

/** Axes, grid and y labels; x labels (with their grid lines) that would overlap are left out. Returns the value → pixel mappers. */
function axes(
  ctx: Ctx,
  p: Plot,
  yt: number[],
  xs: { at: number; label: string }[],
  xr: [number, number],
  yLabel: (v: number) => string,
): { px: (x: number) => number; py: (y: number) => number } {
  const [y0, y1] = [yt[0]!, yt[yt.length - 1]!];
  const px = (x: number) => p.x + (xr[1] === xr[0] ? p.w / 2 : ((x - xr[0]) / (xr[1] - xr[0])) * p.w);
  const py = (y: number) => p.y + p.h - ((y - y0) / (y1 - y0 || 1)) * p.h;
  rrect(ctx, p.x - 10, p.y - 10, p.w + 20, p.h + 20, 10);
  ctx.fillStyle = 'rgba(0,0,0,0.22)';
  ctx.fill();
  for (const v of yt) {
    const y = Math.round(py(v)) + 0.5;
    ctx.fillStyle = v === 0 ? 'rgba(255,255,255,0.45)' : 'rgba(255,255,255,0.12)';
    ctx.fillRect(p.x, y - (v === 0 ? 1 : 0.5), p.w, v === 0 ? 2 : 1);
    fitText(
      ctx,
      yLabel(v),
      { x: p.x - 96, y: y - 12, w: 80, h: 24 },
      { size: 18, minSize: 11, bold: true, color: C.muted, align: 'right' },
    );
  }
  const ticksAt = [...xs].sort((a, b) => a.at - b.at).map((t) => ({ ...t, x: px(t.at) }));
  const places = ticksAt.map((t) => placeLabel(t.x, measureFit(ctx, t.label, { x: 0, y: 0, w: LABEL_MAX_W, h: 24 }, TICK_TEXT).width, p));
  for (const k of labelsApart(places)) {
    const t = ticksAt[k]!;
    const at = places[k]!;
    ctx.fillStyle = 'rgba(255,255,255,0.08)';
    ctx.fillRect(Math.round(t.x), p.y, 1, p.h);
    fitText(ctx, t.label, { x: at.x, y: p.y + p.h + 14, w: at.w, h: 24 }, { ...TICK_TEXT, color: C.muted, align: at.align });
  }
  return { px, py };
}

/** Beyond this many points a line has no point markers (they merge into a bead chain). */
export const MARKER_MAX = 41;

function line(
  ctx: Ctx,
  pts: [number, number][],
  colour: string,
  width: number,
  dash: readonly number[] = [],
  marker: Marker = 'circle',
  /** Which points of a long line carry its marks (staggered between lines, so they do not stack). */
  phase = 0,
): void {
  if (!pts.length) return;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.setLineDash([...dash]);
  for (const [w, c] of [
    [width + 4, 'rgba(8,20,15,0.85)'],
    [width, colour],
  ] as const) {
    ctx.beginPath();
    pts.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.lineWidth = w;
    ctx.strokeStyle = c;
    ctx.stroke();
  }
  ctx.setLineDash([]);
  // round markers only while they stay apart; other shapes tell a line apart, so a long line keeps
  // some of them (about MARKER_MAX / 2, evenly spaced)
  const every = pts.length <= MARKER_MAX ? 1 : marker === 'circle' ? 0 : Math.ceil(pts.length / (MARKER_MAX / 2));
  if (!every) return;
  const r = marker === 'circle' ? width + 1.5 : width + 2.5;
  pts.forEach(([x, y], k) => {
    if ((k + phase) % every === 0 || k === pts.length - 1) drawMarker(ctx, marker, x, y, r, colour);
  });
}

export interface StandingsLayout {
  width: number;
  height: number;
  plot: Plot;
  legendY: number;
  legendRows: number;
}

export function layoutStandings(m: StandingsModel): StandingsLayout {
  const legendRows = Math.ceil(m.players.length / 2);
  const plot = { x: PAD + 110, y: HEADER_H + 34, w: STANDINGS_W - PAD * 2 - 140, h: 420 };
  const legendY = plot.y + plot.h + 56;
  return { width: STANDINGS_W, height: snapHeight(legendY + legendRows * 46 + PAD), plot, legendY, legendRows };
}

/** Running totals start at 0 before the first hand. */
function series(m: StandingsModel): number[][] {
  return m.players.map((p) => [0, ...p.totals]);
}

export function drawStandings(ctx: Ctx, m: StandingsModel, L: StandingsLayout): void {
  const W = WORDS[m.locale] ?? WORDS.en;
  header(ctx, m.title, m.subtitle, L.width);
  const ss = series(m);
  const hands = Math.max(1, ...ss.map((s) => s.length - 1));
  const all = ss.flat();
  const yt = ticks(Math.min(0, ...all), Math.max(0, ...all));
  const every = Math.max(1, Math.ceil(hands / 12));
  const xs = Array.from({ length: hands + 1 }, (_, k) => k)
    .filter((k) => k > 0 && (k % every === 0 || k === hands))
    .map((k) => ({ at: k, label: m.handLabels?.[k - 1] ?? String(k) }));
  const { px, py } = axes(ctx, L.plot, yt, xs, [0, hands], (v) => fmt(v, m.locale));
  fitText(ctx, W.hand, { x: L.plot.x + L.plot.w - 120, y: L.plot.y - 34, w: 120, h: 22 }, { size: 18, color: C.muted, align: 'right' });
  ss.forEach((s, i) =>
    line(
      ctx,
      s.map((v, k) => [px(k), py(v)]),
      seriesStyle(i).colour,
      4,
      seriesStyle(i).dash,
      seriesStyle(i).marker,
      i,
    ),
  );
  // legend: ranked by final total
  const order = m.players.map((p, i) => ({ p, i, last: p.totals[p.totals.length - 1] ?? 0 })).sort((a, b) => b.last - a.last);
  const colW = (L.width - PAD * 2 - 16) / 2;
  order.forEach((o, r) => {
    const x = PAD + (r % 2) * (colW + 16);
    const y = L.legendY + Math.floor(r / 2) * 46;
    rrect(ctx, x, y, colW, 40, 10);
    ctx.fillStyle = r === 0 ? 'rgba(244,200,74,0.16)' : 'rgba(0,0,0,0.24)';
    ctx.fill();
    fitText(ctx, `${r + 1}.`, { x: x + 10, y, w: 34, h: 40 }, { size: 22, bold: true, color: r === 0 ? C.gold : C.text });
    legendSwatch(ctx, x + 46, y + 17, seriesStyle(o.i));
    const total = m.finalText?.[o.i] ?? fmt(o.last, m.locale);
    fitText(
      ctx,
      total,
      { x: x + colW - 170, y, w: 158, h: 40 },
      { size: 22, bold: true, color: o.last > 0 ? C.plus : o.last < 0 ? C.minus : C.text, align: 'right' },
    );
    // A mark ("(left)") stays whole after a long name: the name is cut before it.
    fitText(ctx, o.p.name, { x: x + 90, y, w: colW - 270, h: 40 }, { size: 22, minSize: 14, bold: true, color: C.text, tail: o.p.mark });
  });
}

/**
 * A legend's sample of a line, 34 × 6 px at (x, y): a solid bar for a solid line, as before; for a
 * patterned one, the same pattern over the same width, starting at its centre (so its middle is inked).
 */
function legendSwatch(ctx: Ctx, x: number, y: number, s: SeriesStyle): void {
  patternSwatch(ctx, x, y, s);
  // past 24 lines: the line's marker over the swatch's middle
  if (s.marker !== 'circle') drawMarker(ctx, s.marker, x + 17, y + 3, 7, s.colour);
}

function patternSwatch(ctx: Ctx, x: number, y: number, s: SeriesStyle): void {
  ctx.fillStyle = s.colour;
  if (!s.swatchDash.length) {
    rrect(ctx, x, y, 34, 6, 3);
    ctx.fill();
    return;
  }
  ctx.save();
  ctx.beginPath();
  ctx.rect(x, y - 2, 34, 10);
  ctx.clip();
  ctx.setLineDash([...s.swatchDash]);
  ctx.lineDashOffset = 0;
  ctx.lineCap = 'butt';
  ctx.lineWidth = 6;
  ctx.strokeStyle = s.colour;
  // From the centre outwards, both ways: each half starts with a dash.
  for (const dir of [1, -1]) {
    ctx.beginPath();
    ctx.moveTo(x + 17, y + 3);
    ctx.lineTo(x + 17 + dir * 20, y + 3);
    ctx.stroke();
  }
  ctx.restore();
}

export function renderStandingsPng(m: StandingsModel): Buffer {
  const L = layoutStandings(m);
  const img = newImage(L.width, L.height);
  const { ctx } = img;
  drawStandings(ctx, m, L);
  return encode(img);
}

export interface RatingLayout {
  width: number;
  height: number;
  plot: Plot;
}

export function layoutRating(m: RatingModel): RatingLayout {
  void m;
  return {
    width: RATING_W,
    height: snapHeight(HEADER_H + 34 + 220 + 60 + 10),
    plot: { x: PAD + 96, y: HEADER_H + 34, w: RATING_W - PAD * 2 - 120, h: 220 },
  };
}

export function drawRating(ctx: Ctx, m: RatingModel, L: RatingLayout): void {
  const W = WORDS[m.locale] ?? WORDS.en;
  const pts = [...m.points].sort((a, b) => a.t - b.t);
  const last = pts[pts.length - 1];
  header(ctx, m.title, last ? `${W.rating} ${chartNumber(last.ordinal, m.locale, { digits: 1 })}` : undefined, L.width);
  const vals = pts.map((p) => p.ordinal);
  const yt = ticks(Math.min(...vals, 0), Math.max(...vals, 1), 4);
  const t0 = pts[0]?.t ?? 0;
  const t1 = last?.t ?? 1;
  const labels =
    m.xLabels ??
    ratingDates(
      pts.map((p) => p.t),
      m.locale,
      m.timeZone,
    );
  const { px, py } = axes(
    ctx,
    L.plot,
    yt,
    labels.map((l) => ({ at: l.t, label: l.label })),
    [t0, t1],
    (v) => chartNumber(v, m.locale),
  );
  line(
    ctx,
    pts.map((p) => [px(p.t), py(p.ordinal)]),
    SERIES[0]!,
    3,
  );
  if (!pts.length) fitText(ctx, '—', { x: L.plot.x, y: L.plot.y, w: L.plot.w, h: L.plot.h }, { size: 40, color: C.muted, align: 'center' });
  else
    fitText(
      ctx,
      W.hands(pts.length),
      { x: L.plot.x + L.plot.w - 160, y: L.plot.y - 32, w: 160, h: 22 },
      { size: 17, color: C.muted, align: 'right' },
    );
}

export function renderRatingPng(m: RatingModel): Buffer {
  const L = layoutRating(m);
  const img = newImage(L.width, L.height);
  const { ctx } = img;
  drawRating(ctx, m, L);
  return encode(img);
}
