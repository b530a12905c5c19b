/**
 * After the host clock steps back, a user's digest (and so every "your move" DM it stands for)
 * waited until the clock caught up with the last digest's stamp plus an hour: hours of no notices.
 * A last digest stamped ahead of now holds nothing (notifier.ts, as `playingNow` does for moves).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { startedPhom } from '../support/started-phom.js';
import { Notifier } from '../../src/notify/notifier.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const HOUR = 3600_000;

test('a digest is not held for hours after the host clock stepped back', async () => {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const eng = engineOf('phom');
  const mk = (seed: string) =>
    startedPhom(store, ts, { seed, threadId: `th-${seed}`, timerPreset: { name: 'async' }, users: ['me', 'other'], now: clock.t });
  // Three tables where it is seat 0's (my) move.
  const tables: string[] = [];
  for (let k = 0; tables.length < 3 && k < 80; k++) {
    const id = mk(`dcb-${k}`);
    const p = eng.pending(store.games.state(store.games.get(id)!)) as Decision<BaseAction>[];
    if (p.length === 1 && p[0]!.seat === 0 && p[0]!.kind === 'turn') tables.push(id);
  }
  assert.equal(tables.length, 3);
  store.prefs.setNotify('me', 'turn', true);
  store.prefs.setDigestOver('me', 1);
  const sent: string[] = [];
  const n = new Notifier(store, ts, async (_u, dm) => (sent.push(dm.content), 'sent' as const));
  // A digest goes out at 12:00 (two tables wait); the host clock then steps back 6 hours; two real hours pass.
  for (const id of tables.slice(0, 2)) await n.onEffects(ts.load(id)!, [{ kind: 'ping', turn: [0], claim: [] }], clock.t);
  assert.equal(sent.length, 1, 'the first digest');
  assert.equal(store.prefs.get('me').lastDigestAt, clock.t);
  clock.t -= 6 * HOUR;
  clock.t += 2 * HOUR;
  // A third table comes to wait on me: a digest of the three goes out now, not once the clock passes 13:00 again.
  await n.onEffects(ts.load(tables[2]!)!, [{ kind: 'ping', turn: [0], claim: [] }], clock.t);
  await n.due(clock.t);
  assert.equal(sent.length, 2, `no digest 2 hours after the step back: held until the clock catches up (${sent.length})`);
  assert.match(sent[1]!, /3/);
  // And the hour between digests counts from that one.
  assert.equal(store.prefs.get('me').lastDigestAt, clock.t);
});
