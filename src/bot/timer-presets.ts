/** Timer presets per table (issue: live 30 s claims / 60 s turns; async 12 h / 24 h; custom). */
import type { TimerPreset } from '../store/games.js';

export const TIMER_PRESETS = {
  live: { claimMs: 30_000, turnMs: 60_000 },
  async: { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 },
} as const;

export function durations(p: TimerPreset): { claimMs: number; turnMs: number } {
  if (p.name === 'custom') return { claimMs: p.claimMs ?? TIMER_PRESETS.live.claimMs, turnMs: p.turnMs ?? TIMER_PRESETS.live.turnMs };
  return TIMER_PRESETS[p.name];
}

/** The reminder goes out when three quarters of the time has passed. */
export function reminderAt(start: number, duration: number): number {
  return start + Math.floor(duration * 0.75);
}
