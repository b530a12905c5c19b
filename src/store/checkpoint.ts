/**
 * WAL checkpoints off the event loop (issue #17: lag). SQLite moves the write-ahead log back into
 * the database file at a checkpoint, and with `synchronous = NORMAL` that is when it syncs to disk:
 * tens of milliseconds on a plain disk, up to ~200 ms when the disk is busy. By default the
 * connection that commits runs it, every 1,000 pages, and better-sqlite3 is synchronous, so the bot's
 * event loop stopped for it. A worker thread with a connection of its own runs a PASSIVE checkpoint
 * every second instead (it never blocks writers or readers: https://www.sqlite.org/c3ref/wal_checkpoint_v2.html),
 * and the bot's connection checkpoints by itself only as a fallback, once the log passes
 * `FALLBACK_PAGES` (the worker died or fell behind).
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import type { DB } from './db.js';

/** How often the worker checkpoints. */
export const CHECKPOINT_EVERY_MS = 1000;
/** The bot's own connection's `wal_autocheckpoint` while the worker runs (pages of 4 KiB: 40 MiB). */
export const FALLBACK_PAGES = 10_000;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing the database file of `db` (at `path`) in a worker thread. */
export function startCheckpointer(db: DB, path: string, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  // Plain CommonJS evaluated in the worker: no loader needed, compiled or under tsx.
  const code = `
    const { workerData } = require('node:worker_threads');
    const Database = require(workerData.sqlite);
    const db = new Database(workerData.path);
    db.pragma('busy_timeout = 1000');
    setInterval(() => {
      try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy or closing: the next turn tries again */ }
    }, workerData.everyMs);
  `;
  // `execArgv: []`: the script is CommonJS even when the process runs ES modules (`--input-type`).
  const worker = new Worker(code, { eval: true, execArgv: [], workerData: { sqlite, path, everyMs } });
  worker.unref();
  db.pragma(`wal_autocheckpoint = ${FALLBACK_PAGES}`);
  let stopped = false;
  // A worker that dies leaves the connection checkpointing by itself again, every 1,000 pages.
  const fallback = () => {
    if (!stopped && db.open) db.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', fallback);
  worker.on('exit', fallback);
  return {
    stop: async () => {
      stopped = true;
      await worker.terminate();
    },
  };
}
