/**
 * Seat channels (issue #13 §1, migration 13): a player's choice of where their seat view lives
 * (ephemeral / private thread / DM, per user) and, per (game, seat), the channel, the ONE hand
 * message of the current hand, the last ping and a hash of what the message shows. Kept in SQLite
 * so that after a restart the bot edits the same message again (the view stays live).
 */
import type { DB } from './db.js';

export const SEAT_PLACES = ['ephemeral', 'thread', 'dm'] as const;
export type SeatPlace = (typeof SEAT_PLACES)[number];
export const isSeatPlace = (s: unknown): s is SeatPlace => typeof s === 'string' && (SEAT_PLACES as readonly string[]).includes(s);

/**
 * Why a seat channel fell back to ephemeral views, told once. Closed DMs put the user's choice back to
 * ephemeral at every table, so that is said at their next ephemeral reply anywhere (`UserNotice`); the
 * others are facts of one table (its channel's kind or permissions, a thread a moderator locked), said
 * at that table's next "Open my hand" only (`TableNotice`, migration 38).
 */
export type UserNotice = 'dm-closed';
export type TableNotice = 'thread-perm' | 'thread-kind' | 'unreachable';
export type SeatNotice = UserNotice | TableNotice;

export interface SeatChannelRow {
  gameId: string;
  seat: number;
  userId: string;
  place: 'thread' | 'dm';
  channelId: string | null;
  messageId: string | null;
  hand: number | null;
  pingId: string | null;
  acting: boolean;
  sig: string | null;
  lang: string;
  failed: string | null;
}

interface Raw {
  game_id: string;
  seat: number;
  user_id: string;
  place: 'thread' | 'dm';
  channel_id: string | null;
  message_id: string | null;
  hand: number | null;
  ping_id: string | null;
  acting: number;
  sig: string | null;
  lang: string;
  failed: string | null;
}

const toRow = (r: Raw): SeatChannelRow => ({
  gameId: r.game_id,
  seat: r.seat,
  userId: r.user_id,
  place: r.place,
  channelId: r.channel_id,
  messageId: r.message_id,
  hand: r.hand,
  pingId: r.ping_id,
  acting: r.acting === 1,
  sig: r.sig,
  lang: r.lang,
  failed: r.failed,
});

const COLS: Record<string, string> = {
  channelId: 'channel_id',
  messageId: 'message_id',
  hand: 'hand',
  pingId: 'ping_id',
  acting: 'acting',
  sig: 'sig',
  lang: 'lang',
  failed: 'failed',
};

export class SeatChannelStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /** Where the user wants their seat view, and the language it speaks (null: the table's). */
  place(userId: string): { place: SeatPlace; lang: string | null } {
    const r = this.db.prepare('SELECT seat_place AS p, seat_lang AS l FROM user_prefs WHERE user_id = ?').get(userId) as
      { p: string; l: string | null } | undefined;
    return { place: isSeatPlace(r?.p) ? r.p : 'ephemeral', lang: r?.l ?? null };
  }

  setPlace(userId: string, place: SeatPlace, lang: string | null): void {
    if (!isSeatPlace(place)) throw new Error(`bad seat place ${String(place)}`);
    this.db
      .prepare(
        `INSERT INTO user_prefs (user_id, seat_place, seat_lang, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET seat_place = excluded.seat_place, seat_lang = excluded.seat_lang,
           seat_notice = NULL, updated_at = excluded.updated_at`,
      )
      .run(userId, place, lang, this.now());
  }

  /** Closed DMs: their choice goes back to ephemeral (every table), and they are told once, wherever they look next. */
  fellBack(userId: string, why: UserNotice): void {
    this.db.transaction(() => {
      this.db.prepare('INSERT INTO user_prefs (user_id, updated_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING').run(userId, this.now());
      this.db
        .prepare(
          `UPDATE user_prefs SET seat_notice = ?, seat_place = CASE WHEN ? = 'dm-closed' THEN 'ephemeral' ELSE seat_place END,
             updated_at = ? WHERE user_id = ?`,
        )
        .run(why, why, this.now(), userId);
    })();
  }

  /**
   * The fallback to tell, exactly once (atomic), or null. BEGIN IMMEDIATE: it reads before it writes,
   * and a deferred transaction fails with SQLITE_BUSY_SNAPSHOT when another shard commits in between.
   */
  takeNotice(userId: string): SeatNotice | null {
    // Read first: most views have nothing to tell, and need not wait for the write lock.
    if (!(this.db.prepare('SELECT seat_notice AS n FROM user_prefs WHERE user_id = ?').get(userId) as { n: string | null } | undefined)?.n)
      return null;
    return this.db
      .transaction((): SeatNotice | null => {
        const r = this.db.prepare('SELECT seat_notice AS n FROM user_prefs WHERE user_id = ?').get(userId) as
          { n: string | null } | undefined;
        if (!r?.n) return null;
        this.db.prepare('UPDATE user_prefs SET seat_notice = NULL WHERE user_id = ?').run(userId);
        return r.n as SeatNotice;
      })
      .immediate();
  }

  /**
   * A fallback of this table's seat channel (its row, opened before), told once at that table's next
   * "Open my hand" (`takeTableNotice`); a later one at the same table replaces it, one at another
   * table does not touch it. null: nothing left to tell (the channel works again).
   */
  tableFellBack(gameId: string, seat: number, why: TableNotice | null): void {
    this.db
      .prepare('UPDATE seat_channels SET notice = ?, updated_at = ? WHERE game_id = ? AND seat = ?')
      .run(why, this.now(), gameId, seat);
  }

  /** The fallback of `userId`'s seat channel at `gameId` to tell, exactly once (atomic, as `takeNotice`), or null. */
  takeTableNotice(gameId: string, userId: string): TableNotice | null {
    const waiting = this.db.prepare('SELECT notice AS n FROM seat_channels WHERE game_id = ? AND user_id = ?').get(gameId, userId) as
      { n: string | null } | undefined;
    if (!waiting?.n) return null;
    return this.db
      .transaction((): TableNotice | null => {
        const r = this.db.prepare('SELECT seat, notice AS n FROM seat_channels WHERE game_id = ? AND user_id = ?').get(gameId, userId) as
          { seat: number; n: string | null } | undefined;
        if (!r?.n) return null;
        this.db.prepare('UPDATE seat_channels SET notice = NULL WHERE game_id = ? AND seat = ?').run(gameId, r.seat);
        return r.n as TableNotice;
      })
      .immediate();
  }

  get(gameId: string, seat: number): SeatChannelRow | null {
    const r = this.db.prepare('SELECT * FROM seat_channels WHERE game_id = ? AND seat = ?').get(gameId, seat) as Raw | undefined;
    return r ? toRow(r) : null;
  }

  forGame(gameId: string): SeatChannelRow[] {
    return (this.db.prepare('SELECT * FROM seat_channels WHERE game_id = ? ORDER BY seat').all(gameId) as Raw[]).map(toRow);
  }

  /** The seat channel of `userId` at `gameId` (whichever seat they hold), or null. */
  ofUser(gameId: string, userId: string): SeatChannelRow | null {
    const r = this.db.prepare('SELECT * FROM seat_channels WHERE game_id = ? AND user_id = ?').get(gameId, userId) as Raw | undefined;
    return r ? toRow(r) : null;
  }

  /** Opens (or replaces) the seat's channel record. */
  open(r: {
    gameId: string;
    seat: number;
    userId: string;
    place: 'thread' | 'dm';
    channelId: string | null;
    lang: string;
    failed?: string;
  }): void {
    this.db
      .prepare(
        `INSERT INTO seat_channels (game_id, seat, user_id, place, channel_id, lang, failed, updated_at)
         VALUES (@g, @s, @u, @p, @c, @l, @f, @t)
         ON CONFLICT(game_id, seat) DO UPDATE SET user_id = @u, place = @p, channel_id = @c, message_id = NULL, hand = NULL,
           ping_id = NULL, acting = 0, sig = NULL, lang = @l, failed = @f, notice = NULL, updated_at = @t`,
      )
      .run({ g: r.gameId, s: r.seat, u: r.userId, p: r.place, c: r.channelId, l: r.lang, f: r.failed ?? null, t: this.now() });
  }

  update(gameId: string, seat: number, patch: Partial<Omit<SeatChannelRow, 'gameId' | 'seat' | 'userId' | 'place'>>): void {
    const keys = Object.keys(patch).filter((k) => k in COLS);
    if (!keys.length) return;
    const vals: Record<string, unknown> = { g: gameId, s: seat, t: this.now() };
    for (const k of keys) {
      const v = (patch as Record<string, unknown>)[k];
      vals[k] = typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? null);
    }
    this.db
      .prepare(
        `UPDATE seat_channels SET ${keys.map((k) => `${COLS[k]} = @${k}`).join(', ')}, updated_at = @t WHERE game_id = @g AND seat = @s`,
      )
      .run(vals);
  }

  remove(gameId: string, seat: number): void {
    this.db.prepare('DELETE FROM seat_channels WHERE game_id = ? AND seat = ?').run(gameId, seat);
  }
}
