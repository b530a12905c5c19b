/**
 * A match nobody plays any more ends by itself. A table whose players all went away stays running
 * for good otherwise, listed in /games, holding its players' /privacy choice and, without deadlines
 * (Chắn's default `decision-timeout-s = 0`), posting a reminder every day: a hand's result that waits
 * for Next hand or End match (End match is the host's while the host is seated), a move without a
 * deadline that nobody makes nor votes about, a table paused by a vote and never resumed. After
 * `/config idle-days` days (per server and game; 0 keeps it) without a public change (a move, a
 * click that changed something, a seat taken or left, a vote: `public_at`; reminders do not count),
 * housekeeping ends the match as End match would: final standings posted, ratings counted, the
 * thread archived and locked, and the table says why. A change between the sweep's query and the end
 * keeps the table (act.ts `expire-idle`).
 */
import type { BotContext, GameLocks } from './context.js';
import type { ShardScope } from '../store/shards.js';
import { DAY_MS } from './lobby.js';
import { run } from './effects.js';
import { noteStorageError } from '../store/health.js';

const PER_SWEEP = 25;

/** Ends the matches idle past their server's `idle-days`; returns the ids ended. */
export async function expireIdle(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<string[]> {
  const ended: string[] = [];
  // No table expires before a day (idle-days is at least 1 where it is on).
  for (const g of ctx.store.games.idleTables(now - DAY_MS, scope)) {
    if (ended.length >= PER_SWEEP) break;
    const days = ctx.store.settings.table(g.guildId, g.game).idleDays;
    if (days <= 0 || g.publicAt + days * DAY_MS > now) continue;
    // One game that cannot be ended (a log that no longer replays) does not hold up the others.
    const r = await locks
      .run(g.id, () => run(ctx, { kind: 'expire-idle', gameId: g.id, publicAt: g.publicAt, days }))
      .catch((err: unknown) => {
        noteStorageError(err);
        ctx.log.error({ err, gameId: g.id }, 'ending an idle match failed');
        return null;
      });
    if (r?.outcome.ok) ended.push(g.id);
  }
  if (ended.length) ctx.log.info({ games: ended }, 'idle matches ended');
  return ended;
}
