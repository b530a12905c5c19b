/**
 * Shard processes sharing one database (README "Shards") deliver each DM notice once: a user's
 * notices are delivered under a lease (store/prefs.ts NoticeStore.lease, migration 17).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { Notifier } from '../../src/notify/notifier.js';

test('two notifiers on one database (two shards) send a due notice once', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'lease-1', timer: { name: 'async' } });
  r.store.prefs.setNotify('u0', 'result', true);
  r.store.notices.add({ userId: 'u0', gameId: r.gameId, kind: 'result', version: 1, hand: 0, dueAt: r.clock.t });
  const sent: string[] = [];
  const sender = async (u: string) => {
    await new Promise((res) => setTimeout(res, 30));
    sent.push(u);
    return 'sent' as const;
  };
  const a = new Notifier(r.store, r.ts, sender);
  const b = new Notifier(r.store, r.ts, sender);
  await Promise.all([a.due(r.clock.t), b.due(r.clock.t)]);
  assert.deepEqual(sent, ['u0']);
  assert.equal(r.store.notices.waiting('u0').length, 0, 'delivered, not left waiting');
});

test('a send slower than the lease: the other shard, which takes the lease over, does not send the same notice again', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'lease-slow', timer: { name: 'async' } });
  r.store.prefs.setNotify('u0', 'result', true);
  r.store.notices.add({ userId: 'u0', gameId: r.gameId, kind: 'result', version: 1, hand: 0, dueAt: r.clock.t });
  const sent: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((res) => (release = res));
  // Shard A's send is slow (429s, discord.js's retries): 61 s pass before it returns.
  const slow = async (u: string) => {
    r.clock.t += 61_000;
    await gate;
    sent.push(`A:${u}`);
    return 'sent' as const;
  };
  const fast = async (u: string) => {
    sent.push(`B:${u}`);
    return 'sent' as const;
  };
  const a = new Notifier(r.store, r.ts, slow);
  const b = new Notifier(r.store, r.ts, fast);
  const pa = a.due(r.clock.t);
  await new Promise((res) => setTimeout(res, 20));
  // Shard B's next round: A's lease ran out meanwhile, B takes it.
  await b.due(r.clock.t);
  release();
  await pa;
  assert.deepEqual(sent, ['A:u0']);
  assert.equal(r.store.notices.all('u0')[0]!.outcome, 'sent');
});

test('a lease runs out by itself (a process that died while sending), and only its holder gives it back', () => {
  const r = rig('phom', ['human', 'human']);
  const n = r.store.notices;
  assert.equal(n.lease('u0', 'A', 60_000), true);
  assert.equal(n.lease('u0', 'B', 60_000), false);
  n.release('u0', 'B');
  assert.equal(n.lease('u0', 'B', 60_000), false, 'B cannot release A’s lease');
  assert.equal(n.lease('u0', 'A', 60_000), true, 'the holder renews');
  r.clock.t += 60_001;
  assert.equal(n.lease('u0', 'B', 60_000), true, 'after it ran out');
  n.release('u0', 'B');
  assert.equal(n.lease('u0', 'A', 60_000), true);
});

test('a notice held (quiet hours) whose kind is turned off before it goes out is not sent', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'lease-2', timer: { name: 'async' } });
  r.store.prefs.setNotify('u0', 'result', true);
  r.store.prefs.setNotify('u0', 'turn', true);
  r.store.notices.add({ userId: 'u0', gameId: r.gameId, kind: 'result', version: 1, hand: 0, dueAt: r.clock.t });
  r.store.prefs.setNotify('u0', 'result', false);
  const sent: string[] = [];
  const n = new Notifier(r.store, r.ts, async (u: string) => (sent.push(u), 'sent' as const));
  await n.due(r.clock.t);
  assert.deepEqual(sent, []);
  assert.equal(r.store.notices.waiting('u0').length, 0, 'dropped');
});

test('done notices of a game that is over leave the table a day after; waiting ones, open games’ and a pending outbox’s stay', () => {
  const r = rig('phom', ['human', 'human'], { seed: 'prune-1' });
  const n = r.store.notices;
  const add = (kind: 'turn' | 'result', version: number) =>
    n.add({ userId: 'u0', gameId: r.gameId, kind, version, hand: 0, dueAt: r.clock.t });
  add('turn', 1);
  add('turn', 2);
  add('result', 3); // still waiting (quiet hours)
  const [a, b] = n.all('u0');
  n.close([a!.id, b!.id], 'sent', r.clock.t);
  const DAY = 24 * 3600_000;
  r.clock.t += 2 * DAY;
  assert.equal(n.pruneDone(r.clock.t - DAY), 0, 'the game is still running: nothing goes');
  r.store.games.update(r.gameId, { status: 'finished' });
  r.store.db.prepare('UPDATE games SET outbox = \'[{"kind":"result"}]\' WHERE id = ?').run(r.gameId);
  assert.equal(n.pruneDone(r.clock.t - DAY), 0, 'effects still to run (a restart would run them again): nothing goes');
  r.store.db.prepare("UPDATE games SET outbox = '[]' WHERE id = ?").run(r.gameId);
  assert.equal(n.pruneDone(r.clock.t - 3 * DAY), 0, 'done less than the cutoff ago: kept');
  assert.equal(n.pruneDone(r.clock.t - DAY), 2);
  assert.deepEqual(
    n.all('u0').map((x) => [x.kind, x.sentAt]),
    [['result', null]],
    'the waiting one is still to be delivered',
  );
});
