/**
 * Timer presets per table (live 30 s claims / 60 s turns; async 12 h / 24 h; custom) and the
 * deadlines of pending decisions. With the `live` preset, a game's own deadline house rules
 * (`engine.timeouts(options)`, e.g. Phỏm `turn-timeout-s`, classical `turn-timeout-seconds` /
 * `claim-timeout-seconds`) take precedence where the game has them.
 */
import type { BaseAction, Decision, GameTimeouts } from '../games/core/types.js';
import type { SeatRow, TimerPreset, TimerRow } from '../store/index.js';

export const TIMER_PRESETS = {
  live: { claimMs: 30_000, turnMs: 60_000 },
  async: { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 },
} as const;

export function durations(p: TimerPreset, game: GameTimeouts = {}): { claimMs: number; turnMs: number } {
  if (p.name === 'custom') return { claimMs: p.claimMs ?? TIMER_PRESETS.live.claimMs, turnMs: p.turnMs ?? TIMER_PRESETS.live.turnMs };
  const base = TIMER_PRESETS[p.name];
  if (p.name !== 'live') return base;
  // TODO(#14): 'off' (Chắn `decision-timeout-s` = 0) means "no automatic deadline; remind and vote
  // instead". Until that reminder/vote flow exists the table's preset applies, as before.
  const ms = (s: number | 'off' | undefined) => (typeof s === 'number' && s > 0 ? s * 1000 : null);
  return { turnMs: ms(game.turn) ?? base.turnMs, claimMs: ms(game.claim) ?? base.claimMs };
}

/** The reminder goes out when three quarters of the time has passed. */
export function reminderAt(start: number, duration: number): number {
  return start + Math.floor(duration * 0.75);
}

export type TimerSpec = Omit<TimerRow, 'gameId' | 'pausedLeft'>;

/**
 * Deadlines for the humans who must decide now: a seat that still has the same kind of decision
 * keeps its deadline; a new decision gets `now + its duration`. Returns the timers and the seats
 * whose decision is new (they are pinged).
 */
export function deadlines(
  pending: Decision<BaseAction>[],
  seats: SeatRow[],
  old: TimerRow[],
  version: number,
  ms: { claimMs: number; turnMs: number },
  now: number,
): { timers: TimerSpec[]; fresh: number[] } {
  const prev = new Map(old.map((x) => [x.seat, x]));
  const fresh: number[] = [];
  const timers = pending
    .filter((d) => !seats[d.seat]?.isAi)
    .map((d): TimerSpec => {
      const p = prev.get(d.seat);
      if (p && p.kind === d.kind) return { seat: d.seat, kind: d.kind, version: p.version, deadline: p.deadline, remindAt: p.remindAt };
      fresh.push(d.seat);
      const len = d.kind === 'claim' ? ms.claimMs : ms.turnMs;
      return { seat: d.seat, kind: d.kind, version, deadline: now + len, remindAt: reminderAt(now, len) };
    });
  return { timers, fresh };
}
