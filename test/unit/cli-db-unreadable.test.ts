/**
 * A Hội Quán database the CLI cannot read right now is not "not a Hội Quán database": one locked by
 * another connection is called locked (try again), one with a hot journal (a writer stopped
 * mid-commit) says how to recover it, and `backup` recovers it itself (its copy reads the file
 * through a read-write connection all the same), copying the file as it was before that commit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { cli, oneErrorLine } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { tempDir } from '../support/temp-dir.js';

test('a database another connection holds locked is called locked, not "not a Hội Quán database"', async (t) => {
  const { path, store, id } = phomTable('hq-cli-locked-', 'locked');
  store.close();
  // An exclusive transaction (another CLI command's in-use check, a writer in rollback-journal mode).
  const holder = new Database(path);
  holder.pragma('locking_mode = EXCLUSIVE');
  holder.exec('BEGIN EXCLUSIVE');
  try {
    const out = join(tempDir('hq-cli-locked-out-', t), 'b.db');
    for (const argv of [
      ['replay-db', '--db', path, '--game-id', id],
      ['move', '--db', path, '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}'],
      ['backup', '--db', path, '--out', out],
    ]) {
      const line = oneErrorLine(await cli(...argv), 2);
      assert.doesNotMatch(line, /not a Hội Quán database/, `${argv[0]}: ${line}`);
      assert.match(line, /is locked by another connection \(the bot or another CLI command\); try again$/, `${argv[0]}: ${line}`);
    }
    assert.equal(existsSync(out), false);
  } finally {
    holder.exec('COMMIT');
    holder.close();
  }
});

/** A copy of `path` in rollback-journal mode with the hot journal of a writer killed mid-commit (pages already spilled to the file). */
function withHotJournal(path: string, dir: string): string {
  const db = new Database(path);
  db.pragma('journal_mode = DELETE');
  db.pragma('cache_size = 1');
  db.exec('BEGIN');
  db.exec('CREATE TABLE pad (x TEXT)');
  for (let i = 0; i < 2000; i++) db.prepare('INSERT INTO pad VALUES (?)').run('y'.repeat(500));
  db.exec("UPDATE games SET status = 'cancelled'");
  const copy = join(dir, 'hot.db');
  copyFileSync(path, copy);
  copyFileSync(`${path}-journal`, `${copy}-journal`);
  db.exec('ROLLBACK');
  db.close();
  return copy;
}

test('a database with a hot journal: replay-db and move say how to recover it; backup rolls it back and copies it as it was', async (t) => {
  const { path, store, id } = phomTable('hq-cli-hot-', 'hot');
  store.close();
  const dir = tempDir('hq-cli-hot-copy-', t);
  const copy = withHotJournal(path, dir);
  const before = readFileSync(copy);
  assert.notDeepEqual(before, readFileSync(path), 'the unfinished commit reached the file (its journal holds what it replaced)');
  for (const argv of [
    ['replay-db', '--db', copy, '--game-id', id],
    ['move', '--db', copy, '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}'],
  ]) {
    const line = oneErrorLine(await cli(...argv), 2);
    assert.doesNotMatch(line, /not a Hội Quán database/, `${argv[0]}: ${line}`);
    assert.match(line, /has a hot journal: a writer stopped mid-commit left a journal beside it; open it once read-write/, line);
  }
  assert.deepEqual(readFileSync(copy), before, 'the checking commands left the file as it was');
  assert.equal(existsSync(`${copy}-journal`), true, 'and its journal');

  // backup: the journal rolled back (the commit that never ended undone), the copy sound.
  const out = join(dir, 'b.db');
  const b = await cli('backup', '--db', copy, '--out', out);
  assert.equal(b.code, 0, b.stderr);
  assert.equal(existsSync(`${copy}-journal`), false, 'the hot journal was rolled back');
  const bk = new Database(out, { readonly: true });
  try {
    assert.equal(bk.pragma('integrity_check', { simple: true }), 'ok');
    assert.equal(bk.prepare("SELECT 1 FROM sqlite_master WHERE name = 'pad'").get(), undefined, 'nothing of the unfinished commit');
    assert.deepEqual(bk.prepare('SELECT DISTINCT status FROM games').all(), [{ status: 'running' }]);
  } finally {
    bk.close();
  }
  // The file itself is sound again: replay-db reads it.
  const r = await cli('replay-db', '--db', copy, '--game-id', id);
  assert.equal(r.code, 0, r.stderr);
});
