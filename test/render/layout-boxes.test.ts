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

const CAPTIONS: Record<string, string> = { vi: 'Đang mở: Thất Văn', en: 'On offer: Thất Văn', 'zh-TW': '可吃：Thất Văn' };

function chanClaimViews(): [string, HandModel][] {
  const codes = allCodes('chan');
  const out: [string, HandModel][] = [];
  for (const l of LOCALES) {
    const s = sampleModels('chan', l).hand;
    const caption = CAPTIONS[l]!;
    // as the presenter sends it: 23 cards, no sets, no keys, the card on offer
    const hand23 = Array.from({ length: 23 }, (_, i) => codes[(i * 7) % codes.length]!);
    out.push([
      `${l} 23 cards on offer`,
      { ...s, hand: hand23, keys: hand23.map(() => ''), groups: [], claimable: { code: '7n', caption } },
    ]);
    out.push([`${l} sample`, s]);
    // late in a hand: ten exposed pairs fill the band, a drawn card and a card on offer
    const pairs = Array.from({ length: 10 }, (_, k) => ({ codes: [codes[k]!, codes[k]!], label: k % 2 ? 'Chắn' : 'Cạ', marked: [1] }));
    out.push([
      `${l} ten pairs, drawn and on offer`,
      { ...s, groups: pairs, drawn: '9s', keys: [...(s.keys ?? []), '9'], claimable: { code: '5n', caption: caption + ' — ăn hay bỏ?' } },
    ]);
    out.push([`${l} eaten cards marked in hand`, { ...s, handMarked: [0, 5, 12], claimable: { code: '5n', caption } }]);
  }
  return out;
}

test('Chắn claim view: the "On offer" caption, cards, keys and sets never overlap', () => {
  for (const [what, m] of chanClaimViews()) assertNoOverlap(what, m);
});

test('every game: hand image boxes never overlap (with a claimable piece and a drawn piece)', () => {
  for (const g of RENDER_GAMES) {
    for (const l of LOCALES) {
      const s = sampleModels(g, l).hand;
      assertNoOverlap(`${g}/${l} sample`, s);
      const code = s.hand[0]!;
      assertNoOverlap(`${g}/${l} claimable`, { ...s, claimable: { code, caption: 'Claim this piece now?' } });
      assertNoOverlap(`${g}/${l} drawn and claimable`, {
        ...s,
        drawn: code,
        claimable: { code, caption: 'Claim this piece now?' },
      });
    }
  }
});
