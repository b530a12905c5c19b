/**
 * Deadlines of pending decisions, persisted so they survive a restart with their remaining time.
 * One timer per (game, seat); each belongs to the state version it was set for, so a timer that
 * fires after the state moved on is recognized as stale and ignored.
 *
 * The due lists and `nextDue` never return the timers of an abandoned game (its thread deleted, or
 * the bot not invited back to its server: migration 10), nor frozen ones (a pause, or a hold while the
 * bot is not in the table's server: migration 34), and with a `ShardScope` only those of the shard's
 * own guilds (issue #18 §2: two shard processes must not fire the same timeout, nor wake up for each
 * other's timers).
 */
import type { DB } from './db.js';
import { scopeSql, type ShardScope } from './shards.js';

export interface TimerRow {
  gameId: string;
  seat: number;
  kind: 'turn' | 'claim';
  version: number;
  deadline: number;
  remindAt: number | null;
  pausedLeft: number | null;
  /** Reminders sent so far for this decision (migration 12). */
  reminders?: number;
  /**
   * A Pass held for the reclaim window (migration 29, src/table/reclaim.ts): when it becomes final
   * (never after `deadline`); null or absent when the seat's answer is not held.
   */
  heldUntil?: number | null;
  /** Who clicked the held Pass (migration 31): it is logged as theirs. Null or absent: the seat's player. */
  heldBy?: string | null;
}

interface RawTimer {
  game_id: string;
  seat: number;
  kind: 'turn' | 'claim';
  version: number;
  deadline: number;
  remind_at: number | null;
  paused_left: number | null;
  reminders?: number;
  held_until?: number | null;
  held_by?: string | null;
}

const toTimer = (r: RawTimer): TimerRow => ({
  gameId: r.game_id,
  seat: r.seat,
  kind: r.kind,
  version: r.version,
  deadline: r.deadline,
  remindAt: r.remind_at,
  pausedLeft: r.paused_left,
  reminders: r.reminders ?? 0,
  ...(r.held_until != null ? { heldUntil: r.held_until } : {}),
  ...(r.held_until != null && r.held_by != null ? { heldBy: r.held_by } : {}),
});

export class TimerStore {
  constructor(private readonly db: DB) {}

  /** Replace the game's timers with these (one per pending seat). */
  set(gameId: string, timers: Omit<TimerRow, 'gameId' | 'pausedLeft'>[]): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM timers WHERE game_id = ?').run(gameId);
      const ins = this.db.prepare(
        'INSERT INTO timers (game_id, seat, kind, version, deadline, remind_at, reminders, held_until, held_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      );
      for (const t of timers)
        ins.run(
          gameId,
          t.seat,
          t.kind,
          t.version,
          t.deadline,
          t.remindAt,
          t.reminders ?? 0,
          t.heldUntil ?? null,
          t.heldUntil != null ? (t.heldBy ?? null) : null,
        );
    })();
  }

  forGame(gameId: string): TimerRow[] {
    return (this.db.prepare('SELECT * FROM timers WHERE game_id = ? ORDER BY seat').all(gameId) as RawTimer[]).map(toTimer);
  }

  clear(gameId: string, seat?: number): void {
    if (seat === undefined) this.db.prepare('DELETE FROM timers WHERE game_id = ?').run(gameId);
    else this.db.prepare('DELETE FROM timers WHERE game_id = ? AND seat = ?').run(gameId, seat);
  }

  /**
   * Timers whose deadline has passed, or whose held pass is final now (`heldUntil`), not paused, of
   * live games (of the scope's guilds, if given).
   */
  due(now: number, scope?: ShardScope | null): TimerRow[] {
    const w = liveIn(scope);
    return (
      this.db
        .prepare(
          `SELECT t.* FROM timers t WHERE t.paused_left IS NULL AND (t.deadline <= ? OR t.held_until <= ?) AND ${w.sql}
           ORDER BY MIN(t.deadline, COALESCE(t.held_until, t.deadline))`,
        )
        .all(now, now, ...w.args) as RawTimer[]
    ).map(toTimer);
  }

  /** Timers whose reminder is due, of live games (of the scope's guilds, if given). */
  remindersDue(now: number, scope?: ShardScope | null): TimerRow[] {
    const w = liveIn(scope);
    return (
      this.db
        .prepare(
          `SELECT t.* FROM timers t WHERE t.paused_left IS NULL AND t.remind_at IS NOT NULL AND t.remind_at <= ? AND ${w.sql} ORDER BY t.remind_at`,
        )
        .all(now, ...w.args) as RawTimer[]
    ).map(toTimer);
  }

  /** A reminder was sent: counted; `next` is the next reminder's time (null: none). */
  markReminded(gameId: string, seat: number, next: number | null = null): void {
    this.db.prepare('UPDATE timers SET remind_at = ?, reminders = reminders + 1 WHERE game_id = ? AND seat = ?').run(next, gameId, seat);
  }

  /**
   * The earliest moment anything is due (deadline, held pass or reminder) for a live game (of the
   * scope's guilds), or null; with `after`, the earliest moment later than `after`.
   */
  nextDue(scope?: ShardScope | null, after?: number): number | null {
    const w = liveIn(scope);
    const later = (col: string) => (after === undefined ? { sql: '', args: [] } : { sql: `AND t.${col} > ?`, args: [after] });
    // Each is the first live row of its index (timers_by_deadline, timers_by_remind: migration 14;
    // timers_by_held: migration 29), not a scan.
    const first = (col: 'deadline' | 'remind_at' | 'held_until', index: string) =>
      (
        this.db
          .prepare(
            `SELECT t.${col} AS t FROM timers t INDEXED BY ${index}
             WHERE t.${col} IS NOT NULL ${later(col).sql} AND t.paused_left IS NULL AND ${w.sql} ORDER BY t.${col} LIMIT 1`,
          )
          .get(...later(col).args, ...w.args) as { t: number } | undefined
      )?.t ?? null;
    const all = [first('deadline', 'timers_by_deadline'), first('remind_at', 'timers_by_remind'), first('held_until', 'timers_by_held')];
    const known = all.filter((x): x is number => x !== null);
    return known.length ? Math.min(...known) : null;
  }

  /** Freeze a game's timers, keeping the time left. */
  pause(gameId: string, now: number): void {
    this.db.prepare('UPDATE timers SET paused_left = MAX(0, deadline - ?) WHERE game_id = ? AND paused_left IS NULL').run(now, gameId);
  }

  /**
   * Restart frozen timers with the time they had left (`resumedTimer`, as the table step shows them).
   * A held pass keeps the time it had left too: it moves as far as its deadline does (the SET
   * expressions all read the row as it was). A reminder is due again, at half the time left (or 12 h
   * after the resume without a deadline), also one sent before the pause: its message goes (the
   * deadline it shows moved), and the player is reminded again before the new deadline.
   */
  resume(gameId: string, now: number): void {
    this.db
      .prepare(
        `UPDATE timers SET deadline = ? + paused_left,
           remind_at = CASE WHEN deadline >= ? THEN ? + ? ELSE ? + paused_left / 2 END,
           held_until = CASE WHEN held_until IS NULL THEN NULL ELSE held_until + (? + paused_left - deadline) END,
           paused_left = NULL
         WHERE game_id = ? AND paused_left IS NOT NULL`,
      )
      // A decision without a deadline (deadline ≥ NO_DEADLINE / 2, src/table/timers.ts) is reminded 12 h after a resume.
      .run(now, NO_DEADLINE_FROM, now, OFF_RESUME_REMINDER_MS, now, now, gameId);
  }
}

/** Deadlines from here on are "no deadline" (src/table/timers.ts NO_DEADLINE, with room). */
const NO_DEADLINE_FROM = 2e15;
/** A decision without a deadline is reminded this long after a resume. */
const OFF_RESUME_REMINDER_MS = 12 * 3600_000;

/** A timer as `TimerStore.pause` leaves it (the step that pauses shows the table with it). */
export function pausedTimer<T extends Pick<TimerRow, 'deadline' | 'pausedLeft'>>(x: T, now: number): T {
  return x.pausedLeft === null ? { ...x, pausedLeft: Math.max(0, x.deadline - now) } : x;
}

/** A timer as `TimerStore.resume` leaves it (the step that resumes shows the table, pings and reminders with it). */
export function resumedTimer<T extends Pick<TimerRow, 'deadline' | 'pausedLeft' | 'remindAt' | 'heldUntil'>>(x: T, now: number): T {
  if (x.pausedLeft === null) return x;
  const deadline = now + x.pausedLeft;
  return {
    ...x,
    deadline,
    remindAt: x.deadline >= NO_DEADLINE_FROM ? now + OFF_RESUME_REMINDER_MS : now + Math.floor(x.pausedLeft / 2),
    ...(x.heldUntil != null ? { heldUntil: x.heldUntil + (deadline - x.deadline) } : {}),
    pausedLeft: null,
  };
}

/** The condition on `timers t`: its game is not abandoned and (with a scope) belongs to one of the scope's shards. */
function liveIn(scope: ShardScope | null | undefined): { sql: string; args: number[] } {
  const owned = scopeSql(scope, 'g.guild_id');
  return {
    sql: `EXISTS (SELECT 1 FROM games g WHERE g.id = t.game_id AND g.abandoned_at IS NULL AND ${owned.sql})`,
    args: owned.args,
  };
}
