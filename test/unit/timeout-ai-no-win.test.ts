/**
 * What a timeout plays, when on-timeout `ai` lets the takeover AI choose the decision that ran out
 * (src/table/act.ts `playTimeout`). vn-mahjong.md §13 `timeout-win` = never: "auto-Ù on timeout" is
 * off, so a seat whose claim window runs out must not win (§5 claim timeout default: pass);
 * classic-mahjong.md §5: "Timeouts never declare Mah Jong or a kong". With `ai`, the AI won and
 * declared both (a reviewer's tests).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';

function findClaimWin(policy: 'ai' | 'default') {
  for (let k = 0; k < 400; k++) {
    const r = rig('vn-mahjong', ['human', 'human', 'human', 'human'], {
      seed: `tw-${k}`,
      timeoutPolicy: policy,
      options: { 'timeout-win': 'never' },
    });
    assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
    for (let n = 0; n < 400; n++) {
      const t = r.ts.load(r.gameId)!;
      if (t.engine.result(t.state)) break;
      const pend = r.pending();
      const w = pend.find((d) => d.kind === 'claim' && d.options.some((o) => o.type === 'win'));
      if (w) return { r, seat: w.seat, def: w.timeoutDefault };
      const d = pend[0]!;
      // The humans play their own moves (the normal AI's choice; claims: pass).
      const action = d.kind === 'claim' ? { type: 'pass' } : engineOf('vn-mahjong').ai(t.state, d.seat, 'normal');
      const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` });
      assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome));
    }
  }
  throw new Error('no claim window with a win found');
}

for (const policy of ['default', 'ai'] as const) {
  test(`vn-mahjong timeout-win=never, on-timeout ${policy}: a claim window that runs out does not win`, () => {
    const { r, seat, def } = findClaimWin(policy);
    assert.deepEqual(def, { type: 'pass' }, 'the engine default is pass');
    const x = r.store.timers.forGame(r.gameId).find((y) => y.seat === seat)!;
    r.clock.t = x.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat, timerKind: x.kind, deadline: x.deadline });
    const t = r.ts.load(r.gameId)!;
    const res = t.engine.result(t.state);
    assert.ok(!res || !res.winners.includes(seat), `seat ${seat} won on a claim that timed out (timeout-win=never)`);
  });
}

const DECLARE = new Set(['mahjong', 'kong', 'opening-kong', 'concealed-kong', 'added-kong']);

test('classic-mahjong on-timeout ai: a decision that runs out never declares Mah Jong or a kong', () => {
  for (let k = 0; k < 300; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `cto-${k}`, timeoutPolicy: 'ai' });
    assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
    for (let n = 0; n < 400; n++) {
      const t = r.ts.load(r.gameId)!;
      if (t.engine.result(t.state)) break;
      const pend = r.pending();
      const w = pend.find((d) => d.options.some((o) => o.type === 'mahjong' || o.type === 'kong' || o.type === 'opening-kong'));
      if (w) {
        const ai = engineOf('classic-mahjong').ai(t.state, w.seat, t.row.takeoverLevel ?? 'normal');
        if (!DECLARE.has(ai.type)) break; // the AI would not declare here: try another deal
        const x = r.store.timers.forGame(r.gameId).find((y) => y.seat === w.seat)!;
        r.clock.t = x.deadline + 1;
        r.run({ kind: 'timeout', gameId: r.gameId, seat: w.seat, timerKind: x.kind, deadline: x.deadline });
        const played = r.store.games
          .logWithMeta(r.gameId)
          .filter((e) => e.seat === w.seat && e.source === 'timeout')
          .at(-1);
        assert.ok(played, 'a timeout move is logged');
        assert.ok(
          !DECLARE.has((played!.action as { type: string }).type),
          `timed-out seat ${w.seat} played ${JSON.stringify(played!.action)}`,
        );
        return;
      }
      const d = pend[0]!;
      const action = d.kind === 'claim' ? { type: 'pass' } : d.timeoutDefault;
      const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` });
      assert.equal(res.outcome.ok, true, JSON.stringify(res.outcome));
    }
  }
  throw new Error('no decision with Mah Jong or a kong found');
});
