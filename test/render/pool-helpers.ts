/**
 * Helpers of the render pool tests: hung renders (pool.ts `setRenderTestHold`), warm workers, polling.
 *
 * TIMING: CI runs two test files at once on 2 cores, and the render workers run at nice 10 (worker.ts):
 * on a loaded machine a worker takes seconds to start, up to ~3 s for its first image of a kind and
 * up to ~1.6 s for one it has drawn before (measured with 4 busy loops, 2026-12-06), and ~0.2 s to
 * take up a task. So a test never relies on an image being drawn or taken up within a short
 * timeout: it waits for the state it wants (`blockUntilStarted`, `waitFor`, `untilIdle`), each wait
 * bounded by `PATIENCE_MS` (returned as soon as the condition holds: it only costs time on a failure).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import {
  createRenderPool,
  setRenderLog,
  setRenderTestHold,
  stuckRenders,
  type PoolOptions,
  type RenderLog,
  type RenderPool,
} from '../../src/render/pool.js';
import type { RenderRequestMap } from '../../src/render/model.js';
import type { RenderTask } from '../../src/render/worker.js';
import { sampleModels } from './samples.js';

/** How long a test waits for a state a loaded machine only delays. */
export const PATIENCE_MS = 120_000;

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
export async function waitFor(ok: () => boolean, ms = PATIENCE_MS): Promise<boolean> {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) return false;
    await sleep(20);
  }
  return true;
}

/**
 * Blocks this thread until a worker has started `task` (worker.ts sets its `drawing` flag from 0 to
 * 1), at most `ms`. The pool's timers run on this thread, so none can give the task up meanwhile: a
 * render given up on after this returns was given up on while being drawn, however slowly a loaded
 * machine wakes its worker (the handshake, not the clocks, decides: pool.ts `run`). Call it in the
 * same turn as the render, and only for a task handed to an idle worker as it was submitted (Piscina
 * posts it to the worker at once then): a queued task is dispatched by this very thread.
 */
export function blockUntilStarted(task: Readonly<RenderTask> | undefined, ms = 30_000): void {
  const flag = task?.drawing;
  if (!flag) throw new Error('no task with a drawing flag to wait for (pool.ts run)');
  const until = Date.now() + ms;
  while (Atomics.load(flag, 0) === 0) {
    if (Date.now() > until) throw new Error(`no worker started the image within ${ms} ms (was one idle?)`);
    Atomics.wait(flag, 0, 0, 1);
  }
  if (Atomics.load(flag, 0) !== 1) throw new Error('the image was given up on before a worker started it');
}

type Titled = 'hand' | 'table' | 'result';
/** An image a test draws, warmed up beforehand (`warmUp`). */
export type WarmImage = { [K in Titled]: { kind: K; model: RenderRequestMap[K] } }[Titled];

/** Another view (its title) of the same image: the same sprites and glyphs, another cache key. */
function variant<K extends Titled>(p: RenderPool, kind: K, model: RenderRequestMap[K], tag: string): Promise<Buffer> {
  return p.render(kind, { ...model, title: `${model.title} (${tag})` });
}

const RESULTS: readonly WarmImage[] = (['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const).map((g) => ({
  kind: 'result',
  model: sampleModels(g, 'en').result,
}));

/** The current test hook (`hold`): the helpers that set one of their own put it back. */
let testHook: Parameters<typeof setRenderTestHold>[0] = null;

/** `setRenderTestHold(h)`, remembered so that `untilIdle` can put it back. */
export function hold(h: Parameters<typeof setRenderTestHold>[0]): void {
  testHook = h;
  setRenderTestHold(h);
}

/**
 * Renders `n` images of the helpers' own at once (`render(i)`: the test's hook does not see them);
 * resolves, once each is settled, to their tasks and whether every one was drawn (started by a
 * worker, not skipped for its time, whether it arrived in time or not).
 */
async function round(n: number, render: (i: number) => Promise<Buffer>): Promise<{ tasks: RenderTask[]; drawn: boolean }> {
  const tasks: RenderTask[] = [];
  setRenderTestHold((task) => void tasks.push(task));
  try {
    await Promise.allSettled(Array.from({ length: n }, (_, i) => render(i)));
  } finally {
    setRenderTestHold(testHook);
  }
  // Read before the next render: a task's flag is reused once its worker is done with it (pool.ts run).
  return { tasks, drawn: tasks.length === n && tasks.every((t) => Atomics.load(t.drawing!, 0) === 1) };
}

/**
 * Starts `threads` workers of `p` and has them draw a variant (another title) of each of `images`,
 * so that the test's own images find their sprites and glyphs in the workers' caches (a cold worker
 * loads tsx and its modules: seconds on a loaded machine, past a short test timeout). In rounds of one
 * variant per worker at once, until a round in which every variant was drawn (one given up on while
 * drawn still warms its worker) with all the workers up; then `untilIdle`.
 */
export async function warmUp(p: RenderPool, threads: number, images: readonly WarmImage[] = RESULTS): Promise<void> {
  const until = Date.now() + PATIENCE_MS;
  for (let k = 0; ; k++) {
    const up = p.threadIds().length >= threads;
    let all = true;
    for (const w of images) {
      // (each round to workers done with the last: one drawn past a timeout shorter than a loaded draw holds its worker)
      await waitFor(() => stuckRenders() === 0);
      all = (await round(threads, (i) => variant(p, w.kind, w.model, `warm-up ${k}.${i}`))).drawn && all;
    }
    if (up && all) break;
    if (Date.now() > until) throw new Error(`the pool did not warm up (${p.threadIds().length} of ${threads} workers)`);
  }
  await untilIdle(p, threads);
}

/**
 * Waits until `p` (of `threads` workers) has no task left, neither queued nor being drawn: no render
 * counted as stuck, none to log at twice its time, and the next image handed to an idle worker as it
 * is submitted (`blockUntilStarted`). Piscina does not keep its queue in order (a task it could not
 * hand out goes to its tail), so the queue's depth tells: rounds of one probe image per worker at
 * once, until one whose last probe had no other task ahead of it (pool.ts `run`: `busy` is unset
 * while fewer tasks than workers are ahead) and whose probes were all drawn, then until none is
 * counted as stuck. The test's hook (`hold`) does not see the probes.
 */
export async function untilIdle(p: RenderPool, threads: number): Promise<void> {
  const until = Date.now() + PATIENCE_MS;
  const probe = sampleModels('phom', 'en').result;
  for (let k = 0; ; k++) {
    // (one still drawn after its caller gave up is counted out of the tasks ahead: none must be left)
    if (!(await waitFor(() => stuckRenders() === 0))) throw new Error(`${stuckRenders()} renders still stuck`);
    const r = await round(threads, (i) => variant(p, 'result', probe, `probe ${k}.${i}`));
    if (r.drawn && !r.tasks.at(-1)!.busy && (await waitFor(() => stuckRenders() === 0))) return;
    if (Date.now() > until) throw new Error('the pool did not become idle');
  }
}

/**
 * A pool of `o.threads` workers, warmed up on `o.warm` (default: results), its warnings to `log`
 * (from the end of the warm-up: the warm-up's own renders past a short timeout are no concern of the
 * test), and a gate for `setRenderTestHold`: `body` runs with them; then the gate is opened, the hook
 * (`hold`) and the logger reset and the pool closed.
 */
export async function withHeldPool(
  o: PoolOptions & { threads: number; warm?: readonly WarmImage[] },
  log: RenderLog,
  body: (p: RenderPool, g: Int32Array) => Promise<void>,
): Promise<void> {
  const { warm, ...options } = o;
  const p = createRenderPool(options);
  const g = gate();
  setRenderLog({ warn: () => undefined });
  try {
    await warmUp(p, o.threads, warm);
    setRenderLog(log);
    await body(p, g);
  } finally {
    open(g);
    hold(null);
    setRenderLog(null);
    await p.close();
  }
}
