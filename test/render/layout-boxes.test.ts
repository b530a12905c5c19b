/**
 * Issue #13 §5: in the Chắn claim view the "On offer" caption overlapped the card row above it.
 * Every box a hand image draws into (pieces with their tag room, keys, captions, exposed groups,
 * the header) is checked against every other: none may overlap, in every game and locale, with
 * long captions, many exposed pairs, a drawn card and a card on offer at once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { allCodes, LOCALES, RENDER_GAMES } from '../../src/render/index.js';
import type { HandModel } from '../../src/render/index.js';
import { handBoxes, layoutHand, type LayoutBox } from '../../src/render/hand.js';
import { sampleModels } from './samples.js';

function overlaps(a: LayoutBox, b: LayoutBox): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function assertNoOverlap(what: string, m: HandModel): void {
  const L = layoutHand(m);
  const boxes = handBoxes(m, L);
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i]!;
    assert.ok(a.x >= 0 && a.y >= 0 && a.x + a.w <= L.width && a.y + a.h <= L.height, `${what}: ${a.what} outside the image`);
    for (let j = i + 1; j < boxes.length; j++) {
      const b = boxes[j]!;
      assert.ok(!overlaps(a, b), `${what}: ${a.what} ${JSON.stringify(a)} overlaps ${b.what} ${JSON.stringify(b)}`);
    }
  }
}

function chanViews(): [string, HandModel][] {
  const codes = allCodes('chan');
  const out: [string, HandModel][] = [];
  for (const l of LOCALES) {
    const s = sampleModels('chan', l).hand;
    // as the presenter sends it during a claim: 23 cards, no sets, no keys
    const hand23 = Array.from({ length: 23 }, (_, i) => codes[(i * 7) % codes.length]!);
    out.push([`${l} 23 cards`, { ...s, hand: hand23, keys: hand23.map(() => ''), groups: [] }]);
    out.push([`${l} sample`, s]);
    // late in a hand: ten exposed pairs fill the band, and a drawn card
    const pairs = Array.from({ length: 10 }, (_, k) => ({ codes: [codes[k]!, codes[k]!], label: k % 2 ? 'Chắn' : 'Cạ', marked: [1] }));
    out.push([`${l} ten pairs and drawn`, { ...s, groups: pairs, drawn: '9s', keys: [...(s.keys ?? []), '9'] }]);
    out.push([`${l} eaten cards marked in hand`, { ...s, handMarked: [0, 5, 12] }]);
  }
  return out;
}

test('Chắn hand views: the drawn caption, cards, keys and sets never overlap', () => {
  for (const [what, m] of chanViews()) assertNoOverlap(what, m);
});

test('every game: hand image boxes never overlap (with and without a drawn piece)', () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const s = sampleModels(g, l).hand;
      assertNoOverlap(`${g}/${l} sample`, s);
      assertNoOverlap(`${g}/${l} drawn`, { ...s, drawn: s.hand[0]! });
    }
  }
});
