/**
 * Piscina emits an 'error' event for a worker that fails with no task of its own (one started to
 * replace an idle one, a throw between tasks); with nobody listening the event throws, and the bot
 * died of one idle worker. The render pool and the AI pool log it; Piscina replaces the worker.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createRenderPool, setRenderLog } from '../../src/render/pool.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import { waitFor } from '../render/pool-helpers.js';

const failing = fileURLToPath(new URL('../support/idle-throw-worker.ts', import.meta.url));

test('a render worker that fails outside an image is logged, and the process lives on', async () => {
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  setRenderLog({ warn: (fields, msg) => warnings.push({ fields, msg }) });
  const p = createRenderPool({ threads: 1, workerFile: failing });
  try {
    assert.ok(await waitFor(() => warnings.length > 0, 60_000), 'logged');
    assert.match(warnings[0]!.msg, /a render worker failed outside an image/);
    assert.match(String(warnings[0]!.fields.err), /idle worker failure/);
  } finally {
    setRenderLog(null);
    await p.close();
  }
});

test('an AI worker that fails outside a request is reported, and the process lives on', async () => {
  const errors: unknown[] = [];
  const pool = createAiPool(1, { filename: failing, onWorkerError: (e) => errors.push(e) });
  try {
    assert.ok(await waitFor(() => errors.length > 0, 60_000), 'reported');
    assert.match(String(errors[0]), /idle worker failure/);
  } finally {
    await pool.close();
  }
});
