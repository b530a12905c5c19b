/**
 * Issue #13 §5: the result image of an engine-played won hand draws the winning piece highlighted
 * (its layout box exists, carries the gold edge and the "win" tag) and the caption saying how it
 * came; a hand without a winning piece draws no highlight.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LOCALES, registerFonts } from '../../src/render/index.js';
import { layoutResult, winningBox, winningSpot } from '../../src/render/result.js';
import { word } from '../../src/render/draw.js';
import { resultOf, wonHands } from '../unit/winning-helpers.js';
import { goldBeside, renderResultProbed } from './helpers.js';

registerFonts();

for (const h of wonHands()) {
  test(`${h.label}: the result image highlights the winning piece`, async () => {
    for (const lang of LOCALES) {
      const m = resultOf(h, lang);
      const L = layoutResult(m);
      const { png, seen } = renderResultProbed(m);
      if (h.piece === null) {
        assert.equal(winningSpot(m, L), null, `${lang}: nothing highlighted`);
        assert.ok(!seen.includes(word(lang, 'win')), `${lang}: no win tag`);
        continue;
      }
      const spot = winningSpot(m, L);
      assert.ok(spot, `${lang}: the winning piece is placed`);
      assert.equal(spot.code, h.piece, `${lang}: the highlighted piece is the winning one`);
      const box = winningBox(m, L);
      assert.ok(box && box.w > 0 && box.h > 0 && box.x + box.w <= L.width && box.y + box.h <= L.height, `${lang}: its layout box`);
      assert.ok(await goldBeside(png, box, m.game), `${lang}: the gold highlight beside it`);
      assert.ok(seen.includes(word(lang, 'win')), `${lang}: the win tag is drawn`);
      assert.ok(seen.includes(m.winner!.caption!), `${lang}: the caption is drawn whole (${seen.join('|')})`);
    }
  });
}
