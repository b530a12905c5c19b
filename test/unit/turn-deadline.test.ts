/**
 * A human's turn that comes back in the same step, after AI seats played theirs, is a new decision:
 * a new deadline (now + the turn's length), a ping, and reminders counted anew (src/table/timers.ts
 * `deadlines`, `lapsed`). It kept the deadline of the seat's previous turn, so the seat was timed out
 * early and never pinged. A seat that stays on turn (Phỏm: draw, then discard) has a new decision
 * too, timed anew (every game's timeout is per decision: test/unit/turn-per-decision.test.ts) but
 * not pinged: its player just played.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { durations } from '../../src/table/timers.js';
import type { GameId } from '../../src/games/core/types.js';

for (const game of ['phom', 'vn-mahjong', 'classic-mahjong', 'chan'] as GameId[]) {
  test(`${game}: a turn that comes back after AI seats played is a new deadline with a ping`, () => {
    const r = rig(game, ['human', 'ai', 'ai', 'ai'], {
      timer: { name: 'live' },
      seed: 'turn-deadline',
      options: game === 'chan' ? { 'decision-timeout-s': 60 } : {},
    });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    let checked = 0;
    for (let i = 0; i < 80 && checked < 4; i++) {
      const row = r.store.games.get(r.gameId)!;
      if (row.status !== 'running') break;
      const d = r.pending().find((x) => x.seat === 0);
      if (!d) {
        const next = r.run({
          kind: 'table',
          gameId: r.gameId,
          userId: 'u0',
          ver: row.version,
          verb: 'next-hand',
          arg: String(row.handIndex),
        });
        if (!next.outcome.ok) break;
        continue;
      }
      const before = r.store.timers.forGame(r.gameId).find((x) => x.seat === 0)!;
      r.clock.t += 5_000;
      const action = d.options.find((a) => a.type === 'discard') ?? d.options[0]!;
      const step = r.run({ kind: 'move', gameId: r.gameId, seat: 0, action, ver: null });
      assert.ok(step.outcome.ok, JSON.stringify(step.outcome));
      const after = r.store.timers.forGame(r.gameId).find((x) => x.seat === 0);
      if (!after || after.kind !== 'turn' || before.kind !== 'turn') continue;
      // A discard ends the seat's turn: the turn it has now came back after the AI seats played. So
      // does a Chắn draw another seat took (one move of seat 0, then the AI seats' in the same step).
      const othersPlayed = r.store.games.get(r.gameId)!.version > row.version + 1;
      if (action.type !== 'discard' && !othersPlayed) {
        // The seat's own next decision in its turn: its own deadline (it kept the turn's before,
        // which left a quick player less time than one whose draw ran out), and no ping.
        const t = r.ts.load(r.gameId)!;
        const turnMs = durations(t.row.timerPreset, t.engine.timeouts(t.row.options)).turnMs!;
        assert.equal(after.deadline, r.clock.t + turnMs, 'a seat still on turn: the full time anew');
        assert.ok(!step.effects.some((e) => e.kind === 'ping' && (e as { turn: number[] }).turn.includes(0)), 'not pinged again');
        continue;
      }
      checked++;
      assert.ok(after.deadline > before.deadline, `move ${i}: the deadline is renewed (${after.deadline - r.clock.t} ms left)`);
      assert.equal(after.reminders ?? 0, 0);
      assert.ok(
        step.effects.some((e) => e.kind === 'ping' && (e as { turn: number[] }).turn.includes(0)),
        'the seat is pinged for its new turn',
      );
    }
    assert.ok(checked >= 2, `only ${checked} turns came back after AI moves`);
  });
}
