/** The log's error serializer (src/config/logger.ts): no interaction tokens, no request bodies. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import { DiscordAPIError } from 'discord.js';
import { hostname } from 'node:os';
import { createLogger, redactTokens, serializeError, shardBase } from '../../src/config/logger.js';

const TOKEN = 'aW50ZXJhY3Rpb246MTMxNjk4NzY1NDMyMTAxMjM0NTp2ZXJ5c2VjcmV0dG9rZW4.abc-def_ghi';

test('a failed Discord request logs its route without the interaction token and its body without the files', () => {
  const url = `https://discord.com/api/v10/webhooks/1234567890/${TOKEN}/messages/@original`;
  const png = { name: 'hand.png', data: Buffer.alloc(30_000, 7) };
  const err = new DiscordAPIError({ code: 50083, message: 'Thread is archived' }, 50083, 400, 'PATCH', url, {
    files: [png],
    body: { content: 'x' },
  } as never);
  const out = JSON.stringify(serializeError(err));
  assert.ok(!out.includes(TOKEN), out);
  assert.match(out, /\/webhooks\/1234567890\/\[token\]\/messages/);
  assert.ok(out.length < 3_000, `a short line (${out.length})`);
  // The logger uses it for `err`.
  let line = '';
  const sink = new Writable({
    write(c: Buffer, _e, cb) {
      line += c.toString();
      cb();
    },
  });
  const log = pino({ serializers: { err: serializeError } }, sink);
  log.error({ err }, 'cannot edit');
  assert.ok(!line.includes(TOKEN));
});

test('routes: interaction callbacks and webhooks are redacted, ids and other paths kept', () => {
  assert.equal(redactTokens(`/interactions/99/${TOKEN}/callback`), '/interactions/99/[token]/callback');
  assert.equal(redactTokens('/channels/123/messages/456'), '/channels/123/messages/456');
});

test("a shard's log lines name the shard (SHARDS as discord.js's ShardingManager sets it: the id)", async () => {
  // What a shard process sees: Shard.js gives its child `SHARDS: this.id`.
  const { Shard } = await import('discord.js');
  const make = Shard as unknown as new (manager: unknown, id: number) => { env: NodeJS.ProcessEnv };
  const env = new make({ mode: 'process', file: 'x.js', shardArgs: [], execArgv: [], totalShards: 2, token: 't' }, 1).env;
  assert.deepEqual(shardBase({ SHARDS: String(env.SHARDS) }), { shard: 1 });
  assert.deepEqual(shardBase({ SHARDS: '[2]' }), { shard: 2 });
  assert.deepEqual(shardBase({}), {});
  assert.deepEqual(shardBase({ SHARDS: 'auto' }), {});
});

test("log lines keep pino's hostname and pid beside the shard", () => {
  let line = '';
  const sink = new Writable({
    write(c: Buffer, _e, cb) {
      line += c.toString();
      cb();
    },
  });
  createLogger('info', false, { shard: 0 }, sink).info('x');
  const o = JSON.parse(line) as Record<string, unknown>;
  assert.deepEqual([o.hostname, o.pid, o.shard], [hostname(), process.pid, 0]);
});
