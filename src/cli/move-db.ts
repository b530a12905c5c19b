/** The read-only check of a database before `cli move` opens it for writing or `cli replay-db` reads it (run.ts). */
import Database from 'better-sqlite3';
import { accessSync, constants, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { MIGRATIONS } from '../store/migrations.js';
import { isGameId } from '../table/manifests.js';

/**
 * Why `cli <command>` must not use the database `path`, or null: it is not a Hội Quán database, its
 * schema is not this code's (older: the bot applies the migrations when it starts on it; newer:
 * another version's CLI), or it has no game `gameId` (null: any game). Read-only: the file is not changed.
 */
export function dbProblem(path: string, gameId: string | null, command: string): string | null {
  return tidySideFiles(path, () => check(path, gameId, command));
}

/**
 * Runs `fn` (read-only work on the database `path`) and removes the -wal/-shm files that a
 * read-only connection to a WAL database leaves behind, when they were not there before.
 */
export function tidySideFiles<T>(path: string, fn: () => T): T {
  const tidy = sideFileTidier(path);
  try {
    return fn();
  } finally {
    tidy();
  }
}

/** `tidySideFiles` for asynchronous work (`backup`'s copy, made by a child process of its own). */
export async function tidySideFilesAfter<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const tidy = sideFileTidier(path);
  try {
    return await fn();
  } finally {
    tidy();
  }
}

/** Notes which of the -wal/-shm files of `path` exist now; the function returned removes those made since. */
function sideFileTidier(path: string): () => void {
  const sideFiles = ['-wal', '-shm'].map((x) => `${path}${x}`);
  const had = sideFiles.map((f) => existsSync(f));
  return () => {
    const made = sideFiles.filter((f, i) => !had[i] && existsSync(f));
    if (had[0]) {
      // A -wal that was there holds commits not yet in the file (a copy of a live database, taken
      // without its -shm): a read-write connection's close would fold them into the file and delete
      // the -wal, so a checking command would rewrite the database. Only the -shm made here goes:
      // an index of the -wal, which the next connection builds again. No connection is open now.
      for (const f of made) rmSync(f, { force: true });
    } else if (made.length) {
      // A read-only connection to a WAL database creates its -wal and -shm and cannot remove them.
      // The last connection to close removes them: one that reads and closes, and writes nothing
      // (the -wal it checkpoints is the empty one made here).
      try {
        const db = new Database(path, { fileMustExist: true });
        db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
        db.close();
      } catch {
        // not openable at all: what stays is decided below
      }
      removeOwnSideFiles(path, made);
    }
  };
}

/**
 * The -wal/-shm files `made` by this command beside `path` that are still there. A user who may
 * write the folder but not the database (an operator beside the bot's service user) opens it
 * read-only whatever it asks for, and a read-only connection never deletes them; left there, owned
 * by that user, they stop the bot's user from writing its database (SQLITE_READONLY: it cannot
 * write the -shm). They go when no connection uses them: the -wal is empty (nothing was committed
 * into it) and no process holds a lock on the database or on them (an open connection holds one on
 * each for as long as it is open). Where the locks cannot be read (no /proc/locks: not Linux) they stay.
 */
function removeOwnSideFiles(path: string, made: string[]): void {
  const left = made.filter((f) => existsSync(f));
  // Gone, or kept by a connection of another process: this user may write the file, so the cleanup
  // connection above was read-write, and it would have removed them had it closed last.
  if (!left.length || allowed(path, constants.W_OK)) return;
  const wal = `${path}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) return;
  if (lockedByAny([path, ...left]) !== false) return;
  for (const f of left) rmSync(f, { force: true });
}

/** Whether this user may access `path` in `mode` (`constants.R_OK`, `W_OK`). */
function allowed(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether any process holds a lock on one of `files` (matched by inode in Linux's /proc/locks, on
 * any device: a false match only keeps the files), or null when that cannot be told.
 */
function lockedByAny(files: string[]): boolean | null {
  let locks: string;
  try {
    locks = readFileSync('/proc/locks', 'utf8');
  } catch {
    return null;
  }
  const inodes = new Set<string>();
  for (const f of files) {
    try {
      inodes.add(statSync(f, { bigint: true }).ino.toString());
    } catch {
      // gone meanwhile: nothing to match
    }
  }
  // "1: POSIX  ADVISORY  READ 21878 fe:00:4285523 128 128": device major:minor:inode.
  return locks.split('\n').some((l) => inodes.has(/\s[0-9a-f]+:[0-9a-f]+:(\d+)\s/.exec(l)?.[1] ?? ''));
}

/**
 * The journal mode the file `path` is in (`wal`, or `delete` for a backup copy), read read-only, or
 * null when it cannot be read. `cli move` opens the store (which switches a file to WAL) and puts a
 * file that was not in WAL mode back as it was.
 */
export function journalMode(path: string): string | null {
  return tidySideFiles(path, () => {
    try {
      const db = new Database(path, { readonly: true, fileMustExist: true });
      try {
        return String(db.pragma('journal_mode', { simple: true })).toLowerCase();
      } finally {
        db.close();
      }
    } catch {
      return null;
    }
  });
}

/** Sets the journal mode of the (closed, unused) database `path` back to `mode` unless it is WAL. */
export function restoreJournalMode(path: string, mode: string | null): void {
  if (!mode || mode === 'wal') return;
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma(`journal_mode = ${mode.replace(/[^a-z]/g, '')}`);
  } finally {
    db.close();
  }
}

/**
 * Why `path` is not a Hội Quán database file of any schema version (null: it is): missing, a
 * directory, not SQLite, or SQLite without our tables (an empty file opens as an empty database).
 * `backup` refuses such a file rather than copying it as a "successful" backup. Read-only, but with
 * `rollBack` (`backup`) a hot journal is rolled back first (`rollBackHotJournal`) and the file checked then.
 */
export function notOurDatabase(path: string, o: { rollBack?: boolean } = {}): string | null {
  if (!existsSync(path)) return `no database at ${path}`;
  if (statSync(path).isDirectory()) return `${path} is a directory, not a database file`;
  let hot = false;
  const problem = tidySideFiles(path, () => {
    const db = openReadOnly(path);
    if (typeof db === 'string') return db;
    try {
      return ourTables(db) ? null : `${path} is not a Hội Quán database (it has no games table)`;
    } catch (e) {
      // Not SQLite at all ("file is not a database", SQLITE_NOTADB): the first read fails, not the
      // open. A file that is locked, or has a hot journal, fails there too, and may well be ours.
      hot = isHotJournal(e);
      return unreadable(path, e) ?? `${path} is not a Hội Quán database: ${(e as Error).message}`;
    } finally {
      db.close();
    }
  });
  if (!hot || !o.rollBack) return problem;
  try {
    rollBackHotJournal(path);
  } catch (e) {
    return unreadable(path, e) ?? `cannot roll back the journal beside ${path}: ${(e as Error).message}`;
  }
  return notOurDatabase(path);
}

const isHotJournal = (e: unknown) =>
  ['SQLITE_READONLY_ROLLBACK', 'SQLITE_READONLY_RECOVERY'].includes(String((e as { code?: unknown }).code));

/**
 * Why a read of `path` failed when the file itself may be sound (null: any other error): another
 * connection holds it locked past the busy timeout (an exclusive transaction: another CLI command's
 * in-use check, a writer in rollback-journal mode), it has a hot journal, which a read-only
 * connection cannot roll back, or this user may not write where SQLite must write to read a WAL
 * database: its folder (to create the -wal and -shm, SQLITE_READONLY_DIRECTORY) or those files
 * (another user's). None says the file is not ours.
 */
export function unreadable(path: string, e: unknown): string | null {
  const code = (e as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return `${path} is locked by another connection (the bot or another CLI command); try again`;
  if (isHotJournal(e))
    return `${path} has a hot journal: a writer stopped mid-commit left a journal beside it; open it once read-write (start the bot on it, or back it up), then retry`;
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
    return `cannot read ${path} here: a WAL database needs its folder writable, and its -wal/-shm files if they are there (${code}); run the command as the bot's user`;
  return null;
}

/**
 * Rolls back the hot journal of `path` (a writer that stopped mid-commit), as any read-write
 * connection does before its first read: the file as it was before that commit. `backup` does it,
 * since its copy reads the file through a read-write connection all the same.
 */
function rollBackHotJournal(path: string): void {
  const db = new Database(path, { fileMustExist: true });
  try {
    db.prepare('SELECT 1 FROM sqlite_master LIMIT 1').get();
  } finally {
    db.close();
  }
}

/**
 * A newer schema than this code's (a migration it does not know: a later version's bot wrote the
 * file), read on the open connection `db`: why the CLI must not use it, or null.
 */
function newerSchema(db: Database.Database, path: string): string | null {
  const known = new Set(MIGRATIONS.map((m) => m.version));
  const done = (db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version);
  const newer = done.filter((v) => !known.has(v));
  return newer.length
    ? `${path} has a newer schema (migration ${Math.max(...newer)}) than this CLI: use the CLI of the bot's version`
    : null;
}

/**
 * Why `restore` must not put the backup `path` in the bot's place, or null: a newer schema than
 * this version's (its bot refuses to open it). An older one is fine: the bot migrates it at start.
 * Read-only; for a file `notOurDatabase` has passed.
 */
export function restoreProblem(path: string): string | null {
  return tidySideFiles(path, () => {
    const db = openReadOnly(path);
    if (typeof db === 'string') return db;
    try {
      return newerSchema(db, path);
    } catch (e) {
      return unreadable(path, e) ?? `${path} is not a Hội Quán database: ${(e as Error).message}`;
    } finally {
      db.close();
    }
  });
}

/** A read-only connection to `path`, or why it cannot be opened. */
function openReadOnly(path: string): Database.Database | string {
  try {
    return new Database(path, { readonly: true, fileMustExist: true });
  } catch (e) {
    // SQLite says "unable to open database file" whatever the cause: a file this user may not read is named as such.
    if (!allowed(path, constants.R_OK)) return `cannot open ${path}: this user may not read it; run the command as the bot's user`;
    return `cannot open ${path}: ${(e as Error).message}`;
  }
}

function ourTables(db: Database.Database): boolean {
  const tables = new Set(
    (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((r) => r.name),
  );
  return tables.has('schema_migrations') && tables.has('games');
}

function check(path: string, gameId: string | null, command: string): string | null {
  const notOurs = notOurDatabase(path);
  if (notOurs) return notOurs;
  const db = openReadOnly(path);
  if (typeof db === 'string') return db;
  try {
    const done = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
    const missing = MIGRATIONS.filter((m) => !done.has(m.version)).map((m) => m.version);
    if (missing.length)
      return (
        `${path} has an older schema (migration${missing.length > 1 ? 's' : ''} ${missing.join(', ')} not applied): ` +
        `start the bot once on it (it migrates the database at start), then run ${command} again`
      );
    const newer = newerSchema(db, path);
    if (newer) return newer;
    const rows = (
      gameId === null ? db.prepare('SELECT id, game FROM games').all() : db.prepare('SELECT id, game FROM games WHERE id = ?').all(gameId)
    ) as { id: string; game: string }[];
    if (gameId !== null && !rows.length) return `no game "${gameId}" in ${path}`;
    // A game kind this code has no engine for (a damaged row, or a game of another version) would
    // fail later as "Cannot read properties of undefined".
    const odd = rows.find((r) => !isGameId(r.game));
    if (odd) return `game "${odd.id}" in ${path} is of a game this CLI does not know: ${JSON.stringify(odd.game)}`;
    return null;
  } catch (e) {
    // tables of another shape (notOurDatabase above answered for a file that is not SQLite), or
    // a file locked since that check
    return unreadable(path, e) ?? `${path} is not a Hội Quán database: ${(e as Error).message}`;
  } finally {
    db.close();
  }
}
