/**
 * src/bot/dm-forward.ts keeps each DM click's gateway payload for KEEP_MS (10 s), pruning the oldest
 * first up to the first one still fresh. After the host clock stepped back, the payloads stamped
 * before it looked fresh until the clock caught up: none was pruned, and every DM click's payload
 * stayed for hours. One stamped more than KEEP_MS ahead of now goes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Client } from 'discord.js';
import { dmForwarding } from '../../src/bot/dm-forward.js';

type Eval = (c: unknown, x: unknown) => unknown;

/** Shard 0 of two (a stand-in Client), and shard 1, which holds game `abc`. */
function world() {
  let t = 5 * 3600_000;
  const clients = [0, 1].map((id) =>
    Object.assign(new EventEmitter(), {
      isReady: () => true,
      actions: { InteractionCreate: { handle() {} } },
      shard: {
        ids: [id],
        count: 2,
        broadcastEval: (fn: Eval, o: { context: unknown; shard: number }) => Promise.resolve(fn(clients[o.shard], o.context)),
      },
    }),
  );
  const fw = clients.map((c, id) =>
    dmForwarding(
      c as unknown as Client,
      (g) => id === 1 && g === 'abc',
      () => t,
    ),
  );
  const click = (id: string) =>
    clients[0]!.emit('raw', { t: 'INTERACTION_CREATE', d: { id, type: 3, data: { custom_id: 'g:abc:0:hand', component_type: 2 } } });
  return { forward: (id: string) => fw[0]!.forward(id), click, move: (ms: number) => (t += ms) };
}

test('after the host clock steps back an hour, DM click payloads are still kept only for a while', async () => {
  const w = world();
  w.click('1');
  w.move(-3600_000); // the step back
  w.click('2');
  w.move(11_000);
  w.click('3');
  assert.equal(await w.forward('1'), 'not-found', 'the payload from before the step back is gone');
  assert.equal(await w.forward('2'), 'not-found', 'and the one 11 s old');
  assert.equal(await w.forward('3'), 'taken', 'a fresh one is kept');
});

test('a step back of a few seconds keeps a fresh payload', async () => {
  const w = world();
  w.click('1');
  w.move(-3_000);
  w.click('2');
  assert.equal(await w.forward('1'), 'taken');
  assert.equal(await w.forward('2'), 'taken');
});
