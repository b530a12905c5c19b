/**
 * PNG encoding with a 256-colour palette (issue #17 §3: small uploads). Our images are flat
 * felt, ivory pieces, a few inks and their anti-aliased edges: 7–16 thousand distinct colours but
 * only ~1–2 thousand once each channel is cut to 5 bits. A median cut over that 15-bit histogram
 * (weighted by pixel count; each palette entry is the exact mean of the pixels it stands for)
 * gives a palette that looks the same at 100 % and makes the file ~3× smaller than truecolour.
 * Half of the entries then go to the colours the cut serves worst (`OWN_ENTRIES_SHARE`).
 * No dithering: it would cost compression and add noise to flat areas.
 */
import * as zlib from 'node:zlib';
import type { Canvas } from 'canvas';
import { endianness } from 'node:os';
import { release } from './release.js';

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

/** zlib's own CRC-32 (Node ≥ 20.15), else ours. */
const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

function crc32(buf: Uint8Array): number {
  if (nativeCrc32) return nativeCrc32(buf);
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

/**
 * RGBA bytes as one signed 32-bit word per pixel (little-endian: R in the low byte). Signed, not
 * unsigned: an opaque pixel's word is above 2³¹, which V8 holds as a double in a Uint32Array read
 * but as a plain integer in an Int32Array one (measured: the histogram scan ~35 % faster).
 */
function pixels32(rgba: Uint8Array | Uint8ClampedArray): Int32Array {
  if (LE && rgba.byteOffset % 4 === 0) return new Int32Array(rgba.buffer, rgba.byteOffset, rgba.length >> 2);
  const out = new Int32Array(rgba.length >> 2);
  for (let i = 0, j = 0; i < out.length; i++, j += 4) out[i] = rgba[j]! | (rgba[j + 1]! << 8) | (rgba[j + 2]! << 16) | (rgba[j + 3]! << 24);
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
  // `>>` on the signed word: the sign bits only reach bits the masks drop
  return (((p >> (rs + 3)) & 31) << 10) | (((p >> 11) & 31) << 5) | ((p >> (bs + 3)) & 31);
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

/**
 * Scratch of this thread's encoder, reused by every image (rendering is synchronous): the 15-bit
 * histogram with its channel sums (≤ 255 × pixels: fits 32 bits for images up to 16 Mpx; cleared
 * entry by entry after each image), the bin → palette index map, and the image's runs of one
 * pixel value, row by row (a run never crosses a row; key and length, ≤ 65,535 px wide). They
 * grow to the largest image drawn here and are never freed: a table is at most 900 × 675 px,
 * 2.4 MB of runs.
 */
const COUNT = new Uint32Array(32768);
const SUM_R = new Uint32Array(32768);
const SUM_G = new Uint32Array(32768);
const SUM_B = new Uint32Array(32768);
const INDEX = new Uint8Array(32768);
let runKey = new Uint16Array(0);
let runLen = new Uint16Array(0);
let rows = Buffer.alloc(0);
const MAX_ROW = 65535;

/**
 * One pass over the pixels: counts each 15-bit bin and its channel sums, and records the runs.
 * Our images are mostly flat fills (~8–11 px per run), so a run is counted at once. Returns the
 * bins used, in ascending order.
 */
function scan(px: Int32Array, w: number, rs: number, bs: number): number[] {
  if (runKey.length < px.length) {
    runKey = new Uint16Array(px.length);
    runLen = new Uint16Array(px.length);
  }
  let r = 0;
  for (let row = 0; row < px.length; row += w) {
    const end = Math.min(px.length, row + w);
    for (let i = row; i < end;) {
      const p = px[i]!;
      let j = i + 1;
      while (j < end && px[j] === p) j++;
      const n = j - i;
      i = j;
      const k = key15(p, rs, bs);
      COUNT[k]! += n;
      SUM_R[k]! += ((p >> rs) & 255) * n;
      SUM_G[k]! += ((p >> 8) & 255) * n;
      SUM_B[k]! += ((p >> bs) & 255) * n;
      runKey[r] = k;
      runLen[r++] = n;
    }
  }
  const used: number[] = [];
  for (let k = 0; k < 32768; k++) if (COUNT[k]) used.push(k);
  return used;
}

/**
 * Share of the palette given, after the median cut, to the colours it serves worst. The cut
 * spends its entries by pixel count and colour range, so a small patch of a distinct ink can share
 * an entry with a far colour: at 40 entries a plum blossom's magenta (156 px) came out salmon, and
 * the green "+156" of a result grey. Measured 2026-12-02 on the hand, table and result samples of
 * both mahjongs (3 seeds): at 40 entries, half of them so given keeps those inks (the largest error
 * of any colour of ≥ 40 px: 69 against 104 without, and 82 for today's 64-entry cut) for 10 % fewer
 * bytes than 64 entries; at 64 entries it halves that error (44) and saves 2.5 %.
 */
const OWN_ENTRIES_SHARE = 0.5;

/** Below this squared RGB distance (12 levels) a colour is served well enough: no entry of its own. */
const SERVED = 12 * 12;

/**
 * Fills the palette (`cut`: the median cut's entries, `INDEX` mapping every used bin to one) up to
 * `maxColours` entries: each new entry is the colour of the bin with the largest squared error ×
 * pixels, and every bin nearer to it than to its entry moves to it. Then each entry becomes the
 * exact mean of the pixels it stands for. Reads the histogram, which the caller clears.
 */
function serveWorst(used: number[], cut: Uint8Array, maxColours: number): Uint8Array {
  const m = used.length;
  const n = new Float64Array(m);
  const mean = new Float64Array(m * 3);
  const err = new Float64Array(m);
  const pal = Array.from(cut);
  const dist2 = (i: number, e: number): number =>
    (mean[i * 3]! - pal[e * 3]!) ** 2 + (mean[i * 3 + 1]! - pal[e * 3 + 1]!) ** 2 + (mean[i * 3 + 2]! - pal[e * 3 + 2]!) ** 2;
  for (let i = 0; i < m; i++) {
    const k = used[i]!;
    n[i] = COUNT[k]!;
    mean[i * 3] = SUM_R[k]! / n[i]!;
    mean[i * 3 + 1] = SUM_G[k]! / n[i]!;
    mean[i * 3 + 2] = SUM_B[k]! / n[i]!;
    err[i] = dist2(i, INDEX[k]!);
  }
  while (pal.length / 3 < maxColours) {
    let worst = -1;
    let score = 0;
    for (let i = 0; i < m; i++) {
      if (err[i]! >= SERVED && err[i]! * n[i]! > score) {
        score = err[i]! * n[i]!;
        worst = i;
      }
    }
    if (worst < 0) break;
    const e = pal.length / 3;
    pal.push(Math.round(mean[worst * 3]!), Math.round(mean[worst * 3 + 1]!), Math.round(mean[worst * 3 + 2]!));
    for (let i = 0; i < m; i++) {
      const d = dist2(i, e);
      if (d < err[i]!) {
        err[i] = d;
        INDEX[used[i]!] = e;
      }
    }
  }
  const entries = pal.length / 3;
  const sum = new Float64Array(entries * 4);
  for (let i = 0; i < m; i++) {
    const e = INDEX[used[i]!]!;
    sum[e * 4]! += n[i]!;
    for (let c = 0; c < 3; c++) sum[e * 4 + 1 + c]! += mean[i * 3 + c]! * n[i]!;
  }
  const out = new Uint8Array(entries * 3);
  for (let e = 0; e < entries; e++) {
    const w = sum[e * 4]!;
    // an entry left with no pixels keeps its colour (unused, harmless)
    for (let c = 0; c < 3; c++) out[e * 3 + c] = w ? Math.round(sum[e * 4 + 1 + c]! / w) : pal[e * 3 + c]!;
  }
  return out;
}

/**
 * Median cut over the scanned bins: fills `INDEX` (bin → palette entry) for the bins used and
 * returns the palette (RGB triples), then clears the histogram for the next image.
 */
function medianCut(used: number[], maxColours: number): Uint8Array {
  const count = COUNT;
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
  const cutColours = maxColours - Math.floor(maxColours * OWN_ENTRIES_SHARE);
  while (boxes.length < cutColours) {
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
    // Stable counting sort on the axis's 5-bit value: the same order as a stable comparison sort.
    b.bins = sortByChannel(b.bins, b.axis);
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
  boxes.forEach((b, i) => {
    let n = 0;
    let r = 0;
    let g = 0;
    let bl = 0;
    for (const k of b.bins) {
      n += count[k]!;
      r += SUM_R[k]!;
      g += SUM_G[k]!;
      bl += SUM_B[k]!;
      INDEX[k] = i;
    }
    palette[i * 3] = Math.round(r / n);
    palette[i * 3 + 1] = Math.round(g / n);
    palette[i * 3 + 2] = Math.round(bl / n);
  });
  const out = serveWorst(used, palette, maxColours);
  for (const k of used) COUNT[k] = SUM_R[k] = SUM_G[k] = SUM_B[k] = 0;
  return out;
}

/** Median cut over 15-bit bins; returns the palette (RGB triples) and a bin → index map. */
export function quantize(
  rgba: Uint8Array | Uint8ClampedArray,
  maxColours = 256,
  layout: PixelLayout = 'rgba',
): { palette: Uint8Array; index: Uint8Array; colours: number } {
  const { r: rs, b: bs } = SHIFTS[layout];
  const used = scan(pixels32(rgba), MAX_ROW, rs, bs);
  const palette = medianCut(used, maxColours);
  return { palette, index: INDEX.slice(), colours: used.length };
}

/**
 * An opaque canvas as an indexed-colour PNG (alpha is ignored: our images are opaque): its top
 * `height` rows (default all; draw.ts surfaces can be taller than the image drawn on them).
 */
export function encodeIndexed(canvas: Canvas, level = 9, maxColours = 256, height = canvas.height): Buffer {
  const w = canvas.width;
  const h = Math.min(height, canvas.height);
  if (w > MAX_ROW) throw new RangeError(`image ${w} px wide: at most ${MAX_ROW}`);
  // cairo's surface as it is on little-endian machines (see PixelLayout; rows are 4 × width bytes
  // in both formats), getImageData elsewhere
  const layout: PixelLayout = LE ? 'native' : 'rgba';
  const rgba = LE ? canvas.toBuffer('raw').subarray(0, w * h * 4) : canvas.getContext('2d').getImageData(0, 0, w, h).data;
  const { r: rs, b: bs } = SHIFTS[layout];
  const used = scan(pixels32(rgba), w, rs, bs);
  // the pixel copy (a whole surface, megabytes) is not read again: free it now (release.ts)
  release(rgba);
  const palette = medianCut(used, maxColours);
  // The index rows, written from the runs (the pixels are not read again); filter 0 (none) on
  // every row: the usual best for palette images.
  const size = (w + 1) * h;
  if (rows.length < size) rows = Buffer.allocUnsafe(size);
  const raw = rows;
  let o = 0;
  let r = 0;
  for (let y = 0; y < h; y++) {
    raw[o++] = 0;
    const stop = o + w;
    while (o < stop) {
      const n = runLen[r]!;
      const v = INDEX[runKey[r++]!]!;
      if (n > 32) {
        raw.fill(v, o, o + n);
        o += n;
      } else {
        for (const e = o + n; o < e; o++) raw[o] = v;
      }
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
    chunk('IDAT', zlib.deflateSync(raw.subarray(0, size), { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
