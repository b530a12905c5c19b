/**
 * A player's own extra time (/prefs "Time for my turns": ×2, ×3; migration 20): their turn deadlines
 * run that many times the table's. Claims and secret opening choices keep the table's time: a longer
 * window there would tell who holds it (#13 §2). The setting is read at every step, so it applies
 * from the player's next turn at running tables too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { deadlines, durations } from '../../src/table/timers.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('deadlines: a seat with extra time gets it on its turn only, never on a claim or a secret choice', () => {
  const d = (seat: number, kind: string, secret = false) =>
    ({ seat, kind, options: [], ...(secret ? { secret: true } : {}) }) as unknown as Decision<BaseAction>;
  const seats = [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })) as never;
  const ms = { turnMs: 60_000, claimMs: 30_000 };
  const extra = new Map([
    [0, 3],
    [1, 2],
    [2, 2],
  ]);
  const { timers } = deadlines(
    [d(0, 'turn'), d(1, 'claim'), d(2, 'expose', true), d(3, 'turn')],
    seats,
    [],
    1,
    ms,
    1_000,
    undefined,
    extra,
  );
  const by = new Map(timers.map((x) => [x.seat, x]));
  assert.equal(by.get(0)!.deadline, 1_000 + 180_000, 'a turn: ×3');
  assert.equal(by.get(0)!.remindAt, 1_000 + 135_000, 'its reminder at three quarters of it');
  assert.equal(by.get(1)!.deadline, 1_000 + 30_000, "a claim: the table's");
  assert.equal(by.get(2)!.deadline, 1_000 + 60_000, "a secret opening choice: the table's");
  assert.equal(by.get(3)!.deadline, 1_000 + 60_000, 'another seat: unchanged');
});

test("a player's ×2 applies at a running table from their next turn, and back to the table's when they reset it", () => {
  const r = rig('phom', ['human', 'human'], { timer: { name: 'live' } });
  r.store.prefs.setTurnTime('u0', 2);
  assert.equal(r.store.prefs.get('u0').turnTime, 2);
  assert.ok(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok);
  const t0 = r.clock.t;
  const t = r.ts.load(r.gameId)!;
  const turnMs = durations(t.row.timerPreset, t.engine.timeouts(t.row.options)).turnMs!;
  const timer = (seat: number) => r.store.timers.forGame(r.gameId).find((x) => x.seat === seat);
  const seat = r.store.timers.forGame(r.gameId)[0]!.seat;
  const factor = seat === 0 ? 2 : 1;
  assert.equal(timer(seat)!.deadline, t0 + factor * turnMs);
  // The other way round: u0 goes back to the table's time, u1 asks for ×3; the next turns follow.
  r.store.prefs.setTurnTime('u0', 1);
  r.store.prefs.setTurnTime('u1', 3);
  assert.equal(r.store.prefs.get('u0').turnTime, 1);
  for (let k = 0; k < 40; k++) {
    const now = r.store.timers.forGame(r.gameId);
    if (!now.length) break;
    const x = now[0]!;
    r.clock.t = x.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: x.seat, timerKind: x.kind, deadline: x.deadline });
    const next = r.store.timers.forGame(r.gameId)[0];
    if (next && next.kind === 'turn' && next.seat !== x.seat) {
      assert.equal(next.deadline - r.clock.t, (next.seat === 1 ? 3 : 1) * turnMs, `seat ${next.seat}`);
      return;
    }
  }
  assert.fail('no turn passed to the other seat');
});

test('the setting is one of the choices copied to other shards’ files; an unknown stored value reads as 1', () => {
  const r = rig('phom', ['human', 'human']);
  r.store.prefs.setTurnTime('u5', 3);
  assert.equal(r.store.prefs.choices('u5')!.turn_time, 3);
  r.store.db.prepare("UPDATE user_prefs SET turn_time = 7 WHERE user_id = 'u5'").run();
  assert.equal(r.store.prefs.get('u5').turnTime, 1);
  assert.equal(r.store.prefs.seatSettings(['u5']).size, 0);
});
