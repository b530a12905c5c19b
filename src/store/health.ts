/**
 * Whether the database accepts writes (for /healthz): one row upserted in a transaction, and no
 * storage error in the last minute. The probe alone can pass while every game step fails: on a
 * full disk its one-row write still fits in the WAL's free pages, while a step's commit does not.
 * So the steps' own storage errors (a full disk, an I/O error, a read-only or corrupt file) count
 * too: the router, the scheduler (timers and DM rounds) and the effects report them through
 * `noteStorageError`.
 */
import type { DB } from './db.js';

/** SQLite's answers that mean the storage itself fails, not the request. */
const STORAGE = /^SQLITE_(FULL|IOERR|READONLY|CORRUPT|CANTOPEN|NOTADB)/;

/** How long a storage error keeps /healthz unhealthy. */
export const STORAGE_ERROR_MS = 60_000;

let lastStorageError = -Infinity;

/** Records `err` when it is a storage error (returns whether it was), as of `now`. */
export function noteStorageError(err: unknown, now: number = Date.now()): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !STORAGE.test(code)) return false;
  lastStorageError = Math.max(lastStorageError, now);
  return true;
}

export function databaseWritable(db: DB, now: number = Date.now()): boolean {
  if (now - lastStorageError < STORAGE_ERROR_MS) return false;
  try {
    db.exec('CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
    db.prepare('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET checked_at = excluded.checked_at').run(now);
    return true;
  } catch (e) {
    noteStorageError(e, now);
    return false;
  }
}
