/**
 * README "Claim preferences": a preference set while a claim window is open (at another table's
 * menu, or /prefs) answers that window at the table's next step, a timeout included. At the
 * window's deadline the claim is answered by the preference (source `preference`), not timed out
 * (the timeout default passes a win that _Always declare a win_ declares; with on-timeout `ai` the
 * AI chooses, e.g. a pung the preference refuses), whichever claimant's timer fires first: the seats
 * of one window share its deadline.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutNext, type Rig } from '../support/table-rig.js';
import { writePrefs } from '../../src/table/prefs.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

/** Deadlines run out (the AI plays, seats retaken) until a person's claim window is open; its decision. */
function untilClaim(r: Rig, ok: (d: Decision<BaseAction>) => boolean): Decision<BaseAction> {
  for (let k = 0; k < 400; k++) {
    const t = r.ts.load(r.gameId)!;
    if (t.engine.result(t.state)) break;
    const d = r.pending().find((p) => p.kind === 'claim' && ok(p) && !r.store.games.seats(r.gameId)[p.seat]!.isAi);
    if (d) return d;
    timeOutNext(r);
    for (const s of r.store.games.seats(r.gameId))
      if (s.isAi) r.run({ kind: 'hand', gameId: r.gameId, userId: `u${s.seat}`, ver: 0, verb: 'retake' });
  }
  throw new Error('no claim window for a person');
}

function lastEntry(r: Rig, seat: number) {
  return r.store.db
    .prepare('SELECT action, source FROM actions WHERE game_id = ? AND seat = ? ORDER BY seq DESC LIMIT 1')
    .get(r.gameId, seat) as {
    action: string;
    source: string;
  };
}

for (const game of ['classic-mahjong', 'vn-mahjong', 'chan'] as GameId[])
  // Chắn's windows seldom have two claimants without an ù on offer (only the gate may eat).
  for (const fires of game === 'chan' ? (['own'] as const) : (['own', 'another'] as const))
    test(`${game}: auto-pass set while the window is open answers it at its deadline (${fires} claimant's timer fires)`, () => {
      const r = rig(game, ['human', 'human', 'human', 'human'], { seed: `pref-timeout-${game}` });
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      const wins = new Set(['mahjong', 'win', 'u']);
      const claimants = () => r.pending().filter((p) => p.kind === 'claim');
      const d = untilClaim(r, (p) => !p.options.some((a) => wins.has(a.type)) && (fires === 'own' || claimants().length >= 2));
      writePrefs(r.store.db, game, `u${d.seat}`, ['auto-pass'], r.clock.t);
      const other = claimants().find((p) => p.seat !== d.seat);
      const firing = fires === 'own' ? d.seat : other!.seat;
      const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === firing)!;
      r.clock.t = timer.deadline + 1;
      const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: firing, timerKind: timer.kind, deadline: timer.deadline });
      assert.equal(res.outcome.ok, true);
      const e = lastEntry(r, d.seat);
      assert.equal(e.source, 'preference', JSON.stringify(e));
      assert.equal(JSON.parse(e.action).type, 'pass');
    });

test("an away claimant's claim is played as away when another claimant's timer fires first", () => {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: 'pref-timeout-classic-mahjong' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const claimants = () => r.pending().filter((p) => p.kind === 'claim');
  const d = untilClaim(r, () => claimants().length >= 2);
  r.store.prefs.setAway(`u${d.seat}`, r.clock.t + 86_400_000);
  const other = claimants().find((p) => p.seat !== d.seat)!;
  const timer = r.store.timers.forGame(r.gameId).find((x) => x.seat === other.seat)!;
  r.clock.t = timer.deadline + 1;
  const res = r.run({ kind: 'timeout', gameId: r.gameId, seat: other.seat, timerKind: timer.kind, deadline: timer.deadline });
  assert.equal(res.outcome.ok, true);
  const e = lastEntry(r, d.seat);
  assert.equal(e.source, 'away', JSON.stringify(e));
});
