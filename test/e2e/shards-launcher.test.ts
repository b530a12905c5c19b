/**
 * The launcher's own process (`npm start` = src/ops/launch.ts with SHARDS): a SIGTERM while it is still
 * starting its shards stops the ones started and exits 0 (it took its signals only once every shard
 * was READY: Node's default ended it at once and left shard 0 running alone); and with one file per
 * shard it refuses a shard count the files were not made with, or SHARDS=auto, before any shard starts
 * (a server's games stayed in its old shard's file, out of every shard's reach, without a word).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { shardOf } from '../../src/store/shards.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** Starts the launcher; `out` gathers its and its shards' output, `pids` the shard processes it started. */
function launch(env: Record<string, string>) {
  const child = spawn(process.execPath, programArgs('src/ops/launch.ts'), {
    cwd: ROOT,
    env: { ...process.env, RENDER_WORKERS: '0', AI_WORKERS: '0', METRICS_PORT: '', BACKUP_DIR: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const r = { child, out: '', pids: [] as number[] };
  const take = (d: Buffer) => {
    r.out += String(d);
    for (const m of String(d).matchAll(/shard \d+\/\d+ process (\d+) started/g)) r.pids.push(Number(m[1]));
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  return r;
}

const exited = (c: ChildProcess) =>
  new Promise<{ code: number | null; signal: string | null }>((r) =>
    c.exitCode !== null || c.signalCode !== null
      ? r({ code: c.exitCode, signal: c.signalCode })
      : c.once('exit', (code, signal) => r({ code, signal })),
  );

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function killAll(r: { child: ChildProcess; pids: number[] }) {
  if (r.child.exitCode === null && r.child.signalCode === null) r.child.kill('SIGKILL');
  for (const pid of r.pids)
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
}

test('SIGTERM while shard 1 is still to come: the launcher stops shard 0 and exits 0 after it', { timeout: 60_000 }, async (t) => {
  const dir = tempDir('hq-launch-stop-', t);
  // An API that accepts connections and never answers: shard 0 waits at its login (its signals taken).
  const sockets: Socket[] = [];
  const server = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const r = launch({
    SHARDS: '2',
    SHARD_SPAWN_DELAY_MS: '90000',
    DISCORD_TOKEN: 'x',
    DISCORD_API_BASE: `http://127.0.0.1:${port}/api`,
    DATABASE_PATH: join(dir, 'hq.db'),
    LOG_LEVEL: 'info',
  });
  try {
    for (let k = 0; k < 400 && !sockets.length; k++) await new Promise((res) => setTimeout(res, 100));
    assert.ok(sockets.length, `shard 0 reached its login:\n${r.out}`);
    assert.equal(r.pids.length, 1);
    const done = exited(r.child);
    r.child.kill('SIGTERM');
    const e = await done;
    const shardAlive = alive(r.pids[0]!);
    assert.deepEqual(e, { code: 0, signal: null }, `the launcher handled SIGTERM:\n${r.out}`);
    assert.equal(shardAlive, false, 'shard 0 had stopped before the launcher exited');
    assert.match(r.out, /SIGTERM, stopping every shard/);
    assert.doesNotMatch(r.out, /shard 1\/2/, 'shard 1 was never started');
  } finally {
    killAll(r);
    for (const s of sockets) s.destroy();
    server.close();
  }
});

/** Waits until the launcher exits or starts a shard (the old launcher did, whatever its files held). */
async function exitOrShard(r: ReturnType<typeof launch>) {
  const end = Date.now() + 45_000;
  while (r.child.exitCode === null && !r.pids.length && Date.now() < end) await new Promise((res) => setTimeout(res, 50));
  return { code: r.child.exitCode, shardStarted: r.pids.length > 0 };
}

test(
  'one file per shard: files made with SHARDS=2 and SHARDS=3 now: refused before any shard starts, in one line',
  { timeout: 60_000 },
  async (t) => {
    const dir = tempDir('hq-launch-reshard-', t);
    const template = join(dir, 'hq-{shard}.db');
    // Made by a release before the files recorded their layout: shard 1 of 2 holds a running game of
    // its server, which is shard 2 of 3.
    const guildId = String(5n << 22n);
    assert.deepEqual([shardOf(guildId, 2), shardOf(guildId, 3)], [1, 2]);
    for (const k of [0, 1]) openStore(template.replace('{shard}', String(k)), engineOf).close();
    const s = openStore(template.replace('{shard}', '1'), engineOf);
    s.games.create({ game: 'phom', guildId, channelId: '1', options: {}, optionsHash: 'x', seed: 's', seats: 2 });
    s.close();
    const r = launch({
      SHARDS: '3',
      SHARD_SPAWN_DELAY_MS: '0',
      DISCORD_TOKEN: 'x',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
      DATABASE_PATH: template,
    });
    try {
      const got = await exitOrShard(r);
      assert.deepEqual(got, { code: 1, shardStarted: false }, r.out);
      const line = r.out.split('\n').find((l) => l.startsWith('Hội Quán cannot start:'));
      assert.ok(line, r.out);
      assert.ok(line.includes(join(dir, 'hq-1.db')) && line.includes(guildId) && line.includes('SHARDS=3'), line);
    } finally {
      killAll(r);
    }
  },
);

test('one file per shard with SHARDS=auto is refused (the recommended count changes by itself)', { timeout: 60_000 }, async (t) => {
  const dir = tempDir('hq-launch-auto-', t);
  const r = launch({
    SHARDS: 'auto',
    DISCORD_TOKEN: 'x',
    DISCORD_API_BASE: 'http://127.0.0.1:9/api',
    DATABASE_PATH: join(dir, 'hq-{shard}.db'),
  });
  try {
    const got = await exitOrShard(r);
    assert.deepEqual(got, { code: 1, shardStarted: false }, r.out);
    assert.match(r.out, /^Hội Quán cannot start: SHARDS=auto cannot be used with \{shard\} in DATABASE_PATH/m);
  } finally {
    killAll(r);
  }
});
