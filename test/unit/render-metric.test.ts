/**
 * `hoiquan_render_seconds` (src/ops/metrics.ts, src/bot/observe.ts `measuredRenderer`) times an image
 * from asking the render pool to having it, its queue wait included, which is what grows under load:
 * its buckets reach the render timeout (30 s; the top one was 0.5 s, so renders under load all fell in
 * +Inf), and a failed or timed-out render is counted (`outcome` failed: before, not at all).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../src/ops/metrics.js';
import { measuredRenderer } from '../../src/bot/observe.js';
import type { Renderer } from '../../src/bot/context.js';

test('each image is timed with its outcome, failures too, in buckets up to the render timeout', async () => {
  const m = createMetrics();
  const png = Buffer.from('png');
  const fake = {
    table: async () => png,
    hand: async () => {
      throw new Error('render worker died');
    },
  } as unknown as Renderer;
  const r = measuredRenderer(fake, m);
  await r.table({} as never);
  await assert.rejects(r.hand({} as never), /render worker died/);
  const text = await m.registry.metrics();
  assert.match(text, /hoiquan_render_seconds_count\{kind="table",outcome="ok"\} 1/);
  assert.match(text, /hoiquan_render_seconds_count\{kind="hand",outcome="failed"\} 1/);
  assert.match(text, /hoiquan_render_seconds_bucket\{le="30",kind="table",outcome="ok"\} 1/);
  assert.match(text, /hoiquan_render_bytes_total\{kind="table"\} 3/);
  assert.doesNotMatch(text, /hoiquan_render_bytes_total\{kind="hand"\}/);
});
