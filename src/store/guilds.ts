/**
 * The bot removed from a server (issue #18 §3, Discord's GUILD_DELETE without `unavailable`): the
 * server's tables that were still open (lobby, running, paused) are abandoned in one transaction. Each
 * becomes `cancelled` with `abandoned_at` and `abandoned_from` set (migration 10), so nothing lists,
 * resumes or plays it any more; its timers are deleted (none fires) and its outbox emptied (no effect is
 * retried in a server the bot has left). The action logs and the results of finished hands are kept
 * (replayable, backed up), but /score and /leaderboard ignore abandoned games.
 */
import type { DB } from './db.js';

export interface AbandonedGame {
  id: string;
  game: string;
  /** The status it had: lobby, running or paused. */
  from: 'lobby' | 'running' | 'paused';
}

/** Abandons the open tables of `guildId`; returns them (none when there were none). Idempotent. */
export function abandonGuild(db: DB, guildId: string, now: number = Date.now()): AbandonedGame[] {
  return db
    .transaction((): AbandonedGame[] => {
      const open = db
        .prepare(
          "SELECT id, game, status FROM games WHERE guild_id = ? AND status IN ('lobby', 'running', 'paused') ORDER BY created_at, rowid",
        )
        .all(guildId) as { id: string; game: string; status: AbandonedGame['from'] }[];
      const mark = db.prepare(
        "UPDATE games SET status = 'cancelled', abandoned_at = ?, abandoned_from = status, outbox = '[]', updated_at = ?, public_at = ? WHERE id = ?",
      );
      const clear = db.prepare('DELETE FROM timers WHERE game_id = ?');
      for (const g of open) {
        mark.run(now, now, now, g.id);
        clear.run(g.id);
      }
      return open.map((g) => ({ id: g.id, game: g.game, from: g.status }));
    })
    .immediate();
}

/** The servers with an open table (lobby, running or paused). */
export function guildsWithOpenTables(db: DB): string[] {
  return (
    db
      .prepare("SELECT DISTINCT guild_id AS g FROM games WHERE guild_id IS NOT NULL AND status IN ('lobby', 'running', 'paused')")
      .all() as { g: string }[]
  ).map((r) => r.g);
}

/** Whether a game was abandoned (the bot left its server), and when. */
export function abandonedAt(db: DB, gameId: string): number | null {
  const r = db.prepare('SELECT abandoned_at FROM games WHERE id = ?').get(gameId) as { abandoned_at: number | null } | undefined;
  return r?.abandoned_at ?? null;
}
