/**
 * The game repository: game rows, seats, the append-only action log and the state cache.
 * `applyAction` is the single authority path (style.md §2): check the status and the state version,
 * let the engine judge the action, then append it to the log in one transaction — only after that
 * does the caller tell anyone.
 */
import { randomInt } from 'node:crypto';
import type { DB } from './db.js';
import { storageRefused } from './health.js';
import { scopeSql, type ShardScope } from './shards.js';
import { applyEntry, initialState, LogEntryRefused, NEXT_HAND, type LogEntry } from './replay.js';
import type { AnyEngine, BaseAction, GameId, RuleError } from '../games/core/types.js';
import { isAiLevel, type AiLevel } from '../games/core/ai.js';

const level = (x: unknown): AiLevel => (isAiLevel(x) ? x : 'normal');

export type GameStatus = 'lobby' | 'running' | 'paused' | 'finished' | 'cancelled';
/** Who caused a logged action (migration 7 added `preference` and `away`). */
export type ActionSource = 'player' | 'timeout' | 'ai' | 'system' | 'preference' | 'away';

export interface TimerPreset {
  name: 'live' | 'async' | 'custom';
  /** ms for a claim window and for a turn. */
  claimMs?: number;
  turnMs?: number;
}

export interface GameRow {
  id: string;
  game: GameId;
  guildId: string | null;
  channelId: string | null;
  threadId: string | null;
  hostUserId: string | null;
  options: Record<string, unknown>;
  optionsHash: string;
  seed: string;
  seats: number;
  status: GameStatus;
  version: number;
  handIndex: number;
  lobbyMessageId: string | null;
  tableMessageId: string | null;
  pingMessageId: string | null;
  /** The last hand result message posted, its hand's in `lastNotice` (bookkeeping; null before migration 27). */
  resultMessageId: string | null;
  /** The reminders the thread shows, oldest first (bot/effects.ts `sweepReminders`; bookkeeping). */
  reminders: ReminderPost[];
  timerPreset: TimerPreset;
  timeoutPolicy: 'default' | 'ai';
  /** The level the AI plays an absent player's seat at (the server's takeover level when created). */
  takeoverLevel: AiLevel;
  /** Whether the seat view offers a hint button (the server's setting when created). */
  hints: boolean;
  locale: string | null;
  pauseVotes: string[];
  lastNotice: string | null;
  /** Effects of the last committed table step not yet executed (src/table/effects.ts; opaque here). */
  outbox: unknown[];
  createdAt: number;
  /** The last committed change of any kind (internal: also hidden ones, e.g. a claim pass). */
  updatedAt: number;
  /**
   * The last change anyone can see (a move that changed the public view, a notice, a lobby change, a
   * new status): what public "last activity" shows and orders by (/history, /games). A hidden step
   * (a claim pass while the window stays open, a claim reminder) leaves it, so it tells nothing.
   */
  publicAt: number;
  /**
   * Held because the bot was removed from the table's server, or a moderator locked its game thread
   * (migrations 34, 35): see `TableHold`. Null: not held.
   */
  hold: TableHold | null;
}

/**
 * Why a table is held (src/table/act.ts): `removed`, the bot was removed from the table's server
 * ('bot-removed', until 'bot-back'); `locked`, a moderator locked the game thread ('thread-locked',
 * until 'thread-unlocked').
 */
export type HoldReason = 'removed' | 'locked';

/**
 * A running or paused table held: paused, its timers frozen, nothing played or posted, until every
 * reason it is held for is released (`reasons`: each with since when; never empty). A removal hold
 * ends with the bot invited back, or its grace period (src/bot/holds.ts abandons the table); a
 * lock hold with the thread unlocked, or the idle end of matches (bot/idle-expiry.ts). `at`: since
 * when the table is held (its first reason); `from`: the status it had, 'paused' when its players had
 * paused it themselves (the release leaves it paused then).
 */
export interface TableHold {
  at: number;
  from: 'running' | 'paused';
  reasons: Partial<Record<HoldReason, number>>;
}

/** A reminder posted in a game's thread: deleted once what it reminds of is over. */
export interface ReminderPost {
  id: string;
  /** The seat reminded, or null for a claim window's reminder. */
  seat: number | null;
  /** A turn reminder's deadline: another deadline for the seat now is another decision (one that came back in the same step). */
  deadline?: number | null;
  /**
   * The version of the decision reminded of: the seat's timer's, or the claim window's (its timers
   * share one: table/timers.ts alignClaimWindow). Another version now is another decision, also at a
   * table without deadlines, whose reminders carry none. Absent on reminders stored before it.
   */
  version?: number;
  /**
   * Not a reminder: a message of the game's that had to go and whose delete failed (a replaced ping,
   * a moved table message), kept here until a delete succeeds or answers that it is gone (seat null).
   */
  leftover?: true;
}

export interface SeatRow {
  seat: number;
  userId: string | null;
  isAi: boolean;
  displayName: string;
  /** The level this seat's AI plays at (AI seats, and a human's seat the AI takes over). Default normal. */
  aiLevel?: AiLevel;
  /**
   * An AI seat whose hand in play is still a person's: they were found gone from the server during it,
   * playing it themselves (src/table/seating.ts `memberGone`), and the new AI plays it out for them.
   * That hand's result rows are their own hand's, under their id: in their /score and rating
   * (store/results.ts `bookedAs`); from its result on, the seat is the AI's own (a match ended during
   * that hand keeps it: /history names its moves as theirs). Their data is erased only once the hand
   * is over (store/privacy.ts `openSeatsOf`); then `userId` null, the name FORMER_PLAYER. Migration 36.
   */
  handFor?: { userId: string | null; displayName: string };
}

interface RawGame {
  id: string;
  game: string;
  guild_id: string | null;
  channel_id: string | null;
  thread_id: string | null;
  host_user_id: string | null;
  options: string;
  options_hash: string;
  seed: string;
  seats: number;
  status: GameStatus;
  version: number;
  hand_index: number;
  lobby_message_id: string | null;
  table_message_id: string | null;
  ping_message_id: string | null;
  result_message_id?: string | null;
  reminders?: string | null;
  timer_preset: string;
  timeout_policy: 'default' | 'ai';
  takeover_level?: string;
  hints?: number;
  locale: string | null;
  pause_votes: string;
  last_notice: string | null;
  outbox: string;
  created_at: number;
  updated_at: number;
  public_at: number;
  held_at?: number | null;
  held_from?: string | null;
  held_removed_at?: number | null;
  held_locked_at?: number | null;
}

/**
 * The hold of a row (migrations 34, 35): a status other than 'paused' in `held_from` is read as
 * 'running'; a hold with no reason recorded (none should be: migration 35 gave those of before theirs)
 * is read as the removal's, the only hold there was.
 */
function holdOf(r: RawGame): TableHold | null {
  if (r.held_at == null) return null;
  const reasons: TableHold['reasons'] = {};
  if (r.held_removed_at != null) reasons.removed = r.held_removed_at;
  if (r.held_locked_at != null) reasons.locked = r.held_locked_at;
  if (reasons.removed === undefined && reasons.locked === undefined) reasons.removed = r.held_at;
  return { at: r.held_at, from: r.held_from === 'paused' ? 'paused' : 'running', reasons };
}

function toRow(r: RawGame): GameRow {
  return {
    id: r.id,
    game: r.game as GameId,
    guildId: r.guild_id,
    channelId: r.channel_id,
    threadId: r.thread_id,
    hostUserId: r.host_user_id,
    options: JSON.parse(r.options) as Record<string, unknown>,
    optionsHash: r.options_hash,
    seed: r.seed,
    seats: r.seats,
    status: r.status,
    version: r.version,
    handIndex: r.hand_index,
    lobbyMessageId: r.lobby_message_id,
    tableMessageId: r.table_message_id,
    pingMessageId: r.ping_message_id,
    resultMessageId: r.result_message_id ?? null,
    reminders: r.reminders ? (JSON.parse(r.reminders) as ReminderPost[]) : [],
    timerPreset: JSON.parse(r.timer_preset) as TimerPreset,
    timeoutPolicy: r.timeout_policy,
    takeoverLevel: level(r.takeover_level),
    hints: r.hints !== 0,
    locale: r.locale,
    pauseVotes: JSON.parse(r.pause_votes) as string[],
    lastNotice: r.last_notice,
    outbox: JSON.parse(r.outbox ?? '[]') as unknown[],
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    publicAt: r.public_at,
    hold: holdOf(r),
  };
}

export type ApplyOutcome =
  | { ok: true; state: unknown; version: number; row: GameRow }
  | { ok: false; reason: 'not-found' | 'not-running' | 'stale'; row?: GameRow; state?: unknown; version?: number }
  | { ok: false; reason: 'rule'; error: RuleError; row: GameRow; state: unknown; version: number };

export interface NewGame {
  game: GameId;
  guildId?: string | null;
  channelId?: string | null;
  threadId?: string | null;
  hostUserId?: string | null;
  options: Record<string, unknown>;
  optionsHash: string;
  seed: string;
  seats: number;
  timerPreset?: TimerPreset;
  timeoutPolicy?: 'default' | 'ai';
  takeoverLevel?: AiLevel;
  hints?: boolean;
  locale?: string | null;
}

/** One accepted log entry of a committed step, with the state after it (for the cache and snapshots). */
export interface StepEntry {
  hand: number;
  seat: number | null;
  action: BaseAction;
  source: ActionSource;
  userId: string | null;
  state: unknown;
  /** The public move it made, when it changed the table's last-action line (src/table/present/types.ts `Move`). */
  shown?: unknown;
}

/** The game-row part of a committed table step (src/store/index.ts `commit` adds timers and results). */
export interface GameStep {
  gameId: string;
  /** The version the step was computed from; the commit fails if the game moved meanwhile. */
  expectVersion: number;
  entries: StepEntry[];
  status?: GameStatus;
  /** The number of seats, fixed when the table starts. */
  seatCount?: number;
  pauseVotes?: string[];
  seatAi?: { seat: number; isAi: boolean; aiLevel?: AiLevel }[];
  /** Seats taken by another player or an AI during the match (after the `@seat-change` entries). */
  seatRows?: SeatRow[];
  /** The host passed to another seated player (the host left the table). */
  hostUserId?: string | null;
  outbox: unknown[];
  /** The step changed something public (the table layer's `Step.showsPublicly`): sets `public_at`. */
  public?: boolean;
  /** Else `public_at` moves to this moment (a table still held when the bot came back: act.ts `release`). */
  publicAt?: number;
  /**
   * The table is held (the bot removed from its server, its thread locked), its reasons changed, or,
   * null, released (src/table/act.ts 'bot-removed', 'bot-back', 'thread-locked', 'thread-unlocked').
   */
  hold?: TableHold | null;
}

/** A loaded game: its row, seats and current state (null in the lobby), read in one transaction. */
export interface LoadedGame {
  row: GameRow;
  seats: SeatRow[];
  state: unknown;
  /**
   * A game whose log today's engine refuses (a move the rules of its time allowed and a rule fix
   * since forbids: store/rule-changes.ts): `state` is the one before that entry. A running or paused
   * match cannot go on (src/table/act.ts ends it at its next command); a finished one (ended for
   * it, or before the fix) is shown as it stands, and replay-db reports it.
   */
  refused?: { seq: number; message: string };
}

/** How many rebuilt states the in-process cache keeps (least recently used leave first). */
export const STATE_CACHE_SIZE = 256;

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** How long after a hand's end its unposted result is retried (bot/housekeeping.ts): the longest retry window. */
export const RESULT_RETRY_MS = 7 * 86_400_000;
/**
 * Housekeeping's retries of one game (a post or edit that failed, `dueForRetry`) are spaced at least
 * this far apart, doubling from one to the next, up to RETRY_MAX_MS.
 */
export const RETRY_MIN_MS = 10 * 60_000;
export const RETRY_MAX_MS = 4 * 3600_000;

/** A running game whose hand is over (its results recorded) but whose result message was never marked posted. */
const UNPOSTED_RESULT = `g.status = 'running'
  AND (g.last_notice IS NULL OR g.last_notice <> 'result:' || g.hand_index)
  AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.hand = g.hand_index)`;

/** A retry query's window: games last changed after `since` and at or before `before`, asked at `now`. */
export interface RetryWindow {
  before: number;
  since: number;
  now: number;
}

/** The games columns `GameStore.update` writes as the bot's bookkeeping: they move no `updated_at` (nor `public_at`). */
const BOOKKEEPING: ReadonlySet<string> = new Set([
  'thread_id',
  'lobby_message_id',
  'table_message_id',
  'ping_message_id',
  'result_message_id',
  'reminders',
  'last_notice',
]);

export class GameStore {
  /**
   * In-process cache of rebuilt states, keyed by game id; always checked against the row's version.
   * Bounded (least recently used first out, `cacheSize`), and a game that finishes leaves it.
   */
  /** States by game: valid for that version and seat count (a lobby's seat count can change at Start with no action logged). */
  private cache = new Map<string, { version: number; seats: number; state: unknown }>();
  /** Counters for tests: game loads (`load`) and state rebuilds from SQLite. */
  readonly reads = { loads: 0, rebuilds: 0 };
  /**
   * Told when a cached state read from SQLite is damaged and the action log replays instead (a
   * snapshot, a hand's stored start): the process's logger, where it sets one; by default silent.
   */
  warn: (message: string, fields: { gameId: string }) => void = () => {};

  constructor(
    readonly db: DB,
    private readonly engineOf: (id: GameId) => AnyEngine,
    private readonly now: () => number = Date.now,
    private readonly snapshotEvery = 20,
    private readonly cacheSize = STATE_CACHE_SIZE,
  ) {}

  private remember(id: string, version: number, seats: number, state: unknown): void {
    this.cache.delete(id);
    this.cache.set(id, { version, seats, state });
    while (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
  }

  /**
   * Runs a transaction that writes game `id`, forgetting its cached state if it fails: `append`
   * caches the new state inside the transaction, and a rollback after it (a later write failing: disk
   * full, I/O) would leave a state the log does not have, which another writer's different next
   * version would then match.
   */
  uncachedOnFailure<T>(id: string, fn: () => T): T {
    try {
      return fn();
    } catch (e) {
      this.cache.delete(id);
      throw e;
    }
  }

  /** A game this process will not play again (abandoned: its server, thread or channel is gone) leaves the cache. */
  forgetState(id: string): void {
    this.cache.delete(id);
  }

  /** How many states the cache holds now (tests). */
  cachedStates(): number {
    return this.cache.size;
  }

  /** Row, seats and state in one read transaction: the one game load of a table step. */
  load(id: string): LoadedGame | null {
    return this.db.transaction((): LoadedGame | null => {
      this.reads.loads++;
      const row = this.get(id);
      if (!row) return null;
      const seats = this.seats(id);
      if (row.status === 'lobby' || row.status === 'cancelled') return { row, seats, state: null };
      // A finished game's refused log is returned the same way (act.ts ends only a running or paused
      // one): the match ended for it, and a later click or sync is answered as for any ended match.
      // Before, every later command of the game threw (a click on its old buttons, the sync retrying its end).
      try {
        return { row, seats, state: this.state(row) };
      } catch (e) {
        if (!(e instanceof LogEntryRefused)) throw e;
        return { row, seats, state: e.before, refused: { seq: e.seq, message: e.message } };
      }
    })();
  }

  /**
   * Appends a table step's log entries and updates the game row (version, hand, status, votes, AI
   * seats, outbox). Must run inside the caller's transaction (store/index.ts `commit`), which also
   * writes the step's timers and results. Throws if the game moved since `expectVersion`.
   */
  applyStep(step: GameStep): void {
    // The version guard reads only what it needs (a step's game load happened before, in `load`).
    const now = this.db.prepare('SELECT version, hand_index, game, seats, abandoned_at FROM games WHERE id = ?').get(step.gameId) as
      { version: number; hand_index: number; game: GameId; seats: number; abandoned_at: number | null } | undefined;
    if (!now) throw new Error(`no game ${step.gameId}`);
    // Abandoned meanwhile (store/guilds.ts; by another process, which holds no lock of this one's):
    // abandoning moves no version, so a step computed before it would write the game back.
    if (now.version !== step.expectVersion || now.abandoned_at !== null)
      throw new StaleStepError(step.gameId, step.expectVersion, now.version);
    const id = step.gameId;
    // The states appended are for the step's seat count (Start sets it with the first state).
    let cur = { id, game: now.game, version: now.version, handIndex: now.hand_index, seats: step.seatCount ?? now.seats };
    for (const e of step.entries) {
      if (e.hand !== cur.handIndex) {
        this.db.prepare('UPDATE games SET hand_index = ? WHERE id = ?').run(e.hand, id);
        cur = { ...cur, handIndex: e.hand };
      }
      const version = this.append(cur, e.seat, e.action, e.source, e.userId, e.state, e.shown);
      cur = { ...cur, version };
    }
    for (const a of step.seatAi ?? []) this.setSeatAi(id, a.seat, a.isAi, a.aiLevel);
    for (const r of step.seatRows ?? []) {
      this.db
        .prepare(
          `UPDATE game_seats SET user_id = ?, is_ai = ?, display_name = ?, ai_level = ?, hand_for_user_id = ?, hand_for_name = ?
           WHERE game_id = ? AND seat = ?`,
        )
        .run(
          r.userId,
          r.isAi ? 1 : 0,
          r.displayName,
          r.aiLevel ?? 'normal',
          r.handFor?.userId ?? null,
          r.handFor?.displayName ?? null,
          id,
          r.seat,
        );
    }
    if (step.hostUserId !== undefined) this.db.prepare('UPDATE games SET host_user_id = ? WHERE id = ?').run(step.hostUserId, id);
    const patch: Parameters<GameStore['update']>[1] = {};
    if (step.status !== undefined) patch.status = step.status;
    if (step.seatCount !== undefined) patch.seats = step.seatCount;
    if (step.pauseVotes !== undefined) patch.pauseVotes = step.pauseVotes;
    this.update(id, patch);
    if (step.hold !== undefined) {
      const h = step.hold;
      this.db
        .prepare('UPDATE games SET held_at = ?, held_from = ?, held_removed_at = ?, held_locked_at = ? WHERE id = ?')
        .run(h?.at ?? null, h?.from ?? null, h?.reasons.removed ?? null, h?.reasons.locked ?? null, id);
    }
    const t = this.now();
    const publicAt = step.public ? t : step.publicAt;
    this.db
      .prepare(`UPDATE games SET outbox = ?, updated_at = ?${publicAt !== undefined ? ', public_at = ?' : ''} WHERE id = ?`)
      .run(JSON.stringify(step.outbox), t, ...(publicAt !== undefined ? [publicAt] : []), id);
    if (step.status === 'finished' || step.status === 'cancelled') this.cache.delete(id);
  }

  /** The effects executed: clears the outbox (only if it still holds exactly what was executed). */
  clearOutbox(id: string, executed: unknown[]): void {
    this.replaceOutbox(id, executed, []);
  }

  /**
   * The effects executed, but `left` must be tried again (a ping Discord refused for a permission the
   * bot lacked): the outbox keeps only those (only if it still holds exactly what was executed).
   * Bookkeeping: `updated_at` stays (a retry counts its back-off from the game's public change, `dueForRetry`).
   */
  replaceOutbox(id: string, executed: unknown[], left: unknown[]): void {
    this.db.prepare('UPDATE games SET outbox = ? WHERE id = ? AND outbox = ?').run(JSON.stringify(left), id, JSON.stringify(executed));
  }

  /**
   * Adds a message whose delete failed to the game's reminder list (`ReminderPost.leftover`), read
   * and written at once: a moved table message's delete runs outside the game's lock (bot/effects.ts).
   * `pingMessageId`: the ping it was, forgotten in the same write. Returns the list now stored.
   */
  addLeftover(id: string, messageId: string, patch: { pingMessageId?: null } = {}): ReminderPost[] {
    const now = this.get(id)?.reminders ?? [];
    const list: ReminderPost[] = [...now.filter((r) => r.id !== messageId), { id: messageId, seat: null, leftover: true }];
    this.update(id, { ...patch, reminders: list });
    return list;
  }

  /**
   * Housekeeping tried to bring the game up to date now (`dueForRetry`). `changedAt`: the game's
   * `public_at` when the try began (a step the try itself ran, e.g. a sync that played a timeout, moves it):
   * a try after a change waits RETRY_MIN_MS for the next, a try after a try twice as long as that
   * one waited, up to RETRY_MAX_MS. Moves no `updated_at`.
   */
  noteRetried(id: string, changedAt: number): void {
    this.db
      .prepare(
        `UPDATE games SET retry_gap = CASE WHEN retried_at IS NULL OR retried_at < ? OR retry_gap IS NULL THEN ? ELSE MIN(retry_gap * 2, ?) END,
          retried_at = ? WHERE id = ?`,
      )
      .run(changedAt, RETRY_MIN_MS, RETRY_MAX_MS, this.now(), id);
  }

  /**
   * The games of a channel (its lobby's channel or its thread), or of a server, that housekeeping is
   * retrying are due again at its next round: Discord says something changed there (a permission
   * given back, a thread unlocked), so a retry need not wait out its back-off. Returns how many.
   */
  retrySoon(where: { channelId: string } | { guildId: string }): number {
    const [sql, args] =
      'channelId' in where ? ['(channel_id = ? OR thread_id = ?)', [where.channelId, where.channelId]] : ['guild_id = ?', [where.guildId]];
    // Only games still within a retry window (the longest: a result's): one past it is retried no
    // more, and its mark (`noteRetriesOver`) keeps its end from being said again.
    return this.db
      .prepare(
        `UPDATE games SET retried_at = NULL, retry_gap = NULL
          WHERE retried_at IS NOT NULL AND status <> 'cancelled' AND public_at > ? AND ${sql}`,
      )
      .run(this.now() - RESULT_RETRY_MS, ...args).changes;
  }

  /** The log entry with sequence number `seq` (a double-click check reads the entry after a stale version). */
  entryAt(id: string, seq: number): (LogEntry & { source: ActionSource; userId: string | null }) | null {
    const r = this.db.prepare('SELECT seq, hand, seat, action, source, user_id FROM actions WHERE game_id = ? AND seq = ?').get(id, seq) as
      { seq: number; hand: number; seat: number | null; action: string; source: ActionSource; user_id: string | null } | undefined;
    return r
      ? { seq: r.seq, hand: r.hand, seat: r.seat, action: JSON.parse(r.action) as BaseAction, source: r.source, userId: r.user_id }
      : null;
  }

  newId(): string {
    for (;;) {
      let id = '';
      for (let i = 0; i < 8; i++) id += ID_ALPHABET[randomInt(ID_ALPHABET.length)];
      if (!this.db.prepare('SELECT 1 FROM games WHERE id = ?').get(id)) return id;
    }
  }

  /**
   * A new lobby, with its first seats (`seated`: its host) in the same transaction: never a lobby
   * without its host. IMMEDIATE: the id's uniqueness is read before the insert, and a deferred
   * transaction that reads first fails at once (SQLITE_BUSY_SNAPSHOT, no busy wait) when another
   * shard on the same file commits in between.
   */
  create(g: NewGame, seated: readonly SeatRow[] = []): GameRow {
    return this.db
      .transaction(() => {
        const id = this.insertGame(g);
        if (seated.length) this.setSeats(id, [...seated]);
        return this.get(id)!;
      })
      .immediate();
  }

  private insertGame(g: NewGame): string {
    const id = this.newId();
    const t = this.now();
    this.db
      .prepare(
        `INSERT INTO games (id, game, guild_id, channel_id, thread_id, host_user_id, options, options_hash, seed, seats,
          status, version, hand_index, created_at, updated_at, public_at, timer_preset, timeout_policy, locale, takeover_level, hints)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'lobby', 0, 0, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        g.game,
        g.guildId ?? null,
        g.channelId ?? null,
        g.threadId ?? null,
        g.hostUserId ?? null,
        JSON.stringify(g.options),
        g.optionsHash,
        g.seed,
        g.seats,
        t,
        t,
        t,
        JSON.stringify(g.timerPreset ?? { name: 'async' }),
        g.timeoutPolicy ?? 'default',
        g.locale ?? null,
        g.takeoverLevel ?? 'normal',
        g.hints === false ? 0 : 1,
      );
    return id;
  }

  get(id: string): GameRow | null {
    const r = this.db.prepare('SELECT * FROM games WHERE id = ?').get(id) as RawGame | undefined;
    return r ? toRow(this.withUnwritten(r)) : null;
  }

  byThread(threadId: string): GameRow | null {
    const r = this.db.prepare('SELECT * FROM games WHERE thread_id = ? ORDER BY created_at DESC LIMIT 1').get(threadId) as
      RawGame | undefined;
    return r ? toRow(this.withUnwritten(r)) : null;
  }

  /** The version the table message last showed (`markShown`), null before the first. */
  shownVersion(id: string): number | null {
    const r = this.db.prepare('SELECT shown_version FROM games WHERE id = ?').get(id) as { shown_version: number | null } | undefined;
    const kept = this.unwritten.get(id);
    if (kept && 'shown_version' in kept) return kept.shown_version as number;
    return r?.shown_version ?? null;
  }

  /** The table message now shows the state at `version` (its edit or post succeeded): bookkeeping (`unwritten`). */
  markShown(id: string, version: number): void {
    this.writeBookkeeping(id, { shown_version: version });
  }

  /**
   * Bookkeeping columns (`BOOKKEEPING`, `shown_version`) whose write failed for the storage (a full
   * disk, a read-only or busy file), by game: what Discord already shows (a message posted, an edit
   * made) but the database could not record. Read back by `get`, `byThread` and `shownVersion`, and
   * written with the game's next bookkeeping write that succeeds. Without it, the post just made was
   * made again by every housekeeping round while the storage failed (a hand's result, the end of a
   * match, every 10 minutes), and a table edit that landed was taken for a failed one (a second
   * table message). A restart forgets them: the database says unposted, and the restart posts once,
   * as after a crash between the post and its mark.
   */
  private unwritten = new Map<string, Record<string, unknown>>();

  /**
   * Writes every game's bookkeeping kept from a failed write (`unwritten`): for a game no step writes
   * again (a finished match, whose "match-over" mark stayed in memory only: the file still said it
   * unposted, so a restart a day later posted the final standings again). Housekeeping calls it each
   * round. Returns how many games are still kept (the storage still failing).
   */
  flushUnwritten(): number {
    for (const id of [...this.unwritten.keys()]) this.writeBookkeeping(id, {}, true);
    return this.unwritten.size;
  }

  private withUnwritten(r: RawGame): RawGame {
    const kept = this.unwritten.get(r.id);
    return kept ? ({ ...r, ...kept } as RawGame) : r;
  }

  /**
   * Writes bookkeeping columns, with those kept from a failed write; a storage failure keeps them all
   * in `unwritten` (said in the log unless `quiet`: housekeeping's flush, once a round).
   */
  private writeBookkeeping(id: string, cols: Record<string, unknown>, quiet = false): void {
    const all = { ...this.unwritten.get(id), ...cols };
    const keys = Object.keys(all);
    try {
      this.db.prepare(`UPDATE games SET ${keys.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run({ ...all, id });
      this.unwritten.delete(id);
    } catch (e) {
      if (!storageRefused(e)) throw e;
      this.unwritten.set(id, all);
      if (!quiet)
        this.warn('cannot record what Discord shows (a storage failure): kept in memory, written with the next write', { gameId: id });
    }
  }

  /**
   * The games a start-up must bring up to date: a running or paused game whose table message does
   * not show its current version (a failed or unknown edit), and any game whose last step's effects
   * may not have reached Discord (a non-empty outbox). Ids only: nothing is loaded or replayed. Not a
   * held table (`TableHold`): nothing of it can reach Discord while the bot is not in its server, nor
   * should while its thread is locked (a post by a bot with Manage Threads reopens it), and its outbox
   * waits for the release (src/table/act.ts 'bot-back', 'thread-unlocked').
   */
  needingSync(): string[] {
    return this.needingSyncIn().map((r) => r.id);
  }

  /** `needingSync` with each game's server (a shard acts only for its own guilds). */
  needingSyncIn(): { id: string; guildId: string | null }[] {
    return (
      this.db
        .prepare(
          `SELECT id, guild_id FROM games
           WHERE held_at IS NULL
             AND ((status IN ('running','paused') AND (shown_version IS NULL OR shown_version <> version)) OR outbox <> '[]')
           ORDER BY updated_at`,
        )
        .all() as { id: string; guild_id: string | null }[]
    ).map((r) => ({ id: r.id, guildId: r.guild_id }));
  }

  listByStatus(...statuses: GameStatus[]): GameRow[] {
    const rows = this.db
      .prepare(`SELECT * FROM games WHERE status IN (${statuses.map(() => '?').join(',')}) ORDER BY created_at`)
      .all(...statuses) as RawGame[];
    return rows.map(toRow);
  }

  /** A server's `limit` latest games (of `game`), last public change first, of any status. */
  recent(guildId: string, limit: number, game?: GameId): GameRow[] {
    return this.latest('', guildId, limit, game);
  }

  /**
   * A server's `limit` games that started (running, paused or finished), last public change first
   * (/history). Lobbies and cancelled lobbies are left out in the query: left out after the limit
   * (`recent`), 15 lobbies opened since the last game left /history saying there were no games.
   */
  recentPlayed(guildId: string, limit: number, game?: GameId): GameRow[] {
    return this.latest(" AND status IN ('running', 'paused', 'finished')", guildId, limit, game);
  }

  private latest(where: string, guildId: string, limit: number, game?: GameId): GameRow[] {
    const rows = (
      game
        ? this.db
            .prepare(`SELECT * FROM games WHERE guild_id = ?${where} AND game = ? ORDER BY public_at DESC LIMIT ?`)
            .all(guildId, game, limit)
        : this.db.prepare(`SELECT * FROM games WHERE guild_id = ?${where} ORDER BY public_at DESC LIMIT ?`).all(guildId, limit)
    ) as RawGame[];
    return rows.map(toRow);
  }

  /** Update plain columns (not version/status transitions that need the log; see start/finish). */
  update(
    id: string,
    patch: Partial<
      Pick<
        GameRow,
        | 'threadId'
        | 'lobbyMessageId'
        | 'tableMessageId'
        | 'pingMessageId'
        | 'resultMessageId'
        | 'reminders'
        | 'seats'
        | 'status'
        | 'timeoutPolicy'
        | 'pauseVotes'
        | 'lastNotice'
        | 'timerPreset'
        | 'options'
        | 'optionsHash'
      >
    >,
  ): void {
    const cols: Record<string, unknown> = {};
    if (patch.threadId !== undefined) cols.thread_id = patch.threadId;
    if (patch.lobbyMessageId !== undefined) cols.lobby_message_id = patch.lobbyMessageId;
    if (patch.tableMessageId !== undefined) cols.table_message_id = patch.tableMessageId;
    if (patch.pingMessageId !== undefined) cols.ping_message_id = patch.pingMessageId;
    if (patch.resultMessageId !== undefined) cols.result_message_id = patch.resultMessageId;
    if (patch.reminders !== undefined) cols.reminders = patch.reminders.length ? JSON.stringify(patch.reminders) : null;
    if (patch.seats !== undefined) cols.seats = patch.seats;
    if (patch.status !== undefined) {
      cols.status = patch.status;
      if (patch.status === 'finished' || patch.status === 'cancelled') this.cache.delete(id);
    }
    if (patch.timeoutPolicy !== undefined) cols.timeout_policy = patch.timeoutPolicy;
    if (patch.pauseVotes !== undefined) cols.pause_votes = JSON.stringify(patch.pauseVotes);
    if (patch.lastNotice !== undefined) cols.last_notice = patch.lastNotice;
    if (patch.timerPreset !== undefined) cols.timer_preset = JSON.stringify(patch.timerPreset);
    // The house rules change only in the lobby (its settings panel), before any state exists.
    if (patch.options !== undefined) cols.options = JSON.stringify(patch.options);
    if (patch.optionsHash !== undefined) cols.options_hash = patch.optionsHash;
    if (patch.options !== undefined || patch.timerPreset !== undefined || patch.seats !== undefined) this.cache.delete(id);
    const keys = Object.keys(cols);
    if (!keys.length) return;
    // The lobby's settings, the seats and the status are shown in public; the message ids, the
    // reminders and the last notice are the bot's bookkeeping (no public change of their own), and
    // no change of the game either: housekeeping's retries are windowed and spaced from `public_at`
    // (dueForRetry), and a retry that writes its bookkeeping every time (a delete that keeps failing,
    // kept for the next sweep) must not restart its own window for ever.
    const shown = ['seats', 'status', 'timeout_policy', 'timer_preset', 'options', 'options_hash'].some((k) => k in cols);
    const changed = keys.some((k) => !BOOKKEEPING.has(k));
    if (!changed) return this.writeBookkeeping(id, cols);
    // A change of the game itself fails as a whole (its caller tells the user); bookkeeping kept from
    // an earlier failure goes with it.
    const all = { ...this.unwritten.get(id), ...cols };
    this.db
      .prepare(
        `UPDATE games SET ${Object.keys(all)
          .map((k) => `${k} = @${k}`)
          .join(', ')}, updated_at = @t${shown ? ', public_at = @t' : ''} WHERE id = @id`,
      )
      .run({ ...all, t: this.now(), id });
    this.unwritten.delete(id);
  }

  seats(id: string): SeatRow[] {
    const rows = this.db
      .prepare(
        'SELECT seat, user_id, is_ai, display_name, ai_level, hand_for_user_id, hand_for_name FROM game_seats WHERE game_id = ? ORDER BY seat',
      )
      .all(id) as {
      seat: number;
      user_id: string | null;
      is_ai: number;
      display_name: string;
      ai_level: string;
      hand_for_user_id: string | null;
      hand_for_name: string | null;
    }[];
    return rows.map((r) => ({
      seat: r.seat,
      userId: r.user_id,
      isAi: r.is_ai === 1,
      displayName: r.display_name,
      aiLevel: level(r.ai_level),
      ...(r.hand_for_name !== null ? { handFor: { userId: r.hand_for_user_id, displayName: r.hand_for_name } } : {}),
    }));
  }

  /**
   * Replace the seat list (lobby only: seats are fixed once the game starts). The seats are shown in
   * public, so this is the lobby's last activity too (`public_at`: /games lists lobbies by it, and an
   * idle lobby closes by it, src/bot/lobby-expiry.ts).
   */
  setSeats(id: string, seats: SeatRow[]): void {
    this.db.transaction(() => {
      const t = this.now();
      this.db.prepare('UPDATE games SET updated_at = ?, public_at = ? WHERE id = ?').run(t, t, id);
      this.db.prepare('DELETE FROM game_seats WHERE game_id = ?').run(id);
      const ins = this.db.prepare(
        'INSERT INTO game_seats (game_id, seat, user_id, is_ai, display_name, ai_level) VALUES (?, ?, ?, ?, ?, ?)',
      );
      for (const s of seats) ins.run(id, s.seat, s.userId, s.isAi ? 1 : 0, s.displayName, level(s.aiLevel));
    })();
  }

  /** Mark a seat as played by the AI from now on (e.g. a player who left), or give it back. */
  setSeatAi(id: string, seat: number, isAi: boolean, aiLevel?: AiLevel): void {
    this.db.prepare('UPDATE game_seats SET is_ai = ? WHERE game_id = ? AND seat = ?').run(isAi ? 1 : 0, id, seat);
    if (aiLevel) this.db.prepare('UPDATE game_seats SET ai_level = ? WHERE game_id = ? AND seat = ?').run(aiLevel, id, seat);
  }

  /**
   * Records that a seat asked for a hint (source 'hint'): its own append-only table, never the
   * action log, because replaying the log must apply only moves (migration 6).
   */
  recordHint(h: {
    gameId: string;
    version: number;
    hand: number;
    seat: number;
    userId: string | null;
    level: AiLevel;
    action: BaseAction;
    /** The seat's view token when asked (table/seat-token.ts): one row per view. */
    viewToken: number;
  }): void {
    this.db
      .prepare(
        "INSERT INTO hints (game_id, version, hand, seat, user_id, source, level, action, created_at, view_token) VALUES (?, ?, ?, ?, ?, 'hint', ?, ?, ?, ?)",
      )
      .run(h.gameId, h.version, h.hand, h.seat, h.userId, h.level, JSON.stringify(h.action), this.now(), h.viewToken);
  }

  /**
   * The hint a seat was given on this view of its own, if any (the first: one per hand, seat and view
   * token is recorded, act.ts `hint`): a second ask is answered from this row, neither worked out nor
   * recorded again. By the view token, not the state version: the version moves with the others'
   * hidden claim answers, and a second row would tell the asker (in /history) that one came.
   */
  hintOn(id: string, hand: number, seat: number, viewToken: number): { level: AiLevel; action: BaseAction } | null {
    const r = this.db
      .prepare('SELECT level, action FROM hints WHERE game_id = ? AND hand = ? AND seat = ? AND view_token = ? ORDER BY rowid LIMIT 1')
      .get(id, hand, seat, viewToken) as { level: string; action: string } | undefined;
    return r ? { level: level(r.level), action: JSON.parse(r.action) as BaseAction } : null;
  }

  /** The hints asked for at a game, in order (for /history). */
  hints(id: string): {
    version: number;
    hand: number;
    seat: number;
    userId: string | null;
    source: 'hint';
    level: AiLevel;
    action: BaseAction;
    createdAt: number;
  }[] {
    const rows = this.db
      .prepare('SELECT version, hand, seat, user_id, level, action, created_at FROM hints WHERE game_id = ? ORDER BY rowid')
      .all(id) as {
      version: number;
      hand: number;
      seat: number;
      user_id: string | null;
      level: string;
      action: string;
      created_at: number;
    }[];
    return rows.map((r) => ({
      version: r.version,
      hand: r.hand,
      seat: r.seat,
      userId: r.user_id,
      source: 'hint' as const,
      level: level(r.level),
      action: JSON.parse(r.action) as BaseAction,
      createdAt: r.created_at,
    }));
  }

  /** lobby → running; the first hand is dealt from the seed (hand 0 needs no log entry). */
  start(id: string): GameRow {
    const row = this.get(id);
    if (!row) throw new Error(`no game ${id}`);
    const n = this.seats(id).length;
    const t = this.now();
    this.db
      .prepare("UPDATE games SET status = 'running', seats = ?, updated_at = ?, public_at = ? WHERE id = ? AND status = 'lobby'")
      .run(n, t, t, id);
    this.cache.delete(id);
    return this.get(id)!;
  }

  /** Lobbies whose last change (`public_at`) is at or before `before`, oldest first (src/bot/lobby-expiry.ts). */
  idleLobbies(before: number, scope?: ShardScope | null): { id: string; guildId: string | null; game: GameId; publicAt: number }[] {
    const s = scopeSql(scope);
    return this.db
      .prepare(
        `SELECT id, guild_id AS guildId, game, public_at AS publicAt FROM games
          WHERE status = 'lobby' AND public_at <= ? AND ${s.sql} ORDER BY public_at, id`,
      )
      .all(before, ...s.args) as { id: string; guildId: string | null; game: GameId; publicAt: number }[];
  }

  /**
   * Running or paused games with nothing public changed since `before` (`public_at`), oldest first.
   * Not a table held while the bot is not in its server (`TableHold` `removed`): nobody could play it
   * while the bot was away; the grace period ends it (src/bot/holds.ts), its release moves
   * `public_at`. A table held for its locked thread alone is: a moderator who locks a thread for good
   * must not keep its match open for ever. It ends `idle-days` after its last public change, as a table
   * paused for good does: the lock's pause (status paused, as /games shows it), or its players' pause
   * before the lock.
   */
  idleTables(before: number, scope?: ShardScope | null): { id: string; guildId: string | null; game: GameId; publicAt: number }[] {
    const s = scopeSql(scope, 'g.guild_id');
    return this.db
      .prepare(
        `SELECT g.id, g.guild_id AS guildId, g.game, g.public_at AS publicAt FROM games g
          WHERE g.status IN ('running', 'paused') AND g.held_removed_at IS NULL AND g.public_at <= ? AND ${s.sql}
          ORDER BY g.public_at, g.id`,
      )
      .all(before, ...s.args) as { id: string; guildId: string | null; game: GameId; publicAt: number }[];
  }

  /**
   * Running games whose hand is over (its results are recorded) but whose result message was never
   * marked posted (`last_notice`), changed between `w.since` and `w.before` and due for a retry
   * (`dueForRetry`): a post that failed (a Discord error, a render error, a permission the bot lost)
   * left the table without its Next hand / End match buttons.
   */
  unpostedResults(w: RetryWindow, scope?: ShardScope | null, limit = 25): string[] {
    return this.dueForRetry(UNPOSTED_RESULT, w, scope, limit);
  }

  /**
   * Running games whose unposted result (`unpostedResults`) is past its window of `windowMs` after
   * the hand's end: their retries have ended, and nobody said so. Each is marked (`retried_at` moved
   * past the window, `noteRetriesOver`) so that it is listed once; one whose last try was cleared
   * (`retrySoon`: a permission given back at the window's end) is listed too. Held tables are left
   * out, as from the retries.
   */
  resultRetriesOver(windowMs: number, now: number, scope?: ShardScope | null, limit = 25): string[] {
    const s = scopeSql(scope, 'g.guild_id');
    return (
      this.db
        .prepare(
          `SELECT g.id FROM games g
            WHERE ${UNPOSTED_RESULT} AND g.held_at IS NULL AND g.public_at <= ? AND ${s.sql}
              AND (g.retried_at IS NULL OR g.retried_at < g.public_at + ?)
            ORDER BY g.public_at, g.id LIMIT ?`,
        )
        .all(now - windowMs, ...s.args, windowMs, limit) as { id: string }[]
    ).map((r) => r.id);
  }

  /** Marks a game `resultRetriesOver` listed: its last retry is put at the present time, past its window. */
  noteRetriesOver(id: string): void {
    this.db.prepare(`UPDATE games SET retried_at = ? WHERE id = ?`).run(this.now(), id);
  }

  /**
   * Matches ended in the window whose end-of-match message (final standings, chart) was never
   * marked posted (`last_notice`): a post that failed. Abandoned games (status 'cancelled') are not
   * among them.
   */
  unpostedMatchEnds(w: RetryWindow, scope?: ShardScope | null, limit = 25): string[] {
    return this.dueForRetry(`g.status = 'finished' AND (g.last_notice IS NULL OR g.last_notice <> 'match-over')`, w, scope, limit);
  }

  /**
   * Finished matches and cancelled lobbies changed in the window whose outbox still holds effects: a
   * thread the bot could not archive (bot/close-thread.ts; a `close-thread` effect: a 5xx, a timeout),
   * a finished match's or its seats', a cancelled lobby's, or what a crash left unexecuted; and running
   * or paused games whose outbox holds a `close-thread` (a private thread of a seat that changed hands:
   * only a sync executes it, bot/effects.ts `execute`, and a paused game is no `outboxesLeft`). What
   * `needingSyncIn` gives a restart, for a running process. (An abandoned game, cancelled too, has its
   * outbox emptied, store/guilds.ts `abandonGames`: it holds only the seat threads left to close when
   * its game thread was deleted, bot/app.ts.)
   */
  threadsLeftOpen(w: RetryWindow, scope?: ShardScope | null, limit = 25): string[] {
    return this.dueForRetry(
      `g.thread_id IS NOT NULL AND g.outbox <> '[]'
        AND (g.status IN ('finished', 'cancelled') OR g.outbox LIKE '%"kind":"close-thread"%')`,
      w,
      scope,
      limit,
    );
  }

  /**
   * Running or paused games changed in the window whose table message is behind (`shown_version`,
   * set when an edit or post lands): an edit that failed, or a table never posted at all (Start while
   * the bot could not post in the thread). What `needingSyncIn` gives a restart, for a running process.
   * A game without a thread (the CLI's) has no table message to post.
   */
  tablesBehind(w: RetryWindow, scope?: ShardScope | null, limit = 25): string[] {
    return this.dueForRetry(
      `g.status IN ('running','paused') AND g.thread_id IS NOT NULL
        AND (g.shown_version IS NULL OR g.shown_version <> g.version)`,
      w,
      scope,
      limit,
    );
  }

  /**
   * Running games changed in the window whose outbox still holds effects: what a step left to post
   * again (bot/effects.ts keeps a ping Discord refused for a permission the bot lacked), or a crash
   * left unexecuted. What `needingSyncIn` gives a restart, for a running process.
   */
  outboxesLeft(w: RetryWindow, scope?: ShardScope | null, limit = 25): string[] {
    // A game without a thread (the CLI's) posts nothing.
    return this.dueForRetry(`g.status = 'running' AND g.thread_id IS NOT NULL AND g.outbox <> '[]'`, w, scope, limit);
  }

  /**
   * The games matching `where` (alias g) changed in the window and due for another retry: not
   * retried since their last change, or their back-off (`retry_gap`, `noteRetried`: 10 min, 20, 40,
   * … up to 4 h) is over. Games not tried since they changed come first, then those tried longest
   * ago: games that fail every time (hundreds of tables the bot can no longer post in) cannot hold
   * up one that failed once. Never a held table (`TableHold`): the bot is not in its server, and every
   * try would fail (50001) for as long as the hold lasts, or a moderator locked its thread (refused,
   * 160005, or reopening it with Manage Threads); its release shows the table again.
   */
  private dueForRetry(where: string, w: RetryWindow, scope: ShardScope | null | undefined, limit: number): string[] {
    const s = scopeSql(scope, 'g.guild_id');
    // Counted from the game's last public change (`public_at`), not any change: a hidden step (a
    // claim pass) moved `updated_at`, so a retry's public redraw or post followed it within a round
    // (its back-off started afresh), telling the table that a claimant answered (#13 §2). What is
    // retried (a table, a ping, a result, a thread to close) was left by a public step.
    const fresh = 'g.retried_at IS NULL OR g.retried_at < g.public_at';
    return (
      this.db
        .prepare(
          `SELECT g.id FROM games g
            WHERE ${where} AND g.held_at IS NULL AND g.public_at <= ? AND g.public_at > ? AND ${s.sql}
              AND (${fresh} OR g.retried_at + COALESCE(g.retry_gap, ?) <= ?)
            ORDER BY CASE WHEN ${fresh} THEN 0 ELSE 1 END, CASE WHEN ${fresh} THEN g.public_at ELSE g.retried_at END, g.id LIMIT ?`,
        )
        .all(w.before, w.since, ...s.args, RETRY_MIN_MS, w.now, limit) as { id: string }[]
    ).map((r) => r.id);
  }

  /**
   * Open lobbies created at or before `before` that have no game thread, oldest first (at most
   * `limit`): /play records the thread last, and a process that died before that left them
   * (src/bot/housekeeping.ts mends or closes them).
   */
  threadlessLobbies(before: number, scope?: ShardScope | null, limit = 25): string[] {
    const s = scopeSql(scope);
    return (
      this.db
        .prepare(
          `SELECT id FROM games WHERE status = 'lobby' AND thread_id IS NULL AND created_at <= ? AND ${s.sql}
            ORDER BY created_at, id LIMIT ?`,
        )
        .all(before, ...s.args, limit) as { id: string }[]
    ).map((r) => r.id);
  }

  /** The open lobbies of one server's game (at most `limit`, oldest change first). */
  openLobbiesOf(guildId: string, game: GameId, limit = 25): string[] {
    return (
      this.db
        .prepare("SELECT id FROM games WHERE status = 'lobby' AND guild_id = ? AND game = ? ORDER BY public_at, id LIMIT ?")
        .all(guildId, game, limit) as { id: string }[]
    ).map((r) => r.id);
  }

  /**
   * lobby → cancelled, if it is still the lobby last changed at `publicAt` (a join or a setting since
   * keeps it open); whether it closed.
   */
  closeIdleLobby(id: string, publicAt: number): boolean {
    const t = this.now();
    return (
      this.db
        .prepare("UPDATE games SET status = 'cancelled', updated_at = ?, public_at = ? WHERE id = ? AND status = 'lobby' AND public_at = ?")
        .run(t, t, id, publicAt).changes === 1
    );
  }

  log(id: string): LogEntry[] {
    const rows = this.db.prepare('SELECT seq, hand, seat, action FROM actions WHERE game_id = ? ORDER BY seq').all(id) as {
      seq: number;
      hand: number;
      seat: number | null;
      action: string;
    }[];
    return rows.map((r) => ({ seq: r.seq, hand: r.hand, seat: r.seat, action: JSON.parse(r.action) as BaseAction }));
  }

  /**
   * The state hand `hand` starts from (after its @next-hand entry, at `seq`), if stored for the current
   * engine's state shape (migration 30; a cache like the snapshots: the log stays the truth).
   */
  handStart(id: string, hand: number): { seq: number; state: unknown } | null {
    const row = this.get(id);
    if (!row) return null;
    const r = this.db.prepare('SELECT seq, state, format FROM hand_starts WHERE game_id = ? AND hand = ?').get(id, hand) as
      { seq: number; state: string; format: string } | undefined;
    if (!r || r.format !== snapshotFormat(row.game, this.engineOf(row.game))) return null;
    // A row that does not parse (a torn write, a bad restore) is not stored: the log replays, and the
    // replay's rewrite (`saveHandStarts`, replayed) replaces it. Before, /history and /score threw.
    try {
      return { seq: r.seq, state: parsedState(r.state) };
    } catch (e) {
      this.warn(`game ${id}: the stored start of hand ${hand} is damaged (${(e as Error).message}); replayed from the action log`, {
        gameId: id,
      });
      return null;
    }
  }

  /**
   * Stores the states hands start from (`handStart`; `state`: JSON): with a hand's @next-hand entry,
   * or (`replayed`) found by a replay that passed hands dealt before migration 30, which keeps a stored
   * state of the current shape as it is (the one the table played from), unless it is damaged (not a
   * JSON object, as `handStart` reads it).
   */
  saveHandStarts(id: string, game: GameId, starts: readonly { hand: number; seq: number; state: string }[], replayed = false): void {
    // CASE, not AND: json_type raises an error on text that is not JSON, and AND may evaluate both sides.
    const damaged = `CASE WHEN json_valid(hand_starts.state) THEN json_type(hand_starts.state) <> 'object' ELSE 1 END`;
    const put = this.db.prepare(
      `INSERT INTO hand_starts (game_id, hand, seq, state, format) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT(game_id, hand) DO UPDATE SET seq = excluded.seq, state = excluded.state, format = excluded.format
        ${replayed ? `WHERE hand_starts.format <> excluded.format OR ${damaged}` : ''}`,
    );
    const format = snapshotFormat(game, this.engineOf(game));
    this.db.transaction(() => {
      for (const x of starts) put.run(id, x.hand, x.seq, x.state, format);
    })();
  }

  /** The log with who made each entry and when; from the entry after `afterSeq` (default: all). */
  logWithMeta(id: string, afterSeq = 0): (LogEntry & { source: ActionSource; userId: string | null; createdAt: number })[] {
    const rows = this.db
      .prepare('SELECT seq, hand, seat, action, source, user_id, created_at FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq')
      .all(id, afterSeq) as {
      seq: number;
      hand: number;
      seat: number | null;
      action: string;
      source: ActionSource;
      user_id: string | null;
      created_at: number;
    }[];
    return rows.map((r) => ({
      seq: r.seq,
      hand: r.hand,
      seat: r.seat,
      action: JSON.parse(r.action) as BaseAction,
      source: r.source,
      userId: r.user_id,
      createdAt: r.created_at,
    }));
  }

  /**
   * The public moves of hand `hand` (`StepEntry.shown`), the latest `limit` of them, oldest first
   * (index actions_shown, migration 28).
   */
  shownMoves(id: string, hand: number, limit = 40): { seq: number; move: unknown }[] {
    const rows = this.db
      .prepare('SELECT seq, shown FROM actions WHERE game_id = ? AND hand = ? AND shown IS NOT NULL ORDER BY seq DESC LIMIT ?')
      .all(id, hand, limit) as { seq: number; shown: string }[];
    return rows.reverse().map((r) => ({ seq: r.seq, move: JSON.parse(r.shown) as unknown }));
  }

  /** The current state: from the memory cache, else from the snapshot cache plus the log tail, else full replay. */
  state(row: GameRow): unknown {
    const hit = this.cache.get(row.id);
    if (hit && hit.version === row.version && hit.seats === row.seats) {
      this.remember(row.id, hit.version, hit.seats, hit.state);
      return hit.state;
    }
    this.reads.rebuilds++;
    const engine = this.engineOf(row.game);
    const snap = this.db.prepare('SELECT version, state, format FROM snapshots WHERE game_id = ?').get(row.id) as
      { version: number; state: string; format: string } | undefined;
    const fromStart = () => this.replayTail(row, engine, initialState(engine, row.options, row.seats, row.seed), 0);
    let state: unknown;
    // A snapshot written by an engine with another state shape is ignored (migration 5).
    if (snap && snap.version <= row.version && snap.format === snapshotFormat(row.game, engine)) {
      try {
        state = this.replayTail(row, engine, parsedState(snap.state), snap.version);
      } catch (first) {
        // A move today's rules refuse after a sound snapshot (a rule fix since): the expected outcome,
        // not damage; replaying the whole log would meet it again, at every load of the ended match.
        if (first instanceof LogEntryRefused) throw first;
        // The snapshot is only a cache: a damaged one (a torn write, a bad restore: cut short, not a
        // state, one the log's next entries do not fit) must not make the table unloadable, and the
        // whole log replays. Before, its SyntaxError escaped `load`, and nobody could move or end it.
        state = fromStart();
        this.replaceSnapshot(row, engine, state, `the snapshot at version ${snap.version} is damaged (${(first as Error).message})`);
      }
    } else state = fromStart();
    if (row.status !== 'finished' && row.status !== 'cancelled') this.remember(row.id, row.version, row.seats, state);
    return state;
  }

  /** `state` (after entry `from`) with the log's entries after `from` applied. */
  private replayTail(row: GameRow, engine: AnyEngine, state: unknown, from: number): unknown {
    const tail = this.db
      .prepare('SELECT seq, hand, seat, action FROM actions WHERE game_id = ? AND seq > ? ORDER BY seq')
      .all(row.id, from) as { seq: number; hand: number; seat: number | null; action: string }[];
    for (const r of tail) {
      const entry = { seq: r.seq, hand: r.hand, seat: r.seat, action: JSON.parse(r.action) as BaseAction };
      try {
        state = applyEntry(engine, row.options, row.seats, row.seed, state, entry);
      } catch (e) {
        // The state before it goes with the refusal (`load`: a running match that cannot go on).
        if (e instanceof LogEntryRefused) throw new LogEntryRefused(e.message, entry.seq, state);
        throw e;
      }
    }
    return state;
  }

  /**
   * Writes the state rebuilt from the log over a damaged snapshot, so that the next rebuild starts from
   * it again, and warns. Best effort: the caller may be reading (a read-only connection, a read
   * transaction another shard's commit has left behind); the next snapshot overwrites it then.
   */
  private replaceSnapshot(row: GameRow, engine: AnyEngine, state: unknown, why: string): void {
    this.warn(`game ${row.id}: ${why}; rebuilt from the action log`, { gameId: row.id });
    try {
      this.db
        .prepare(
          'INSERT INTO snapshots (game_id, version, state, format) VALUES (?, ?, ?, ?) ON CONFLICT(game_id) DO UPDATE SET version = excluded.version, state = excluded.state, format = excluded.format',
        )
        .run(row.id, row.version, JSON.stringify(state), snapshotFormat(row.game, engine));
    } catch {
      // Left for the next snapshot (see above).
    }
  }

  /** Drops the in-memory cache (tests use it to prove that state is rebuilt from SQLite). */
  forgetCache(): void {
    this.cache.clear();
  }

  /**
   * The one authority path for moves. `expectedVersion` (from the custom_id) must equal the current
   * version, else 'stale' and nothing changes. On success the action is in the log before return.
   */
  apply(
    id: string,
    expectedVersion: number | null,
    seat: number,
    action: BaseAction,
    source: ActionSource,
    userId: string | null,
  ): ApplyOutcome {
    return this.uncachedOnFailure(id, () =>
      this.db.transaction((): ApplyOutcome => {
        const row = this.get(id);
        if (!row) return { ok: false, reason: 'not-found' };
        if (row.status !== 'running') return { ok: false, reason: 'not-running', row };
        const state = this.state(row);
        if (expectedVersion !== null && expectedVersion !== row.version)
          return { ok: false, reason: 'stale', row, state, version: row.version };
        const engine = this.engineOf(row.game);
        const r = engine.apply(state, seat, action);
        if (!r.ok) return { ok: false, reason: 'rule', error: r.error, row, state, version: row.version };
        const version = this.append(row, seat, action, source, userId, r.value);
        return { ok: true, state: r.value, version, row: { ...row, version } };
      })(),
    );
  }

  /** Deals the next hand of a running match (after a finished hand); a system log entry. */
  nextHand(id: string): { state: unknown; version: number; row: GameRow } {
    return this.uncachedOnFailure(id, () =>
      this.db.transaction(() => {
        const row = this.get(id);
        if (!row) throw new Error(`no game ${id}`);
        const engine = this.engineOf(row.game);
        const prev = this.state(row);
        const hand = row.handIndex + 1;
        const entry = { seq: row.version + 1, hand, seat: null, action: { type: NEXT_HAND } };
        const state = applyEntry(engine, row.options, row.seats, row.seed, prev, entry);
        this.db.prepare('UPDATE games SET hand_index = ? WHERE id = ?').run(hand, id);
        const version = this.append({ ...row, handIndex: hand }, null, entry.action, 'system', null, state);
        return { state, version, row: { ...row, handIndex: hand, version } };
      })(),
    );
  }

  private append(
    row: Pick<GameRow, 'id' | 'game' | 'version' | 'handIndex' | 'seats'>,
    seat: number | null,
    action: BaseAction,
    source: ActionSource,
    userId: string | null,
    newState: unknown,
    shown?: unknown,
  ): number {
    const version = row.version + 1;
    const t = this.now();
    this.db
      .prepare(
        'INSERT INTO actions (game_id, seq, hand, seat, action, source, user_id, created_at, shown) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(
        row.id,
        version,
        row.handIndex,
        seat,
        JSON.stringify(action),
        source,
        userId,
        t,
        shown === undefined ? null : JSON.stringify(shown),
      );
    const upd = this.db
      .prepare('UPDATE games SET version = ?, updated_at = ? WHERE id = ? AND version = ?')
      .run(version, t, row.id, row.version);
    if (upd.changes !== 1) throw new Error(`concurrent write on game ${row.id}`);
    if (action.type === NEXT_HAND)
      this.saveHandStarts(row.id, row.game, [{ hand: row.handIndex, seq: version, state: JSON.stringify(newState) }]);
    if (version % this.snapshotEvery === 0) {
      this.db
        .prepare(
          'INSERT INTO snapshots (game_id, version, state, format) VALUES (?, ?, ?, ?) ON CONFLICT(game_id) DO UPDATE SET version = excluded.version, state = excluded.state, format = excluded.format',
        )
        .run(row.id, version, JSON.stringify(newState), snapshotFormat(row.game, this.engineOf(row.game)));
    }
    this.remember(row.id, version, row.seats, newState);
    return version;
  }
}

/** A table step computed from a version the game has since left (another writer got there first). */
export class StaleStepError extends Error {
  constructor(
    readonly gameId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`game ${gameId} moved from version ${expected} to ${actual} during the step`);
  }
}

/**
 * A cached state's JSON (a snapshot, a hand's start): every engine's state is an object, so anything
 * else (`null`, a number: a bad restore) is damage, as is text cut short (a SyntaxError).
 */
function parsedState(text: string): unknown {
  const v = JSON.parse(text) as unknown;
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error(`not a game state (${v === null ? 'null' : typeof v})`);
  return v;
}

/** The state format a snapshot is written in: the game and its engine's `stateVersion`. */
export function snapshotFormat(game: string, engine: { stateVersion?: number }): string {
  return `${game}:${engine.stateVersion ?? 1}`;
}
