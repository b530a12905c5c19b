/** `npm start`: validate the environment, open SQLite, start the renderer and the bot. */
import { setTimeout as sleep } from 'node:timers/promises';
import { Events } from 'discord.js';
import { loadDotEnv, loadEnv } from '../config/env.js';
import { createLogger, shardBase } from '../config/logger.js';
import { openStore } from '../store/index.js';
import { engineOf } from '../table/manifests.js';
import { createRenderer } from './renderer.js';
import { createBot } from './app.js';
import { gatewayReady } from './observe.js';
import { createMetrics } from '../ops/metrics.js';
import { startOpsServer, type OpsServer } from '../ops/server.js';
import { databaseWritable } from '../store/health.js';
import { startPeriodicBackups, type PeriodicBackups } from '../store/backup.js';
import { poolThreads, setRenderLog } from '../render/pool.js';
import { closeInOrder, SHUTDOWN_BUDGET_MS, type CloseStep } from '../ops/sharding.js';
import { createAiPool, defaultAiThreads } from '../table/ai-pool.js';
import { scopeSql, shardScope, type ShardScope } from '../ops/shard.js';

/**
 * What stops the process: SIGTERM (the launcher, `docker stop`), SIGINT (Ctrl-C), or, for a shard (a
 * child process of the launcher, src/ops/sharding.ts), its launcher gone: a launcher killed outright
 * (SIGKILL) must not leave a shard running that a new launcher's shard duplicates. Listened for
 * first, before anything is opened: Node's default for a signal ends the process at once, which
 * during start-up left the render workers maybe in a canvas call (the crash `closeAll` avoids) and
 * the database not closed. Only noted here, until `onStop` is set below: nothing in between awaits,
 * so no signal is handled before that. (The imports above load before this runs: a signal then
 * still ends the process at once, with nothing opened yet.)
 */
let stopRequest: { why: string; at: number } | null = null;
let onStop = (why: string): void => void (stopRequest ??= { why, at: Date.now() });
process.on('SIGTERM', () => onStop('SIGTERM'));
process.on('SIGINT', () => onStop('SIGINT'));
if (process.send) {
  // The channel may close while start-up is still under way, or have closed already.
  if (!process.connected) onStop('launcher gone');
  process.once('disconnect', () => onStop('launcher gone'));
  // discord.js's ShardClientUtil tells the launcher of each gateway event (`process.send` without a
  // callback), also once the launcher is gone: the shutdown's `client.destroy()` closes the gateway,
  // discord.js reports it, and the send on the closed channel makes Node emit 'error' on `process`.
  // Unlistened, that was an uncaught ERR_IPC_CHANNEL_CLOSED in the middle of the shutdown: exit 1 or
  // 7, the pools and the database not closed. Nobody is left to tell; any other error is thrown as before.
  process.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'ERR_IPC_CHANNEL_CLOSED') throw e;
  });
}

loadDotEnv();
const env = loadEnv();
if (!env.ok) {
  console.error(env.message);
  process.exit(1);
}
const cfg = env.env;
const log = createLogger(cfg.LOG_LEVEL, cfg.NODE_ENV === 'development', shardBase());
// The render pool's warnings (a render hung in its worker, a pool that did not warm up in time).
setRenderLog(log.child({ module: 'render' }));

/**
 * What start-up has opened (the database, the worker pools, the bot, the ops server, the backups),
 * closed in the reverse order before the process exits, after a failed start as at shutdown: a
 * process that exits with its render workers still in native code may crash on the way out (seen
 * once: "double free or corruption", with the fatal line lost).
 *
 * All within `SHUTDOWN_BUDGET_MS` (8 s; src/ops/sharding.ts `closeInOrder`): the launcher, like
 * `docker stop`, sends SIGKILL 10 s after SIGTERM. Before, the steps' own limits added up past it
 * (the bot's drain 10 s, then the render pool 3 s) and the database was never closed. A step still
 * running at its limit is left behind (logged); the pools keep `keepMs` of the budget, the database
 * is always closed, last. Closing what failed to start may fail too: the rest is still closed.
 */
const opened: CloseStep[] = [];
/** Set once `closeAll` has taken `opened`: what a start-up step opens after that is closed by `step` itself. */
let taken = false;
const closeReport = {
  late: (step: string, ms: number) => log.warn({ step, ms }, 'shutdown: a step is still running at its time limit; going on without it'),
  failed: (step: string, e: unknown) => log.warn({ step, err: e }, 'shutdown: a step failed; the others are still closed'),
};
async function closeAll(budgetMs = SHUTDOWN_BUDGET_MS): Promise<void> {
  taken = true;
  await closeInOrder(opened.splice(0).reverse(), Math.max(0, budgetMs), closeReport);
}

/** What is left of SHUTDOWN_BUDGET_MS since the process was asked to stop (all of it, not asked). */
const budgetLeft = (): number => Math.max(0, SHUTDOWN_BUDGET_MS - (Date.now() - (stopRequest?.at ?? Date.now())));

/**
 * How long a start-up step under way when the process is asked to stop is waited for before what is
 * open is closed anyway (within the budget: `shutdown` counts from the signal). The steps take
 * milliseconds but the render pool's warm-up (up to WARM_TIMEOUT_MS, 30 s), which is not waited for.
 */
const STEP_WAIT_MS = 2_000;

let started = false;
let stopping = false;
/** The exit code `shutdown` ends with: 1 once the gateway closed for good (`Events.ShardDisconnect`). */
let exitCode = 0;
/** Settles once the start-up step under way has ended and closed what it opened late (`step`). */
let stepUnderWay: Promise<void> = Promise.resolve();
/** Resolves once the process is asked to stop (what start-up's warm-up waits for besides itself). */
let resolveStop!: () => void;
const stopRequested = new Promise<void>((resolve) => (resolveStop = resolve));

/**
 * Stops the process: closes what is open (`closeAll`, within what is left of SHUTDOWN_BUDGET_MS since
 * it was asked to stop) and exits with `exitCode` (0, but after a gateway closed for good). Once.
 */
async function shutdown(why: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  log.info({ signal: why }, started ? 'shutting down' : 'shutting down during start-up');
  await closeAll(budgetLeft());
  // A start-up step not waited for (STEP_WAIT_MS) that ends meanwhile closes what it opened (`step`):
  // waited for too, within the budget, before the exit that would cut its close off.
  await Promise.race([stepUnderWay, sleep(budgetLeft())]);
  process.exit(exitCode);
}

// Asked to stop during start-up: the step under way finishes (what it opened is closed with the rest)
// and no next one starts (`step`); one still running after STEP_WAIT_MS is not waited for to close the
// rest (nor is the render pool's warm-up), but what it opens later is closed at once and waited for,
// within the budget (`shutdown`). After start-up: at once.
onStop = (why) => {
  if (stopRequest) return;
  stopRequest = { why, at: Date.now() };
  resolveStop();
  if (started) return void shutdown(why);
  setTimeout(() => void shutdown(why), STEP_WAIT_MS).unref();
};
// Asked already (a launcher gone before this process ran): the first step halts.
if (stopRequest) resolveStop();

/** Start-up goes no further once asked to stop: `shutdown` closes what is open and exits; this never returns. */
function halt(): Promise<never> {
  void shutdown(stopRequest!.why);
  return new Promise<never>(() => undefined);
}

/**
 * Awaits a start-up step (`what` it does, for the line saying it failed); `close` registers what it
 * opened. Asked to stop meanwhile (or before), start-up goes no further (`halt`), whether the step
 * succeeded (what it opened is closed too) or failed. A step failing otherwise is a failed start
 * (`cannotStart`): what the steps before it opened is closed. Before, such a rejection (the bot's
 * creation: a command module that does not load, a database error in its sweeps) was an unhandled
 * top-level rejection: exit 1 with the database left open (its WAL behind) and the render workers
 * not closed.
 */
async function step<T>(what: string, p: Promise<T> | (() => T), close?: (v: T) => CloseStep | null): Promise<T> {
  let settled!: () => void;
  stepUnderWay = new Promise<void>((resolve) => (settled = resolve));
  let v: T;
  try {
    try {
      v = await (typeof p === 'function' ? p() : p);
    } catch (e) {
      if (stopRequest) return halt();
      return cannotStart(what, e);
    }
    const c = close?.(v);
    // Ended after the shutdown took the list (it waited STEP_WAIT_MS only): closed now, within what is
    // left of the budget, as `shutdown` waits for this. Before, it was added to a list nobody read any
    // more and never closed (a render pool's workers left in native code at the exit).
    if (c && taken) await closeInOrder([c], budgetLeft(), closeReport);
    else if (c) opened.push(c);
  } finally {
    settled();
  }
  if (stopRequest) return halt();
  return v;
}

/** A start-up step that cannot succeed: one fatal log line and one plain line saying what to check, exit 1. */
async function cannotStart(what: string, e: unknown, fields: Record<string, unknown> = {}, hint = ''): Promise<never> {
  // Failed while the process was being stopped (its database closed under it): not a failed start.
  if (stopRequest) return halt();
  log.fatal({ err: e, ...fields }, `cannot ${what}`);
  console.error(`Hội Quán cannot ${what}: ${(e as Error).message}${hint}`);
  // Stopping: a signal meanwhile must not start a second shutdown, which found nothing left to close
  // (this one has taken it) and exited 0 at once, cutting this close short.
  stopping = true;
  await closeAll();
  process.exit(1);
}

const store = await step(
  'open the database',
  (async () => {
    try {
      const db = openStore(cfg.DATABASE_PATH, engineOf, Date.now, cfg.DB_SYNC);
      // A snapshot or hand start that cannot be read is rebuilt from the log: said in the log.
      db.games.warn = (message, fields) => log.warn(fields, message);
      return db;
    } catch (e) {
      // A read-only or missing folder, a file that is no database, a newer schema…: named with its path.
      return cannotStart(`open the database at ${cfg.DATABASE_PATH}`, e, { path: cfg.DATABASE_PATH });
    }
  })(),
  (db) => ({ name: 'database', close: () => db.closeAndWait(), keepMs: 250 }),
);
const render = await step('start the render pool', createRenderer(cfg.RENDER_WORKERS ?? poolThreads()), (r) => ({
  name: 'render pool',
  close: () => r.close(),
  keepMs: 1_500,
}));
// Up to WARM_TIMEOUT_MS (30 s) with a worker hung: not waited for once asked to stop (closing the pool
// ends it). A warm-up that fails (no fonts, a broken worker file) is a start that fails.
const warmed = render.warm().catch((e: unknown) => (stopRequest ? undefined : cannotStart('warm up the render pool', e)));
await step('warm up the render pool', Promise.race([warmed, stopRequested]));
// AI decisions in their own worker pool (AI_WORKERS, default one per core but one; 0: inline), sized apart from the render pool.
const aiWorkers = cfg.AI_WORKERS ?? defaultAiThreads();
const aiPool = await step(
  'start the AI pool',
  () =>
    aiWorkers > 0
      ? createAiPool(aiWorkers, {
          ...(cfg.AI_TIMEOUT_MS ? { timeoutMs: cfg.AI_TIMEOUT_MS } : {}),
          onWorkerError: (e) => log.warn({ err: e }, 'an AI worker failed outside a request (the pool replaces it)'),
        })
      : null,
  (pool) => pool && { name: 'AI pool', close: () => pool.close(), keepMs: 250 },
);
/**
 * The running tables of this process's own shards (set once the bot's client is made: its shard ids
 * and count). Shards sharing one database file each counted every table of the file, so the sum over
 * the shards' series counted each table once per shard.
 */
let scope: ShardScope = { ids: [0], count: 1 };
const activeTables = (): Record<string, number> => {
  const owned = scopeSql(scope);
  const rows = store.db
    .prepare(`SELECT game, COUNT(*) AS n FROM games WHERE status = 'running' AND ${owned.sql} GROUP BY game`)
    .all(...owned.args) as { game: string; n: number }[];
  return Object.fromEntries(rows.map((r) => [r.game, r.n]));
};
const metrics = cfg.METRICS_PORT === undefined ? undefined : createMetrics({ activeTables });
const bot = await step(
  'create the bot',
  createBot({
    ...(metrics ? { metrics } : {}),
    token: cfg.DISCORD_TOKEN,
    apiBase: cfg.DISCORD_API_BASE,
    store,
    log,
    render: render.renderer,
    defaultLang: cfg.DEFAULT_LOCALE,
    ...(aiPool ? { ai: aiPool.port } : {}),
  }),
  (b) => ({ name: 'bot', close: () => b.stop() }),
);
scope = shardScope(bot.client);
// A gateway close discord.js does not reconnect from (4004 a reset token, 4013/4014 intents…): the
// bot ran on without events while its ops server kept the process alive (else it ended with exit
// code 0, nothing closed). It shuts down as on SIGTERM and exits 1, so that Docker's restart policy
// or the launcher (a shard, with its back-off) starts it again.
bot.client.on(Events.ShardDisconnect, (event, shardId) => {
  log.fatal(
    { code: event.code, shard: shardId },
    'the gateway closed the connection for good (discord.js will not reconnect): shutting down',
  );
  if (!stopRequest) exitCode = 1;
  onStop(`gateway closed (${event.code})`);
});

if (metrics && cfg.METRICS_PORT !== undefined) {
  const ops: OpsServer = await step(
    `listen on METRICS_PORT ${cfg.METRICS_PORT}`,
    startOpsServer({
      port: cfg.METRICS_PORT,
      host: cfg.METRICS_HOST,
      metrics,
      health: { gatewayReady: () => gatewayReady(bot.client), databaseWritable: () => databaseWritable(store.db) },
      onError: (e) => log.warn({ err: e }, 'ops server error (it goes on listening)'),
    }).catch((e: unknown) => cannotStart(`listen on METRICS_PORT ${cfg.METRICS_PORT}`, e, { port: cfg.METRICS_PORT })),
    (o) => ({ name: 'ops server', close: () => o.close() }),
  );
  log.info({ port: ops.port }, 'metrics and /healthz listening');
}
if (cfg.BACKUP_DIR) {
  const backups: PeriodicBackups = startPeriodicBackups(store.db, {
    dir: cfg.BACKUP_DIR,
    everyHours: cfg.BACKUP_EVERY_H,
    keep: cfg.BACKUP_KEEP,
    onDone: (r) => log.info({ out: r.out, bytes: r.bytes }, 'database backed up'),
    onError: (e) => log.error({ err: e }, 'database backup failed'),
  });
  opened.push({ name: 'backups', close: () => backups.stop() });
}

// Started: from here a stop shuts the bot down at once (its `stop` waits for a login under way, within
// its drain's grace, then destroys the client; `start` then goes no further).
started = true;
if (stopRequest) await halt();

try {
  await bot.start();
  console.log(`Hội Quán is online as ${bot.client.user?.tag ?? '?'} (database ${cfg.DATABASE_PATH})`);
} catch (e) {
  await cannotStart('log in', e, {}, '. Check DISCORD_TOKEN and DISCORD_API_BASE.');
}
