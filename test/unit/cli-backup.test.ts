/**
 * `cli backup` never writes over the live database: `--out` is compared with `--db` as real files
 * (`./x.db`, an absolute spelling, a folder reached through a symbolic link, a hard link, the -wal or
 * -shm beside it; `backup --db x.db --out ./x.db` replaced the database and left its -wal behind),
 * an existing file is replaced only with --force, and a failed backup leaves no `.partial` file.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Database from 'better-sqlite3';
import { existsSync, linkSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

/** A WAL database with `rows` rows, kept open (so its -wal and -shm exist) until `close`. */
function liveDb(dir: string, name = 'x.db', rows = 3) {
  const path = join(dir, name);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE t (a INTEGER)');
  const ins = db.prepare('INSERT INTO t VALUES (?)');
  for (let i = 0; i < rows; i++) ins.run(i);
  // The tables that make it one of ours (backup refuses any other file), after t's pages.
  db.exec('CREATE TABLE schema_migrations (version INTEGER); CREATE TABLE games (id TEXT)');
  return { path, db, count: () => (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n };
}

const rowsIn = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM t').get() as { n: number }).n;
  } finally {
    db.close();
  }
};

test('backup refuses --out that is the database or its -wal/-shm under any spelling, and changes nothing', async (t) => {
  const dir = tempDir('hq-cli-backup-', t);
  const live = liveDb(dir);
  assert.ok(existsSync(`${live.path}-wal`) && existsSync(`${live.path}-shm`));
  symlinkSync(dir, join(dir, 'via-link'));
  linkSync(live.path, join(dir, 'hard.db'));
  mkdirSync(join(dir, 'sub'));
  const before = readFileSync(live.path);
  const wal = readFileSync(`${live.path}-wal`);
  for (const out of [
    live.path,
    relative(process.cwd(), live.path),
    `./${relative(process.cwd(), live.path)}`,
    `${dir}/./sub/../x.db`,
    join(dir, 'via-link', 'x.db'),
    join(dir, 'hard.db'),
    `${live.path}-wal`,
    `${live.path}-shm`,
    join(dir, 'via-link', 'x.db-wal'),
  ]) {
    const line = oneErrorLine(await cli('backup', '--db', live.path, '--out', out, '--force'));
    assert.equal(line, 'error: --out must differ from --db and its -wal/-shm files', out);
  }
  // --db spelled otherwise than --out, too; and `out.partial` (removed first by the backup) is the database.
  assert.match(oneErrorLine(await cli('backup', '--db', join(dir, 'via-link', 'x.db'), '--out', live.path)), /--out must differ/);
  const partial = liveDb(dir, 'y.db.partial');
  assert.match(oneErrorLine(await cli('backup', '--db', partial.path, '--out', join(dir, 'y.db'))), /--out must differ/);
  assert.equal(partial.count(), 3);
  assert.deepEqual(readFileSync(live.path), before);
  assert.deepEqual(readFileSync(`${live.path}-wal`), wal);
  assert.equal(live.count(), 3);
  live.db.close();
  partial.db.close();
});

test('backup replaces an existing --out only with --force; a directory or a file in use there is refused', async (t) => {
  const dir = tempDir('hq-cli-backup-', t);
  const live = liveDb(dir, 'live.db', 5);
  const out = join(dir, 'old-backup.db');
  writeFileSync(out, 'keep me');
  assert.equal(oneErrorLine(await cli('backup', '--db', live.path, '--out', out)), `error: --out ${out} exists; add --force to replace it`);
  assert.equal(readFileSync(out, 'utf8'), 'keep me');
  const forced = await cli('backup', '--db', live.path, '--out', out, '--force');
  assert.equal(forced.code, 0, forced.stderr);
  assert.equal((JSON.parse(forced.stdout) as { out: string }).out, out);
  assert.equal(rowsIn(out), 5);
  // an existing directory: refused even with --force, and nothing left beside it (a `.partial` was)
  mkdirSync(join(dir, 'folder'));
  for (const force of [[], ['--force']])
    assert.equal(
      oneErrorLine(await cli('backup', '--db', live.path, '--out', join(dir, 'folder'), ...force)),
      `error: --out ${join(dir, 'folder')} is a directory; give the backup file's name`,
    );
  // a -wal beside --out: a database in use there
  const other = liveDb(dir, 'other.db');
  assert.match(oneErrorLine(await cli('backup', '--db', live.path, '--out', other.path, '--force')), /has a -wal file beside it/);
  assert.equal(other.count(), 3);
  other.db.close();
  live.db.close();
  assert.deepEqual(
    readdirSync(dir).filter((f) => f.includes('partial')),
    [],
  );
});

test('a failed backup leaves no .partial file and its error is one line', async (t) => {
  const dir = tempDir('hq-cli-backup-', t);
  const { path, db } = liveDb(dir, 'broken.db', 2000);
  db.pragma('journal_mode = DELETE');
  db.close();
  // Damage a table page: the copy succeeds page by page, its integrity check fails.
  const bytes = readFileSync(path);
  bytes.fill(0xff, 4096 * 2 + 100, 4096 * 2 + 400);
  writeFileSync(path, bytes);
  const line = oneErrorLine(await cli('backup', '--db', path, '--out', join(dir, 'b.db')));
  assert.match(line, /^error: the backup failed its integrity check: /);
  assert.deepEqual(readdirSync(dir).sort(), ['broken.db']);
});

test('backup refuses a --db that is not one of our databases (an empty file opens as an empty database) or is a directory', async (t) => {
  const dir = tempDir('hq-cli-backup-', t);
  const empty = join(dir, 'zero.db');
  writeFileSync(empty, '');
  assert.equal(
    oneErrorLine(await cli('backup', '--db', empty, '--out', join(dir, 'b.db'))),
    `error: ${empty} is not a Hội Quán database (it has no games table)`,
  );
  const other = join(dir, 'other.db');
  new Database(other).exec('CREATE TABLE t (a INTEGER)');
  assert.match(oneErrorLine(await cli('backup', '--db', other, '--out', join(dir, 'b.db'))), /is not a Hội Quán database/);
  assert.equal(
    oneErrorLine(await cli('backup', '--db', dir, '--out', join(dir, 'b.db'))),
    `error: ${dir} is a directory, not a database file`,
  );
  assert.equal(
    oneErrorLine(await cli('backup', '--db', join(dir, 'nope.db'), '--out', join(dir, 'b.db'))),
    `error: no database at ${join(dir, 'nope.db')}`,
  );
  assert.deepEqual(readdirSync(dir).sort(), ['other.db', 'zero.db']);
});
