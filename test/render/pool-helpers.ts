/** Helpers of the render pool tests: hung renders (pool.ts `setRenderTestHold`), warm workers, polling. */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createRenderPool,
  setRenderLog,
  setRenderTestHold,
  type PoolOptions,
  type RenderLog,
  type RenderPool,
} from '../../src/render/pool.js';
import { sampleModels } from './samples.js';

/** A gate for `setRenderTestHold`: a worker holding it blocks until `open(gate)`. */
export function gate(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Lets every worker blocked on `g` go on. */
export function open(g: Int32Array): void {
  Atomics.store(g, 0, 1);
  Atomics.notify(g, 0);
}

/** Waits until `ok()` (polled every 20 ms), at most `ms`; returns whether it came true. */
export async function waitFor(ok: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Starts `threads` workers of `p` and lets each draw an image (a cold worker loads tsx and its modules:
 * seconds on a loaded machine, past a short test timeout, so its first images may be given up on).
 */
export async function warmUp(p: RenderPool, threads: number): Promise<void> {
  const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
  for (let k = 0; k < 30; k++) {
    const jobs = Array.from({ length: threads * 2 }, (_, i) =>
      p.render('result', { ...sampleModels(games[i % 4]!, 'en').result, title: `warm ${k} ${i}` }),
    );
    const settled = await Promise.allSettled(jobs);
    if (settled.every((r) => r.status === 'fulfilled') && p.threadIds().length >= threads) return;
  }
  throw new Error(`the pool did not warm up (${p.threadIds().length} of ${threads} workers)`);
}

/**
 * A pool of `o.threads` workers, warmed up, its warnings to `log`, and a gate for `setRenderTestHold`:
 * `body` runs with them; then the gate is opened, the hook and the logger reset and the pool closed.
 */
export async function withHeldPool(
  o: PoolOptions & { threads: number },
  log: RenderLog,
  body: (p: RenderPool, g: Int32Array) => Promise<void>,
): Promise<void> {
  const p = createRenderPool(o);
  const g = gate();
  setRenderLog(log);
  try {
    await warmUp(p, o.threads);
    await body(p, g);
  } finally {
    open(g);
    setRenderTestHold(null);
    setRenderLog(null);
    await p.close();
  }
}
