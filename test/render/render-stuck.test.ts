/**
 * A render that hangs in its worker (pool.ts `run`, watch.ts): given up on by its caller, it is
 * counted by `hoiquan_render_stuck_tasks` until its worker is done, logged once at twice its timeout,
 * and counted out of the queue's depth (its worker is not free).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { setRenderTestHold, stuckRenders } from '../../src/render/pool.js';
import type { RenderTask } from '../../src/render/worker.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { sampleModels } from './samples.js';
import { open, waitFor, withHeldPool } from './pool-helpers.js';

test('a hung render is counted (hoiquan_render_stuck_tasks), logged once at twice its timeout, and holds its worker out of the queue depth', async () => {
  const T = 1_000;
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  const metrics = createMetrics();
  const stuckGauge = async () => Number(/^hoiquan_render_stuck_tasks (\d+)$/m.exec(await metrics.text())?.[1]);
  const hang = sampleModels('phom', 'en').hand;
  const seen: RenderTask[] = [];
  await withHeldPool(
    { threads: 2, timeoutMs: T, cacheBytes: 0 },
    { warn: (fields, msg) => warnings.push({ fields, msg }) },
    async (p, g) => {
      setRenderTestHold((task) => {
        seen.push(task);
        return task.model === hang ? g : undefined;
      });
      assert.equal(await stuckGauge(), 0);
      const started = Date.now();
      await assert.rejects(p.render('hand', hang), /abort/, 'its caller gives up at its time');
      assert.equal(stuckRenders(), 1, 'given up on while being drawn');
      assert.equal(await stuckGauge(), 1, 'the gauge shows it');
      assert.equal(warnings.length, 0, 'not logged before twice its time');

      // One worker is hung: four images at once all wait for the other one. The fourth has three
      // ahead of it for one free worker (DEEP_QUEUE_PER_THREAD): 'deep'. Counting the hung one as a
      // task ahead and its worker as free, it was only 'busy' (4 ahead, 2 workers).
      seen.length = 0;
      const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
      await Promise.all(games.map((game) => p.render('result', sampleModels(game, 'vi').result)));
      assert.deepEqual(
        seen.map((t) => t.busy ?? false),
        [false, true, true, 'deep'],
      );

      assert.ok(await waitFor(() => warnings.length > 0, 3 * T), 'logged');
      const took = Date.now() - started;
      assert.ok(took >= 2 * T - 50 && took < 2 * T + 1_000, `logged at ${took} ms, twice its timeout`);
      assert.equal(warnings[0]!.fields.kind, 'hand');
      assert.equal(warnings[0]!.fields.game, 'phom');
      assert.match(warnings[0]!.msg, /still being drawn at twice its timeout/);
      await sleep(T);
      assert.equal(warnings.length, 1, 'logged once');
      assert.equal(await stuckGauge(), 1, 'still counted while it hangs');

      open(g);
      assert.ok(await waitFor(() => stuckRenders() === 0, 5_000), 'no longer counted once its worker is done');
      assert.equal(await stuckGauge(), 0);
      seen.length = 0;
      await Promise.all(games.map((game) => p.render('result', sampleModels(game, 'en').result)));
      assert.deepEqual(
        seen.map((t) => t.busy ?? false),
        [false, false, true, true],
        'both workers count again',
      );
    },
  );
});

test('a render given up on while it waited for a worker is not counted as stuck (its worker skips it)', async () => {
  const T = 800;
  const hang = sampleModels('chan', 'en').hand;
  const warnings: string[] = [];
  await withHeldPool({ threads: 1, timeoutMs: T, cacheBytes: 0 }, { warn: (_f, msg) => warnings.push(msg) }, async (p, g) => {
    setRenderTestHold((task) => (task.model === hang ? g : undefined));
    const first = p.render('hand', hang);
    const queued = p.render('table', sampleModels('chan', 'en').table);
    await assert.rejects(first, /abort/);
    await assert.rejects(queued, /abort/);
    assert.equal(stuckRenders(), 1, 'only the one being drawn');
    open(g);
    assert.ok(await waitFor(() => stuckRenders() === 0, 5_000));
    assert.deepEqual(warnings, [], 'done before twice its time: not logged');
  });
});
