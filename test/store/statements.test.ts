/** Prepared statements are compiled once per SQL text (src/store/db.ts cacheStatements). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../../src/store/db.js';

test('the same SQL gets the same prepared statement; results stay right across reuse', () => {
  const db = openDatabase(':memory:');
  db.exec('CREATE TABLE t (k TEXT PRIMARY KEY, v INTEGER)');
  const a = db.prepare('INSERT INTO t (k, v) VALUES (?, ?)');
  assert.equal(db.prepare('INSERT INTO t (k, v) VALUES (?, ?)'), a, 'prepared once');
  for (let i = 0; i < 5; i++) db.prepare('INSERT INTO t (k, v) VALUES (?, ?)').run(`k${i}`, i);
  assert.notEqual(db.prepare('SELECT v FROM t WHERE k = ?'), a);
  assert.deepEqual(db.prepare('SELECT v FROM t WHERE k = ?').get('k3'), { v: 3 });
  // Nested use of one statement (a query inside a loop over its own results) is safe with all().
  const rows = db.prepare('SELECT k FROM t ORDER BY k').all() as { k: string }[];
  const again = rows.map((r) => (db.prepare('SELECT k FROM t ORDER BY k').all() as { k: string }[]).length + r.k);
  assert.equal(again.length, 5);
  // A schema change after caching: the statement still answers (SQLite re-prepares it).
  db.exec('ALTER TABLE t ADD COLUMN w INTEGER DEFAULT 7');
  assert.deepEqual(db.prepare('SELECT v FROM t WHERE k = ?').get('k4'), { v: 4 });
  db.close();
});
