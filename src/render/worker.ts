/**
 * Piscina worker: renders one image per task. Loaded as `worker.ts` under tsx (the pool passes
 * `--import tsx` to the worker when it is not inherited) or as `worker.js` when compiled.
 */
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';
import { move, workerData } from 'piscina';
import { fontsRegisteredByMain } from './fonts.js';
import { useTextLock } from './text-lock.js';
import { renderKind } from './index.js';
import { setDeflateLevel, DEFLATE_LEVEL, DEFLATE_LEVEL_BUSY, DEFLATE_LEVEL_DEEP, DEFLATE_LEVEL_DEEPER } from './draw.js';
import { takeDropped, MB } from './lru.js';
import { GIVEN_UP } from './watch.js';
import type { RenderKind, RenderRequestMap } from './model.js';

/** What the pool tells its workers (pool.ts `newPiscina`). */
export interface RenderWorkerData {
  /** The main thread registered the fonts before starting this worker (fonts.ts `registerFonts`, THREADS). */
  fontsRegistered: true;
  /** The process's text lock (text-lock.ts, THREADS): shared memory, the same in every thread. */
  textLock: Int32Array;
}

// (Loaded on the main thread, by a test, `render` draws there and registers the fonts as it would.)
if (!isMainThread) {
  if ((workerData as Partial<RenderWorkerData> | undefined)?.fontsRegistered !== true)
    throw new Error('render worker started without the main thread registering the fonts first (pool.ts newPiscina)');
  fontsRegisteredByMain();
  const { textLock } = workerData as RenderWorkerData;
  if (!(textLock instanceof Int32Array) || !(textLock.buffer instanceof SharedArrayBuffer))
    throw new Error('render worker started without the process text lock (pool.ts newPiscina)');
  useTextLock(textLock);
}

// Lower this thread's scheduling priority (Linux: a thread is a task with its own id), so on a
// busy 2-core host the bot's main thread always wins the CPU and its event loop stays responsive.
try {
  const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(tid) && tid > 0) setPriority(tid, 10);
} catch {
  // not Linux, or not permitted: run at normal priority
}

/**
 * MEMORY: node-canvas surfaces live outside V8's heap; V8 counts them only as external memory and
 * lets ~64 MB of dropped ones accumulate per worker before a full GC, after which their N-API
 * finalizers free them on the next loop turn (the pool's `atomics: 'disabled'` lets that loop
 * turn). Surfaces, sprites and text bitmaps dropped from the caches are counted (`takeDropped`),
 * and we run a full GC ourselves once `GC_AFTER` bytes of them are garbage (a few ms off the main
 * thread). The encoder's pixel copy is freed at once (release.ts) and the PNGs are small plain
 * ArrayBuffers, which V8 frees in its young-generation collections: counting them too (until
 * 2026-12-02) forced a full GC every ~16 images, ~2 a second per worker under load.
 */
const GC_AFTER = 32 * MB;
let gc: (() => void) | null = null;
try {
  setFlagsFromString('--expose-gc');
  gc = runInNewContext('gc') as () => void;
} catch {
  gc = null;
}
let droppedSinceGc = 0;

export interface RenderTask<K extends RenderKind = RenderKind> {
  kind: K;
  model: RenderRequestMap[K];
  /**
   * Other images were waiting when this one was submitted: encode faster (draw.ts
   * `DEFLATE_LEVEL_BUSY`); `'deep'`: many were (`DEFLATE_LEVEL_DEEP`).
   */
  busy?: boolean | 'deep' | 'deeper';
  /**
   * @deprecated Not read. Once the wall-clock time (ms since the epoch) the caller would give up at;
   * a worker refused a task past it. But the wall clock steps (NTP, a resumed VM): a step forward
   * of more than the timeout failed every image queued at once, though the pool's give-up runs on a
   * monotonic timer. The `drawing` handshake alone decides now (a task its caller gave up on while
   * it waited is skipped). Kept only so that an older caller still type-checks.
   */
  deadline?: number;
  /** The pool's stop flag (pool.ts `closeGently`): set, a task still queued is not drawn. */
  stop?: Int32Array;
  /**
   * Set from 0 to 1 by the worker as it starts drawing the task, or from 0 to `GIVEN_UP` by the pool
   * when its caller gives up first or the pool closes first (then the worker skips it): pool.ts tells
   * a task being drawn (given up on: a hung one, reported; closing the pool waits for it) from one
   * no worker started (skipped).
   */
  drawing?: Int32Array;
  /** TEST ONLY (pool.ts `setRenderTestHold`): the worker blocks, as in a hung canvas call, until `hold[0]` is set. */
  hold?: Int32Array;
}

/** The deflate level for a task's `busy` mark (pool.ts sets it from the queue's depth). */
const LEVEL = { idle: DEFLATE_LEVEL, busy: DEFLATE_LEVEL_BUSY, deep: DEFLATE_LEVEL_DEEP, deeper: DEFLATE_LEVEL_DEEPER } as const;

export default function render(task: RenderTask): Uint8Array {
  if (task.stop && Atomics.load(task.stop, 0) === 1) throw new Error('render aborted: the render pool is closing');
  // The handshake with the caller's timer (pool.ts `run`, a monotonic timer): 0 → 1 here (drawn), or
  // 0 → 2 there (given up on while queued: skipped), whichever comes first; the clocks of the two
  // threads never decide (no `Date.now()` here: a step of the wall clock would fail queued images).
  if (task.drawing && Atomics.compareExchange(task.drawing, 0, 0, 1) === GIVEN_UP)
    throw new Error('render aborted: its time was up before a worker was free');
  if (task.hold) while (Atomics.load(task.hold, 0) === 0) Atomics.wait(task.hold, 0, 0);
  setDeflateLevel(LEVEL[task.busy === true ? 'busy' : task.busy || 'idle']);
  const buf = renderKind(task.kind, task.model);
  droppedSinceGc += takeDropped();
  if (gc && droppedSinceGc >= GC_AFTER) {
    droppedSinceGc = 0;
    gc();
  }
  // Copy into a plain ArrayBuffer we own, then transfer it (no second copy across threads).
  const ab = new ArrayBuffer(buf.byteLength);
  const out = new Uint8Array(ab);
  out.set(buf);
  return move(out) as Uint8Array;
}
