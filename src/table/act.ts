/**
 * The one authority path of a table (style.md §4a). A click, a timer expiry, a reminder, an AI step,
 * the lobby's Start, the CLI and the restart sweep all go through `act`:
 *
 *   load the game once → judge the command → apply on the in-memory state → AI seats play →
 *   deadlines → settlement (result rows, match over) → ONE transaction (log entries, game row,
 *   timers, results, outbox) → return { outcome, effects }.
 *
 * Nothing here talks to Discord: the effects are data (effects.ts) that src/bot executes.
 */
import { netPoints } from '../games/core/result.js';
import { sameCanonical } from '../games/core/match.js';
import type { AnyEngine, BaseAction, Decision, GameId, HandResult, HintReasonKey } from '../games/core/types.js';
import type { AiLevel } from '../games/core/ai.js';
import { NEXT_HAND, SEAT_CHANGE, applyEntry, initialState, type ActionSource, type GameStatus, type StepEntry } from '../store/index.js';
import {
  bookedAs,
  matchTotalsOf,
  pausedTimer,
  resumedTimer,
  type HandRow,
  type RefundRow,
  type SeatRow,
  type StepCommit,
  type TimerRow,
  type TotalRow,
} from '../store/index.js';
import { StaleStepError, type HoldReason, type TableHold } from '../store/games.js';
import { publicViewOnce } from '../games/core/view-cache.js';
import { mergeEffects, type Effect, type Notice } from './effects.js';
import { MOVES_KEPT, type ShownMove, type Table, type TableStore } from './store.js';
import type { Move } from './present/types.js';
import { seatToken } from './seat-token.js';
import { deadlines, durations, isOff, nextOffReminder, openClaimTimers, windowKind, type TimerSpec } from './timers.js';
import { goneHandsOver, handedToAi, leaveSeat, leftDuringHand, memberGone, takeSeat, vacateLeavers } from './seating.js';
import { counted, noVoteKey, voteAbsent, voterIds, type AbsentVerb } from './absent.js';
import { tablePreferenceAnswer, writePrefs, type ClaimPref } from './prefs.js';
import { answerAsk, type AiRequest } from './ai-answer.js';
import { commitHeld, heldUntil, holdPass } from './reclaim.js';

export type HandVerb = 'refresh' | 'act' | 'pick' | 'announce' | 'retake';
export type TableButtonVerb = 'next-hand' | 'end-match' | 'pause' | 'resume' | 'leave-seat' | 'take-seat' | AbsentVerb;

export type TableCommand =
  /** "Open my hand": nothing changes; the outcome names the seat. */
  | { kind: 'open-hand'; gameId: string; userId: string }
  /** A component on a player's hand view (`ver`: the view's token, seat-token.ts; never the state version). */
  | { kind: 'hand'; gameId: string; userId: string; ver: number; verb: HandVerb; arg?: string; values?: readonly string[] }
  /**
   * Next hand / End match on a result message; Pause / Resume on the table message; Leave the table
   * (`arg` 'confirm' once confirmed) and Take a seat (`displayName`: the taker's name) where the game
   * has seat changes (seating.ts).
   */
  | { kind: 'table'; gameId: string; userId: string; ver: number; verb: TableButtonVerb; arg?: string; displayName?: string }
  /** The lobby's Start. */
  | { kind: 'start'; gameId: string; userId: string }
  /**
   * A seat's deadline passed. `deadline`: the one the firing was read with (the scheduler's); a
   * timer that has been replaced since (a new decision, a new deadline) is not answered by it.
   */
  | { kind: 'timeout'; gameId: string; seat: number; timerKind: 'turn' | 'claim'; deadline?: number }
  /** A seat's reminder is due. */
  | { kind: 'remind'; gameId: string; seat: number }
  /** A move by seat (the CLI, tests); `ver` null: no version check. */
  | { kind: 'move'; gameId: string; seat: number; action: BaseAction; ver: number | null; source?: ActionSource; userId?: string | null }
  /**
   * "Hint" on a player's hand view: the `strong` AI's choice for the seat's pending decision. Nothing
   * changes at the table; the ask is recorded in the hints table (source 'hint', not the action log),
   * once per view of the seat (its token). `ver`: the token of the view it was on (seat-token.ts; null: no check, tests).
   */
  | { kind: 'hint'; gameId: string; userId: string; ver: number | null }
  /** After a restart: AI seats and deadlines brought up to date, undelivered effects re-derived. */
  | { kind: 'sync'; gameId: string }
  /**
   * Housekeeping (bot/idle-expiry.ts): nothing public has changed at the table for `days` days (since
   * `publicAt`): the match ends as End match would end it, a hand in play with it.
   */
  | { kind: 'expire-idle'; gameId: string; publicAt: number; days: number }
  /** The clicker's claim preferences for this game (src/table/prefs.ts); answers a pending claim they now cover. */
  | { kind: 'prefs'; gameId: string; userId: string; values: readonly string[] }
  /**
   * `userId` is no longer a member of the table's server (banned: GUILD_BAN_ADD; kicked or left: a DM
   * click the server no longer lets through; bot/members.ts): their seats pass to the AI for good
   * (seating.ts `memberGone`). Not a click of theirs: it ends no away mode.
   */
  | { kind: 'member-gone'; gameId: string; userId: string }
  /**
   * The bot was removed from the table's server (GUILD_DELETE without `unavailable`, or a start-up
   * whose READY lacks the server: bot/app.ts): a running or paused table is held (store `TableHold`):
   * paused, its timers frozen as a pause freezes them, nothing played for anyone, every other command
   * refused (`heldRefusal`). The step has no effects (the bot can show nothing in a server it is not
   * in); what the outbox holds is kept for the bot's return, which nothing retries meanwhile.
   */
  | { kind: 'bot-removed'; gameId: string }
  /**
   * The bot is back in the table's server (GUILD_CREATE, or a later start-up's READY lists it): a table
   * the removal held is released. One that was running resumes, each timer from the time it had left
   * (as a resume vote); one its players had paused stays paused. The table is shown again with a notice.
   * One whose thread is locked too stays held for the lock, showing nothing (`release`).
   */
  | { kind: 'bot-back'; gameId: string }
  /**
   * A moderator locked the table's game thread (THREAD_UPDATE `thread_metadata.locked`, or Discord
   * refusing a post there as locked: bot/app.ts, bot/effects.ts): a running or paused table is held as
   * a removal holds it ('bot-removed'): nothing played for anyone, nothing posted (a post by a bot with
   * Manage Threads would reopen the thread the moderator closed), every other command refused, until
   * the thread is unlocked. The bot locks a thread itself only once its match is over: no hold then.
   */
  | { kind: 'thread-locked'; gameId: string }
  /**
   * The game thread is unlocked: a table its lock held is released as 'bot-back' releases it, with its
   * own notice (and held on if the bot's removal holds it too).
   */
  | { kind: 'thread-unlocked'; gameId: string };

/**
 * A step asks for the AI's choice by yielding one of these (the table's engine, the state, the seat
 * and level); `act` answers inline, `actAsync` through a worker pool (ai-pool.ts), so a `strong`
 * decision never blocks the bot's event loop (issues #16, #17 §4). Same steps, same results.
 */
export interface AiAsk extends AiRequest {
  engine: AnyEngine;
  game: GameId;
}
/**
 * What a driver answers an `AiAsk` with: the AI's action, or why the AI could not answer (it threw,
 * or took longer than the pool allows). A step never lets a failed AI stop the table: it goes on as
 * for a rejected AI move (the decision's timeout default, and a warning; `Step.decide`). For a
 * hint's ask (`explain`), the game's reason for the action too, or why it could not be given.
 * `unanswered`: the pool gave no answer at all (none within its time, or the worker died on it):
 * `actAsync` asks it nothing more in that step.
 */
export type AiAnswer =
  { ok: true; action: BaseAction; reason?: HintReasonKey; reasonError?: string } | { ok: false; error: string; unanswered?: true };
/**
 * Answers an AI request off the main thread (ai-pool.ts). It rejects only when it could not run the
 * request at all (the pool closed, a state it cannot copy, a worker that cannot load): `actAsync`
 * then decides on the main thread. A worker that died running the request answers a failure instead.
 */
export type AiPort = (ask: AiAsk) => Promise<AiAnswer>;
export type Gen<T> = Generator<AiAsk, T, AiAnswer>;

/** Why a command changed nothing: an i18n key for the person who clicked (`warn`: shown with ⚠️). */
export interface Refusal {
  key: string;
  vars?: Record<string, string | number>;
  defaultValue?: string;
  warn: boolean;
}

export interface Outcome {
  ok: boolean;
  refusal?: Refusal;
  /** The seat of the user who clicked, when they sit at the table. */
  seat?: number;
  /** A game-specific control's draft to show (Chắn xướng), nothing committed. */
  draft?: unknown;
  /** A line above the draft's view: the question it asks (Chắn's "Announce nothing?"). */
  note?: Refusal;
  /**
   * Nothing done yet: the clicker must confirm (the refusal's text asks, ephemerally; the button, labelled
   * with the i18n key `label`, sends `verb` with `arg`, which names the state asked about: stale once it changed).
   */
  confirm?: { verb: TableButtonVerb; arg: string; label: string };
  /** Log entries committed by this step. */
  applied: number;
  /** The kind of decision the clicker's move answered (timers.ts `windowKind`: a claim decision's click, or a secret one's, is hidden information). */
  answered?: Decision<BaseAction>['kind'];
  /** A hint's answer: the AI's choice, its level and the decision kind it answers. */
  hint?: { action: BaseAction; level: AiLevel; decision: Decision<BaseAction>['kind']; reason?: HintReasonKey };
  /**
   * A resume left a decision that a step would play at once (an away player's, a claim answered by a
   * preference, set while the table was paused): the caller runs a `sync` next, with the timers resumed.
   */
  catchUp?: boolean;
  /**
   * The clicker's Pass is held for the reclaim window until this moment (reclaim.ts): nothing public
   * changed; the caller wakes the scheduler, which commits it then.
   */
  held?: number;
}

export interface ActResult {
  outcome: Outcome;
  /** What Discord should show now, in order (also what the outbox holds). */
  effects: Effect[];
  /** The game after the step (the bot draws from it; no second load). Null when not found. */
  table: Table | null;
  /** The outbox as stored after the step: the bot clears it once the effects are executed. */
  outbox: Effect[];
  /**
   * What the outbox already held before this step: an earlier step's effects, which a crash may have
   * cut off half-executed (bot/effects.ts sweeps the ping they may have orphaned). Absent when empty.
   */
  carried?: Effect[];
  /** Things an operator should see in the logs (an AI move the engine rejected…). */
  warnings: string[];
  /**
   * Hidden decisions the timer answered in this step, by seat: nothing public says so (#13 §2), so
   * each is told in its own seat's pushed view only. Not in the outbox: a crash loses the words.
   * `options`: the decision's, which the move is named among (Chắn's Pass beside an Ù: "Bỏ ù").
   */
  ranOut?: RanOut[];
  /**
   * AI decisions of this step not asked of the pool, once an earlier request of the step went
   * unanswered (`actAsync`): their timeout defaults were played. The pool's port never sees them, so
   * the bot counts them here (`hoiquan_ai_fallbacks_total{reason="skipped"}`). Absent when none.
   */
  aiSkipped?: number;
}

const MAX_AI_STEPS = 2000;
/**
 * A table paused this long without a public change (no vote, no notice) is resumed by any one of its
 * players: a majority of the seated people may never come back (they left the server, lost interest),
 * and nothing else could ever resume or end it (the absent-player votes need a running table; the
 * timers are frozen), which also kept its players from /privacy delete-my-data.
 */
export const PAUSED_ALONE_MS = 7 * 24 * 3_600_000;

/** A hidden decision the timer answered (`Outcome.ranOut`): the move, and the options it was one of. */
export interface RanOut {
  seat: number;
  action: BaseAction;
  options: readonly BaseAction[];
}

const refuse = (key: string, warn = false, vars?: Record<string, string | number>, defaultValue?: string): Refusal => ({
  key,
  warn,
  ...(vars ? { vars } : {}),
  ...(defaultValue !== undefined ? { defaultValue } : {}),
});

/** A step in progress: the in-memory game plus what will be committed. */
export class Step {
  readonly entries: StepEntry[] = [];
  readonly effects: Effect[] = [];
  readonly warnings: string[] = [];
  readonly results: StepCommit['results'] = [];
  /** What the match gives back as it ends (`finish`), stored after its last hand. */
  refunds: RefundRow[] = [];
  timers: TimerSpec[] | null = null;
  timerOp: StepCommit['timerOp'];
  reminded: { seat: number; next: number | null }[] = [];
  /** Hidden decisions (claims, secret opening choices) the timer answered: told to their seats only. */
  ranOut: RanOut[] = [];
  status: GameStatus | undefined;
  /**
   * The table held (the bot removed from its server, its thread locked), its reasons changed, or,
   * null, released; undefined: as it was.
   */
  hold: TableHold | null | undefined;
  /**
   * Nothing of the step can be shown (a hold: the bot is not in the table's server, or its thread is
   * locked): no thread is reopened for it and its outbox gains nothing (`commit`).
   */
  unseen = false;
  /**
   * The table's last public change (`public_at`, from which the idle end counts) moved though nothing
   * is shown: the bot's return to a table still held for its locked thread (`release`) moves it on by
   * the removal's days, which were no idle time of its players (store/games.ts `idleTables` does not
   * count them while they last).
   */
  publicAt: number | undefined;
  pauseVotes: string[] | undefined;
  seatAi: { seat: number; isAi: boolean; aiLevel?: AiLevel }[] = [];
  /**
   * Seats whose players are away (`/away`, issue #14 §4): their decisions are played at once, by the
   * AI or the timeout default as the table's on-timeout policy says, logged with source `away`.
   */
  away = new Set<number>();
  /** Seats played for being away in this step (the table says so). */
  playedAway = new Set<number>();
  /** Seats that changed occupant in this step (seating.ts), and a new host. */
  seatRows = new Map<number, SeatRow>();
  hostUserId: string | null | undefined;
  state: unknown;
  hand: number;
  seats: SeatRow[];
  seatCount: number | undefined;
  dirty = false;
  /** Claim preferences by seat (a `prefs` command replaces the clicker's). */
  prefs: Map<number, Set<ClaimPref>>;
  /** What was played in this step (a claim decision after it may be a new window: timers.ts `deadlines`). */
  readonly moved = { turn: false, claimed: new Set<number>(), lapsed: new Set<number>(), turnSeats: new Set<number>() };

  constructor(
    readonly t: Table,
    readonly now: number,
    /** The match's stored result rows, read when it needs them (the match's end: `finish`). */
    private readonly storedRows: () => readonly HandRow[] = () => [],
    /**
     * The time when the step sets its deadlines (`advance`): later than `now` by what the step waited
     * for the AI pool (actAsync), which a hung AI made seconds per decision, all of it taken from the
     * next person's turn. `now` when nothing is waited for (act), so a step is the same for a given clock.
     */
    private readonly clock: () => number = () => now,
  ) {
    this.state = t.state;
    this.hand = t.row.handIndex;
    this.seats = t.seats.map((s) => ({ ...s }));
    this.prefs = new Map(t.prefs);
  }

  get version(): number {
    return this.t.row.version + this.entries.length;
  }
  get currentStatus(): GameStatus {
    return this.status ?? this.t.row.status;
  }
  pending(): Decision<BaseAction>[] {
    return this.t.engine.pending(this.state) as Decision<BaseAction>[];
  }
  /** The seats whose player left during the hand now running (Phỏm §11.3; seating.ts `leftDuringHand`). */
  leftDuringHand(): number[] {
    return leftDuringHand(this.t.engine, this.state);
  }

  result(): HandResult | null {
    return this.t.engine.result(this.state) as HandResult | null;
  }

  /** The last public move's JSON at state `shown.of` (Step.apply keeps it up to date). */
  private shown: { of: unknown; key: string } | null = null;

  /** The public move the step's state shows last, as JSON ('' before the hand's first). */
  private shownKey(state: unknown): string {
    if (this.shown && this.shown.of === state) return this.shown.key;
    const key = JSON.stringify(this.t.presenter.lastMove(publicViewOnce(this.t.engine, state)) ?? '');
    this.shown = { of: state, key };
    return key;
  }

  apply(seat: number, action: BaseAction, source: ActionSource, userId: string | null): { ok: true } | { ok: false; refusal: Refusal } {
    const d = this.pending().find((x) => x.seat === seat);
    const before = this.shownKey(this.state);
    const r = this.t.engine.apply(this.state, seat, action);
    if (!r.ok) {
      const code = r.error.code.split('/')[1] ?? r.error.code;
      return { ok: false, refusal: refuse(`${this.t.row.game}:error.${code}`, true, r.error.data, r.error.message) };
    }
    if (d && windowKind(d) === 'claim') this.moved.claimed.add(seat);
    else {
      this.moved.turn = true;
      this.moved.turnSeats.add(seat);
    }
    this.state = r.value;
    this.noteLapsed();
    // The public move it made, kept with the entry for the hand views' recaps: made from the public
    // view alone. A move is a new last action (a claim answer changes nothing there), or a turn of
    // the seat's whose last action is that very action again (a second joker exposed alike).
    const move = this.t.presenter.lastMove(publicViewOnce(this.t.engine, r.value)) as Move | undefined;
    const key = JSON.stringify(move ?? '');
    this.shown = { of: r.value, key };
    const again = key === before && move?.by === seat && d !== undefined && windowKind(d) === 'turn' && sameMove(move, action);
    this.entries.push({
      hand: this.hand,
      seat,
      action,
      source,
      userId,
      state: r.value,
      ...(move && (key !== before || again) ? { shown: move } : {}),
    });
    return { ok: true };
  }

  /**
   * Every name a seat of this match has had in a hand (its result rows, stored or of this step) or
   * has now: a new AI is named apart from all of them (seating.ts `aiRow`), since an AI's hands are
   * told apart by its name (store/results.ts `sameOccupant`).
   */
  namesUsed(): Set<string> {
    const names = new Set(this.seats.map((s) => s.displayName));
    for (const r of this.storedRows()) names.add(r.displayName);
    for (const r of this.results) for (const s of r.seats) names.add(s.displayName);
    return names;
  }

  /** Seats with nothing to decide now: a decision they have later in this step is a new one. */
  private noteLapsed(): void {
    const waiting = new Set(this.pending().map((d) => d.seat));
    for (let seat = 0; seat < this.seats.length; seat++) if (!waiting.has(seat)) this.moved.lapsed.add(seat);
  }

  dealNextHand(): void {
    // A pause vote is about the hand it was cast in (Pause is offered while a hand is in play): kept,
    // a vote from a hand days ago counted with one cast now and paused the table at once, though the
    // table never showed it.
    const votes = this.pauseVotes ?? this.t.row.pauseVotes;
    if (votes.some((v) => v.startsWith('pause:'))) this.pauseVotes = votes.filter((v) => !v.startsWith('pause:'));
    this.moved.turn = true;
    const hand = this.hand + 1;
    const entry = { seq: this.version + 1, hand, seat: null, action: { type: NEXT_HAND } };
    this.state = applyEntry(this.t.engine, this.t.row.options, this.seatCount ?? this.t.row.seats, this.t.row.seed, this.state, entry);
    this.hand = hand;
    this.entries.push({ hand, seat: null, action: entry.action, source: 'system', userId: null, state: this.state });
  }

  /**
   * Players leave or join between hands (core/types.ts `Seating`): a `@seat-change` log entry marks
   * the finished hand, so the next deal (and every replay) applies the game's seating rules.
   */
  changeSeats(left: number[], joined: number[], userId: string | null): void {
    // The host's seat, for the games where the host starts a first hand (phom.md §3, §15.7): named
    // when the host passed to a player not at seat 0 (call after `replaceSeat`).
    const hostId = this.hostUserId === undefined ? this.t.row.hostUserId : this.hostUserId;
    const host = hostId ? this.seats.findIndex((s) => s.userId === hostId) : -1;
    const entry = {
      seq: this.version + 1,
      hand: this.hand,
      seat: null,
      action: { type: SEAT_CHANGE, left, joined, ...(host > 0 ? { host } : {}) },
    };
    this.state = applyEntry(this.t.engine, this.t.row.options, this.seatCount ?? this.t.row.seats, this.t.row.seed, this.state, entry);
    this.entries.push({ hand: this.hand, seat: null, action: entry.action, source: 'system', userId, state: this.state });
  }

  /** A new occupant for a seat (a player or an AI); the host passes on if the host left. */
  replaceSeat(row: SeatRow): void {
    const before = this.seats[row.seat];
    this.seats[row.seat] = row;
    this.seatRows.set(row.seat, row);
    const host = this.hostUserId === undefined ? this.t.row.hostUserId : this.hostUserId;
    // A person at the table, before one the AI is standing in for (away or timed out, still seated).
    if (before?.userId && before.userId === host)
      this.hostUserId = (this.seats.find((s) => !s.isAi && s.userId) ?? this.seats.find((s) => s.userId))?.userId ?? null;
  }

  /** A seat passes to the AI (at `aiLevel`) or back to its player. */
  setAi(seat: number, isAi: boolean, aiLevel?: AiLevel): void {
    const s = this.seats[seat];
    if (!s || s.isAi === isAi) return;
    s.isAi = isAi;
    if (aiLevel) s.aiLevel = aiLevel;
    this.seatAi.push({ seat, isAi, ...(aiLevel ? { aiLevel } : {}) });
    // Their votes go with the seat: taken back, it brings none of them back (seating.ts).
    if (isAi) handedToAi(this, seat);
  }

  /** A request for the AI's choice (answered by `act`'s driver: inline, or a worker pool). */
  ask(seat: number, level: AiLevel, state: unknown): AiAsk {
    return { engine: this.t.engine, game: this.t.row.game, state, seat, level };
  }

  /**
   * The AI's choice for `seat` at `level` in the step's state, or null when the AI could not answer
   * (it threw): a warning says so and what the caller does instead (`then`: as for a rejected AI
   * move, the decision's timeout default).
   */
  *decide(seat: number, level: AiLevel, then = 'taking the timeout default'): Gen<BaseAction | null> {
    const a = yield this.ask(seat, level, this.state);
    if (a.ok) return a.action;
    this.warnings.push(`AI failed for seat ${seat} (${this.t.row.game}, ${level}): ${a.error}; ${then}`);
    return null;
  }

  /**
   * A hint's answer for `seat`: the AI's choice at `level` (or `chosen`, a choice already given at
   * this state) with the game's reason for it, both worked out by the driver (off the main thread
   * in the bot). Null when the AI could not answer (a warning says so).
   */
  *explained(seat: number, level: AiLevel, chosen?: BaseAction): Gen<Extract<AiAnswer, { ok: true }> | null> {
    const a = yield { ...this.ask(seat, level, this.state), explain: true, ...(chosen ? { chosen } : {}) };
    if (a.ok) return a;
    this.warnings.push(`AI failed for seat ${seat} (${this.t.row.game}, ${level}): ${a.error}; no hint`);
    return null;
  }

  /** The level a seat's AI plays at (its stored level; normal for rows written before levels). */
  levelOf(seat: number): AiLevel {
    return this.seats[seat]?.aiLevel ?? 'normal';
  }

  /**
   * AI seats play, claim decisions a person's preference answers are answered (source
   * `preference`), and away players' decisions are played (source `away`), until a human must
   * decide or the hand ends.
   */
  *runAi(): Gen<void> {
    for (let n = 0; n < MAX_AI_STEPS; n++) {
      if (this.currentStatus !== 'running' || this.result()) return;
      const pending = this.pending();
      // A held pass that is final now (reclaim.ts) comes first: it is its player's own answer.
      if (commitHeld(this, pending)) continue;
      let d = pending.find((p) => this.seats[p.seat]?.isAi);
      if (!d) {
        if (this.answerByPreference(pending)) continue;
        d = pending.find((p) => this.away.has(p.seat));
        if (!d) return;
        // Away: the seat stays the player's; the AI at the takeover level or the default plays this decision.
        // An AI that cannot answer (null) leaves the default, as an AI move the engine rejects does.
        const chosen = this.t.row.timeoutPolicy === 'ai' ? yield* this.decide(d.seat, this.t.row.takeoverLevel) : null;
        const action = chosen ?? d.timeoutDefault;
        const r = this.apply(d.seat, action, 'away', null);
        if (!r.ok && (chosen === null || !this.apply(d.seat, d.timeoutDefault, 'away', null).ok)) {
          this.warnings.push(`away move rejected for seat ${d.seat}; the game waits`);
          return;
        }
        // Only turns are announced: any answer to a claim window (a pass, a claim that loses or waits
        // for the others' answers) tells that the seat could claim, which is hidden; a claim taken
        // shows in the table's last move, and its turn follows. A secret opening choice likewise.
        if (windowKind(d) === 'turn') this.playedAway.add(d.seat);
        continue;
      }
      const action = yield* this.decide(d.seat, this.levelOf(d.seat));
      if (action) {
        const r = this.apply(d.seat, action, 'ai', null);
        if (r.ok) continue;
        this.warnings.push(`AI move rejected (${r.refusal.key}) for seat ${d.seat}; taking the timeout default`);
      }
      const fb = this.apply(d.seat, d.timeoutDefault, 'ai', null);
      if (!fb.ok) {
        this.warnings.push(`timeout default rejected too for seat ${d.seat}; the game waits`);
        return;
      }
    }
  }

  /** Answers one pending claim decision from its player's preferences; false when none applies. */
  answerByPreference(pending: Decision<BaseAction>[]): boolean {
    for (const p of pending) {
      const s = this.seats[p.seat];
      if (!s || s.isAi || !s.userId) continue;
      const action = tablePreferenceAnswer(this.t, this.state, this.prefs.get(p.seat), p);
      if (action && this.apply(p.seat, action, 'preference', s.userId).ok) return true;
    }
    return false;
  }

  /**
   * After any accepted change: AI seats play, then either the hand is settled (result rows, match
   * over) or the humans who must decide get deadlines and a ping; the table is redrawn.
   */
  *advance(notice?: Notice): Gen<void> {
    this.dirty = true;
    yield* this.runAi();
    if (this.currentStatus === 'running') {
      const result = this.result();
      if (result) {
        if (!this.t.recordedHands.has(this.hand)) {
          this.results.push({ hand: this.hand, seats: this.seats.map((s) => ({ ...s })), result });
          // Players who left during the hand (phom.md §11.3) settled with it; an AI takes their seats.
          vacateLeavers(this);
          // A hand played out for a member gone from the server is recorded as theirs: the seat is the AI's now.
          goneHandsOver(this);
        }
        this.timers = [];
        const over = this.t.engine.matchOver(this.state);
        this.effects.push({ kind: 'result', hand: this.hand, matchOver: over });
        if (over) this.finish();
      } else {
        const pending = this.pending();
        const old = this.timers ?? this.t.timers;
        const oldRows = old.map((x) => ({ gameId: this.t.row.id, pausedLeft: null, ...x }));
        const ms = durations(this.t.row.timerPreset, this.t.engine.timeouts(this.t.row.options));
        // Counted from now, after the AI's choices were waited for (a clock stepped back gives no less than the step's start).
        const from = Math.max(this.now, this.clock());
        const { timers, fresh, renewed } = deadlines(pending, this.seats, oldRows, this.version, ms, from, this.moved, this.t.turnTime);
        this.timers = timers;
        // Secret opening choices come one seat after another (vn-mahjong.md §4.3; classic §4.5): once
        // one has been waiting in public, the next holder's is the same window, so it gets no new ping
        // (a ping would tell that someone answered, when, and that another seat holds a choice; #13 §2).
        // Its player's view is pushed privately, as every seat view is.
        // (The state before the step is looked at only when a fresh decision is secret: not on every step.)
        const secretFresh = fresh.filter((s) => pending.find((d) => d.seat === s)?.secret);
        const openingWasUp =
          secretFresh.length > 0 &&
          this.t.state !== null &&
          (this.t.engine.pending(this.t.state) as Decision<BaseAction>[]).some((d) => d.secret && !this.t.seats[d.seat]?.isAi);
        const pinged = openingWasUp ? fresh.filter((s) => !secretFresh.includes(s)) : fresh;
        const told = fresh.filter((s) => !pinged.includes(s));
        if (told.length) this.effects.push({ kind: 'tell', seats: told });
        if (pinged.length) {
          const kindOf = (s: number) => {
            const d = pending.find((x) => x.seat === s);
            return d && windowKind(d);
          };
          this.effects.push({
            kind: 'ping',
            turn: pinged.filter((s) => kindOf(s) === 'turn'),
            claim: pinged.filter((s) => kindOf(s) === 'claim'),
          });
        }
        if (renewed.length) this.effects.push({ kind: 'renew-ping', seats: renewed });
      }
    }
    const away = [...this.playedAway][0];
    const shown = notice ?? (away !== undefined ? ({ key: 'away', seat: away } as const) : undefined);
    // An archived thread is reopened for what the table shows anew, never for a step that changed
    // nothing public (a claim pass, a claim that waits for the others): reopening it would tell that
    // someone answered a claim (#13 §2).
    const visible = this.showsPublicly(shown);
    if (this.currentStatus === 'running' && visible) this.effects.push({ kind: 'unarchive' });
    this.effects.push(
      shown ? { kind: 'table', notice: shown } : visible ? { kind: 'table' } : { kind: 'table', quiet: this.t.row.version },
    );
  }

  /**
   * Whether the step shows anything anew in public: a notice (`notice`, or one already among its
   * effects), a post (lobby, ping, result) or a change of `publicChanged`. It decides both the
   * `unarchive` effect and the game's public "last activity" (`public_at`, set on commit): a step
   * that changed nothing public (a claim pass, a claim that waits for the others, a claim reminder)
   * must not tell that someone answered a claim (#13 §2).
   */
  showsPublicly(notice?: Notice): boolean {
    if (notice) return true;
    const posts = this.effects.some(
      (e) => e.kind === 'lobby' || e.kind === 'ping' || e.kind === 'result' || (e.kind === 'table' && e.notice !== undefined),
    );
    return posts || this.publicChanged();
  }

  /** Whether the step changed what the table shows in public: the game's public view, the hand, the seats, the status. */
  publicChanged(): boolean {
    if (this.hand !== this.t.row.handIndex || this.seatRows.size || this.seatAi.length) return true;
    if (this.status !== undefined && this.status !== this.t.row.status) return true;
    if (this.t.state === null || this.state === null) return this.t.state !== this.state;
    return !sameCanonical(this.t.engine.publicView(this.t.state), this.t.engine.publicView(this.state));
  }

  finish(): void {
    this.dirty = true;
    if (this.currentStatus !== 'finished') this.refunds = this.matchRefunds();
    this.status = 'finished';
    this.timers = [];
    this.effects.push({ kind: 'table' }, { kind: 'end-match' });
  }

  /**
   * What the match gives back as it ends (the game's `closeMatch`; Phỏm: the gà pot no Ù took goes
   * back to those who paid into it, phom.md §15.12, whichever way the match ends), as refund rows.
   * The engine says what was paid from which seat in which hand, counting only hands whose results
   * are stored: a hand the match ended in charged nothing. Each amount goes back to whom that hand's
   * result row of the seat charged it: a player who left the table since gets back what they paid
   * (the standings list them still), not the AI or newcomer who sits there now. One row per seat and
   * person, under hand numbers after the last hand dealt; a seat that had several payers (rare: a
   * seat change while the pot waited) gets a row each, under consecutive hand numbers (the results'
   * key is game, hand and seat).
   */
  private matchRefunds(): RefundRow[] {
    const close = this.t.manifest.closeMatch;
    if (!close || this.state === null) return [];
    const settled = this.t.recordedHands.has(this.hand) || this.results.some((r) => r.hand === this.hand);
    const shares = close(this.state, settled).filter((x) => x.amount !== 0);
    if (!shares.length) return [];
    const stored = this.storedRows();
    const unit = this.result()?.unit ?? stored[0]?.unit ?? 'points';
    /** Who was charged at `seat` in `hand`: its result row (this step's, or stored); else who sits there now. */
    const payer = (hand: number, seat: number): { userId: string | null; forUserId?: string | null; displayName: string; unit: string } => {
      const fresh = this.results.find((r) => r.hand === hand);
      const s = fresh?.seats.find((x) => x.seat === seat);
      if (fresh && s) return { ...bookedAs(s), unit: fresh.result.unit };
      const row = stored.find((r) => r.hand === hand && r.seat === seat && r.rank > 0); // a hand played
      if (row) return row;
      const now = this.seats[seat];
      return now ? { ...bookedAs(now), unit } : { userId: null, forUserId: null, displayName: `#${seat + 1}`, unit };
    };
    const bySeat = new Map<number, (RefundRow & { last: number })[]>();
    for (const x of shares) {
      const hand = this.hand - x.ago;
      const who = payer(hand, x.seat);
      const list = bySeat.get(x.seat) ?? [];
      bySeat.set(x.seat, list);
      let r = list.find(
        (y) => y.userId === who.userId && (y.forUserId ?? null) === (who.forUserId ?? null) && y.displayName === who.displayName,
      );
      if (!r) {
        r = {
          hand: 0,
          seat: x.seat,
          userId: who.userId,
          ...(who.forUserId ? { forUserId: who.forUserId } : {}),
          displayName: who.displayName,
          points: 0,
          unit: who.unit,
          paidIn: [],
          last: hand,
        };
        list.push(r);
      }
      r.points += x.amount;
      if (!r.paidIn.includes(hand)) r.paidIn.push(hand);
      r.last = Math.max(r.last, hand);
    }
    const out: RefundRow[] = [];
    for (const [, list] of [...bySeat].sort((a, b) => a[0] - b[0])) {
      // The seat's latest payer first (usually its only one), under the first hand number after the last hand.
      list.sort((a, b) => b.last - a.last);
      list.forEach(({ last: _, ...r }, k) => out.push({ ...r, hand: this.hand + 1 + k, paidIn: r.paidIn.sort((a, b) => a - b) }));
    }
    return out;
  }

  commit(store: TableStore): Effect[] {
    if (
      !this.dirty &&
      !this.entries.length &&
      this.timers === null &&
      !this.reminded.length &&
      this.pauseVotes === undefined &&
      !this.seatRows.size
    ) {
      return this.t.outbox;
    }
    // Whatever shows something anew in public reopens the thread first: Discord archives a thread
    // idle for a week, and a message in an archived thread cannot be edited (50083), so the notice
    // was lost: a seat left or taken between hands, a seat taken back at a paused table, the idle end
    // of a match. Never a step that showed nothing (a claim pass: #13 §2), nor a finished match's.
    const open = this.t.row.status === 'running' || this.t.row.status === 'paused';
    if (open && !this.unseen && !this.effects.some((e) => e.kind === 'unarchive') && this.showsPublicly())
      this.effects.unshift({ kind: 'unarchive' });
    const outbox = mergeEffects(this.t.outbox, this.effects);
    store.commit({
      gameId: this.t.row.id,
      game: this.t.row.game,
      guildId: this.t.row.guildId,
      expectVersion: this.t.row.version,
      entries: this.entries,
      ...(this.status !== undefined ? { status: this.status } : {}),
      ...(this.pauseVotes !== undefined ? { pauseVotes: this.pauseVotes } : {}),
      ...(this.seatCount !== undefined ? { seatCount: this.seatCount } : {}),
      seatAi: this.seatAi,
      ...(this.seatRows.size ? { seatRows: [...this.seatRows.values()] } : {}),
      ...(this.hostUserId !== undefined ? { hostUserId: this.hostUserId } : {}),
      ...(this.hold !== undefined ? { hold: this.hold } : {}),
      outbox,
      timers: this.timers,
      ...(this.timerOp ? { timerOp: this.timerOp } : {}),
      reminded: this.reminded,
      results: this.results,
      ...(this.refunds.length ? { refunds: { players: this.seats.length, rows: this.refunds } } : {}),
      public: !this.unseen && this.showsPublicly(),
      ...(this.publicAt !== undefined ? { publicAt: this.publicAt } : {}),
    });
    return outbox;
  }

  /** The table as it is after the step (what the bot draws). */
  after(outbox: Effect[]): Table {
    const row = {
      ...this.t.row,
      version: this.version,
      handIndex: this.hand,
      status: this.currentStatus,
      seats: this.seatCount ?? this.t.row.seats,
      ...(this.pauseVotes !== undefined ? { pauseVotes: this.pauseVotes } : {}),
      ...(this.hostUserId !== undefined ? { hostUserId: this.hostUserId } : {}),
      ...(this.hold !== undefined ? { hold: this.hold } : {}),
      outbox,
    };
    const recordedHands = new Set(this.t.recordedHands);
    for (const r of this.results) recordedHands.add(r.hand);
    const totals = this.totalsAfter();
    // As the commit left them: a pause or resume changes them in the store (store/timers.ts), and the
    // step that resumed showed the table, its ping and kept reminders with the deadlines from before
    // the pause (early by the length of the pause), until the next public step.
    const op = this.timerOp;
    const timers = (this.timers ?? this.t.timers).map((x) => {
      const prev = this.t.timers.find((p) => p.seat === x.seat);
      const row = { gameId: this.t.row.id, pausedLeft: prev?.pausedLeft ?? null, ...x };
      return op?.op === 'pause' ? pausedTimer(row, op.now) : op?.op === 'resume' ? resumedTimer(row, op.now) : row;
    });
    return {
      ...this.t,
      row,
      state: this.state,
      seats: this.seats,
      names: this.seats.map((s) => s.displayName),
      timers,
      totals,
      recordedHands,
      outbox,
      prefs: this.prefs,
      moves: this.movesAfter(),
    };
  }

  /**
   * Each seat's match total after the step, as a reload reads it (store/results.ts `matchTotals`):
   * the table's, plus this step's hands and refunds for whoever they are now. A seat that changed
   * occupant has what its new occupant already has in the match: 0 for a newcomer or a new AI (the
   * leaver's balance stays theirs), their own for one who left and sat down again (before, 0 in the
   * table this step drew, though a reload showed their balance at their old seat).
   */
  private totalsAfter(): Map<number, number> {
    const totals = new Map(this.t.totals);
    // A refund is its payer's, as a hand's row is its player's: counted where they sit now.
    const fresh: TotalRow[] = [
      ...this.results.flatMap((r) => {
        const net = netPoints(r.result);
        return r.seats.map((s) => ({ seat: s.seat, ...bookedAs(s), points: net[s.seat] ?? 0 }));
      }),
      ...this.refunds,
    ];
    for (const [seat, points] of matchTotalsOf(fresh, this.seats))
      if (!this.seatRows.has(seat)) totals.set(seat, (totals.get(seat) ?? 0) + points);
    if (!this.seatRows.size) return totals;
    // The stored rows, read after the commit or without one: this step's own are `fresh`.
    const mine = new Set([...this.results.map((r) => r.hand), ...this.refunds.map((r) => r.hand)]);
    const whole = matchTotalsOf([...this.storedRows().filter((r) => !mine.has(r.hand)), ...fresh], this.seats);
    for (const seat of this.seatRows.keys()) {
      const total = whole.get(seat);
      if (total === undefined) totals.delete(seat);
      else totals.set(seat, total);
    }
    return totals;
  }

  /** The current hand's public moves after the step: the table's, then the step's own. */
  private movesAfter(): readonly ShownMove[] {
    const mine = this.entries.flatMap((e, i) =>
      e.hand === this.hand && e.shown !== undefined ? [{ seq: this.t.row.version + i + 1, move: e.shown as Move }] : [],
    );
    const kept = this.hand === this.t.row.handIndex ? (this.t.moves ?? []) : [];
    return mine.length ? [...kept, ...mine].slice(-MOVES_KEPT) : kept;
  }
}

/**
 * Away mode (issue #14 §4): the seats of players who are away now are played for them; a click of
 * theirs at this table (any hand or table component, Open my hand, Hint, Take a seat) ends it, here
 * and everywhere, whatever the table's status: one who clicks at a paused table is back, and their
 * decision waits for them after the resume. (A user preference, not game state: written at once,
 * even if the click is refused.) Ending it changes nothing public by itself: an away claimant's
 * decision was answered as its window opened (`runAi`), and one still open (they went away during a
 * pause) is then left to them with its own time, as any claimant's (#13 §2).
 */
function awayMode(store: TableStore, t: Table, step: Step, cmd: TableCommand, now: number): void {
  const prefs = store.store.prefs;
  if (!prefs) return;
  const clicker = 'userId' in cmd && cmd.kind !== 'move' && cmd.kind !== 'member-gone' ? cmd.userId : undefined;
  // Take a seat: the clicker sits here once it is done (README: any click of yours at a table).
  const here = (u: string) => t.seats.some((s) => s.userId === u) || (cmd.kind === 'table' && cmd.verb === 'take-seat');
  if (clicker && here(clicker) && prefs.isAway(clicker, now)) prefs.setAway(clicker, null);
  // Who is played for: at a running table, at Start too (a player away when the host starts is
  // played for from the first decision) and at a resume (a player who went away during the pause, or
  // while the table was held, is played for once it is over).
  const resuming = (cmd.kind === 'table' && cmd.verb === 'resume') || releasesRunning(t, cmd);
  if (t.row.status !== 'running' && cmd.kind !== 'start' && !resuming) return;
  const away = new Set(prefs.awayUsers(now).map((a) => a.userId));
  for (const s of t.seats) if (s.userId && !s.isAi && away.has(s.userId)) step.away.add(s.seat);
}

/**
 * The claims of a window that ran out by `now` (`others`: the timers of the seats besides the one
 * whose timer fired) answered in the same step: one step each would push each claimant's changed
 * view before the next step, and the table would show the window's end a request per claimant after
 * its public deadline (#13 §2). A pass held for the reclaim window (reclaim.ts) is its player's own
 * answer, committed as such, never played as a timeout (nor by the AI).
 */
function* answerOverdueClaims(step: Step, others: readonly TimerRow[], now: number, level: AiLevel | null) {
  for (const x of others) {
    // Once the window closed (what the table shows changed), a seat's claim is a new window's,
    // with its own time (Chắn offers a passed card to the next gate in the same step).
    if (step.publicChanged()) break;
    if (x.kind !== 'claim' || x.deadline === null || x.deadline > now) continue;
    const dx = step.pending().find((p) => p.seat === x.seat);
    if (!dx || windowKind(dx) !== 'claim') continue;
    if (commitHeld(step, step.pending(), x.seat)) continue;
    // Its player's preference answers it (README "Claim preferences"), as it would at that seat's
    // own timer: the seats of one window share a deadline, and whichever timer fires first answers
    // the others here. An away player's claim is left to the step's AI round (`runAi`), as away.
    if (step.answerByPreference([dx]) || step.away.has(x.seat)) continue;
    const { r, action } = yield* playTimeout(step, dx, level);
    if (!r.ok) step.warnings.push(`timeout default rejected (${r.refusal.key}) for seat ${x.seat}; a new deadline`);
    else step.ranOut.push({ seat: x.seat, action, options: dx.options });
  }
}

/**
 * Plays decision `d` whose time ran out (source `timeout`): the AI's choice at `level` (on-timeout
 * `ai`; null: none), else, or when the engine rejects it, the decision's timeout default.
 */
function* playTimeout(step: Step, d: Decision<BaseAction>, level: AiLevel | null) {
  // An AI that cannot answer leaves the timeout default (the seat still passes to the AI).
  let chosen = level ? yield* step.decide(d.seat, level) : null;
  // A timeout never wins a hand its decision's default would not win, nor plays what its game says a
  // timeout never plays (`timeoutNever`): the specs say what a timeout plays (classic-mahjong.md §5
  // "Timeouts never declare Mah Jong or a kong", vn-mahjong.md §13 `timeout-win`, chan.md §5.2 PASS
  // on a claim), and on-timeout `ai` hands the seat over for its next decisions, not the right to
  // win on the one that ran out. Before, with `ai`, timeout-win = never did nothing; and a win that
  // showed no result at once (a Chắn Ù before its xướng, a Ù in a claim window waiting for the seats
  // ahead) went through (`winActions`).
  const wins = (a: BaseAction) => step.t.manifest.winActions?.has(a.type) === true || winsNow(step, d.seat, a);
  if (chosen && (step.t.manifest.timeoutNever?.has(chosen.type) || (wins(chosen) && !wins(d.timeoutDefault)))) chosen = null;
  let action = chosen ?? d.timeoutDefault;
  let r = step.apply(d.seat, action, 'timeout', null);
  if (!r.ok && chosen) {
    // A takeover move the engine rejects: the timeout default, as for an AI seat (`runAi`).
    step.warnings.push(`takeover AI move rejected (${r.refusal.key}) for seat ${d.seat}; taking the timeout default`);
    action = d.timeoutDefault;
    r = step.apply(d.seat, action, 'timeout', null);
  }
  return { r, action };
}

/** Whether `action` would win the hand for `seat` now (a dry run: the engine is pure). */
function winsNow(step: Step, seat: number, action: BaseAction): boolean {
  const r = step.t.engine.apply(step.state, seat, action);
  return r.ok && (step.t.engine.result(r.value) as HandResult | null)?.winners.includes(seat) === true;
}

/** A claim decision its player's preference answers now: answered so (source `preference`) by the step's AI round. */
function* playPreference(step: Step, d: Decision<BaseAction>): Gen<boolean> {
  if (step.t.row.status !== 'running' || tablePreferenceAnswer(step.t, step.state, step.prefs.get(d.seat), d) === null) return false;
  yield* step.advance();
  return true;
}

/**
 * Plays the decision of `seat` if its player is away (`/away`) and the table runs: the step plays
 * away seats as any step does (`runAi`). False when there is nothing to play that way.
 */
function* playAway(step: Step, seat: number): Gen<boolean> {
  if (step.t.row.status !== 'running' || !step.away.has(seat) || !step.pending().some((d) => d.seat === seat)) return false;
  yield* step.advance();
  return true;
}

/**
 * After a resume (a vote, or a hold's release: 'bot-back', 'thread-unlocked'), who must decide now is
 * pinged again, and told by DM if they asked (`again`; `by`: the deciding voter, who is at the table
 * and is not told): the pause may have lasted days. A claim window's part of the ping names nobody, as
 * always (#13 §2). Returns whether a decision a step plays at once waits (an away player's, a claim a
 * preference answers, set while the table was paused; or the turn of a seat the AI took meanwhile): the
 * caller's outcome says `catchUp`, and the bot runs a `sync` next, with the timers resumed.
 */
function pingAfterResume(step: Step, now: number, by?: string): boolean {
  const t = step.t;
  const humans = step.pending().filter((d) => !step.seats[d.seat]?.isAi);
  const playsItself = (d: Decision<BaseAction>) =>
    step.away.has(d.seat) || tablePreferenceAnswer(t, step.state, step.prefs.get(d.seat), d) !== null;
  const pending = humans.filter((d) => !playsItself(d));
  const turn = pending.filter((d) => windowKind(d) === 'turn').map((d) => d.seat);
  // The claim part as before: whether a claimant's preference answers is hidden (#13 §2), and whether
  // the AI holds one (a member gone from the server during the pause).
  const claim = step
    .pending()
    .filter((d) => windowKind(d) === 'claim')
    .map((d) => d.seat);
  if (turn.length || claim.length) step.effects.push({ kind: 'ping', turn, claim, again: { at: now, ...(by ? { by } : {}) } });
  // Likewise the turn of a seat the AI took while the table was paused (a member gone from the server:
  // seating.ts `memberGone`), which nothing else would play. Not a claim the AI now holds: answered at
  // the resume, the window would close at once where another's stays open, telling the table whose it
  // was; it keeps its own time (its timer, the next step).
  return pending.length < humans.length || step.pending().some((d) => step.seats[d.seat]?.isAi && windowKind(d) === 'turn');
}

const END_CONFIRM = 'confirm.';

/** The argument of the "Yes, end the match" button asked after hand `hand`'s result (act.ts 'end-match'). */
export function endMatchConfirmArg(hand: number): string {
  return `${END_CONFIRM}${hand}`;
}

/**
 * Whether a result message's button (Next hand, End match) is about the hand whose result stands
 * now: its `arg` names the hand. A button posted before buttons named their hand carries the
 * version instead: then every log entry since must be a seat change.
 */
function resultStillUp(store: TableStore, t: Table, cmd: { ver: number; arg?: string }): boolean {
  if (cmd.arg !== undefined) return cmd.arg === String(t.row.handIndex);
  return onlySeatChangesSince(store, t, cmd.ver);
}

/** Whether every log entry after version `ver` is a seat change (the same hand's result still stands). */
function onlySeatChangesSince(store: TableStore, t: Table, ver: number): boolean {
  if (ver > t.row.version || t.row.version - ver > 32) return false;
  for (let seq = ver + 1; seq <= t.row.version; seq++) {
    if (store.store.games.entryAt(t.row.id, seq)?.action.type !== SEAT_CHANGE) return false;
  }
  return true;
}

/**
 * Whether a move records `action` itself: its action is the action, less the mover's seat that some
 * engines keep in it (Chắn's last action). Key order counts (both come from the engine's own code).
 */
function sameMove(move: Move, action: BaseAction): boolean {
  const m = (move as Move & { action?: Record<string, unknown> }).action;
  if (!m) return false;
  const { seat: _seat, ...rest } = m;
  return JSON.stringify(rest) === JSON.stringify(action);
}

/** The commands that hold a table or release it (store `TableHold`), each for its reason. */
const HOLDS: Readonly<Record<'bot-removed' | 'bot-back' | 'thread-locked' | 'thread-unlocked', { reason: HoldReason; hold: boolean }>> = {
  'bot-removed': { reason: 'removed', hold: true },
  'bot-back': { reason: 'removed', hold: false },
  'thread-locked': { reason: 'locked', hold: true },
  'thread-unlocked': { reason: 'locked', hold: false },
};
const isHoldCommand = (cmd: TableCommand): cmd is Extract<TableCommand, { kind: keyof typeof HOLDS }> => cmd.kind in HOLDS;

/**
 * What a command gets at a held table (null: not held, or a hold's own commands). A sync is no
 * refusal: it only finds nothing to do. The idle end of matches goes on at a table held for its locked
 * thread alone (store/games.ts `idleTables`): a thread locked for good must not keep its match open for
 * ever. A click is told why the table waits: the bot removed from the server (which needs an admin
 * first), else the thread a moderator locked.
 */
function heldRefusal(t: Table, cmd: TableCommand): Outcome | null {
  const hold = t.row.hold;
  if (!hold || isHoldCommand(cmd)) return null;
  if (cmd.kind === 'sync') return { ok: true, applied: 0 };
  if (cmd.kind === 'expire-idle' && hold.reasons.removed === undefined) return null;
  // A member banned while the table is held (a moderator locks the thread, bans a troll, unlocks it):
  // their seats pass to the AI now, shown at the release. Refused, the ban was lost (members.ts asks
  // once), and the table waited a whole turn for someone who can never play.
  if (cmd.kind === 'member-gone') return null;
  const key = hold.reasons.removed !== undefined ? 'errors:bot-removed' : 'errors:thread-locked';
  return { ok: false, refusal: refuse(key), applied: 0 };
}

/** Whether `cmd` releases a hold of a table that was running (its last reason: `release`). */
function releasesRunning(t: Table, cmd: TableCommand): boolean {
  return isHoldCommand(cmd) && !HOLDS[cmd.kind].hold && t.row.hold?.from === 'running' && !staysHeld(t, cmd);
}

/** Whether the table is held after `cmd`: a hold, or a release of one reason while another holds it. */
function staysHeld(t: Table, cmd: TableCommand): boolean {
  if (!isHoldCommand(cmd)) return false;
  const { reason, hold } = HOLDS[cmd.kind];
  return hold || Object.keys(t.row.hold?.reasons ?? {}).some((r) => r !== reason);
}

/**
 * Holds a running or paused table for `reason` (a hold already there gains it): paused, its timers
 * frozen as a pause freezes them (store/timers.ts `pause`, `pausedTimer`), so that the deadlines go on
 * from their time left at the release (a table its players paused has them frozen already). No
 * effects: nothing reaches a server the bot is not in, and nothing may be posted in a locked thread
 * (a bot with Manage Threads would reopen it). The outbox keeps what it held (a ping Discord refused,
 * a redraw a crash cut off) for the release; no retry spends requests on it meanwhile (store/games.ts
 * `dueForRetry`, `needingSyncIn` skip held tables). False: nothing to hold (held for it already, or not
 * running or paused).
 */
function holdFor(step: Step, reason: HoldReason, now: number): boolean {
  const t = step.t;
  const hold = t.row.hold;
  if (hold?.reasons[reason] !== undefined) return false;
  if (t.row.status !== 'running' && t.row.status !== 'paused') return false;
  step.hold = hold ? { ...hold, reasons: { ...hold.reasons, [reason]: now } } : { at: now, from: t.row.status, reasons: { [reason]: now } };
  step.unseen = true;
  step.dirty = true;
  if (t.row.status === 'running') {
    step.status = 'paused';
    step.timerOp = { op: 'pause', now };
  }
  return true;
}

/**
 * Ends the table's hold for `reason`: held for another too (the bot removed from a server whose
 * moderator locked the thread), it waits for that one, showing nothing. Else released: shown again
 * (its thread reopened, unless locked: messages.ts `ensureUnarchived`) with `notice`; one its players
 * had paused themselves stays paused (they resume it by their own vote), one that was running resumes
 * as a resume vote resumes it: each timer from the time it had left (store/timers.ts `resume`), whoever
 * must decide pinged again (`pingAfterResume`). Null: not held for it.
 */
function release(step: Step, reason: HoldReason, now: number, notice: 'bot-back' | 'thread-open'): Omit<Outcome, 'applied'> | null {
  const t = step.t;
  const hold = t.row.hold;
  if (hold?.reasons[reason] === undefined) return null;
  const { [reason]: _gone, ...rest } = hold.reasons;
  step.dirty = true;
  if (Object.keys(rest).length) {
    step.hold = { ...hold, reasons: rest };
    step.unseen = true;
    // Back in a server whose moderator locked the thread meanwhile: the idle end counts the lock's
    // days, not the removal's. Before, a long absence ended the match at the next housekeeping round.
    if (reason === 'removed') step.publicAt = Math.min(now, t.row.publicAt + Math.max(0, now - hold.reasons.removed!));
    return { ok: true };
  }
  step.hold = null;
  step.effects.push({ kind: 'unarchive' });
  if (hold.from === 'paused' || t.row.status !== 'paused') {
    step.effects.push({ kind: 'table', notice: { key: notice, ...(t.row.status === 'paused' ? { paused: true as const } : {}) } });
    return { ok: true };
  }
  step.status = 'running';
  step.timerOp = { op: 'resume', now };
  step.effects.push({ kind: 'table', notice: { key: notice } });
  return { ok: true, ...(pingAfterResume(step, now) ? { catchUp: true } : {}) };
}

function endedRefusal(t: Table): Refusal | null {
  if (t.row.status === 'finished') return refuse('errors:game-ended');
  if (t.row.status === 'cancelled') return refuse('errors:lobby-cancelled');
  if (t.row.status === 'lobby') return refuse('errors:not-started');
  return null;
}

const seatOf = (t: Table, userId: string): number | null => t.seats.find((s) => s.userId === userId)?.seat ?? null;

/**
 * Whether a click from a seat view still speaks to the seat's decision now (#13 §2): it carries the
 * token of the seat's view now (seat-token.ts), which another seat's hidden answer does not change.
 */
function viewIsCurrent(t: Table, seat: number, token: number): boolean {
  return token === seatToken(t, seat);
}

/** Which option a hand click picks from a decision: an index from `act`/`pick`, or null. */
function optionIndex(verb: HandVerb, arg: string | undefined, values: readonly string[] | undefined): number | null {
  const raw = verb === 'pick' ? (values?.length === 1 ? values[0] : undefined) : arg;
  return raw !== undefined && /^\d{1,4}$/.test(raw) ? Number(raw) : null;
}

/**
 * Commits the held pass of `seat` (reclaim.ts) whose time came, and runs the step on; false when there
 * is none. Final then, whether or not the scheduler has fired yet (its round busy with other tables,
 * a firing retried after a failure, a restart's catch-up still under way): before a click is judged,
 * and before the seat's view is drawn again (Open my hand, Refresh, Hint), which would still say the
 * pass may be changed and offer the other answers. Such a step's outcome says `answered: 'claim'`:
 * a public message the commit causes must not go out as a follow-up of the click, which would name
 * its clicker as a claimant (#13 §2).
 */
function* commitDue(step: Step, seat: number): Gen<boolean> {
  if (step.t.row.status !== 'running') return false;
  const due = heldUntil(step.t.timers, seat);
  if (due === null || due > step.now || !commitHeld(step, step.pending(), seat)) return false;
  yield* step.advance();
  return true;
}

/** The steps of one command; yields whenever it needs the AI's choice (see `act`, `actAsync`). */
function* actSteps(store: TableStore, cmd: TableCommand, now: number, clock: () => number = () => now): Gen<ActResult> {
  const t = store.load(cmd.gameId);
  const nothing = (outcome: Outcome, table: Table | null = t): ActResult => ({
    outcome,
    effects: [],
    table,
    outbox: table?.outbox ?? [],
    warnings: [],
  });
  if (!t) return nothing({ ok: false, refusal: refuse('errors:game-not-found'), applied: 0 }, null);
  const step = new Step(t, now, () => store.store.results.handsOf(t.row.id), clock);
  const carried = t.outbox.length ? { carried: t.outbox } : {};
  awayMode(store, t, step, cmd, now);
  const done = (outcome: Omit<Outcome, 'applied'>): ActResult => {
    let outbox: Effect[];
    try {
      outbox = step.commit(store);
    } catch (e) {
      if (e instanceof StaleStepError) return nothing({ ok: false, refusal: refuse('errors:stale', true), applied: 0 });
      throw e;
    }
    const effects = step.dirty || step.reminded.length ? outbox : t.outbox;
    return {
      outcome: { ...outcome, applied: step.entries.length },
      effects,
      table: step.after(outbox),
      outbox,
      warnings: step.warnings,
      ...(step.ranOut.length ? { ranOut: step.ranOut } : {}),
      ...carried,
    };
  };

  // A held table (store `TableHold`: the bot not in its server, or its thread locked) plays nothing
  // for anyone: only the release of each reason it is held for frees it ('bot-back', 'thread-unlocked').
  // A sync shows nothing (nothing can reach Discord, or may be posted), and any other command is refused
  // (but the idle end of a lock's hold: `heldRefusal`): a click on a hand view opened before the hold
  // (from /games or a DM notice), a timer read as due just before it, a member found gone.
  const held = heldRefusal(t, cmd);
  if (held) return nothing(held);

  // A running match whose log today's rules refuse (a rule fix since one of its moves was played:
  // store/rule-changes.ts) cannot go on: its next command of any kind (a click, a timer, the start-up
  // sync, housekeeping) ends it, saying why; the hands stored count. Before, every command threw, so
  // nobody could move it or end it, and not even the idle end did. Not while the table is held (the bot
  // removed from its server, its thread locked): it ends at the release, where its players see why.
  if (t.refused && (t.row.status === 'running' || t.row.status === 'paused') && !staysHeld(t, cmd)) {
    if (t.row.hold) step.hold = null;
    step.finish();
    step.effects.push({ kind: 'table', notice: { key: 'rules-changed-ended' } });
    step.warnings.push(`the match is ended: its log no longer replays (${t.refused.message})`);
    return done({ ok: false, refusal: refuse('errors:rules-changed') });
  }

  switch (cmd.kind) {
    case 'open-hand': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      const seat = seatOf(t, cmd.userId);
      if (seat === null) return nothing({ ok: false, refusal: refuse('errors:not-seated-spectator'), applied: 0 });
      return (yield* commitDue(step, seat)) ? done({ ok: true, seat, answered: 'claim' }) : nothing({ ok: true, seat, applied: 0 });
    }

    case 'hand': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      const seat = seatOf(t, cmd.userId);
      if (seat === null) return nothing({ ok: false, refusal: refuse('errors:not-your-hand'), applied: 0 });
      if (cmd.verb === 'refresh')
        return (yield* commitDue(step, seat)) ? done({ ok: true, seat, answered: 'claim' }) : nothing({ ok: true, seat, applied: 0 });
      if (cmd.verb === 'retake') {
        // A second click, or one from an older message: the seat is already the player's; no notice.
        if (!t.seats[seat]?.isAi) return nothing({ ok: true, seat, applied: 0 });
        // A seat its player left during this hand (Phỏm §11.3) is played out for them and then given
        // to the AI: not taken back (a public "took their seat back" for a seat they cannot keep).
        if (step.leftDuringHand().includes(seat)) return nothing({ ok: false, seat, refusal: refuse('errors:left-this-hand'), applied: 0 });
        step.setAi(seat, false);
        yield* step.advance({ key: 'retook', seat });
        return done({ ok: true, seat });
      }
      if (t.row.status === 'paused') return nothing({ ok: false, seat, refusal: refuse('errors:paused'), applied: 0 });
      const pending = step.pending();
      if (!viewIsCurrent(t, seat, cmd.ver)) return nothing({ ok: false, seat, refusal: refuse('errors:stale', true), applied: 0 });
      const decision = pending.find((d) => d.seat === seat);
      const options = decision?.options ?? [];
      let action: BaseAction | undefined;
      if (cmd.verb === 'announce') {
        const ui = t.manifest.ui;
        const r = decision && ui && ui.handles(options) ? ui.read(cmd.arg, cmd.values ?? [], options) : null;
        if (r?.kind === 'draft')
          return nothing({ ok: true, seat, draft: r.draft, ...(r.note ? { note: refuse(r.note) } : {}), applied: 0 });
        action = r?.action;
      } else {
        const i = optionIndex(cmd.verb, cmd.arg, cmd.values);
        action = i === null ? undefined : options[i];
        // An option the game's own control plays only after a question (Chắn's Announce nothing): by
        // its index (a view drawn before the question existed, a forged custom_id) it would skip the
        // question. Out of date: the current view is drawn.
        const ui = t.manifest.ui;
        if (action && decision && ui?.handles(options) && ui.asksFirst?.(action))
          return nothing({ ok: false, seat, refusal: refuse('errors:stale', true), applied: 0 });
      }
      if (!action) return nothing({ ok: false, seat, refusal: refuse('errors:no-such-option', true), applied: 0 });
      // A Pass on a claim at a table with a reclaim window is held, not applied (reclaim.ts): only the
      // seat's timer changes, and nothing is executed (an earlier step's outbox, redrawn or swept at
      // this moment, would tell that someone clicked). Clicked again, it changes nothing.
      // A held pass whose time came is final (`commitDue`): any click on that decision is out of
      // date. Before, a late click on another answer replaced the final pass. The player is told
      // their pass stands (this click committed it), not the generic "nothing was changed".
      if (decision && (yield* commitDue(step, seat)))
        return done({ ok: false, seat, answered: 'claim', refusal: refuse('errors:pass-held-final', true) });
      const hold = decision ? holdPass(step, decision, action) : null;
      if (hold) {
        const outcome = { ok: true, seat, answered: 'claim' as const, held: hold.held };
        if (hold.again) return nothing({ ...outcome, applied: 0 });
        const { carried: _carried, ...r } = done(outcome);
        return { ...r, effects: [] };
      }
      const r = step.apply(seat, action, 'player', cmd.userId);
      if (!r.ok) return nothing({ ok: false, seat, refusal: r.refusal, applied: 0 });
      yield* step.advance();
      return done({ ok: true, seat, ...(decision ? { answered: windowKind(decision) } : {}) });
    }

    case 'table': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      if (cmd.verb === 'take-seat') {
        const r = takeSeat(step, cmd.userId, cmd.displayName ?? cmd.userId, cmd.arg);
        return r.ok ? done({ ok: true, seat: r.seat }) : nothing({ ok: false, refusal: r.refusal, applied: 0 });
      }
      const seat = seatOf(t, cmd.userId);
      if (seat === null) return nothing({ ok: false, refusal: refuse('errors:not-seated'), applied: 0 });
      switch (cmd.verb) {
        case 'absent-ai':
        case 'absent-end': {
          const voteAfter = store.store.settings.table(t.row.guildId, t.row.game).voteAfter;
          const r = yield* voteAbsent(step, seat, cmd.userId, cmd.verb, cmd.arg, voteAfter);
          if (r.ok) return done({ ok: true, seat });
          // A deciding End the match vote asks first (absent.ts `askEnd`).
          const confirm = r.confirm ? { confirm: { verb: cmd.verb, arg: r.confirm, label: 'common:button.end-match-confirm' } } : {};
          return nothing({ ok: false, seat, refusal: r.refusal, ...confirm, applied: 0 });
        }
        case 'leave-seat': {
          const r = yield* leaveSeat(step, seat, cmd.userId, cmd.arg);
          if (r.kind === 'refused') return nothing({ ok: false, seat, refusal: r.refusal, applied: 0 });
          if (r.kind === 'confirm')
            return nothing({
              ok: false,
              seat,
              refusal: r.refusal,
              confirm: { verb: 'leave-seat', arg: r.arg, label: 'common:button.leave-confirm' },
              applied: 0,
            });
          return done({ ok: true, seat });
        }
        case 'next-hand': {
          // Only while the result the button was posted with is the table's: a second click, or one on
          // an older hand's result, deals nothing (seat changes after it move the version, not the hand).
          if (!step.result() || !resultStillUp(store, t, cmd))
            return nothing({ ok: false, seat, refusal: refuse('errors:stale'), applied: 0 });
          // A paused table deals nothing: a hand dealt then would have no deadlines when play resumes
          // (resume only restarts the timers the pause froze).
          if (t.row.status === 'paused') return nothing({ ok: false, seat, refusal: refuse('errors:paused'), applied: 0 });
          if (t.engine.matchOver(t.state)) {
            step.finish();
            return done({ ok: true, seat });
          }
          step.dealNextHand();
          yield* step.advance({ key: 'next-hand' });
          return done({ ok: true, seat });
        }
        case 'end-match': {
          // Asked first (as Leave the table is): one click beside Next hand ended the match for
          // everyone, its thread archived and locked. The question's "Yes, end the match" names the
          // hand (`endMatchConfirmArg`): once Next hand dealt, or the match ended otherwise, it is
          // out of date and changes nothing.
          const confirmed = cmd.arg?.startsWith(END_CONFIRM) ? cmd.arg.slice(END_CONFIRM.length) : undefined;
          const asked = confirmed === undefined ? cmd : { ver: cmd.ver, arg: confirmed };
          // Likewise: an End match clicked on a result after Next hand dealt from it ends no hand in play.
          if (!step.result() || !resultStillUp(store, t, asked))
            return nothing({ ok: false, seat, refusal: refuse('errors:stale'), applied: 0 });
          // The host's, while they play their own seat: once they left, or the AI holds their seat (their
          // time ran out with on-timeout `ai`, the others' vote), anyone still playing may end it, or
          // the players left could only go on (and, but in Phỏm, not even leave) until the idle end.
          const host = t.row.hostUserId;
          if (host && cmd.userId !== host && t.seats.some((s) => s.userId === host && !s.isAi))
            return nothing({ ok: false, seat, refusal: refuse('errors:host-only'), applied: 0 });
          if (confirmed === undefined) {
            const confirm = {
              verb: 'end-match' as const,
              arg: endMatchConfirmArg(t.row.handIndex),
              label: 'common:button.end-match-confirm',
            };
            return nothing({ ok: false, seat, refusal: refuse('common:end-match.confirm'), confirm, applied: 0 });
          }
          step.finish();
          return done({ ok: true, seat });
        }
        case 'pause':
        case 'resume': {
          const want = cmd.verb;
          // Pause only while a hand is in play (#13 §4; the table offers it then): a click on an older
          // table message after the hand ended would pause a table whose result waits for Next hand,
          // which a paused table refuses.
          if ((want === 'pause') !== (t.row.status === 'running') || (want === 'pause' && step.result()))
            return nothing({ ok: false, seat, refusal: refuse('errors:stale'), applied: 0 });
          // Votes of people playing their own seats only (absent.ts voterIds).
          const eligible = voterIds(step.seats, step.leftDuringHand());
          if (!eligible.has(cmd.userId)) return nothing({ ok: false, seat, refusal: refuse(noVoteKey(step, cmd.userId)), applied: 0 });
          const prior = t.row.pauseVotes.filter((v) => v.startsWith(`${want}:`)).map((v) => v.slice(want.length + 1));
          const votes = counted([...prior, cmd.userId], eligible);
          // Other votes (the other verb, absent-seat votes: absent.ts) stay as they are.
          const others = t.row.pauseVotes.filter((v) => !v.startsWith('pause:') && !v.startsWith('resume:'));
          const needed = want === 'resume' && now - t.row.publicAt >= PAUSED_ALONE_MS ? 1 : Math.floor(eligible.size / 2) + 1;
          // A second click of the same voter changes nothing: they are told where the vote stands
          // (unless the votes already suffice: fewer voters now, e.g. a seat went to the AI).
          if (prior.includes(cmd.userId) && votes.size < needed)
            return nothing({ ok: false, seat, refusal: refuse('errors:already-voted', false, { n: votes.size, needed }), applied: 0 });
          step.dirty = true;
          // A vote, a pause and a resume are shown in the thread: an archived one is reopened first.
          step.effects.push({ kind: 'unarchive' });
          if (votes.size >= needed) {
            step.timerOp = { op: want, now };
            step.status = want === 'pause' ? 'paused' : 'running';
            step.pauseVotes = others;
            step.effects.push({ kind: 'table', notice: { key: want === 'pause' ? 'paused' : 'resumed' } });
            // The ping up (a turn's, a claim window's) names a deadline the pause froze: it goes, and
            // the resume pings anew.
            if (want === 'pause') step.effects.push({ kind: 'unping' });
            if (want === 'resume' && pingAfterResume(step, now, cmd.userId)) return done({ ok: true, seat, catchUp: true });
          } else {
            step.pauseVotes = [...others, ...[...votes].map((v) => `${want}:${v}`)];
            step.effects.push({ kind: 'table', notice: { key: 'vote', seat, verb: want, n: votes.size, needed } });
          }
          return done({ ok: true, seat });
        }
      }
      return nothing({ ok: false, refusal: refuse('errors:stale'), applied: 0 });
    }

    case 'start': {
      if (t.row.status !== 'lobby')
        return nothing({
          ok: false,
          refusal: refuse(t.row.status === 'cancelled' ? 'errors:lobby-cancelled' : 'errors:lobby-started'),
          applied: 0,
        });
      if (cmd.userId !== t.row.hostUserId) return nothing({ ok: false, refusal: refuse('errors:host-only'), applied: 0 });
      const n = t.seats.length;
      const min = Math.max(t.engine.minSeats, t.engine.tableSize(t.row.options).min);
      if (n < min) return nothing({ ok: false, refusal: refuse('errors:not-enough-players', false, { min }), applied: 0 });
      step.status = 'running';
      step.seatCount = n;
      step.state = initialState(t.engine, t.row.options, n, t.row.seed);
      step.effects.push({ kind: 'lobby' });
      yield* step.advance();
      return done({ ok: true, seat: seatOf(t, cmd.userId) ?? 0 });
    }

    case 'timeout': {
      // A firing read just before a pause passed: the pause froze this timer, which must stay as it
      // is (rewritten here, it would lose its frozen time and be gone after the resume).
      if (t.row.status === 'paused') return nothing({ ok: false, refusal: refuse('errors:paused'), applied: 0 });
      const others = t.timers.filter((x) => x.seat !== cmd.seat);
      const d = step.pending().find((p) => p.seat === cmd.seat);
      if (t.row.status !== 'running' || !d) {
        step.timers = others;
        return done({ ok: false, refusal: refuse('errors:stale') });
      }
      // A held pass whose time came (reclaim.ts) is its player's own answer: committed as such by the
      // step (runAi), not played as a timeout, and the seat is not told that its time ran out.
      const held = heldUntil(t.timers, cmd.seat);
      if (held !== null && held <= now) {
        commitHeld(step, step.pending(), cmd.seat);
        // Held up to the window's deadline: its other claims that ran out are answered in this step.
        yield* answerOverdueClaims(step, others, now, t.row.timeoutPolicy === 'ai' ? t.row.takeoverLevel : null);
        yield* step.advance();
        return done({ ok: true });
      }
      // Likewise at the deadline: an away player's decision is played as away, not timed out; and a
      // claim a preference set since the window opened answers (README "Claim preferences": at
      // another table's menu, or /prefs) is answered by it: a timeout would pass a win the
      // preference declares, and on-timeout `ai` would hand the seat to the AI.
      if (yield* playAway(step, cmd.seat)) return done({ ok: true });
      if (yield* playPreference(step, d)) return done({ ok: true });
      // Read as due before the seat answered and got a new decision of the same kind (a new claim
      // window): its timer now has another deadline, and that decision is not answered early.
      const current = t.timers.find((x) => x.seat === cmd.seat);
      if (cmd.deadline !== undefined && current && current.deadline !== cmd.deadline)
        return nothing({ ok: false, refusal: refuse('errors:stale'), applied: 0 });
      if (windowKind(d) !== cmd.timerKind) {
        // A firing read before the seat's decision changed kind: its timer now is the right one.
        if (current?.kind === windowKind(d)) return nothing({ ok: false, refusal: refuse('errors:stale'), applied: 0 });
        // A timer of another kind than the seat's decision (one written before the decision was
        // judged a window, e.g. a secret opening choice's timer stored as a turn's): the deadlines
        // are worked out again, rather than leaving the seat to decide with no timer at all.
        step.timers = others;
        yield* step.advance();
        return done({ ok: false, refusal: refuse('errors:stale') });
      }
      const useAi = t.row.timeoutPolicy === 'ai';
      // The AI taking over an absent player's seat plays at the server's takeover level (kept on the game row).
      const takeover = t.row.takeoverLevel;
      step.timers = others;
      const { r, action } = yield* playTimeout(step, d, useAi ? takeover : null);
      if (!r.ok) {
        // Nothing could be played: the seat stays its player's, with a new deadline (its timer is set
        // again), rather than a table that waits with no timer for ever.
        step.warnings.push(`timeout default rejected (${r.refusal.key}) for seat ${cmd.seat}; a new deadline`);
        yield* step.advance();
        return done({ ok: false, refusal: r.refusal });
      }
      // A claim decision that ran out says nothing in public and does not hand the seat to the AI
      // (issue #13 §2): a notice "X ran out of time" or an AI badge on X would tell the table that
      // X could claim. The AI (policy 'ai') answers only this one claim.
      if (cmd.timerKind === 'claim') {
        step.ranOut.push({ seat: cmd.seat, action, options: d.options });
        yield* answerOverdueClaims(step, others, now, useAi ? takeover : null);
        yield* step.advance();
        return done({ ok: true });
      }
      if (useAi) step.setAi(cmd.seat, true, takeover);
      yield* step.advance({ key: useAi ? 'timeout-ai' : 'timeout', seat: cmd.seat, action });
      return done({ ok: true });
    }

    case 'remind': {
      // A reminder read as due just before a pause: the pause froze it, to go out after the resume.
      if (t.row.status === 'paused') return nothing({ ok: false, refusal: refuse('errors:paused'), applied: 0 });
      const stored = t.timers.find((x) => x.seat === cmd.seat);
      // Not due (any more): a claim window's reminder went out with another claimant's timer.
      if (!stored || stored.remindAt === null || stored.remindAt > now) return nothing({ ok: false, applied: 0 });
      // A player who went /away since (e.g. while the table was paused) is played for, not reminded.
      if (yield* playAway(step, cmd.seat)) return done({ ok: true });
      // Judged by the seat's decision now (timers.ts windowKind), not only the stored kind: a timer
      // written before a decision was judged a window must not name its holder in public.
      const d = step.pending().find((p) => p.seat === cmd.seat);
      const timer = d && windowKind(d) === 'claim' ? { ...stored, kind: 'claim' as const } : stored;
      // A decision without a deadline is reminded again (12 h, 24 h, then daily); after the server's
      // number of reminders the reminder offers the others a vote (absent.ts).
      const off = isOff(timer.deadline);
      if (off && timer.kind === 'claim') {
        // The open claim window is reminded once, for everybody, naming nobody (issue #13 §2): every
        // claimant's timer is marked with the same count and next reminder (timers.ts alignClaimWindow).
        const open = openClaimTimers(t.timers);
        const win = open.some((x) => x.seat === timer.seat) ? open : [...open, timer];
        const n = Math.max(...win.map((x) => x.reminders ?? 0)) + 1;
        const next = nextOffReminder(now, n);
        for (const x of win) step.reminded.push({ seat: x.seat, next });
        if (t.row.status === 'running') {
          const vote = n >= store.store.settings.table(t.row.guildId, t.row.game).voteAfter;
          step.effects.push({ kind: 'remind-claims', n, ...(vote ? { vote } : {}) });
        }
        return done({ ok: true });
      }
      const n = (timer.reminders ?? 0) + 1;
      step.reminded.push({ seat: cmd.seat, next: off ? nextOffReminder(now, n) : null });
      const s = t.seats[cmd.seat];
      // A claim reminder would name a claimant in public (issue #13 §2): only turn reminders are posted.
      // One fired late (the bot was down, or a slow round) after its deadline passed says nothing:
      // the timeout is played next, and "time is running out" would come after the time ran out.
      const late = !off && timer.deadline <= now;
      if (t.row.status === 'running' && s && !s.isAi && timer.kind === 'turn' && !late) {
        const vote = off && n >= store.store.settings.table(t.row.guildId, t.row.game).voteAfter;
        step.effects.push({
          kind: 'remind',
          seat: cmd.seat,
          deadline: off ? null : timer.deadline,
          version: timer.version,
          n,
          ...(vote ? { vote } : {}),
        });
      }
      return done({ ok: true });
    }

    case 'move': {
      if (t.row.status !== 'running') return nothing({ ok: false, refusal: endedRefusal(t) ?? refuse('errors:paused'), applied: 0 });
      if (cmd.ver !== null && cmd.ver !== t.row.version) return nothing({ ok: false, refusal: refuse('errors:stale', true), applied: 0 });
      // The seat's held pass whose time came is final (`commitDue`), as for a click: a move made
      // with the bot stopped (the CLI; no scheduler committed it) does not replace the player's answer.
      if (yield* commitDue(step, cmd.seat))
        return done({ ok: false, seat: cmd.seat, answered: 'claim', refusal: refuse('errors:pass-final') });
      const r = step.apply(cmd.seat, cmd.action, cmd.source ?? 'player', cmd.userId ?? null);
      if (!r.ok) return nothing({ ok: false, refusal: r.refusal, applied: 0 });
      yield* step.advance();
      return done({ ok: true, seat: cmd.seat });
    }

    case 'hint': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      const seat = seatOf(t, cmd.userId);
      if (seat === null) return nothing({ ok: false, refusal: refuse('errors:not-your-hand'), applied: 0 });
      if (!t.row.hints) return nothing({ ok: false, seat, refusal: refuse('errors:hints-off'), applied: 0 });
      if (t.row.status === 'paused') return nothing({ ok: false, seat, refusal: refuse('errors:paused'), applied: 0 });
      const pending = step.pending();
      // A Hint on a view drawn at an older version answers the decision that view showed, or
      // nothing: judged as a move from it would be (the seat's decision must be the same now).
      if (cmd.ver !== null && !viewIsCurrent(t, seat, cmd.ver))
        return nothing({ ok: false, seat, refusal: refuse('errors:stale', true), applied: 0 });
      const decision = pending.find((d) => d.seat === seat);
      // No hint for a decision answered already: a held pass whose time came is final (`commitDue`).
      if (decision && (yield* commitDue(step, seat)))
        return done({ ok: false, seat, answered: 'claim', refusal: refuse('errors:stale', true) });
      if (!decision || step.result()) return nothing({ ok: false, seat, refusal: refuse('errors:hint-nothing-to-decide'), applied: 0 });
      // One legal move (a forced draw): the view offers no Hint, and a forged or old click gets none.
      if (decision.options.length < 2) return nothing({ ok: false, seat, refusal: refuse('errors:hint-forced'), applied: 0 });
      // Asked again on the same view (a double click, or after another seat's hidden claim answer):
      // the choice given then, not worked out nor recorded again (only its reason is, where the choice
      // is made: off the main thread in the bot). By the view token, never the version (#13 §2).
      const viewToken = seatToken(t, seat);
      const given = store.store.games.hintOn(t.row.id, t.row.handIndex, seat, viewToken);
      const level: AiLevel = given?.level ?? 'strong';
      const a = yield* step.explained(seat, level, given?.action);
      // An AI that cannot answer gives no hint: the player is told so, the operator gets the warning.
      if (!a) return { ...nothing({ ok: false, seat, refusal: refuse('errors:hint-failed', true), applied: 0 }), warnings: step.warnings };
      // Durable, outside the step: the hints table (migration 6), never the replayable action log.
      if (!given)
        store.store.games.recordHint({
          gameId: t.row.id,
          version: t.row.version,
          hand: t.row.handIndex,
          seat,
          userId: cmd.userId,
          level,
          action: a.action,
          viewToken,
        });
      // The game's own reason for the choice, where it has one (engine.explain), worked out with it.
      // A reason that throws is a bug of the game's explain: the player still gets the hint (with
      // the generic line), and the operator gets a warning in the log (bot/effects.ts).
      const warnings = a.reasonError ? [`hint reason failed for seat ${seat} (${t.row.game}): ${a.reasonError}`] : [];
      // Worded for the asker by the decision's own kind (a secret opening choice is their turn).
      const hint = { action: a.action, level, decision: decision.kind, ...(a.reason ? { reason: a.reason } : {}) };
      return { ...nothing({ ok: true, seat, applied: 0, hint }), warnings };
    }

    case 'expire-idle': {
      // Only the table that stayed idle: a move, a click or a seat change since (public_at moved) or an
      // ended match leave it as it is.
      if ((t.row.status !== 'running' && t.row.status !== 'paused') || t.row.publicAt !== cmd.publicAt)
        return nothing({ ok: false, refusal: refuse('errors:stale'), applied: 0 });
      // A table held for its locked thread (`heldRefusal`) ends too, held no more.
      if (t.row.hold) step.hold = null;
      step.finish();
      // How long it was idle, which may be more than the setting (lowered, or 0 until now).
      step.effects.push({
        kind: 'table',
        notice: { key: 'idle-ended', days: Math.max(cmd.days, Math.floor((now - cmd.publicAt) / 86_400_000)) },
      });
      return done({ ok: true });
    }

    case 'prefs': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      const seat = seatOf(t, cmd.userId);
      if (seat === null) return nothing({ ok: false, refusal: refuse('errors:not-your-hand'), applied: 0 });
      // Durable at once (a user setting, not a table step); the step then answers a pending claim it covers.
      const kept = writePrefs(store.store.db, t.row.game, cmd.userId, cmd.values, now);
      step.prefs.set(seat, new Set(kept));
      const before = step.entries.length;
      if (t.row.status === 'running' && !step.result()) yield* step.runAi();
      if (step.entries.length === before) return nothing({ ok: true, seat, applied: 0 }, { ...t, prefs: step.prefs });
      yield* step.advance();
      return done({ ok: true, seat });
    }

    case 'member-gone': {
      const ended = endedRefusal(t);
      if (ended) return nothing({ ok: false, refusal: ended, applied: 0 });
      const r = yield* memberGone(step, cmd.userId);
      if (!r.ok) return nothing({ ok: false, refusal: r.refusal, applied: 0 });
      if (!t.row.hold) return done({ ok: true });
      // At a held table nothing is shown now (`heldRefusal`): what the step shows waits in the outbox
      // for the release, which runs it with its own.
      step.unseen = true;
      const { carried: _carried, ...held } = done({ ok: true });
      return { ...held, effects: [] };
    }

    case 'bot-removed':
    case 'thread-locked': {
      const reason = HOLDS[cmd.kind].reason;
      if (!holdFor(step, reason, now)) {
        // Held for it already: nothing to do. A table not running nor paused (a match over: the bot
        // locked its thread itself) is none to hold.
        const already = t.row.hold?.reasons[reason] !== undefined;
        return nothing(already ? { ok: true, applied: 0 } : { ok: false, refusal: refuse('errors:stale'), applied: 0 });
      }
      const { carried: _carried, ...r } = done({ ok: true });
      return { ...r, effects: [] };
    }

    case 'bot-back':
    case 'thread-unlocked': {
      const out = release(step, HOLDS[cmd.kind].reason, now, cmd.kind === 'bot-back' ? 'bot-back' : 'thread-open');
      if (!out) return nothing({ ok: false, refusal: refuse('errors:stale'), applied: 0 });
      if (!step.unseen) return done(out);
      // Held on for another reason: nothing shown, nothing carried to run.
      const { carried: _carried, ...r } = done(out);
      return { ...r, effects: [] };
    }

    case 'sync': {
      if (t.row.status === 'running') {
        // The deadlines and AI moves were committed with the step that caused them; this only
        // catches up what a restart could have missed, and re-derives the effects.
        const key = (x: readonly { seat: number; kind: string; deadline: number }[]) =>
          JSON.stringify(x.map((y) => [y.seat, y.kind, y.deadline]));
        yield* step.advance();
        const changed = step.entries.length > 0 || step.status !== undefined || key(step.timers ?? t.timers) !== key(t.timers);
        if (changed) return done({ ok: true });
        const effects = mergeEffects(t.outbox, step.effects);
        return {
          outcome: { ok: true, applied: 0 },
          effects,
          table: step.after(t.outbox),
          outbox: t.outbox,
          warnings: step.warnings,
          ...carried,
        };
      }
      // A finished match whose end-of-match message was never posted (bot/effects.ts marks it once
      // posted): derived again, so housekeeping and a restart post it.
      const effects =
        t.row.status === 'paused'
          ? mergeEffects(t.outbox, [{ kind: 'table' }])
          : t.row.status === 'finished' && t.row.lastNotice !== 'match-over'
            ? mergeEffects(t.outbox, [{ kind: 'end-match' }])
            : t.outbox;
      return { outcome: { ok: true, applied: 0 }, effects, table: t, outbox: t.outbox, warnings: [], ...carried };
    }
  }
}

/**
 * Runs one command against a table: at most one game load and one commit. Commands for one game
 * must not run concurrently in one process (the bot serializes them per game); a concurrent writer
 * elsewhere makes the commit fail cleanly (the outcome is "out of date", nothing is written).
 * The AI's choices are made inline (the CLI, tests); the bot uses `actAsync`.
 */
export function act(store: TableStore, cmd: TableCommand, now: number): ActResult {
  const g = actSteps(store, cmd, now);
  let r = g.next();
  while (!r.done) r = g.next(inline(r.value));
  return r.value;
}

/** The AI's choice made on this thread; an AI that throws answers a failure (the step goes on without it). */
function inline(ask: AiAsk): AiAnswer {
  return answerAsk(ask.engine, ask);
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/**
 * `act` with the AI's choices made by `port` (a worker pool): the event loop stays free while a
 * strong AI thinks. The game's lock is held by the caller throughout; the load and the commit are
 * the same single ones. An AI that fails (throws, or runs out of the pool's time) answers a failure
 * and the step goes on without it (`Step.decide`); if the port itself fails (the pool closed, a
 * worker that cannot load), that choice is made inline, on the event loop, with a warning (the
 * operator should know the pool is failing: every such decision holds up the other tables meanwhile).
 *
 * `now`: the clock, or the time it read as the step began. Given the clock, the deadlines the step
 * sets count from when the AI's choices were waited for (`Step`), not from before.
 *
 * Once the pool leaves a request `unanswered` (out of time, or its worker died), the step's later AI
 * choices are failures without asking it: a table whose AI hangs took a whole timeout per AI
 * decision of its step, each holding up its game's lock and the pool's worker, which other tables'
 * decisions waited for (with one worker, the default on two cores, until they failed too).
 */
export async function actAsync(store: TableStore, cmd: TableCommand, now: number | (() => number), port: AiPort): Promise<ActResult> {
  const clock = typeof now === 'function' ? now : () => now;
  const g = actSteps(store, cmd, clock(), clock);
  const warnings: string[] = [];
  let broken: string | null = null;
  let skipped = 0;
  let r = g.next();
  while (!r.done) {
    const ask = r.value;
    let answer: AiAnswer;
    try {
      if (broken === null) {
        answer = await port(ask);
        if (!answer.ok && answer.unanswered) broken = answer.error;
      } else {
        skipped++;
        answer = { ok: false, error: `not asked: an earlier request of this step got no answer (${broken})`, unanswered: true };
      }
    } catch (e) {
      warnings.push(
        `AI worker pool failed (${errorText(e)}); seat ${ask.seat}'s decision (${ask.game}, ${ask.level}) made on the main thread`,
      );
      answer = inline(ask);
    }
    r = g.next(answer);
  }
  const out = warnings.length ? { ...r.value, warnings: [...warnings, ...r.value.warnings] } : r.value;
  return skipped ? { ...out, aiSkipped: skipped } : out;
}
