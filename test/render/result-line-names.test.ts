/**
 * A display name may contain " · ", the separator of a scoring line's "name · reason": the result
 * image cuts each line after the name it names, so the name stays whole on the line's first row
 * and the second row (when the line needs two) holds the reason only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { translator } from '../../src/table/i18n.js';
import { layoutResult } from '../../src/render/result.js';
import { registerFonts, RENDER_GAMES } from '../../src/render/index.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { firstAiHand } from '../support/walk.js';

registerFonts();

for (const game of RENDER_GAMES) {
  test(`${game}: a name containing " · " stays whole in the result image's scoring lines`, () => {
    const e = GAMES[game].engine as AnyEngine;
    const options = defaultOptions(e.options) as Record<string, unknown>;
    // A hand with scoring lines.
    const { pub, r } = firstAiHand(
      e,
      options,
      4,
      (k) => `names-${k}`,
      (x) => x.items.length > 0,
    );
    // long names, so that some lines need their second row
    const names = [0, 1, 2, 3].map((s) => `Lan · Minh ${s} · the long-named player of seat ${s}`);
    const model = GAMES[game].presenter.resultModel(pub, r, { lang: 'en', t: translator('en'), names });
    const rows = layoutResult(model).lineRows;
    assert.equal(rows.length, model.lines.length);
    let named = 0;
    rows.forEach((row, k) => {
      const line = model.lines[k]!;
      if (line.name === undefined) return;
      named++;
      const reason = line.label.slice(line.name.length + ' · '.length);
      if (row.l2 === undefined) assert.equal(row.l, line.label, 'one row: the whole line');
      else {
        assert.equal(row.l, line.name, 'first row: the whole name');
        assert.ok(row.l2.startsWith(reason) || reason.startsWith(row.l2.replace(/…$/, '')), `second row: the reason only (${row.l2})`);
      }
    });
    assert.ok(named > 0, 'lines that name a player');
    assert.ok(
      rows.some((row) => row.l2 !== undefined),
      'a line on two rows',
    );
  });
}
