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
 * A request first waits for a free worker (at most `queueMs`), then runs (at most `timeoutMs`): past
 * either the answer is an `unanswered` failure, so a hung AI cannot hold its game's lock (nor the
 * timer scheduler, which fires timers one at a time) for ever; the table then plays the decision's
 * timeout default, and asks nothing more of the pool in that step (act.ts `actAsync`). Only a worker
 * running past `timeoutMs` is stopped: the two are timed apart because a request queued behind a hung
 * one used to spend its whole time waiting (another table's healthy decision failed, and a worker
 * that had just taken it was stopped for the time the request had waited).
 *
 * A worker that dies on a request (it exits, or runs out of memory: `resourceLimits`) answers a
 * failure too: made again on the main thread, the same state would take the bot down with it. The
 * pool rejects only when it could not run the request at all (closed, a state it cannot copy, a
 * worker that cannot load): `actAsync` then decides on the main thread. Closed, it stays closed
 * (Piscina starts a fresh worker for a task given after `destroy`).
 *
 * Under tsx the worker is `ai-worker.ts` (workers inherit `--import tsx`, added when missing);
 * compiled, `ai-worker.js`. `atomics: 'disabled'` lets the workers' event loops turn between tasks
 * (see src/render/pool.ts for why that matters for memory).
 */
import { Piscina } from 'piscina';
import { workerThread } from '../ops/worker-args.js';
import { availableParallelism } from 'node:os';
import type { AiAnswer, AiAsk, AiPort } from './act.js';

/** The default time an AI request may run in a worker (`AI_TIMEOUT_MS`); it may wait as long again for one. */
export const AI_TIMEOUT_MS = 5_000;

/**
 * An AI worker's heap (MB): the engines' memo tables stay well under it (README "Memory over
 * months"); an AI that runs away is stopped with ERR_WORKER_OUT_OF_MEMORY, not the whole bot.
 */
export const AI_WORKER_HEAP_MB = 512;

/** Why the pool rejects a request it was given after `close` (actAsync then decides inline). */
export const AI_POOL_CLOSED = 'the AI pool is closed';

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
  /** How long one request may run before its worker is stopped (default `AI_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** How long one request may wait for a free worker (default twice `timeoutMs`: one hung request ahead of it, and a worker's start). */
  queueMs?: number;
  /** A worker's heap limit in MB (default `AI_WORKER_HEAP_MB`). */
  heapMb?: number;
  /** The worker module (default ai-worker.ts/.js; tests give one that hangs). */
  filename?: string;
  /**
   * A worker failed outside a request (one started to replace an idle one that cannot load its
   * module, an uncaught exception between requests): Piscina replaces it. Default: a process warning.
   */
  onWorkerError?: (e: unknown) => void;
}

/** Whether a rejected task's worker died running it (exited, or out of memory), rather than never ran it. */
export function workerDied(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  return err?.code === 'ERR_WORKER_OUT_OF_MEMORY' || /^worker exited with code/.test(String(err?.message ?? ''));
}

export function createAiPool(threads: number, o: AiPoolOptions = {}): AiPool {
  const { filename: own, ...args } = workerThread(import.meta.url, 'ai-worker');
  const filename = o.filename ?? own;
  const timeoutMs = o.timeoutMs ?? AI_TIMEOUT_MS;
  const queueMs = o.queueMs ?? 2 * timeoutMs;
  const slots = Math.max(1, threads);
  const pool = new Piscina({
    filename,
    ...args,
    // One worker always ready: a worker's start (~300 ms) is not paid by the first AI decision after a quiet minute.
    minThreads: 1,
    maxThreads: slots,
    idleTimeout: 60_000,
    atomics: 'disabled',
    resourceLimits: { maxOldGenerationSizeMb: o.heapMb ?? AI_WORKER_HEAP_MB },
  });
  // Piscina emits such a failure as an 'error' event, which throws with nobody listening: the bot died
  // of one idle worker.
  pool.on('error', o.onWorkerError ?? ((e: unknown) => process.emitWarning(`an AI worker failed outside a request: ${String(e)}`)));

  // The requests given to Piscina are at most one per worker, so each of them runs (or waits only for
  // a worker's start): its time limit is its own, and stopping it stops the worker it hangs.
  let running = 0;
  const waiting: { go(run: boolean): void }[] = [];
  let closed: Promise<void> | null = null;
  /** A free worker's turn (true), or false: none came free within `queueMs`, or the pool closed. */
  const turn = (): Promise<boolean> => {
    if (running < slots) {
      running++;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const w = {
        go: (run: boolean) => {
          clearTimeout(timer);
          resolve(run);
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(w), 1);
        resolve(false);
      }, queueMs);
      waiting.push(w);
    });
  };
  /** A request is done with its worker: the next one waiting takes it. */
  const done = () => {
    const next = waiting.shift();
    if (next) next.go(true);
    else running--;
  };
  return {
    port: async (ask: AiAsk): Promise<AiAnswer> => {
      if (closed) throw new Error(AI_POOL_CLOSED);
      if (!(await turn())) {
        if (closed) throw new Error(AI_POOL_CLOSED);
        return { ok: false, error: `no AI worker free within ${queueMs} ms`, unanswered: true };
      }
      // Closed while it waited (a worker given to Piscina after its destroy would start a fresh one).
      if (closed) {
        done();
        throw new Error(AI_POOL_CLOSED);
      }
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
        if (signal.aborted) return { ok: false, error: `no answer within ${timeoutMs} ms`, unanswered: true };
        // Its worker died on it: the same state would do the same to the main thread.
        if (workerDied(e) && !closed) return { ok: false, error: `the AI worker died (${errorText(e)})`, unanswered: true };
        throw e;
      } finally {
        done();
      }
    },
    workers: () => pool.threads.length,
    close: () => {
      if (!closed) {
        // The requests still waiting for a worker are not run (actAsync decides them inline, as for a closed pool).
        for (const w of waiting.splice(0)) w.go(false);
        closed = pool.destroy();
      }
      return closed;
    },
  };
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));
