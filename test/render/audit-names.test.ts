/**
 * Extreme but legal display names (the 2026-12 name audit): zalgo mark stacks stay on their line,
 * an ellipsis never splits a flag, ZWJ emoji, keycap or Indic cluster, an ellipsis after
 * right-to-left text sits at that text's end (its left), a bidi override left open in a name does
 * not reverse the rest of the line, and DEL / C1 controls read as spaces, not '?'.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import {
  LOCALES,
  RENDER_GAMES,
  fitText,
  measureFit,
  registerFonts,
  renderResult,
  renderTable,
  setTextProbe,
} from '../../src/render/index.js';
import type { FitResult, ResultModel, TableModel } from '../../src/render/index.js';
import { coverText } from '../../src/render/glyphs.js';
import { setDeviceScale } from '../../src/render/scale.js';
import { sampleModels } from './samples.js';

registerFonts();

const W = 640;
const H = 160;
type Ctx2d = ReturnType<ReturnType<typeof createCanvas>['getContext']>;

/** Draws with `draw` on a white canvas; returns a dark-ink predicate over its pixels. */
function ink(draw: (ctx: Ctx2d) => void): (x: number, y: number) => boolean {
  const c = createCanvas(W, H);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, W, H);
  draw(ctx);
  const d = ctx.getImageData(0, 0, W, H).data;
  return (x, y) => d[(y * W + x) * 4]! < 160;
}

/** First and last inked rows. */
function rows(at: (x: number, y: number) => boolean): { top: number; bottom: number } {
  let top = H;
  let bottom = -1;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      if (at(x, y)) {
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
  return { top, bottom };
}

/** Heights of the inked column runs, left to right (an ellipsis is three short runs). */
function runs(at: (x: number, y: number) => boolean): number[] {
  const out: number[] = [];
  let cur = -1;
  for (let x = 0; x < W; x++) {
    let lo = H;
    let hi = -1;
    for (let y = 0; y < H; y++)
      if (at(x, y)) {
        lo = Math.min(lo, y);
        hi = Math.max(hi, y);
      }
    if (hi >= 0) cur = Math.max(cur, hi - lo + 1);
    else if (cur >= 0) {
      out.push(cur);
      cur = -1;
    }
  }
  if (cur >= 0) out.push(cur);
  return out;
}

const BOX = { x: 10, y: 60, w: 600, h: 36 };
const fit =
  (t: string, box = BOX) =>
  (ctx: Ctx2d) =>
    fitText(ctx, t, box, { size: 26, minSize: 15, color: '#000' });

test('a zalgo name draws no higher or lower than a Vietnamese name with stacked accents', () => {
  setDeviceScale(1);
  // the tallest legitimate Latin: capitals with two marks, descenders
  const ref = rows(ink(fit('ỖỘẪẬ Nguyễn Ặgjpqy')));
  const zalgo = 'Z̴̡̢̛̛̛͈̙̼̺̖̜̗̗̮͕̩̞̣̤̹̗͚̘̤̺͓̋̈́̊̈́̅̈́̓̈́̈́̐͋̃̓̽̈̍̍̈́̆͘͘͜͝a̸̧̧̛̛͉̫̞̖͚̲̹̟̱̼̯̞͙̝̥̤̟̦̻̐̈́̓̿̎̾͊͂̾̇̈́̐̄͒̾̈́̎̌͑͘͝l̸̨̛̬̤̹̱̭̳̮͍̙̝̺̯̳̩͓̭̝̜̝̓̅̈́̆̃̂̆̂̒̈́͑͋̏̌̈́̈́̀̅͝͝g̵͓̼̝͖̘̘̟̤̳͈̦̥̥͉̫̜̥̜̔̍̃̒̊͌̋̂͋̐̚o';
  const z = rows(ink(fit(zalgo)));
  assert.ok(z.bottom >= 0, 'the zalgo name is drawn');
  assert.ok(z.top >= ref.top - 3 && z.bottom <= ref.bottom + 3, `zalgo ink rows ${z.top}–${z.bottom}, Vietnamese ${ref.top}–${ref.bottom}`);
  // names that need their marks keep them all
  for (const t of ['Nguyễn', 'Nguye\u0302\u0303n', 'ปั้น สมชาย', 'क्षत्रिय', 'مُحَمَّد', '1️⃣#️⃣', '👨‍👩‍👧‍👦🏳️‍🌈']) assert.equal(coverText(t), t);
});

test('an ellipsis never splits a flag, a ZWJ emoji, a keycap or a cluster', () => {
  setDeviceScale(1);
  const ctx = createCanvas(10, 10).getContext('2d');
  const seg = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  const texts = [
    'Lan ' + '🇻🇳🇹🇼🇰🇷'.repeat(4),
    'AB ' + '👨‍👩‍👧‍👦👩🏽‍💻'.repeat(5),
    'Keys ' + '1️⃣#️⃣'.repeat(6),
    'क्षत्रिय स्त्री '.repeat(3),
    'ปั้น'.repeat(12),
    '👍🏽'.repeat(12),
  ];
  for (const t of texts) {
    const parts = Array.from(seg.segment(t), (s) => s.segment);
    const prefixes = new Set(
      parts.map((_, k) =>
        parts
          .slice(0, k + 1)
          .join('')
          .trimEnd(),
      ),
    );
    for (let w = 30; w <= 320; w += 3) {
      const r = measureFit(ctx, t, { x: 0, y: 0, w, h: 30 }, { size: 22, minSize: 20 });
      if (!r.ellipsized || r.drawn === '' || r.drawn === '…') continue;
      const cut = r.drawn.replace(/…\u200f?$/, '');
      assert.ok(prefixes.has(cut), `${JSON.stringify(t)} at ${w}: ${JSON.stringify(r.drawn)} splits a character`);
    }
  }
});

test('an ellipsized right-to-left name ends with its ellipsis at the left, where it reads last', () => {
  setDeviceScale(1);
  const box = { x: 10, y: 60, w: 220, h: 36 };
  for (const t of ['שלום עליכם חבר יקר מאוד מאוד', 'محمد بن عبد الله العربي الكبير', 'Lan → محمد بن عبد الله العربي الكبير']) {
    let r: FitResult | undefined;
    const rs = runs(ink((ctx) => (r = fitText(ctx, t, box, { size: 26, minSize: 20, color: '#000' }))));
    assert.ok(r?.ellipsized, `${t} is cut`);
    if (t.startsWith('Lan')) {
      // the cut Arabic name is followed (to its left) by the ellipsis, right after "Lan → "
      assert.ok(
        rs.slice(-3).every((h) => h > 8),
        `${t}: the line ends in letters, not dots (${rs.join(',')})`,
      );
    } else {
      assert.ok(
        rs.slice(0, 3).every((h) => h <= 6),
        `${t}: dots at the left (${rs.join(',')})`,
      );
      assert.ok(
        rs.slice(-3).every((h) => h > 6),
        `${t}: letters at the right (${rs.join(',')})`,
      );
    }
  }
  // left-to-right names keep the ellipsis at the right
  const rs = runs(ink(fit('Nguyễn Thị Phương Thảo Hoàng Bảo Ngọc', box)));
  assert.ok(
    rs.slice(-3).every((h) => h <= 6),
    rs.join(','),
  );
});

test('a bidi override left open in a name does not reverse the rest of the line', () => {
  setDeviceScale(1);
  const box = { x: 10, y: 60, w: 600, h: 40 };
  const plain = ink(fit('Lan · Hoa (Cúc)', box));
  const rlo = ink(fit('\u202eLan · Hoa (Cúc)', box));
  let differ = 0;
  for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (plain(x, y) !== rlo(x, y)) differ++;
  assert.equal(differ, 0, 'the line reads as without the override');
  // closed pairs stay (the name reads as Discord shows it), and so do isolates
  const seen: string[] = [];
  setTextProbe((r) => seen.push(r.drawn));
  try {
    const ctx = createCanvas(10, 10).getContext('2d');
    for (const t of ['\u202eLan\u202c · Hoa', '\u2068محمد\u2069 → Lan', '\u2067a\u202eb\u2069 c', 'x\u2069 y\u202c', 'Lan \u2066→'])
      fitText(ctx, t, { x: 0, y: 0, w: 500, h: 30 });
    assert.deepEqual(seen, ['\u202eLan\u202c · Hoa', '\u2068محمد\u2069 → Lan', '\u2067a\u202eb\u2069 c', 'x y', 'Lan →']);
    // a payment row from a name with an open override names both people in order
    seen.length = 0;
    const s = sampleModels('phom', 'vi').result;
    renderResult({ ...s, payments: [{ from: '\u202eLan', to: 'Minh', amount: '5' }] });
    assert.ok(seen.includes('Lan → Minh'), seen.join(' | '));
  } finally {
    setTextProbe(null);
  }
});

test('DEL and C1 control characters read as spaces, not "?"', () => {
  assert.equal(coverText('A\u007fB\u0085C\u009bD\u0007E'), 'A B C D E');
});

/** Display names as Discord allows them (32 characters), one per kind of trouble. */
const NAMES = [
  '👨‍👩‍👧‍👦👩🏽‍💻🏳️‍🌈🧑🏿‍🤝‍🧑🏻 Fam',
  '🇻🇳🇹🇼🇰🇷🇺🇸🇯🇵🇫🇷🇩🇪 flags',
  '1️⃣2️⃣#️⃣*️⃣ keycaps',
  'Z̴̡̢̛̛̛͈̙̼̺̖̜̗̗̮͕̩̞̣̤̹̗͚̘̤̺͓̋̈́̊̈́̅̈́̓̈́a̸̧̧̛̛͉̫̞̖͚̲̹̟̱̼̯̞͙̝̥̤̟̦̻l̸̨̛̬̤̹̱̭̳̮͍̙̝̺̯̳̩͓̭̝̜̝g̵͓̼̝͖̘̘̟̤̳͈̦̥̥͉̫̜̥̜o',
  'محمد بن عبد الله العربي',
  'Ali علي 123 (Hà Nội) אבג',
  '林美玲張偉王芳李娜劉洋陳靜楊麗黃強趙磊吳敏周傑徐濤孫燕馬超',
  'สมชายใจดีมากมายที่สุดในโลก',
  'ＦＵＬＬＷＩＤＴＨ　ＮＡＭＥ',
  '𓀀𓀁𓀂𓀃𒀀𒀁',
  'A\u200bB\u200cC\u200dD\u2060E\ufeffF\u0007G\u007fH\u0085I',
  'Lan 😀'.slice(0, 5),
  'W'.repeat(32),
  '𒐫'.repeat(32),
  '\u202eevil name',
  '﷽'.repeat(32),
];

test('every game: tables and results with extreme names render, every text inside its box', () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const s = sampleModels(g, l);
      const n = g === 'vn-mahjong' ? 6 : 4;
      for (let k = 0; k < NAMES.length; k += n) {
        const names = Array.from({ length: n }, (_, i) => NAMES[(k + i) % NAMES.length]!);
        const table: TableModel = {
          ...s.table,
          seats: names.map((name, i) => ({ ...s.table.seats[i % s.table.seats.length]!, name })),
        };
        const result: ResultModel = {
          ...s.result,
          ...(s.result.winner ? { winner: { ...s.result.winner, name: names[0]! } } : {}),
          totals: names.map((name) => ({ name, delta: '+12' })),
          payments: names.map((from, i) => ({ from, to: names[(i + 1) % n]!, amount: '12 · x' })),
        };
        const seen: FitResult[] = [];
        setTextProbe((r) => seen.push(r));
        try {
          renderTable(table);
          renderResult(result);
        } finally {
          setTextProbe(null);
        }
        for (const r of seen) {
          assert.ok(r.width <= r.box.w + 0.01, `${g}/${l}: "${r.drawn}" ${r.width} > ${r.box.w}`);
          assert.ok(!/[\u202a-\u202e]/.test(r.drawn) || /\u202c/.test(r.drawn), `${g}/${l}: open override in "${r.drawn}"`);
        }
      }
    }
  }
});
