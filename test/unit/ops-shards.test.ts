/** Shards (issue #18 §2): the guild → shard formula, scopes in JS and SQL, and the launcher's helpers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'discord.js';
import { ownsGuild, shardOf, shardScope, scopeSql } from '../../src/ops/shard.js';
import { botEntry, parseShards, parseSpawnDelay, perShardEnv, recommendedShards } from '../../src/ops/sharding.js';
import { shardOf as simShardOf } from '../discord-sim/gateway.js';
import { openDatabase } from '../../src/store/db.js';

// Real-looking snowflakes, large enough to need 64 bits.
const GUILDS = ['81384788765712384', '1146090924566982706', '1329584921313300480', '9007199254740993', '1', '4194304'];

test("shardOf is Discord's (guild_id >> 22) % count, the simulator's routing, and 0 for no guild", () => {
  for (const g of GUILDS) for (const n of [1, 2, 3, 16]) assert.equal(shardOf(g, n), simShardOf(g, n), `${g} on ${n}`);
  assert.equal(shardOf('4194304', 2), 1, '1 << 22 is shard 1 of 2');
  assert.equal(shardOf(null, 4), 0);
  assert.throws(() => shardOf('1', 0), RangeError);
});

test('ownsGuild: a scope, a sharded Client and an unsharded Client', () => {
  const g1 = GUILDS.find((g) => shardOf(g, 2) === 1)!;
  const g0 = GUILDS.find((g) => shardOf(g, 2) === 0)!;
  assert.equal(ownsGuild({ ids: [1], count: 2 }, g1), true);
  assert.equal(ownsGuild({ ids: [1], count: 2 }, g0), false);
  assert.equal(ownsGuild({ ids: [0], count: 2 }, null), true, 'DMs and guild-less games: shard 0');
  const sharded = new Client({ intents: [], shards: [1], shardCount: 2 });
  assert.deepEqual(shardScope(sharded), { ids: [1], count: 2 });
  assert.equal(ownsGuild(sharded, g1), true);
  assert.equal(ownsGuild(sharded, g0), false);
  const single = new Client({ intents: [] });
  assert.equal(ownsGuild(single, g0) && ownsGuild(single, g1), true, 'unsharded: every guild');
});

test("a shard process's Client picks its shard from the env the ShardingManager gives it", () => {
  const saved = { SHARDS: process.env.SHARDS, SHARD_COUNT: process.env.SHARD_COUNT };
  process.env.SHARDS = '1';
  process.env.SHARD_COUNT = '3';
  try {
    assert.deepEqual(shardScope(new Client({ intents: [] })), { ids: [1], count: 3 });
  } finally {
    for (const [k, v] of Object.entries(saved))
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
  }
});

test('scopeSql selects the same guilds as shardOf, on 64-bit snowflakes in SQLite', () => {
  const db = openDatabase(':memory:');
  db.exec('CREATE TABLE g (guild_id TEXT)');
  for (const g of [...GUILDS, null]) db.prepare('INSERT INTO g VALUES (?)').run(g);
  for (const n of [2, 3, 5])
    for (let id = 0; id < n; id++) {
      const w = scopeSql({ ids: [id], count: n });
      const got = (db.prepare(`SELECT guild_id FROM g WHERE ${w.sql}`).all(...w.args) as { guild_id: string | null }[]).map(
        (r) => r.guild_id,
      );
      assert.deepEqual(
        got,
        [...GUILDS, null].filter((g) => shardOf(g, n) === id),
        `shard ${id} of ${n}`,
      );
    }
  assert.deepEqual(scopeSql(null), { sql: '1', args: [] });
  assert.deepEqual(scopeSql({ ids: [0], count: 1 }), { sql: '1', args: [] });
});

test('SHARDS parsing, per-shard env, the recommended count from DISCORD_API_BASE, the entry file', async () => {
  assert.equal(parseShards(undefined), null);
  assert.equal(parseShards(' '), null);
  assert.equal(parseShards('auto'), 'auto');
  assert.equal(parseShards('AUTO'), 'auto');
  assert.equal(parseShards('4'), 4);
  for (const bad of ['0', '-1', '2.5', 'two']) assert.throws(() => parseShards(bad), /SHARDS must be/);
  // SHARD_SPAWN_DELAY_MS: unset or empty is Discord's pacing (an empty value is not 0 ms); bad values are refused by name.
  assert.equal(parseSpawnDelay(undefined), 5_500);
  assert.equal(parseSpawnDelay(''), 5_500);
  assert.equal(parseSpawnDelay('0'), 0);
  assert.equal(parseSpawnDelay(' 8000 '), 8_000);
  for (const bad of ['-1', '2.5', 'soon', '1e4']) assert.throws(() => parseSpawnDelay(bad), /SHARD_SPAWN_DELAY_MS must be/);
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'data/hq-{shard}.db', METRICS_PORT: '9464' }, 2), {
    DATABASE_PATH: 'data/hq-2.db',
    DATABASE_PATH_TEMPLATE: 'data/hq-{shard}.db',
    METRICS_PORT: '9466',
  });
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'data/hq.db' }, 1), {}, 'one shared file when not templated');
  // Backups: one shared file is backed up by shard 0 only; per-shard files each into their own folder.
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'data/hq.db', BACKUP_DIR: 'bk' }, 0), {});
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'data/hq.db', BACKUP_DIR: 'bk' }, 1), { BACKUP_DIR: '' });
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'd/{shard}.db', BACKUP_DIR: 'bk' }, 1), {
    DATABASE_PATH: 'd/1.db',
    DATABASE_PATH_TEMPLATE: 'd/{shard}.db',
    BACKUP_DIR: 'bk/shard-1',
  });
  assert.deepEqual(perShardEnv({ DATABASE_PATH: 'd/{shard}.db', BACKUP_DIR: 'bk-{shard}' }, 3), {
    DATABASE_PATH: 'd/3.db',
    DATABASE_PATH_TEMPLATE: 'd/{shard}.db',
    BACKUP_DIR: 'bk-3',
  });
  const seen: string[] = [];
  const fake = (async (url: string, init: { headers: Record<string, string> }) => {
    seen.push(`${url} ${init.headers.Authorization}`);
    return new Response(JSON.stringify({ url: 'wss://x', shards: 3 }), { status: 200 });
  }) as unknown as typeof fetch;
  assert.equal(await recommendedShards('http://127.0.0.1:1/api/', 'tok', fake), 3);
  assert.deepEqual(seen, ['http://127.0.0.1:1/api/v10/gateway/bot Bot tok']);
  const denied = (async () => new Response('{}', { status: 401 })) as unknown as typeof fetch;
  await assert.rejects(recommendedShards('http://x/api', 'bad', denied), /401/);
  assert.match(botEntry('file:///app/src/ops/launch.ts').file, /src\/bot\/main\.ts$/);
  assert.deepEqual(botEntry('file:///app/src/ops/launch.ts').execArgv, ['--import', 'tsx']);
  assert.deepEqual(botEntry('file:///app/dist/src/ops/launch.js'), { file: '/app/dist/src/bot/main.js', execArgv: [] });
});
