/**
 * A shard's life beside its launcher (src/ops/sharding.ts, src/bot/main.ts): a shard that dies
 * before READY again and again is not respawned for ever (the launcher gives up and exits 1), and
 * a shard whose launcher is gone (killed with SIGKILL: its IPC channel closes) stops too.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { createServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { botEntry, startShards } from '../../src/ops/sharding.js';
import { tempDir } from '../support/temp-dir.js';
import { raceTimeout } from '../support/race-timeout.js';
import { programFile } from '../support/program.js';

test(
  'a shard that exits before READY every time is given up after maxFailedStarts, and no shard process is left',
  { timeout: 90_000 },
  async (t) => {
    const dir = tempDir('hq-giveup-', t);
    const saved = { ...process.env };
    // Nobody answers this API: each shard logs "cannot log in" and exits 1 before READY.
    Object.assign(process.env, { DISCORD_API_BASE: 'http://127.0.0.1:9/api', DATABASE_PATH: join(dir, 'hq.db'), LOG_LEVEL: 'silent' });
    delete process.env.METRICS_PORT;
    delete process.env.BACKUP_DIR;
    const lines: string[] = [];
    try {
      let shards: Awaited<ReturnType<typeof startShards>> | undefined;
      const gaveUp = new Promise<string>((resolve) => {
        void startShards({
          count: 1,
          token: 'x',
          spawnDelayMs: 0,
          readyTimeoutMs: 60_000,
          maxFailedStarts: 2,
          log: (m) => lines.push(m),
          onGiveUp: resolve,
        }).then((s) => (shards = s));
      });
      const msg = await gaveUp;
      assert.match(msg, /shard 0 exited 2 times in a row before it was ready; giving up/);
      assert.equal(lines.filter((l) => /exited \(1\)/.test(l)).length, 2, lines.join('\n'));
      assert.ok(!lines.at(-1)!.endsWith('respawning'), 'the last death is not respawned');
      await new Promise((r) => setTimeout(r, 300));
      for (const s of shards?.manager.shards.values() ?? [])
        assert.ok(!s.process || s.process.exitCode !== null || s.process.signalCode !== null);
    } finally {
      process.env = saved;
    }
  },
);

test('a shard whose launcher is gone (its IPC channel closed) shuts down instead of running on', { timeout: 150_000 }, async (t) => {
  const dir = tempDir('hq-orphan-', t);
  // An API that accepts connections and never answers: the shard waits at login for ever.
  const sockets: Socket[] = [];
  const server = createServer((s) => sockets.push(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  const { file, execArgv } = botEntry(pathToFileURL(programFile('src/ops/launch.ts')).href);
  const child = fork(file, [], {
    execArgv,
    env: {
      ...process.env,
      DISCORD_TOKEN: 'x',
      DISCORD_API_BASE: `http://127.0.0.1:${port}/api`,
      DATABASE_PATH: join(dir, 'hq.db'),
      LOG_LEVEL: 'info',
      METRICS_PORT: '',
      // No worker pools to start: the process reaches its login sooner on a loaded machine.
      RENDER_WORKERS: '0',
      AI_WORKERS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    // Up to the login (it connected to the API): seconds when idle, once over 30 s under load.
    for (let k = 0; k < 600 && !sockets.length; k++) await new Promise((r) => setTimeout(r, 100));
    assert.ok(sockets.length, 'the shard reached its login');
    child.disconnect(); // as when the launcher dies: the channel closes
    const code = await raceTimeout(exited, 60_000, 'alive');
    assert.equal(code, 0, `the shard stopped by itself (${String(code)})`);
    assert.match(out, /"signal":"launcher gone"/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
    for (const s of sockets) s.destroy();
    server.close();
  }
});
