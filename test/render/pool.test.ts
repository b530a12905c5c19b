import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { renderAsync, closePool, createRenderPool } from '../../src/render/pool.js';
import { sampleModels, imageSize } from '../../src/render/index.js';
import { PNG_SIG, pngSize } from './helpers.js';

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

test('rendering errors reject the promise', async () => {
  await assert.rejects(renderAsync('nope' as 'hand', {} as never));
});
