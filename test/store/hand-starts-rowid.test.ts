/**
 * Migration 37: hand_starts (migration 30) as an ordinary rowid table. WITHOUT ROWID, each state past
 * about 1 KB spilled onto a 4 KB overflow page of its own (the table took 2.2 times its rows' size);
 * the rows and their key are as before.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { tempDir } from '../support/temp-dir.js';

const bytesOf = (db: ReturnType<typeof openDatabase>) =>
  (db.prepare("SELECT sum(pgsize) AS n FROM dbstat WHERE name LIKE '%hand_starts%'").get() as { n: number }).n;

test('migration 37 keeps every hand start and its key, in about half the pages', (t) => {
  const path = join(tempDir('hq-m37-', t), 'hq.db');
  const old = openDatabase(
    path,
    MIGRATIONS.filter((m) => m.version < 37),
  );
  const state = JSON.stringify({ hands: 'x'.repeat(1_300) });
  const ins = old.prepare('INSERT INTO hand_starts (game_id, hand, seq, state, format) VALUES (?, ?, ?, ?, ?)');
  old.transaction(() => {
    for (let g = 0; g < 100; g++) for (let h = 1; h <= 4; h++) ins.run(`g${g}`, h, h * 40, state, 'phom:1');
  })();
  const before = bytesOf(old);
  old.close();
  const db = openDatabase(path);
  t.after(() => db.close());
  assert.equal((db.prepare('SELECT count(*) AS n FROM hand_starts').get() as { n: number }).n, 400);
  assert.deepEqual(
    db.prepare("SELECT hand, seq, state = ? AS same, format FROM hand_starts WHERE game_id = 'g7' ORDER BY hand").all(state),
    [
      { hand: 1, seq: 40, same: 1, format: 'phom:1' },
      { hand: 2, seq: 80, same: 1, format: 'phom:1' },
      { hand: 3, seq: 120, same: 1, format: 'phom:1' },
      { hand: 4, seq: 160, same: 1, format: 'phom:1' },
    ],
  );
  assert.throws(
    () => db.prepare("INSERT INTO hand_starts (game_id, hand, seq, state, format) VALUES ('g7', 2, 1, 's', 'f')").run(),
    /UNIQUE/,
  );
  const without = (db.prepare("SELECT sql FROM sqlite_schema WHERE name = 'hand_starts'").get() as { sql: string }).sql;
  assert.doesNotMatch(without, /WITHOUT ROWID/);
  const after = bytesOf(db);
  assert.ok(after < before * 0.6, `${after} bytes after, ${before} before`);
});
