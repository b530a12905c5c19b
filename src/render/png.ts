/**
 * PNG encoding with a 256-colour palette (issue #17 §3: small uploads). Our images are flat
 * felt, ivory pieces, a few inks and their anti-aliased edges: 7–16 thousand distinct colours but
 * only ~1–2 thousand once each channel is cut to 5 bits. A median cut over that 15-bit histogram
 * (weighted by pixel count; each palette entry is the exact mean of the pixels it stands for)
 * gives a palette that looks the same at 100 % and makes the file ~3× smaller than truecolour.
 * No dithering: it would cost compression and add noise to flat areas.
 */
import { deflateSync } from 'node:zlib';
import type { Canvas } from 'canvas';
import { endianness } from 'node:os';

const LE = endianness() === 'LE';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = CRC_TABLE[(c ^ buf[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** RGBA bytes as one 32-bit word per pixel (little-endian: R in the low byte). */
function pixels32(rgba: Uint8Array | Uint8ClampedArray): Uint32Array {
  if (LE && rgba.byteOffset % 4 === 0) return new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  const out = new Uint32Array(rgba.length >> 2);
  for (let i = 0, j = 0; i < out.length; i++, j += 4)
    out[i] = (rgba[j]! | (rgba[j + 1]! << 8) | (rgba[j + 2]! << 16) | (rgba[j + 3]! << 24)) >>> 0;
  return out;
}

/**
 * Where red and blue sit in a pixel word (green is bits 8–15 in both): `rgba` is getImageData's
 * byte order read as little-endian words (R in the low byte); `native` is cairo's own surface
 * (`canvas.toBuffer('raw')`: ARGB32 or RGB24 as native-endian 0xAARRGGBB words, B in the low byte
 * on little-endian machines). Reading the surface as it is skips getImageData's copy and its
 * un-premultiplying of every pixel (~1.5 ms of a 900 × 456 table; our images are opaque, so
 * premultiplied and straight colours are the same).
 */
export type PixelLayout = 'rgba' | 'native';
const SHIFTS: Record<PixelLayout, { r: number; b: number }> = { rgba: { r: 0, b: 16 }, native: { r: 16, b: 0 } };

/** The 15-bit histogram bin (5 bits per channel) of a pixel word. */
function key15(p: number, rs: number, bs: number): number {
  return (((p >>> (rs + 3)) & 31) << 10) | (((p >>> 11) & 31) << 5) | ((p >>> (bs + 3)) & 31);
}

/** A 15-bit bin's value on channel `c` (0 red, 1 green, 2 blue), 0–31. */
const ch = (k: number, c: number): number => (c === 0 ? k >> 10 : c === 1 ? (k >> 5) & 31 : k & 31);

/** The bins ordered by their value on `axis`, ties in their given order (a stable counting sort). */
function sortByChannel(bins: number[], axis: number): number[] {
  const start = new Int32Array(33);
  for (const k of bins) start[ch(k, axis) + 1]!++;
  for (let v = 1; v <= 32; v++) start[v]! += start[v - 1]!;
  const out = new Array<number>(bins.length);
  for (const k of bins) out[start[ch(k, axis)]!++] = k;
  return out;
}

interface Box {
  bins: number[];
  count: number;
  axis: number;
  /** Split priority: (widest channel range + 1) × √pixels; rare colours keep their own entries. */
  score: number;
}

/** Median cut over 15-bit bins; returns the palette (RGB triples) and a bin → index map. */
export function quantize(
  rgba: Uint8Array | Uint8ClampedArray,
  maxColours = 256,
  layout: PixelLayout = 'rgba',
): { palette: Uint8Array; index: Uint8Array; colours: number } {
  const { r: rs, b: bs } = SHIFTS[layout];
  const count = new Uint32Array(32768);
  // channel sums per bin (≤ 255 × pixels: fits 32 bits for images up to 16 Mpx)
  const sr = new Uint32Array(32768);
  const sg = new Uint32Array(32768);
  const sb = new Uint32Array(32768);
  const px = pixels32(rgba);
  // Our images are mostly flat fills: count runs of one pixel value at once.
  for (let i = 0; i < px.length;) {
    const p = px[i]!;
    let j = i + 1;
    while (j < px.length && px[j] === p) j++;
    const n = j - i;
    i = j;
    const k = key15(p, rs, bs);
    count[k]! += n;
    sr[k]! += ((p >>> rs) & 255) * n;
    sg[k]! += ((p >>> 8) & 255) * n;
    sb[k]! += ((p >>> bs) & 255) * n;
  }
  const used: number[] = [];
  for (let k = 0; k < 32768; k++) if (count[k]) used.push(k);
  const box = (bins: number[]): Box => {
    let n = 0;
    let best = 0;
    let range = -1;
    const lo = [31, 31, 31];
    const hi = [0, 0, 0];
    for (const k of bins) {
      n += count[k]!;
      const r = k >> 10;
      const g = (k >> 5) & 31;
      const b = k & 31;
      if (r < lo[0]!) lo[0] = r;
      if (r > hi[0]!) hi[0] = r;
      if (g < lo[1]!) lo[1] = g;
      if (g > hi[1]!) hi[1] = g;
      if (b < lo[2]!) lo[2] = b;
      if (b > hi[2]!) hi[2] = b;
    }
    for (let c = 0; c < 3; c++) {
      if (hi[c]! - lo[c]! > range) {
        range = hi[c]! - lo[c]!;
        best = c;
      }
    }
    return { bins, count: n, axis: best, score: bins.length < 2 ? 0 : (range + 1) * Math.sqrt(n) };
  };
  const boxes: Box[] = [box(used)];
  while (boxes.length < maxColours) {
    let pick = -1;
    let score = 0;
    for (let i = 0; i < boxes.length; i++) {
      if (boxes[i]!.score > score) {
        score = boxes[i]!.score;
        pick = i;
      }
    }
    if (pick < 0) break;
    const b = boxes[pick]!;
    const axis = b.axis;
    // Stable counting sort on the axis's 5-bit value: the same order as a stable comparison sort.
    const bins = sortByChannel(b.bins, axis);
    b.bins = bins;
    let acc = 0;
    let cut = 1;
    for (let i = 0; i < b.bins.length - 1; i++) {
      acc += count[b.bins[i]!]!;
      cut = i + 1;
      if (acc >= b.count / 2) break;
    }
    boxes.splice(pick, 1, box(b.bins.slice(0, cut)), box(b.bins.slice(cut)));
  }
  const palette = new Uint8Array(boxes.length * 3);
  const index = new Uint8Array(32768);
  boxes.forEach((b, i) => {
    let n = 0;
    let r = 0;
    let g = 0;
    let bl = 0;
    for (const k of b.bins) {
      n += count[k]!;
      r += sr[k]!;
      g += sg[k]!;
      bl += sb[k]!;
      index[k] = i;
    }
    palette[i * 3] = Math.round(r / n);
    palette[i * 3 + 1] = Math.round(g / n);
    palette[i * 3 + 2] = Math.round(bl / n);
  });
  return { palette, index, colours: used.length };
}

/** An opaque canvas as an indexed-colour PNG (alpha is ignored: our images are opaque). */
export function encodeIndexed(canvas: Canvas, level = 9, maxColours = 256): Buffer {
  const w = canvas.width;
  const h = canvas.height;
  // cairo's surface as it is on little-endian machines (see PixelLayout), getImageData elsewhere
  const layout: PixelLayout = LE ? 'native' : 'rgba';
  const rgba = LE ? canvas.toBuffer('raw') : canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const { r: rs, b: bs } = SHIFTS[layout];
  const { palette, index } = quantize(rgba, maxColours, layout);
  // filter 0 (none) on every row: the usual best for palette images
  const raw = Buffer.alloc((w + 1) * h);
  const px = pixels32(rgba);
  let o = 0;
  let i = 0;
  let last = -1;
  let lastIndex = 0;
  for (let y = 0; y < h; y++) {
    raw[o++] = 0;
    for (let x = 0; x < w; x++) {
      const p = px[i++]!;
      if (p !== last) {
        last = p;
        lastIndex = index[key15(p, rs, bs)]!;
      }
      raw[o++] = lastIndex;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', palette),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
