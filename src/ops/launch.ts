/**
 * `npm start`. SHARDS unset: the bot runs in this process (src/bot/main.ts), exactly as before.
 * SHARDS=auto|N: discord.js's ShardingManager runs one bot process per shard (src/ops/sharding.ts) and
 * respawns a shard whose process dies (with a back-off, `RESPAWN_BACKOFF`); SIGTERM/SIGINT stop every
 * shard cleanly, also while the shards are still starting: SIGTERM, SIGKILL after
 * `SHARD_KILL_AFTER_MS` (10 s, Docker's own stop timeout too); a shard's shutdown fits in
 * `SHUTDOWN_BUDGET_MS` (8 s, src/bot/main.ts `closeAll`), the database closed last.
 */
import { loadDotEnv, loadEnv, type Env } from '../config/env.js';
import {
  claimShardFiles,
  createShards,
  metricsPortProblem,
  parseShards,
  parseSpawnDelay,
  perShardEnv,
  recommendedShards,
  shardsConfigProblem,
  type Shards,
} from './sharding.js';

loadDotEnv();
let mode: 'auto' | number | null;
let delay: number;
try {
  mode = parseShards(process.env.SHARDS);
  delay = parseSpawnDelay(process.env.SHARD_SPAWN_DELAY_MS);
} catch (e) {
  cannotStart((e as Error).message);
}
const configProblem = shardsConfigProblem(mode, process.env.DATABASE_PATH);
if (configProblem) cannotStart(configProblem);
if (mode === null) {
  // discord.js's Client reads SHARDS as its shard list: an empty value must not reach it.
  delete process.env.SHARDS;
  await import('../bot/main.js');
} else {
  await runShards(mode, delay);
}

async function runShards(mode: 'auto' | number, delay: number): Promise<void> {
  // Taken before the first shard is spawned: the start takes (N − 1) × SHARD_SPAWN_DELAY_MS plus each
  // shard's READY, and Node's default SIGTERM would end the launcher at once and leave the shards
  // started so far running on their own (in Docker, SIGKILLed with the container: no drain, no close).
  let shards: Shards | null = null;
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Hội Quán: ${signal}, stopping ${shards ? 'every shard' : 'before any shard started'}`);
    void (shards?.stop() ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));

  // Every variable the bots read, checked here as shard 0 gets them: before, only SHARDS,
  // SHARD_SPAWN_DELAY_MS, DISCORD_TOKEN and METRICS_PORT were, and any other bad one (LOG_LEVEL=verbose,
  // DB_SYNC=off) was found by each shard's own check: every shard spawned and respawned with the
  // back-off until the launcher gave up, ~50 s and the same message 9 times.
  const env = shardEnv(0);
  const token = env.DISCORD_TOKEN;
  const apiBase = env.DISCORD_API_BASE;
  let count: number;
  try {
    count = mode === 'auto' ? await recommendedShards(apiBase, token) : mode;
  } catch (e) {
    cannotStart(`SHARDS=auto: cannot get the recommended shard count from ${apiBase}: ${(e as Error).message}`);
  }
  if (stopping) return;
  // Shard i listens on METRICS_PORT + i: a port past 65535 is refused here, not by that shard's start.
  const portProblem = metricsPortProblem(process.env.METRICS_PORT, count);
  if (portProblem) cannotStart(portProblem);
  // And as the last one gets them (its METRICS_PORT, DATABASE_PATH and BACKUP_DIR are its own).
  if (count > 1) shardEnv(count - 1, count);
  const template = process.env.DATABASE_PATH;
  // One file per shard: the count must be the one the files were made with (store/shard-layout.ts).
  const layoutProblem = template?.includes('{shard}') ? claimShardFiles(template, count) : null;
  if (layoutProblem) cannotStart(layoutProblem);
  console.log(`Hội Quán: starting ${count} shard${count === 1 ? '' : 's'}${mode === 'auto' ? ' (recommended by Discord)' : ''}`);
  shards = createShards({
    count,
    token,
    spawnDelayMs: delay,
    // A shard that cannot start (a port in use, a read-only data folder…) is not respawned for ever.
    onGiveUp: (msg) => cannotStart(msg),
  });
  await shards.start();
}

/**
 * The environment as shard `id` (of `count`, when known) reads it (the launcher's, with that shard's
 * own entries, `perShardEnv`), validated as the bot validates it (`loadEnv`); refused: its message
 * and exit 1, before any shard is spawned.
 */
function shardEnv(id: number, count?: number): Env {
  const r = loadEnv({ ...process.env, ...perShardEnv(process.env, id) });
  if (r.ok) return r.env;
  console.error(count === undefined ? r.message : `${r.message}\n(Checked as shard ${id} of ${count} gets it.)`);
  process.exit(1);
}

function cannotStart(msg: string): never {
  console.error(`Hội Quán cannot start: ${msg}`);
  process.exit(1);
}
