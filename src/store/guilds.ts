/**
 * The bot removed from a server (issue #18 §3, Discord's GUILD_DELETE without `unavailable`): the
 * server's tables that were still open (lobby, running, paused) are abandoned in one transaction. Each
 * becomes `cancelled` with `abandoned_at` and `abandoned_from` set (migration 10), so nothing lists,
 * resumes or plays it any more; its timers are deleted (none fires) and its outbox emptied (no effect is
 * retried in a server the bot has left). The action logs and the results of finished hands are kept
 * (replayable, backed up), but /score and /leaderboard ignore abandoned games.
 *
 * A game whose thread (or the channel it was opened in) is deleted is abandoned the same way: its
 * table, hand views and timers have nowhere to go (src/bot/app.ts).
 */
import type { DB } from './db.js';
import { scopeSql, type ShardScope } from './shards.js';
import type { GameRow } from './games.js';

export interface AbandonedGame {
  id: string;
  game: string;
  /** The status it had: lobby, running or paused. */
  from: 'lobby' | 'running' | 'paused';
}

const OPEN = "status IN ('lobby', 'running', 'paused')";

/** Abandons these games if still open (lobby, running, paused); returns those it abandoned. Idempotent. */
export function abandonGames(db: DB, ids: readonly string[], now: number = Date.now()): AbandonedGame[] {
  return db
    .transaction((): AbandonedGame[] => {
      const get = db.prepare(`SELECT id, game, status FROM games WHERE id = ? AND ${OPEN}`);
      const mark = db.prepare(
        "UPDATE games SET status = 'cancelled', abandoned_at = ?, abandoned_from = status, outbox = '[]', updated_at = ?, public_at = ? WHERE id = ?",
      );
      const clear = db.prepare('DELETE FROM timers WHERE game_id = ?');
      const out: AbandonedGame[] = [];
      for (const id of ids) {
        const g = get.get(id) as { id: string; game: string; status: AbandonedGame['from'] } | undefined;
        if (!g) continue;
        mark.run(now, now, now, id);
        clear.run(id);
        out.push({ id: g.id, game: g.game, from: g.status });
      }
      return out;
    })
    .immediate();
}

/** The open tables of a server, oldest first. */
export function openTablesOfGuild(db: DB, guildId: string): string[] {
  return (
    db.prepare(`SELECT id FROM games WHERE guild_id = ? AND ${OPEN} ORDER BY created_at, rowid`).all(guildId) as { id: string }[]
  ).map((r) => r.id);
}

/**
 * The open tables a deleted channel takes with it: those whose game thread it is, and those opened
 * in it (a deleted channel's threads go with it).
 */
export function openTablesOfChannel(db: DB, channelId: string): string[] {
  return (
    db
      .prepare(`SELECT id FROM games WHERE (thread_id = ? OR channel_id = ?) AND ${OPEN} ORDER BY created_at, rowid`)
      .all(channelId, channelId) as { id: string }[]
  ).map((r) => r.id);
}

/** The paused tables, with their server and game thread (src/bot/app.ts checks their threads at start). */
export function pausedTables(db: DB): { guildId: string | null; threadId: string | null }[] {
  return db.prepare("SELECT guild_id AS guildId, thread_id AS threadId FROM games WHERE status = 'paused'").all() as {
    guildId: string | null;
    threadId: string | null;
  }[];
}

/** The servers with an open table (lobby, running or paused). */
export function guildsWithOpenTables(db: DB): string[] {
  return (
    db
      .prepare("SELECT DISTINCT guild_id AS g FROM games WHERE guild_id IS NOT NULL AND status IN ('lobby', 'running', 'paused')")
      .all() as { g: string }[]
  ).map((r) => r.g);
}

/**
 * The people whose seats the AI plays for them at the running and paused tables of `scope` (a server
 * each): a seat the AI took over that is still theirs (their deadline ran out under on-timeout `ai`,
 * the others voted about their absence), or theirs while they are /away (`now`). No deadline of
 * theirs runs out, so none asks whether they are still members (src/bot/scheduler.ts `askAbsent` does,
 * in its own order).
 */
export function absentSeated(db: DB, now: number, scope: ShardScope | null): { guildId: string; userId: string }[] {
  const s = scopeSql(scope, 'g.guild_id');
  return db
    .prepare(
      `SELECT DISTINCT g.guild_id AS guildId, s.user_id AS userId FROM games g JOIN game_seats s ON s.game_id = g.id
        WHERE g.status IN ('running', 'paused') AND g.guild_id IS NOT NULL AND s.user_id IS NOT NULL
          AND (s.is_ai = 1 OR s.user_id IN (SELECT user_id FROM user_prefs WHERE away_until IS NOT NULL AND away_until > ?))
          AND ${s.sql}`,
    )
    .all(now, ...s.args) as { guildId: string; userId: string }[];
}

/** Whether a game was abandoned (the bot left its server, or its thread or channel was deleted), and when. */
export function abandonedAt(db: DB, gameId: string): number | null {
  const r = db.prepare('SELECT abandoned_at FROM games WHERE id = ?').get(gameId) as { abandoned_at: number | null } | undefined;
  return r?.abandoned_at ?? null;
}

/**
 * Whether a game's hands were ever dealt: not a lobby, nor a lobby cancelled or abandoned. A match
 * abandoned while it ran (its thread deleted, the bot removed from its server) was played: /history
 * replays and exports its hands, as a finished match's (before, it said the game never started).
 */
export function wasDealt(db: DB, row: Pick<GameRow, 'id' | 'status'>): boolean {
  if (row.status === 'lobby') return false;
  if (row.status !== 'cancelled') return true;
  const r = db.prepare('SELECT abandoned_from AS f FROM games WHERE id = ?').get(row.id) as { f: string | null } | undefined;
  return r?.f === 'running' || r?.f === 'paused';
}
