/**
 * Rendering off the main thread: a small piscina pool of worker threads, each with its own sprite
 * cache (the fonts are the process's, registered by the main thread: fonts.ts; text is laid out
 * and drawn by one thread at a time: text-lock.ts), so the bot's event loop never waits for canvas
 * work (a table image takes ~15–30 ms of CPU).
 *
 * Under tsx (`node --import tsx …`) the worker is `worker.ts`; workers inherit the parent's
 * options, and `--import tsx` is added if it is missing (ops/worker-args.ts). Compiled, it is `worker.js`.
 *
 * CAUTION: node-canvas segfaults at process exit when its native addon was loaded only by worker
 * threads (the addon is unloaded with the last worker, then its cleanup hooks run). Loading canvas
 * in the main thread too keeps it mapped; hence the `createCanvas` call below.
 */
import { Piscina } from 'piscina';
import { createCanvas } from 'canvas';
import { workerThread } from '../ops/worker-args.js';
import { availableParallelism } from 'node:os';
import type { RenderKind, RenderRequestMap } from './model.js';
import { renderKey } from './key.js';
import { ByteLru, MB } from './lru.js';
import type { RenderTask, RenderWorkerData } from './worker.js';
import { registerFonts } from './fonts.js';
import { textLock, textLockHolder } from './text-lock.js';
import { countStuck, GIVEN_UP, renderLog } from './watch.js';

export { setRenderLog, stuckRenders, type RenderLog } from './watch.js';

createCanvas(1, 1);

let pool: Piscina | null = null;
let shared: ReturnType<typeof cached> | null = null;

export interface PoolOptions {
  /**
   * Worker threads. Default: `HQ_RENDER_THREADS` from the environment if set, else as many as the
   * machine allows: `availableParallelism()`, at least 1 (2 on the 2-core host). The workers run
   * at a lower OS priority (worker.ts), so the bot's main thread still wins the CPU.
   */
  threads?: number;
  /** Alias of `threads`. */
  maxThreads?: number;
  /**
   * How a worker waits for its next task (default `'disabled'`, see `ATOMICS` below). Only the
   * memory regression test and the benchmark pass another value, to compare.
   */
  atomics?: 'sync' | 'async' | 'disabled';
  /**
   * Bytes of encoded PNGs kept by `renderKey` (default 32 MiB, ~1,000 images; 0 turns the cache
   * off). The same view is never drawn twice while its image is in the cache, and identical
   * requests in flight share one drawing.
   */
  cacheBytes?: number;
  /** How long an image may take, waiting for a worker included (default `RENDER_TIMEOUT_MS`). */
  timeoutMs?: number;
  /** TEST ONLY: the worker module (default worker.ts/.js). */
  workerFile?: string;
}

/**
 * MEMORY: Piscina's default `atomics: 'sync'` makes an idle worker block in `Atomics.wait` and take
 * the next task synchronously, so the worker's event loop never turns. Node runs N-API finalizers
 * (the ones that free node-canvas surfaces once the JS `Canvas` is collected) from the event loop,
 * so with `'sync'` every canvas a worker ever dropped stays allocated: issue #17 measured 13.3 GB
 * for 3,000 images. `'disabled'` hands tasks over by message, one event-loop turn per task, and the
 * finalizers run between tasks. (`'async'` also lets the loop turn, but measured no faster here:
 * see bench/render.ts.)
 */
const ATOMICS = 'disabled' as const;

/** The environment variable that sets the default number of render workers. */
export const THREADS_ENV = 'HQ_RENDER_THREADS';

/** The number of workers a pool gets with these options (see `PoolOptions.threads`). */
export function poolThreads(o: PoolOptions = {}, env: NodeJS.ProcessEnv = process.env): number {
  const explicit = o.threads ?? o.maxThreads;
  if (explicit !== undefined) return Math.max(1, Math.floor(explicit));
  const fromEnv = Number(env[THREADS_ENV]);
  if (env[THREADS_ENV] && Number.isInteger(fromEnv) && fromEnv > 0) return fromEnv;
  return Math.max(1, availableParallelism());
}

function newPiscina(o: PoolOptions): Piscina {
  const threads = poolThreads(o);
  const { filename, ...args } = workerThread(import.meta.url, 'worker');
  // Once per process, before the first worker: workers never register fonts (fonts.ts, THREADS).
  registerFonts();
  // One thread draws text at a time, the main thread included (text-lock.ts, THREADS).
  const workerData: RenderWorkerData = { fontsRegistered: true, textLock: textLock() };
  const p = new Piscina({
    filename: o.workerFile ?? filename,
    ...args,
    workerData,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    atomics: o.atomics ?? ATOMICS,
  });
  // Piscina emits 'error' for a worker that fails with no task of its own (one started to replace an
  // idle one that cannot load its module, an uncaught exception between images), and for a worker's
  // answer to a task it no longer knows (closing the pool skipped it: `close`). With nobody listening
  // an 'error' event throws: the bot died of one idle worker. Logged; Piscina replaces the worker.
  p.on('error', (e: unknown) => {
    if (closing.has(p) && String(e).includes('Unexpected message from Worker')) return;
    renderLog().warn({ err: e }, 'a render worker failed outside an image (the pool replaces it)');
  });
  return p;
}

/** Images waiting per worker from which the queue counts as deep (draw.ts `DEFLATE_LEVEL_DEEP`). */
export const DEEP_QUEUE_PER_THREAD = 3;
/** Images waiting per worker from which it counts as very deep (draw.ts `DEFLATE_LEVEL_DEEPER`). */
export const DEEPER_QUEUE_PER_THREAD = 8;

/** How long an image may take, waiting for a worker included (they take tens of milliseconds). */
export const RENDER_TIMEOUT_MS = 30_000;

/** A task submitted to a pool that its worker is not done with yet (`live`). */
interface LiveTask {
  /** Its `RenderTask.drawing` flag. */
  drawing: Int32Array;
  /** Closing the pool skips it before a worker started it (`closeGently`): its callers are told at once. */
  skip(e: Error): void;
}

/**
 * Tasks submitted to each pool that its workers are not done with yet (running or waiting for a
 * worker), by Piscina's promise of each: the queue's depth (`run`), and what closing the pool skips
 * or waits for (`closeGently`).
 */
const live = new WeakMap<Piscina, Map<Promise<unknown>, LiveTask>>();
/** Pools being closed, each with its closing (`closeGently`): they take no new task. */
const closing = new WeakMap<Piscina, Promise<void>>();
/**
 * Each pool's stop flag, shared with its workers (a SharedArrayBuffer travels in each task without
 * a copy): once set by `closeGently`, a worker skips every task still queued (worker.ts `stop`).
 */
const stops = new WeakMap<Piscina, Int32Array>();
const stopFlag = (p: Piscina): Int32Array => {
  let f = stops.get(p);
  if (!f) stops.set(p, (f = new Int32Array(new SharedArrayBuffer(4))));
  return f;
};

/** How long closing a pool (shutdown) waits for the images its workers are drawing. */
export const CLOSE_WAIT_MS = 3_000;

/**
 * Renders of each pool given up on by their caller while a worker was drawing them, not done yet
 * (hung, most likely; watch.ts): each holds a worker, so the queue's depth (`run`) counts them out of
 * both the tasks ahead and the workers.
 */
const hung = new WeakMap<Piscina, number>();

/** Spare `RenderTask.drawing` flags: one per task in flight, reused (no shared memory allocated per image). */
const spareFlags: Int32Array[] = [];

/** TEST ONLY: see `setRenderTestHold`. */
let testHold: ((task: Readonly<RenderTask>) => Int32Array | undefined) | null = null;

/**
 * TEST ONLY: `hold(task)` is asked for each task submitted; when it returns a gate (an Int32Array on a
 * SharedArrayBuffer, `[0] = 0`), the worker blocks once it starts drawing that task, as in a hung
 * canvas call, until the test sets `gate[0] = 1` and wakes it (`Atomics.notify(gate, 0)`). null (the
 * default): no hook.
 */
export function setRenderTestHold(hold: typeof testHold): void {
  testHold = hold;
}

/** Submits a task to `p`, known to `closeGently` (as `entry`: `task.drawing`) until its worker is done with it. */
function submit<T>(p: Piscina, task: RenderTask, entry: LiveTask): Promise<T> {
  if (closing.has(p)) return Promise.reject(renderAborted('the render pool is closed'));
  const hold = testHold?.(task);
  const job = p.run({ ...task, stop: stopFlag(p), ...(hold ? { hold } : {}) }) as Promise<T>;
  let tasks = live.get(p);
  if (!tasks) live.set(p, (tasks = new Map()));
  tasks.set(job, entry);
  const done = () => void tasks.delete(job);
  job.then(done, done);
  return job;
}

/**
 * Closes a pool without stopping a worker in the middle of an image, which would take the process
 * down (see `run`): Piscina's own `close` does not wait for every busy worker (5.3: with two or more
 * it stops one still drawing). New tasks are refused; every task no worker has started is given up
 * on at once (its `drawing` flag 0 → `GIVEN_UP`, the handshake of `run`: its worker, if one ever
 * takes it up, skips it) and its callers rejected, so a deep queue costs nothing here. Only the
 * images being drawn (flag 1) are waited for, up to `waitMs`; then the workers, none of them in a
 * canvas call, are stopped, and Piscina rejects the tasks still queued ('Terminating worker thread',
 * handled: their callers already have their answer). Workers still drawing after `waitMs` (a hung
 * image) are stopped once they are done, if ever; meanwhile a free worker skips what is queued.
 */
function closeGently(p: Piscina, waitMs = CLOSE_WAIT_MS): Promise<void> {
  let c = closing.get(p);
  // (Marked closed before anything else runs: no task is submitted once the sweep has begun.)
  if (!c) closing.set(p, (c = Promise.resolve().then(() => close(p, waitMs))));
  return c;
}

async function close(p: Piscina, waitMs: number): Promise<void> {
  // A task skipped below may be in a worker's hands already (posted, not yet skipped: no canvas
  // call). Stopped with its worker, it is rejected by Piscina; the worker's answer, if sent by then,
  // still arrives and Piscina emits it as an 'error' ("Unexpected message from Worker"), not logged
  // (`newPiscina`'s listener).
  Atomics.store(stopFlag(p), 0, 1); // a second guard: a worker skips any task once it is set (worker.ts)
  const drawn: Promise<unknown>[] = [];
  for (const [job, task] of live.get(p) ?? []) {
    // Whichever comes first, this or its worker's 0 → 1, wins: never both, never neither.
    const was = Atomics.compareExchange(task.drawing, 0, 0, GIVEN_UP);
    if (was === 0) task.skip(renderAborted('the render pool is closing'));
    else if (was === 1) drawn.push(job);
    // (GIVEN_UP already: its caller gave up on it while it waited, and has its answer.)
  }
  const all = Promise.allSettled(drawn);
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    all.then(() => true),
    new Promise<boolean>((r) => {
      timer = setTimeout(r, waitMs, false);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
  if (inTime) await p.destroy();
  else void all.then(() => p.destroy());
}

/** One image submitted (`run`). */
interface Submitted {
  /** The image, or an abort once `timeoutMs` are up: the caller's answer. */
  image: Promise<Buffer>;
  /**
   * The image whenever its worker is done with it (after the caller gave up too), or the task's
   * failure; rejected at once when closing the pool skips it (`closeGently`).
   */
  done: Promise<Buffer>;
}

/**
 * Submits one image. When every worker already has a task, this one would wait: it is marked
 * `busy` and encoded with the faster deflate level (draw.ts `DEFLATE_LEVEL_BUSY`; faster still
 * when `DEEP_QUEUE_PER_THREAD` or `DEEPER_QUEUE_PER_THREAD` images per worker are ahead of it), so under load
 * the queue drains sooner, at a few per cent more bytes. `onGiveUp(why)`: the caller gave up on it
 * while a worker was drawing it (`drawing`: it will be finished, `done`) or while it waited (`queued`:
 * it will be skipped; so does closing the pool, `closeGently`); `hung`: it is still drawn at twice its
 * time.
 */
function run<K extends RenderKind>(
  p: Piscina,
  kind: K,
  model: RenderRequestMap[K],
  timeoutMs = RENDER_TIMEOUT_MS,
  onGiveUp?: (why: 'queued' | 'drawing' | 'hung') => void,
): Submitted {
  // A render given up on while being drawn (`hung`) holds its worker: out of the count of those
  // ahead and of the workers alike (all hung: every new one waits, 'deeper').
  const held = hung.get(p) ?? 0;
  const ahead = (live.get(p)?.size ?? 0) - held;
  const threads = p.options.maxThreads - held;
  const busy = ahead >= threads * DEEPER_QUEUE_PER_THREAD ? 'deeper' : ahead >= threads * DEEP_QUEUE_PER_THREAD ? 'deep' : ahead >= threads;
  const drawing = spareFlags.pop() ?? new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(drawing, 0, 0);
  // No wall-clock deadline in the task: the timer below (monotonic) gives up on it, and a task still
  // waiting then is skipped by its worker through `drawing` (worker.ts).
  const task: RenderTask<K> = { kind, model, drawing, ...(busy ? { busy } : {}) };
  // The queue's depth (`live`) counts the task until its worker is done with it, not until the caller gives up.
  const job = submit<Uint8Array>(p, task, { drawing, skip: (e) => skip(e) });
  // A render that never returns (waiting for a worker included) is abandoned: the scheduler awaits
  // table edits one timer at a time, so one hung image would stop every later timer, reminder and
  // notice of the process. Abandoned, not stopped: a worker stopped (`terminate`) in the middle of a
  // canvas call takes the whole process down (node-canvas throws into the terminating thread: "FATAL
  // ERROR: Error::ThrowAsJavaScriptException napi_throw", exit 134; 300 renders stopped 1–40 ms in
  // ended so in 3 runs of 3, 2026-12-05; with the fonts registered once, 3 runs of 3 again, 2026-12-06,
  // each stopping workers 1–20 ms into a table image until one aborted, at the first to the fifth).
  // (The "double free" CI met on 2026-12-05 was plausibly not this but workers registering fonts
  // while another drew, fixed since: fonts.ts, THREADS.) So the task runs on (its image, late, still
  // goes to the cache: `cached`); one still waiting when its time is up is skipped by the worker
  // (the `drawing` handshake: this timer sets it to GIVEN_UP).
  //
  // A render given up on while being drawn is counted (`hung`, the `hoiquan_render_stuck_tasks` gauge:
  // watch.ts) until its worker is done with it; still drawn at twice its time, it is logged once. The
  // same timer does all three, re-armed once: nothing runs per image but this one timer.
  let skipped!: (e: Error) => void;
  const done = new Promise<Buffer>((resolve, reject) => {
    skipped = reject;
    job.then((out) => resolve(Buffer.from(out.buffer, out.byteOffset, out.byteLength)), reject);
  });
  done.catch(() => undefined); // abandoned: its own failure is nobody's to handle
  let giveUp!: (e: Error) => void;
  const image = new Promise<Buffer>((resolve, reject) => {
    giveUp = reject;
    done.then(resolve, reject);
  });
  let given = false;
  // Closing the pool gave it up before a worker started it (`closeGently`): never drawn, so its
  // callers, and those who joined it (`cached`), are answered now, not once Piscina drops it.
  const skip = (e: Error) => {
    given = true;
    clearTimeout(timer);
    skipped(e);
    onGiveUp?.('queued');
  };
  const timer = setTimeout(() => {
    if (!given) {
      given = true;
      giveUp(renderAborted(`no image within ${timeoutMs} ms`));
      // 0 → GIVEN_UP unless its worker has started it (1): the same handshake as the worker's.
      const started = Atomics.compareExchange(drawing, 0, 0, GIVEN_UP) === 1;
      onGiveUp?.(started ? 'drawing' : 'queued');
      if (!started) return; // still waiting: its worker will skip it
      hung.set(p, (hung.get(p) ?? 0) + 1);
      countStuck(1);
      const release = () => {
        hung.set(p, (hung.get(p) ?? 1) - 1);
        countStuck(-1);
      };
      job.then(release, release);
      timer.unref();
      timer.refresh(); // once more: twice its time since it was submitted
      return;
    }
    onGiveUp?.('hung');
    renderLog().warn(
      {
        kind,
        ...('game' in model ? { game: model.game } : {}),
        timeoutMs,
        waitedMs: 2 * timeoutMs,
        hung: stuckCount(p),
        // (a thread hung inside a text call holds up every other thread's text: text-lock.ts)
        textLockHeldBy: textLockHolder(),
      },
      'render still being drawn at twice its timeout: its worker may be hung (it is not stopped, see src/render/pool.ts run)',
    );
  }, timeoutMs);
  const settled = () => {
    clearTimeout(timer);
    if (spareFlags.length < 64) spareFlags.push(drawing);
  };
  job.then(settled, settled);
  return { image, done };
}

/** Renders of `p` given up on while being drawn, not done yet. */
function stuckCount(p: Piscina): number {
  return hung.get(p) ?? 0;
}

/** `job`, or an abort once `timeoutMs` are up (a request joining an identical one in flight). */
function within(job: Promise<Buffer>, timeoutMs: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const timer = setTimeout(() => reject(renderAborted(`no image within ${timeoutMs} ms`)), timeoutMs);
    job.then(
      (b) => {
        clearTimeout(timer);
        resolve(b);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e as Error);
      },
    );
  });
}

/** The error of a render abandoned past its time (named as an abort, as Piscina's own are). */
function renderAborted(message: string): Error {
  return Object.assign(new Error(`render aborted: ${message}`), { name: 'AbortError' });
}

/** Statistics of a pool's image cache. */
export interface RenderCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * A pool's render function behind the image cache: same key → the same Buffer (treat it as
 * read-only), concurrent identical requests → one task. An image finished after its caller gave up
 * (`run`) is cached all the same, and until then an identical request joins the drawing (with a
 * time limit of its own) rather than draw it again; one given up on while it waited for a worker
 * (it will be skipped) is drawn anew.
 */
function cached(
  p: Piscina,
  budget: number,
  timeoutMs = RENDER_TIMEOUT_MS,
): { render: RenderPool['render']; stats: () => RenderCacheStats } {
  const images = new ByteLru<Buffer>(budget);
  /** The worker's answer for each key being drawn (`Submitted.done`, cached on the way). */
  const inFlight = new Map<string, Promise<Buffer>>();
  let hits = 0;
  let misses = 0;
  const render = <K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Promise<Buffer> => {
    if (budget <= 0) return run(p, kind, model, timeoutMs).image;
    const key = renderKey(kind, model);
    const hit = images.get(key);
    if (hit) {
      hits++;
      return Promise.resolve(hit);
    }
    const pending = inFlight.get(key);
    if (pending) {
      hits++;
      return within(pending, timeoutMs);
    }
    misses++;
    const forget = () => void (inFlight.get(key) === done && inFlight.delete(key));
    // Given up on while queued (it will be skipped), or still drawn at twice its time (hung, most
    // likely): the next identical request draws it anew instead of joining it.
    const submitted = run(p, kind, model, timeoutMs, (why) => why !== 'drawing' && forget());
    const done = submitted.done.then(
      (b) => {
        forget();
        if (b.byteLength <= budget) images.set(key, b, b.byteLength);
        return b;
      },
      (e: unknown) => {
        forget();
        throw e;
      },
    );
    done.catch(() => undefined); // nobody may be waiting for it any more
    inFlight.set(key, done);
    return submitted.image;
  };
  return { render, stats: () => ({ hits, misses, entries: images.size, bytes: images.bytes }) };
}

/** `closePool` was called: `renderAsync` refuses images until `renderPool` opens the shared pool again. */
let sharedClosed = false;

/** The shared pool behind `renderAsync` (created on first use; a call after `closePool` opens it again). */
export function renderPool(o: PoolOptions = {}): Piscina {
  sharedClosed = false;
  if (!pool) pool = newPiscina(o);
  return pool;
}

/**
 * Renders an image in a worker thread of the shared pool; resolves to the PNG. An unchanged view
 * (same `renderKey`) resolves to the image already encoded.
 */
export async function renderAsync<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Promise<Buffer> {
  // After shutdown closed the pool, a late step (a click past the grace period) gets no new pool,
  // whose worker the process's exit would stop mid-image.
  if (sharedClosed) throw renderAborted('the render pool is closed');
  shared ??= cached(renderPool(), 32 * MB);
  return shared.render(kind, model);
}

/** A pool of its own (the bot owns one; `close` stops its workers). */
export interface RenderPool {
  /** The PNG of (kind, model); the cached Buffer when the same view was rendered before. */
  render<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Promise<Buffer>;
  /** Image cache hits/misses (a hit includes joining an identical request in flight). */
  cacheStats(): RenderCacheStats;
  /** Number of worker threads. */
  readonly threads: number;
  /** The thread ids of the workers running now (diagnostics, tests: a worker stopped is replaced by a new id). */
  threadIds(): number[];
  close(): Promise<void>;
}

export function createRenderPool(o: PoolOptions = {}): RenderPool {
  const p = newPiscina(o);
  const c = cached(p, o.cacheBytes ?? 32 * MB, o.timeoutMs);
  return {
    render: c.render,
    cacheStats: c.stats,
    threads: p.options.maxThreads,
    threadIds: () => p.threads.map((t) => t.threadId),
    close: () => closeGently(p),
  };
}

/** How long start-up waits for the render pool to warm up (`warmPool`). */
export const WARM_TIMEOUT_MS = RENDER_TIMEOUT_MS;

/**
 * Starts the workers and paints the common sprites ahead of the first real request. Waits at most
 * `timeoutMs` (default `WARM_TIMEOUT_MS`): a worker hung meanwhile must not hang start-up, which
 * then goes on with a warning (the workers warm up on their first images). A warm-up that fails
 * (no fonts, a broken worker file) still throws.
 */
export async function warmPool(o: { timeoutMs?: number } = {}): Promise<void> {
  const p = renderPool();
  const timeoutMs = o.timeoutMs ?? WARM_TIMEOUT_MS;
  // Through `run` like any image: one hung while warming up is counted and logged as any hung render.
  const model = { game: 'vn-mahjong', locale: 'vi' } as const;
  try {
    await Promise.all(Array.from({ length: p.options.maxThreads }, () => run(p, 'sheet', model, timeoutMs).image));
  } catch (e) {
    // Past its time (given up on, or skipped by its worker): start-up goes on. Any other failure throws.
    if (!(e instanceof Error) || !e.message.startsWith('render aborted')) throw e;
    // Closed meanwhile (a stop during start-up, src/bot/main.ts): nothing to warn of.
    if (closing.has(p)) return;
    renderLog().warn(
      { timeoutMs, threads: p.options.maxThreads },
      'the render pool did not warm up in time (a worker may be hung): starting without it',
    );
  }
}

/**
 * Stops the workers (tests, shutdown), once the images they are drawing are done: a worker stopped in
 * the middle of one takes the process down (see `run`, `closeGently`). At shutdown the budget of
 * src/bot/main.ts `closeAll` may leave it waiting (its `keepMs`).
 */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  shared = null;
  sharedClosed = true;
  if (p) await closeGently(p);
}
