/**
 * Online backups of the SQLite database (issue #18 §3), with better-sqlite3's backup API: SQLite's
 * online backup copies the database page by page from a live connection, so it is safe while the bot
 * is writing (WAL mode; a write during the copy makes SQLite restart the remaining steps, never
 * produce a torn file). The result is checked with `PRAGMA integrity_check` before it is kept.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DB } from './db.js';

export interface BackupReport {
  out: string;
  bytes: number;
  pages: number;
}

/** Backs `db` (a live connection) up to `out` (written to `out.partial`, renamed when sound). */
export async function backupConnection(db: DB, out: string): Promise<BackupReport> {
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  rmSync(partial, { force: true });
  const r = await db.backup(partial);
  // The copy is a WAL database like its source; switch it to a rollback journal so that the backup
  // is one self-contained file (no -wal/-shm beside it). Opening it for use turns WAL on again.
  const check = new Database(partial);
  try {
    check.pragma('journal_mode = DELETE');
    const ok = check.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') throw new Error(`the backup failed its integrity check: ${String(ok)}`);
  } finally {
    check.close();
  }
  renameSync(partial, out);
  return { out, bytes: statSync(out).size, pages: r.totalPages };
}

/** Backs up the database file `path` (the CLI: its own connection beside the running bot). */
export async function backupFile(path: string, out: string): Promise<BackupReport> {
  if (!existsSync(path)) throw new Error(`no database at ${path}`);
  const db = new Database(path, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return await backupConnection(db, out);
  } finally {
    db.close();
  }
}

const NAME = /^hoiquan-(\d{8}T\d{6}Z)\.db$/;

/** `hoiquan-20261201T101500Z.db`: sortable by name. */
export function backupName(now: number): string {
  return `hoiquan-${new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.db`;
}

/** Deletes all but the newest `keep` backups in `dir`; returns the deleted names. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir)
    .filter((n) => NAME.test(n))
    .sort();
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const n of gone) rmSync(join(dir, n), { force: true });
  return gone;
}

export interface PeriodicBackups {
  /** Runs one backup now (also what the timer runs). */
  runOnce(): Promise<BackupReport>;
  stop(): void;
}

/**
 * Backs `db` up into `dir` every `everyHours` hours, keeping the newest `keep` files. The timer is
 * unref'd (it never keeps the process alive); a failed backup is reported to `onError` and the next
 * one is tried at the next tick, never in a loop.
 */
export function startPeriodicBackups(
  db: DB,
  o: {
    dir: string;
    everyHours: number;
    keep: number;
    now?: () => number;
    onError?: (e: unknown) => void;
    onDone?: (r: BackupReport) => void;
  },
): PeriodicBackups {
  const now = o.now ?? Date.now;
  let running: Promise<BackupReport> | null = null;
  const runOnce = () => {
    running ??= backupConnection(db, join(o.dir, backupName(now())))
      .then((r) => {
        pruneBackups(o.dir, o.keep);
        o.onDone?.(r);
        return r;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runOnce().catch((e: unknown) => o.onError?.(e)), o.everyHours * 3600_000);
  timer.unref();
  return { runOnce, stop: () => clearInterval(timer) };
}
