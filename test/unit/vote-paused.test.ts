/**
 * A paused table keeps its reminders: "their vote buttons serve after the resume" (bot/effects.ts
 * sweepReminders). A click on such a button while the table is paused was answered "There is nothing
 * to vote on now: that seat is not waiting on a move without a deadline, or not reminded often
 * enough yet" — false on both counts (the seat waits, reminded enough): it says the table is paused.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';

const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'pause' | 'resume' | 'absent-ai', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg !== undefined ? { arg } : {}) });

test('a vote button of a kept reminder clicked while the table is paused says the table is paused', () => {
  const r = rig('chan', ['human', 'human', 'human', 'ai'], { timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  const absent = timer.seat;
  const others = [0, 1, 2].filter((s) => s !== absent);
  for (let i = 0; i < 3; i++) {
    r.clock.t = r.store.timers.forGame(r.gameId).find((x) => x.seat === absent)!.remindAt!;
    const x = r.run({ kind: 'remind', gameId: r.gameId, seat: absent });
    if (i === 2)
      assert.ok(
        x.effects.some((e) => e.kind === 'remind' && e.vote),
        'the third reminder offers the vote',
      );
  }
  for (const s of others) table(r, `u${s}`, 'pause');
  assert.equal(row(r).status, 'paused');
  const v = table(r, `u${others[0]}`, 'absent-ai', String(absent));
  assert.equal(v.outcome.ok, false);
  assert.equal(v.outcome.refusal?.key, 'errors:paused', `refused with ${v.outcome.refusal?.key}`);
});
