/**
 * /rules' piece sheet depends on the game and language only: it is drawn once per pair and kept
 * (src/bot/renderer.ts `drawnOnce`), also when many /rules come at once; a failed drawing is tried again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRenderer, drawnOnce } from '../../src/bot/renderer.js';

test('fifty sheets asked at once are drawn once per game and language; a failed drawing is not kept', async () => {
  const drawn: string[] = [];
  let fail = true;
  const sheet = drawnOnce(async (game, lang) => {
    drawn.push(`${game}:${lang}`);
    await new Promise((r) => setTimeout(r, 5));
    if (game === 'chan' && fail) throw new Error('worker died');
    return Buffer.from(`${game}:${lang}`);
  });
  const pngs = await Promise.all(Array.from({ length: 50 }, (_, k) => sheet(k % 2 ? 'phom' : 'vn-mahjong', k % 5 ? 'vi' : 'en')));
  assert.deepEqual([...drawn].sort(), ['phom:en', 'phom:vi', 'vn-mahjong:en', 'vn-mahjong:vi']);
  assert.equal(pngs[1], pngs[3], 'the same image, not a copy');
  assert.equal(pngs[1]!.toString(), 'phom:vi');
  await assert.rejects(sheet('chan', 'en'), /worker died/);
  fail = false;
  assert.equal((await sheet('chan', 'en')).toString(), 'chan:en');
  assert.equal(drawn.filter((d) => d === 'chan:en').length, 2);
});

test('the bot renderer keeps the real sheet (main-thread drawing)', async () => {
  const { renderer, close } = await createRenderer(0);
  try {
    const [a, b] = await Promise.all([renderer.sheet('phom', 'zh-TW'), renderer.sheet('phom', 'zh-TW')]);
    assert.ok(a.length > 1000);
    assert.equal(a, b);
    assert.notEqual(await renderer.sheet('phom', 'en'), a);
  } finally {
    await close();
  }
});
