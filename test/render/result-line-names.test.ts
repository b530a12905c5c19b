/**
 * A display name may contain " · ", the separator of a scoring line's "name · reason": the result
 * image cuts each line after the name it names, so the name stays whole on the line's first row
 * and the second row (when the line needs two) holds the reason only.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GAMES } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { translator } from '../../src/table/i18n.js';
import { layoutResult } from '../../src/render/result.js';
import { registerFonts, RENDER_GAMES } from '../../src/render/index.js';
import type { AnyEngine, BaseAction, Decision, HandResult } from '../../src/games/core/types.js';

registerFonts();

/** A finished hand of `game` with scoring lines (AI play from seeds `names-<k>`). */
function scored(game: (typeof RENDER_GAMES)[number]) {
  const e = GAMES[game].engine as AnyEngine;
  const options = defaultOptions(e.options) as Record<string, unknown>;
  for (let k = 0; k < 60; k++) {
    let s = initialState(e, options, 4, `names-${k}`);
    for (let i = 0; i < 5000 && !e.result(s); i++) {
      const d = (e.pending(s) as Decision<BaseAction>[])[0]!;
      const r = e.apply(s, d.seat, e.ai(s, d.seat, 'normal'));
      assert.ok(r.ok);
      s = r.value;
    }
    const r = e.result(s) as HandResult | null;
    if (r?.items.length) return { pub: e.publicView(s), r };
  }
  throw new Error(`${game}: no hand with scoring lines`);
}

for (const game of RENDER_GAMES) {
  test(`${game}: a name containing " · " stays whole in the result image's scoring lines`, () => {
    const { pub, r } = scored(game);
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
