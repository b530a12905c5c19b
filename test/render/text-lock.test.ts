/**
 * text-lock.ts: one thread at a time lays out or draws text (cairo 1.16's FreeType backend closes a
 * font file another thread reads once more than 10 are open: two render workers segfaulted the
 * process). A render worker's text waits while another thread holds the process's lock.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRenderPool, setRenderLog } from '../../src/render/pool.js';
import { textLock, textLockHolder, withTextLock } from '../../src/render/text-lock.js';
import { waitFor } from './pool-helpers.js';
import { sampleModels } from './samples.js';

const release = (lock: Int32Array) => {
  Atomics.store(lock, 0, 0);
  Atomics.notify(lock, 0);
};

test('a render worker draws text only holding the process text lock: held elsewhere, its image waits', async () => {
  const pool = createRenderPool({ threads: 1, cacheBytes: 0, timeoutMs: 120_000 });
  const lock = textLock();
  try {
    await pool.render('sheet', { game: 'phom', locale: 'en' }); // the worker is up
    Atomics.store(lock, 0, 1); // as if another thread were drawing text
    let done = false;
    // a title never drawn before: measured and drawn now, not taken from the worker's caches
    const hand = { ...sampleModels('chan', 'vi').hand, title: `Lock probe ${process.hrtime.bigint()}` };
    const image = pool.render('hand', hand).then((b) => ((done = true), b));
    await new Promise((r) => setTimeout(r, 1_500));
    assert.equal(done, false, 'the worker waits for the lock');
    release(lock);
    assert.ok((await image).length > 1_000, 'then draws the image');
  } finally {
    release(lock);
    await pool.close();
  }
});

test('withTextLock: nested calls on one thread do not wait for themselves; the lock is free after, even on a throw', () => {
  const lock = textLock();
  assert.equal(
    withTextLock(() => withTextLock(() => Atomics.load(lock, 0))),
    1,
  );
  assert.equal(Atomics.load(lock, 0), 0);
  assert.throws(
    () =>
      withTextLock(() => {
        throw new Error('canvas failed');
      }),
    /canvas failed/,
  );
  assert.equal(Atomics.load(lock, 0), 0);
});

test('the lock names its holder: a render stuck behind text held elsewhere is logged at twice its time with who holds it', async () => {
  const lock = textLock();
  assert.equal(textLockHolder(), null);
  assert.equal(
    withTextLock(() => textLockHolder()),
    0,
    'the main thread (id 0)',
  );
  assert.equal(textLockHolder(), null);
  const warnings: Record<string, unknown>[] = [];
  const pool = createRenderPool({ threads: 1, cacheBytes: 0, timeoutMs: 3_000 });
  try {
    await pool.render('sheet', { game: 'phom', locale: 'en' }); // the worker is up
    setRenderLog({ warn: (fields) => warnings.push(fields) });
    Atomics.store(lock, 0, 7 + 1); // as if thread 7 were hung inside a text call
    const hand = { ...sampleModels('chan', 'en').hand, title: `Lock probe ${process.hrtime.bigint()}` };
    const image = pool.render('hand', hand).catch(() => undefined);
    assert.ok(await waitFor(() => warnings.length > 0, 60_000), 'logged as hung');
    assert.equal(warnings[0]!.textLockHeldBy, 7);
    release(lock);
    await image;
  } finally {
    release(lock);
    setRenderLog(null);
    await pool.close();
  }
});
