/**
 * A decision of more than 20 options is offered in select menus (views.ts). A menu option's label
 * longer than Discord takes (100) is cut with "…" and given whole among the view's lines, as a
 * button's is (views.ts `spokenRows`); it was cut to 100 before, silently, and never given whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { handView } from '../../src/table/views.js';
import type { Table } from '../../src/table/store.js';

test('menu labels over 100 characters: cut with "…", and each given whole among the lines', () => {
  for (let g = 0; g < 400; g++) {
    const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: `menu-${g}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const d = r.pending()[0]!;
    if (d.options.length <= 20) continue;
    const t = r.ts.load(r.gameId)!;
    // Labels as long as a presenter could make them (a long card name in some language).
    const long: Table = {
      ...t,
      presenter: { ...t.presenter, actionLabel: (a, ctx) => `${'Very long words '.repeat(7)}${t.presenter.actionLabel(a, ctx)}` },
    };
    const v = handView(long, d.seat, 'en');
    const menus = v.rows.flat().flatMap((c) => (c.type === 'select' && c.verb === 'pick' ? [c] : []));
    assert.ok(menus.length > 0, 'options in menus');
    for (const m of menus)
      for (const o of m.options) {
        assert.ok(o.label.length <= 100 && o.label.endsWith('…'), o.label);
        assert.ok(
          v.lines.some((x) => x.startsWith(o.label.slice(0, -1)) && x.length > 100),
          `"${o.label}" whole among the lines`,
        );
      }
    return;
  }
  assert.fail('no Chắn opening discard of more than 20 options in 400 deals');
});
