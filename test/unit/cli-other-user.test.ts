/**
 * The CLI run by an operator's account beside the bot's service user: a user who may read the
 * database but not write it. Reading a WAL database makes its -wal and -shm, owned by whoever read
 * it; left behind, the bot's user could not write its database any more (SQLITE_READONLY). With the
 * database in a folder that user may not write, SQLite cannot read it at all: it was called "not a
 * Hội Quán database". Runs the commands as other users (setpriv): skipped unless root.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, chownSync, copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { BOT, OPERATOR, asUser, asUserSkip, cliAs, sharedDir, writesAs } from './as-user.js';
import { phomTable } from './cli-table.js';
import type { AfterHook } from '../support/temp-dir.js';

/** The bot's database (its user's, 0644) in a folder of `mode`, holding one running game. */
function botsDatabase(t: AfterHook, mode: number) {
  const { path, store, id } = phomTable('hq-cli-ou-src-', 'other-user');
  store.close();
  const dir = sharedDir('hq-cli-ou-', t);
  const db = join(dir, 'hq.db');
  copyFileSync(path, db);
  chownSync(db, BOT, BOT);
  chmodSync(db, 0o644);
  chmodSync(dir, mode);
  return { dir, db, id };
}

test('replay-db and backup by a user who cannot write the database leave no -wal/-shm, and the bot still writes it', (t) => {
  const skip = asUserSkip();
  if (skip) return t.skip(skip);
  const { dir, db, id } = botsDatabase(t, 0o777);
  const r = cliAs(OPERATOR, 'replay-db', '--db', db, '--game-id', id);
  assert.equal(r.status, 0, r.stderr);
  const left = readdirSync(dir);
  assert.equal(writesAs(BOT, db, t), 'ok', 'the bot writes its database after replay-db');
  assert.deepEqual(left, ['hq.db'], 'nothing left beside the database by replay-db');
  const out = join(sharedDir('hq-cli-ou-out-', t), 'b.db');
  const b = cliAs(OPERATOR, 'backup', '--db', db, '--out', out);
  assert.equal(b.status, 0, b.stderr);
  assert.equal(existsSync(out), true);
  const leftByBackup = readdirSync(dir);
  assert.equal(writesAs(BOT, db, t), 'ok', 'the bot writes its database after backup');
  assert.deepEqual(leftByBackup, ['hq.db'], 'nothing left beside the database by backup');
});

test('the -wal/-shm made by such a user stay while a connection still has them open', (t) => {
  const skip = asUserSkip();
  if (skip) return t.skip(skip);
  const { db } = botsDatabase(t, 0o777);
  // A connection opened during the command and still open after it (here the command's own
  // process holds it: a lock is a lock, whoever holds it).
  const script = join(sharedDir('hq-cli-ou-script-', t), 'held.ts');
  const moveDb = new URL('../../src/cli/move-db.ts', import.meta.url).pathname;
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  writeFileSync(
    script,
    `import Database from ${JSON.stringify(sqlite)};
     import { readdirSync } from 'node:fs';
     import { dirname } from 'node:path';
     import { tidySideFiles } from ${JSON.stringify(moveDb)};
     const path = process.argv[2]!;
     const held = tidySideFiles(path, () => {
       const c = new Database(path, { readonly: true });
       c.prepare('SELECT count(*) FROM games').get();
       return c;
     });
     console.log(readdirSync(dirname(path)).sort().join(' '));
     held.close();`,
  );
  chmodSync(script, 0o644);
  const r = asUser(OPERATOR, ['--import', 'tsx', script, db]);
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout.trim(), 'hq.db hq.db-shm hq.db-wal', 'kept while in use');
  assert.ok(existsSync(`${db}-shm`));
  assert.equal(statSync(`${db}-shm`).uid, OPERATOR);
});

test('a WAL database in a folder the user cannot write: "cannot read it here", not "not a Hội Quán database"', (t) => {
  const skip = asUserSkip();
  if (skip) return t.skip(skip);
  const { dir, db, id } = botsDatabase(t, 0o755);
  const out = join(sharedDir('hq-cli-ou-out-', t), 'b.db');
  for (const argv of [
    ['replay-db', '--db', db, '--game-id', id],
    ['backup', '--db', db, '--out', out],
  ]) {
    const r = cliAs(OPERATOR, ...argv);
    assert.equal(r.status, 2, `${argv[0]}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /not a Hội Quán database/, `${argv[0]}: ${r.stderr}`);
    assert.match(
      r.stderr,
      /^error: cannot read \S+hq\.db here: a WAL database needs its folder writable, .*\(SQLITE_READONLY_DIRECTORY\); run the command as the bot's user\n$/,
      `${argv[0]}: ${r.stderr}`,
    );
  }
  assert.deepEqual(readdirSync(dir), ['hq.db']);
});

test('move and restore by a user who cannot write the database are refused before anything is made beside it', (t) => {
  const skip = asUserSkip();
  if (skip) return t.skip(skip);
  const { dir, db, id } = botsDatabase(t, 0o777);
  const m = cliAs(OPERATOR, 'move', '--db', db, '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}');
  assert.equal(m.stderr, `error: ${db} is not writable by this user; run move as the bot's user\n`);
  assert.equal(m.status, 2);
  const backup = join(sharedDir('hq-cli-ou-b-', t), 'b.db');
  assert.equal(cliAs(BOT, 'backup', '--db', db, '--out', backup).status, 0);
  const r = cliAs(OPERATOR, 'restore', '--from', backup, '--db', db);
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /^error: \S+hq\.db belongs to another user \(uid 1000\): run restore as that user \(the bot's\) or as root/);
  assert.deepEqual(readdirSync(dir), ['hq.db']);
  assert.equal(statSync(db).uid, BOT);
});

test('render into a folder the user may not write: refused before drawing, the folder named', (t) => {
  const skip = asUserSkip();
  if (skip) return t.skip(skip);
  const dir = sharedDir('hq-cli-ou-render-', t);
  chmodSync(dir, 0o755);
  const r = cliAs(OPERATOR, 'render', '--game', 'phom', '--out', dir);
  assert.equal(r.stderr, `error: --out ${dir}: this user may not write in that folder\n`);
  assert.equal(r.status, 2);
});
