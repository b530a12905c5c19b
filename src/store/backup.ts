/**
 * Online backups of the SQLite database (issue #18 §3), with SQLite's backup API, safe while the bot
 * (or another shard, or the CLI's own connection beside the bot) writes, and off the bot's event loop:
 * a child process opens its own connection to the file and copies every page in ONE backup step. A
 * step reads inside one read transaction, so the copy is one consistent snapshot and no commit can
 * restart it (in WAL mode writers go on meanwhile; the log just grows until the copy ends). Copied a
 * few pages per step, as better-sqlite3 does by default (100 pages per event-loop turn), SQLite
 * restarts the copy from page 1 whenever another connection commits between two steps: beside a
 * busy bot a copy of a large file never ended, and every later backup waited on it. The copy is then
 * checked with `PRAGMA integrity_check` in the same process before it is kept. A backup that takes
 * longer than `BACKUP_TIME_LIMIT_MS` is killed and fails, so none holds up the next ones: a process,
 * not a worker thread, because a worker terminated inside a better-sqlite3 call that then throws
 * (SQLITE_BUSY after a busy wait) aborts the whole process (better-sqlite3 12.11: "FATAL ERROR:
 * v8::ToLocalChecked Empty MaybeLocal"), and a killed process takes its locks with it.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DB } from './db.js';

export interface BackupReport {
  out: string;
  bytes: number;
  pages: number;
}

export interface BackupOptions {
  /** A backup still running after this many ms is killed and fails (default `BACKUP_TIME_LIMIT_MS`). */
  timeLimitMs?: number;
  /** Aborted: the backup is killed, its partial file removed, and it fails (the bot shutting down). */
  signal?: AbortSignal;
}

/**
 * How long a backup may take. Copied and checked, 160 MB took 0.8 s on this host (2026-12-06), a few
 * GB take minutes on a slow disk; a backup still running after this is stuck (a hung disk), not slow.
 */
export const BACKUP_TIME_LIMIT_MS = 30 * 60_000;

/**
 * Backs up the database of `db` (a live connection) to `out`: written to `out.partial` and renamed
 * once sound. The copy is made by a connection of the child process's own to the same file; an
 * in-memory database (tests) has no file to open, and is copied on this connection, in one step all the same.
 */
export async function backupConnection(db: DB, out: string, o: BackupOptions = {}): Promise<BackupReport> {
  const main = (db.pragma('database_list') as { name: string; file: string }[]).find((d) => d.name === 'main');
  return backupTo(main?.file ? main.file : db, out, o);
}

/** Backs up the database file `path` (the CLI: its own connection beside the running bot). */
export async function backupFile(path: string, out: string, o: BackupOptions = {}): Promise<BackupReport> {
  if (!existsSync(path)) throw new Error(`no database at ${path}`);
  return backupTo(path, out, o);
}

async function backupTo(source: string | DB, out: string, o: BackupOptions): Promise<BackupReport> {
  mkdirSync(dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  const tidy = () => {
    for (const x of ['', '-journal']) rmSync(`${partial}${x}`, { force: true });
  };
  tidy();
  try {
    let pages: number | null = null;
    if (typeof source !== 'string') pages = (await source.backup(partial, { progress: () => ONE_STEP })).totalPages;
    const r = await inChild(typeof source === 'string' ? source : null, partial, o, tidy);
    if (r.check !== 'ok') throw new Error(`the backup failed its integrity check: ${r.check}`);
    renameSync(partial, out);
    return { out, bytes: statSync(out).size, pages: r.pages ?? pages ?? 0 };
  } catch (e) {
    tidy();
    throw e;
  }
}

/** Pages per backup step: better-sqlite3's largest, more than any database holds (all of it in one step). */
const ONE_STEP = 0x7fffffff;

/** `30 min`, `1.5 s`: a time limit in an error line. */
const duration = (ms: number) => (ms % 60_000 === 0 ? `${ms / 60_000} min` : `${ms / 1000} s`);

/**
 * Plain CommonJS for `node -e` (no loader needed, compiled or under tsx): copies `source` (when
 * given) to `path` in one backup step, then prepares and checks the copy. The copy is a WAL
 * database like its source; it is switched to a rollback journal so that the backup is one
 * self-contained file (no -wal/-shm beside it; opening it for use turns WAL on again), then
 * `PRAGMA integrity_check` runs. Sends its answer ("ok" when sound) and the pages copied, and exits
 * once the parent has it. A parent gone first (the bot killed) ends it, its partial file removed, at
 * the latest once the call under way returns.
 */
const CHILD = `
  const [, sqlite, source, path] = process.argv;
  const Database = require(sqlite);
  const { rmSync } = require('node:fs');
  // The parent acknowledges the answer ('done'); gone before that, it will not rename the copy.
  let done = false;
  const orphaned = () => {
    for (const x of ['', '-journal']) rmSync(path + x, { force: true });
    process.exit(1);
  };
  process.on('disconnect', () => done || orphaned());
  process.on('message', (m) => m === 'done' && ((done = true), process.disconnect()));
  const answer = (m) => process.send(m, (e) => e && orphaned());
  async function run() {
    let pages = null;
    if (source) {
      const src = new Database(source, { fileMustExist: true });
      try {
        src.pragma('busy_timeout = 5000');
        pages = (await src.backup(path, { progress: () => ${ONE_STEP} })).totalPages;
      } finally {
        src.close();
      }
    }
    const db = new Database(path, { fileMustExist: true });
    try {
      db.pragma('journal_mode = DELETE');
      return { check: String(db.pragma('integrity_check', { simple: true })), pages };
    } finally {
      db.close();
    }
  }
  run().then(answer, (e) => answer({ error: String((e && e.message) || e) }));
`;

/**
 * Runs `CHILD` on `source` and `path`. Past the time limit it rejects at once (the process killed,
 * `tidy` run once it has exited); aborted, it rejects once the process has exited and `tidy` has run.
 */
function inChild(
  source: string | null,
  path: string,
  o: BackupOptions,
  tidy: () => void,
): Promise<{ check: string; pages: number | null }> {
  const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  const limit = o.timeLimitMs ?? BACKUP_TIME_LIMIT_MS;
  return new Promise((resolve, reject) => {
    if (o.signal?.aborted) return reject(new Error('the backup was stopped'));
    const child = spawn(process.execPath, ['-e', CHILD, sqlite, source ?? '', path], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr = (stderr + String(c)).slice(-2000)));
    // 'close': the process has exited and its IPC channel is closed, so its answer has come if it sent one.
    const exited = new Promise<void>((r) => child.once('close', () => r()));
    let answer: { check: string; pages: number | null } | { error: string } | null = null;
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      o.signal?.removeEventListener('abort', onAbort);
      f();
    };
    // Past its time: failed now, so the next backup is not held up by this one; its files go once it
    // has exited (at once, but for a process stuck in the kernel on a hung disk).
    const timer = setTimeout(() => {
      settle(() => reject(new Error(`the backup did not finish within ${duration(limit)}: stopped`)));
      child.kill('SIGKILL');
      void exited.then(tidy);
    }, limit);
    let aborted = false;
    const onAbort = () => {
      aborted = true;
      child.kill('SIGKILL');
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    child.on('message', (m: typeof answer) => {
      answer = m;
      child.send('done', () => undefined);
    });
    child.on('error', (e) => settle(() => reject(e)));
    void exited.then(() => {
      if (aborted) tidy();
      settle(() => {
        if (aborted) reject(new Error('the backup was stopped'));
        else if (answer && 'check' in answer) resolve(answer);
        else reject(new Error(answer?.error ?? `the backup process stopped without an answer: ${stderr.trim().split('\n').at(-1) ?? ''}`));
      });
    });
  });
}

const NAME = /^hoiquan-(\d{8}T\d{6}Z)\.db$/;

/** `hoiquan-20261201T101500Z.db`: sortable by name. */
export function backupName(now: number): string {
  return `hoiquan-${new Date(now)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')}.db`;
}

/**
 * Deletes all but the newest `keep` backups in `dir`; returns the deleted names. Newest by the time
 * in the name, but a name after `now` (made while the host clock ran ahead, before it was stepped
 * back) counts as older than every other: its data is older than any backup made since, and sorted
 * by name it outlived them, so the fresh backups were the ones deleted.
 */
export function pruneBackups(dir: string, keep: number, now: number = Date.now()): string[] {
  const names = backupsOldestFirst(dir, now).map((b) => b.name);
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const n of gone) rmSync(join(dir, n), { force: true });
  return gone;
}

/** The backups in `dir`, oldest first by their names' times, those named after `now` first of all. */
function backupsOldestFirst(dir: string, now: number): { name: string; at: number }[] {
  if (!existsSync(dir)) return [];
  const all = readdirSync(dir)
    .map((name) => ({ name, at: nameTime(name) }))
    .filter((b): b is { name: string; at: number } => b.at !== null)
    .sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
  return [...all.filter((b) => b.at > now), ...all.filter((b) => b.at <= now)];
}

/** When the backup named `name` was taken (from its name), or null for any other file. */
function nameTime(name: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(NAME.exec(name)?.[1] ?? '');
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

export interface PeriodicBackups {
  /** Runs one backup now (also what the timer runs). */
  runOnce(): Promise<BackupReport>;
  /** No more backups; one under way stops, its partial file removed (settles once it has). */
  stop(): Promise<void>;
}

/**
 * Backs `db` up into `dir` every `everyHours` hours, keeping the newest `keep` files. The timer is
 * unref'd (it never keeps the process alive); a failed backup (one past its time limit too) is
 * reported to `onError` and the next one is tried at the next tick, never in a loop.
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
    /** Each backup's time limit (default `BACKUP_TIME_LIMIT_MS`). */
    timeLimitMs?: number;
  },
): PeriodicBackups {
  const now = o.now ?? Date.now;
  const stopping = new AbortController();
  let running: Promise<BackupReport> | null = null;
  const runOnce = () => {
    const limits = { signal: stopping.signal, ...(o.timeLimitMs !== undefined ? { timeLimitMs: o.timeLimitMs } : {}) };
    running ??= backupConnection(db, join(o.dir, backupName(now())), limits)
      .then((r) => {
        pruneBackups(o.dir, o.keep, now());
        o.onDone?.(r);
        return r;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  // The next backup is due `everyHours` after the newest one in `dir` (a bot restarted more often
  // than that still backs up; with none yet, a minute after start). One named after now (taken while
  // the host clock ran ahead, before NTP stepped it back) does not count: the next was due its time
  // + everyHours, and backups stopped for as long as the clock had been ahead. With only such files,
  // one is due now. Node's timers hold at most MAX_DELAY ms (a longer delay fires at once, again and
  // again): a longer wait is taken in steps.
  const every = o.everyHours * 3600_000;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = () => {
    if (stopped) return;
    const last = newestBackupAt(o.dir, now());
    const due = last !== null ? last + every : backupsOldestFirst(o.dir, now()).length ? now() : now() + FIRST_BACKUP_MS;
    const wait = Math.min(MAX_DELAY, Math.max(0, due - now()));
    timer = setTimeout(() => {
      if (due - now() > 0) return schedule();
      void runOnce()
        // A backup stopped by `stop` (the bot shutting down) is no failure.
        .catch((e: unknown) => stopped || o.onError?.(e))
        .finally(() => {
          // A failed backup is tried again after a while, never in a loop.
          if (newestBackupAt(o.dir, now()) === last) {
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
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopping.abort();
      await running?.catch(() => undefined);
    },
  };
}

/** Node's longest timer (2^31 − 1 ms, about 24.8 days). */
const MAX_DELAY = 2 ** 31 - 1;
/** With no backup yet: the first one, a minute after start (start-up done). */
const FIRST_BACKUP_MS = 60_000;
/** A failed backup: the next try at the earliest. */
const RETRY_MS = 15 * 60_000;

/** When the newest backup in `dir` was taken (from its name), or null; names after `notAfter` are left out. */
export function newestBackupAt(dir: string, notAfter = Infinity): number | null {
  return (
    backupsOldestFirst(dir, notAfter)
      .map((b) => b.at)
      .filter((at) => at <= notAfter)
      .at(-1) ?? null
  );
}
