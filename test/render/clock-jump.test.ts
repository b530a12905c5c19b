/**
 * A step of the wall clock does not fail images. The pool sent each task a wall-clock `deadline`
 * (Date.now() + RENDER_TIMEOUT_MS) and the worker refused a task once its own Date.now() was past it,
 * although the pool gives up on a monotonic timer with the `drawing` handshake (pool.ts `run`): a step
 * forward of more than the timeout (NTP, a resumed VM) between a submission and its start failed every
 * image queued, at once, long before its caller's 30 s were up. The handshake alone decides now.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createRenderPool } from '../../src/render/pool.js';
import { sampleModels } from './samples.js';
import { PNG_SIG } from './helpers.js';

const jumpWorker = fileURLToPath(new URL('./clock-jump-worker.ts', import.meta.url));

test('a wall-clock step forward in the worker does not fail images submitted before it', async () => {
  const p = createRenderPool({ threads: 1, cacheBytes: 0, workerFile: jumpWorker });
  try {
    const s = sampleModels('phom', 'en');
    // Two at once: the second waits in the queue for the only worker.
    const out = await Promise.allSettled([p.render('hand', s.hand), p.render('table', s.table)]);
    for (const r of out) {
      assert.equal(r.status, 'fulfilled', r.status === 'rejected' ? String(r.reason) : '');
      if (r.status === 'fulfilled') assert.ok(r.value.subarray(0, 8).equals(PNG_SIG));
    }
  } finally {
    await p.close();
  }
});
