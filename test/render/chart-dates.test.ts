/**
 * /score's rating chart dates its hands in the reader's days: their /notify time zone, carried in the
 * render model (the chart is drawn in a worker), else UTC, which the axis then says once. Each day is
 * written once (an evening's history read "Dec 7 … Dec 7 … Dec 7"), and no two x labels overlap (in
 * Vietnamese the first two read "7 thg 12 7 thg 12"): their widths are measured.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerFonts, renderRating, renderStandings, setTextProbe } from '../../src/render/index.js';
import { createRenderPool } from '../../src/render/pool.js';
import type { FitResult, Locale, RatingModel, StandingsModel } from '../../src/render/index.js';
import { dayLabel, LABEL_GAP, labelsApart, layoutRating, layoutStandings, placeLabel, ratingDates } from '../../src/render/chart.js';

registerFonts();

/** An evening in Vietnam (UTC+7): 19:00–22:40 local on 7 Dec 2026 (12:00–15:40 UTC), then 06:30 local on 8 Dec (23:30 UTC on 7 Dec). */
const EVENING = [...Array.from({ length: 12 }, (_, k) => Date.UTC(2026, 11, 7, 12) + k * 20 * 60_000), Date.UTC(2026, 11, 7, 23, 30)];
const HCM = 'Asia/Ho_Chi_Minh';
const labels = (ts: readonly number[], locale: Locale, tz?: string) => ratingDates(ts, locale, tz).map((l) => l.label);
const count = (s: string, part: string) => s.split(part).length - 1;

test('rating dates: the hands are dated in the reader’s zone, the early-morning hand on its own local day', () => {
  assert.deepEqual(labels(EVENING, 'en', HCM), ['Dec 7', 'Dec 8']);
  assert.deepEqual(labels(EVENING, 'en', 'Asia/Taipei'), ['Dec 7', 'Dec 8']);
  // A hand at 00:30 local (17:30 UTC the day before) is the local day's.
  assert.deepEqual(labels([Date.UTC(2026, 11, 6, 17, 30)], 'en', HCM), ['Dec 7']);
  // West of Greenwich: 02:00 UTC on 8 Dec is the 7th's evening in New York.
  assert.deepEqual(labels([Date.UTC(2026, 11, 8, 2)], 'en', 'America/New_York'), ['Dec 7']);
  // Each label sits at a hand's time: the first and the last.
  assert.deepEqual(
    ratingDates(EVENING, 'en', HCM).map((l) => l.t),
    [EVENING[0], EVENING.at(-1)],
  );
});

test('rating dates: without a zone (or with one the runtime does not know) UTC, said once on the axis', () => {
  for (const tz of [undefined, 'Mars/Olympus_Mons']) {
    const got = labels(EVENING, 'en', tz);
    assert.deepEqual(got, ['Dec 7, UTC'], `${tz}: one day in UTC, named once`);
    const two = labels([Date.UTC(2026, 11, 1), Date.UTC(2026, 11, 9)], 'en', tz);
    assert.deepEqual(two, ['Dec 1', 'Dec 9, UTC']);
    assert.equal(count(two.join(' '), 'UTC'), 1);
  }
  // A zone chosen: the days are the reader's, no zone named.
  assert.ok(!labels(EVENING, 'en', HCM).join(' ').includes('UTC'));
});

test('rating dates: one day is written once, whatever the language; a middle date only when it is neither end’s', () => {
  const oneDay = EVENING.slice(0, 12);
  for (const tz of [HCM, undefined]) {
    assert.equal(labels(oneDay, 'en', tz).length, 1, `en ${tz}`);
    assert.equal(labels(oneDay, 'vi', tz).length, 1, `vi ${tz}`);
    assert.equal(labels(oneDay, 'zh-TW', tz).length, 1, `zh-TW ${tz}`);
  }
  const d = (day: number, h = 12) => Date.UTC(2026, 11, day, h);
  // first = middle ≠ last: two; first ≠ middle = last: two (first and last); all apart: three.
  assert.deepEqual(labels([d(1, 9), d(1, 13), d(1, 15), d(3)], 'en', HCM), ['Dec 1', 'Dec 3']);
  assert.deepEqual(labels([d(1), d(3, 1), d(3, 2), d(3, 3)], 'en', HCM), ['Dec 1', 'Dec 3']);
  assert.deepEqual(labels([d(1), d(5), d(9)], 'en', HCM), ['Dec 1', 'Dec 5', 'Dec 9']);
  // The middle label is the inner hand nearest the middle of the span in time (not by index).
  assert.deepEqual(labels([d(1), d(2), d(3), d(4), d(10), d(20)], 'en', HCM), ['Dec 1', 'Dec 10', 'Dec 20']);
  for (const ts of [[d(1)], [d(1), d(2)], [d(1), d(5), d(9)], EVENING]) {
    const got = labels(ts, 'en', HCM);
    assert.equal(new Set(got).size, got.length, got.join('|'));
  }
  assert.deepEqual(labels([], 'en', HCM), []);
});

test('rating dates: Vietnamese, English and Traditional Chinese, with the year when the span crosses one in that zone', () => {
  assert.deepEqual(labels(EVENING, 'vi', HCM), ['7 thg 12', '8 thg 12']);
  assert.deepEqual(labels(EVENING, 'zh-TW', 'Asia/Taipei'), ['12月7日', '12月8日']);
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    const [only, ...rest] = labels(EVENING, locale);
    assert.equal(rest.length, 0, locale);
    // In UTC: the day as the locale writes it, and the zone named once.
    assert.ok(only!.includes(dayLabel(EVENING[0]!, locale)) && count(only!, 'UTC') === 1, `${locale}: ${only}`);
  }
  // 31 Dec 2026 20:00 UTC is already 1 Jan 2027 at UTC+7: one year there, two in UTC.
  const span = [Date.UTC(2026, 11, 31, 20), Date.UTC(2027, 0, 5, 12)];
  assert.deepEqual(labels(span, 'en', HCM), ['Jan 1', 'Jan 5']);
  assert.deepEqual(labels(span, 'zh-TW', HCM), ['1月1日', '1月5日']);
  const utc = labels(span, 'vi');
  assert.equal(utc[0], '31 thg 12, 2026');
  assert.ok(utc[1]!.includes('5 thg 1, 2027') && utc[1]!.includes('UTC'), utc[1]);
});

test('x labels: a wide label gets a wider slot; labels that would come closer than the gap are left out, the last kept', () => {
  const p = { x: 124, y: 108, w: 624, h: 220 };
  assert.equal(placeLabel(436, 40, p).w, 110, 'a short label keeps the 110 px slot');
  const wide = placeLabel(p.x + p.w, 170, p);
  assert.equal(wide.w, 170);
  assert.equal(wide.align, 'right');
  assert.equal(wide.right, p.x + p.w, 'the last label ends at its tick');
  assert.equal(placeLabel(p.x, 60, p).left, p.x, 'the first starts at its tick');
  const c = placeLabel(436, 60, p);
  assert.deepEqual([c.align, c.left, c.right], ['center', 406, 466]);
  const span = (left: number, right: number) => ({ left, right });
  // "7 thg 12" then another "7 thg 12" 20 px on: the second is dropped.
  assert.deepEqual(labelsApart([span(124, 190), span(144, 210), span(660, 748)]), [0, 2]);
  assert.deepEqual(labelsApart([span(124, 190), span(190 + LABEL_GAP, 260), span(660, 748)]), [0, 1, 2]);
  // One too close to the last gives way to it.
  assert.deepEqual(labelsApart([span(124, 190), span(600, 660), span(665, 748)]), [0, 2]);
  assert.deepEqual(labelsApart([span(700, 748)]), [0]);
  assert.deepEqual(labelsApart([]), []);
});

/** The texts drawn under a chart's plot (its x labels), left to right. */
function xLabels(draw: () => unknown, plotBottom: number): FitResult[] {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  try {
    draw();
  } finally {
    setTextProbe(null);
  }
  // the row just under the plot (a standings chart's legend is further down)
  return seen.filter((r) => r.box.y > plotBottom && r.box.y < plotBottom + 30).sort((a, b) => a.box.x - b.box.x);
}

/**
 * Where a label's text is, from its box and its tick: a box ending at its tick holds right-aligned
 * text, one starting there left-aligned text, any other is centred on it (chart.ts `placeLabel`).
 */
function textSpan(r: FitResult, tick: number): [number, number] {
  if (Math.abs(r.box.x + r.box.w - tick) < 0.5) return [tick - r.width, tick];
  if (Math.abs(r.box.x - tick) < 0.5) return [tick, tick + r.width];
  assert.ok(Math.abs(r.box.x + r.box.w / 2 - tick) < 0.5, `"${r.drawn}" is centred on its tick`);
  return [tick - r.width / 2, tick + r.width / 2];
}

/** No two labels' texts (left to right, at these ticks) come closer than the gap. */
function assertApart(labels: readonly FitResult[], ticks: readonly number[]): void {
  const spans = labels.map((r, k) => textSpan(r, ticks[k]!));
  for (let k = 1; k < spans.length; k++)
    assert.ok(spans[k - 1]![1] + LABEL_GAP <= spans[k]![0] + 0.5, `"${labels[k - 1]!.drawn}" and "${labels[k]!.drawn}" overlap`);
}

const evening = (locale: Locale, timeZone?: string): RatingModel => ({
  game: 'phom',
  locale,
  title: 'An · Phỏm',
  points: EVENING.map((t, k) => ({ t, ordinal: -3 + k * 0.37 })),
  ...(timeZone ? { timeZone } : {}),
});

test('rating chart: the reader’s days from the model’s zone, each once; UTC said once without one (en, vi, zh-TW)', () => {
  const L = layoutRating(evening('vi'));
  const bottom = L.plot.y + L.plot.h;
  const drawn = (m: RatingModel) => xLabels(() => renderRating(m), bottom).map((r) => r.drawn);
  assert.deepEqual(drawn(evening('vi', HCM)), ['7 thg 12', '8 thg 12']);
  assert.deepEqual(drawn(evening('en', HCM)), ['Dec 7', 'Dec 8']);
  assert.deepEqual(drawn(evening('zh-TW', 'Asia/Taipei')), ['12月7日', '12月8日']);
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    const [only, ...rest] = xLabels(() => renderRating(evening(locale)), bottom);
    assert.equal(rest.length, 0, `${locale}: one day, one label`);
    assert.ok(only!.drawn.includes(dayLabel(EVENING[0]!, locale)) && only!.drawn.includes('UTC'), only!.drawn);
    assert.ok(!only!.ellipsized && only!.size === 18, `${locale}: "${only!.drawn}" at full size`);
  }
  // The zone changes the picture (and so the render cache's key).
  assert.ok(!renderRating(evening('vi', HCM)).equals(renderRating(evening('vi'))));
});

test('rating chart: the zone travels in the model to the render worker (the worker reads no one’s settings)', async () => {
  const p = createRenderPool({ maxThreads: 1, cacheBytes: 0 });
  try {
    const inZone = await p.render('rating', evening('vi', HCM));
    assert.ok(inZone.equals(renderRating(evening('vi', HCM))), 'the worker draws the reader’s days');
    assert.ok(!inZone.equals(await p.render('rating', evening('vi'))));
  } finally {
    await p.close();
  }
});

test('rating chart: a date whose label would overlap a neighbour’s is left out', () => {
  // A hand on Dec 1, most on Dec 2 early, one on Dec 20: the middle date ("Dec 2") would sit 20 px from "Dec 1".
  const ts = [Date.UTC(2026, 11, 1, 10), ...[1, 2, 3, 4].map((h) => Date.UTC(2026, 11, 2, h)), Date.UTC(2026, 11, 20, 10)];
  const m: RatingModel = { game: 'chan', locale: 'vi', title: 'Lan · Chắn', points: ts.map((t, k) => ({ t, ordinal: k })) };
  const L = layoutRating(m);
  const drawn = xLabels(() => renderRating(m), L.plot.y + L.plot.h);
  const got = drawn.map((r) => r.drawn);
  assert.equal(got.length, 2, got.join('|'));
  assert.equal(got[0], '1 thg 12');
  assert.ok(got[1]!.includes('20 thg 12') && got[1]!.includes('UTC'), got[1]);
  const tick = (t: number) => L.plot.x + ((t - ts[0]!) / (ts.at(-1)! - ts[0]!)) * L.plot.w;
  assertApart(drawn, [tick(ts[0]!), tick(ts.at(-1)!)]);
  // Explicit labels too: two 10 minutes apart, the first gives way to the last.
  const labelled = { ...m, xLabels: [ts[0]!, ts[0]! + 600_000].map((t, k) => ({ t, label: `nhãn ${k}` })) };
  assert.deepEqual(
    xLabels(() => renderRating(labelled), L.plot.y + L.plot.h).map((r) => r.drawn),
    ['nhãn 1'],
  );
});

test('standings: hand numbers, never two overlapping (101 hands: "99" gave way to "101")', () => {
  for (const hands of [12, 13, 37, 60, 101, 250]) {
    const m: StandingsModel = {
      game: 'phom',
      locale: 'en',
      title: 'Standings',
      players: [{ name: 'Lan', totals: Array.from({ length: hands }, (_, k) => k % 7) }],
      handLabels: Array.from({ length: hands }, (_, k) => String(k + 1)),
    };
    const L = layoutStandings(m);
    const got = xLabels(() => renderStandings(m), L.plot.y + L.plot.h);
    assert.equal(got.at(-1)!.drawn, String(hands), 'the last hand is labelled');
    assert.equal(new Set(got.map((r) => r.drawn)).size, got.length);
    // Hand k's tick is at k / hands of the plot (the chart starts at 0 before the first hand).
    assertApart(
      got,
      got.map((r) => L.plot.x + (Number(r.drawn) / hands) * L.plot.w),
    );
  }
});
