/**
 * A READY shard whose launcher is gone (killed outright: its IPC channel closes) shuts down
 * ('launcher gone', src/bot/main.ts). Its shutdown's `client.destroy()` closes the gateway, which
 * discord.js's ShardClientUtil reports to the launcher with `process.send` on the closed channel:
 * Node emits 'error' on `process`, and with nobody listening the shard died of an uncaught
 * ERR_IPC_CHANNEL_CLOSED in the middle of its shutdown (exit 1 or 7), the pools and the database not
 * closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { processWorld } from './bot-process.js';
import { botEntry, SHUTDOWN_BUDGET_MS } from '../../src/ops/sharding.js';

const ROOT = join(import.meta.dirname, '..', '..');
/** A pause that does not keep the test's process alive once the test is over. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

test('a READY shard whose launcher died shuts down cleanly: exit 0, its database closed', { timeout: 90_000 }, async (t) => {
  const { sim, dbPath } = await processWorld('hq-orphan-shard-', t);
  const { file, execArgv } = botEntry(new URL('../../src/ops/launch.ts', import.meta.url).href);
  // What discord.js's ShardingManager gives a shard process (Shard.js), one shard of one.
  const child = fork(file, [], {
    cwd: ROOT,
    execArgv,
    env: {
      ...process.env,
      NODE_TEST_CONTEXT: '',
      SHARDING_MANAGER: 'true',
      SHARDING_MANAGER_MODE: 'process',
      SHARDS: '0',
      SHARD_COUNT: '1',
      DISCORD_TOKEN: sim.token,
      DISCORD_API_BASE: sim.apiBase,
      DATABASE_PATH: dbPath,
      LOG_LEVEL: 'info',
      METRICS_PORT: '',
      BACKUP_DIR: '',
      RENDER_WORKERS: '0',
      AI_WORKERS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    const ready = new Promise<void>((r) => child.on('message', (m: { _ready?: boolean }) => m?._ready && r()));
    const got = await Promise.race([ready.then(() => 'ready' as const), exited.then(() => 'exited' as const), sleep(60_000)]);
    assert.equal(got, 'ready', `the shard became READY:\n${out}`);
    await sleep(300);
    const gone = Date.now();
    child.disconnect(); // the launcher died: the channel closes
    const code = await Promise.race([exited, sleep(SHUTDOWN_BUDGET_MS + 5_000).then(() => 'alive' as const)]);
    assert.match(out, /"signal":"launcher gone"/);
    assert.doesNotMatch(out, /ERR_IPC_CHANNEL_CLOSED/, `the shard crashed on discord.js's process.send during its shutdown:\n${out}`);
    assert.equal(code, 0, out);
    assert.ok(Date.now() - gone < SHUTDOWN_BUDGET_MS + 2_000, 'within the shutdown budget');
    const wal = `${dbPath}-wal`;
    assert.ok(!existsSync(wal) || statSync(wal).size === 0, `the database was closed (its WAL checkpointed):\n${out}`);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await sim.stop();
  }
});
