/**
 * Shards on one machine (issue #18 §2) with discord.js's own `ShardingManager`: one process per shard,
 * each running the bot entry (src/bot/main.ts) with the shard env discord.js gives it (`SHARDS` = its
 * shard id, `SHARD_COUNT`), from which its Client picks its shard. `SHARDS=auto` asks Discord for the
 * recommended count (`GET /gateway/bot` on DISCORD_API_BASE, so the simulator can answer it too).
 * Per shard, `{shard}` in DATABASE_PATH is filled in (one file per shard), METRICS_PORT becomes
 * METRICS_PORT + shard id (one /metrics and /healthz per process) and backups are split (perShardEnv).
 */
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ShardingManager, type Shard } from 'discord.js';

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
  if (env.METRICS_PORT && /^\d+$/.test(env.METRICS_PORT)) out.METRICS_PORT = String(Number(env.METRICS_PORT) + shardId);
  if (env.BACKUP_DIR) {
    if (env.BACKUP_DIR.includes('{shard}')) out.BACKUP_DIR = fill(env.BACKUP_DIR);
    else if (perShardFile) out.BACKUP_DIR = join(env.BACKUP_DIR, `shard-${shardId}`);
    else if (shardId !== 0) out.BACKUP_DIR = '';
  }
  return out;
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
   * A shard died this many times in a row without becoming READY (a port in use, a read-only data
   * folder, a bad token): respawning cannot help, so `onGiveUp` is called (the launcher stops every
   * shard and exits 1). Default 5.
   */
  maxFailedStarts?: number;
  onGiveUp?: (msg: string) => void;
}

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

/** Starts the manager and its shards; resolves once every shard was spawned (and became READY, or timed out). */
export async function startShards(o: ShardsOptions): Promise<{ manager: ShardingManager; stop(): Promise<void> }> {
  const log = o.log ?? ((m: string) => console.log(m));
  const env = o.env ?? process.env;
  const { file, execArgv } = botEntry();
  const manager = new ShardingManager(file, { totalShards: o.count, respawn: true, mode: 'process', execArgv, token: o.token });
  const failedStarts = new Map<number, number>();
  let gaveUp = false;
  manager.on('shardCreate', (shard: Shard) => {
    Object.assign(shard.env as Record<string, unknown>, perShardEnv(env, shard.id));
    shard.on('spawn', (p) => log(`shard ${shard.id}/${o.count} process ${(p as ChildProcess).pid ?? '?'} started`));
    shard.on('ready', () => {
      failedStarts.set(shard.id, 0);
      log(`shard ${shard.id}/${o.count} ready`);
    });
    shard.on('death', (p) => {
      const c = p as ChildProcess;
      const n = (failedStarts.get(shard.id) ?? 0) + (shard.ready ? 0 : 1);
      failedStarts.set(shard.id, n);
      const giveUp = !gaveUp && manager.respawn && n >= (o.maxFailedStarts ?? 5);
      log(
        `shard ${shard.id}/${o.count} process ${c.pid ?? '?'} exited (${c.exitCode ?? c.signalCode ?? '?'})${manager.respawn && !giveUp ? '; respawning' : ''}`,
      );
      if (giveUp) {
        gaveUp = true;
        manager.respawn = false;
        // After discord.js's own respawn of this death (decided before the event): that one is stopped too.
        const msg = `shard ${shard.id} exited ${n} times in a row before it was ready; giving up (see the shard's own error above)`;
        setImmediate(() => void stopAll().then(() => o.onGiveUp?.(msg)));
      }
    });
    shard.on('error', (e: Error) => log(`shard ${shard.id}/${o.count} error: ${e.message}`));
  });
  const timeout = o.readyTimeoutMs ?? 120_000;
  for (let id = 0; id < o.count; id++) {
    const shard = manager.createShard(id);
    await Promise.all([
      shard.spawn(timeout).catch((e: Error) => log(`shard ${id}/${o.count} not ready in time: ${e.message}`)),
      id < o.count - 1 ? new Promise((r) => setTimeout(r, o.spawnDelayMs ?? 5_500)) : null,
    ]);
  }
  return { manager, stop: stopAll };

  /** Stops every shard: SIGTERM (they drain, within `SHUTDOWN_BUDGET_MS`), SIGKILL after `SHARD_KILL_AFTER_MS`. */
  async function stopAll(): Promise<void> {
    manager.respawn = false;
    await Promise.all([...manager.shards.values()].map((s) => (s.process ? stopProcess(s.process) : undefined)));
  }
}
