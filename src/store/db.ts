/** Opening the SQLite database: WAL, foreign keys, and migrations (store/migrations.ts). */
import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { MIGRATIONS, type Migration } from './migrations.js';

export type DB = Database.Database;

export function openDatabase(path: string, migrations: readonly Migration[] = MIGRATIONS): DB {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db, migrations);
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
  const applied: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, Date.now());
    })();
    applied.push(m.version);
  }
  return applied;
}

export function schemaVersion(db: DB): number {
  const row = db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null };
  return row.v ?? 0;
}
