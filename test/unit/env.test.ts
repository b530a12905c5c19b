import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDotEnv, loadEnv } from '../../src/config/env.js';

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
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/bot/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1);
  assert.match(r.stderr, /DISCORD_TOKEN is required/);
});

test('.env is loaded when present, and the shell wins over it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-env-'));
  writeFileSync(join(dir, '.env'), 'HQ_TEST_FROM_FILE=file\nHQ_TEST_BOTH=file\n');
  process.env.HQ_TEST_BOTH = 'shell';
  loadDotEnv(join(dir, '.env'));
  assert.equal(process.env.HQ_TEST_FROM_FILE, 'file');
  assert.equal(process.env.HQ_TEST_BOTH, 'shell');
  loadDotEnv(join(dir, 'missing.env')); // no file: nothing happens
});
