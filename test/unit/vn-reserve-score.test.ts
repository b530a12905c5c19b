/**
 * vn-mahjong at 5/6 people: the table image (and its alt text) must show every player's match total
 * (README: "the table image shows each player's match total"), reserves sitting out included.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { presentCtx } from '../../src/table/views.js';

for (const people of [5, 6]) {
  test(`vn-mahjong ${people} people: a reserve's seat on the table image carries its match total`, () => {
    const r = rig(
      'vn-mahjong',
      Array.from({ length: people }, () => 'human' as const),
      {},
    );
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = r.ts.load(r.gameId)!;
    const pub = t.engine.publicView(t.state) as { sittingOut: number[] };
    assert.equal(pub.sittingOut.length, people - 4);
    const scores = Array.from({ length: people }, (_, k) => `+${k + 10}`);
    const model = t.presenter.tableModel(pub as never, { ...presentCtx(t, 'en'), scores });
    assert.equal(model.seats.length, people);
    for (const s of model.seats) assert.ok(s.score, `seat ${s.name} shows no score (note: ${s.note ?? ''})`);
  });
}

test('vn-mahjong 5 people: the table image words give the reserve its match total', () => {
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human', 'human'], {});
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const t = r.ts.load(r.gameId)!;
  const pub = t.engine.publicView(t.state) as { sittingOut: number[] };
  const scores = ['+1', '+2', '+3', '+4', '-10'];
  const model = t.presenter.tableModel(pub as never, { ...presentCtx(t, 'en'), scores });
  const reserve = model.seats.find((s) => s.note);
  assert.equal(reserve?.score, scores[pub.sittingOut[0]!]);
});
