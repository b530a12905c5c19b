/**
 * The AI off the main thread (issues #16, #17 §4): a piscina pool whose workers run `engine.ai`.
 * A `strong` decision takes a few ms of CPU (p99 1.5–10 ms by game, the worst seen ~30 ms); on the
 * event loop that would hold up every other table's clicks. `actAsync` (act.ts) sends each AI request
 * here: the state (plain data, as every engine keeps it) is copied to a worker, which answers with
 * the action (and for a hint its reason, engine.explain: a few ms too). Deterministic: the same
 * state, seat and level give the same choice in a worker as inline (both run ai-answer.ts).
 *
 * Size: `AI_WORKERS`, else `defaultAiThreads()` (one per core but one, for the main thread; at least
 * 1), whatever the render pool's size. One worker is kept even when idle: starting one costs
 * ~300 ms, which the first AI decision after a quiet minute would otherwise wait for.
 *
 * Each request has `timeoutMs` (waiting for a worker included): past it the worker is stopped and
 * the answer is a failure, so a hung AI cannot hold its game's lock (nor the timer scheduler, which
 * fires timers one at a time) for ever; the table then plays the decision's timeout default.
 *
 * Under tsx the worker is `ai-worker.ts` (workers inherit `--import tsx`, added when missing);
 * compiled, `ai-worker.js`. `atomics: 'disabled'` lets the workers' event loops turn between tasks
 * (see src/render/pool.ts for why that matters for memory).
 */
import { Piscina } from 'piscina';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import type { AiAnswer, AiAsk, AiPort } from './act.js';

/** The default time an AI request may take, from submission to answer (`AI_TIMEOUT_MS`). */
export const AI_TIMEOUT_MS = 5_000;

/** The AI pool's size when `AI_WORKERS` is unset: one worker per core but one (the main thread's), at least 1. */
export function defaultAiThreads(cores = availableParallelism()): number {
  return Math.max(1, cores - 1);
}

export interface AiPool {
  port: AiPort;
  /** Worker threads running now (one even when idle). */
  workers(): number;
  close(): Promise<void>;
}

export interface AiPoolOptions {
  /** How long one request may take before its worker is stopped (default `AI_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** The worker module (default ai-worker.ts/.js; tests give one that hangs). */
  filename?: string;
  /**
   * A worker failed outside a request (one started to replace an idle one that cannot load its
   * module, an uncaught exception between requests): Piscina replaces it. Default: a process warning.
   */
  onWorkerError?: (e: unknown) => void;
}

export function createAiPool(threads: number, o: AiPoolOptions = {}): AiPool {
  const isTs = import.meta.url.endsWith('.ts');
  const filename = o.filename ?? fileURLToPath(new URL(isTs ? './ai-worker.ts' : './ai-worker.js', import.meta.url));
  const execArgv = [...process.execArgv];
  if (isTs && !execArgv.some((a) => /(^|[/\\=])tsx([/\\]|$)/.test(a))) execArgv.push('--import', 'tsx');
  const timeoutMs = o.timeoutMs ?? AI_TIMEOUT_MS;
  const pool = new Piscina({
    filename,
    execArgv,
    // One worker always ready: a worker's start (~300 ms) is not paid by the first AI decision after a quiet minute.
    minThreads: 1,
    maxThreads: Math.max(1, threads),
    idleTimeout: 60_000,
    atomics: 'disabled',
  });
  // Piscina emits such a failure as an 'error' event, which throws with nobody listening: the bot died
  // of one idle worker.
  pool.on('error', o.onWorkerError ?? ((e: unknown) => process.emitWarning(`an AI worker failed outside a request: ${String(e)}`)));
  return {
    port: async (ask: AiAsk): Promise<AiAnswer> => {
      const signal = AbortSignal.timeout(timeoutMs);
      try {
        const task = {
          game: ask.game,
          state: ask.state,
          seat: ask.seat,
          level: ask.level,
          ...(ask.explain ? { explain: true } : {}),
          ...(ask.chosen ? { chosen: ask.chosen } : {}),
        };
        return (await pool.run(task, { signal })) as AiAnswer;
      } catch (e) {
        // Out of time: a failure, not a port error (deciding again on the main thread could hang it).
        if (signal.aborted) return { ok: false, error: `no answer within ${timeoutMs} ms` };
        throw e;
      }
    },
    workers: () => pool.threads.length,
    close: () => pool.destroy(),
  };
}
