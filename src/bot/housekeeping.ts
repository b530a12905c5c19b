/**
 * What a process running for months tidies, every `HOUSEKEEPING_MS` (a scheduler round runs it):
 * - idle lobbies close (lobby-expiry.ts, /config lobby-days);
 * - a hand's result that could not be posted (a Discord error after discord.js's retries, a render
 *   error) is posted again: it carries the Next hand / End match buttons, without which the table
 *   waits for ever (at most `RESULTS_PER_SWEEP` a sweep, a minute after the game last changed);
 * - so is the end of a match (its final standings), for a day after it ended;
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
import { run } from './effects.js';

export const HOUSEKEEPING_MS = 10 * 60_000;
const RESULTS_PER_SWEEP = 25;

export async function housekeeping(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  const failed = (what: string) => (e: unknown) => {
    noteStorageError(e);
    ctx.log.error({ err: e }, `${what} failed`);
  };
  await expireLobbies(ctx, locks, now, scope).catch(failed('closing idle lobbies'));
  await repostResults(ctx, locks, now, scope).catch(failed('posting results again'));
  await repostMatchEnds(ctx, locks, now, scope).catch(failed('posting match ends again'));
  try {
    const n = ctx.store.notices.pruneDone(now - DAY_MS);
    if (n) ctx.log.debug({ notices: n }, 'done notices of ended games deleted');
  } catch (e) {
    failed('deleting done notices')(e);
  }
  ctx.client.channels.cache.sweep((c) => c.isDMBased());
}

/** Posts again, for a day, the ends of matches (final standings) that never went out: a `sync` re-derives them. */
async function repostMatchEnds(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  for (const id of ctx.store.games.unpostedMatchEnds(now - 60_000, now - DAY_MS, scope, RESULTS_PER_SWEEP)) {
    ctx.log.warn({ gameId: id }, 'the end of the match was not posted: posting it again');
    await locks.run(id, () => run(ctx, { kind: 'sync', gameId: id }));
  }
}

/** Posts again the results that never went out: a `sync` of such a table re-derives its result effect. */
async function repostResults(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  for (const id of ctx.store.games.unpostedResults(now - 60_000, scope, RESULTS_PER_SWEEP)) {
    ctx.log.warn({ gameId: id }, 'the hand result was not posted: posting it again');
    await locks.run(id, () => run(ctx, { kind: 'sync', gameId: id }));
  }
}
