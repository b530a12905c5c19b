/**
 * Rendering off the main thread: a small piscina pool of worker threads, each with its own fonts
 * and sprite cache, so the bot's event loop never waits for canvas work (a table image takes
 * ~15–30 ms of CPU).
 *
 * Under tsx (`node --import tsx …`) the worker is `worker.ts`; workers inherit the parent's
 * `execArgv`, and we add `--import tsx` ourselves if it is missing. Compiled, it is `worker.js`.
 *
 * CAUTION: node-canvas segfaults at process exit when its native addon was loaded only by worker
 * threads (the addon is unloaded with the last worker, then its cleanup hooks run). Loading canvas
 * in the main thread too keeps it mapped; hence the `createCanvas` call below.
 */
import { Piscina } from 'piscina';
import { createCanvas } from 'canvas';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import type { RenderKind, RenderRequestMap } from './model.js';

createCanvas(1, 1);

let pool: Piscina | null = null;

export interface PoolOptions {
  /** Worker threads (default: cores − 1, between 1 and 2). */
  threads?: number;
  /** Alias of `threads`. */
  maxThreads?: number;
}

function workerSetup(): { filename: string; execArgv: string[] } {
  const isTs = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(isTs ? './worker.ts' : './worker.js', import.meta.url));
  const execArgv = [...process.execArgv];
  const hasTsx = execArgv.some((a) => /(^|[/\\=])tsx([/\\]|$)/.test(a));
  if (isTs && !hasTsx) execArgv.push('--import', 'tsx');
  return { filename, execArgv };
}

function newPiscina(o: PoolOptions): Piscina {
  const threads = Math.max(1, o.threads ?? o.maxThreads ?? Math.min(2, availableParallelism() - 1));
  const { filename, execArgv } = workerSetup();
  return new Piscina({ filename, execArgv, minThreads: 1, maxThreads: threads, idleTimeout: 60_000 });
}

async function run<K extends RenderKind>(p: Piscina, kind: K, model: RenderRequestMap[K]): Promise<Buffer> {
  const out = (await p.run({ kind, model })) as Uint8Array;
  return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
}

/** The shared pool behind `renderAsync` (created on first use). */
export function renderPool(o: PoolOptions = {}): Piscina {
  if (!pool) pool = newPiscina(o);
  return pool;
}

/** Renders an image in a worker thread of the shared pool; resolves to the PNG. */
export async function renderAsync<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Promise<Buffer> {
  return run(renderPool(), kind, model);
}

/** A pool of its own (the bot owns one; `close` stops its workers). */
export interface RenderPool {
  render<K extends RenderKind>(kind: K, model: RenderRequestMap[K]): Promise<Buffer>;
  close(): Promise<void>;
}

export function createRenderPool(o: PoolOptions = {}): RenderPool {
  const p = newPiscina(o);
  return {
    render: (kind, model) => run(p, kind, model),
    close: () => p.destroy(),
  };
}

/** Starts the workers and paints the common sprites ahead of the first real request. */
export async function warmPool(): Promise<void> {
  const p = renderPool();
  await Promise.all(
    Array.from({ length: p.options.maxThreads }, () => p.run({ kind: 'sheet', model: { game: 'vn-mahjong', locale: 'vi' } })),
  );
}

/** Stops the workers (tests, shutdown). */
export async function closePool(): Promise<void> {
  const p = pool;
  pool = null;
  if (p) await p.destroy();
}
