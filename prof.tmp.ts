import { registerFonts, OUTPUT_SCALE } from './src/render/index.js';
import { layoutTable, drawTable } from './src/render/table.js';
import { layoutHand, drawHand } from './src/render/hand.js';
import { newImage } from './src/render/draw.js';
import { quantize } from './src/render/png.js';
import { deflateSync } from 'node:zlib';
import { sampleModels } from './test/render/samples.js';
import { lateTable } from './test/render/varied.js';
registerFonts?.();
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
for (const g of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
  const s = sampleModels(g, 'en');
  for (const [kind, m] of [['hand', s.hand], ['table', s.table], ['late', lateTable(g, 'en')]] as const) {
    const T = { draw: [] as number[], get: [] as number[], q: [] as number[], raw: [] as number[], z: [] as number[] };
    for (let i = 0; i < 25; i++) {
      let t = performance.now();
      const L = kind === 'hand' ? layoutHand(m as any) : layoutTable(m as any);
      const { canvas, ctx } = newImage(L.width, L.height, OUTPUT_SCALE);
      kind === 'hand' ? drawHand(ctx, m as any, L as any) : drawTable(ctx, m as any, L as any);
      T.draw.push(performance.now() - t); t = performance.now();
      const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      T.get.push(performance.now() - t); t = performance.now();
      const { index } = quantize(rgba, 64);
      T.q.push(performance.now() - t); t = performance.now();
      const raw = Buffer.alloc((canvas.width + 1) * canvas.height);
      const px = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
      let o = 0, k = 0;
      for (let y = 0; y < canvas.height; y++) { raw[o++] = 0; for (let x = 0; x < canvas.width; x++) { const p = px[k++]!; raw[o++] = index[(((p >>> 3) & 31) << 10) | (((p >>> 11) & 31) << 5) | ((p >>> 19) & 31)]!; } }
      T.raw.push(performance.now() - t); t = performance.now();
      deflateSync(raw, { level: 8 });
      T.z.push(performance.now() - t);
    }
    console.log(g, kind, Object.entries(T).map(([k, v]) => `${k} ${med(v).toFixed(1)}`).join('  '));
  }
}
