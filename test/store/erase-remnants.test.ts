/**
 * /privacy delete-my-data leaves no bytes behind (src/store/privacy.ts, db.ts `secure_delete`): the
 * erased id and name stayed as raw bytes in the database file's free space, in its WAL's older
 * frames, and in every backup taken after the erasure (SQLite's backup copies free pages too).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openStore, eraseUser, type Store } from '../../src/store/index.js';
import { backupConnection } from '../../src/store/backup.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { tempDir } from '../support/temp-dir.js';
import { phomTable, playHand } from '../support/phom-match.js';

const ID = '987654321012345678';
const NAME = 'Zyxwvu Secretname';

/** A finished Phỏm match of ID (seat 0, named NAME) and two others, played through the table layer. */
function playMatch(store: Store): void {
  const ts = tableStore(store);
  const users = [ID, '222', '333'];
  const id = phomTable(
    store,
    's1',
    '222',
    users.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: seat === 0 ? NAME : `name-${u}` })),
  );
  assert.ok(act(ts, { kind: 'start', gameId: id, userId: '222' }, 1).outcome.ok);
  playHand(ts, id, users, 1);
  const t = ts.load(id)!;
  assert.ok(
    act(ts, { kind: 'table', gameId: id, userId: '222', ver: t.row.version, verb: 'end-match', arg: `confirm.${t.row.handIndex}` }, 2)
      .outcome.ok,
  );
}

const holds = (file: string) => {
  const bytes = existsSync(file) ? readFileSync(file) : Buffer.alloc(0);
  return { id: bytes.includes(ID), name: bytes.includes(NAME) };
};

test(
  'after the erasure neither the file, nor its WAL, nor a backup taken after it holds the id or the name',
  { timeout: 60_000 },
  async (t) => {
    const dir = tempDir('hq-erase-bytes-', t);
    const dbPath = join(dir, 'hq.db');
    const store = openStore(dbPath, engineOf);
    t.after(() => store.close());
    playMatch(store);
    // What the checkpoint worker does every second: the rows reach the file, and the WAL keeps its frames.
    store.db.pragma('wal_checkpoint(PASSIVE)');
    assert.deepEqual(holds(dbPath), { id: true, name: true }, 'the match is in the file (the test sees bytes)');
    const r = eraseUser(store.db, ID);
    assert.ok(r.ok && r.seats === 1, JSON.stringify(r));
    assert.equal(
      (store.db.prepare('SELECT COUNT(*) AS n FROM results WHERE user_id = ? OR display_name = ?').get(ID, NAME) as { n: number }).n,
      0,
    );
    // The WAL as the erasure left it, then the file once the log is checkpointed (the worker's PASSIVE).
    assert.deepEqual(holds(`${dbPath}-wal`), { id: false, name: false }, 'the WAL');
    store.db.pragma('wal_checkpoint(PASSIVE)');
    assert.deepEqual(holds(dbPath), { id: false, name: false }, 'the database file');
    const out = join(dir, 'after-erase.db');
    await backupConnection(store.db, out);
    assert.deepEqual(holds(out), { id: false, name: false }, 'the backup taken after the erasure');
  },
);
