/**
 * `restore` run as root (sudo, `docker exec -u root`) over the database of a bot that runs as its
 * own user: the restored file was root's (the copy the command made), and the bot could no longer
 * write its database. It now takes the owner and mode of the file it replaces. Skipped unless root.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { cli } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { BOT, asUserSkip, sharedDir, writesAs } from './as-user.js';

test('a database restored by root keeps the owner and mode of the one it replaces, and the bot writes it', async (t) => {
  if (process.getuid?.() !== 0) return t.skip('needs root (to give files to another user)');
  const { path, store } = phomTable('hq-restore-owner-src-', 'restore-owner');
  store.close();
  const dir = sharedDir('hq-restore-owner-', t);
  chownSync(dir, BOT, BOT);
  const db = join(dir, 'hq.db');
  copyFileSync(path, db);
  chownSync(db, BOT, BOT + 1);
  chmodSync(db, 0o640);
  const backup = join(sharedDir('hq-restore-owner-b-', t), 'b.db');
  assert.equal((await cli('backup', '--db', db, '--out', backup)).code, 0);
  const r = await cli('restore', '--from', backup, '--db', db);
  assert.equal(r.code, 0, r.stderr);
  const st = statSync(db);
  assert.deepEqual(
    { uid: st.uid, gid: st.gid, mode: (st.mode & 0o777).toString(8) },
    { uid: BOT, gid: BOT + 1, mode: '640' },
    'the restored database keeps the owner, group and mode of the one it replaced',
  );
  const aside = (JSON.parse(r.stdout) as { previous: string[] }).previous[0]!;
  assert.equal(statSync(aside).uid, BOT, 'the database moved aside keeps its own');
  const skip = asUserSkip();
  if (skip) return t.diagnostic(`the bot's write is not checked: ${skip}`);
  assert.equal(writesAs(BOT, db, t), 'ok', 'the bot writes its restored database');
});
