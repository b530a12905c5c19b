/**
 * The e2e harness encodes images at the deflate level of a busy bot (harness.ts `startWorld`), a
 * setting of the whole process (draw.ts): once its worlds stopped, the files run after it in the same
 * batch encoded at that level too (test/render's byte budgets are the idle level's). The last world
 * to stop sets the idle level back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFLATE_LEVEL, setDeflateLevel } from '../../src/render/draw.js';
import { registerFonts, renderSheet } from '../../src/render/index.js';
import { startWorld, withWorld } from './harness.js';

test('once every world stopped, images are encoded at the idle deflate level again', async () => {
  registerFonts();
  setDeflateLevel(DEFLATE_LEVEL);
  const idle = renderSheet('phom', 'en');
  let during: Buffer | null = null;
  await withWorld(async () => {
    const inner = await startWorld({ users: 2 });
    await inner.stop();
    during = renderSheet('phom', 'en'); // a world still runs: the busy level
  });
  assert.ok(during && !idle.equals(during), 'a running world encodes at its own level');
  assert.ok(renderSheet('phom', 'en').equals(idle), 'the idle level once the worlds stopped');
});
