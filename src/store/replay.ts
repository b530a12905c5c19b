/**
 * Rebuilding a game's state from its options, seed and action log (the log is the truth; snapshots
 * are a cache). System entries start with '@': '@next-hand' deals the next hand of the match,
 * '@seat-change' records players leaving and joining between hands.
 */
import { handSeed } from '../games/core/rng.js';
import type { AnyEngine, BaseAction, SeatChange } from '../games/core/types.js';

export interface LogEntry {
  seq: number;
  hand: number;
  seat: number | null;
  action: BaseAction;
}

export const NEXT_HAND = '@next-hand';
/**
 * A system entry between hands: seats changed hands (`{ type, left, joined }`, core/types.ts
 * `SeatChange`). Replay marks the finished hand with it (`engine.seating.between`), so the next
 * deal applies the game's seating rules (Phỏm §3) exactly as it did live.
 */
export const SEAT_CHANGE = '@seat-change';

export function initialState(engine: AnyEngine, options: unknown, seats: number, seed: string): unknown {
  return engine.setup(options, seats, handSeed(seed, 0), null);
}

/**
 * A log entry today's engine refuses: a corrupt log, or a move the rules of its time allowed and a
 * rule fix since forbids (store/rule-changes.ts). Anything else thrown by a replay is damage.
 */
export class LogEntryRefused extends Error {
  constructor(
    message: string,
    /** The entry refused, and the state before it (when the replay that met it says: store/games.ts `state`). */
    readonly seq = 0,
    readonly before: unknown = null,
  ) {
    super(message);
  }
}

/** Applies one log entry; throws on an entry the engine rejects (a corrupt or incompatible log). */
export function applyEntry(engine: AnyEngine, options: unknown, seats: number, seed: string, state: unknown, entry: LogEntry): unknown {
  if (entry.action.type === NEXT_HAND) return engine.setup(options, seats, handSeed(seed, entry.hand), state);
  if (entry.action.type === SEAT_CHANGE) {
    if (!engine.seating) throw new Error(`log entry ${entry.seq}: this game has no seat changes`);
    const a = entry.action as unknown as SeatChange;
    return engine.seating.between(state, { left: [...a.left], joined: [...a.joined], ...(a.host !== undefined ? { host: a.host } : {}) });
  }
  if (entry.seat === null) throw new Error(`log entry ${entry.seq}: engine action without a seat`);
  const r = engine.apply(state, entry.seat, entry.action);
  if (!r.ok)
    throw new LogEntryRefused(`log entry ${entry.seq} was rejected on replay: ${r.error.code} ${r.error.message}`, entry.seq, state);
  return r.value;
}

export function replayLog(engine: AnyEngine, options: unknown, seats: number, seed: string, entries: LogEntry[]): unknown {
  let state = initialState(engine, options, seats, seed);
  for (const e of entries) state = applyEntry(engine, options, seats, seed, state, e);
  return state;
}
