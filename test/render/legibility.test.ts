/**
 * Issue #13: images stay legible in Discord's inline preview (~550 px wide on desktop). What
 * counts is a piece's share of the image width: at preview scale (550 / image width) a Chắn hand
 * card must be ≥ 55 px wide and its index and Vietnamese name ≥ 14 px tall (font size); late-game
 * mahjong tables stay ≤ 1200 × 900 units at full piece size (they were shrunk to 0.92: discards
 * 17 px, sets 18.3 px in the preview; now 18.3 and 20.2 px, as mid-game).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allCodes, imageSize, registerFonts, setTextProbe } from '../../src/render/index.js';
import type { FitResult, HandModel } from '../../src/render/index.js';
import { layoutHand, PREVIEW_W } from '../../src/render/hand.js';
import { layoutTable } from '../../src/render/table.js';
import { paintSprite, pieceDims, unitBox } from '../../src/render/sprites.js';
import { sampleModels } from './samples.js';
import { lateTable } from './varied.js';

registerFonts();

const CHAN = allCodes('chan');
/**
 * Preview pixels per layout unit: the image is `imageSize` px wide (layout × the game's output scale) and
 * Discord shows it at most 550 px wide (never enlarged).
 */
function previewPerUnit(m: HandModel, layoutW: number): number {
  const dev = imageSize('hand', m).width;
  return (dev / layoutW) * Math.min(1, PREVIEW_W / dev);
}

/** A 24-card hand (the 4-player opener) with keys on every card and the drawn card keyed too. */
function bigChanHand(): HandModel {
  const s = sampleModels('chan', 'vi').hand;
  const hand = Array.from({ length: 24 }, (_, i) => CHAN[(i * 5) % CHAN.length]!);
  return { ...s, hand, keys: hand.map((_, i) => String(i + 1)).concat(['25']), drawn: '9s' };
}

function chanHands(): [string, HandModel][] {
  const out: [string, HandModel][] = [];
  for (const l of ['vi', 'en', 'zh-TW'] as const) out.push([`sample ${l}`, sampleModels('chan', l).hand]);
  out.push(['24 cards, drawn, every card keyed', bigChanHand()]);
  out.push(['19 cards, no sets', { ...sampleModels('chan', 'en').hand, groups: [] }]);
  return out;
}

test('Chắn hand: every card (hand, drawn, on offer) is ≥ 55 px wide at 550 px preview width', () => {
  for (const [what, m] of chanHands()) {
    const L = layoutHand(m);
    const scale = previewPerUnit(m, L.width);
    for (const s of L.slots) {
      const w = (s.w ?? L.w) * scale;
      assert.ok(w >= 55, `${what}: ${s.kind} card ${s.code} is ${w.toFixed(1)} px wide in the preview`);
    }
  }
});

test('Chắn hand: every card index and name is ≥ 14 px tall at 550 px preview width', () => {
  for (const [what, m] of chanHands()) {
    const L = layoutHand(m);
    const scale = previewPerUnit(m, L.width);
    const unit = unitBox('chan', L.short);
    const seen: FitResult[] = [];
    setTextProbe((r) => seen.push(r));
    try {
      for (const code of CHAN) {
        seen.length = 0;
        const c = paintSprite('chan', code, L.w, { short: L.short });
        assert.deepEqual({ w: c.width, h: c.height }, pieceDims('chan', L.w, L.short));
        const px = L.w / unit.w; // sprite px per unit
        const texts = seen.map((r) => ({ t: r.drawn, size: r.size * px * scale }));
        // the name (one or two lines) and, for numbered cards, the index
        assert.ok(texts.length >= (/^[1-9]/.test(code) ? 2 : 1), `${code}: index and name drawn`);
        for (const t of texts) {
          assert.ok(!seen.some((r) => r.ellipsized), `${code}: "${t.t}" ellipsized`);
          assert.ok(t.size >= 14, `${what}: ${code} "${t.t}" is ${t.size.toFixed(1)} px tall in the preview`);
        }
      }
    } finally {
      setTextProbe(null);
    }
  }
});

test('late-game mahjong tables: ≤ 1200 × 900, tiles ≥ 18 px (discards) / 20 px (sets) wide in the preview', () => {
  for (const g of ['vn-mahjong', 'classic-mahjong'] as const) {
    const m = lateTable(g);
    const T = layoutTable(m);
    const size = imageSize('table', m);
    assert.ok(size.width <= 1200 && size.height <= 900, `${g}: ${size.width}×${size.height}`);
    assert.ok(T.width <= 1200 && T.height <= 900, `${g}: layout ${T.width}×${T.height}`);
    assert.equal(T.scale, 1, `${g}: pieces at full size`);
    const scale = PREVIEW_W / T.width;
    assert.ok(T.dstyle.w * scale >= 18, `${g}: discards ${(T.dstyle.w * scale).toFixed(1)} px`);
    assert.ok(T.gstyle.w * scale >= 20, `${g}: sets ${(T.gstyle.w * scale).toFixed(1)} px`);
  }
});

test('late-game Chắn table: short faces, cards ≥ 11 px wide in the preview (long faces: 10.5)', () => {
  const m = lateTable('chan');
  const T = layoutTable(m);
  assert.ok(T.width <= 1200 && T.height <= 900, `layout ${T.width}×${T.height}`);
  assert.ok(T.dstyle.short && T.gstyle.short, 'short faces');
  const scale = PREVIEW_W / T.width;
  assert.ok(T.dstyle.w * scale >= 11, `discards ${(T.dstyle.w * scale).toFixed(1)} px`);
  assert.ok(T.gstyle.w * scale >= 12, `sets ${(T.gstyle.w * scale).toFixed(1)} px`);
});
