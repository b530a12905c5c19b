/**
 * Every game's turn timeout is per decision (phom.md §13 `turn-timeout-s` "seconds per pending
 * decision", §5 "each decision under turn-timeout-s"; chan.md §13 `decision-timeout-s`, a
 * "per-decision timeout"; classic-mahjong.md §13 `turn-timeout-seconds`, a kong's replacement being
 * a new `turn`; vn-mahjong.md §5, `turn` repeating after a joker, kong or bounce). A seat kept one
 * deadline for its whole turn (src/table/timers.ts `deadlines`): a Phỏm player who drew after 20 s
 * of 25 had 5 s left to lay down and discard, while one whose draw ran out got a fresh 25 s (act.ts
 * `timeout` drops the seat's timer). Now a seat's own follow-up decision gets the full turn length
 * (times its /prefs factor), without a second ping, with its reminder counted from the move, and
 * claim windows keep their deadlines.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';
import { deadlines, NO_DEADLINE, OFF_FIRST_REMINDER_MS, reminderAt } from '../../src/table/timers.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';
import type { Effect } from '../../src/table/effects.js';
import type { TimerRow } from '../../src/store/index.js';

const timerOf = (r: Rig, seat: number) => r.store.timers.forGame(r.gameId).find((x) => x.seat === seat);
/** The seats a step's ping names for a turn (or tells of a secret decision). */
const pingedTurns = (effects: readonly Effect[]) =>
  effects.flatMap((e) => (e.kind === 'ping' ? [...e.turn, ...e.claim] : e.kind === 'tell' ? e.seats : []));

/** Phỏm, four people: seat 0 discards its first turn, so seat 1 must take (draw or eat). */
function phomAtTake(): Rig {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'per-dec', timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [d0] = r.pending();
  assert.equal(d0!.seat, 0);
  const discard = r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: d0!.timeoutDefault, ver: null, userId: 'u0' });
  assert.equal(discard.outcome.ok, true);
  const [d1] = r.pending();
  assert.equal(d1!.seat, 1);
  assert.deepEqual(d1!.timeoutDefault, { type: 'draw' });
  assert.deepEqual(pingedTurns(discard.effects), [1], 'the turn itself is pinged when it comes');
  return r;
}

test('phom: each pending decision gets turn-timeout-s (a draw does not leave the discard the rest)', () => {
  const r = phomAtTake();
  const t1 = timerOf(r, 1)!;
  assert.equal(t1.deadline - r.clock.t, 25_000, 'turn-timeout-s = 25 for the take');
  r.clock.t += 20_000;
  const step = r.run({ kind: 'move', gameId: r.gameId, seat: 1, action: { type: 'draw' }, ver: null, userId: 'u1' });
  assert.equal(step.outcome.ok, true);
  const [d2] = r.pending();
  assert.equal(d2!.seat, 1, 'seat 1 now lays down or discards');
  const t2 = timerOf(r, 1)!;
  // Before: 5 s (the take's deadline kept).
  assert.equal(t2.deadline - r.clock.t, 25_000, `the next decision has ${(t2.deadline - r.clock.t) / 1000} s, not turn-timeout-s`);
  assert.equal(t2.kind, 'turn');
  assert.equal(t2.version, r.version(), 'a new decision: the timer of the new version (a vote about the old one is void)');
  assert.equal(t2.reminders ?? 0, 0);
  // Its own follow-up is no news to its player: no ping (a ping re-posted would notify them again).
  assert.deepEqual(pingedTurns(step.effects), [], 'the seat is not pinged again for its own next decision');
});

test('phom: after the take runs out (auto-draw), the next decision still gets turn-timeout-s', () => {
  const r = phomAtTake();
  const t1 = timerOf(r, 1)!;
  r.clock.t = t1.deadline + 1;
  r.run({ kind: 'timeout', gameId: r.gameId, seat: 1, timerKind: t1.kind, deadline: t1.deadline });
  const [d2] = r.pending();
  assert.equal(d2!.seat, 1, 'seat 1 drew by timeout and now discards');
  assert.equal(timerOf(r, 1)!.deadline - r.clock.t, 25_000, 'the same time as a player who drew in time gets');
});

test('phom: the reminder of the follow-up decision goes by its own deadline; the old one never fires', () => {
  const r = phomAtTake();
  const t1 = timerOf(r, 1)!;
  r.clock.t += 20_000;
  r.run({ kind: 'move', gameId: r.gameId, seat: 1, action: { type: 'draw' }, ver: null, userId: 'u1' });
  const t2 = timerOf(r, 1)!;
  assert.equal(t2.remindAt, reminderAt(r.clock.t, 25_000), 'three quarters of the new decision');
  assert.ok(t2.remindAt! > t1.remindAt!);
  // At the old reminder's time nothing is due (before: the reminder fired 1.25 s after the draw).
  assert.deepEqual(r.store.timers.remindersDue(t1.remindAt!), []);
  assert.deepEqual(r.store.timers.due(t1.deadline), [], 'nor the old deadline');
  r.clock.t = t2.remindAt!;
  assert.deepEqual(
    r.store.timers.remindersDue(r.clock.t).map((x) => x.seat),
    [1],
  );
  const res = r.run({ kind: 'remind', gameId: r.gameId, seat: 1 });
  const remind = res.effects.find((e): e is Extract<Effect, { kind: 'remind' }> => e.kind === 'remind');
  assert.equal(remind?.seat, 1);
  assert.equal(remind?.deadline, t2.deadline, 'the reminder names the new deadline');
  // A firing read for the take's deadline (a scheduler round that read it before the draw) is stale.
  r.clock.t = t2.deadline - 1;
  const late = r.run({ kind: 'timeout', gameId: r.gameId, seat: 1, timerKind: 'turn', deadline: t1.deadline });
  assert.equal(late.outcome.refusal?.key, 'errors:stale');
  assert.equal(r.pending()[0]!.seat, 1, 'the follow-up decision is not played early');
});

test("phom: a player's /prefs factor stretches each decision of their turn", () => {
  const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: 'per-dec', timer: { name: 'live' } });
  r.store.prefs.setTurnTime('u1', 2);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [d0] = r.pending();
  r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: d0!.timeoutDefault, ver: null, userId: 'u0' });
  assert.equal(timerOf(r, 1)!.deadline - r.clock.t, 50_000);
  r.clock.t += 45_000;
  r.run({ kind: 'move', gameId: r.gameId, seat: 1, action: { type: 'draw' }, ver: null, userId: 'u1' });
  assert.equal(r.pending()[0]!.seat, 1);
  assert.equal(timerOf(r, 1)!.deadline - r.clock.t, 50_000, '×2 of turn-timeout-s, anew');
});

test('phom: every further decision of the turn (lay-down, send) gets its own time too, never a ping', () => {
  let checked = 0;
  for (let k = 0; k < 6 && checked < 3; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: `per-dec-${k}`, timer: { name: 'live' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let i = 0; i < 200; i++) {
      const d = r.pending()[0];
      if (!d || r.store.games.get(r.gameId)!.status !== 'running') break;
      r.clock.t += 7_000;
      const step = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: d.timeoutDefault, ver: null });
      assert.equal(step.outcome.ok, true);
      const next = r.pending().find((x) => x.seat === d.seat);
      if (!next || d.timeoutDefault.type === 'draw') continue;
      checked++;
      assert.equal(timerOf(r, d.seat)!.deadline - r.clock.t, 25_000, `after ${d.timeoutDefault.type}: the full time`);
      assert.ok(!pingedTurns(step.effects).includes(d.seat), `after ${d.timeoutDefault.type}: no ping`);
    }
  }
  assert.ok(checked >= 3, `only ${checked} lay-down or send follow-ups were played`);
});

/**
 * Mahjong: a kong on `turn` draws a replacement and gives a new `turn` (classic-mahjong.md §5 step
 * 2; vn-mahjong.md §5). The seeds give a human seat a kong within the first hand.
 */
for (const [game, seed, kong] of [
  ['classic-mahjong', 'pd-22', ['concealed-kong', 'added-kong']],
  ['vn-mahjong', 'pd-0', ['am-coong', 'hoi-coong', 'expose-joker', 'bounce']],
] as [GameId, string, string[]][]) {
  test(`${game}: the turn after the seat's own kong gets the full turn time, without a ping`, () => {
    const r = rig(game, ['human', 'human', 'human', 'human'], { seed, timer: { name: 'live' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const t = r.ts.load(r.gameId)!;
    const turnMs = t.engine.timeouts(t.row.options).turn;
    const len = typeof turnMs === 'number' ? turnMs * 1000 : 60_000;
    for (let i = 0; i < 300; i++) {
      const d = r.pending()[0];
      assert.ok(d && r.store.games.get(r.gameId)!.status === 'running', 'no kong came up');
      const action = d.kind === 'turn' ? d.options.find((a) => kong.includes(a.type)) : undefined;
      if (!action) {
        r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: d.timeoutDefault, ver: null });
        continue;
      }
      const before = timerOf(r, d.seat)!;
      r.clock.t = before.deadline - 5_000;
      const step = r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action, ver: null });
      assert.equal(step.outcome.ok, true);
      const next = r.pending().find((x) => x.seat === d.seat);
      assert.equal(next?.kind, 'turn', `${action.type}: the seat's turn again (nobody robbed it)`);
      const after = timerOf(r, d.seat)!;
      // Before: the deadline of the turn before the kong, 5 s away.
      assert.equal(after.deadline - r.clock.t, len, `${action.type}: a new turn with its own time`);
      assert.deepEqual(pingedTurns(step.effects), [], 'no ping for the seat own next turn');
      return;
    }
  });
}

test('claim windows keep their deadlines: a claimant who answers changes no other claimant timer', () => {
  // Classic mahjong, four people: find a discard several people may claim; one passes.
  for (let k = 0; k < 20; k++) {
    const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: `cw-${k}`, timer: { name: 'live' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    for (let i = 0; i < 200; i++) {
      const p = r.pending();
      if (!p.length || r.store.games.get(r.gameId)!.status !== 'running') break;
      const claims = p.filter((d) => d.kind === 'claim');
      if (claims.length >= 2) {
        const before = r.store.timers.forGame(r.gameId);
        assert.ok(
          before.every((x) => x.kind === 'claim' && x.deadline === before[0]!.deadline),
          'one window, one deadline',
        );
        r.clock.t += 3_000;
        const c = claims[0]!;
        r.run({ kind: 'move', gameId: r.gameId, seat: c.seat, action: { type: 'pass' }, ver: null });
        const after = r.store.timers.forGame(r.gameId);
        const strip = (x: TimerRow) => ({ seat: x.seat, kind: x.kind, version: x.version, deadline: x.deadline, remindAt: x.remindAt });
        assert.deepEqual(
          after.map(strip),
          before.filter((x) => x.seat !== c.seat).map(strip),
          'the other claimants keep their timers, unchanged',
        );
        return;
      }
      r.run({ kind: 'move', gameId: r.gameId, seat: p[0]!.seat, action: p[0]!.timeoutDefault, ver: null });
    }
  }
  assert.fail('no claim window with two claimants came up');
});

/** `deadlines` alone: the follow-up rule, for the games where the rigs rarely reach one (Chắn). */
const dec = (seat: number, kind: string, secret = false) =>
  ({ seat, kind, options: [], timeoutDefault: { type: 'x' }, ...(secret ? { secret: true } : {}) }) as unknown as Decision<BaseAction>;
const people = [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` }));
const row = (seat: number, kind: 'turn' | 'claim', deadline: number, extra: Partial<TimerRow> = {}): TimerRow => ({
  gameId: 'g',
  pausedLeft: null,
  seat,
  kind,
  version: 3,
  deadline,
  remindAt: deadline - 10_000,
  reminders: 0,
  ...extra,
});

test('deadlines: own turn move, then a turn: new deadline, not fresh; a claim window or another seat is kept', () => {
  const ms = { turnMs: 60_000, claimMs: 30_000 };
  const now = 100_000;
  const old = [row(0, 'turn', 130_000), row(2, 'turn', 140_000)];
  const moved = { turn: true, claimed: new Set<number>(), lapsed: new Set<number>(), turnSeats: new Set([0]) };
  const { timers, fresh } = deadlines([dec(0, 'turn'), dec(2, 'turn')], people, old, 7, ms, now, moved);
  const by = new Map(timers.map((x) => [x.seat, x]));
  assert.deepEqual(by.get(0), { seat: 0, kind: 'turn', version: 7, deadline: now + 60_000, remindAt: reminderAt(now, 60_000) });
  assert.deepEqual(fresh, [], 'nobody is pinged: seat 0 played the move itself');
  const { gameId: _g, pausedLeft: _p, ...other } = old[1]!;
  assert.deepEqual(by.get(2), other, 'another seat waiting on a turn keeps its timer');
  // A turn that comes back after others played (lapsed) is still new and pinged.
  const back = { turn: true, claimed: new Set<number>(), lapsed: new Set([0]), turnSeats: new Set([0, 1]) };
  const again = deadlines([dec(0, 'turn')], people, old, 8, ms, now, back);
  assert.deepEqual(again.fresh, [0]);
  // A secret opening choice is a window (timers.ts windowKind): its deadline is never renewed by this rule.
  const secret = deadlines([dec(0, 'expose', true)], people, [row(0, 'claim', 120_000)], 8, ms, now, {
    turn: false,
    claimed: new Set(),
    turnSeats: new Set([0]),
  });
  assert.equal(secret.timers[0]!.deadline, 120_000);
  assert.equal(secret.timers[0]!.version, 3);
});

test('deadlines without a deadline (Chắn decision-timeout-s 0): the own follow-up restarts reminders and the vote count', () => {
  const ms = { turnMs: null, claimMs: null };
  const now = 5_000_000;
  // The seat had been reminded 4 times (the vote about it was offered), then played a turn move.
  const old = [row(0, 'turn', NO_DEADLINE, { remindAt: now + 3_600_000, reminders: 4 })];
  const moved = { turn: true, claimed: new Set<number>(), lapsed: new Set<number>(), turnSeats: new Set([0]) };
  const { timers, fresh } = deadlines([dec(0, 'turn')], people, old, 9, ms, now, moved);
  assert.deepEqual(timers, [
    { seat: 0, kind: 'turn', version: 9, deadline: NO_DEADLINE, remindAt: now + OFF_FIRST_REMINDER_MS, reminders: 0 },
  ]);
  assert.deepEqual(fresh, []);
  // Another seat's step (nothing played by seat 0) keeps its count.
  const kept = deadlines([dec(0, 'turn')], people, old, 9, ms, now, { turn: true, claimed: new Set(), turnSeats: new Set([1]) });
  assert.equal(kept.timers[0]!.reminders, 4);
  assert.equal(kept.timers[0]!.version, 3);
});
