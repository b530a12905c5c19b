/** Opening the SQLite database: WAL, foreign keys, and migrations (store/migrations.ts). */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations.js';

export type DB = Database.Database;

/**
 * How a commit reaches the disk (SQLite's `synchronous`). `normal`, the default: in WAL mode a
 * commit is written to the WAL and the WAL is synced at each checkpoint, not at each commit. The
 * database stays consistent whatever happens, and a crash or kill of the bot loses nothing (what
 * was committed is in the operating system's cache); only a power loss or an OS crash can roll back
 * the last commits before the latest checkpoint (https://www.sqlite.org/pragma.html#pragma_synchronous,
 * https://www.sqlite.org/wal.html). `full` also syncs the WAL at every commit: on this host that cost
 * 4 ms per commit at the median, 16 ms at p99 and up to 130 ms, all of it blocking the event loop
 * (better-sqlite3 is synchronous; issue #17: lag p99 ≤ 20 ms), against 0.05 ms with `normal`.
 */
export type Durability = 'normal' | 'full';

export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS, durability: Durability = 'normal'): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${durability === 'full' ? 'FULL' : 'NORMAL'}`);
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // What is deleted or overwritten is zeroed in the file, not left in free space: /privacy's erased
  // ids and names stayed as raw bytes in the file and in every later backup (SQLite's backup copies
  // free pages too). Measured 2026-12-06 over 1,600 Phỏm move commits: the same WAL bytes and commit
  // times as without it (p50 0.7 ms either way, the rest within this host's noise).
  db.pragma('secure_delete = ON');
  // A database it refuses (a newer schema) or a migration that fails: closed, not left open in a
  // process that goes on (the shard launcher checks each file's layout through here).
  try {
    migrate(db, migrations);
  } catch (e) {
    db.close();
    throw e;
  }
  cacheStatements(db);
  return db;
}

/**
 * better-sqlite3 compiles the SQL again on every `prepare`; the store prepares at each call, which
 * was ~30 % of its time under load (issue #17). Each distinct SQL text is prepared once per database
 * and the statement reused (safe here: no statement is iterated, plucked or switched to raw mode;
 * SQLite re-prepares a statement itself after a schema change). At most `max` texts are kept.
 */
export function cacheStatements(db: DB, max = 1000): void {
  const prepare = db.prepare.bind(db);
  const cache = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let st = cache.get(sql);
    if (!st) {
      st = prepare(sql);
      if (cache.size < max) cache.set(sql, st);
    }
    return st;
  }) as DB['prepare'];
}

/**
 * Applies, in order, every migration not yet recorded in `schema_migrations` (not only those above
 * the highest recorded: a migration numbered below one that shipped first still runs); returns the
 * versions applied.
 */
export function migrate(db: DB, migrations: readonly Migration[] = MIGRATIONS): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`);
  const done = new Set((db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[]).map((r) => r.version));
  refuseNewerSchema(done, migrations);
  const recorded = db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?');
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    // Checked again inside a write transaction: two processes opening one old file at once (shards)
    // would otherwise both run it, and the second fail on "table already exists".
    const ran = db
      .transaction((): boolean => {
        if (recorded.get(m.version)) return false;
        db.exec(m.sql);
        db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
        return true;
      })
      .immediate();
    if (ran) applied.push(m.version);
  }
  return applied;
}

/**
 * A database a later version has migrated (a version above the newest migration this code knows) is
 * not opened: its code would read and write tables of a shape it does not know (a column it adds
 * left unset, a constraint or trigger it does not expect). A restored backup of a later version, or
 * a downgrade: the bot's start fails with this line (bot/main.ts `cannotStart`).
 */
function refuseNewerSchema(done: ReadonlySet<number>, migrations: readonly Migration[]): void {
  const newest = Math.max(0, ...MIGRATIONS.map((m) => m.version), ...migrations.map((m) => m.version));
  const newer = Math.max(0, ...done);
  if (newer > newest)
    throw new Error(
      `the database has a newer schema (migration ${newer}) than this version of Hội Quán knows (up to ${newest}): ` +
        'a later version wrote it; run that version (its bot and CLI) on it',
    );
}

export function schemaVersion(db: DB): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}
