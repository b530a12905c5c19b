/**
 * The reclaim window (chan.md §6 `reclaim-window-s`, the manifest's `reclaimWindowMs`): a person's
 * click on Pass at a claim decision is held for the table's N seconds before it becomes final, and
 * meanwhile that seat may click another option of the same decision, which is applied instead, at
 * once. The engine has no clock, so the table holds the pass: the decision stays open (no log entry,
 * no new version), the seat's timer carries the moment the pass becomes final (`heldUntil`, store
 * migration 29), and the scheduler fires it as it fires a deadline (act.ts `timeout`). Any step that
 * finds a held pass due commits it (`commitHeld`): after a restart, the start-up sync does.
 *
 * Only a person's own click is held. A timeout default, an AI seat, an away player's stand-in, a
 * claim preference and the CLI's `move` (an operator's, with no clock of its own to wait on) are
 * final at once. A held pass is final at once when the seat passes to the AI or its player goes away
 * (their answer stands, not the AI's), and never later than the decision's own deadline.
 *
 * Hidden information (#13 §2): a held pass changes nothing public. The table message, the ping, the
 * state version, `public_at` and the window's deadline stay those of a seat still deciding; only the
 * seat's own view says that its pass is held and until when (views.ts).
 */
import type { BaseAction, Decision } from '../games/core/types.js';
import type { TimerRow } from '../store/index.js';
import type { Step } from './act.js';
import type { Table } from './store.js';
import type { TimerSpec } from './timers.js';

/** The table's reclaim window in ms (0: a pass is final at once). */
export function reclaimMs(t: Pick<Table, 'manifest' | 'row'>): number {
  const ms = t.manifest.reclaimWindowMs?.(t.row.options as Record<string, unknown>) ?? 0;
  return ms > 0 ? ms : 0;
}

/** When the held pass of `seat` becomes final, or null when its answer is not held. */
export function heldUntil(timers: readonly Pick<TimerSpec, 'seat' | 'heldUntil'>[], seat: number): number | null {
  return timers.find((x) => x.seat === seat)?.heldUntil ?? null;
}

/**
 * The step's timers (as it will write them) with the hold of `seat` set to `until`, clicked by `by`
 * (null: taken off).
 */
function withHold(step: Step, seat: number, until: number | null, by: string | null = null): TimerSpec[] {
  return (step.timers ?? step.t.timers).map((x): TimerSpec => {
    const { gameId: _g, pausedLeft: _p, ...rest } = x as TimerRow;
    if (x.seat !== seat) return rest;
    const { heldUntil: _h, heldBy: _b, ...open } = rest;
    return until === null ? open : { ...open, heldUntil: until, ...(by !== null ? { heldBy: by } : {}) };
  });
}

/**
 * A person clicked `action` at decision `d`: a Pass on a claim, at a table with a reclaim window, is
 * held (`held`: the step's timers say until when; nothing else changes) instead of applied; a Pass
 * clicked again while held changes nothing, nor moves the moment it becomes final (`again`). Null:
 * apply the click as it is (another answer, which also ends the hold, or no window).
 */
export function holdPass(step: Step, d: Decision<BaseAction>, action: BaseAction): { held: number; again: boolean } | null {
  if (d.kind !== 'claim' || action.type !== 'pass' || d.options.length < 2) return null;
  const ms = reclaimMs(step.t);
  const mine = step.t.timers.find((x) => x.seat === d.seat);
  if (ms === 0 || !mine) return null;
  if (mine.heldUntil != null) return { held: mine.heldUntil, again: true };
  // Never after the decision's own deadline: the window closes on time whoever held a pass.
  const until = Math.min(step.now + ms, mine.deadline);
  if (until <= step.now) return null;
  step.timers = withHold(step, d.seat, until, step.seats[d.seat]?.userId ?? null);
  return { held: until, again: false };
}

/**
 * Commits one held pass that is final now: its time came, or its seat is played by the AI or for its
 * away player. Logged as the player's own answer (source `player`). False when none is.
 */
export function commitHeld(step: Step, pending: readonly Decision<BaseAction>[], only?: number): boolean {
  for (const d of pending) {
    if (only !== undefined && d.seat !== only) continue;
    const timer = (step.timers ?? step.t.timers).find((x) => x.seat === d.seat);
    const until = timer?.heldUntil ?? null;
    if (until === null) continue;
    const s = step.seats[d.seat];
    // Logged as the clicker's (migration 31), whose seat row may name the AI by now (memberGone).
    const by = timer?.heldBy ?? s?.userId ?? null;
    if (only === undefined && until > step.now && !s?.isAi && !step.away.has(d.seat)) continue;
    // Taken off first: a pass the engine refused (it never should) leaves an open decision with its
    // deadline, not a hold that stays due for ever.
    step.timers = withHold(step, d.seat, null);
    const pass = d.options.find((a) => a.type === 'pass');
    if (pass && step.apply(d.seat, pass, 'player', by).ok) return true;
    step.warnings.push(`held pass rejected for seat ${d.seat}; the decision stays open`);
  }
  return false;
}
