/** The load benchmark's RSS slope (issue #17: < 5 MiB per 1,000 moves after warm-up). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rssSlope } from '../../bench/load.js';

/** RSS samples every 10 moves: `kept(m)` plus a garbage sawtooth of `saw` MiB every 700 moves. */
function run(moves: number, kept: (m: number) => number, saw = 0): [number, number][] {
  const s: [number, number][] = [];
  for (let m = 0; m <= moves; m += 10) s.push([m, kept(m) + (saw * (m % 700)) / 700]);
  return s;
}

test('rssSlope: the growth of the memory kept between collections, per 1,000 moves after warm-up', () => {
  // warm-up +100 MiB over 300 moves, then +2 MiB per 1,000 moves
  const grow = (m: number) => (m < 300 ? 300 + m / 3 : 400 + (m - 300) * 0.002);
  assert.ok(Math.abs(rssSlope(run(6000, grow)) - 2) < 0.2, String(rssSlope(run(6000, grow))));
  // the same with a 100 MiB garbage sawtooth: still ~2, where a slope over raw samples is not
  assert.ok(Math.abs(rssSlope(run(6000, grow, 100)) - 2) < 1, String(rssSlope(run(6000, grow, 100))));
  // flat memory under a sawtooth: ~0
  assert.ok(Math.abs(rssSlope(run(6000, () => 500, 100))) < 1);
  // too few moves after warm-up: no slope
  assert.ok(Number.isNaN(rssSlope(run(4000, grow))));
  assert.ok(Number.isNaN(rssSlope([])));
});
