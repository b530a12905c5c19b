/**
 * Issue #17 §3: ≤ 40 KB uploaded per move on average. A move uploads about one table image (and
 * a hand image for the acting player); a hand ends with a result image. Budgets on the sample
 * images of every game: each kind (hand, mid-game table, late-game table, result) and their mean.
 * Before flat fills, the 0.75 device scale and 64-colour palettes: mean 47 KB, a late mahjong
 * table 90 KB (shrunk to 0.92), table + hand 70–77 KB; now ~24.5 KB, ~49 KB (full-size tiles)
 * and 30–50 KB.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { registerFonts, renderHand, renderResult, renderTable, RENDER_GAMES } from '../../src/render/index.js';
import { sampleModels } from './samples.js';
import { lateTable } from './varied.js';

registerFonts();
const KB = 1024;
/** Per image: a late mahjong table (96 discards, sets, flowers) is the largest. */
const MAX_IMAGE = 52 * KB;
/** Mean of hand, table, late table and result over every game. */
const MAX_MEAN = 28 * KB;
/** Per game: the mean of the four kinds. */
const MAX_GAME_MEAN = 30 * KB;
/** Per game: one table image (mid and late averaged) and the acting player's hand. */
const MAX_MOVE = 52 * KB;

test('sample images of every game stay under the byte budget (issue #17 §3)', () => {
  let total = 0;
  let n = 0;
  const table: string[] = [];
  for (const g of RENDER_GAMES) {
    const s = sampleModels(g, 'vi');
    const sizes = {
      hand: renderHand(s.hand).length,
      table: renderTable(s.table).length,
      late: renderTable(lateTable(g)).length,
      result: renderResult(s.result).length,
    };
    let sum = 0;
    for (const [kind, b] of Object.entries(sizes)) {
      assert.ok(b <= MAX_IMAGE, `${g} ${kind}: ${(b / KB).toFixed(1)} KB > ${MAX_IMAGE / KB} KB`);
      sum += b;
    }
    assert.ok(sum / 4 <= MAX_GAME_MEAN, `${g}: mean ${(sum / 4 / KB).toFixed(1)} KB`);
    const move = (sizes.table + sizes.late) / 2 + sizes.hand;
    assert.ok(move <= MAX_MOVE, `${g}: table + hand ${(move / KB).toFixed(1)} KB`);
    table.push(
      `${g}: ${Object.values(sizes)
        .map((b) => (b / KB).toFixed(1))
        .join(' / ')} KB`,
    );
    total += sum;
    n += 4;
  }
  assert.ok(total / n <= MAX_MEAN, `mean ${(total / n / KB).toFixed(1)} KB > ${MAX_MEAN / KB} KB\n${table.join('\n')}`);
});
