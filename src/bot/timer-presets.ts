/**
 * Timer presets per table (issue: live 30 s claims / 60 s turns; async 12 h / 24 h; custom).
 * With the `live` preset, a game's own house-rule timeouts (set with /config) take precedence
 * where the game has them: Phỏm `turn-timeout-s`, Chắn `decision-timeout-s` (0 = the preset's),
 * classical mahjong `turn-timeout-seconds` / `claim-timeout-seconds`.
 */
import type { GameId } from '../games/core/types.js';
import type { TimerPreset } from '../store/games.js';

export const TIMER_PRESETS = {
  live: { claimMs: 30_000, turnMs: 60_000 },
  async: { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 },
} as const;

/** Option keys (seconds) of each game's own live timeouts. */
const GAME_TIMEOUTS: Partial<Record<GameId, { turn: string; claim?: string }>> = {
  phom: { turn: 'turn-timeout-s' },
  chan: { turn: 'decision-timeout-s', claim: 'decision-timeout-s' },
  'classic-mahjong': { turn: 'turn-timeout-seconds', claim: 'claim-timeout-seconds' },
};

export function durations(p: TimerPreset, game?: GameId, options: Record<string, unknown> = {}): { claimMs: number; turnMs: number } {
  if (p.name === 'custom') return { claimMs: p.claimMs ?? TIMER_PRESETS.live.claimMs, turnMs: p.turnMs ?? TIMER_PRESETS.live.turnMs };
  const base = TIMER_PRESETS[p.name];
  const keys = game ? GAME_TIMEOUTS[game] : undefined;
  if (p.name !== 'live' || !keys) return base;
  const secs = (k: string | undefined) =>
    k && typeof options[k] === 'number' && (options[k] as number) > 0 ? (options[k] as number) * 1000 : null;
  return { turnMs: secs(keys.turn) ?? base.turnMs, claimMs: secs(keys.claim) ?? base.claimMs };
}

/** The reminder goes out when three quarters of the time has passed. */
export function reminderAt(start: number, duration: number): number {
  return start + Math.floor(duration * 0.75);
}
