/**
 * Idle lobbies close. A lobby nobody starts within `/config lobby-days` days (per server and game;
 * 0 keeps lobbies open) of its last change (a join, a leave, an AI added, a setting: `public_at`) is
 * cancelled as the host's Cancel would cancel it: /games stops listing it and its buttons answer
 * "cancelled". Its lobby message says why, and its game thread gets one line and is archived.
 *
 * The scheduler's housekeeping (housekeeping.ts) sweeps every 10 minutes, for its own shard's
 * servers, at most `PER_SWEEP` lobbies at a time (the first sweep after a deploy may find many, and
 * each closes with three requests while the timer round waits). A lobby changed between the sweep's
 * query and its close stays open (`closeIdleLobby` checks `public_at`).
 */
import type { BotContext, GameLocks } from './context.js';
import { archiveLobbyThread, DAY_MS } from './lobby.js';
import { translator } from '../table/i18n.js';
import { publicLang, redrawLobby } from './effects.js';
import type { ShardScope } from '../store/shards.js';
import type { GameId } from '../games/core/types.js';

const PER_SWEEP = 25;

/** Closes the lobbies idle past their server's `lobby-days`; returns the ids closed. */
export async function expireLobbies(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<string[]> {
  const closed: string[] = [];
  // No lobby closes before a day (lobby-days is at least 1 where it is on).
  for (const l of ctx.store.games.idleLobbies(now - DAY_MS, scope)) {
    const days = ctx.store.settings.table(l.guildId, l.game).lobbyDays;
    if (days <= 0 || l.publicAt + days * DAY_MS > now) continue;
    if (closed.length >= PER_SWEEP) break;
    await locks.run(l.id, async () => {
      if (!ctx.store.games.closeIdleLobby(l.id, l.publicAt)) return;
      closed.push(l.id);
      const t = ctx.table.load(l.id);
      if (!t) return;
      await redrawLobby(ctx, t, days);
      await archiveLobbyThread(ctx, t.row, translator(publicLang(ctx, t))('common:lobby.expired-thread', { count: days }));
    });
  }
  if (closed.length) ctx.log.info({ games: closed }, 'idle lobbies closed');
  return closed;
}

/**
 * Redraws a server's open lobbies of one game after an admin changed or reset `lobby-days`: their
 * "closes <t:…:R>" line follows the new value at once (the sweep already reads it).
 */
export async function redrawOpenLobbies(ctx: BotContext, guildId: string, game: GameId): Promise<void> {
  for (const id of ctx.store.games.openLobbiesOf(guildId, game)) {
    // Under the game's lock, as a Join's redraw: two redraws of a deleted lobby would post it twice.
    const redraw = async () => {
      const t = ctx.table.load(id);
      if (t?.row.status === 'lobby') await redrawLobby(ctx, t);
    };
    await (ctx.locks ? ctx.locks.run(id, redraw) : redraw());
  }
}
