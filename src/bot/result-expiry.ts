/**
 * A match whose hand result nobody follows up ends by itself. A result waits for Next hand or End
 * match (End match is the host's while the host is seated); a table whose players all left it there
 * would stay running for good, listed in /games and holding its players' /privacy choice. After
 * `/config result-days` days (per server and game; 0 keeps it waiting) without a public change (a
 * click that changed something, a seat taken or left: `public_at`), housekeeping ends the match as End
 * match would: final standings posted, ratings counted, the thread archived and locked, and the table
 * says why. A change between the sweep's query and the end keeps the table (act.ts `expire-result`).
 */
import type { BotContext, GameLocks } from './context.js';
import type { ShardScope } from '../store/shards.js';
import { DAY_MS } from './lobby.js';
import { run } from './effects.js';
import { noteStorageError } from '../store/health.js';

const PER_SWEEP = 25;

/** Ends the matches whose result waited past their server's `result-days`; returns the ids ended. */
export async function expireResults(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<string[]> {
  const ended: string[] = [];
  // No result expires before a day (result-days is at least 1 where it is on).
  for (const g of ctx.store.games.idleResults(now - DAY_MS, scope)) {
    if (ended.length >= PER_SWEEP) break;
    const days = ctx.store.settings.table(g.guildId, g.game).resultDays;
    if (days <= 0 || g.publicAt + days * DAY_MS > now) continue;
    // One game that cannot be ended (a log that no longer replays) does not hold up the others.
    const r = await locks
      .run(g.id, () => run(ctx, { kind: 'expire-result', gameId: g.id, publicAt: g.publicAt, days }))
      .catch((err: unknown) => {
        noteStorageError(err);
        ctx.log.error({ err, gameId: g.id }, 'ending a match left at a result failed');
        return null;
      });
    if (r?.outcome.ok) ended.push(g.id);
  }
  if (ended.length) ctx.log.info({ games: ended }, 'matches left at a result ended');
  return ended;
}
