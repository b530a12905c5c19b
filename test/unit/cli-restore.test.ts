/**
 * `cli restore`: a backup copied over the database by hand after a crash left the crashed bot's
 * -wal beside it, and SQLite replayed that WAL onto the backup (a game the backup does not hold
 * appeared). The command puts a checked copy in place and keeps the old database with its -wal.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

function ourDb(path: string) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0'); // the crash keeps its last commits in the -wal only
  db.exec('CREATE TABLE schema_migrations (version INTEGER); CREATE TABLE games (id TEXT)');
  return db;
}
const ids = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM games ORDER BY id').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
};

/** A live database (kept open) holding one game, `id`, and a backup of it taken by the CLI. */
async function backedUp(id: string) {
  const dir = tempDir('hq-restore-');
  const live = join(dir, 'live.db');
  const db = ourDb(live);
  db.prepare('INSERT INTO games VALUES (?)').run(id);
  const backup = join(dir, 'backup.db');
  assert.equal((await cli('backup', '--db', live, '--out', backup)).code, 0);
  return { dir, live, db, backup };
}

test('restore after a crash: the backup as it was, the crashed database kept aside with what its -wal held', async () => {
  const { dir, live, db, backup } = await backedUp('in-backup');
  db.prepare('INSERT INTO games VALUES (?)').run('after-backup');
  // The crash (kill -9): the files as they are on disk while the bot holds them, -wal and all.
  const crashed = join(dir, 'crashed.db');
  for (const x of ['', '-wal', '-shm']) copyFileSync(`${live}${x}`, `${crashed}${x}`);
  db.close();
  assert.deepEqual(ids(crashed), ['after-backup', 'in-backup'], 'the -wal holds the later game');
  const r = await cli('restore', '--from', backup, '--db', crashed);
  assert.equal(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { restored: string; previous: string[] };
  assert.equal(out.restored, crashed);
  assert.ok(!existsSync(`${crashed}-wal`), 'no WAL of the crashed bot beside the restored file');
  assert.deepEqual(ids(crashed), ['in-backup'], 'exactly the backup');
  // Nothing lost: the crashed database moved aside holds what its -wal held (checked for use, it
  // was opened and closed, which folds the -wal into it), and nothing of it is left beside the restored file.
  const aside = out.previous.find((p) => !/-(wal|shm|journal)$/.test(p))!;
  assert.deepEqual(ids(aside), ['after-backup', 'in-backup']);
  assert.ok(!existsSync(`${crashed}-shm`));
});

test('restore refuses a backup that is not one of ours, or the database itself, and changes nothing', async (t) => {
  const dir = tempDir('hq-restore-', t);
  const live = join(dir, 'live.db');
  ourDb(live).close();
  const junk = join(dir, 'junk.db');
  writeFileSync(junk, 'not a database');
  assert.match(oneErrorLine(await cli('restore', '--from', junk, '--db', live)), /not a Hội Quán database/);
  assert.match(oneErrorLine(await cli('restore', '--from', live, '--db', live)), /same file/);
  assert.match(oneErrorLine(await cli('restore', '--from', join(dir, 'none.db'), '--db', live)), /no database at/);
  assert.match(oneErrorLine(await cli('restore', '--db', live)), /--from BACKUP is required/);
  assert.deepEqual(ids(live), []);
  assert.ok(!existsSync(`${live}.restoring`));
});

test('restore refuses a database a running bot holds open, and two restores in a row keep both earlier files', async () => {
  const { dir, live, db: bot, backup: b1 } = await backedUp('original');
  const b2 = join(dir, 'b2.db');
  // The bot still has the file open: refused, nothing moved.
  assert.match(oneErrorLine(await cli('restore', '--from', b1, '--db', live)), /is in use \(is the bot running\?\); stop it first/);
  assert.deepEqual(ids(live), ['original']);
  bot.close();
  const w = new Database(b1);
  w.prepare('INSERT INTO games VALUES (?)').run('b2-only');
  w.close();
  copyFileSync(b1, b2);
  // Two restores within the same second: the original database is never written over.
  const r1 = JSON.parse((await cli('restore', '--from', b1, '--db', live)).stdout) as { previous: string[] };
  const r2 = JSON.parse((await cli('restore', '--from', b2, '--db', live)).stdout) as { previous: string[] };
  const main = (r: { previous: string[] }) => r.previous.find((p) => !/-(wal|shm|journal)$/.test(p))!;
  assert.notEqual(main(r1), main(r2));
  assert.deepEqual(ids(main(r1)), ['original']);
  assert.deepEqual(ids(live), ['b2-only', 'original']);
});
