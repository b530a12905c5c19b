/**
 * By hand, not a test (it measures a rare crash): rounds of a fresh 4-worker render pool drawing 12
 * images at once, so workers start while others draw text. Before fonts were registered once by the
 * main thread (fonts.ts, THREADS), 2 runs in 30 of 10 rounds aborted the process ("double free or
 * corruption"). Run it in a loop and count the non-zero exits:
 *   for i in $(seq 30); do node --import tsx test/render/pool-stress.ts 10 || echo crashed; done
 */
import { createRenderPool } from '../../src/render/pool.js';
import { variedRequest } from './varied.js';

async function main(rounds: number): Promise<void> {
  for (let r = 0; r < rounds; r++) {
    const pool = createRenderPool({ threads: 4, cacheBytes: 0 });
    const jobs: Promise<Buffer>[] = [];
    for (let k = 0; k < 12; k++) {
      const q = variedRequest(r * 12 + k);
      jobs.push(pool.render(q.kind, q.model as never));
    }
    await Promise.all(jobs);
    await pool.close();
  }
  console.log(`${rounds} rounds: no crash`);
}

void main(Number(process.argv[2] ?? 10));
