/**
 * The bot removed from a server (issue #18 §3, Discord's GUILD_DELETE without `unavailable`): the
 * server's lobbies are abandoned; its running and paused tables are held (src/table/act.ts
 * 'bot-removed', migration 34: paused, timers frozen) until the bot is invited back, and abandoned if
 * it is not within the grace period (src/bot/holds.ts `BOT_REMOVED_GRACE_MS`). Admins kick and
 * re-invite a bot to fix its permissions: before, that abandoned every match of the server for good.
 *
 * Abandoning is one transaction. Each game becomes `cancelled` with `abandoned_at` and
 * `abandoned_from` set (migration 10), so nothing lists, resumes or plays it any more; its timers are
 * deleted (none fires) and its outbox emptied (no effect is retried in a server the bot has left). The
 * action logs and the results of finished hands are kept (replayable, backed up), but /score and
 * /leaderboard ignore abandoned games.
 *
 * A game whose thread (or the channel it was opened in) is deleted is abandoned the same way: its
 * table, hand views and timers have nowhere to go (src/bot/app.ts). One whose game thread a moderator
 * locks is held as a removal holds it (src/table/act.ts 'thread-locked', migration 35), until the
 * thread is unlocked; the two holds are told apart (`held_removed_at`, `held_locked_at`): each release
 * ends only its own, and the grace period's abandon is the removal's alone.
 */
import type { DB } from './db.js';
import { scopeSql, type ShardScope } from './shards.js';
import type { GameRow } from './games.js';

export interface AbandonedGame {
  id: string;
  game: string;
  /** The status it had: lobby, running or paused (a held table's: the one it had before the hold). */
  from: 'lobby' | 'running' | 'paused';
}

const OPEN = "status IN ('lobby', 'running', 'paused')";

/**
 * Abandons these games if still open (lobby, running, paused); returns those it abandoned. Idempotent.
 * A held table (migration 34) is abandoned from the status it had before its hold, and is held no more.
 */
export function abandonGames(db: DB, ids: readonly string[], now: number = Date.now()): AbandonedGame[] {
  return db
    .transaction((): AbandonedGame[] => {
      const get = db.prepare(`SELECT id, game, COALESCE(held_from, status) AS status FROM games WHERE id = ? AND ${OPEN}`);
      const mark = db.prepare(
        `UPDATE games SET status = 'cancelled', abandoned_at = ?, abandoned_from = COALESCE(held_from, status), held_at = NULL,
           held_from = NULL, held_removed_at = NULL, held_locked_at = NULL, outbox = '[]', updated_at = ?, public_at = ? WHERE id = ?`,
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
  return tablesOfGuild(db, guildId, OPEN);
}

/** The lobbies of a server (no hand dealt), oldest first: the bot's removal abandons them. */
export function lobbiesOfGuild(db: DB, guildId: string): string[] {
  return tablesOfGuild(db, guildId, "status = 'lobby'");
}

/**
 * The running and paused tables of a server not held for a removal, oldest first: the bot's removal
 * holds them (one held for its locked thread is then held for both).
 */
export function tablesToHold(db: DB, guildId: string): string[] {
  return tablesOfGuild(db, guildId, "status IN ('running', 'paused') AND held_removed_at IS NULL");
}

/**
 * The tables of a server held while the bot was not in it, oldest first: its return releases them
 * from that hold (one whose thread is locked stays held for the lock).
 */
export function heldTablesOfGuild(db: DB, guildId: string): string[] {
  return tablesOfGuild(db, guildId, "status = 'paused' AND held_removed_at IS NOT NULL");
}

function tablesOfGuild(db: DB, guildId: string, where: string): string[] {
  return (
    db.prepare(`SELECT id FROM games WHERE guild_id = ? AND ${where} ORDER BY created_at, rowid`).all(guildId) as { id: string }[]
  ).map((r) => r.id);
}

/**
 * The tables held for the bot's removal (of the scope's guilds, if given), the longest held first,
 * with their server and since when the removal holds them (src/bot/holds.ts releases those
 * whose server the bot is back in, and abandons those held past the grace period). Not one held for
 * its locked thread alone: the bot is in its server, and no grace period ends that hold.
 */
export function heldTables(db: DB, scope: ShardScope | null): { id: string; guildId: string | null; heldAt: number }[] {
  const s = scopeSql(scope);
  return db
    .prepare(
      `SELECT id, guild_id AS guildId, held_removed_at AS heldAt FROM games INDEXED BY games_held
        WHERE held_at IS NOT NULL AND held_removed_at IS NOT NULL AND status = 'paused' AND ${s.sql} ORDER BY held_removed_at, id`,
    )
    .all(...s.args) as { id: string; guildId: string | null; heldAt: number }[];
}

/**
 * The running and paused tables whose game thread is `threadId` (a moderator locked or unlocked it:
 * src/bot/app.ts), with whether a lock holds each. Never a lobby nor a match over: the bot locks a
 * finished match's thread itself (close-thread.ts), and a seat's private thread is no game's thread.
 */
export function tablesOfThread(db: DB, threadId: string): { id: string; locked: boolean }[] {
  return (
    db
      .prepare(
        `SELECT id, held_locked_at IS NOT NULL AS locked FROM games
          WHERE thread_id = ? AND status IN ('running', 'paused') ORDER BY created_at, rowid`,
      )
      .all(threadId) as { id: string; locked: number }[]
  ).map((r) => ({ id: r.id, locked: r.locked === 1 }));
}

/**
 * The tables held for their locked thread, with their server and thread: src/bot/app.ts asks Discord
 * at start-up whether each thread is still locked (an unlock while the bot was down sent it nothing).
 */
export function lockHeldTables(db: DB): { id: string; guildId: string | null; threadId: string | null }[] {
  return db
    .prepare(
      `SELECT id, guild_id AS guildId, thread_id AS threadId FROM games INDEXED BY games_held
        WHERE held_at IS NOT NULL AND held_locked_at IS NOT NULL AND status = 'paused' ORDER BY held_locked_at, id`,
    )
    .all() as { id: string; guildId: string | null; threadId: string | null }[];
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

/**
 * The paused tables, with their server and game thread (src/bot/app.ts checks their threads at start).
 * Not the held ones: the bot is not in the server of a removal's, and would only be refused; a lock's
 * thread is fetched at start by its own check (`lockHeldTables`).
 */
export function pausedTables(db: DB): { guildId: string | null; threadId: string | null }[] {
  return db.prepare("SELECT guild_id AS guildId, thread_id AS threadId FROM games WHERE status = 'paused' AND held_at IS NULL").all() as {
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
 * in its own order). Not at a held table: the bot is not in the server of a removal's to ask, and a
 * lock's plays nothing for anyone (a ban there still passes the seat to the AI: act.ts `heldRefusal`).
 */
export function absentSeated(db: DB, now: number, scope: ShardScope | null): { guildId: string; userId: string }[] {
  const s = scopeSql(scope, 'g.guild_id');
  return db
    .prepare(
      `SELECT DISTINCT g.guild_id AS guildId, s.user_id AS userId FROM games g JOIN game_seats s ON s.game_id = g.id
        WHERE g.status IN ('running', 'paused') AND g.held_at IS NULL AND g.guild_id IS NOT NULL AND s.user_id IS NOT NULL
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
