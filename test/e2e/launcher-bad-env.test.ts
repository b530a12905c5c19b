/**
 * With SHARDS set, the launcher (src/ops/launch.ts) validates the whole environment as its shards
 * will read it (`loadEnv`) before it spawns one. Before, it checked only SHARDS, SHARD_SPAWN_DELAY_MS,
 * DISCORD_TOKEN and METRICS_PORT: any other bad variable (LOG_LEVEL=verbose, DB_SYNC=off…) was found
 * by each shard's own check, so the shards were spawned and respawned with the back-off until the
 * launcher gave up: ~50 s and the same message 9 times, where the unsharded start says it at once.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/temp-dir.js';
import { raceTimeout } from '../support/race-timeout.js';
import { programArgs } from '../support/program.js';

const ROOT = join(import.meta.dirname, '..', '..');

/** The launcher with `env`; its exit code ('late': still running after 15 s, then stopped) and its output. */
async function launch(env: Record<string, string>) {
  const full: NodeJS.ProcessEnv = { ...process.env, RENDER_WORKERS: '0', AI_WORKERS: '0', METRICS_PORT: '', BACKUP_DIR: '', ...env };
  delete full.NODE_TEST_CONTEXT;
  // A regression would start shards: they must not reach Discord.
  const p = spawn(process.execPath, programArgs('src/ops/launch.ts'), { cwd: ROOT, env: full, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  p.stdout.on('data', (d) => (out += String(d)));
  p.stderr.on('data', (d) => (out += String(d)));
  const exited = new Promise<number | null>((r) => p.once('exit', (c) => r(c)));
  const code = await raceTimeout(exited, 15_000, 'late');
  if (code === 'late') {
    p.kill('SIGTERM'); // the launcher stops its shards (SIGKILL after 10 s)
    await exited;
  }
  return { code, out, spawned: out.split(/shard \d+\/\d+ process \d+ started/).length - 1 };
}

test('SHARDS=2 with LOG_LEVEL=verbose: one clear message and exit 1 before any shard is spawned', { timeout: 60_000 }, async (t) => {
  const dir = tempDir('hq-launch-env-', t);
  const r = await launch({
    SHARDS: '2',
    LOG_LEVEL: 'verbose',
    DISCORD_TOKEN: 'x',
    DISCORD_API_BASE: 'http://127.0.0.1:9/api',
    DATABASE_PATH: join(dir, 'hq-{shard}.db'),
  });
  assert.notEqual(r.code, 'late', `still running after 15 s (shards spawned ${r.spawned} times):\n${r.out}`);
  assert.equal(r.code, 1, r.out);
  assert.equal(r.spawned, 0, `no shard spawned for a configuration every shard refuses:\n${r.out}`);
  assert.equal(r.out.split('LOG_LEVEL: Invalid option').length - 1, 1, `said once:\n${r.out}`);
  assert.match(r.out, /^Hội Quán cannot start: the environment is not configured\./m);
  // Refused before the shards' files are claimed: nothing written for a start that did not happen.
  assert.deepEqual(readdirSync(dir), []);
});

test(
  'SHARDS=auto without DISCORD_TOKEN: the same message as the unsharded start, before Discord is asked',
  { timeout: 60_000 },
  async (t) => {
    const dir = tempDir('hq-launch-env-', t);
    const r = await launch({
      SHARDS: 'auto',
      DISCORD_TOKEN: '',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
      DATABASE_PATH: join(dir, 'hq.db'),
    });
    assert.equal(r.code, 1, r.out);
    assert.equal(r.spawned, 0, r.out);
    assert.match(r.out, /DISCORD_TOKEN is required/);
    assert.doesNotMatch(r.out, /gateway\/bot/);
  },
);
