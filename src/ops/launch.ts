/**
 * `npm start`. SHARDS unset: the bot runs in this process (src/bot/main.ts), exactly as before.
 * SHARDS=auto|N: discord.js's ShardingManager runs one bot process per shard (src/ops/sharding.ts) and
 * respawns a shard whose process dies; SIGTERM/SIGINT stop every shard cleanly: SIGTERM, SIGKILL after
 * `SHARD_KILL_AFTER_MS` (10 s, Docker's own stop timeout too); a shard's shutdown fits in
 * `SHUTDOWN_BUDGET_MS` (8 s, src/bot/main.ts `closeAll`), the database closed last.
 */
import { loadDotEnv } from '../config/env.js';
import { parseShards, parseSpawnDelay, recommendedShards, startShards } from './sharding.js';

loadDotEnv();
let mode: 'auto' | number | null;
let delay: number;
try {
  mode = parseShards(process.env.SHARDS);
  delay = parseSpawnDelay(process.env.SHARD_SPAWN_DELAY_MS);
} catch (e) {
  console.error(`Hội Quán cannot start: ${(e as Error).message}`);
  process.exit(1);
}
if (mode === null) {
  // discord.js's Client reads SHARDS as its shard list: an empty value must not reach it.
  delete process.env.SHARDS;
  await import('../bot/main.js');
} else {
  const token = process.env.DISCORD_TOKEN;
  if (!token) {
    console.error('Hội Quán cannot start: DISCORD_TOKEN is required (the bot token from the Discord developer portal).');
    process.exit(1);
  }
  const apiBase = process.env.DISCORD_API_BASE || 'https://discord.com/api';
  const count = mode === 'auto' ? await recommendedShards(apiBase, token) : mode;
  console.log(`Hội Quán: starting ${count} shard${count === 1 ? '' : 's'}${mode === 'auto' ? ' (recommended by Discord)' : ''}`);
  const shards = await startShards({
    count,
    token,
    spawnDelayMs: delay,
    // A shard that cannot start (a port in use, a read-only data folder…) is not respawned for ever.
    onGiveUp: (msg) => {
      console.error(`Hội Quán cannot start: ${msg}`);
      process.exit(1);
    },
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Hội Quán: ${signal}, stopping ${count} shards`);
    void shards.stop().then(() => process.exit(0));
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
