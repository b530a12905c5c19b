/**
 * Shards on one machine (issue #18 §2) with discord.js's own `ShardingManager`: one process per shard,
 * each running the bot entry (src/bot/main.ts) with the shard env discord.js gives it (`SHARDS` = its
 * shard id, `SHARD_COUNT`), from which its Client picks its shard. `SHARDS=auto` asks Discord for the
 * recommended count (`GET /gateway/bot` on DISCORD_API_BASE, so the simulator can answer it too).
 * Per shard, `{shard}` in DATABASE_PATH is filled in (one file per shard), METRICS_PORT becomes
 * METRICS_PORT + shard id (one /metrics and /healthz per process) and backups are split (perShardEnv).
 * One file per shard fixes the shard count for the life of the data (`claimShardFiles`).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ShardingManager, type Shard } from 'discord.js';
import { openDatabase, type DB } from '../store/db.js';
import { readMetricsPort } from '../config/env.js';
import { recordShardLayout, shardFileConflict, type ShardLayoutConflict } from '../store/shard-layout.js';

/** `SHARDS`: unset or empty → null (no manager, the bot runs in this process); `auto`; or a count ≥ 1. */
export function parseShards(raw: string | undefined): 'auto' | number | null {
  const v = raw?.trim();
  if (!v) return null;
  if (v.toLowerCase() === 'auto') return 'auto';
  if (!/^\d{1,5}$/.test(v) || Number(v) < 1) throw new Error(`SHARDS must be "auto" or a whole number of shards ≥ 1, got "${raw}"`);
  return Number(v);
}

/** `SHARD_SPAWN_DELAY_MS`: unset or empty → 5500 (Discord's identify pacing); else a whole number of ms ≥ 0. */
export function parseSpawnDelay(raw: string | undefined): number {
  const v = raw?.trim();
  if (!v) return 5_500;
  if (!/^\d{1,7}$/.test(v)) throw new Error(`SHARD_SPAWN_DELAY_MS must be a whole number of milliseconds from 0 to 9999999, got "${raw}"`);
  return Number(v);
}

/** Discord's recommended shard count for the bot (`GET /gateway/bot` → `shards`). */
export async function recommendedShards(apiBase: string, token: string, fetchFn: typeof fetch = fetch): Promise<number> {
  const r = await fetchFn(`${apiBase.replace(/\/+$/, '')}/v10/gateway/bot`, { headers: { Authorization: `Bot ${token}` } });
  if (!r.ok) throw new Error(`GET /gateway/bot answered ${r.status}: cannot pick SHARDS=auto (check DISCORD_TOKEN)`);
  const body = (await r.json()) as { shards?: unknown };
  const n = Number(body.shards);
  if (!Number.isInteger(n) || n < 1) throw new Error(`GET /gateway/bot gave no shard count (${JSON.stringify(body)})`);
  return n;
}

/**
 * Why `SHARDS` (parsed: `mode`) cannot be used with `DATABASE_PATH`, or null. With `{shard}` in the
 * path (one file per shard) a server's rows stay in the file of the shard it had: `auto` would let
 * Discord's recommendation change the count between two starts, and no `SHARDS` at all would open a
 * file literally named `…{shard}…` beside the shards' files.
 */
export function shardsConfigProblem(mode: 'auto' | number | null, databasePath: string | undefined): string | null {
  if (!databasePath?.includes('{shard}')) return null;
  if (mode === 'auto')
    return `SHARDS=auto cannot be used with {shard} in DATABASE_PATH (${databasePath}): Discord's recommended count changes as the bot grows, and each server's games stay in the file of the shard it had. Set SHARDS to a number (the count the files were made with, if they exist)`;
  if (mode === null)
    return `DATABASE_PATH (${databasePath}) has {shard} (one file per shard) but SHARDS is not set: set SHARDS to the count the files were made with`;
  return null;
}

/**
 * Checks every shard's file (`{shard}` in `template` filled in for 0 … count − 1) against the shard
 * count, then records the layout in each (store/shard-layout.ts); returns null, or one line saying
 * which file is wrong, both counts when known, and what to do. Records nothing unless every file
 * passes, so a refused start leaves the files as they were (a file that does not exist yet is
 * created only then). Opened without the migrations: the shards apply those.
 */
export function claimShardFiles(template: string, count: number): string | null {
  const paths = Array.from({ length: count }, (_, id) => template.replaceAll('{shard}', String(id)));
  const problem = (path: string, shard: number, c: ShardLayoutConflict | null): string | null =>
    c && layoutProblem(path, { shard, count }, c);
  for (const [shard, path] of paths.entries()) {
    if (!existsSync(path)) continue;
    const found = withFile(path, (db) => problem(path, shard, shardFileConflict(db, { shard, count })));
    if (found) return found;
  }
  for (const [shard, path] of paths.entries()) {
    const found = withFile(path, (db) => problem(path, shard, recordShardLayout(db, { shard, count })));
    if (found) return found;
  }
  return null;
}

function withFile(path: string, f: (db: DB) => string | null): string | null {
  let db: DB;
  try {
    db = openDatabase(path, []);
  } catch (e) {
    return `cannot open the database at ${path}: ${(e as Error).message}`;
  }
  try {
    return f(db);
  } catch (e) {
    return `cannot read the database at ${path}: ${(e as Error).message}`;
  } finally {
    db.close();
  }
}

const MOVE_FIRST = "a new count needs each server's rows moved to its new shard's file first, which no command does yet";

function layoutProblem(path: string, want: { shard: number; count: number }, c: ShardLayoutConflict): string {
  if (c.kind === 'foreign-server')
    return `${path} holds server ${c.guildId}, which SHARDS=${want.count} puts on shard ${c.shard}, not ${want.shard}: these files were made with another shard count, and that server's games would no longer be reached. Start with the count they were made with (${MOVE_FIRST})`;
  const r = c.recorded;
  if (r.count !== want.count)
    return `${path} was made for ${r.count} shard${r.count === 1 ? '' : 's'} (it is shard ${r.shard}'s file), but SHARDS=${want.count}: each server's games stay in the file of the shard it had, so most servers would lose theirs. Start with SHARDS=${r.count} again (${MOVE_FIRST})`;
  return `${path} is shard ${r.shard}'s file (of ${r.count}), not shard ${want.shard}'s: each shard's file must keep its name (check DATABASE_PATH and the files' names)`;
}

/**
 * The environment entries a shard's process gets on top of the manager's: `{shard}` in DATABASE_PATH
 * (and BACKUP_DIR) filled in; METRICS_PORT + shard id; periodic backups of one shared file made by
 * shard 0 only (an empty BACKUP_DIR is unset), and of per-shard files into a folder per shard
 * (`BACKUP_DIR/shard-<id>` unless BACKUP_DIR has its own `{shard}`), so no shard prunes another's.
 */
export function perShardEnv(env: Record<string, string | undefined>, shardId: number): Record<string, string> {
  const out: Record<string, string> = {};
  const fill = (v: string) => v.replaceAll('{shard}', String(shardId));
  const perShardFile = Boolean(env.DATABASE_PATH?.includes('{shard}'));
  if (perShardFile) {
    out.DATABASE_PATH = fill(env.DATABASE_PATH!);
    // What reaches every shard's file (src/ops/privacy.ts: /privacy erases a user from all of them).
    out.DATABASE_PATH_TEMPLATE = env.DATABASE_PATH!;
  }
  // Read as the bot reads it (one parse); a value it refuses is passed on as it is, for the shard to say so.
  const port = readMetricsPort(env.METRICS_PORT);
  if (port.ok && port.port !== undefined) out.METRICS_PORT = String(port.port + shardId);
  if (env.BACKUP_DIR) {
    if (env.BACKUP_DIR.includes('{shard}')) out.BACKUP_DIR = fill(env.BACKUP_DIR);
    else if (perShardFile) out.BACKUP_DIR = join(env.BACKUP_DIR, `shard-${shardId}`);
    else if (shardId !== 0) out.BACKUP_DIR = '';
  }
  return out;
}

/**
 * Why METRICS_PORT cannot serve `count` shards (shard i listens on METRICS_PORT + i), or null: not a
 * port, or the last shard's port past 65535. Said by the launcher before any shard starts; before,
 * the shard past the range was refused by its own start, respawned and given up on after five tries.
 */
export function metricsPortProblem(raw: string | undefined, count: number): string | null {
  const port = readMetricsPort(raw);
  if (!port.ok) return port.message;
  if (port.port !== undefined && port.port + count - 1 > 65535)
    return `METRICS_PORT=${port.port} with ${count} shards: shard ${count - 1} would listen on ${port.port + count - 1}, past 65535. Set METRICS_PORT to ${65536 - count} or less`;
  return null;
}

/** The bot entry the shards run, and how: the TypeScript source through tsx, or the built file. */
export function botEntry(launcherUrl: string = import.meta.url): { file: string; execArgv: string[] } {
  const built = launcherUrl.endsWith('.js');
  return {
    file: fileURLToPath(new URL(built ? '../bot/main.js' : '../bot/main.ts', launcherUrl)),
    execArgv: built ? [] : ['--import', 'tsx'],
  };
}

export interface ShardsOptions {
  count: number;
  token: string;
  env?: Record<string, string | undefined>;
  /** ms between two shards' starts (Discord allows one IDENTIFY per 5 s per max_concurrency bucket). */
  spawnDelayMs?: number;
  /** ms a shard may take to become READY. */
  readyTimeoutMs?: number;
  log?: (msg: string) => void;
  /**
   * A shard that has not been READY since the launcher started died this many times in a row (a port
   * in use, a read-only data folder, a bad token): respawning cannot help, so `onGiveUp` is called
   * (the launcher stops every shard and exits 1). Default 5. A shard that was READY once is never
   * given up: its later deaths (a Discord outage, a crash) are respawned with `RESPAWN_BACKOFF`.
   */
  maxFailedStarts?: number;
  onGiveUp?: (msg: string) => void;
  /** The respawn back-off (default `RESPAWN_BACKOFF`). */
  backoff?: Partial<typeof RESPAWN_BACKOFF>;
}

/**
 * When a dead shard is spawned again: `firstMs` after its death, doubling at each death up to `maxMs`,
 * back to `firstMs` after a process that lived `stableMs`. Each respawn is a new login and IDENTIFY,
 * and Discord allows 1,000 IDENTIFYs a day per bot token before it resets the token: a shard that
 * crashes soon after READY, respawned at once (discord.js's own respawn), used them up within hours.
 * With these a crash loop costs a shard at most one IDENTIFY per 5 minutes once the delay reaches
 * its cap (288 a day; one per 10 minutes or more, 144 a day, for a process that lives 5 minutes or
 * more), and a shard whose logins fail during a Discord outage tries again at least every 5 minutes.
 */
export const RESPAWN_BACKOFF = { firstMs: 1_000, maxMs: 5 * 60_000, stableMs: 10 * 60_000 };

/**
 * How long the launcher lets a shard's process stop after SIGTERM before it sends SIGKILL (`stopAll`).
 * Docker's own stop timeout is the same by default (`docker stop`: SIGKILL to every process of the
 * container 10 s after SIGTERM), so a longer one here would not buy a shard more time in the image.
 */
export const SHARD_KILL_AFTER_MS = 10_000;

/**
 * How long a bot process's shutdown may take in all (src/bot/main.ts `closeAll` through `closeInOrder`):
 * `SHARD_KILL_AFTER_MS` (or Docker's SIGKILL, for the bot run in the launcher's own process) less 2 s
 * for the process's exit and a loaded host.
 */
export const SHUTDOWN_BUDGET_MS = SHARD_KILL_AFTER_MS - 2_000;

/** One thing a process closes at shutdown (`closeInOrder`). */
export interface CloseStep {
  name: string;
  close: () => unknown;
  /** ms of the budget kept for this step: the steps before it are waited for only until `keepMs` (and what later steps keep) before the end. */
  keepMs?: number;
}

/**
 * Closes `steps` one after the other within `budgetMs` (default `SHUTDOWN_BUDGET_MS`), so a shutdown
 * ends before the SIGKILL that would cut it off. Each step is waited for until the end of the budget
 * less what the steps after it keep (`keepMs`); one still running then is left to finish on its own
 * (`late`) and the next one starts. Every step is started, even with no time left (a pool then at
 * least refuses new work); the last one (the database) is always started and waited for, however
 * late. A step that throws does not stop the others (`failed`).
 */
export async function closeInOrder(
  steps: readonly CloseStep[],
  budgetMs: number = SHUTDOWN_BUDGET_MS,
  report: { late?: (name: string, ms: number) => void; failed?: (name: string, e: unknown) => void } = {},
): Promise<void> {
  const end = Date.now() + budgetMs;
  let kept = steps.reduce((n, s) => n + (s.keepMs ?? 0), 0);
  for (const [i, step] of steps.entries()) {
    kept -= step.keepMs ?? 0;
    const started = Date.now();
    const ran = Promise.resolve().then(step.close);
    ran.catch((e: unknown) => tell(() => report.failed?.(step.name, e)));
    if (i === steps.length - 1) {
      await ran.catch(() => undefined);
      break;
    }
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      ran.then(
        () => 'done',
        () => 'done',
      ),
      new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), Math.max(0, end - kept - started));
      }),
    ]);
    clearTimeout(timer);
    if (outcome === 'late') tell(() => report.late?.(step.name, Date.now() - started));
  }
}

/** A report's callback that throws (a logger gone) stops no step of the shutdown. */
function tell(f: () => void): void {
  try {
    f();
  } catch {
    // nothing else to tell it with
  }
}

/**
 * Stops a process: SIGTERM, then SIGKILL if it has not exited `killAfterMs` later (default
 * `SHARD_KILL_AFTER_MS`). Resolves once it has exited.
 */
export function stopProcess(p: ChildProcess, killAfterMs: number = SHARD_KILL_AFTER_MS): Promise<void> {
  return new Promise<void>((resolve) => {
    if (p.exitCode !== null || p.signalCode !== null) return resolve();
    const force = setTimeout(() => p.kill('SIGKILL'), killAfterMs);
    p.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    p.kill('SIGTERM');
  });
}

/** The shards of one launcher: `start` spawns them one after the other, `stop` stops every one spawned. */
export interface Shards {
  manager: ShardingManager;
  /** Spawns the shards in turn (each READY or timed out, `spawnDelayMs` apart); resolves early once `stop` is called. */
  start(): Promise<void>;
  /**
   * Stops every shard spawned so far and spawns no more (nor respawns): SIGTERM (they drain, within
   * `SHUTDOWN_BUDGET_MS`), SIGKILL after `SHARD_KILL_AFTER_MS`. Safe at any time, also during `start`.
   */
  stop(): Promise<void>;
}

/** What the launcher keeps of one shard between its processes. */
interface ShardLife {
  /** Deaths in a row before READY (reset by a READY). */
  failedStarts: number;
  /** Whether any of its processes was READY since the launcher started. */
  wasReady: boolean;
  /** When its current process started (ms). */
  spawnedAt: number;
  /** The next respawn's delay (ms). */
  delay: number;
  timer?: NodeJS.Timeout;
}

/** Starts the manager and its shards; resolves once every shard was spawned (and became READY, or timed out). */
export async function startShards(o: ShardsOptions): Promise<Shards> {
  const shards = createShards(o);
  await shards.start();
  return shards;
}

/**
 * The manager and its shards, not started yet: the launcher takes its signals before the first shard
 * is spawned (a SIGTERM during the start stops what was spawned), then calls `start`.
 */
export function createShards(o: ShardsOptions): Shards {
  const log = o.log ?? ((m: string) => console.log(m));
  const env = o.env ?? process.env;
  const backoff = { ...RESPAWN_BACKOFF, ...o.backoff };
  const { file, execArgv } = botEntry();
  // respawn: false: discord.js would respawn a dead shard at once, every time; `respawnLater` waits.
  const manager = new ShardingManager(file, { totalShards: o.count, respawn: false, mode: 'process', execArgv, token: o.token });
  const timeout = o.readyTimeoutMs ?? 120_000;
  const life = new Map<number, ShardLife>();
  let stopping = false;
  let wake!: () => void;
  const stopped = new Promise<void>((r) => (wake = r));
  const quiet = (id: number) => (e: Error) => {
    // A death is told by the death handler; a stop is asked for.
    if (!stopping && !/exited before|died/i.test(e.message)) log(`shard ${id}/${o.count} not ready in time: ${e.message}`);
  };

  manager.on('shardCreate', (shard: Shard) => {
    Object.assign(shard.env as Record<string, unknown>, perShardEnv(env, shard.id));
    const l: ShardLife = { failedStarts: 0, wasReady: false, spawnedAt: Date.now(), delay: backoff.firstMs };
    life.set(shard.id, l);
    shard.on('spawn', (p) => {
      l.spawnedAt = Date.now();
      log(`shard ${shard.id}/${o.count} process ${(p as ChildProcess).pid ?? '?'} started`);
    });
    shard.on('ready', () => {
      l.failedStarts = 0;
      l.wasReady = true;
      log(`shard ${shard.id}/${o.count} ready`);
    });
    shard.on('death', (p) => {
      const c = p as ChildProcess;
      const exit = `shard ${shard.id}/${o.count} process ${c.pid ?? '?'} exited (${c.exitCode ?? c.signalCode ?? '?'})`;
      if (stopping) return log(exit);
      // discord.js emits `death` before it clears `ready`: true here for a process that was READY.
      if (!shard.ready) l.failedStarts++;
      if (Date.now() - l.spawnedAt >= backoff.stableMs) l.delay = backoff.firstMs;
      if (!l.wasReady && l.failedStarts >= (o.maxFailedStarts ?? 5)) {
        log(exit);
        const msg = `shard ${shard.id} exited ${l.failedStarts} times in a row before it was ready; giving up (see the shard's own error above)`;
        void stopAll().then(() => o.onGiveUp?.(msg));
        return;
      }
      const delay = l.delay;
      l.delay = Math.min(backoff.maxMs, l.delay * 2);
      log(`${exit}; respawning in ${delay >= 1_000 ? `${Math.round(delay / 1_000)} s` : `${delay} ms`}`);
      l.timer = setTimeout(() => {
        // Not when stopping, nor when something else (discord.js's respawnAll) has spawned it meanwhile.
        if (!stopping && !shard.process) shard.spawn(timeout).catch(quiet(shard.id));
      }, delay);
    });
    shard.on('error', (e: Error) => log(`shard ${shard.id}/${o.count} error: ${e.message}`));
  });

  /** Resolves after `ms`, or at once when the shards are stopped (its timer cleared: nothing keeps the process up). */
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(resolve, ms);
      void stopped.then(() => {
        clearTimeout(t);
        resolve();
      });
    });

  async function start(): Promise<void> {
    for (let id = 0; id < o.count && !stopping; id++) {
      const shard = manager.createShard(id);
      const ready = shard.spawn(timeout).then(() => undefined, quiet(id));
      // A stop does not wait for this shard's READY nor the pause: it stops what is spawned.
      await Promise.race([stopped, Promise.all([ready, id < o.count - 1 ? pause(o.spawnDelayMs ?? 5_500) : null])]);
    }
  }

  async function stopAll(): Promise<void> {
    stopping = true;
    manager.respawn = false;
    wake();
    for (const l of life.values()) clearTimeout(l.timer);
    await Promise.all([...manager.shards.values()].map((s) => (s.process ? stopProcess(s.process) : undefined)));
  }

  return { manager, start, stop: stopAll };
}
