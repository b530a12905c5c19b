/**
 * Renders N images of varying sizes through a render pool and reports the process RSS (the
 * workers are threads of this process). Used by memory.test.ts and runnable by hand to compare
 * settings:
 *   HQ_RENDER_PIXEL_FORMAT=RGB24 node --import tsx test/render/pool-memory.ts sync 500
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createRenderPool, type PoolOptions } from '../../src/render/pool.js';
import { variedRequest } from './varied.js';

const MiB = 1024 * 1024;

// A full GC of this (the main) thread before each reading: what is measured is memory that is never
// given back (the leak), not the PNG buffers the main thread has not collected yet. The workers run
// their own GC after dropped bitmaps (src/render/pool.ts).
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 100));
  gc();
}

export interface PoolRss {
  /** RSS after the warm-up images (workers started, sprites painted). */
  startMiB: number;
  maxMiB: number;
  endMiB: number;
  images: number;
  ms: number;
}

export async function poolRss(n: number, o: PoolOptions = {}, warm = 200): Promise<PoolRss> {
  // the image cache (bounded on its own, tested in pool.test.ts) is off: every image is drawn
  const pool = createRenderPool({ threads: 2, cacheBytes: 0, ...o });
  const rss = () => process.memoryUsage().rss / MiB;
  try {
    const batch = async (from: number, to: number) => {
      for (let i = from; i < to; i += 8) {
        const jobs: Promise<Buffer>[] = [];
        for (let k = i; k < Math.min(to, i + 8); k++) {
          const r = variedRequest(k);
          jobs.push(pool.render(r.kind, r.model as never));
        }
        await Promise.all(jobs);
        max = Math.max(max, rss());
        if (process.env.HQ_TRACE && i % 100 < 8) console.log(i, rss().toFixed(0));
      }
    };
    let max = 0;
    await batch(0, warm);
    await settle();
    const startMiB = rss();
    max = startMiB;
    const t0 = performance.now();
    await batch(warm, warm + n);
    const ms = performance.now() - t0;
    // let the workers' loops turn once more (their finalizers run between tasks)
    await settle();
    return { startMiB, maxMiB: max, endMiB: rss(), images: n, ms };
  } finally {
    await pool.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const atomics = (process.argv[2] ?? 'disabled') as PoolOptions['atomics'];
  const n = Number(process.argv[3] ?? 500);
  const r = await poolRss(n, { atomics }, Number(process.argv[4] ?? 200));
  const f = (x: number) => x.toFixed(0);
  console.log(
    `atomics=${atomics} format=${process.env.HQ_RENDER_PIXEL_FORMAT ?? 'ARGB32'} images=${r.images}: ` +
      `RSS ${f(r.startMiB)} → max ${f(r.maxMiB)} → end ${f(r.endMiB)} MiB (+${f(r.endMiB - r.startMiB)}), ${f(r.ms)} ms`,
  );
}
