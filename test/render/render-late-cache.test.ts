/**
 * An image finished after its caller gave up (pool.ts `run`, `cached`) is not thrown away: it lands
 * in the image cache, and an identical request meanwhile joins the drawing instead of drawing it again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { setRenderTestHold } from '../../src/render/pool.js';
import { renderKey } from '../../src/render/index.js';
import type { RenderTask } from '../../src/render/worker.js';
import { sampleModels } from './samples.js';
import { open, waitFor, withHeldPool } from './pool-helpers.js';
import { PNG_SIG } from './helpers.js';

const quiet = { warn: () => undefined };

/** Each task of the image `key` is noted in `drawn` and held at the gate `gateFor()` gives (none: drawn at once). */
function holdEach(key: string, drawn: RenderTask[], gateFor: () => Int32Array | undefined): void {
  setRenderTestHold((task) => {
    if (renderKey(task.kind, task.model) !== key) return undefined;
    drawn.push(task);
    return gateFor();
  });
}

test('an image finished after its caller gave up lands in the cache: the same request next is served from it', async () => {
  const T = 800;
  const m = sampleModels('vn-mahjong', 'vi').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  await withHeldPool({ threads: 1, timeoutMs: T }, quiet, async (p, g) => {
    holdEach(key, drawn, () => g);
    const before = p.cacheStats();
    await assert.rejects(p.render('table', m), /abort/, 'its caller gives up');
    open(g);
    assert.ok(await waitFor(() => p.cacheStats().entries === before.entries + 1, 5_000), 'the late image is cached');
    const again = await p.render('table', structuredClone(m));
    assert.ok(again.subarray(0, 8).equals(PNG_SIG));
    assert.equal(drawn.length, 1, 'drawn once');
    assert.deepEqual(p.cacheStats(), {
      ...before,
      hits: before.hits + 1,
      misses: before.misses + 1,
      entries: before.entries + 1,
      bytes: before.bytes + again.byteLength,
    });
  });
});

test('while an image given up on is still being drawn, the same request joins it (with its own time) rather than draw it again', async () => {
  const T = 800;
  const m = sampleModels('classic-mahjong', 'en').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  await withHeldPool({ threads: 1, timeoutMs: T }, quiet, async (p, g) => {
    holdEach(key, drawn, () => g);
    await assert.rejects(p.render('table', m), /abort/);
    // Done meanwhile: the repeat gets the image.
    const repeat = p.render('table', { ...m });
    await sleep(100);
    open(g);
    const b = await repeat;
    assert.ok(b.subarray(0, 8).equals(PNG_SIG));
    assert.equal(drawn.length, 1, 'the image was drawn once');
    assert.equal(await p.render('table', m), b, 'and cached');
  });
});

test('an image given up on while it waited for a worker is drawn anew by the next identical request (it was skipped)', async () => {
  const T = 800;
  const hang = sampleModels('chan', 'vi').hand;
  const m = sampleModels('chan', 'vi').table;
  await withHeldPool({ threads: 1, timeoutMs: T }, quiet, async (p, g) => {
    setRenderTestHold((task) => (task.model === hang ? g : undefined));
    const first = p.render('hand', hang);
    const queued = p.render('table', m);
    await assert.rejects(first, /abort/);
    await assert.rejects(queued, /abort/, 'waited behind the hung one');
    open(g);
    const b = await p.render('table', { ...m });
    assert.ok(b.subarray(0, 8).equals(PNG_SIG), 'drawn anew, not joined to the skipped task');
  });
});

test('a repeat of an image still drawn at twice its time (hung, most likely) draws it anew instead of joining it', async () => {
  const T = 400;
  const m = sampleModels('phom', 'en').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  await withHeldPool({ threads: 2, timeoutMs: T }, quiet, async (p, g) => {
    let held = false;
    holdEach(key, drawn, () => {
      if (held) return undefined;
      held = true;
      return g;
    });
    const submitted = Date.now();
    await assert.rejects(p.render('table', m), /abort/);
    await sleep(Math.max(0, submitted + 2 * T + 200 - Date.now()));
    const b = await p.render('table', { ...m });
    assert.ok(b.subarray(0, 8).equals(PNG_SIG), 'drawn by the other worker');
    assert.equal(drawn.length, 2, 'drawn anew, not joined to the hung one');
  });
});
