/**
 * Vietnamese mahjong: while a Hối Coong may be robbed (vn-mahjong.md §6) the tile is in the public
 * view's `robbable` (its `claimable` is null). The robber's hand view shows it beside the hand as a
 * claim on a discard is shown, and the table names it ("Waiting for claims on 8 Dot") and shows it
 * in its centre, as classical mahjong shows its robbed tile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handView, claimLine } from '../../src/table/views.js';
import { pieceName } from '../../src/render/codes.js';
import { presentCtx } from '../../src/table/views.js';
import { LANGS } from '../../src/table/i18n.js';
import { after, decisionOf, tableAt } from './scenario-table.js';

function robWindow() {
  const { t } = tableAt('vn-mahjong', 4, {
    position: {
      hands: [
        '6p 7p 1m 2m 3m 4s 5s 6s 7s 8s 9s 2z 2z',
        '2m 5m 8m 3p 6p 9p 1s 4s 7s 2z 4z 6z 1z',
        '8p 1m 4m 7m 3s 6s 9s 1z 3z 5z 7z',
        '3m 6m 9m 1p 4p 7p 2s 5s 8s 1z 2z 3z 4z',
      ],
      melds: [[], [], [{ tiles: '8p 8p 8p', from: 1 }], []],
      exposed: [['1f'], [], [], []],
      turn: 2,
      drawn: '8p',
    },
  });
  // Seat 2 adds its drawn 8 Dot to its phỗng; seat 0 (waiting on 5-8 Dot) may rob it.
  return after(t, 2, { type: 'hoi-coong', tile: '8p' } as never);
}

test('vn-mahjong: the robber sees the tile of the Hối Coong beside its hand', () => {
  const t = robWindow();
  const d = decisionOf(t, 0)!;
  assert.equal(d.kind, 'claim');
  assert.deepEqual(
    d.options.map((a) => a.type),
    ['pass', 'win'],
  );
  for (const lang of LANGS) {
    const v = handView(t, 0, lang);
    assert.equal(v.claim?.model.code, '8p', `${lang}: the tile on offer is shown`);
    assert.ok(v.claim.caption.includes(pieceName('vn-mahjong', '8p', lang)), `${lang}: ${v.claim.caption}`);
  }
  // A seat with nothing to claim is shown nothing.
  assert.equal(handView(t, 1, 'en').claim, undefined);
});

test('vn-mahjong: the table line and the table image of a rob window name the tile', () => {
  const t = robWindow();
  for (const lang of LANGS) {
    const line = claimLine(t, lang, null);
    assert.ok(line.includes(pieceName('vn-mahjong', '8p', lang)), `${lang}: ${line}`);
  }
  const pc = presentCtx(t, 'en');
  const model = t.presenter.tableModel(t.engine.publicView(t.state), { ...pc, scores: [] });
  assert.deepEqual(model.centreCodes, ['8p']);
  assert.equal(model.centreLabel, pc.names[2], 'beside the name of the seat that declared the kong');
});
