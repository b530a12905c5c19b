/**
 * AI decisions off the main thread (src/table/ai-pool.ts, issues #16 and #17 §4): `actAsync` asks
 * the worker pool for every AI choice and never calls an engine's `ai` on the main thread; the
 * table it leaves is exactly what `act` (inline) leaves. An AI that throws in a worker, or does not
 * answer in time, answers a failure: the table plays the timeout default (act.ts `Step.decide`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Worker } from 'node:worker_threads';
import { act, actAsync, type AiAsk } from '../../src/table/act.js';
import { createAiPool, defaultAiThreads } from '../../src/table/ai-pool.js';
import { availableParallelism } from 'node:os';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { rig } from '../support/table-rig.js';
import type { GameId } from '../../src/games/core/types.js';

const games: GameId[] = ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'];

test('actAsync through the AI pool: the same log as act, and no engine.ai call on the main thread', async () => {
  const pool = createAiPool(1);
  try {
    for (const game of games) {
      const seats = game === 'chan' ? (['human', 'ai', 'ai', 'ai', 'ai'] as const) : (['human', 'ai', 'ai', 'ai'] as const);
      const inline = rig(game, [...seats], { timeoutPolicy: 'ai', seed: `pool-${game}` });
      const pooled = rig(game, [...seats], { timeoutPolicy: 'ai', seed: `pool-${game}` });
      for (const r of [inline, pooled]) r.store.db.prepare("UPDATE game_seats SET ai_level = 'strong' WHERE is_ai = 1").run();
      const engine = engineOf(game);
      const ai = engine.ai;
      const asked: AiAsk[] = [];
      // Start, then let the person time out twice (the takeover AI plays too).
      const steps = [
        { kind: 'start', gameId: '', userId: 'u0' },
        { kind: 'timeout', gameId: '', seat: 0, timerKind: 'turn' },
      ] as const;
      for (const cmd of steps) {
        const timer = (r: typeof inline) => r.store.timers.forGame(r.gameId)[0];
        const mk = (r: typeof inline) =>
          cmd.kind === 'start'
            ? { ...cmd, gameId: r.gameId }
            : { kind: 'timeout' as const, gameId: r.gameId, seat: timer(r)?.seat ?? 0, timerKind: timer(r)?.kind ?? ('turn' as const) };
        const a = act(inline.ts, mk(inline), inline.clock.t);
        engine.ai = () => {
          throw new Error('engine.ai ran on the main thread');
        };
        let b;
        try {
          b = await actAsync(pooled.ts, mk(pooled), pooled.clock.t, async (ask) => {
            asked.push(ask);
            return pool.port(ask);
          });
        } finally {
          engine.ai = ai;
        }
        assert.equal(b.outcome.ok, a.outcome.ok, `${game} ${cmd.kind}`);
      }
      const log = (r: typeof inline) => r.store.games.logWithMeta(r.gameId).map((e) => [e.seat, e.action, e.source]);
      assert.deepEqual(log(pooled), log(inline), `${game}: same moves`);
      assert.ok(asked.length > 0, `${game}: the AI was asked through the pool`);
    }
  } finally {
    await pool.close();
  }
});

test('an AI that throws in a worker answers a failure (the pool does not reject: the AI is not asked again inline)', async () => {
  const pool = createAiPool(1);
  try {
    const engine = engineOf('phom');
    const answer = await pool.port({ engine, game: 'phom', state: { bogus: true }, seat: 0, level: 'strong' });
    assert.equal(answer.ok, false);
    assert.ok(!answer.ok && answer.error.length > 0);
  } finally {
    await pool.close();
  }
});

test('a worker that does not answer in time is stopped: the step plays the timeout default, not the AI on the main thread', async () => {
  const hanging = fileURLToPath(new URL('../support/hanging-ai-worker.ts', import.meta.url));
  const pool = createAiPool(1, { timeoutMs: 150, filename: hanging });
  const engine = engineOf('phom');
  const ai = engine.ai;
  let inline = 0;
  engine.ai = (...a: Parameters<typeof ai>) => {
    inline++;
    return ai(...a);
  };
  try {
    const r = rig('phom', ['human', 'ai', 'human', 'human'], { seed: 'pool-hang' });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    inline = 0;
    const d = r.pending().find((x) => x.seat === 0);
    assert.ok(d, 'seat 0 plays first');
    const before = r.store.games.get(r.gameId)!.version;
    const t0 = performance.now();
    const res = await actAsync(r.ts, { kind: 'move', gameId: r.gameId, seat: 0, action: d.options[0]!, ver: null }, r.clock.t, pool.port);
    assert.equal(res.outcome.ok, true);
    assert.ok(performance.now() - t0 < 5_000, 'answered within a few timeouts');
    assert.equal(inline, 0, 'no AI on the main thread');
    assert.ok(
      res.warnings.some((w) => /^AI failed for seat 1 \(phom, normal\): no answer within 150 ms; taking the timeout default$/.test(w)),
      JSON.stringify(res.warnings),
    );
    const played = r.store.games.logWithMeta(r.gameId).filter((e) => e.seq > before + 1);
    assert.ok(played.length > 0 && played.every((e) => e.seat === 1 && e.source === 'ai'), 'the AI seat played (its timeout defaults)');
  } finally {
    engine.ai = ai;
    await pool.close();
  }
});

test('pool size: one worker per core but one (at least 1) when AI_WORKERS is unset, whatever HQ_RENDER_THREADS says', () => {
  assert.deepEqual(
    [1, 2, 4, 8].map((cores) => defaultAiThreads(cores)),
    [1, 1, 3, 7],
  );
  const before = process.env.HQ_RENDER_THREADS;
  process.env.HQ_RENDER_THREADS = '13';
  try {
    assert.equal(defaultAiThreads(), Math.max(1, availableParallelism() - 1), 'the render setting does not size the AI pool');
  } finally {
    if (before === undefined) delete process.env.HQ_RENDER_THREADS;
    else process.env.HQ_RENDER_THREADS = before;
  }
});

test('one worker is started with the pool and kept (the first decision does not wait for a worker to start)', async (t) => {
  // Threads as they start and stop (process 'worker': every Worker this process creates).
  const started: number[] = [];
  const exited: number[] = [];
  const onWorker = (w: Worker) => {
    const id = w.threadId; // -1 once the thread has exited
    started.push(id);
    w.once('exit', () => exited.push(id));
  };
  process.on('worker', onWorker);
  // The pool's idle timeout (piscina `idleTimeout`, 60 s) runs on setTimeout: mocked, it passes at once.
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const pool = createAiPool(2);
  const engine = engineOf('phom');
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok);
  const state = engine.setup(resolved.value, 4, 'kept', null);
  const d = engine.pending(state)[0]!;
  /** One decision, then an idle minute and more: the pool back to its one kept worker. */
  const decideThenIdle = async () => {
    const answer = await pool.port({ engine, game: 'phom', state, seat: d.seat, level: 'normal' });
    assert.ok(answer.ok, JSON.stringify(answer));
    assert.ok(
      d.options.some((o: unknown) => JSON.stringify(o) === JSON.stringify(answer.action)),
      'a legal action',
    );
    t.mock.timers.tick(120_000);
    await sleep(300);
    assert.equal(pool.workers(), 1, 'one worker after an idle wait');
  };
  try {
    assert.equal(pool.workers(), 1, 'a worker before any request');
    await new Promise((r) => setImmediate(r)); // process 'worker' is emitted on the next tick
    assert.ok(started.length >= 1, 'its thread started with the pool');
    // A first decision asked while that thread still starts (a loaded machine) may make piscina
    // start a second for it, which the idle timeout then stops: what stays after it is the steady
    // state, one worker, which the next decisions and idle waits keep, never stopped or replaced.
    await decideThenIdle();
    const steady = { started: [...started], exited: [...exited] };
    await decideThenIdle();
    await decideThenIdle();
    assert.deepEqual({ started, exited }, steady, 'the same thread answered and stays');
  } finally {
    t.mock.timers.reset();
    process.off('worker', onWorker);
    await pool.close();
  }
});
