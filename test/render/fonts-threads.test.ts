import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { createCanvas, loadImage } from 'canvas';
import { createRenderPool } from '../../src/render/pool.js';
import { renderHand, renderTable, renderResult } from '../../src/render/index.js';
import { sampleModels } from './samples.js';

// fonts.ts THREADS: node-canvas's font list is process-wide and unlocked; a render worker registering
// fonts while another drew text corrupted the heap (CI 2026-12-05: "double free or corruption").

test('a worker thread never registers fonts: registerFonts refuses there (the main thread does it once)', async () => {
  // a worker of its own, started as the render pool starts its workers (Piscina, tsx)
  const p = new Piscina({
    filename: fileURLToPath(new URL('./fonts-worker-probe.ts', import.meta.url)),
    execArgv: ['--import', 'tsx'],
    maxThreads: 1,
  });
  const answer = (await p.run(null)) as string;
  await p.destroy();
  assert.match(answer, /^refused: fonts are registered by the main thread/);
});

async function pixels(png: Buffer): Promise<Buffer> {
  const img = await loadImage(png);
  const c = createCanvas(img.width, img.height);
  const ctx = c.getContext('2d');
  ctx.drawImage(img, 0, 0);
  return Buffer.from(ctx.getImageData(0, 0, img.width, img.height).data);
}

test("workers draw text with the fonts the main thread registered: their images equal the main thread's pixel for pixel", async () => {
  const pool = createRenderPool({ threads: 2, cacheBytes: 0 });
  try {
    for (const [game, locale] of [
      ['chan', 'vi'],
      ['classic-mahjong', 'zh-TW'],
      ['phom', 'en'],
    ] as const) {
      const s = sampleModels(game, locale);
      const inWorkers = await Promise.all([pool.render('hand', s.hand), pool.render('table', s.table), pool.render('result', s.result)]);
      const here = [renderHand(s.hand), renderTable(s.table), renderResult(s.result)];
      for (let i = 0; i < 3; i++) assert.ok((await pixels(inWorkers[i]!)).equals(await pixels(here[i]!)), `${game} ${locale} image ${i}`);
    }
  } finally {
    await pool.close();
  }
});
