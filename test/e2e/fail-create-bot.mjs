/**
 * Preloaded into a bot process by test/e2e/startup-stop-process.test.ts (`node --import tsx --import
 * ./test/e2e/fail-create-bot.mjs src/bot/main.ts`): src/bot/app.ts is replaced by a module whose
 * `createBot` rejects, as a command module that does not load or a database error in the bot's
 * start-up sweeps would. A module hook registered after tsx's runs first, so it answers for app.ts.
 */
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

const hooks = `
export async function load(url, context, next) {
  if (url.split('?')[0].endsWith('/src/bot/app.ts')) {
    return {
      format: 'module',
      shortCircuit: true,
      source: "export async function createBot() { throw new Error('a command module failed to load (test)'); }",
    };
  }
  return next(url, context);
}
`;
// The main thread only: the render and AI workers inherit the preload (their execArgv) but never load
// app.ts. Plain JavaScript: Node 20 does not apply tsx to a worker's `--import` preloads.
if (isMainThread) register(`data:text/javascript,${encodeURIComponent(hooks)}`);
