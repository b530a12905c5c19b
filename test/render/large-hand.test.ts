/**
 * /prefs "Large hand" (phones): a phone shows an image ~300 px wide whatever its size, so what a
 * player can read there is a piece's share of the image width. A large hand lays out fewer pieces a
 * row: every piece (hand and drawn) is a larger share of the width than in the normal layout, and at
 * least this wide on a phone. Its boxes (pieces, keys, captions, sets) never overlap.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allCodes, imageSize, LOCALES, RENDER_GAMES, registerFonts } from '../../src/render/index.js';
import type { GameId, HandModel } from '../../src/render/index.js';
import { handBoxes, layoutHand, PHONE_W } from '../../src/render/hand.js';
import { sampleModels } from './samples.js';

registerFonts();

/** Phone px a piece of the hand is wide: its share of the layout's width, times the phone's width. */
function phoneWidths(m: HandModel): number[] {
  const L = layoutHand(m);
  const dev = imageSize('hand', m).width;
  const phone = Math.min(PHONE_W, dev) / L.width;
  return L.slots.map((s) => (s.w ?? L.w) * phone);
}

/** The biggest hand each game deals, with a drawn piece and every piece keyed. */
function fullHand(g: GameId, large: boolean): HandModel {
  const s = sampleModels(g, 'en').hand;
  const codes = allCodes(g).filter((c) => !/f$/.test(c));
  const n = g === 'chan' ? 23 : g === 'phom' ? 9 : g === 'vn-mahjong' ? 16 : 13;
  const hand = Array.from({ length: n }, (_, i) => codes[(i * 5) % codes.length]!);
  return { ...s, hand, drawn: hand[0]!, keys: [...hand, ''].map((_, i) => String(i + 1)), large };
}

const MIN_PHONE_PX: Record<GameId, number> = { phom: 38, chan: 42, 'vn-mahjong': 28, 'classic-mahjong': 28 };

test('large hand: every piece is at least 1.3× its normal share of the width, and readable on a phone', () => {
  for (const g of RENDER_GAMES) {
    const normal = Math.min(...phoneWidths(fullHand(g, false)));
    const large = phoneWidths(fullHand(g, true));
    for (const w of large) {
      assert.ok(w >= normal * 1.3, `${g}: ${w.toFixed(1)} px on a phone, normal ${normal.toFixed(1)}`);
      assert.ok(w >= MIN_PHONE_PX[g], `${g}: ${w.toFixed(1)} px on a phone`);
    }
  }
});

test('large hand: the hand wraps into rows instead of shrinking, and stays within the width', () => {
  for (const g of RENDER_GAMES) {
    const m = fullHand(g, true);
    const L = layoutHand(m);
    const rows = new Set(L.slots.filter((s) => s.kind === 'hand').map((s) => s.y));
    assert.ok(rows.size >= 2, `${g}: ${rows.size} row(s)`);
    for (const s of L.slots) assert.ok(s.x + (s.w ?? L.w) <= L.width, `${g}: ${s.code} past the right edge`);
  }
});

test('large hand: no box overlaps another, in every game and locale, with and without a drawn piece', () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const s = { ...sampleModels(g, l).hand, large: true };
      for (const m of [s, { ...s, drawn: s.hand[0]! }, { ...fullHand(g, true), locale: l }, { ...s, handMarked: [0, 3] }]) {
        const L = layoutHand(m);
        const boxes = handBoxes(m, L);
        for (let i = 0; i < boxes.length; i++) {
          const a = boxes[i]!;
          assert.ok(a.x >= 0 && a.y >= 0 && a.x + a.w <= L.width && a.y + a.h <= L.height, `${g}/${l}: ${a.what} outside the image`);
          for (const b of boxes.slice(i + 1)) {
            const over = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
            assert.ok(!over, `${g}/${l}: ${a.what} overlaps ${b.what}`);
          }
        }
      }
    }
  }
});
