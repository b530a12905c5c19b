/**
 * Online backups of the SQLite database (issue #18 §3), with better-sqlite3's backup API: SQLite's
 * online backup copies the database page by page from a live connection, so it is safe while the bot
 * is writing (WAL mode; a write during the copy makes SQLite restart the remaining steps, never
 * produce a torn file). The result is checked with `PRAGMA integrity_check` before it is kept.
 */
import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
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
  const ok = await checkInWorker(partial);
  if (ok !== 'ok') throw new Error(`the backup failed its integrity check: ${ok}`);
  renameSync(partial, out);
  return { out, bytes: statSync(out).size, pages: r.totalPages };
}

/**
 * Prepares and checks the copy at `path` in a worker thread (seconds for a large file: off the bot's
 * event loop). The copy is a WAL database like its source; it is switched to a rollback journal so
 * that the backup is one self-contained file (no -wal/-shm beside it; opening it for use turns WAL
 * on again), then `PRAGMA integrity_check` runs. Resolves with its answer ("ok" when sound).
 */
function checkInWorker(path: string): Promise<string> {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  // Plain CommonJS evaluated in the worker (as checkpoint.ts): no loader needed, compiled or under tsx.
  const code = `
    const { workerData, parentPort } = require('node:worker_threads');
    const Database = require(workerData.sqlite);
    const db = new Database(workerData.path);
    try {
      db.pragma('journal_mode = DELETE');
      parentPort.postMessage(String(db.pragma('integrity_check', { simple: true })));
    } catch (e) {
      parentPort.postMessage(String(e && e.message || e));
    } finally {
      db.close();
    }
  `;
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, execArgv: [], workerData: { sqlite, path } });
    let answer: string | null = null;
    worker.on('message', (m: unknown) => (answer = String(m)));
    worker.on('error', reject);
    worker.on('exit', () => (answer === null ? reject(new Error('the backup check stopped without an answer')) : resolve(answer)));
  });
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
  // The next backup is due `everyHours` after the newest one in `dir` (a bot restarted more often
  // than that still backs up; with none yet, a minute after start). Node's timers hold at most
  // MAX_DELAY ms (a longer delay fires at once, again and again): a longer wait is taken in steps.
  const every = o.everyHours * 3600_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const last = newestBackupAt(o.dir);
    const due = last === null ? now() + FIRST_BACKUP_MS : last + every;
    const wait = Math.min(MAX_DELAY, Math.max(0, due - now()));
    timer = setTimeout(() => {
      if (due - now() > 0) return schedule();
      void runOnce()
        .catch((e: unknown) => o.onError?.(e))
        .finally(() => {
          // A failed backup is tried again after a while, never in a loop.
          if (newestBackupAt(o.dir) === last) {
            if (!stopped) timer = setTimeout(schedule, Math.min(MAX_DELAY, Math.max(RETRY_MS, every / 4)));
            timer?.unref();
          } else schedule();
        });
    }, wait);
    timer.unref();
  };
  schedule();
  return {
    runOnce,
    stop: () => {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** Node's longest timer (2^31 − 1 ms, about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;
/** With no backup yet: the first one, a minute after start (start-up done). */
const FIRST_BACKUP_MS = 60_000;
/** A failed backup: the next try at the earliest. */
const RETRY_MS = 15 * 60_000;

/** When the newest backup in `dir` was taken (from its name), or null. */
export function newestBackupAt(dir: string): number | null {
  if (!existsSync(dir)) return null;
  const names = readdirSync(dir)
    .map((n) => NAME.exec(n)?.[1])
    .filter((x): x is string => !!x)
    .sort();
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(names.at(-1) ?? '');
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}
