/** Read queries for /games (issue #14 §1): a user's tables on a server, and its lobbies with free seats. */
import type { DB } from './db.js';
import type { GameRow } from './games.js';
import type { GameStore } from './games.js';

export class ListingStore {
  constructor(
    private readonly db: DB,
    private readonly games: GameStore,
  ) {}

  /** Running and paused tables where the user has a seat on this server, newest public activity first (`public_at`: a hidden step does not move a table up). */
  userTables(guildId: string, userId: string, limit = 200): GameRow[] {
    const ids = this.db
      .prepare(
        `SELECT g.id FROM games g JOIN game_seats s ON s.game_id = g.id
          WHERE g.guild_id = ? AND s.user_id = ? AND g.status IN ('running', 'paused')
          GROUP BY g.id ORDER BY g.public_at DESC, g.id LIMIT ?`,
      )
      .all(guildId, userId, limit) as { id: string }[];
    return ids.map((r) => this.games.get(r.id)).filter((g): g is GameRow => g !== null);
  }

  /**
   * How many running or paused tables the user has a seat at, on any server (/away's reply: a paused
   * table's seat is played for from the resume, README "away").
   */
  userTableCount(userId: string): number {
    return (
      this.db
        .prepare(
          `SELECT COUNT(DISTINCT g.id) AS n FROM games g JOIN game_seats s ON s.game_id = g.id
            WHERE s.user_id = ? AND g.status IN ('running', 'paused')`,
        )
        .get(userId) as { n: number }
    ).n;
  }

  /** Every running table where the user has a seat, on any server (the notifier's digest). */
  userTablesAnywhere(userId: string, limit = 200): GameRow[] {
    const ids = this.db
      .prepare(
        `SELECT g.id FROM games g JOIN game_seats s ON s.game_id = g.id
          WHERE s.user_id = ? AND g.status = 'running' GROUP BY g.id ORDER BY g.public_at DESC, g.id LIMIT ?`,
      )
      .all(userId, limit) as { id: string }[];
    return ids.map((r) => this.games.get(r.id)).filter((g): g is GameRow => g !== null);
  }

  /**
   * The threads `hostUserId` alone holds open on the server, newest first (commands/play.ts
   * `MAX_OPEN_LOBBIES`): their open lobbies, and the running or paused tables they host where no other
   * person has a seat (the AI plays every other seat). Each keeps a public thread open, and a server's
   * active threads are capped for everyone: before, /play, Add AI and Start made a table the lobby cap
   * did not count, as often as a member liked. A table shared with another person is the community's,
   * not counted; nor is one held (a moderator locked its thread: its End match waits for the unlock,
   * so the host could not free a place; store/games.ts `TableHold`).
   */
  tablesHeldOpenBy(guildId: string, hostUserId: string): GameRow[] {
    const ids = this.db
      .prepare(
        `SELECT g.id FROM games g WHERE g.guild_id = ? AND g.host_user_id = ?
           AND (g.status = 'lobby' OR (g.status IN ('running', 'paused') AND g.held_at IS NULL AND NOT EXISTS (
             SELECT 1 FROM game_seats s WHERE s.game_id = g.id AND s.user_id IS NOT NULL AND s.user_id <> g.host_user_id)))
         ORDER BY g.public_at DESC, g.id`,
      )
      .all(guildId, hostUserId) as { id: string }[];
    return ids.map((r) => this.games.get(r.id)).filter((g): g is GameRow => g !== null);
  }

  /** Lobbies on this server, newest first, with their seat count (the caller knows each game's cap). */
  lobbies(guildId: string, limit = 200): { row: GameRow; taken: number }[] {
    const rows = this.db
      .prepare(
        `SELECT g.id, (SELECT COUNT(*) FROM game_seats s WHERE s.game_id = g.id) AS taken FROM games g
          WHERE g.guild_id = ? AND g.status = 'lobby' ORDER BY g.public_at DESC, g.id LIMIT ?`,
      )
      .all(guildId, limit) as { id: string; taken: number }[];
    return rows.flatMap((r) => {
      const row = this.games.get(r.id);
      return row ? [{ row, taken: r.taken }] : [];
    });
  }

  /**
   * When the user last clicked at this table (null: never): a move of theirs (source 'player', a held
   * pass committed later included: reclaim.ts) or a seat they took or left ('system' with their id).
   * Not an answer made for them: a claim preference's (logged with their id, source 'preference') or
   * an away stand-in's, which a DM must not take for them being at the table.
   */
  lastActionBy(gameId: string, userId: string): number | null {
    const r = this.db
      .prepare("SELECT MAX(created_at) AS t FROM actions WHERE game_id = ? AND user_id = ? AND source IN ('player', 'system')")
      .get(gameId, userId) as { t: number | null };
    return r.t;
  }
}
