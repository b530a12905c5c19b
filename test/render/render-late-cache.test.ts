/**
 * An image finished after its caller gave up (pool.ts `run`, `cached`) is not thrown away: it lands
 * in the image cache, and an identical request meanwhile joins the drawing instead of drawing it again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { renderKey } from '../../src/render/index.js';
import type { RenderTask } from '../../src/render/worker.js';
import { GIVEN_UP } from '../../src/render/watch.js';
import { sampleModels } from './samples.js';
import { blockUntilStarted, hold, open, untilIdle, waitFor, withHeldPool } from './pool-helpers.js';
import { PNG_SIG } from './helpers.js';

const quiet = { warn: () => undefined };

/** Each task of the image `key` is noted in `drawn` and held at the gate `gateFor()` gives (none: drawn at once). */
function holdEach(key: string, drawn: RenderTask[], gateFor: () => Int32Array | undefined): void {
  hold((task) => {
    if (renderKey(task.kind, task.model) !== key) return undefined;
    drawn.push(task);
    return gateFor();
  });
}

test('an image finished after its caller gave up lands in the cache: the same request next is served from it', async () => {
  const T = 800;
  const m = sampleModels('vn-mahjong', 'vi').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  await withHeldPool({ threads: 1, timeoutMs: T, warm: [{ kind: 'table', model: m }] }, quiet, async (p, g) => {
    holdEach(key, drawn, () => g);
    const before = p.cacheStats();
    const late = p.render('table', m);
    blockUntilStarted(drawn[0]);
    await assert.rejects(late, /abort/, 'its caller gives up');
    open(g);
    assert.ok(await waitFor(() => p.cacheStats().entries === before.entries + 1), 'the late image is cached');
    const again = await p.render('table', structuredClone(m));
    assert.ok(again.subarray(0, 8).equals(PNG_SIG));
    assert.equal(drawn.length, 1, 'drawn once');
    assert.deepEqual(p.cacheStats(), {
      ...before,
      hits: before.hits + 1,
      misses: before.misses + 1,
      entries: before.entries + 1,
      bytes: before.bytes + again.byteLength,
    });
  });
});

test('while an image given up on is still being drawn, the same request joins it (with its own time) rather than draw it again', async () => {
  // The repeat's own time has to cover drawing the image once the gate opens: up to ~1.6 s for a
  // worker on a loaded machine (pool-helpers.ts, TIMING), hence a timeout of seconds.
  const T = 5_000;
  const m = sampleModels('classic-mahjong', 'en').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  await withHeldPool({ threads: 1, timeoutMs: T, warm: [{ kind: 'table', model: m }] }, quiet, async (p, g) => {
    holdEach(key, drawn, () => g);
    const first = p.render('table', m);
    blockUntilStarted(drawn[0]);
    await assert.rejects(first, /abort/);
    // Done meanwhile: the repeat gets the image.
    const repeat = p.render('table', { ...m });
    repeat.catch(() => undefined); // (awaited below: a failed check first must not leave it unhandled)
    assert.equal(drawn.length, 1, 'joined: no task of its own');
    open(g);
    const b = await repeat;
    assert.ok(b.subarray(0, 8).equals(PNG_SIG));
    assert.equal(drawn.length, 1, 'the image was drawn once');
    assert.equal(await p.render('table', m), b, 'and cached');
  });
});

test('an image given up on while it waited for a worker is drawn anew by the next identical request (it was skipped)', async () => {
  const T = 800;
  const hang = sampleModels('chan', 'vi').hand;
  const m = sampleModels('chan', 'vi').table;
  const key = renderKey('table', m);
  const warm = [
    { kind: 'hand', model: hang },
    { kind: 'table', model: m },
  ] as const;
  await withHeldPool({ threads: 1, timeoutMs: T, warm }, quiet, async (p, g) => {
    let hung: RenderTask | undefined;
    const tables: RenderTask[] = [];
    hold((task) => {
      if (task.model === hang) {
        hung = task;
        return g;
      }
      if (renderKey(task.kind, task.model) === key) tables.push(task);
      return undefined;
    });
    const first = p.render('hand', hang);
    blockUntilStarted(hung);
    const queued = p.render('table', m);
    await assert.rejects(first, /abort/);
    await assert.rejects(queued, /abort/, 'waited behind the hung one');
    assert.equal(Atomics.load(tables[0]!.drawing!, 0), GIVEN_UP, 'given up on before a worker started it: to be skipped');
    // Its task is still queued (the worker is held): an identical request now does not join it.
    const again = p.render('table', { ...m });
    again.catch(() => undefined);
    assert.equal(tables.length, 2, 'drawn anew: a task of its own, not joined to the skipped one');
    await assert.rejects(again, /abort/, 'it waits behind the hung one in its turn');
    open(g);
    // Both skipped once the worker is done with the hung one; the next is handed to the idle worker.
    await untilIdle(p, 1);
    const before = p.cacheStats();
    const last = p.render('table', { ...m });
    assert.equal(tables.length, 3, 'a task of its own again');
    blockUntilStarted(tables[2]);
    // On a loaded machine its drawing may outlast its own time: then it lands in the cache (as above).
    last.catch(() => undefined);
    assert.ok(await waitFor(() => p.cacheStats().entries === before.entries + 1), 'its image is drawn and cached');
    const b = await p.render('table', { ...m });
    assert.ok(b.subarray(0, 8).equals(PNG_SIG));
    assert.equal(tables.length, 3);
  });
});

test('a repeat of an image still drawn at twice its time (hung, most likely) draws it anew instead of joining it', async () => {
  const T = 400;
  const m = sampleModels('phom', 'en').table;
  const key = renderKey('table', m);
  const drawn: RenderTask[] = [];
  const hungLogged: unknown[] = [];
  const log = { warn: (fields: Record<string, unknown>) => void hungLogged.push(fields.kind) };
  await withHeldPool({ threads: 2, timeoutMs: T, warm: [{ kind: 'table', model: m }] }, log, async (p, g) => {
    let held = false;
    holdEach(key, drawn, () => {
      if (held) return undefined;
      held = true;
      return g;
    });
    const before = p.cacheStats();
    const first = p.render('table', m);
    blockUntilStarted(drawn[0]);
    await assert.rejects(first, /abort/);
    // Still drawn at twice its time: taken for hung (the log says so once it is).
    assert.ok(await waitFor(() => hungLogged.length > 0), 'taken for hung');
    assert.deepEqual(hungLogged, ['table']);
    const repeat = p.render('table', { ...m });
    assert.equal(drawn.length, 2, 'drawn anew, not joined to the hung one');
    blockUntilStarted(drawn[1]); // by the other worker, idle
    // On a loaded machine its drawing may outlast its own time: then it lands in the cache.
    repeat.catch(() => undefined);
    assert.ok(await waitFor(() => p.cacheStats().entries === before.entries + 1), 'drawn by the other worker, and cached');
    const b = await p.render('table', { ...m });
    assert.ok(b.subarray(0, 8).equals(PNG_SIG));
    assert.equal(drawn.length, 2);
  });
});
