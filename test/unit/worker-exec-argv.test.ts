/**
 * The worker pools (render, AI) start their workers whatever options the process lists in
 * `process.execArgv`. They copied that list into each worker's `execArgv`; under Node 24's test
 * runner a test process lists every option with its default value there (`--secure-heap=0`,
 * `--node-snapshot`…), which `new Worker` refuses: every worker of every pool failed
 * (ERR_WORKER_INVALID_EXEC_ARGV). A worker now inherits its parent's options (ops/worker-args.ts).
 * Changes `process.execArgv` for its tests (restored after each): alone (test/batches/config.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createAiPool } from '../../src/table/ai-pool.js';
import { createRenderPool } from '../../src/render/pool.js';
import { imageSize } from '../../src/render/index.js';
import { workerThread } from '../../src/ops/worker-args.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { sampleModels } from '../render/samples.js';
import { pngSize } from '../render/helpers.js';

/** Options as Node 24's test runner lists them in a test process: a worker may not be given them. */
const PROCESS_WIDE = ['--secure-heap=0', '--node-snapshot', '--v8-pool-size=4'];

function withExecArgv(t: { after(fn: () => void): void }, extra: string[]): void {
  const saved = [...process.execArgv];
  process.execArgv.push(...extra);
  t.after(() => process.execArgv.splice(0, process.execArgv.length, ...saved));
}

test('the AI pool decides though the process lists options a worker may not be given', async (t) => {
  withExecArgv(t, PROCESS_WIDE);
  const pool = createAiPool(1);
  t.after(() => pool.close());
  const engine = engineOf('phom');
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok);
  const state = engine.setup(resolved.value, 4, 'argv', null);
  const d = engine.pending(state)[0]!;
  const answer = await pool.port({ engine, game: 'phom', state, seat: d.seat, level: 'normal' });
  assert.ok(answer.ok, JSON.stringify(answer));
});

test('the render pool draws though the process lists options a worker may not be given', async (t) => {
  withExecArgv(t, PROCESS_WIDE);
  const pool = createRenderPool({ maxThreads: 1 });
  t.after(() => pool.close());
  const m = sampleModels('chan', 'en').result;
  assert.deepEqual(pngSize(await pool.render('result', m)), imageSize('result', m));
});

test("a worker module is the caller's sibling: .ts under tsx (its options inherited), .js compiled", () => {
  assert.deepEqual(workerThread('file:///app/dist/src/render/pool.js', 'worker'), { filename: '/app/dist/src/render/worker.js' });
  // This process runs under `--import tsx`: the worker inherits it.
  assert.deepEqual(workerThread('file:///app/src/table/ai-pool.ts', 'ai-worker'), { filename: '/app/src/table/ai-worker.ts' });
});

test('a .ts worker under a process without tsx in its options gets them and --import tsx', (t) => {
  const saved = [...process.execArgv];
  process.execArgv.splice(0, process.execArgv.length, '--conditions=dev');
  t.after(() => process.execArgv.splice(0, process.execArgv.length, ...saved));
  assert.deepEqual(workerThread('file:///app/src/table/ai-pool.ts', 'ai-worker'), {
    filename: '/app/src/table/ai-worker.ts',
    execArgv: ['--conditions=dev', '--import', 'tsx'],
  });
});
