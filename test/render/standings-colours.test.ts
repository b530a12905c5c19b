/**
 * The standings chart tells its players' lines apart by ink (legend swatch and line). It had 6 inks
 * (chart.ts SERIES, `i % 6`): a match with a 7th player (standingsModel lists those who left too: a
 * seat that changed hands in Phỏm, a 6-person Vietnamese mahjong table with one who left) gave two
 * players the same ink. The first 6 keep theirs; the next 6 get inks of their own and a dashed line,
 * and past 12 the patterns change with the inks.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas, loadImage } from 'canvas';
import { registerFonts, renderStandings } from '../../src/render/index.js';
import * as chart from '../../src/render/chart.js';
import { layoutStandings, SERIES, STANDINGS_W } from '../../src/render/chart.js';
import type { StandingsModel } from '../../src/render/index.js';

registerFonts();

const hex = (rgb: readonly number[]) => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** The legend swatch's middle pixel of each rank (chart.ts drawStandings: two columns, 46 px a row). */
async function swatchInks(m: StandingsModel): Promise<string[]> {
  const img = await loadImage(renderStandings(m));
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const L = layoutStandings(m);
  const colW = (STANDINGS_W - 28 * 2 - 16) / 2;
  return m.players.map((_, r) => {
    const x = 28 + (r % 2) * (colW + 16) + 46 + 17;
    const y = L.legendY + Math.floor(r / 2) * 46 + 17 + 3;
    return hex([...ctx.getImageData(x, y, 1, 1).data.slice(0, 3)]);
  });
}

test('standings: seven players get seven distinct inks, the first six as before', async () => {
  // Totals falling with the seat: the legend's rank r is player r.
  const players = Array.from({ length: 7 }, (_, i) => ({ name: `P${i + 1}`, totals: [70 - i * 10, 140 - i * 20] }));
  const inks = await swatchInks({ game: 'vn-mahjong', locale: 'en', title: 'Mạt chược · Match over', players });
  assert.equal(new Set(inks).size, 7, `legend inks: ${inks.join(' ')}`);
  // (Within 2 per channel: the encoder may round an ink by one.)
  const near = (a: string, b: string) =>
    [1, 3, 5].every((k) => Math.abs(parseInt(a.slice(k, k + 2), 16) - parseInt(b.slice(k, k + 2), 16)) <= 2);
  SERIES.forEach((ink, i) => assert.ok(near(inks[i]!, ink), `rank ${i + 1}: ${inks[i]} is ${ink} as before`));
});

test('standings: up to 24 lines, no two share both ink and pattern; 12 share no ink', () => {
  // (Through the namespace: the file still loads, and the other test runs, where it is missing.)
  const styles = Array.from({ length: 24 }, (_, i) => chart.seriesStyle(i));
  assert.equal(new Set(styles.map((s) => `${s.colour}|${s.dash.join(',')}`)).size, 24);
  assert.equal(new Set(styles.slice(0, 12).map((s) => s.colour)).size, 12);
  assert.deepEqual(
    styles.slice(0, 6).map((s) => [s.colour, s.dash.length]),
    SERIES.map((c) => [c, 0]),
    'the first six solid, in SERIES inks',
  );
});

test('standings: past 24 lines a marker shape tells players apart (a long Phỏm match lists forty)', () => {
  // Ink and dash pattern give 24 styles; the 25th player had the 1st one's.
  const styles = Array.from({ length: 96 }, (_, i) => chart.seriesStyle(i));
  const key = (s: chart.SeriesStyle) => `${s.colour}|${s.dash.join(',')}|${s.marker}`;
  assert.equal(new Set(styles.map(key)).size, 96, 'no two of 96 lines alike');
  assert.ok(
    styles.slice(0, 24).every((s) => s.marker === 'circle'),
    'the first 24 keep their round point markers',
  );
  assert.ok(
    styles.slice(24).every((s) => s.marker !== 'circle'),
    'past 24, another shape',
  );
});
