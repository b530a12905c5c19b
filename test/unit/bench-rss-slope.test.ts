/** The load benchmark's RSS slope (issue #17: < 5 MiB per 1,000 moves after warm-up). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rssSlope } from '../../bench/load.js';

test('rssSlope: MiB per 1,000 moves after the first third of the moves, NaN on too few moves', () => {
  // warm-up: +100 MiB over the first 300 moves, then +2 MiB per 1,000 moves with noise
  const s: [number, number][] = [];
  for (let m = 0; m <= 3000; m += 10) s.push([m, m < 300 ? 300 + m / 3 : 400 + (m - 300) * 0.002 + (m % 20 ? 0.5 : -0.5)]);
  assert.ok(Math.abs(rssSlope(s) - 2) < 0.1, String(rssSlope(s)));
  // flat
  assert.ok(Math.abs(rssSlope(s.map(([m]) => [m, 500]))) < 1e-9);
  // 200 moves in all: no slope
  assert.ok(Number.isNaN(rssSlope(s.filter(([m]) => m <= 200))));
  assert.ok(Number.isNaN(rssSlope([])));
});
