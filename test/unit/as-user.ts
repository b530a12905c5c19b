/**
 * Runs the CLI (or a script) as another user, for the tests of a database shared by the bot's
 * service user and an operator's account. Needs root and setpriv; `asUserSkip` says why a test
 * cannot run here (it then skips).
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { chmodSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { tempDir, type AfterHook } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

/** The bot's service user, and an operator who may read its database but not write it. */
export const BOT = 1000;
export const OPERATOR = 65534;

const REPO = new URL('../../', import.meta.url).pathname;

/** Runs `node <args>` from the repository as `uid` (its own group, no other groups). */
export function asUser(uid: number, args: string[]): SpawnSyncReturns<string> {
  return spawnSync('setpriv', [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', 'env', 'HOME=/tmp', process.execPath, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    timeout: 120_000,
  });
}

/** `npm run cli -- <argv>` as `uid`. */
export const cliAs = (uid: number, ...argv: string[]) => asUser(uid, [...programArgs('src/cli/main.ts'), ...argv]);

let why: string | null | undefined;
/** Why these tests cannot run here (not root, no setpriv, a checkout the other users cannot read), or null. */
export function asUserSkip(): string | null {
  if (why !== undefined) return why;
  if (process.getuid?.() !== 0) return (why = 'needs root (to run commands as other users)');
  if (spawnSync('setpriv', ['--version']).status !== 0) return (why = 'needs setpriv');
  for (const uid of [BOT, OPERATOR])
    if (asUser(uid, ['--import', 'tsx', '-e', '0']).status !== 0) return (why = `uid ${uid} cannot run node from this checkout`);
  return (why = null);
}

/** A temporary folder every user may write (as a data folder shared with an operator). */
export function sharedDir(prefix: string, t: AfterHook): string {
  const dir = tempDir(prefix, t);
  chmodSync(dir, 0o777);
  return dir;
}

/**
 * Whether `uid` can write the database `path` as the bot does (WAL mode, one update), in a new
 * process: 'ok', or SQLite's error code.
 */
export function writesAs(uid: number, path: string, t: AfterHook): string {
  const dir = sharedDir('hq-as-user-', t);
  const script = join(dir, 'write.cjs');
  writeFileSync(
    script,
    `const Database = require(${JSON.stringify(createRequire(import.meta.url).resolve('better-sqlite3'))});
     const db = new Database(process.argv[2]);
     try {
       db.pragma('journal_mode = WAL');
       db.prepare('UPDATE games SET updated_at = updated_at').run();
       console.log('ok');
     } catch (e) {
       console.log(e.code);
     } finally {
       db.close();
     }`,
  );
  chmodSync(script, 0o644);
  const r = asUser(uid, [script, path]);
  return r.stdout.trim() || r.stderr.trim();
}
