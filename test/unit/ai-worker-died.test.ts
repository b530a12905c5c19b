/**
 * An AI worker that dies on a request (it exits; out of memory, ERR_WORKER_OUT_OF_MEMORY, ends a
 * thread the same way): the decision is a failure (the timeout default), not made again on the main
 * thread, where the same state would take the whole bot down (and a restart would replay it).
 * Before, any rejection of the pool was decided inline. A pool that cannot run the request at all (a
 * worker that cannot load, a state it cannot copy) still has it decided inline (ai-pool.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { actAsync, type AiAsk, type TableCommand } from '../../src/table/act.js';
import { createAiPool } from '../../src/table/ai-pool.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { rig, type Rig } from '../support/table-rig.js';

const support = (f: string) => fileURLToPath(new URL(`../support/${f}`, import.meta.url));

const move = (r: Rig): TableCommand => {
  const d = r.pending().find((x) => x.seat === 0)!;
  return { kind: 'move', gameId: r.gameId, seat: 0, action: d.options[0]!, ver: null };
};

/** Counts Phỏm's AI decisions made on this thread while `f` runs. */
async function countingInline<T>(f: (inline: () => number) => Promise<T>): Promise<T> {
  const engine = engineOf('phom');
  const ai = engine.ai;
  let n = 0;
  engine.ai = (...a: Parameters<typeof ai>) => {
    n++;
    return ai(...a);
  };
  try {
    return await f(() => n);
  } finally {
    engine.ai = ai;
  }
}

function phomAsk(): AiAsk {
  const engine = engineOf('phom');
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok);
  const state = engine.setup(resolved.value, 4, 'died', null);
  return { engine, game: 'phom', state, seat: engine.pending(state)[0]!.seat, level: 'normal' };
}

test('a worker that dies on a decision: the timeout default, nothing decided on the main thread', async () => {
  const pool = createAiPool(1, { filename: support('exit-ai-worker.ts'), onWorkerError: () => undefined });
  try {
    await countingInline(async (inline) => {
      const r = rig('phom', ['human', 'ai', 'human', 'human'], { seed: 'ai-died' });
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      const before = r.version();
      const res = await actAsync(r.ts, move(r), r.clock.t, pool.port);
      assert.equal(res.outcome.ok, true, 'the table moved on');
      assert.equal(inline(), 0, 'engine.ai ran on the main thread after its worker died');
      assert.ok(
        res.warnings.some((w) =>
          /^AI failed for seat 1 \(phom, normal\): the AI worker died \(worker exited with code: 1\); taking the timeout default$/.test(w),
        ),
        JSON.stringify(res.warnings),
      );
      assert.ok(!res.warnings.some((w) => w.startsWith('AI worker pool failed')), 'not a pool failure');
      const played = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before + 1);
      assert.ok(played.length > 0 && played.every((e) => e.seat === 1 && e.source === 'ai'), 'the AI seat played its timeout defaults');
    });
  } finally {
    await pool.close();
  }
});

test('a worker out of memory (its heap limit) answers a failure: the process lives on', async () => {
  const pool = createAiPool(1, { filename: support('oom-ai-worker.mjs'), heapMb: 128, timeoutMs: 60_000, onWorkerError: () => undefined });
  try {
    const a = await pool.port(phomAsk());
    assert.equal(a.ok, false);
    assert.ok(!a.ok && a.unanswered === true, JSON.stringify(a));
    assert.match(!a.ok ? a.error : '', /^the AI worker died \(.*memory.*\)$/i);
  } finally {
    await pool.close();
  }
});

test('a pool that cannot run the request at all (a worker that cannot load, a state it cannot copy) still rejects it: actAsync decides it inline', async () => {
  // (actAsync's inline decision on a rejection: table-ai-failure.test.ts.)
  const broken = createAiPool(1, { filename: support('load-throw-worker.mjs'), onWorkerError: () => undefined });
  const real = createAiPool(1);
  try {
    await assert.rejects(broken.port(phomAsk()), /a worker that cannot load \(test\)/);
    const ask = phomAsk();
    await assert.rejects(real.port({ ...ask, state: { ...(ask.state as object), f: () => 0 } }), (e: Error) => e.name === 'DataCloneError');
  } finally {
    await broken.close();
    await real.close();
  }
});
