import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ENV_KEYS, loadDotEnv, loadEnv } from '../../src/config/env.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

test('a missing token is reported with what to set', () => {
  const r = loadEnv({});
  assert.equal(r.ok, false);
  if (!r.ok) {
    assert.match(r.message, /DISCORD_TOKEN/);
    assert.match(r.message, /\.env\.example/);
  }
});

test('defaults fill the rest', () => {
  const r = loadEnv({ DISCORD_TOKEN: 'x' });
  assert.ok(r.ok);
  if (r.ok) {
    assert.equal(r.env.DATABASE_PATH, 'data/hoiquan.db');
    assert.equal(r.env.DISCORD_API_BASE, 'https://discord.com/api');
  }
  assert.equal(loadEnv({ DISCORD_TOKEN: 'x', DISCORD_API_BASE: 'not a url' }).ok, false);
  const ai = loadEnv({ DISCORD_TOKEN: 'x', AI_TIMEOUT_MS: '2000' });
  assert.ok(ai.ok && ai.env.AI_TIMEOUT_MS === 2000, 'the AI pool timeout, in ms');
  assert.equal(loadEnv({ DISCORD_TOKEN: 'x', AI_TIMEOUT_MS: '5' }).ok, false, 'at least 100 ms');
});

test('npm start without a token exits 1 with a clear message', () => {
  const env = { ...process.env, DISCORD_TOKEN: '' };
  const r = spawnSync(process.execPath, programArgs('src/bot/main.ts'), { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /DISCORD_TOKEN is required/);
});

test('.env is loaded when present, and the shell wins over it', (t) => {
  const dir = tempDir('hq-env-', t);
  writeFileSync(join(dir, '.env'), 'HQ_TEST_FROM_FILE=file\nHQ_TEST_BOTH=file\n');
  process.env.HQ_TEST_BOTH = 'shell';
  loadDotEnv(join(dir, '.env'));
  assert.equal(process.env.HQ_TEST_FROM_FILE, 'file');
  assert.equal(process.env.HQ_TEST_BOTH, 'shell');
  loadDotEnv(join(dir, 'missing.env')); // no file: nothing happens
});

test('.env.example lists every variable as a KEY= line, names nothing unknown, and loads as it is (with a token)', () => {
  const text = readFileSync(join(import.meta.dirname, '..', '..', '.env.example'), 'utf8');
  const lines = [...text.matchAll(/^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)];
  const listed = new Map(lines.filter((m) => !m[1]).map((m) => [m[2]!, m[3]!]));
  // The launcher's own two; the measurement-only render variables are commented out on purpose.
  const known = [...ENV_KEYS, 'SHARDS', 'SHARD_SPAWN_DELAY_MS'];
  for (const k of known) assert.ok(listed.has(k), `${k} has a line in .env.example`);
  for (const k of listed.keys()) assert.ok(known.includes(k), `${k} in .env.example is read by the bot`);
  const commented = lines.filter((m) => m[1]).map((m) => m[2]);
  assert.deepEqual(commented, ['HQ_RENDER_THREADS', 'HQ_RENDER_PIXEL_FORMAT']);
  const r = loadEnv({ ...Object.fromEntries(listed), DISCORD_TOKEN: 'x' });
  assert.ok(r.ok, r.ok ? '' : r.message);
});

test('an empty line in .env means unset: it is not put into the environment (a shell value still wins)', (t) => {
  const dir = tempDir('hq-env-', t);
  writeFileSync(join(dir, '.env'), 'HQ_TEST_EMPTY=\nHQ_TEST_SET=1\nHQ_TEST_SHELL_EMPTY=file\n');
  process.env.HQ_TEST_SHELL_EMPTY = '';
  loadDotEnv(join(dir, '.env'));
  assert.equal(Object.hasOwn(process.env, 'HQ_TEST_EMPTY'), false);
  assert.equal(process.env.HQ_TEST_SET, '1');
  assert.equal(process.env.HQ_TEST_SHELL_EMPTY, '', 'set in the shell, even empty: kept');
});

test('the Quick start: .env.example copied to .env with a token starts (no crash on its empty SHARDS line)', (t) => {
  const dir = tempDir('hq-quick-', t);
  const example = readFileSync(join(import.meta.dirname, '..', '..', '.env.example'), 'utf8');
  // A token, and an API nobody answers: the start goes as far as logging in, then fails on that.
  writeFileSync(
    join(dir, '.env'),
    example.replace(/^DISCORD_TOKEN=$/m, 'DISCORD_TOKEN=x').replace(/^DISCORD_API_BASE=.*$/m, 'DISCORD_API_BASE=http://127.0.0.1:9/api'),
  );
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DISCORD_|SHARDS|DATABASE_PATH|NODE_ENV)/.test(k)));
  const launch = join(import.meta.dirname, '..', '..', 'src', 'ops', 'launch.ts');
  const r = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), launch], {
    cwd: dir,
    env,
    encoding: 'utf8',
    timeout: 90_000,
  });
  const out = `${r.stdout}\n${r.stderr}`;
  assert.doesNotMatch(out, /Unexpected end of JSON input/, out.slice(0, 2000));
  assert.match(out, /"level":60/, 'a fatal log line (cannot log in), not a crash before the logger');
});

test('a database that cannot be opened stops the start with its path in one fatal line, not a stack trace', (t) => {
  const dir = tempDir('hq-badb-', t);
  const path = join(dir, 'hq.db');
  writeFileSync(path, 'this is not a database, but a text file of some length '.repeat(20));
  const env = { ...process.env, DISCORD_TOKEN: 'x', DATABASE_PATH: path, SHARDS: '' };
  delete (env as Record<string, string | undefined>).SHARDS;
  const r = spawnSync(process.execPath, programArgs('src/bot/main.ts'), { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1);
  assert.match(r.stderr, new RegExp(`Hội Quán cannot open the database at ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: `));
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace on stderr');
  assert.match(r.stdout, /"level":60.*"path":/);
});

test('BACKUP_EVERY_H is at least 0.1 (6 minutes): each backup is a full, checked copy', () => {
  for (const v of ['0.0001', '0', '-1']) {
    const r = loadEnv({ DISCORD_TOKEN: 'x', BACKUP_EVERY_H: v });
    assert.equal(r.ok, false, v);
    if (!r.ok) assert.match(r.message, /BACKUP_EVERY_H.*at least 0\.1/);
  }
  for (const v of ['0.1', '0.5', '720']) assert.equal(loadEnv({ DISCORD_TOKEN: 'x', BACKUP_EVERY_H: v }).ok, true, v);
});
