/**
 * A database of a newer schema (a later version's bot migrated it) is refused by this version:
 * `restore` does not put such a backup in the bot's place (as `move` and `replay-db` refuse it), and
 * the store does not open it (store/db.ts `migrate`), so the bot's start fails in one clear line.
 * Before, restore put it in place without a word and this version's bot ran on tables it does not know.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/store/db.js';
import { openStore } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { engineOf } from '../../src/table/manifests.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const NEWEST = Math.max(...MIGRATIONS.map((m) => m.version));

/** A database of this version's table, then migrated by a "later version" (migration NEWEST + 1). */
function newerDb(prefix: string) {
  const { path, store, id } = phomTable(prefix, 'newer');
  store.close();
  const db = new Database(path);
  db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, 0)').run(NEWEST + 1, 'from a later version');
  db.exec("ALTER TABLE games ADD COLUMN later_thing TEXT NOT NULL DEFAULT 'x'");
  db.close();
  return { path, id };
}

test('restore refuses a backup of a newer schema, as move and replay-db do, and changes nothing', async () => {
  const { path, id } = newerDb('hq-cli-newer-');
  const why = new RegExp(`has a newer schema \\(migration ${NEWEST + 1}\\) than this CLI: use the CLI of the bot's version$`);
  assert.match(oneErrorLine(await cli('move', '--db', path, '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}')), why);
  assert.match(oneErrorLine(await cli('replay-db', '--db', path, '--game-id', id)), why);
  // The bot's database in place (this version's): it stays where it is.
  const { path: live, store } = phomTable('hq-cli-newer-live-', 'live');
  store.close();
  const before = readFileSync(live);
  assert.match(oneErrorLine(await cli('restore', '--from', path, '--db', live)), why);
  assert.deepEqual(readFileSync(live), before);
  assert.equal(existsSync(`${live}.restoring`), false);
  // Nothing in place yet: nothing is put there either.
  const empty = join(tempDir('hq-cli-newer-empty-'), 'hq.db');
  assert.match(oneErrorLine(await cli('restore', '--from', path, '--db', empty)), why);
  assert.equal(existsSync(empty), false);
});

test('restore still takes a backup of an older schema (the bot migrates it at start)', async () => {
  const dir = tempDir('hq-cli-older-');
  const old = join(dir, 'old.db');
  openDatabase(old, MIGRATIONS.slice(0, -1)).close();
  const r = await cli('restore', '--from', old, '--db', join(dir, 'hq.db'));
  assert.equal(r.code, 0, r.stderr);
  openStore(join(dir, 'hq.db'), engineOf).close();
});

test('the store does not open a database of a newer schema; the bot says so in one line and exits 1', () => {
  const { path } = newerDb('hq-store-newer-');
  const why = new RegExp(
    `the database has a newer schema \\(migration ${NEWEST + 1}\\) than this version of Hội Quán knows \\(up to ${NEWEST}\\)`,
  );
  assert.throws(() => openStore(path, engineOf), why);
  // The bot's start: one fatal log line and one plain line naming the file, no stack trace, exit 1.
  const env: Record<string, string | undefined> = { ...process.env, DISCORD_TOKEN: 'x', DATABASE_PATH: path };
  delete env.SHARDS;
  const r = spawnSync(process.execPath, programArgs('src/bot/main.ts'), { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`Hội Quán cannot open the database at ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: ${why.source}`));
  assert.doesNotMatch(r.stderr, /^\s+at /m, 'no stack trace on stderr');
  assert.match(r.stdout, /"level":60.*"path":/);
});

test('a database refused at open is closed again: no connection of this process holds it', () => {
  const { path } = newerDb('hq-store-newer-closed-');
  assert.throws(() => openDatabase(path));
  // Another connection may take it exclusively (an open connection in WAL mode holds it shared: the
  // CLI's "in use by the bot" check is this one).
  const other = new Database(path, { timeout: 0 });
  try {
    other.pragma('locking_mode = EXCLUSIVE');
    assert.doesNotThrow(() => {
      other.exec('BEGIN EXCLUSIVE');
      other.exec('COMMIT');
    });
  } finally {
    other.close();
  }
});
