/**
 * Glyph coverage of our registered fonts, read from their `cmap` tables (formats 4 and 12) once
 * per process (~50 ms, a 136 KB bitset). Text goes through `coverText` before it is measured or
 * drawn: a character that none of our fonts has would otherwise be drawn by whatever font the
 * system has, or as Pango's hex "tofu" box. A "fancy" letter (𝓜, 𝕃, Ｍ) becomes its NFKC form
 * when we have that, anything else '?'; a stray combining mark is dropped, a control character
 * (C0, DEL, C1) becomes a space; default-ignorable characters such as the emoji joiner stay
 * (Pango draws nothing for them). A stack of more than `MAX_MARKS` non-spacing marks on one
 * character ("Z̴̡̛͈a̸̧l̸g̵o" names) keeps its first `MAX_MARKS`: the rest would be drawn far above and
 * below the line, over the captions and panels next to the text.
 *
 * Why a cmap reader of our own: it reads only each font's `cmap` table (a few hundred KB), where the
 * font libraries (fontkit, opentype.js) load the whole file, 6–15 MB per CJK face, in every render
 * worker at start.
 */
import { closeSync, openSync, readSync } from 'node:fs';

function readAt(fd: number, pos: number, len: number): Buffer {
  const b = Buffer.alloc(len);
  readSync(fd, b, 0, len, pos);
  return b;
}

/** Sets a bit in `bits` for every code point that `file`'s cmap maps to a real glyph. */
export function addCoverage(bits: Uint32Array, file: string): void {
  const fd = openSync(file, 'r');
  try {
    const head = readAt(fd, 0, 12);
    const numTables = head.readUInt16BE(4);
    const dir = readAt(fd, 12, numTables * 16);
    let cmap: Buffer | null = null;
    for (let i = 0; i < numTables; i++) {
      if (dir.toString('latin1', i * 16, i * 16 + 4) === 'cmap') {
        cmap = readAt(fd, dir.readUInt32BE(i * 16 + 8), dir.readUInt32BE(i * 16 + 12));
      }
    }
    if (!cmap) return;
    const set = (cp: number) => {
      bits[cp >>> 5]! |= 1 << (cp & 31);
    };
    const n = cmap.readUInt16BE(2);
    for (let i = 0; i < n; i++) {
      const platform = cmap.readUInt16BE(4 + i * 8);
      const encoding = cmap.readUInt16BE(6 + i * 8);
      if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
      const o = cmap.readUInt32BE(8 + i * 8);
      const format = cmap.readUInt16BE(o);
      if (format === 12) {
        const groups = cmap.readUInt32BE(o + 12);
        for (let g = 0; g < groups; g++) {
          const p = o + 16 + g * 12;
          const start = cmap.readUInt32BE(p);
          const end = Math.min(cmap.readUInt32BE(p + 4), 0x10ffff);
          const glyph = cmap.readUInt32BE(p + 8);
          for (let cp = start; cp <= end; cp++) if (glyph + cp - start !== 0) set(cp);
        }
      } else if (format === 4) {
        const segs = cmap.readUInt16BE(o + 6) / 2;
        const ends = o + 14;
        const starts = ends + segs * 2 + 2;
        const deltas = starts + segs * 2;
        const ranges = deltas + segs * 2;
        for (let s = 0; s < segs; s++) {
          const end = cmap.readUInt16BE(ends + s * 2);
          const start = cmap.readUInt16BE(starts + s * 2);
          const delta = cmap.readUInt16BE(deltas + s * 2);
          const ro = cmap.readUInt16BE(ranges + s * 2);
          for (let cp = start; cp <= end && cp < 0xffff; cp++) {
            let glyph: number;
            if (ro === 0) glyph = (cp + delta) & 0xffff;
            else {
              const at = ranges + s * 2 + ro + (cp - start) * 2;
              const raw = at + 2 <= cmap.length ? cmap.readUInt16BE(at) : 0;
              glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
            }
            if (glyph !== 0) set(cp);
          }
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** Characters that draw nothing (joiners, variation selectors, bidi controls, tags). */
const IGNORABLE: readonly [number, number][] = [
  [0xad, 0xad],
  [0x34f, 0x34f],
  [0x61c, 0x61c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0xe0000, 0xe0fff],
];
const ignorable = (cp: number): boolean => IGNORABLE.some(([a, b]) => cp >= a && cp <= b);
const MARK = /\p{M}/u;
/** A mark drawn over or under the character before it (variation selectors excluded: they draw nothing). */
const STACKED = /[\p{Mn}\p{Me}]/u;
const VARIATION = /[\u{fe00}-\u{fe0f}\u{e0100}-\u{e01ef}]/u;
/**
 * Non-spacing marks kept on one character: Vietnamese (ệ written as e + two marks), Thai (vowel
 * and tone mark), Arabic (shadda and a vowel) need two; zalgo text stacks dozens.
 */
export const MAX_MARKS = 2;
/** C0 controls, DEL and C1 controls (drawn as a space). */
const control = (cp: number): boolean => cp < 0x20 || (cp >= 0x7f && cp < 0xa0);

let coverage: Uint32Array | null = null;
let files: () => string[] = () => [];

/** Sets where the font files come from (fonts.ts); coverage is read on first use. */
export function setCoverageFiles(f: () => string[]): void {
  files = f;
  coverage = null;
}

/** True when one of our fonts has a glyph for code point `cp`. */
export function hasGlyph(cp: number): boolean {
  if (!coverage) {
    coverage = new Uint32Array(0x110000 / 32);
    for (const f of files()) addCoverage(coverage, f);
  }
  return (coverage[cp >>> 5]! & (1 << (cp & 31))) !== 0;
}

/** `t` with every character that no font of ours can draw replaced by '?' (marks dropped). */
export function coverText(t: string): string {
  // fast path: plain Latin, Vietnamese and CJK names, checked without building a new string
  let ok = true;
  let marks = 0;
  for (const ch of t) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x7f ? cp >= 0x20 : !control(cp) && (hasGlyph(cp) || ignorable(cp))) {
      // a run of stacked marks longer than MAX_MARKS takes the slow path
      if (cp >= 0x300 && STACKED.test(ch) && !VARIATION.test(ch)) {
        if (++marks > MAX_MARKS) {
          ok = false;
          break;
        }
      } else marks = 0;
      continue;
    }
    ok = false;
    break;
  }
  if (ok) return t;
  let out = '';
  marks = 0;
  for (const ch of t.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    const stacked = cp >= 0x300 && STACKED.test(ch) && !VARIATION.test(ch);
    if (stacked && ++marks > MAX_MARKS) continue;
    if (!stacked) marks = 0;
    if (control(cp)) out += ' ';
    else if ((cp >= 0x20 && cp < 0x7f) || hasGlyph(cp) || ignorable(cp)) out += ch;
    else if (MARK.test(ch)) continue;
    else {
      // "fancy" letters (𝓜𝓲𝓷𝓱, 𝕃𝕒𝕟, Ｍ, ①) read as their plain compatibility form
      const plain = ch.normalize('NFKC');
      out += plain !== ch && Array.from(plain).every((c) => hasGlyph(c.codePointAt(0)!)) ? plain : '?';
    }
  }
  return out;
}
