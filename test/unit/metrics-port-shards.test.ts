/**
 * METRICS_PORT under SHARDS: the launcher (src/ops/sharding.ts perShardEnv) and the bot
 * (src/config/env.ts) read it with one parse, so every value the bot takes gives each shard its own
 * port; and a port the last shard cannot have (past 65535) is refused by the launcher before any
 * shard starts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { loadEnv, readMetricsPort } from '../../src/config/env.js';
import { metricsPortProblem, perShardEnv } from '../../src/ops/sharding.js';
import { programArgs } from '../support/program.js';

const ROOT = join(import.meta.dirname, '..', '..');

test('every METRICS_PORT the bot accepts gives shards 0 and 1 distinct ports', () => {
  for (const v of ['9464', '+9464', '9464.0', '0x24f8', ' 9464']) {
    const single = loadEnv({ DISCORD_TOKEN: 'x', METRICS_PORT: v });
    assert.ok(single.ok && single.env.METRICS_PORT === 9464, `${JSON.stringify(v)} is 9464 unsharded`);
    const ports = [0, 1].map((id) => {
      const r = loadEnv({ DISCORD_TOKEN: 'x', METRICS_PORT: v, ...perShardEnv({ METRICS_PORT: v }, id) });
      assert.ok(r.ok, `shard ${id}, METRICS_PORT=${JSON.stringify(v)}`);
      return r.env.METRICS_PORT;
    });
    assert.deepEqual(ports, [9464, 9465], `METRICS_PORT=${JSON.stringify(v)}`);
  }
});

test('one parse: what the bot refuses, the launcher refuses too (and passes on unchanged)', () => {
  for (const v of ['abc', '0', '70000', '9464.5', '-1']) {
    assert.equal(loadEnv({ DISCORD_TOKEN: 'x', METRICS_PORT: v }).ok, false, v);
    assert.equal(readMetricsPort(v).ok, false, v);
    assert.match(metricsPortProblem(v, 2) ?? '', /METRICS_PORT must be a port from 1 to 65535/, v);
    assert.deepEqual(perShardEnv({ METRICS_PORT: v }, 1), {}, v);
  }
  assert.deepEqual(readMetricsPort(undefined), { ok: true, port: undefined });
  assert.deepEqual(readMetricsPort(''), { ok: true, port: undefined });
  assert.equal(metricsPortProblem(undefined, 8), null);
});

test('METRICS_PORT + SHARDS − 1 past 65535 is a start problem; up to 65535 is fine', () => {
  assert.equal(metricsPortProblem('65535', 1), null);
  assert.equal(metricsPortProblem('65534', 2), null);
  assert.match(metricsPortProblem('65535', 2) ?? '', /shard 1 would listen on 65536, past 65535\. Set METRICS_PORT to 65534 or less/);
});

test('the launcher refuses METRICS_PORT=65535 with SHARDS=2 before any shard starts', () => {
  const r = spawnSync(process.execPath, programArgs('src/ops/launch.ts'), {
    cwd: ROOT,
    // A regression would start shards: they must not reach Discord.
    env: {
      ...process.env,
      DISCORD_TOKEN: 'x',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
      SHARDS: '2',
      METRICS_PORT: '65535',
      DATABASE_PATH: '',
      BACKUP_DIR: '',
    },
    encoding: 'utf8',
    timeout: 30_000,
  });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /Hội Quán cannot start: METRICS_PORT=65535 with 2 shards/);
  assert.doesNotMatch(r.stdout, /starting 2 shards/);
});
