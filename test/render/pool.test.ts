import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { renderAsync, closePool, createRenderPool, renderPool } from '../../src/render/pool.js';
import { imageSize, renderKey } from '../../src/render/index.js';
import { poolThreads, THREADS_ENV, DEEP_QUEUE_PER_THREAD, DEEPER_QUEUE_PER_THREAD } from '../../src/render/pool.js';
import { sampleModels } from './samples.js';
import { PNG_SIG, pngSize } from './helpers.js';
import { createCanvas, loadImage } from 'canvas';
import type { RenderTask } from '../../src/render/worker.js';
import { blockUntilStarted, hold, open, PATIENCE_MS, waitFor, withHeldPool } from './pool-helpers.js';

after(() => closePool());

test('the worker pool renders (worker.ts through tsx)', async () => {
  const s = sampleModels('chan', 'vi');
  const [hand, table] = await Promise.all([renderAsync('hand', s.hand), renderAsync('table', s.table)]);
  assert.ok(hand.subarray(0, 8).equals(PNG_SIG));
  assert.deepEqual(pngSize(hand), imageSize('hand', s.hand));
  assert.deepEqual(pngSize(table), imageSize('table', s.table));
  const sheet = await renderAsync('sheet', { game: 'phom', locale: 'en' });
  assert.deepEqual(pngSize(sheet), imageSize('sheet', { game: 'phom', locale: 'en' }));
});

test('a private pool renders and closes', async () => {
  const p = createRenderPool({ maxThreads: 1 });
  const m = sampleModels('phom', 'zh-TW').result;
  const b = await p.render('result', m);
  assert.deepEqual(pngSize(b), imageSize('result', m));
  await p.close();
});

test('a render past its time is abandoned with an error: the caller (the scheduler) never waits for ever', async () => {
  const p = createRenderPool({ maxThreads: 1, timeoutMs: 1, cacheBytes: 0 });
  const m = sampleModels('phom', 'en').result;
  await assert.rejects(p.render('result', m), /abort/i);
  await assert.rejects(p.render('result', m), /abort/i, 'and again: nothing stays stuck');
  await p.close();
});

test('an image abandoned while being drawn does not stop its worker, which goes on with the next', async () => {
  // A worker stopped in the middle of a canvas call can abort the whole process (node-canvas throws
  // into the terminating thread: "FATAL ERROR: Error::ThrowAsJavaScriptException napi_throw"), as the
  // pool did to a render past its time. Two thousand hand images at once on one warm worker (a few
  // ms each, seconds in all): at 1 s one is being drawn and the rest wait; all are abandoned.
  const p = createRenderPool({ maxThreads: 1, timeoutMs: 1_000, cacheBytes: 0 });
  const m = sampleModels('chan', 'en').result;
  // A cold worker takes seconds on a loaded machine (its first images past their time): until one arrives.
  const until = Date.now() + 120_000;
  let warm = false;
  while (!warm && Date.now() < until)
    warm = await p.render('result', m).then(
      () => true,
      () => false,
    );
  assert.ok(warm, 'the worker started');
  const [worker] = p.threadIds();
  const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
  const locales = ['vi', 'en', 'zh-TW'] as const;
  const hands = games.flatMap((g) => locales.map((l) => sampleModels(g, l).hand));
  const jobs = Array.from({ length: 2_000 }, (_, k) => p.render('hand', hands[k % hands.length]!));
  const settled = await Promise.allSettled(jobs);
  const abandoned = settled.filter((r) => r.status === 'rejected');
  assert.ok(abandoned.length > 0, 'some were past their time');
  for (const r of abandoned) assert.match(String((r as PromiseRejectedResult).reason), /abort/i);
  // The same worker draws the next image, once it has skipped those that waited past their time
  // (one task at a time: on a loaded machine that takes seconds, and the tries meanwhile are skipped too).
  const again = Date.now() + 120_000;
  let next: Buffer | undefined;
  while (!next && Date.now() < again) next = await p.render('result', m).catch(() => undefined);
  assert.ok(next, 'the worker draws again');
  assert.deepEqual(pngSize(next), imageSize('result', m));
  assert.deepEqual(p.threadIds(), [worker], 'the worker was not stopped');
  await p.close();
});

test('closing a pool of two workers waits for the images being drawn, stopping no worker mid-image', async () => {
  // Piscina's own close (5.3) counted the first busy worker done more than once and stopped the
  // other while it drew: the image was lost, or the process aborted (node-canvas).
  const p = createRenderPool({ maxThreads: 2, cacheBytes: 0 });
  const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
  const jobs = Array.from({ length: 40 }, (_, k) => p.render('table', sampleModels(games[k % 4]!, 'en').table));
  await Promise.race(jobs);
  await p.close();
  const settled = await Promise.allSettled(jobs);
  // Those being drawn at the close are finished; those still waiting are skipped for it.
  assert.deepEqual(
    settled
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason))
      .filter((r) => !/closing/.test(r)),
    [],
    'no image was cut off by a stopped worker',
  );
  assert.ok(settled.filter((r) => r.status === 'fulfilled').length >= 2);
  await assert.rejects(p.render('table', sampleModels('chan', 'vi').table), /closed/, 'a closed pool takes no new image');
  assert.deepEqual(p.threadIds(), [], 'its workers are stopped');
});

test('closing a pool with a deep queue skips the images still waiting and stops its workers at once', async () => {
  const p = createRenderPool({ maxThreads: 2, cacheBytes: 0 });
  const games = ['vn-mahjong', 'classic-mahjong', 'chan', 'phom'] as const;
  const jobs = Array.from({ length: 1_000 }, (_, k) => p.render('table', sampleModels(games[k % 4]!, 'en').table));
  await Promise.race(jobs);
  const started = Date.now();
  await p.close();
  const took = Date.now() - started;
  const settled = await Promise.allSettled(jobs);
  const reasons = settled.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
  assert.ok(reasons.length > 500, `the queue was skipped (${reasons.length} of 1,000 not drawn)`);
  assert.deepEqual(
    reasons.filter((r) => !/closing/.test(r)),
    [],
    'each was skipped for the close, none cut off by a stopped worker',
  );
  assert.deepEqual(p.threadIds(), [], 'its workers are stopped');
  assert.ok(took < 2_000, `closed in ${took} ms, not after drawing the queue`);
});

test('closing a pool answers at once every image no worker has started, and waits only for those being drawn', async () => {
  // By state, not by clock: both workers are held inside an image (pool-helpers `hold`), so no worker
  // can take up a queued task; closing answers their callers all the same, without a worker. (Until
  // 2026-12-06 each waited for a worker to skip it: a deep queue made the close slow on a loaded machine.)
  const unhandled: unknown[] = [];
  const onUnhandled = (e: unknown) => void unhandled.push(e);
  process.on('unhandledRejection', onUnhandled);
  const table = sampleModels('chan', 'en').table;
  try {
    await withHeldPool(
      { threads: 2, cacheBytes: 0, timeoutMs: PATIENCE_MS, warm: [{ kind: 'table', model: table }] },
      { warn: () => undefined },
      async (p, g) => {
        const held: RenderTask[] = [];
        hold((task) => (task.model === table ? (held.push(task), g) : undefined));
        // Each handed to an idle worker as it is submitted (withHeldPool left the pool idle).
        const drawn = [p.render('table', table)];
        blockUntilStarted(held[0]);
        drawn.push(p.render('table', table));
        blockUntilStarted(held[1]);
        hold(null);
        const hand = sampleModels('chan', 'en').hand;
        const reasons: string[] = [];
        const queued = Array.from({ length: 300 }, (_, k) =>
          p.render('hand', { ...hand, status: `queued ${k}` }).then(
            () => 'drawn',
            (e: unknown) => void reasons.push(String(e)),
          ),
        );
        const closed = p.close();
        // Answered from the main thread alone (waiting only bounds a failure).
        assert.ok(
          await waitFor(() => reasons.length === queued.length, 10_000),
          `${reasons.length} of 300 answered while both workers draw`,
        );
        assert.deepEqual(
          reasons.filter((r) => !/closing/.test(r)),
          [],
          'each skipped for the close',
        );
        assert.equal(p.threadIds().length, 2, 'no worker stopped while it draws');
        open(g);
        for (const b of await Promise.all(drawn))
          assert.deepEqual(pngSize(b), imageSize('table', table), 'the images being drawn are finished');
        await closed;
        assert.ok(await waitFor(() => p.threadIds().length === 0), 'then its workers are stopped');
        await assert.rejects(p.render('hand', hand), /closed/, 'a closed pool takes no new image');
      },
    );
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(unhandled, [], "no rejection left unhandled (Piscina's own for the skipped tasks included)");
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});

test('closePool: the shared pool refuses images until it is opened again', async () => {
  const m = sampleModels('phom', 'vi').result;
  await renderAsync('result', m);
  await closePool();
  await assert.rejects(renderAsync('result', m), /closed/, 'no new pool behind the closed one');
  renderPool();
  assert.deepEqual(pngSize(await renderAsync('result', m)), imageSize('result', m));
});

test('rendering errors reject the promise (with the worker’s error), and the pool draws on', async () => {
  await assert.rejects(renderAsync('nope' as 'hand', {} as never), /unknown render kind nope/);
  const m = sampleModels('phom', 'en').result;
  assert.deepEqual(pngSize(await renderAsync('result', m)), imageSize('result', m));
});

test('renderKey: stable under key order and undefined fields, different for any visible change', () => {
  const s = sampleModels('vn-mahjong', 'vi').table;
  const shuffled = Object.fromEntries(Object.entries(s).reverse()) as typeof s;
  assert.equal(renderKey('table', s), renderKey('table', shuffled));
  assert.equal(renderKey('table', s), renderKey('table', { ...s, timer: undefined, ...(s.timer ? { timer: s.timer } : {}) }));
  assert.notEqual(renderKey('table', s), renderKey('table', { ...s, stockCount: s.stockCount - 1 }));
  const seats = s.seats.map((x, i) => (i === 1 ? { ...x, discards: [...x.discards].reverse() } : x));
  assert.notEqual(renderKey('table', s), renderKey('table', { ...s, seats }));
  // the kind is part of the key
  const h = sampleModels('vn-mahjong', 'vi').hand;
  assert.notEqual(renderKey('hand', h), renderKey('table', h as never));
});

test('the pool never draws the same view twice: cached and in-flight requests share one image', async () => {
  const p = createRenderPool({ threads: 1 });
  try {
    const s = sampleModels('phom', 'vi');
    const [a, b] = await Promise.all([p.render('table', s.table), p.render('table', { ...s.table })]);
    assert.equal(a, b, 'identical requests in flight share one task');
    const c = await p.render('table', JSON.parse(JSON.stringify(s.table)) as typeof s.table);
    assert.equal(c, a, 'a later identical view returns the cached buffer');
    const d = await p.render('table', { ...s.table, stockCount: 3 });
    assert.notEqual(d, a);
    assert.deepEqual(p.cacheStats(), { hits: 2, misses: 2, entries: 2, bytes: a.byteLength + d.byteLength });
  } finally {
    await p.close();
  }
});

test('the image cache stays within its byte budget', async () => {
  const s = sampleModels('chan', 'en');
  const q = createRenderPool({ threads: 1, cacheBytes: 0 });
  const one = (await q.render('hand', s.hand)).byteLength;
  await q.close();
  const p = createRenderPool({ threads: 1, cacheBytes: one * 2.5 });
  try {
    for (let i = 0; i < 6; i++) await p.render('hand', { ...s.hand, status: `turn ${i}` });
    const st = p.cacheStats();
    assert.ok(st.bytes <= one * 2.5 + 1024, `${st.bytes} bytes cached`);
    assert.ok(st.entries >= 1 && st.entries <= 3);
    assert.equal(st.misses, 6);
  } finally {
    await p.close();
  }
});

test('pool size: as many workers as the machine allows, or the option, or HQ_RENDER_THREADS', () => {
  assert.equal(THREADS_ENV, 'HQ_RENDER_THREADS');
  assert.ok(poolThreads({}, {}) >= 1);
  assert.equal(poolThreads({ threads: 3 }, { HQ_RENDER_THREADS: '1' }), 3);
  assert.equal(poolThreads({}, { HQ_RENDER_THREADS: '4' }), 4);
  assert.equal(poolThreads({}, { HQ_RENDER_THREADS: 'lots' }), poolThreads({}, {}));
  const p = createRenderPool({ threads: 2 });
  assert.equal(p.threads, 2);
  return p.close();
});

test('an image submitted behind others is encoded faster (same pixels, a few per cent more bytes)', async () => {
  const p = createRenderPool({ threads: 1, cacheBytes: 0 });
  try {
    const m = sampleModels('classic-mahjong', 'en').table;
    const alone = await p.render('table', m);
    // One worker: the first starts at once, the other two wait for it (fewer than a deep queue).
    const burst = await Promise.all([0, 1, 2].map(() => p.render('table', m)));
    assert.ok(burst[0]!.equals(alone), 'nothing waiting: the smallest encoding');
    for (const b of burst.slice(1)) {
      assert.ok(!b.equals(alone), 'queued: the busy deflate level');
      assert.ok(b.byteLength > alone.byteLength && b.byteLength < alone.byteLength * 1.15, `${b.byteLength} vs ${alone.byteLength}`);
    }
    const [x, y] = await Promise.all([loadImage(alone), loadImage(burst[2]!)]);
    const pixels = (img: typeof x) => {
      const c = createCanvas(img.width, img.height);
      c.getContext('2d').drawImage(img, 0, 0);
      return Buffer.from(c.getContext('2d').getImageData(0, 0, img.width, img.height).data);
    };
    assert.ok(pixels(x).equals(pixels(y)), 'the same image');
    // A deep queue (DEEP_QUEUE_PER_THREAD per worker ahead): faster again, the same pixels.
    const deep = await Promise.all(Array.from({ length: DEEP_QUEUE_PER_THREAD + 2 }, () => p.render('table', m)));
    const last = deep[DEEP_QUEUE_PER_THREAD + 1]!;
    assert.ok(deep[1]!.equals(burst[1]!), 'one ahead: the busy level');
    assert.ok(
      last.byteLength > burst[1]!.byteLength && last.byteLength < alone.byteLength * 1.25,
      `${last.byteLength} vs ${burst[1]!.byteLength} (alone ${alone.byteLength})`,
    );
    assert.ok(pixels(x).equals(pixels(await loadImage(last))), 'the same image, deeply queued');
    // A very deep queue (DEEPER_QUEUE_PER_THREAD ahead): level 3, ~28 % more bytes than level 8 on
    // this mahjong table, the same pixels.
    const deeper = await Promise.all(Array.from({ length: DEEPER_QUEUE_PER_THREAD + 2 }, () => p.render('table', m)));
    const lastD = deeper[DEEPER_QUEUE_PER_THREAD + 1]!;
    assert.ok(deeper[DEEP_QUEUE_PER_THREAD + 1]!.equals(last), 'a deep queue: level 4');
    assert.ok(lastD.byteLength > last.byteLength && lastD.byteLength < alone.byteLength * 1.4, `${lastD.byteLength} vs ${last.byteLength}`);
    assert.ok(pixels(x).equals(pixels(await loadImage(lastD))), 'the same image, very deeply queued');
  } finally {
    await p.close();
  }
});
