/**
 * Chắn without scoring (the seed-table preset) at an honour table: a false ù (ù láo) moves no
 * points, so the result's title (the winners, else the biggest losers) named nobody: "Ù láo:
 * declared a false win". It names the offender (chan.md §11), paid or not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { resultView } from '../../src/table/views.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('ù láo at a table without scoring: the result names who declared it', () => {
  const chan = engineOf('chan');
  const r = rig('chan', ['human', 'human', 'human', 'human'], { options: { scoring: 'off', 'u-claim-check': 'honor' }, seed: 'ulao' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  let offender = -1;
  for (let k = 0; k < 400; k++) {
    const g = r.store.games.load(r.gameId)!;
    if (chan.result(g.state)) break;
    const ds = chan.pending(g.state) as Decision<BaseAction>[];
    const withU = ds.find((d) => d.options.some((a) => a.type === 'u'));
    const d = withU ?? ds[0]!;
    const action = withU ? withU.options.find((a) => a.type === 'u')! : (chan.ai(g.state, d.seat) as BaseAction);
    if (withU) offender = d.seat;
    const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` });
    assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome));
  }
  const t = r.ts.load(r.gameId)!;
  const result = t.engine.result(t.state) as { endedBy: string; winners: number[] };
  assert.equal(result.endedBy, 'u-lao', `ended by ${result.endedBy}`);
  const v = resultView(t, 'en', false)!;
  assert.equal(v.model.title, `Ù láo: P${offender} declared a false win`);
});
