/**
 * A render that hangs in its worker (pool.ts `run`, watch.ts): given up on by its caller, it is
 * counted by `hoiquan_render_stuck_tasks` until its worker is done, logged once at twice its timeout,
 * and counted out of the queue's depth (its worker is not free).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { stuckRenders } from '../../src/render/pool.js';
import type { RenderTask } from '../../src/render/worker.js';
import { createMetrics } from '../../src/ops/metrics.js';
import { sampleModels } from './samples.js';
import { blockUntilStarted, hold, open, untilIdle, waitFor, withHeldPool } from './pool-helpers.js';

test('a hung render is counted (hoiquan_render_stuck_tasks), logged once at twice its timeout, and holds its worker out of the queue depth', async () => {
  const T = 1_000;
  const warnings: { fields: Record<string, unknown>; msg: string; at: number }[] = [];
  const metrics = createMetrics();
  const stuckGauge = async () => Number(/^hoiquan_render_stuck_tasks (\d+)$/m.exec(await metrics.text())?.[1]);
  const hang = sampleModels('phom', 'en').hand;
  const seen: RenderTask[] = [];
  // The hung one's: on a loaded machine an image of the bursts below may be drawn past twice its time too.
  const hangWarnings = () => warnings.filter((w) => w.fields.kind === 'hand');
  await withHeldPool(
    { threads: 2, timeoutMs: T, cacheBytes: 0, warm: [{ kind: 'hand', model: hang }] },
    { warn: (fields, msg) => warnings.push({ fields, msg, at: Date.now() }) },
    async (p, g) => {
      let hung: RenderTask | undefined;
      hold((task) => {
        seen.push(task);
        if (task.model !== hang) return undefined;
        hung = task;
        return g;
      });
      assert.equal(await stuckGauge(), 0);
      const started = Date.now();
      const first = p.render('hand', hang);
      blockUntilStarted(hung);
      await assert.rejects(first, /abort/, 'its caller gives up at its time');
      assert.equal(stuckRenders(), 1, 'given up on while being drawn');
      assert.equal(await stuckGauge(), 1, 'the gauge shows it');
      assert.equal(warnings.length, 0, 'not logged before twice its time');

      // One worker is hung: four images at once all wait for the other one. The fourth has three
      // ahead of it for one free worker (DEEP_QUEUE_PER_THREAD): 'deep'. Counting the hung one as a
      // task ahead and its worker as free, it was only 'busy' (4 ahead, 2 workers). Marked as they are
      // submitted; their images are no concern here (on a loaded machine some are given up on).
      seen.length = 0;
      const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
      const burst = Promise.allSettled(games.map((game) => p.render('result', sampleModels(game, 'vi').result)));
      assert.deepEqual(
        seen.map((t) => t.busy ?? false),
        [false, true, true, 'deep'],
      );
      await burst;

      assert.ok(await waitFor(() => hangWarnings().length > 0), 'logged');
      const took = hangWarnings()[0]!.at - started;
      assert.ok(took >= 2 * T - 50 && took < 2 * T + 1_000, `logged at ${took} ms, twice its timeout`);
      assert.equal(hangWarnings()[0]!.fields.game, 'phom');
      assert.match(hangWarnings()[0]!.msg, /still being drawn at twice its timeout/);
      await sleep(T);
      assert.equal(hangWarnings().length, 1, 'logged once');
      // (an image of the burst given up on while drawn is counted too, until its worker is done)
      assert.ok(await waitFor(() => stuckRenders() === 1), 'the burst is done');
      assert.equal(await stuckGauge(), 1, 'still counted while it hangs');

      open(g);
      assert.ok(await waitFor(() => stuckRenders() === 0), 'no longer counted once its worker is done');
      assert.equal(await stuckGauge(), 0);
      // Nothing left in the queue (the burst's skipped images included), both workers free:
      await untilIdle(p, 2);
      seen.length = 0;
      const again = Promise.allSettled(games.map((game) => p.render('result', sampleModels(game, 'en').result)));
      assert.deepEqual(
        seen.map((t) => t.busy ?? false),
        [false, false, true, true],
        'both workers count again',
      );
      await again;
    },
  );
});

test('a render given up on while it waited for a worker is not counted as stuck (its worker skips it)', async () => {
  const T = 800;
  const hang = sampleModels('chan', 'en').hand;
  const logged: unknown[] = [];
  const warm = [{ kind: 'hand', model: hang }] as const;
  await withHeldPool(
    { threads: 1, timeoutMs: T, cacheBytes: 0, warm },
    { warn: (fields) => void logged.push(fields.kind) },
    async (p, g) => {
      let hung: RenderTask | undefined;
      hold((task) => {
        if (task.model !== hang) return undefined;
        hung = task;
        return g;
      });
      const first = p.render('hand', hang);
      blockUntilStarted(hung);
      const queued = p.render('table', sampleModels('chan', 'en').table);
      await assert.rejects(first, /abort/);
      await assert.rejects(queued, /abort/);
      const queuedGivenUp = Date.now();
      assert.equal(stuckRenders(), 1, 'only the one being drawn');
      // Held past twice its time, the hung one is logged then; the one that waited is not, even once
      // a timer of its own, re-armed as it gave up, would have fired again.
      assert.ok(await waitFor(() => logged.length > 0), 'the hung one is logged at twice its time');
      await sleep(Math.max(0, queuedGivenUp + T + T / 4 - Date.now()));
      assert.deepEqual(logged, ['hand'], 'the one that waited is not logged');
      assert.equal(stuckRenders(), 1);
      open(g);
      assert.ok(await waitFor(() => stuckRenders() === 0));
    },
  );
});

test('a render given up on while being drawn but finished before twice its timeout is not logged as hung', async () => {
  // T is long enough for a held image, once let go, to be finished within T of its give-up on a
  // loaded machine (a warm image takes up to ~1.6 s there: pool-helpers TIMING).
  const T = 4_000;
  const hang = sampleModels('vn-mahjong', 'en').hand;
  const warnings: Record<string, unknown>[] = [];
  await withHeldPool(
    { threads: 1, timeoutMs: T, cacheBytes: 0, warm: [{ kind: 'hand', model: hang }] },
    { warn: (fields) => void warnings.push(fields) },
    async (p, g) => {
      let held: RenderTask | undefined;
      hold((task) => {
        if (task.model !== hang) return undefined;
        held = task;
        return g;
      });
      const image = p.render('hand', hang);
      blockUntilStarted(held); // given up on below while being drawn, however loaded the machine
      await assert.rejects(image, /abort/, 'its caller gives up at its time');
      const givenUp = Date.now();
      assert.equal(stuckRenders(), 1, 'given up on while being drawn: counted');
      open(g);
      assert.ok(await waitFor(() => stuckRenders() === 0), 'its worker finishes it');
      const finished = Date.now() - givenUp;
      assert.ok(finished < T, `finished ${finished} ms after its give-up, before twice its time`);
      // Past twice its time (the timer re-armed at the give-up, T more), with room for a late timer:
      await sleep(Math.max(0, givenUp + T + T / 2 - Date.now()));
      assert.deepEqual(warnings, [], 'not logged as hung: done before twice its time');
    },
  );
});
