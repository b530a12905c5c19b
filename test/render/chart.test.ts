import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderStandings, renderRating, renderKind, imageSize, registerFonts, setTextProbe } from '../../src/render/index.js';
import type { FitResult, RatingModel, StandingsModel } from '../../src/render/index.js';
import { ticks, SERIES } from '../../src/render/chart.js';
import { PNG_SIG, pngSize } from './helpers.js';

registerFonts();

const standings: StandingsModel = {
  game: 'phom',
  locale: 'vi',
  title: 'Phỏm · Bảng điểm',
  players: [
    { name: 'Lan', totals: [7, 5, 12] },
    { name: 'Minh', totals: [-1, 3, 1] },
    { name: 'Hùng', totals: [-3, -6, -4] },
    { name: 'Mai', totals: [-3, -2, -9] },
  ],
};
const day = 86_400_000;
const rating: RatingModel = {
  game: 'chan',
  locale: 'en',
  title: 'Lan · Chắn',
  points: Array.from({ length: 9 }, (_, i) => ({ t: Date.UTC(2026, 0, 1) + i * day, ordinal: i * 0.8 - 2 })),
};

function pixel(b: Buffer, x: number, y: number): Promise<[number, number, number]> {
  return import('canvas').then(async ({ loadImage, createCanvas }) => {
    const img = await loadImage(b);
    const c = createCanvas(img.width, img.height);
    const ctx = c.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const d = ctx.getImageData(x, y, 1, 1).data;
    return [d[0]!, d[1]!, d[2]!];
  });
}

test('ticks: round steps that cover the range', () => {
  assert.deepEqual(ticks(-9, 12, 5), [-10, -5, 0, 5, 10, 15]);
  assert.deepEqual(ticks(0, 100, 4), [0, 50, 100]);
  assert.deepEqual(ticks(-2, 4.4, 4), [-2, 0, 2, 4, 6]);
  const t = ticks(3, 3);
  assert.ok(t[0]! < 3 && t[t.length - 1]! > 3, 'a flat series still gets a range');
});

test('standings: a PNG of the expected size, every name and ranked total drawn, pure (same model → same bytes)', () => {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  let a: Buffer;
  try {
    a = renderStandings(standings);
  } finally {
    setTextProbe(null);
  }
  assert.ok(a.subarray(0, 8).equals(PNG_SIG));
  assert.deepEqual(pngSize(a), imageSize('standings', standings));
  const drawn = seen.map((r) => r.drawn);
  for (const p of standings.players) assert.ok(drawn.includes(p.name), p.name);
  // ranked legend: Lan (+12) first, Mai (−9) last
  assert.ok(drawn.includes('1.') && drawn.includes('4.'));
  assert.ok(drawn.indexOf('Lan') < drawn.indexOf('Minh') && drawn.indexOf('Hùng') < drawn.indexOf('Mai'));
  assert.ok(drawn.includes('+12') && drawn.includes('−9'));
  for (const r of seen) assert.ok(r.width <= r.box.w + 0.5, `"${r.drawn}" overflows`);
  assert.ok(renderStandings(structuredClone(standings)).equals(a), 'a pure function of the model');
  assert.ok(renderKind('standings', standings).equals(a));
});

test('standings: lines are drawn in the series colours on the opaque felt', async () => {
  const b = renderStandings({ ...standings, players: [{ name: 'Lan', totals: [10, 10, 10] }] });
  // the felt is opaque and dark green at a corner (legible on dark and light Discord themes)
  const [r, g, bl] = await pixel(b, 30, 300);
  assert.ok(g > r && g > bl && g < 140, `felt at (30,300) is ${r},${g},${bl}`);
  // a flat line at +10 across the plot: its gold ink shows at the plot's middle
  const { layoutStandings } = await import('../../src/render/chart.js');
  const L = layoutStandings(standings);
  const ys = Array.from({ length: L.plot.h }, (_, k) => L.plot.y + k);
  const gold = SERIES[0]!;
  const want = [1, 3, 5].map((i) => parseInt(gold.slice(i, i + 2), 16));
  let found = false;
  for (const y of ys) {
    const px = await pixel(b, Math.round(L.plot.x + L.plot.w * 0.8), y);
    if (px.every((v, i) => Math.abs(v - want[i]!) < 24)) found = true;
    if (found) break;
  }
  assert.ok(found, 'the series ink is on the plot');
});

test('standings: many hands and six players, long names: no text overflows', () => {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  try {
    const m: StandingsModel = {
      ...standings,
      locale: 'zh-TW',
      players: Array.from({ length: 6 }, (_, i) => ({
        name: `Nguyễn Thị Phương Thảo Hoàng Bảo Ngọc ${i}`,
        totals: Array.from({ length: 40 }, (_, k) => (k * (i - 2) * 37) % 1000),
      })),
      finalText: Array.from({ length: 6 }, () => '+1 234 567 điểm'),
    };
    const b = renderStandings(m);
    assert.deepEqual(pngSize(b), imageSize('standings', m));
  } finally {
    setTextProbe(null);
  }
  for (const r of seen) assert.ok(r.width <= r.box.w + 0.5, `"${r.drawn}" overflows`);
});

test('rating history: a small PNG, the latest ordinal in the title badge, dates on the axis; empty history renders', () => {
  const seen: string[] = [];
  setTextProbe((r) => seen.push(r.drawn));
  try {
    const b = renderRating(rating);
    assert.deepEqual(pngSize(b), imageSize('rating', rating));
    assert.ok(pngSize(b).width <= 800);
    assert.ok(seen.includes('Rating 4.4'), seen.join('|'));
    // No time zone in the model: UTC, named once, on the last date (chart-dates.test.ts).
    assert.ok(seen.includes('Jan 1') && seen.includes('Jan 9, UTC'), 'dates as the reader writes them');
    assert.ok(seen.includes('9 hands'));
    // Vietnamese: decimal comma, "9 thg 1"; a history over two years names them.
    seen.length = 0;
    renderRating({ ...rating, locale: 'vi' });
    assert.ok(seen.includes('Điểm xếp hạng 4,4') && seen.some((s) => s.includes('9 thg 1')) && seen.includes('9 ván'), seen.join('|'));
    assert.ok(seen.includes('−2'), 'a negative tick with a minus sign');
    seen.length = 0;
    renderRating({ ...rating, locale: 'zh-TW', points: [{ t: Date.UTC(2025, 11, 30), ordinal: 1 }, ...rating.points] });
    assert.ok(seen.includes('2025年12月30日') && seen.some((s) => s.startsWith('2026年1月9日')), seen.join('|'));
    seen.length = 0;
    const empty = renderRating({ ...rating, points: [] });
    assert.deepEqual(pngSize(empty), imageSize('rating', { ...rating, points: [] }));
    const labelled = renderRating({ ...rating, xLabels: [{ t: rating.points[0]!.t, label: '1 thg 1' }] });
    assert.ok(labelled.length > 0 && seen.includes('1 thg 1'));
  } finally {
    setTextProbe(null);
  }
});
