/**
 * The AI off the main thread (issues #16, #17 §4): a piscina pool whose workers run `engine.ai`.
 * A `strong` decision takes up to ~100 ms of CPU; on the event loop that would hold up every other
 * table's clicks. `actAsync` (act.ts) sends each AI request here: the state (plain data, as every
 * engine keeps it) is copied to a worker, which answers with the action. Deterministic: the same
 * state, seat and level give the same choice in a worker as inline.
 *
 * Under tsx the worker is `ai-worker.ts` (workers inherit `--import tsx`, added when missing);
 * compiled, `ai-worker.js`. `atomics: 'disabled'` lets the workers' event loops turn between tasks
 * (see src/render/pool.ts for why that matters for memory).
 */
import { Piscina } from 'piscina';
import { fileURLToPath } from 'node:url';
import type { BaseAction } from '../games/core/types.js';
import type { AiAsk, AiPort } from './act.js';

export interface AiPool {
  port: AiPort;
  close(): Promise<void>;
}

export function createAiPool(threads: number): AiPool {
  const isTs = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(new URL(isTs ? './ai-worker.ts' : './ai-worker.js', import.meta.url));
  const execArgv = [...process.execArgv];
  if (isTs && !execArgv.some((a) => /(^|[/\\=])tsx([/\\]|$)/.test(a))) execArgv.push('--import', 'tsx');
  const pool = new Piscina({
    filename,
    execArgv,
    // No worker until the first AI decision: a bot without AI seats (and every start-up) pays nothing.
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    idleTimeout: 60_000,
    atomics: 'disabled',
  });
  return {
    port: async (ask: AiAsk) => (await pool.run({ game: ask.game, state: ask.state, seat: ask.seat, level: ask.level })) as BaseAction,
    close: () => pool.destroy(),
  };
}
