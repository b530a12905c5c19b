/**
 * The AI pool once closed (the bot's shutdown): a request is refused (actAsync then decides it on
 * the main thread, as for any pool that cannot run it) and starts no worker. Before, Piscina's
 * `destroy` left the pool usable: a step finishing after the close started a fresh worker, which
 * nothing would stop again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { actAsync, type AiAsk } from '../../src/table/act.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { rig } from '../support/table-rig.js';

/** ai-pool.ts `AI_POOL_CLOSED`. */
const AI_POOL_CLOSED = 'the AI pool is closed';

function phomAsk(): AiAsk {
  const engine = engineOf('phom');
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok);
  const state = engine.setup(resolved.value, 4, 'closed', null);
  return { engine, game: 'phom', state, seat: engine.pending(state)[0]!.seat, level: 'normal' };
}

test('a request after close() is refused and starts no worker; the step decides it inline', async () => {
  const pool = createAiPool(1);
  const answered = await pool.port(phomAsk());
  assert.ok(answered.ok, JSON.stringify(answered));
  await pool.close();
  assert.equal(pool.workers(), 0, 'no worker after close');
  await assert.rejects(pool.port(phomAsk()), new RegExp(`^Error: ${AI_POOL_CLOSED}$`));
  assert.equal(pool.workers(), 0, 'still none after a request');

  const r = rig('phom', ['human', 'ai', 'human', 'human'], { seed: 'closed-pool' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d = r.pending().find((x) => x.seat === 0)!;
  const res = await actAsync(r.ts, { kind: 'move', gameId: r.gameId, seat: 0, action: d.options[0]!, ver: null }, r.clock.t, pool.port);
  assert.equal(res.outcome.ok, true);
  assert.ok(
    res.warnings.some((w) => w === `AI worker pool failed (${AI_POOL_CLOSED}); seat 1's decision (phom, normal) made on the main thread`),
    JSON.stringify(res.warnings),
  );
  assert.ok(!res.warnings.some((w) => w.startsWith('AI failed')), 'the inline AI answered');
  assert.equal(pool.workers(), 0, 'and no worker was started for it');
  await pool.close(); // a second close is harmless
});

test('a request waiting for a worker when the pool closes is refused, not run', async () => {
  const hanging = fileURLToPath(new URL('../support/hanging-ai-worker.ts', import.meta.url));
  const pool = createAiPool(1, { filename: hanging, timeoutMs: 10_000 });
  const running = pool.port(phomAsk());
  const queued = pool.port(phomAsk());
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closing = pool.close();
  await assert.rejects(queued, new RegExp(AI_POOL_CLOSED));
  await assert.rejects(running, /Terminating worker thread/, 'the running one ends with the pool');
  await closing;
  assert.equal(pool.workers(), 0);
});
