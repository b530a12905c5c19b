/**
 * Periodic backups after the host clock stepped back (src/store/backup.ts): a backup named while the
 * clock ran ahead (a VM resumed, a bad RTC, before NTP corrected it) stopped the periodic backups for
 * as long as the clock had been ahead (the next was due its name's time + BACKUP_EVERY_H), and sorted
 * by name it outlived the fresh backups when the folder was pruned.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openDatabase } from '../../src/store/db.js';
import { backupName, newestBackupAt, pruneBackups, startPeriodicBackups } from '../../src/store/backup.js';
import { tempDir } from '../support/temp-dir.js';

const NOW = Date.UTC(2026, 11, 6, 12);
const DAY = 86_400_000;

test(
  'a backup named 30 days ahead of the clock does not stop the daily backups, and pruning keeps the fresh one',
  { timeout: 30_000 },
  async (t) => {
    const dir = tempDir('hq-backup-clock-', t);
    const db = openDatabase(join(dir, 'hq.db'));
    t.after(() => db.close());
    const bdir = join(dir, 'backups');
    mkdirSync(bdir);
    const ahead = backupName(NOW + 30 * DAY);
    copyFileSync(join(dir, 'hq.db'), join(bdir, ahead));
    const done: string[] = [];
    let failed: unknown = null;
    const b = startPeriodicBackups(db, {
      dir: bdir,
      everyHours: 24,
      keep: 1,
      now: () => NOW,
      onDone: (r) => done.push(basename(r.out)),
      onError: (e) => (failed = e),
    });
    // The scheduler's timers are unref'd: the test keeps the event loop alive while it waits.
    const alive = setInterval(() => undefined, 1000);
    try {
      const t0 = Date.now();
      while (!done.length && !failed && Date.now() - t0 < 10_000) await new Promise((r) => setTimeout(r, 50));
      assert.equal(failed, null);
      assert.deepEqual(done, [backupName(NOW)], 'a backup is made at once: the one named in the future does not count');
      assert.deepEqual(readdirSync(bdir), [backupName(NOW)], 'keep = 1 keeps the fresh backup, not the one named in the future');
      // The next one is a day after the fresh one: not again and again.
      await new Promise((r) => setTimeout(r, 500));
      assert.equal(done.length, 1);
    } finally {
      clearInterval(alive);
      await b.stop();
    }
  },
);

test('pruning and the newest backup leave out names after now', (t) => {
  const bdir = tempDir('hq-backup-clock-', t);
  const names = [NOW - 2 * DAY, NOW - DAY, NOW, NOW + 10 * DAY].map(backupName);
  for (const n of names) writeFileSync(join(bdir, n), '');
  writeFileSync(join(bdir, 'notes.txt'), '');
  assert.equal(newestBackupAt(bdir, NOW), NOW);
  assert.equal(newestBackupAt(bdir), NOW + 10 * DAY, 'without a time, the newest name');
  // The one named 10 days ahead goes first, then the oldest.
  assert.deepEqual(pruneBackups(bdir, 2, NOW), [names[3], names[0]]);
  assert.deepEqual(readdirSync(bdir).sort(), [names[1], names[2], 'notes.txt'].sort());
});
