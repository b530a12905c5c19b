import { test } from 'node:test';
import assert from 'node:assert/strict';
import { poolRss } from './pool-memory.js';

// Issue #17 §1: with Piscina's default `atomics: 'sync'` the workers' event loops never turned,
// node-canvas surfaces were never finalized, and 500 images grew RSS by ~2 GiB. After a warm-up
// that fills the bounded caches (sprites, text bitmaps, surfaces), 500 more images of varying
// sizes must leave RSS within 50 MiB.
test('memory is flat: 500 images of varying sizes through the pool grow RSS < 50 MiB', { timeout: 240_000 }, async () => {
  const r = await poolRss(500);
  const growth = r.endMiB - r.startMiB;
  assert.equal(r.images, 500);
  assert.ok(growth < 50, `RSS ${r.startMiB.toFixed(0)} → ${r.endMiB.toFixed(0)} MiB (+${growth.toFixed(0)}; max ${r.maxMiB.toFixed(0)})`);
});
