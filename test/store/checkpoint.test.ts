/** WAL checkpoints run in a worker thread, off the event loop (src/store/checkpoint.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { FALLBACK_PAGES } from '../../src/store/checkpoint.js';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

test("a file store's commits reach the database file through the worker's checkpoints, not the committing connection's", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-ckpt-'));
  const path = join(dir, 'hq.db');
  const store = openStore(path, engineOf);
  try {
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), FALLBACK_PAGES);
    store.db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, v TEXT)');
    const before = statSync(path).size;
    const ins = store.db.prepare('INSERT INTO filler (v) VALUES (?)');
    // ~3 MiB in 600 commits: far below the connection's own fallback threshold (40 MiB)
    for (let i = 0; i < 600; i++) ins.run('x'.repeat(5000));
    let grown = false;
    for (let k = 0; k < 50 && !grown; k++) {
      await sleep(100);
      grown = statSync(path).size > before + 2_000_000;
    }
    assert.ok(grown, `the database file grew by ${statSync(path).size - before} bytes`);
  } finally {
    store.close();
    await sleep(50);
    rmSync(dir, { recursive: true, force: true });
  }
});
