/** SQLite `synchronous` (src/store/db.ts Durability): NORMAL by default in WAL mode, FULL on request (DB_SYNC). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/store/db.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { loadEnv } from '../../src/config/env.js';

test('a database file opens in WAL mode with synchronous NORMAL, or FULL when asked; DB_SYNC picks it', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-sync-'));
  try {
    const a = openDatabase(join(dir, 'a.db'));
    assert.equal(a.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(a.pragma('synchronous', { simple: true }), 1, 'NORMAL');
    a.close();
    const b = openDatabase(join(dir, 'b.db'), MIGRATIONS, 'full');
    assert.equal(b.pragma('synchronous', { simple: true }), 2, 'FULL');
    b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const d = loadEnv({ DISCORD_TOKEN: 'x' });
  assert.ok(d.ok && d.env.DB_SYNC === 'normal');
  const f = loadEnv({ DISCORD_TOKEN: 'x', DB_SYNC: 'full' });
  assert.ok(f.ok && f.env.DB_SYNC === 'full');
  assert.equal(loadEnv({ DISCORD_TOKEN: 'x', DB_SYNC: 'sometimes' }).ok, false);
});
