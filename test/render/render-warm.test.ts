/** `warmPool` (start-up) has a deadline: a worker that hangs while warming up does not hang start-up. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { closePool, renderAsync, renderPool, setRenderLog, setRenderTestHold, stuckRenders, warmPool } from '../../src/render/pool.js';
import { sampleModels } from './samples.js';
import type { RenderTask } from '../../src/render/worker.js';
import { blockUntilStarted, gate, open } from './pool-helpers.js';
import { PNG_SIG } from './helpers.js';

test('warmPool gives up on a worker hung while warming up: start-up goes on, with a warning', async () => {
  const g = gate();
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  setRenderLog({ warn: (fields, msg) => warnings.push({ fields, msg }) });
  let sheet: RenderTask | undefined;
  setRenderTestHold((task) => {
    if (task.kind !== 'sheet') return undefined;
    sheet = task;
    return g;
  });
  const hung = new AbortController();
  try {
    renderPool({ threads: 1 });
    // Its worker up first (seconds on a loaded machine, past the warm-up's time), the warm-up's image
    // is handed to it at once: it hangs there, given up on while being drawn.
    await renderAsync('result', sampleModels('phom', 'en').result);
    const started = Date.now();
    const warming = warmPool({ timeoutMs: 1_000 }).then(() => 'started');
    blockUntilStarted(sheet);
    const outcome = await Promise.race([warming, sleep(10_000, 'hung', { signal: hung.signal }).catch(() => 'hung')]);
    const took = Date.now() - started;
    assert.equal(outcome, 'started', 'start-up was not held up for ever');
    assert.ok(took >= 950 && took < 3_000, `after its time: ${took} ms`);
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!.msg, /did not warm up in time/);
    assert.deepEqual(warnings[0]!.fields, { timeoutMs: 1_000, threads: 1 });
    assert.equal(stuckRenders(), 1, 'the hung warm-up is counted as any hung render (hoiquan_render_stuck_tasks)');
    open(g);
    const b = await renderAsync('result', sampleModels('phom', 'vi').result);
    assert.ok(b.subarray(0, 8).equals(PNG_SIG), 'the pool renders once its worker is free');
  } finally {
    hung.abort();
    open(g);
    setRenderTestHold(null);
    setRenderLog(null);
    await closePool();
  }
});

test('warmPool in time: no warning', async () => {
  const warnings: string[] = [];
  setRenderLog({ warn: (_f, msg) => warnings.push(msg) });
  try {
    renderPool({ threads: 1 });
    await warmPool();
    assert.deepEqual(warnings, []);
  } finally {
    setRenderLog(null);
    await closePool();
  }
});

test('warmPool ended by closing the pool (a stop during start-up): no "did not warm up" warning', async () => {
  const g = gate();
  const warnings: string[] = [];
  setRenderLog({ warn: (_f, msg) => warnings.push(msg) });
  let held: RenderTask | undefined;
  setRenderTestHold((task) => {
    if (task.kind !== 'result') return undefined;
    held = task;
    return g;
  });
  try {
    renderPool({ threads: 1 });
    await renderAsync('hand', sampleModels('phom', 'en').hand); // its worker up
    const busy = renderAsync('result', sampleModels('phom', 'en').result).catch(() => undefined);
    blockUntilStarted(held); // the worker is held: the warm-up's image waits in the queue
    const warming = warmPool({ timeoutMs: 60_000 });
    const closing = closePool(); // skips the queued warm-up image at once
    await warming;
    assert.deepEqual(warnings, [], 'closed, not late');
    open(g);
    await busy;
    await closing;
  } finally {
    open(g);
    setRenderTestHold(null);
    setRenderLog(null);
    await closePool();
  }
});
