/**
 * `cli replay-db` (a checking command) on a copy of a live database taken as the file and its -wal,
 * without the -shm (copied off a server): it leaves the -wal and the file as they were. Before, the
 * -shm its read-only connection made was removed by opening a read-write connection, whose close
 * folded the -wal into the file and deleted it: the check rewrote the database.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { cli } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { tempDir } from '../support/temp-dir.js';

test('replay-db on a copied file and -wal (no -shm) leaves both as they were, and no -shm behind', async (t) => {
  const { path, store, id } = phomTable('hq-cli-walkept-', 'walkept');
  // The running bot's move, committed to the -wal and not yet checkpointed into the file.
  store.db.pragma('wal_autocheckpoint = 0');
  const d = (engineOf('phom').pending(store.games.load(id)!.state) as { seat: number; options: { type: string }[] }[]).find(
    (x) => x.seat === 0,
  )!;
  const moved = act(
    tableStore(store),
    { kind: 'move', gameId: id, seat: 0, action: d.options[0]!, ver: null, source: 'player', userId: 'u0' },
    Date.now(),
  );
  assert.equal(moved.outcome.ok, true);
  const copy = join(tempDir('hq-cli-walkept-copy-', t), 'hq.db');
  copyFileSync(path, copy);
  copyFileSync(`${path}-wal`, `${copy}-wal`);
  store.close();
  const file = readFileSync(copy);
  const wal = readFileSync(`${copy}-wal`);
  assert.ok(wal.length > 0);

  const r = await cli('replay-db', '--db', copy, '--game-id', id);
  assert.equal(r.code, 0, r.stderr);
  assert.ok((JSON.parse(r.stdout) as { actions: number }).actions >= 1, 'the move in the -wal was read');
  assert.equal(existsSync(`${copy}-wal`), true, 'the -wal that was there is kept (not folded into the file)');
  assert.deepEqual(readFileSync(copy), file, 'the database file is unchanged');
  assert.deepEqual(readFileSync(`${copy}-wal`), wal, 'the -wal is unchanged');
  assert.equal(existsSync(`${copy}-shm`), false, 'the -shm the check made is gone');
  // The same for --all.
  const all = await cli('replay-db', '--db', copy, '--all');
  assert.equal(all.code, 0, all.stderr);
  assert.deepEqual(readFileSync(copy), file);
  assert.deepEqual(readFileSync(`${copy}-wal`), wal);
  assert.equal(existsSync(`${copy}-shm`), false);
});
