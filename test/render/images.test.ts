import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  renderHand,
  renderTable,
  renderResult,
  renderSheet,
  imageSize,
  renderKind,
  allCodes,
  registerFonts,
  setTextProbe,
  outputScale,
} from '../../src/render/index.js';
import type { FitResult } from '../../src/render/index.js';
import { sprite, pieceDims } from '../../src/render/sprites.js';
import { CLAIM_SIZE } from '../../src/render/claim.js';
import { isMahjong } from '../../src/render/codes.js';
import { LOCALES, RENDER_GAMES, BACK } from '../../src/render/model.js';
import { sampleModels } from './samples.js';
import { PNG_SIG, pngSize, stressModels } from './helpers.js';

registerFonts();
const MB = 1024 * 1024;

function checkPng(b: Buffer, want: { width: number; height: number }, what: string): void {
  assert.ok(b.subarray(0, 8).equals(PNG_SIG), `${what}: PNG signature`);
  assert.deepEqual(pngSize(b), want, `${what}: size`);
  assert.ok(b.length < MB, `${what}: ${b.length} bytes ≥ 1 MB`);
}

test('every tile/card code renders non-blank, upright and sideways', () => {
  for (const g of RENDER_GAMES) {
    for (const code of [...allCodes(g), BACK]) {
      for (const w of [40, 80]) {
        const c = sprite(g, code, w, { label: 'vi' });
        assert.deepEqual({ w: c.width, h: c.height }, pieceDims(g, w), `${g} ${code}`);
        const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        const colours = new Set<number>();
        let opaque = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i + 3]! > 200) opaque++;
          colours.add(((data[i]! >> 4) << 8) | ((data[i + 1]! >> 4) << 4) | (data[i + 2]! >> 4));
        }
        assert.ok(opaque > c.width * c.height * 0.8, `${g} ${code}: mostly opaque`);
        assert.ok(colours.size >= 6, `${g} ${code}@${w}: has a drawn face (${colours.size} colours)`);
      }
      const side = sprite(g, code, 50, { sideways: true });
      const up = sprite(g, code, 50);
      assert.deepEqual({ w: side.width, h: side.height }, { w: up.height, h: up.width });
    }
  }
});

test('a hand of every code renders for every game', () => {
  for (const g of RENDER_GAMES) {
    const m = { game: g, locale: 'vi' as const, title: g, hand: allCodes(g), groups: [] };
    checkPng(renderHand(m), imageSize('hand', m), `${g} all-codes hand`);
  }
});

test('samples: every game × locale × image kind, expected size, < 1 MB', () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const s = sampleModels(g, l);
      checkPng(renderHand(s.hand), imageSize('hand', s.hand), `${g}/${l} hand`);
      checkPng(renderTable(s.table), imageSize('table', s.table), `${g}/${l} table`);
      checkPng(renderResult(s.result), imageSize('result', s.result), `${g}/${l} result`);
      assert.equal(imageSize('hand', s.hand).width, Math.round((g === 'chan' ? 720 : 1200) * outputScale(g)));
      assert.equal(imageSize('table', s.table).width, Math.round(1200 * outputScale(g)));
    }
    checkPng(renderSheet(g, 'vi'), imageSize('sheet', { game: g, locale: 'vi' }), `${g} sheet`);
  }
});

test('no text overflows its box (long names, 6 seats, long Vietnamese labels, all locales)', () => {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  try {
    for (const g of RENDER_GAMES) {
      for (const l of LOCALES) {
        const s = stressModels(g, l);
        checkPng(renderHand(s.hand), imageSize('hand', s.hand), `${g}/${l} stress hand`);
        checkPng(renderTable(s.table), imageSize('table', s.table), `${g}/${l} stress table`);
        checkPng(renderResult(s.result), imageSize('result', s.result), `${g}/${l} stress result`);
        const n = sampleModels(g, l);
        renderHand(n.hand);
        renderTable(n.table);
        renderResult(n.result);
      }
      renderSheet(g, 'zh-TW');
    }
  } finally {
    setTextProbe(null);
  }
  assert.ok(seen.length > 500, `probe saw ${seen.length} texts`);
  for (const r of seen) {
    assert.ok(r.width <= r.box.w + 0.5, `"${r.drawn}" is ${r.width.toFixed(1)} px wide in a ${r.box.w.toFixed(1)} px box`);
    assert.ok(r.size <= r.box.h + 0.01, `"${r.drawn}" at ${r.size}px in a ${r.box.h}px high box`);
  }
  assert.ok(
    seen.some((r) => r.ellipsized),
    'the stress models exercise ellipsizing',
  );
  assert.ok(
    seen.some((r) => r.drawn.includes('Nguyễn')),
    'the long names are drawn (not dropped)',
  );
});

test('6 seats: the table grows but keeps its width', () => {
  const s = stressModels('vn-mahjong', 'vi').table;
  const size = imageSize('table', s);
  assert.equal(size.width, Math.round(1200 * outputScale('vn-mahjong')));
  assert.ok(size.height > imageSize('table', sampleModels('vn-mahjong', 'vi').table).height);
});

test('edge cases: empty hand, bare table, no winner, empty lists', () => {
  for (const g of RENDER_GAMES) {
    const hand = { game: g, locale: 'en' as const, title: '', hand: [], groups: [] };
    checkPng(renderHand(hand), imageSize('hand', hand), `${g} empty hand`);
    const drawnOnly = {
      game: g,
      locale: 'vi' as const,
      title: 'x',
      hand: [],
      drawn: allCodes(g)[0]!,
      keys: ['A'],
      groups: [{ codes: [] }],
    };
    checkPng(renderHand(drawnOnly), imageSize('hand', drawnOnly), `${g} drawn only`);
    const table = {
      game: g,
      locale: 'zh-TW' as const,
      title: '',
      seats: [
        { name: '', isTurn: false, handCount: 0, groups: [], discards: [] },
        { name: 'B', isTurn: true, handCount: 3, groups: [{ codes: [BACK, BACK], concealed: true }], discards: [BACK] },
      ],
      stockCount: 0,
      stockLabel: '',
      lastDiscard: { seat: 7, index: 99 },
    };
    checkPng(renderTable(table), imageSize('table', table), `${g} bare table`);
    const result = { game: g, locale: 'vi' as const, title: '', lines: [], totals: [], payments: [] };
    checkPng(renderResult(result), imageSize('result', result), `${g} no winner`);
  }
});

test('a repeated image is blits only: no sprite is painted again', async () => {
  const { spriteStats } = await import('../../src/render/sprites.js');
  const s = sampleModels('classic-mahjong', 'en');
  renderHand(s.hand);
  renderTable(s.table);
  const before = spriteStats().painted;
  renderHand(s.hand);
  renderTable(s.table);
  assert.equal(spriteStats().painted, before);
});

test('a late-game table of every game (4 seats, sets, flowers, full ponds) fits 1200 × 900', async () => {
  const { lateTable } = await import('./varied.js');
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const m = lateTable(g, l);
      const b = renderTable(m);
      const size = pngSize(b);
      assert.ok(size.width <= 1200 && size.height <= 900, `${g}/${l}: ${size.width}×${size.height}`);
      assert.deepEqual(size, imageSize('table', m));
    }
  }
});

test('images are palette PNGs that keep the drawing (every pixel within a small distance)', async () => {
  const { quantize } = await import('../../src/render/png.js');
  const { createCanvas } = await import('canvas');
  const { layoutTable, drawTable } = await import('../../src/render/table.js');
  const b = renderTable(sampleModels('vn-mahjong', 'vi').table);
  assert.equal(b[25], 3, 'colour type 3 (indexed)');
  // re-draw the same table in truecolour and map it through the palette: mean error stays tiny
  const m = sampleModels('vn-mahjong', 'vi').table;
  const L = layoutTable(m);
  const c = createCanvas(L.width, L.height);
  drawTable(c.getContext('2d'), m, L);
  const d = c.getContext('2d').getImageData(0, 0, L.width, L.height).data;
  const q = quantize(d);
  let err = 0;
  let worst = 0;
  for (let i = 0; i < d.length; i += 4) {
    const k = q.index[((d[i]! >> 3) << 10) | ((d[i + 1]! >> 3) << 5) | (d[i + 2]! >> 3)]!;
    const e =
      Math.abs(q.palette[k * 3]! - d[i]!) + Math.abs(q.palette[k * 3 + 1]! - d[i + 1]!) + Math.abs(q.palette[k * 3 + 2]! - d[i + 2]!);
    err += e;
    worst = Math.max(worst, e);
  }
  const mean = err / (d.length / 4);
  assert.ok(mean < 4, `mean error ${mean.toFixed(2)} per pixel (sum of 3 channels)`);
  assert.ok(q.colours > 256, 'the image had more colours than the palette');
});

test("result: the winner's whole hand, leftover cards, scored jokers and flowers, the winning piece tagged", () => {
  const seen: string[] = [];
  setTextProbe((r) => seen.push(r.drawn));
  try {
    const base = sampleModels('vn-mahjong', 'vi').result;
    const bare = { ...base, winner: { ...base.winner!, jokers: undefined, flowers: undefined, caption: undefined } };
    renderResult(base);
    assert.ok(seen.includes('Khung') && seen.includes('Hoa') && seen.includes('Trên tay'), seen.join('|'));
    assert.ok(seen.includes('Ù'), 'the winning tile carries the win tag');
    assert.ok(seen.includes(base.winner!.caption!));
    assert.ok(imageSize('result', base).height > imageSize('result', bare).height, 'flowers take a row');
    seen.length = 0;
    const phom = sampleModels('phom', 'en').result;
    renderResult(phom);
    assert.ok(seen.includes('Leftover') && seen.includes('Win'), seen.join('|'));
    // an explicit position of the winning piece is honoured (the hand's first 9 Crak, not the last)
    seen.length = 0;
    checkPng(
      renderResult({ ...base, winner: { ...base.winner!, winningAt: { group: 2, index: 6 } } }),
      imageSize('result', base),
      'winningAt',
    );
    assert.ok(seen.includes('Ù'));
  } finally {
    setTextProbe(null);
  }
});

test('claim thumbnails: every piece of every game alone on a small square, its own image size', () => {
  for (const g of RENDER_GAMES) {
    const codes = allCodes(g);
    for (const code of [codes[0]!, codes[codes.length - 1]!]) {
      const m = { game: g, locale: 'vi' as const, code };
      const b = renderKind('claim', m);
      assert.deepEqual(b.subarray(0, 8), PNG_SIG);
      assert.deepEqual(pngSize(b), imageSize('claim', m));
      const side = Math.round(CLAIM_SIZE * outputScale(g));
      assert.deepEqual(imageSize('claim', m), { width: side, height: side });
      assert.ok(b.length < 4000, `${g} ${code}: ${b.length} bytes`);
    }
    // different pieces draw different images
    assert.notDeepEqual(
      renderKind('claim', { game: g, locale: 'en', code: codes[0]! }),
      renderKind('claim', { game: g, locale: 'en', code: codes[1]! }),
    );
  }
});

test('a small patch of a distinct ink keeps its own palette entry (png.ts serveWorst)', async () => {
  const { quantize } = await import('../../src/render/png.js');
  const { createCanvas } = await import('canvas');
  const c = createCanvas(780, 300);
  const g = c.getContext('2d');
  // felt, ivory and many anti-aliasing-like blends between them, as on a mahjong table
  const grad = g.createLinearGradient(0, 0, 780, 0);
  grad.addColorStop(0, '#1b4d3e');
  grad.addColorStop(0.5, '#f4ecd8');
  grad.addColorStop(1, '#b22222');
  g.fillStyle = grad;
  g.fillRect(0, 0, 780, 300);
  const blue = g.createLinearGradient(0, 0, 0, 300);
  blue.addColorStop(0, 'rgba(30, 60, 160, 0)');
  blue.addColorStop(1, 'rgba(30, 60, 160, 0.9)');
  g.fillStyle = blue;
  g.fillRect(0, 0, 780, 300);
  // a plum blossom's magenta: 156 px of 234,000
  g.fillStyle = 'rgb(194, 24, 91)';
  g.fillRect(400, 140, 12, 13);
  const d = g.getImageData(0, 0, 780, 300).data;
  const q = quantize(d, 40);
  const k = q.index[((194 >> 3) << 10) | ((24 >> 3) << 5) | (91 >> 3)]!;
  const dist = Math.hypot(q.palette[k * 3]! - 194, q.palette[k * 3 + 1]! - 24, q.palette[k * 3 + 2]! - 91);
  assert.ok(dist < 12, `magenta drawn as (${q.palette.slice(k * 3, k * 3 + 3).join(', ')}), ${dist.toFixed(1)} away`);
  assert.ok(q.palette.length <= 40 * 3);
});

test("the mahjongs' images use 40 palette entries, the card games' 64", () => {
  const plte = (b: Buffer) => b.readUInt32BE(33) / 3; // IHDR is 8 + 25 bytes: PLTE's length follows
  for (const g of RENDER_GAMES) {
    const n = plte(renderTable(sampleModels(g, 'vi').table));
    assert.ok(isMahjong(g) ? n <= 40 && n > 32 : n > 40 && n <= 64, `${g}: ${n} entries`);
  }
});
