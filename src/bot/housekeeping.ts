/**
 * What a process running for months tidies, every `HOUSEKEEPING_MS` (a scheduler round runs it):
 * - idle lobbies close (lobby-expiry.ts, /config lobby-days);
 * - DM notices of games that are over are deleted a day after they were done (NoticeStore.pruneDone);
 * - DM channels leave discord.js's cache. Every DM the bot sends or receives caches its channel, and
 *   discord.js has no sweeper for them (its thread sweeper is for threads only): about 0.7 KB per
 *   person for ever. A channel needed again is fetched by id (messages.ts `gameChannel`).
 * Each shard closes its own servers' lobbies; the notice rows are shared, and deleting them twice is
 * harmless.
 */
import type { BotContext, GameLocks } from './context.js';
import { DAY_MS } from './lobby.js';
import { expireLobbies } from './lobby-expiry.js';
import type { ShardScope } from '../store/shards.js';
import { noteStorageError } from '../store/health.js';

export const HOUSEKEEPING_MS = 10 * 60_000;

export async function housekeeping(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  const failed = (what: string) => (e: unknown) => {
    noteStorageError(e);
    ctx.log.error({ err: e }, `${what} failed`);
  };
  await expireLobbies(ctx, locks, now, scope).catch(failed('closing idle lobbies'));
  try {
    const n = ctx.store.notices.pruneDone(now - DAY_MS);
    if (n) ctx.log.debug({ notices: n }, 'done notices of ended games deleted');
  } catch (e) {
    failed('deleting done notices')(e);
  }
  ctx.client.channels.cache.sweep((c) => c.isDMBased());
}
