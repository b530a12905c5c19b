/** A table paused for 30 days: its image printed the frozen (long past) deadline as a date (views.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../../test/support/table-rig.js';
import { tableView, deadlineStamp } from '../../src/table/views.js';

test('the table image of a paused table shows no stale deadline', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timer: { name: 'async' }, seed: 'pi' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d0 = r.store.timers.forGame(r.gameId)[0]!.deadline;
  r.clock.t += 3600_000;
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'pause' });
  r.clock.t += 30 * 24 * 3600_000;
  const t = r.ts.load(r.gameId)!;
  assert.equal(t.row.status, 'paused');
  const v = tableView(t, 'en');
  assert.ok(v.model, 'a table image');
  assert.equal((v.model as { timer?: unknown }).timer, undefined, `no frozen deadline (${deadlineStamp(d0, 'en')}) 30 days later`);
});
