/** `cli replay-db` on files that are not a Hội Quán database: one error line, the file untouched, no -wal/-shm left. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { tempDir } from '../support/temp-dir.js';

test('cli replay-db refuses a file that is not ours in one line, and reads ours leaving no -wal/-shm behind', async (t) => {
  const dir = tempDir('hq-cli-replaydb-', t);
  // Another application's SQLite file, and a file that is not SQLite.
  const other = join(dir, 'other.db');
  const o = new Database(other);
  o.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
  o.close();
  const before = readFileSync(other);
  assert.match(oneErrorLine(await cli('replay-db', '--db', other, '--all'), 2), /is not a Hội Quán database/);
  assert.deepEqual(readFileSync(other), before, 'untouched');
  const text = join(dir, 'text.db');
  writeFileSync(text, 'hello');
  assert.match(oneErrorLine(await cli('replay-db', '--db', text, '--game-id', 'abc'), 2), /not a Hội Quán database/);
  assert.match(oneErrorLine(await cli('replay-db', '--db', join(dir, 'none.db'), '--all'), 2), /no database at/);

  // Ours (WAL, closed): replayed, an unknown game refused by name, and no side files left.
  const path = join(dir, 'hq.db');
  const store = openStore(path, engineOf);
  const opts = resolveOptions(engineOf('phom').options, {});
  assert.ok(opts.ok);
  const row = store.games.create({ game: 'phom', options: opts.value as Record<string, unknown>, optionsHash: 'h', seed: 's', seats: 2 });
  store.db.close();
  assert.match(oneErrorLine(await cli('replay-db', '--db', path, '--game-id', 'zzzz'), 2), /no game "zzzz"/);
  const all = await cli('replay-db', '--db', path, '--all');
  assert.equal(all.code, 0, all.stderr);
  assert.ok(all.stdout.includes(row.id));
  assert.ok(!existsSync(`${path}-wal`) && !existsSync(`${path}-shm`), readdirSync(dir).join(', '));
});
