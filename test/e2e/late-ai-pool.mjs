/**
 * Preloaded into a bot process by test/e2e/startup-stop-process.test.ts (`node --import tsx --import
 * ./test/e2e/late-ai-pool.mjs src/bot/main.ts`): a start-up step that ends after the shutdown has
 * begun closing. main.ts's AI pool is created 2.5 s after the process is asked to stop (past main.ts's
 * STEP_WAIT_MS, 2 s), while the render pool's close is slowed by 1.5 s (a worker slow to end), so the
 * pool comes while the shutdown closes the rest. Prints `ai pool held` when main.ts asks for the
 * pool, `ai pool created` once it is, and `ai pool closed` when it is closed.
 *
 * Only main.ts's own imports of ai-pool.ts and renderer.ts are answered with these wrappers (a module
 * hook's `resolve`), which import the real modules by their own URL (ai-pool.ts finds its worker file
 * from it). Plain JavaScript, acting in the main thread only: Node 20 does not apply tsx to a worker's
 * `--import` preloads.
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

/** The wrappers' sources, `__REAL__` standing for the real module's URL. */
const AI_POOL = `
import * as real from __REAL__;
export * from __REAL__;
const signalled = new Promise((resolve) => process.once('SIGTERM', resolve));
export async function createAiPool(...args) {
  console.log('ai pool held');
  // Keeps the process alive meanwhile, as a real step's work would (the render workers do not).
  const alive = setInterval(() => undefined, 1_000);
  await signalled;
  clearInterval(alive);
  await new Promise((resolve) => setTimeout(resolve, 2_500));
  const pool = real.createAiPool(...args);
  console.log('ai pool created');
  const close = pool.close;
  pool.close = async () => {
    await close.call(pool);
    console.log('ai pool closed');
  };
  return pool;
}`;
const RENDERER = `
import * as real from __REAL__;
export * from __REAL__;
export async function createRenderer(...args) {
  const r = await real.createRenderer(...args);
  const close = r.close;
  r.close = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return close.call(r);
  };
  return r;
}`;

const hooks = `
const wrappers = ${JSON.stringify({ '../table/ai-pool.js': AI_POOL, './renderer.js': RENDERER })};
export async function resolve(specifier, context, next) {
  // '.ts' when tsx resolved it first (on Node 24 tsx's in-thread hooks run before this chain).
  const source = wrappers[specifier.replace(/\\.ts$/, '.js')];
  if (source === undefined || !context.parentURL?.split('?')[0].endsWith('/src/bot/main.ts')) return next(specifier, context);
  const real = await next(specifier, context);
  return { url: 'data:text/javascript,' + encodeURIComponent(source.replaceAll('__REAL__', JSON.stringify(real.url))), shortCircuit: true };
}
`;
if (isMainThread) register(`data:text/javascript,${encodeURIComponent(hooks)}`);
