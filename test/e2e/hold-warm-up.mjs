/**
 * Preloaded into a bot process by test/e2e/startup-stop-process.test.ts (`node --import tsx --import
 * ./test/e2e/hold-warm-up.mjs src/bot/main.ts`): its render pool's warm-up hangs, each warm-up image
 * blocking its worker as a hung canvas call would (pool.ts `setRenderTestHold`) until the process
 * ends; `warm-up held` is printed once the first is handed to the pool.
 *
 * Plain JavaScript, acting in the main thread only: the render workers inherit the preload (their
 * execArgv), and Node 20 does not apply tsx to a worker's `--import` preloads. As a .ts file, each
 * worker failed to start (ERR_UNKNOWN_FILE_EXTENSION), so nothing was ever held: the warm-up failed
 * a few hundred milliseconds in, and the test passed only because its signal came first.
 */
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const { setRenderTestHold } = await import('../../src/render/pool.ts');
  let told = false;
  setRenderTestHold((task) => {
    if (task.kind !== 'sheet') return undefined;
    if (!told) console.log('warm-up held');
    told = true;
    return new Int32Array(new SharedArrayBuffer(4));
  });
}
