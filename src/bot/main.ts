/** `npm start`: validate the environment, open SQLite, start the renderer and the bot. */
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

// A shard (a child process of the launcher, src/ops/sharding.ts) stops with its launcher: a launcher
// killed outright (SIGKILL) must not leave a shard running that a new launcher's shard duplicates.
// Listened for first: the channel may close while the start-up below is still under way.
let launcherGone = !!process.send && !process.connected;
let onLauncherGone = (): void => undefined;
if (process.send)
  process.once('disconnect', () => {
    launcherGone = true;
    onLauncherGone();
  });

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
async function closeAll(): Promise<void> {
  await closeInOrder(opened.splice(0).reverse(), SHUTDOWN_BUDGET_MS, {
    late: (step, ms) => log.warn({ step, ms }, 'shutdown: a step is still running at its time limit; going on without it'),
    failed: (step, e) => log.warn({ step, err: e }, 'shutdown: a step failed; the others are still closed'),
  });
}

/** A start-up step that cannot succeed: one fatal log line and one plain line saying what to check, exit 1. */
async function cannotStart(what: string, e: unknown, fields: Record<string, unknown> = {}, hint = ''): Promise<never> {
  log.fatal({ err: e, ...fields }, `cannot ${what}`);
  console.error(`Hội Quán cannot ${what}: ${(e as Error).message}${hint}`);
  await closeAll();
  process.exit(1);
}

const store = await (async () => {
  try {
    return openStore(cfg.DATABASE_PATH, engineOf, Date.now, cfg.DB_SYNC);
  } catch (e) {
    // A read-only or missing folder, a file that is no database, a newer schema…: named with its path.
    return cannotStart(`open the database at ${cfg.DATABASE_PATH}`, e, { path: cfg.DATABASE_PATH });
  }
})();
opened.push({ name: 'database', close: () => store.close(), keepMs: 250 });
const render = await createRenderer(cfg.RENDER_WORKERS ?? poolThreads());
opened.push({ name: 'render pool', close: () => render.close(), keepMs: 1_500 });
// AI decisions in their own worker pool (AI_WORKERS, default one per core but one; 0: inline), sized apart from the render pool.
const aiWorkers = cfg.AI_WORKERS ?? defaultAiThreads();
const aiPool = aiWorkers > 0 ? createAiPool(aiWorkers, cfg.AI_TIMEOUT_MS ? { timeoutMs: cfg.AI_TIMEOUT_MS } : {}) : null;
if (aiPool) opened.push({ name: 'AI pool', close: () => aiPool.close(), keepMs: 250 });
const activeTables = store.db.prepare("SELECT game, COUNT(*) AS n FROM games WHERE status = 'running' GROUP BY game");
const metrics =
  cfg.METRICS_PORT === undefined
    ? undefined
    : createMetrics({
        activeTables: () => Object.fromEntries((activeTables.all() as { game: string; n: number }[]).map((r) => [r.game, r.n])),
      });
const bot = await createBot({
  ...(metrics ? { metrics } : {}),
  token: cfg.DISCORD_TOKEN,
  apiBase: cfg.DISCORD_API_BASE,
  store,
  log,
  render: render.renderer,
  defaultLang: cfg.DEFAULT_LOCALE,
  ...(aiPool ? { ai: aiPool.port } : {}),
});
opened.push({ name: 'bot', close: () => bot.stop() });

let ops: OpsServer | null = null;
if (metrics && cfg.METRICS_PORT !== undefined) {
  ops = await startOpsServer({
    port: cfg.METRICS_PORT,
    host: cfg.METRICS_HOST,
    metrics,
    health: { gatewayReady: () => gatewayReady(bot.client), databaseWritable: () => databaseWritable(store.db) },
  }).catch((e: unknown) => cannotStart(`listen on METRICS_PORT ${cfg.METRICS_PORT}`, e, { port: cfg.METRICS_PORT }));
  opened.push({ name: 'ops server', close: () => ops?.close() });
  log.info({ port: ops.port }, 'metrics and /healthz listening');
}
let backups: PeriodicBackups | null = null;
if (cfg.BACKUP_DIR) {
  backups = startPeriodicBackups(store.db, {
    dir: cfg.BACKUP_DIR,
    everyHours: cfg.BACKUP_EVERY_H,
    keep: cfg.BACKUP_KEEP,
    onDone: (r) => log.info({ out: r.out, bytes: r.bytes }, 'database backed up'),
    onError: (e) => log.error({ err: e }, 'database backup failed'),
  });
  opened.push({ name: 'backups', close: () => backups?.stop() });
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'shutting down');
  await closeAll();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// The launcher's end (see the top), now that the bot can be shut down cleanly; already gone: now.
onLauncherGone = () => void shutdown('launcher gone');
if (launcherGone) onLauncherGone();

try {
  await bot.start();
  console.log(`Hội Quán is online as ${bot.client.user?.tag ?? '?'} (database ${cfg.DATABASE_PATH})`);
} catch (e) {
  await cannotStart('log in', e, {}, '. Check DISCORD_TOKEN and DISCORD_API_BASE.');
}
