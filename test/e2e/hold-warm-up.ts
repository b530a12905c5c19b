/**
 * Preloaded into a bot process by test/e2e/startup-stop-process.test.ts (`node --import tsx --import
 * ./test/e2e/hold-warm-up.ts src/bot/main.ts`): its render pool's warm-up hangs, each warm-up image
 * blocking its worker as a hung canvas call would (pool.ts `setRenderTestHold`) until the process
 * ends; `warm-up held` is printed once the first is handed to the pool.
 */
import { setRenderTestHold } from '../../src/render/pool.js';

let told = false;
setRenderTestHold((task) => {
  if (task.kind !== 'sheet') return undefined;
  if (!told) console.log('warm-up held');
  told = true;
  return new Int32Array(new SharedArrayBuffer(4));
});
