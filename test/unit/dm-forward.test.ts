/**
 * src/bot/dm-forward.ts with stand-in clients (the real ShardingManager path is test/e2e/shards-dm.test.ts):
 * which DM payloads are kept, which shard takes a forwarded click, and the answers when none does.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Client } from 'discord.js';
import { dmForwarding } from '../../src/bot/dm-forward.js';

type Eval = (c: unknown, x: unknown) => unknown;

/** A stand-in for a shard process's Client: events, a shard util whose broadcastEval runs on `peers`, discord.js's action. */
function shardClient(id: number, count: number, peers: () => Map<number, FakeClient | 'down'>) {
  const handled: unknown[] = [];
  const c = Object.assign(new EventEmitter(), {
    handled,
    ready: true,
    isReady(): boolean {
      return c.ready;
    },
    actions: { InteractionCreate: { handle: (d: unknown) => handled.push(d) } },
    shard: {
      ids: [id],
      count,
      broadcastEval: (fn: Eval, o: { context: unknown; shard: number }) => {
        const peer = peers().get(o.shard);
        if (!peer || peer === 'down') return Promise.reject(new Error('ShardingNoChildExists'));
        return Promise.resolve(fn(peer, o.context));
      },
    },
  });
  return c;
}
type FakeClient = ReturnType<typeof shardClient>;

const dmPacket = (id: string, customId: string, guildId?: string) => ({
  t: 'INTERACTION_CREATE',
  d: { id, type: 3, data: { custom_id: customId, component_type: 2 }, ...(guildId ? { guild_id: guildId } : {}) },
});

function world(owned: Record<number, string[]>, down: number[] = []) {
  const peers = new Map<number, FakeClient | 'down'>();
  const fw = new Map<number, ReturnType<typeof dmForwarding>>();
  let t = 0;
  for (const id of [0, 1, 2]) {
    const c = shardClient(id, 3, () => peers);
    peers.set(id, down.includes(id) ? 'down' : c);
    fw.set(
      id,
      dmForwarding(
        c as unknown as Client,
        (g) => (owned[id] ?? []).includes(g),
        () => t,
      ),
    );
  }
  return { client: (id: number) => peers.get(id) as FakeClient, fw: (id: number) => fw.get(id)!, tick: (ms: number) => (t += ms) };
}

const tick = () => new Promise((r) => setImmediate(r));

test('a DM click on another shard’s game is taken by that shard, which handles the same payload', async () => {
  const w = world({ 0: [], 1: [], 2: ['abc123'] });
  assert.equal(w.fw(0).playsHere('abc123'), false);
  assert.equal(w.fw(2).playsHere('abc123'), true);
  const p = dmPacket('9001', 'g:abc123:4:act:2');
  w.client(0).emit('raw', p);
  assert.equal(await w.fw(0).forward('9001'), 'taken');
  await tick();
  assert.deepEqual(w.client(2).handled, [p.d]);
  assert.deepEqual(w.client(1).handled, []);
  // The payload is used once.
  assert.equal(await w.fw(0).forward('9001'), 'not-found');
});

test('nobody holds the game: not found; a shard that does not answer: unreachable (try again)', async () => {
  const w = world({ 0: [], 1: [], 2: [] });
  w.client(0).emit('raw', dmPacket('1', 'g:zzz:0:hand'));
  assert.equal(await w.fw(0).forward('1'), 'not-found');
  const d = world({ 0: [], 1: [], 2: ['abc'] }, [2]);
  d.client(0).emit('raw', dmPacket('2', 'g:abc:0:hand'));
  assert.equal(await d.fw(0).forward('2'), 'unreachable');
  // The owner is back but not logged in yet (a respawn): it could not post the move's ping, so not taken.
  const e = world({ 0: [], 1: [], 2: ['abc'] });
  e.client(2).ready = false;
  e.client(0).emit('raw', dmPacket('3', 'g:abc:0:hand'));
  assert.equal(await e.fw(0).forward('3'), 'unreachable');
  await tick();
  assert.deepEqual(e.client(2).handled, []);
});

test('only DM interaction payloads are kept, and only for a while; a guild payload is never taken', async () => {
  const w = world({ 0: [], 1: ['abc'], 2: [] });
  w.client(0).emit('raw', dmPacket('5', 'g:abc:0:hand', '123'));
  assert.equal(await w.fw(0).forward('5'), 'not-found', 'a guild interaction is not forwarded');
  w.client(0).emit('raw', { t: 'MESSAGE_CREATE', d: { id: '6' } });
  assert.equal(await w.fw(0).forward('6'), 'not-found');
  w.client(0).emit('raw', dmPacket('7', 'g:abc:0:hand'));
  w.tick(11_000);
  w.client(0).emit('raw', dmPacket('8', 'g:abc:0:hand'));
  assert.equal(await w.fw(0).forward('7'), 'not-found', 'expired');
  assert.equal(await w.fw(0).forward('8'), 'taken');
  // A forged forward carrying a guild id is refused by the receiving shard.
  const take = (w.client(1) as unknown as Record<string, (r: unknown) => boolean>).hoiQuanTakeDmInteraction!;
  assert.equal(take(dmPacket('9', 'g:abc:0:hand', '123').d), false);
  assert.equal(take(dmPacket('10', 'not-a-game-id').d), false);
});
