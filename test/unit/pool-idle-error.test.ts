/**
 * Piscina emits an 'error' event for a worker that fails with no task of its own (one started to
 * replace an idle one, a throw between tasks); with nobody listening the event throws, and the bot
 * died of one idle worker. The render pool and the AI pool log it; Piscina replaces the worker. The
 * duel CLI ends the duel with an error line.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createRenderPool, setRenderLog } from '../../src/render/pool.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import { runDuel } from '../../src/cli/duel.js';
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

test('duel workers that cannot load end the duel with an error, not an uncaught exception', async () => {
  // The duel CLI's pool had no 'error' listener either. Its first workers take the deals at once
  // (Piscina counts them ready from the start), so their failure rejects the deals; the worker
  // Piscina starts to replace one fails with no deal of its own: the 'error' event, an uncaught
  // exception (a stack trace instead of the CLI's one error line) in about half the runs: five.
  const workerFile = fileURLToPath(new URL('../support/load-throw-worker.mjs', import.meta.url));
  for (let k = 0; k < 5; k++) {
    await assert.rejects(
      runDuel({ game: 'phom', players: 4, hands: 4, seed: 't', a: 'strong', b: 'normal' }, 2, { workerFile }),
      /a worker that cannot load \(test\)/,
    );
  }
  // A replacement failing after the duel has ended is not uncaught either.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
});
