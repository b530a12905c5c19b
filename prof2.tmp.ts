import { OUTPUT_SCALE } from './src/render/index.js';
import { layoutTable, drawTable } from './src/render/table.js';
import { layoutHand, drawHand } from './src/render/hand.js';
import { newImage } from './src/render/draw.js';
import { quantize } from './src/render/png.js';
import { deflateSync, constants as Z } from 'node:zlib';
import { sampleModels } from './test/render/samples.js';
import { lateTable } from './test/render/varied.js';
const med = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
const raws: Buffer[] = [];
for (const g of ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const) {
  const s = sampleModels(g, 'en');
  for (const [kind, m] of [['hand', s.hand], ['table', s.table], ['late', lateTable(g, 'en')]] as const) {
    const L = kind === 'hand' ? layoutHand(m as any) : layoutTable(m as any);
    const { canvas, ctx } = newImage(L.width, L.height, OUTPUT_SCALE);
    kind === 'hand' ? drawHand(ctx, m as any, L as any) : drawTable(ctx, m as any, L as any);
    const rgba = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const { index } = quantize(rgba, 64);
    const raw = Buffer.alloc((canvas.width + 1) * canvas.height);
    const px = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
    let o = 0, k = 0;
    for (let y = 0; y < canvas.height; y++) { raw[o++] = 0; for (let x = 0; x < canvas.width; x++) { const p = px[k++]!; raw[o++] = index[(((p >>> 3) & 31) << 10) | (((p >>> 11) & 31) << 5) | ((p >>> 19) & 31)]!; } }
    raws.push(raw);
  }
}
const variants: [string, object][] = [
  ['L8', { level: 8 }], ['L6', { level: 6 }], ['L5', { level: 5 }], ['L4', { level: 4 }], ['L3', { level: 3 }], ['L1', { level: 1 }],
  ['L8 filtered', { level: 8, strategy: Z.Z_FILTERED }], ['L6 filtered', { level: 6, strategy: Z.Z_FILTERED }],
  ['RLE', { level: 6, strategy: Z.Z_RLE }], ['L8 mem9', { level: 8, memLevel: 9 }], ['L6 mem9', { level: 6, memLevel: 9 }],
];
for (const [name, opt] of variants) {
  let bytes = 0; const ts: number[] = [];
  for (let r = 0; r < 9; r++) { const t = performance.now(); bytes = 0; for (const raw of raws) bytes += deflateSync(raw, opt).length; ts.push(performance.now() - t); }
  console.log(name.padEnd(14), (bytes / 1024).toFixed(1), 'KB', med(ts).toFixed(1), 'ms total (12 imgs)');
}
