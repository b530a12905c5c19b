/**
 * Shards (issue #18 §2): which guilds this process acts for. Under discord.js's ShardingManager each
 * shard process's Client reads its shard id and the count from the environment the manager gives it
 * (`SHARDS`, `SHARD_COUNT`); a guild's events reach only its shard, `(guild_id >> 22) % count`. What
 * the bot does on its own initiative (the start-up sweep of running games, the timer scheduler) must
 * therefore act only for the guilds of its own shards, or two processes would redraw and time out the
 * same game.
 */
import type { Client } from 'discord.js';
import { scopeOwns, type ShardScope } from '../store/shards.js';

export { shardOf, scopeOwns, scopeSql, type ShardScope } from '../store/shards.js';

/** The shards `client` runs (`{ ids: [0], count: 1 }` when it is not sharded). */
export function shardScope(client: Client): ShardScope {
  const count = typeof client.options.shardCount === 'number' && client.options.shardCount > 0 ? client.options.shardCount : 1;
  const raw = client.options.shards;
  const ids = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : [...client.ws.shards.keys()];
  return { ids: ids.length ? ids : [0], count };
}

/** Whether this process (a discord.js Client, or an explicit scope) acts for `guildId`'s games. */
export function ownsGuild(owner: Client | ShardScope, guildId: string | null | undefined): boolean {
  const scope = 'ids' in owner && 'count' in owner && !('options' in owner) ? owner : shardScope(owner as Client);
  return scopeOwns(scope, guildId);
}
