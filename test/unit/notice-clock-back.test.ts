/**
 * The host clock steps back (NTP, a VM resumed): a player whose last move is stamped ahead of `now`
 * was taken to be "at the table" (notifier.ts AT_TABLE_MS) until the clock caught up, hours later,
 * and their "your move" DM was never recorded.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { Notifier } from '../../src/notify/notifier.js';

test('after the clock steps back, a player whose last move looks "in the future" still gets their turn DM', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'clock-back', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (const u of ['u0', 'u1']) r.store.prefs.setNotify(u, 'turn', true);
  const moveOf = () => {
    const d = r.pending()[0]!;
    r.run({ kind: 'move', gameId: r.gameId, seat: d.seat, action: d.options[0]!, ver: null, userId: `u${d.seat}` });
    return d.seat;
  };
  // Seat A plays its turn out (its last move stamped now); the clock then steps back 3 h.
  const a = r.pending()[0]!.seat;
  while (r.pending()[0]!.seat === a) moveOf();
  r.clock.t -= 3 * 3_600_000;
  // The other seat plays its turn out: A's turn again.
  while (r.pending()[0]!.seat !== a) moveOf();
  const sent: string[] = [];
  const n = new Notifier(r.store, r.ts, async (u) => {
    sent.push(u);
    return 'sent' as const;
  });
  // An hour after the step back, A has not clicked for an hour of real time.
  r.clock.t += 3_600_000;
  await n.onEffects(r.ts.load(r.gameId)!, [{ kind: 'ping', turn: [a], claim: [] }], r.clock.t);
  await n.due(r.clock.t);
  assert.deepEqual(sent, [`u${a}`]);
});
