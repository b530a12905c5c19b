/**
 * Timer presets per table (live 30 s claims / 60 s turns; async 12 h / 24 h; custom) and the
 * deadlines of pending decisions. One precedence (README "Timer presets", shown in the lobby):
 *
 *   1. `custom`: the seconds the host gave /play for this table.
 *   2. A game's house rule that turns deadlines **off** (Chắn `decision-timeout-s` = 0; the seed:
 *      no automatic deadline applies): nothing is ever played automatically, whatever the preset.
 *      The table reminds the player after 12 h, 24 h, then daily, and after the server's number of
 *      reminders lets the other players vote to hand the seat to the AI or end the match.
 *   3. `live`: the game's own seconds where it has them (Phỏm `turn-timeout-s`, classical
 *      `turn-timeout-seconds` / `claim-timeout-seconds`, Chắn `decision-timeout-s` > 0), else 30 s / 60 s.
 *   4. `async`: 12 h / 24 h (a game's seconds are for live play).
 */
import type { BaseAction, Decision, GameTimeouts } from '../games/core/types.js';
import type { SeatRow, TimerPreset, TimerRow } from '../store/index.js';

export const TIMER_PRESETS = {
  live: { claimMs: 30_000, turnMs: 60_000 },
  async: { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 },
} as const;

/** A decision's time in ms, or null: no automatic deadline (remind and vote instead). */
export interface Durations {
  claimMs: number | null;
  turnMs: number | null;
}

export function durations(p: TimerPreset, game: GameTimeouts = {}): Durations {
  if (p.name === 'custom') return { claimMs: p.claimMs ?? TIMER_PRESETS.live.claimMs, turnMs: p.turnMs ?? TIMER_PRESETS.live.turnMs };
  const base = TIMER_PRESETS[p.name];
  const pick = (s: number | 'off' | undefined, dflt: number): number | null =>
    s === 'off' ? null : p.name === 'live' && typeof s === 'number' && s > 0 ? s * 1000 : dflt;
  return { turnMs: pick(game.turn, base.turnMs), claimMs: pick(game.claim, base.claimMs) };
}

/**
 * The deadline stored for a decision without one (year ~128,000): never due, so the scheduler never
 * plays it. `isOff` recognizes it (also after a pause/resume shifted it).
 */
export const NO_DEADLINE = 4e15;
export const isOff = (deadline: number): boolean => deadline >= NO_DEADLINE / 2;

/** Reminders of a decision without a deadline: 12 h after it opened, 24 h, then every 24 h. */
export const OFF_FIRST_REMINDER_MS = 12 * 3600_000;
export function nextOffReminder(remindedAt: number, remindersSoFar: number): number {
  return remindedAt + (remindersSoFar <= 1 ? 12 : 24) * 3600_000;
}

/** The reminder goes out when three quarters of the time has passed. */
export function reminderAt(start: number, duration: number): number {
  return start + Math.floor(duration * 0.75);
}

export type TimerSpec = Omit<TimerRow, 'gameId' | 'pausedLeft'>;

/**
 * How the table handles a decision in public: a turn is named, pinged by name and announced when
 * it runs out; a claim, and a decision whose holder is secret (`Decision.secret`: an opening choice
 * only seats holding certain pieces get), is a window that names nobody (issue #13 §2). It is the
 * timer's kind; the timer's length goes by the decision's own `kind`.
 */
export function windowKind(d: Pick<Decision<BaseAction>, 'kind' | 'secret'>): 'turn' | 'claim' {
  return d.kind === 'claim' || d.secret ? 'claim' : 'turn';
}

/**
 * What was played in a step: whether any turn decision, which seats answered a claim, which seats
 * had nothing to decide at some point of it (`lapsed`), and which seats played a turn (`turnSeats`).
 */
export interface StepMoves {
  turn: boolean;
  claimed: ReadonlySet<number>;
  lapsed?: ReadonlySet<number>;
  turnSeats?: ReadonlySet<number>;
}

/**
 * Deadlines for the humans who must decide now: a seat that still has the same kind of decision
 * keeps its deadline; a new decision gets `now + its duration`, and so does a seat's own next turn
 * decision after a turn move of its own in the step. Returns the timers, the seats whose decision
 * is new (they are pinged) and the seats whose own follow-up got a new deadline (`renewed`: not
 * pinged again; a ping naming them that is still up is edited to show it).
 */
export function deadlines(
  pending: Decision<BaseAction>[],
  seats: SeatRow[],
  old: TimerRow[],
  version: number,
  ms: Durations,
  now: number,
  moved: StepMoves = { turn: false, claimed: new Set() },
  turnTime: ReadonlyMap<number, number> = new Map(),
): { timers: TimerSpec[]; fresh: number[]; renewed: number[] } {
  const prev = new Map(old.map((x) => [x.seat, x]));
  const fresh: number[] = [];
  const renewed: number[] = [];
  // A claim decision is a new one (a new window) when a turn was played in the step or the seat
  // itself answered a claim in it (its old window closed and a new one opened in the same step).
  // A turn is a new one when the seat had nothing to decide at some point of the step and another
  // seat played a turn in it: a human's turn that comes back after AI seats played theirs starts a
  // new deadline (and a ping).
  const otherTurn = (seat: number) => [...(moved.turnSeats ?? [])].some((s) => s !== seat);
  const isNew = (d: Decision<BaseAction>) =>
    windowKind(d) === 'claim' ? moved.turn || moved.claimed.has(d.seat) : moved.lapsed?.has(d.seat) === true && otherTurn(d.seat);
  // A seat still on its turn after a turn move of its own (a draw, then the discard; a kong nobody
  // robs, then the replacement's turn) has a new decision with its own time: every game's timeout
  // is per decision (phom.md §13 `turn-timeout-s` "seconds per pending decision", §5; chan.md §13
  // `decision-timeout-s`; classic-mahjong.md §13 `turn-timeout-seconds`, a kong's replacement being
  // a new `turn`; vn-mahjong.md §5, `turn` repeating after a joker, kong or bounce). Kept, a quick
  // draw left the discard the rest of the time, whereas a draw that ran out got a whole new one
  // (act.ts `timeout`). It is not pinged (nothing new to its player, who just played), and without
  // a deadline its reminders count anew from the move: a player who just played is not absent, so
  // no vote about them is offered before `vote-after` new reminders (the votes go by the timer's
  // version: absent.ts). Claim windows keep their deadlines (#13 §2).
  const followUp = (d: Decision<BaseAction>) => windowKind(d) === 'turn' && moved.turnSeats?.has(d.seat) === true;
  const timers = pending
    .filter((d) => !seats[d.seat]?.isAi)
    .map((d): TimerSpec => {
      const p = prev.get(d.seat);
      // A kept decision keeps its reminder count too (a restart's sync or another seat's move
      // rewrites the timers; the count decides when the vote is offered), and its held pass (reclaim.ts).
      const kind = windowKind(d);
      const same = p !== undefined && p.kind === kind && !isNew(d);
      if (same && !followUp(d))
        return {
          seat: d.seat,
          kind,
          version: p.version,
          deadline: p.deadline,
          remindAt: p.remindAt,
          reminders: p.reminders ?? 0,
          ...(p.heldUntil != null ? { heldUntil: p.heldUntil, ...(p.heldBy != null ? { heldBy: p.heldBy } : {}) } : {}),
        };
      if (!same) fresh.push(d.seat);
      // A player's own extra time (/prefs) stretches their turns only: a turn is public, whereas a
      // longer claim window, or a secret opening choice's, would tell who holds it (#13 §2).
      const len =
        d.kind === 'claim' ? ms.claimMs : ms.turnMs !== null && kind === 'turn' ? ms.turnMs * (turnTime.get(d.seat) ?? 1) : ms.turnMs;
      if (len === null) return { seat: d.seat, kind, version, deadline: NO_DEADLINE, remindAt: now + OFF_FIRST_REMINDER_MS, reminders: 0 };
      if (same) renewed.push(d.seat);
      return { seat: d.seat, kind, version, deadline: now + len, remindAt: reminderAt(now, len) };
    });
  return { timers: alignClaimWindow(timers), fresh, renewed };
}

/**
 * The open claim decisions without a deadline are ONE window for reminders and the vote (issue #13
 * §2: nothing public may depend on who can claim): they share the earliest one's version, next
 * reminder and count, so the window is reminded once, at times that do not depend on which seats
 * (or how many) still have a decision.
 */
export function alignClaimWindow(timers: TimerSpec[]): TimerSpec[] {
  const win = openClaimTimers(timers);
  if (win.length < 2) return timers;
  const version = Math.min(...win.map((x) => x.version));
  const first = win.find((x) => x.version === version)!;
  const reminders = Math.max(...win.map((x) => x.reminders ?? 0));
  return timers.map((x) => (win.includes(x) ? { ...x, version, remindAt: first.remindAt, reminders } : x));
}

/**
 * The open claim window's version (its timers share it: `alignClaimWindow`), or undefined when no
 * window is open. It names the window, not its claimants: a claimant who answers leaves it as it is
 * (the others keep theirs), and a new window (a new offer) has a new one. The window's votes
 * (absent.ts) and its reminder (bot/effects.ts sweepReminders) go by it.
 */
export function claimWindowVersion(timers: readonly Pick<TimerSpec, 'kind' | 'deadline' | 'version'>[]): number | undefined {
  const win = openClaimTimers(timers);
  return win.length ? Math.min(...win.map((x) => x.version)) : undefined;
}

/** The timers of the open claim window of a table without deadlines (human claimants only). */
export function openClaimTimers<T extends Pick<TimerSpec, 'kind' | 'deadline'>>(timers: readonly T[]): T[] {
  return timers.filter((x) => x.kind === 'claim' && isOff(x.deadline));
}
