/**
 * Chắn's penalty endings (chan.md §11) show their offender: a xướng sai's result says what was called
 * and what the hand has, and shows the hand; an ù láo's shows the hand that did not win. Before
 * 2026-12-07 both said only "announced wrongly" / "declared a false win" and the đền làng.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { engineOf } from '../../src/table/manifests.js';
import { handView, resultView } from '../../src/table/views.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const engine = engineOf('chan');

/** Plays AI moves at a 5-seat table until it ends `kind`: a wrong xướng (Thông added) or a false Ù at an honour table. */
function ended(kind: 'xuong-sai' | 'u-lao') {
  for (let h = 0; h < 40; h++) {
    const r = rig('chan', ['human', 'human', 'human', 'human', 'human'], {
      options: kind === 'u-lao' ? { 'u-claim-check': 'honor' } : {},
      seed: `pen-${kind}-${h}`,
    });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 800; k++) {
      const s = r.ts.load(r.gameId)!.state as { phase: { kind: string } };
      if (engine.result(s)) break;
      const ds = engine.pending(s) as Decision<BaseAction>[];
      let d = ds[0]!;
      let action = engine.ai(s, d.seat) as BaseAction & { calls?: { cuoc: string }[] };
      if (kind === 'xuong-sai' && s.phase.kind === 'xuong') {
        const good = action.calls ?? [];
        action = { type: 'xuong', calls: [...good, { cuoc: good.some((c) => c.cuoc === 'thong') ? 'bach-dinh' : 'thong' }] };
      }
      if (kind === 'u-lao' && k > 20) {
        const withU = ds.find((x) => x.options.some((a) => a.type === 'u') && engine.falseDeclaration!(s, x.seat, { type: 'u' }));
        if (withU) {
          d = withU;
          action = { type: 'u' };
        }
      }
      const res = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null, userId: `u${d.seat}` });
      assert.ok(res.outcome.ok);
    }
    const t = r.ts.load(r.gameId)!;
    const res = engine.result(t.state) as { endedBy: string; uSeat: number } | null;
    if (res?.endedBy === kind) return { t, res };
  }
  throw new Error(`no ${kind} in 40 deals`);
}

test('xướng sai: the result shows the offender hand, what was called and what the hand has', () => {
  const { t, res } = ended('xuong-sai');
  const rv = resultView(t, 'en', false)!;
  const w = rv.model.winner!;
  assert.ok(w, 'the offender is shown');
  assert.equal(w.offender, true);
  assert.equal(w.name, `P${res.uSeat}`);
  assert.ok(w.hand.length > 0);
  assert.match(w.caption ?? '', /^Called: .*Thông/);
  assert.ok(
    rv.lines.some((l) => l.startsWith(`• P${res.uSeat} · The hand has: `)),
    rv.lines.join('\n'),
  );
});

test('ù láo at an honour table: the result shows the hand that did not win', () => {
  const { t, res } = ended('u-lao');
  const w = resultView(t, 'en', false)!.model.winner!;
  assert.equal(w.offender, true);
  assert.equal(w.name, `P${res.uSeat}`);
  assert.ok(w.hand.length > 0);
});

/** The xướng winner's hand image status at the first xướng of deals `xf-<n>` under `options`. */
function xuongStatus(options: Record<string, unknown>): { status: string; dealt: boolean } {
  for (let h = 0; h < 20; h++) {
    const r = rig('chan', ['human', 'human', 'human', 'human', 'human'], { seed: `xf-${h}`, options });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let k = 0; k < 800; k++) {
      const t = r.ts.load(r.gameId)!;
      const s = t.state as { phase: { kind: string }; seats: { dealtHadChan: boolean }[] };
      if (engine.result(s)) break;
      const d = (engine.pending(s) as Decision<BaseAction>[])[0]!;
      if (s.phase.kind === 'xuong') {
        return { status: (handView(t, d.seat, 'en').model as { status?: string }).status ?? '', dealt: s.seats[d.seat]!.dealtHadChan };
      }
      assert.ok(
        r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: engine.ai(s, d.seat), ver: null, userId: `u${d.seat}` }).outcome.ok,
      );
    }
  }
  throw new Error('no xướng in 20 deals');
}

test("xướng: the winner's hand image says the facts of its value only it knows (Phá thiên, Thông)", () => {
  const { status, dealt } = xuongStatus({});
  assert.match(status, dealt ? /^Dealt a chắn: no Phá thiên/ : /^Dealt no chắn: Phá thiên/);
  // Chắn Vạn Văn has no Phá thiên (chan.md §9): the status does not name it.
  assert.doesNotMatch(xuongStatus({ 'scoring-profile': 'chan-van-van' }).status, /Phá thiên/);
});
