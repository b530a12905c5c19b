/**
 * A reminder the scheduler read as due, run after a pause took the game's lock first: the pause froze
 * it, and it must still go out after the resume (src/table/act.ts `remind`). It was marked sent with
 * nothing posted, so the decision got no reminder at all.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';

test('a reminder due as a pause lands is kept for after the resume', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timer: { name: 'async' }, seed: 'rp' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const [tm] = r.store.timers.forGame(r.gameId);
  r.clock.t = tm!.remindAt!;
  const due = r.store.timers.remindersDue(r.clock.t);
  assert.deepEqual(
    due.map((d) => d.seat),
    [tm!.seat],
  );
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'pause' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  const late = r.run({ kind: 'remind', gameId: r.gameId, seat: tm!.seat });
  assert.deepEqual(
    late.effects.filter((e) => e.kind === 'remind'),
    [],
  );
  assert.notEqual(r.store.timers.forGame(r.gameId)[0]!.remindAt, null, 'not marked sent');
  r.clock.t += 3600_000;
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'resume' });
  const after = r.store.timers.forGame(r.gameId)[0]!;
  assert.ok(after.remindAt !== null && after.remindAt < after.deadline, 'a reminder before the deadline');
  r.clock.t = after.remindAt;
  const sent = r.run({ kind: 'remind', gameId: r.gameId, seat: tm!.seat });
  assert.equal(sent.effects.filter((e) => e.kind === 'remind').length, 1, 'the reminder goes out');
});
