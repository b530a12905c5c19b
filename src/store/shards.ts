/**
 * Which shard a guild's games belong to (issue #18 §2). Discord routes a guild's events to shard
 * `(guild_id >> 22) % shard_count` (DMs, and games without a guild, to shard 0), so each shard process
 * acts only for the games of its own guilds: its start-up sweep and its timer scheduler filter on this.
 * Pure: no discord.js here (src/ops/shard.ts reads the scope from a discord.js Client).
 */

/** The shards one process runs: their ids and the total count. `{ ids: [0], count: 1 }` is unsharded. */
export interface ShardScope {
  ids: readonly number[];
  count: number;
}

/** Discord's formula: the shard a guild's events go to (null guild: shard 0, as for DMs). */
export function shardOf(guildId: string | null | undefined, count: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`shard count must be a positive integer, got ${count}`);
  if (!guildId || count === 1) return 0;
  return Number((BigInt(guildId) >> 22n) % BigInt(count));
}

/** Whether a process running `scope` owns the guild (always true unsharded). */
export function scopeOwns(scope: ShardScope | null | undefined, guildId: string | null | undefined): boolean {
  if (!scope || scope.count <= 1) return true;
  return scope.ids.includes(shardOf(guildId, scope.count));
}

/**
 * A SQL condition true for the rows whose guild column belongs to `scope` (bound parameters in `args`):
 * `((CAST(guild_id AS INTEGER) >> 22) % count) IN (ids)`. Snowflakes fit SQLite's signed 64-bit integers.
 * Unsharded: `1` (every row).
 */
export function scopeSql(scope: ShardScope | null | undefined, column = 'guild_id'): { sql: string; args: number[] } {
  if (!scope || scope.count <= 1) return { sql: '1', args: [] };
  const ids = [...new Set(scope.ids)].filter((i) => Number.isInteger(i) && i >= 0 && i < scope.count);
  if (!ids.length) return { sql: '0', args: [] };
  return {
    sql: `((CAST(COALESCE(${column}, '0') AS INTEGER) >> 22) % ?) IN (${ids.map(() => '?').join(', ')})`,
    args: [scope.count, ...ids],
  };
}
