/**
 * Whether the database accepts writes (for /healthz): one row upserted in a transaction, and no
 * storage error in the last minute. The probe alone can pass while every game step fails: on a
 * full disk its one-row write still fits in the WAL's free pages, while a step's commit does not.
 * So the steps' own storage errors (a full disk, an I/O error, a read-only or corrupt file) count
 * too: the router, the scheduler (timers and DM rounds) and the effects report them through
 * `noteStorageError`.
 *
 * The minute is measured on the monotonic clock (`performance.now()`), not the wall clock: an error
 * stamped with `Date.now()` before NTP stepped the host clock back held /healthz at 503 for as long
 * as the step (hours), while the disk was fine again.
 */
import { performance } from 'node:perf_hooks';
import type { DB } from './db.js';

/** SQLite's answers that mean the storage itself fails, not the request. */
const STORAGE = /^SQLITE_(FULL|IOERR|READONLY|CORRUPT|CANTOPEN|NOTADB)/;

/** How long a storage error keeps /healthz unhealthy. */
export const STORAGE_ERROR_MS = 60_000;

let lastStorageError = -Infinity;

/** Records `err` when it is a storage error (returns whether it was), at `at` (monotonic ms). */
export function noteStorageError(err: unknown, at: number = performance.now()): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string' || !STORAGE.test(code)) return false;
  lastStorageError = Math.max(lastStorageError, at);
  return true;
}

/**
 * Forgets the storage errors noted so far (/healthz healthy again at once if the probe passes): for a
 * test that made the router note one, so that the tests after it in its process start as any other
 * (test/batches: several files share a process).
 */
export function forgetStorageErrors(): void {
  lastStorageError = -Infinity;
}

/**
 * Whether `err` says the storage refuses a write for now: a storage error (noted, as
 * `noteStorageError`), or a file another connection holds past the busy timeout (SQLITE_BUSY,
 * SQLITE_LOCKED: not noted, the storage itself is fine). What may be kept for later rather than fail
 * what the user asked (store/games.ts `unwritten`, bot/seat-channels.ts notices).
 */
export function storageRefused(err: unknown): boolean {
  if (noteStorageError(err)) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Whether the database takes the probe's write and no storage error was noted in the last
 * STORAGE_ERROR_MS, as of `at` (monotonic ms, as `noteStorageError`'s). A time before the error
 * (a caller's clock that went back) does not hold it unhealthy either: the difference is bounded.
 */
export function databaseWritable(db: DB, at: number = performance.now()): boolean {
  const since = at - lastStorageError;
  if (since >= 0 && since < STORAGE_ERROR_MS) return false;
  try {
    db.exec('CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
    db.prepare('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET checked_at = excluded.checked_at').run(
      Date.now(),
    );
    return true;
  } catch (e) {
    noteStorageError(e, at);
    return false;
  }
}
