/**
 * The 2026-12 visual audit's defects, one test each: emoji / Hangul / Thai / Devanagari names draw
 * real glyphs (no hex "tofu" boxes), text is measured in the font it is drawn in, long result rows
 * take a second line instead of shrinking, the "Win" tag leaves the group caption readable, 2-seat
 * score badges keep their size, the last chart label sits at its tick, long charts drop point
 * markers, and a one-tile "Flowers" group keeps a readable caption.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from 'canvas';
import { fitText, registerFonts, renderResult, renderStandings, renderTable, setTextProbe } from '../../src/render/index.js';
import type { FitResult, ResultModel, StandingsModel, TableModel } from '../../src/render/index.js';
import { font } from '../../src/render/fonts.js';
import { setDeviceScale } from '../../src/render/scale.js';
import { textWidth } from '../../src/render/text.js';
import { ROW_MIN } from '../../src/render/result.js';
import { drawStandings, layoutStandings } from '../../src/render/chart.js';
import { newImage } from '../../src/render/draw.js';
import { scoringLine } from '../../src/table/present/common.js';

registerFonts();

function probed(f: () => unknown): FitResult[] {
  const seen: FitResult[] = [];
  setTextProbe((r) => seen.push(r));
  try {
    f();
  } finally {
    setTextProbe(null);
  }
  return seen;
}

/**
 * Whether the ink drawn by `draw` on a white canvas is a hex box: Pango's missing-glyph box is a
 * rectangle outline, so its ink's top row and left column are (nearly) solid.
 */
function drawsTofu(draw: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void): boolean {
  const c = createCanvas(160, 120);
  const ctx = c.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, 160, 120);
  draw(ctx);
  const d = ctx.getImageData(0, 0, 160, 120).data;
  const ink = (x: number, y: number) => d[(y * 160 + x) * 4]! < 128;
  let [x0, y0, x1, y1] = [160, 120, -1, -1];
  for (let y = 0; y < 120; y++)
    for (let x = 0; x < 160; x++) if (ink(x, y)) [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
  if (x1 < 0) return false;
  let top = 0;
  let left = 0;
  for (let x = x0; x <= x1; x++) if (ink(x, y0) || ink(x, y0 + 1)) top++;
  for (let y = y0; y <= y1; y++) if (ink(x0, y) || ink(x0 + 1, y)) left++;
  return top / (x1 - x0 + 1) > 0.9 && left / (y1 - y0 + 1) > 0.9 && x1 - x0 > 12;
}

test('names in emoji, Hangul, Thai and Devanagari draw glyphs, not hex boxes; a glyph we lack becomes ?', () => {
  setDeviceScale(1);
  // the detector itself: a private-use character no font has is a hex box when drawn directly
  assert.ok(
    drawsTofu((ctx) => {
      ctx.font = font(60);
      ctx.fillStyle = '#000';
      ctx.fillText('\u{10fffd}', 10, 80);
    }),
  );
  for (const ch of ['🐉', '😀', '🀄', '김', 'ส', 'द', 'ש']) {
    const tofu = drawsTofu((ctx) => fitText(ctx, ch, { x: 10, y: 10, w: 140, h: 100 }, { size: 60, color: '#000' }));
    assert.ok(!tofu, `${ch} drew a hex box`);
  }
  const r = probed(() => fitText(createCanvas(10, 10).getContext('2d'), 'Lan \u{10fffd}', { x: 0, y: 0, w: 400, h: 40 }));
  assert.equal(r[0]!.drawn, 'Lan ?');
  // "fancy" Unicode letters read as plain ones
  const f = probed(() => fitText(createCanvas(10, 10).getContext('2d'), '𝓜𝓲𝓷𝓱', { x: 0, y: 0, w: 400, h: 40 }));
  assert.equal(f[0]!.drawn, 'Minh');
});

test('fitText measures at the device size it draws at, so the drawn text stays in its box', () => {
  const k = 0.65;
  setDeviceScale(k);
  try {
    const ctx = newImage(400, 100, k).ctx;
    for (const t of ['🐉🐉 Lan 🀄', 'Nguyễn Thị Phương Thảo Ngọc Ánh', '김민수 สมชาย 🎲🎲🎲', 'WWWWWWWWWW iiiiiiiii']) {
      for (const size of [13, 17, 21, 26]) {
        // a box exactly as wide as the text at layout size
        const w = textWidth(ctx, font(size), t);
        const r = fitText(ctx, t, { x: 0, y: 0, w, h: size * 1.3 }, { size, minSize: 6 });
        const drawnW = textWidth(ctx, font(r.size * k), r.drawn) / k;
        assert.ok(drawnW <= w + 0.01, `${t} @${size}: ${drawnW} > ${w}`);
      }
    }
  } finally {
    setDeviceScale(1);
  }
});

const LONG = 'Nguyễn Thị Phương Thảo Ngọc Ánh';
/** classic-mahjong seed "scan", hand 1 (the audit's case), without the winner's tiles. */
const scan: ResultModel = {
  game: 'classic-mahjong',
  locale: 'vi',
  title: 'Ù',
  lines: [
    scoringLine(LONG, 'Hoa (Lan)', '4 điểm'),
    scoringLine(LONG, 'Mùa (Đông)', '4 điểm'),
    scoringLine('林美玲', 'Đôi rồng (Phát Phát)', '2 điểm'),
    scoringLine('Lê Văn Bảy', 'Phỗng lộ quân đầu/chữ ([Đông Đông Đông])', '4 điểm'),
    scoringLine('Lê Văn Bảy', 'Phỗng/coong gió vòng ([Đông Đông Đông])', '1 lần nhân đôi'),
    scoringLine('Lê Văn Bảy', 'Ù', '20 điểm'),
  ],
  totals: [
    { name: LONG, delta: '-68 điểm' },
    { name: 'Trần Đức Thắng', delta: '-66 điểm' },
    { name: '林美玲', delta: '-58 điểm' },
    { name: 'Lê Văn Bảy', delta: '+192 điểm' },
  ],
  payments: [
    { from: LONG, to: 'Lê Văn Bảy', amount: '96 · Trả người ù' },
    { from: 'Trần Đức Thắng', to: 'Lê Văn Bảy', amount: '48 · Trả người ù' },
    { from: 'Trần Đức Thắng', to: LONG, amount: '16 · Người thua thanh toán' },
    { from: '林美玲', to: LONG, amount: '12 · Người thua thanh toán' },
  ],
};

test('long result rows take a second line: every part stays readable and whole', () => {
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    const seen = probed(() => renderResult({ ...scan, locale }));
    const rowTexts = seen.filter((r) => r.box.h <= 36 && r.box.w > 100);
    assert.ok(rowTexts.length >= 14);
    for (const r of rowTexts) {
      assert.ok(!r.ellipsized, `${locale}: "${r.text}" ellipsized`);
      assert.ok(r.size >= 16, `${locale}: "${r.text}" at ${r.size}`);
    }
    // a one-line row keeps ROW_MIN; every payee and reason is drawn whole somewhere
    for (const r of rowTexts.filter((x) => x.box.h === 36)) assert.ok(r.size >= ROW_MIN, `"${r.text}" at ${r.size}`);
    const all = seen.map((r) => r.drawn).join('\n');
    for (const part of ['Người thua thanh toán', 'Trả người ù', 'Phỗng/coong gió vòng ([Đông Đông Đông])', `→ ${LONG}`])
      assert.ok(all.includes(part), part);
  }
});

test('the "Win" tag over the first tile of a captioned group leaves the caption clear', () => {
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    for (const index of [0, 1]) {
      const m: ResultModel = {
        game: 'classic-mahjong',
        locale,
        title: 'Ù',
        winner: {
          name: 'Lê Văn Bảy',
          groups: [{ codes: ['5z', '5z', '5z'], label: 'Pung', marked: [1] }],
          hand: ['4m', '5m', '6m', '6m', '8m', '8m', '6s', '7s', '8s', '1p', '1p'],
          winningAt: { group: 1, index },
        },
        lines: [],
        totals: [],
        payments: [],
      };
      const seen = probed(() => renderResult(m));
      const tagAt = seen.findIndex((r) => ['Ù', 'Win', '胡'].includes(r.drawn) && r.box.h <= 24);
      assert.ok(tagAt >= 0);
      const t = seen[tagAt]!;
      const caption = seen.find((r) => ['Trên tay', 'In hand', '手牌'].includes(r.drawn))!;
      assert.ok(caption, 'hand caption drawn whole');
      const tagLeft = t.box.x - 3;
      const tagRight = t.box.x + t.box.w + 3;
      const capLeft = caption.box.x;
      const capRight = caption.box.x + caption.width;
      assert.ok(
        capRight <= tagLeft || capLeft >= tagRight,
        `${locale} #${index}: caption ${capLeft}–${capRight} under tag ${tagLeft}–${tagRight}`,
      );
    }
  }
});

test('2-seat tables: the score badge keeps its full size next to the wind and dealer badges', () => {
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    const seats = [0, 1].map((i) => ({
      name: ['Minh', 'Lan'][i]!,
      isTurn: i === 0,
      isDealer: i === 1,
      wind: `${i + 1}z`,
      score: ['-1,024', '+25.5'][i]!,
      handCount: 13,
      groups: [],
      discards: ['1m', '2m', '3p'],
    }));
    const m: TableModel = { game: 'classic-mahjong', locale, title: 'Classical', seats, stockCount: 80, stockLabel: 'Wall' };
    const seen = probed(() => renderTable(m));
    for (const score of ['-1,024', '+25.5']) {
      const r = seen.find((x) => x.text === score);
      assert.ok(r && !r.ellipsized && r.drawn === score, `${locale} ${score}: ${r?.drawn}`);
      assert.ok(r.size >= 32 * 0.62 - 0.5, `${locale} ${score} at ${r.size}`);
    }
  }
});

const longStandings = (hands: number): StandingsModel => ({
  game: 'vn-mahjong',
  locale: 'en',
  title: 'Standings',
  players: ['Lan', 'Minh'].map((name, p) => ({ name, totals: Array.from({ length: hands }, (_, k) => (p ? -1 : 1) * ((k * 37) % 11)) })),
  handLabels: Array.from({ length: hands }, (_, k) => String(k + 1)),
});

test('standings: the last hand label ends at its tick; long charts drop the point markers', () => {
  for (const hands of [12, 60]) {
    const m = longStandings(hands);
    const L = layoutStandings(m);
    const seen = probed(() => renderStandings(m));
    const last = seen.find((r) => r.text === String(hands) && r.box.y > L.plot.y + L.plot.h);
    assert.ok(last, 'last label drawn');
    // right-aligned at the tick (the plot's right edge): its text ends there
    assert.ok(Math.abs(last.box.x + last.box.w - (L.plot.x + L.plot.w)) < 0.5, `label box ends at ${last.box.x + last.box.w}`);
  }
  const arcs = (hands: number) => {
    const m = longStandings(hands);
    const L = layoutStandings(m);
    const { ctx } = newImage(L.width, L.height, 1);
    let n = 0;
    const arc = ctx.arc.bind(ctx);
    ctx.arc = (...a: Parameters<typeof ctx.arc>) => {
      n++;
      arc(...a);
    };
    try {
      drawStandings(ctx, m, L);
    } finally {
      delete (ctx as unknown as { arc?: unknown }).arc;
    }
    return n;
  };
  assert.ok(arcs(12) >= 24, 'short charts keep their markers');
  assert.ok(arcs(60) < 60, 'no markers on a 60-hand chart');
});

test('a one-tile "Flowers" group keeps a readable caption (it may run into the gap)', () => {
  for (const locale of ['vi', 'en', 'zh-TW'] as const) {
    const seats = [0, 1, 2, 3].map((i) => ({
      name: `P${i}`,
      isTurn: false,
      handCount: 13,
      groups: i === 0 ? [{ codes: ['1m', '1m', '1m'], label: 'Pung', marked: [0] }] : [],
      flowers: ['1f'],
      discards: ['1m', '2m'],
    }));
    const m: TableModel = { game: 'vn-mahjong', locale, title: 'T', seats, stockCount: 80, stockLabel: 'Wall' };
    const seen = probed(() => renderTable(m));
    const caps = seen.filter((r) => ['Hoa', 'Flowers', '花牌', '花'].includes(r.text));
    assert.ok(caps.length >= 4, `${locale}: ${caps.length} captions`);
    for (const r of caps) {
      assert.ok(!r.ellipsized && r.drawn === r.text, `${locale}: ${r.drawn}`);
      assert.ok(r.size >= r.box.h * 0.75, `${locale}: "${r.text}" at ${r.size} in a ${r.box.h} strip`);
    }
  }
});
