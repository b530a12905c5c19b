/** The SQLite store: one object holding each repository over one database. */
import { openDatabase, type DB, type Durability } from './db.js';
import { MIGRATIONS } from './migrations.js';
import { startCheckpointer } from './checkpoint.js';
import { GameStore, type GameStep, type SeatRow } from './games.js';
import { TimerStore, type TimerRow } from './timers.js';
import { ResultStore, type RefundRow } from './results.js';
import { SettingsStore } from './settings.js';
import { NoticeStore, PrefsStore } from './prefs.js';
import { ListingStore } from './listing.js';
import { SeatChannelStore } from './seat-channels.js';
import { GuildNameStore } from './guild-names.js';
import type { AnyEngine, GameId, HandResult } from '../games/core/types.js';

/** A whole table step: the game row's part plus the deadlines and the finished hands' results. */
export interface StepCommit extends GameStep {
  /** The game and server (the result rows and ratings are keyed by them). */
  game: GameId;
  guildId: string | null;
  /** Replace the game's timers with these (null: leave them as they are). */
  timers: Omit<TimerRow, 'gameId' | 'pausedLeft'>[] | null;
  /** Freeze or restart the game's timers (pause/resume votes), after `timers`. */
  timerOp?: { op: 'pause' | 'resume'; now: number };
  /** Reminders sent now for these seats, with each one's next reminder (null: none). */
  reminded?: { seat: number; next: number | null }[];
  results: { hand: number; seats: SeatRow[]; result: HandResult }[];
  /** What the match gives back as it ends (`RefundRow`: Phỏm's gà pot, phom.md §15.12), after `results`. */
  refunds?: { players: number; rows: RefundRow[] };
}

export interface Store {
  db: DB;
  games: GameStore;
  timers: TimerStore;
  results: ResultStore;
  settings: SettingsStore;
  /** Per-user preferences: DM notices, time zone, quiet hours, away mode (migration 9). */
  prefs: PrefsStore;
  /** DM notices recorded and waiting (migration 9). */
  notices: NoticeStore;
  /** /games' read queries. */
  listing: ListingStore;
  /** Where each user wants their seat view, and the seat channels (private thread / DM) in use (migration 13). */
  seatChannels: SeatChannelStore;
  /** The names of the servers the bot is in, for a shard that does not hold them (migration 42). */
  guildNames: GuildNameStore;
  /** Commits one table step in ONE transaction: log entries, game row, timers, results, outbox. */
  commit(step: StepCommit): void;
  close(): void;
  /**
   * Closes once the checkpoint worker (checkpoint.ts) has stopped, so that this connection is the
   * file's last: SQLite then checkpoints the WAL and removes it. Closed beside a worker still in a
   * checkpoint (a loaded machine), the WAL was left behind at the process's exit (the bot's shutdown).
   */
  closeAndWait(): Promise<void>;
}

export function openStore(
  path: string,
  engineOf: (id: GameId) => AnyEngine,
  now: () => number = Date.now,
  durability: Durability = 'normal',
): Store {
  const db = openDatabase(path, MIGRATIONS, durability);
  // A file database checkpoints its WAL in a worker thread (checkpoint.ts), off the event loop.
  const checkpointer = path === ':memory:' ? null : startCheckpointer(db, path);
  const games = new GameStore(db, engineOf, now);
  const timers = new TimerStore(db);
  const results = new ResultStore(db, now);
  const prefs = new PrefsStore(db, now);
  return {
    db,
    games,
    timers,
    results,
    settings: new SettingsStore(db, now),
    prefs,
    notices: new NoticeStore(db, now),
    listing: new ListingStore(db, games),
    seatChannels: new SeatChannelStore(db, now),
    guildNames: new GuildNameStore(db, now),
    // BEGIN IMMEDIATE: the step takes the write lock before its first read, so with several processes
    // on one file (shards, WAL) a writer waits on busy_timeout instead of failing with SQLITE_BUSY when
    // another process commits between its read and its write (a deferred transaction cannot upgrade then).
    // A step that fails after `applyStep` (its results, timers…) rolls back: the state it cached goes too.
    commit: (step) =>
      games.uncachedOnFailure(step.gameId, () =>
        db
          .transaction((): void => {
            games.applyStep(step);
            const id = step.gameId;
            for (const r of step.results) results.recordHand(id, step.game, step.guildId, r.hand, r.seats, r.result);
            if (step.refunds) results.recordRefunds(id, step.game, step.guildId, step.refunds.players, step.refunds.rows);
            if (step.timers) timers.set(id, step.timers);
            if (step.timerOp?.op === 'pause') timers.pause(id, step.timerOp.now);
            if (step.timerOp?.op === 'resume') timers.resume(id, step.timerOp.now);
            for (const r of step.reminded ?? []) timers.markReminded(id, r.seat, r.next);
          })
          .immediate(),
      ),
    close: () => {
      void checkpointer?.stop();
      db.close();
    },
    closeAndWait: async () => {
      await checkpointer?.stop();
      db.close();
    },
  };
}

export * from './db.js';
export * from './games.js';
export * from './timers.js';
export * from './results.js';
export * from './settings.js';
export * from './replay.js';
export * from './prefs.js';
export * from './listing.js';
export * from './rating-history.js';
export * from './shards.js';
export * from './guilds.js';
export * from './privacy.js';
export * from './seat-channels.js';
export * from './guild-names.js';
