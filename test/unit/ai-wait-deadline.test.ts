/**
 * The time a step waits for the AI pool is not taken from the next person's turn (act.ts `actAsync`
 * given the clock, `Step`'s deadlines). Before, the deadlines counted from the step's start: each AI
 * decision of a hung AI waited AI_TIMEOUT_MS (5 s) for its failure, so six of them left the next
 * person a live turn already over when it was announced (and with on-timeout ai, the AI took the
 * seat at the next timer round).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { act, actAsync, type AiAnswer, type AiAsk, type TableCommand } from '../../src/table/act.js';
import { answerAsk } from '../../src/table/ai-answer.js';
import { rig, type Rig } from '../support/table-rig.js';

const seats = ['human', 'ai', 'ai', 'ai'] as const;
const opts = { seed: 'ai-wait', timer: { name: 'live' } } as const;

function started(): Rig {
  const r = rig('phom', [...seats], opts);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  return r;
}
const move = (r: Rig): TableCommand => {
  const d = r.pending().find((x) => x.seat === 0)!;
  return { kind: 'move', gameId: r.gameId, seat: 0, action: d.options[0]!, ver: null };
};
const turnOf0 = (r: Rig) => r.store.timers.forGame(r.gameId).find((x) => x.seat === 0);

test("an AI that answers slowly: the next person's deadline counts from the end of the wait", async () => {
  // The same step inline (no wait): how long seat 0's next turn is.
  const inline = started();
  const t0 = inline.clock.t;
  assert.equal(act(inline.ts, move(inline), t0).outcome.ok, true);
  const full = turnOf0(inline)!.deadline - t0;
  assert.ok(full > 0, 'a live turn has a deadline');

  const r = started();
  const start = r.clock.t;
  let asked = 0;
  // A pool whose every answer takes 4 s of the clock (a busy pool, a slow strong AI).
  const port = async (ask: AiAsk): Promise<AiAnswer> => {
    asked++;
    r.clock.t += 4_000;
    return answerAsk(ask.engine, ask);
  };
  const res = await actAsync(r.ts, move(r), () => r.clock.t, port);
  assert.equal(res.outcome.ok, true);
  assert.ok(asked >= 2, `the AI seats played (${asked} requests)`);
  const log = (x: Rig) => x.store.games.logWithMeta(x.gameId).map((e) => [e.seat, e.source, e.action]);
  assert.deepEqual(log(r), log(inline), 'the same moves as inline');
  const mine = turnOf0(r);
  assert.ok(mine, 'seat 0 decides again');
  assert.equal(mine.deadline - r.clock.t, full, `seat 0 has its whole turn when the step ends (${(r.clock.t - start) / 1000} s waited)`);
});

test("a hung AI (no answer within the pool's time): the next person keeps their whole turn", async () => {
  const inline = started();
  assert.equal(act(inline.ts, move(inline), inline.clock.t).outcome.ok, true);
  const full = turnOf0(inline)!.deadline - inline.clock.t;

  const r = started();
  const port = async (): Promise<AiAnswer> => {
    r.clock.t += 5_000;
    return { ok: false, error: 'no answer within 5000 ms', unanswered: true };
  };
  const res = await actAsync(r.ts, move(r), () => r.clock.t, port);
  assert.equal(res.outcome.ok, true);
  const mine = turnOf0(r);
  assert.ok(mine, 'seat 0 decides again');
  assert.equal(mine.deadline - r.clock.t, full, 'seat 0 has its whole turn when the step ends');
});

test('given the time rather than the clock, actAsync sets the deadlines act sets (a step is the same for one time)', async () => {
  const a = started();
  const b = started();
  const t = a.clock.t;
  act(a.ts, move(a), t);
  const res = await actAsync(b.ts, move(b), t, async (ask) => {
    b.clock.t += 4_000; // not read: the caller gave a time, not the clock
    return answerAsk(ask.engine, ask);
  });
  assert.equal(res.outcome.ok, true);
  const timers = (x: Rig) =>
    x.store.timers.forGame(x.gameId).map(({ seat, kind, deadline, remindAt }) => ({ seat, kind, deadline, remindAt }));
  assert.deepEqual(timers(b), timers(a));
});
