/**
 * What a table step asks Discord to show, as data (style.md §4a: decide, commit, then tell).
 * `act` returns these after its transaction; src/bot executes them (and records message ids). They
 * are also stored in the game's outbox in that same transaction, so after a crash the effects that
 * may not have reached Discord are executed again. Each is idempotent against the current state:
 * a table redraw shows the state as it is now, a ping replaces the previous ping, a result is
 * posted once per hand (`lastNotice`), the end of a match once.
 */
import type { BaseAction } from '../games/core/types.js';

/** A line on the table message, translated by the bot in the server's language. */
export type Notice =
  | { key: 'timeout' | 'timeout-ai'; seat: number; action: BaseAction }
  | { key: 'retook' | 'vote'; seat: number; verb?: 'pause' | 'resume'; n?: number; needed?: number }
  | { key: 'next-hand' | 'paused' | 'resumed' }
  /** Seat changes (seating.ts): the leaver's or taker's name, and the AI that took or gave the seat. */
  | { key: 'left-seat' | 'left-seat-hand' | 'took-seat'; seat: number; name: string; ai?: string }
  /** Votes about a seat whose decision has no deadline (absent.ts). */
  | { key: 'vote-absent'; seat: number; absent: number; verb: 'absent-ai' | 'absent-end'; n: number; needed: number }
  | { key: 'absent-ai' | 'absent-end'; seat: number }
  /**
   * Votes about the open claim window of a table without deadlines (absent.ts): the voter, never a
   * claimant; the result is the same words whoever could claim.
   */
  | { key: 'vote-claims'; seat: number; verb: 'absent-ai' | 'absent-end'; n: number; needed: number; opening?: true }
  /** `opening`: the window was a secret opening choice (`Decision.secret`), not claims. */
  | { key: 'claims-ai' | 'claims-end'; opening?: true }
  /** A seat was played for its away player (`/away`). */
  | { key: 'away'; seat: number }
  /** The match ended by itself: nothing happened at the table for `days` days (/config idle-days). */
  | { key: 'idle-ended'; days: number }
  /**
   * The match ended because today's rules refuse a move already in its log (a rule fix since it was
   * played: store/rule-changes.ts); the hands whose results are stored count.
   */
  | { key: 'rules-changed-ended' }
  /**
   * A seated player is no longer a member of the table's server (banned, kicked or left; seating.ts
   * `memberGone`): `ai` took their seat, or (`ended`) nobody else sits there and the match ended.
   * Public fact only (a member left), never why or anything of their hand.
   */
  | { key: 'member-gone'; seat: number; name: string; ai: string; ended?: true }
  /**
   * The bot is back in the table's server after its removal held the table (act.ts 'bot-back'): play
   * resumes, or (`paused`) the table stays paused as its players had left it.
   */
  | { key: 'bot-back'; paused?: true }
  /**
   * The game thread a moderator had locked is unlocked (act.ts 'thread-unlocked'): play resumes, or
   * (`paused`) the table stays paused as its players had left it.
   */
  | { key: 'thread-open'; paused?: true };

export type Effect =
  /**
   * Redraw the table message (edit it, or post it when there is none). `quiet`: the step (or every
   * step merged into this effect) changed nothing public since version `quiet`, so a message that
   * showed that version still shows the table (a claim pass after a restart is not edited, #13 §2).
   */
  | { kind: 'table'; notice?: Notice; quiet?: number }
  /** Redraw the lobby message (after Start). */
  | { kind: 'lobby' }
  /** Reopen the game thread if it was archived (a live game acts in it). */
  | { kind: 'unarchive' }
  /**
   * Replace the ping message: these seats must act now (turn or claim). `again`: a resume that pings
   * again at the same state version (act.ts 'resume', 'bot-back', 'thread-unlocked'), when (`at`) and
   * by whose deciding vote (`by`; none for a hold's release): a DM notice of that version sent or dropped before it is
   * sent once more (notifier.ts), except to the voter, who is at the table.
   */
  | { kind: 'ping'; turn: number[]; claim: number[]; again?: { at: number; by?: string } }
  /**
   * These seats' turns go on with a new deadline after their own move (timers.ts `deadlines`
   * `renewed`): no new ping, but the ping still up that names them is edited to show it (an edit
   * notifies nobody). A turn is public, so this tells nothing hidden.
   */
  | { kind: 'renew-ping'; seats: number[] }
  /**
   * Delete the ping up, if any: a pause froze the deadline it names (a turn's, a claim window's), which
   * soon read "2 days ago" beside "Paused"; the resume pings anew. Public, whoever could claim.
   */
  | { kind: 'unping' }
  /**
   * These seats have a new hidden decision that gets no public ping (the next holder of a secret
   * opening choice, act.ts `advance`): they are told privately only (their DM notice, if opted in).
   */
  | { kind: 'tell'; seats: number[] }
  /**
   * A seat's deadline is near (`deadline`), or a decision without a deadline still waits (`deadline`
   * null; `n`: the reminder's number; `vote`: the others may now vote, absent.ts). `version`: the
   * seat's timer's, the decision it reminds of (its message goes once the seat's timer has another).
   */
  | { kind: 'remind'; seat: number; deadline: number | null; version?: number; n?: number; vote?: boolean }
  /**
   * The open claim window of a table without deadlines still waits (reminder `n`; `vote`: the
   * players may now vote, absent.ts). One per window, naming no seat (issue #13 §2).
   */
  | { kind: 'remind-claims'; n: number; vote?: boolean }
  /** Post the finished hand's result (with Next hand / End match unless the match is over). */
  | { kind: 'result'; hand: number; matchOver: boolean }
  /** The match is over: remove the ping, post the totals, archive and lock the thread. */
  | { kind: 'end-match' }
  /**
   * Archive a thread again whose archiving failed (a 5xx, a timeout). Kept in the outbox by src/bot
   * (close-thread.ts), never made by a step: the housekeeping round or a restart executes it, posting
   * nothing. Without `thread`, the game's own thread: a finished match's, archived and locked (the
   * end-match effect's try), or a cancelled lobby's, archived only (`archiveOnly`, as bot/lobby.ts
   * archives it). `thread`: a seat's private thread (the match ended, or the seat changed hands),
   * archived and locked.
   */
  | { kind: 'close-thread'; thread?: string; archiveOnly?: true };

/** Where `mergeEffects` puts each kind of effect (the others, 2, as they came). */
const RANK: Partial<Record<Effect['kind'], number>> = { unarchive: 0, lobby: 1, table: 3, 'end-match': 4, 'close-thread': 4 };

/**
 * Merges a step's effects into what is still undelivered from before (the outbox): one table
 * redraw (the latest notice wins), one ping (the latest), the rest in order without duplicates.
 */
export function mergeEffects(before: readonly Effect[], after: readonly Effect[]): Effect[] {
  const out: Effect[] = [];
  const key = (e: Effect) =>
    e.kind === 'table' || e.kind === 'ping' || e.kind === 'lobby' || e.kind === 'unarchive' ? e.kind : JSON.stringify(e);
  for (const e of [...before, ...after]) {
    const k = key(e);
    const i = out.findIndex((x) => key(x) === k);
    if (i >= 0) out.splice(i, 1);
    out.push(e);
  }
  // A table redraw without a notice must not drop an earlier notice nobody saw yet.
  const tables = [...before, ...after].filter((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');
  const lastNotice = tables.filter((t) => t.notice).at(-1)?.notice;
  const t = out.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');
  if (t && !t.notice && lastNotice) t.notice = lastNotice;
  // Quiet only if every merged redraw was, since the earliest of them.
  if (t && tables.length > 1) {
    const since = tables.map((x) => x.quiet);
    if (since.every((q) => q !== undefined)) t.quiet = Math.min(...since);
    else delete t.quiet;
  }
  // Order: unarchive first, then ping/result/end-match as they came, the table redraw last but before
  // end-match (and the thread's closing, which comes with it).
  const rank = (e: Effect) => RANK[e.kind] ?? 2;
  return out
    .map((e, i) => ({ e, i }))
    .sort((a, b) => rank(a.e) - rank(b.e) || a.i - b.i)
    .map((x) => x.e);
}
