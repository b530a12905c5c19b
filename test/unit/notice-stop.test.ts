/**
 * A DM notice round told to stop (the scheduler's stop at shutdown, notifier.ts `due`'s `stop`) takes
 * no further user: their notices stay waiting, unleased, for the next process. Before, the round went
 * on after the shutdown destroyed the client, and every remaining notice was closed as failed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { Notifier } from '../../src/notify/notifier.js';

test('a stopped round ends after the user under way; the others’ notices wait, their leases free', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'notice-stop', timer: { name: 'async' } });
  const users = Array.from({ length: 6 }, (_, k) => `u${k}`);
  for (const u of users) {
    r.store.prefs.setNotify(u, 'result', true);
    r.store.notices.add({ userId: u, gameId: r.gameId, kind: 'result', version: 1, hand: 0, dueAt: r.clock.t });
  }
  const halt = new AbortController();
  const sent: string[] = [];
  // The shutdown comes while the third DM is on its way: that one still goes out.
  const n = new Notifier(r.store, r.ts, async (u) => {
    if (sent.length === 2) halt.abort();
    await new Promise((res) => setTimeout(res, 5));
    sent.push(u);
    return 'sent';
  });
  await n.due(r.clock.t, undefined, halt.signal);
  assert.deepEqual(sent, ['u0', 'u1', 'u2']);
  const outcome = (u: string) => r.store.notices.all(u)[0]!.outcome;
  assert.deepEqual(users.map(outcome), ['sent', 'sent', 'sent', null, null, null], 'the rest wait, none closed as failed');
  const leases = r.store.db.prepare('SELECT COUNT(*) AS n FROM notice_leases').get() as { n: number };
  assert.equal(leases.n, 0, 'no lease left behind');

  // The next process (another holder, at once: no lease to wait out) sends the rest, each once.
  const next: string[] = [];
  await new Notifier(r.store, r.ts, async (u) => (next.push(u), 'sent')).due(r.clock.t);
  assert.deepEqual(next, ['u3', 'u4', 'u5']);
  assert.deepEqual(users.map(outcome), Array(6).fill('sent'));
});

test('a sender that finds the client destroyed leaves the notice waiting, not failed, and the user’s other notices untaken', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'notice-stopped-send', timer: { name: 'async' } });
  r.store.prefs.setNotify('u0', 'result', true);
  r.store.prefs.setNotify('u0', 'start', true);
  r.store.notices.add({ userId: 'u0', gameId: r.gameId, kind: 'start', version: 1, hand: 0, dueAt: r.clock.t });
  r.store.notices.add({ userId: 'u0', gameId: r.gameId, kind: 'result', version: 2, hand: 0, dueAt: r.clock.t });
  let tries = 0;
  await new Notifier(r.store, r.ts, async () => (tries++, 'stopped')).due(r.clock.t);
  assert.equal(tries, 1, 'no send after the client was found destroyed');
  assert.deepEqual(
    r.store.notices.all('u0').map((x) => [x.kind, x.sentAt, x.outcome]),
    [
      ['start', null, null],
      ['result', null, null],
    ],
  );
  const sent: string[] = [];
  await new Notifier(r.store, r.ts, async (u) => (sent.push(u), 'sent')).due(r.clock.t);
  assert.deepEqual(sent, ['u0', 'u0']);
});
