/**
 * pending() and apply() of a legal action (vn-mahjong.md §4–§8, §11.6). The phases live apart:
 * initial.ts (initial exposure, §4.3), claims.ts (claim and rob windows, §6), turn.ts (the turn, §5, §7).
 */
import { canonical } from '../core/match.js';
import { ok, type Decision, type Result } from '../core/types.js';
import type { VnAction } from './actions.js';
import { transition } from './basics.js';
import { answer, awaiting, claimOptions, robOptions } from './claims.js';
import { applyInitial, initialOptions } from './initial.js';
import type { VnOptions } from './options.js';
import { finishFalseWin } from './settle-hand.js';
import type { State } from './state.js';
import { compareTiles, sortTiles, type Tile } from './tiles.js';
import { applyTurn, turnOptions } from './turn.js';

export { canWin, jokerDiscardAllowed, liveCount, next } from './basics.js';
export { winAs } from './tiles.js';
export { claimOptions } from './claims.js';
export { liveDraw, replacementDraw } from './draw.js';
export { initialNeedsDecision, startPlay } from './initial.js';

export function timeoutDefault(s: State, seat: number, options: VnAction[], kind: 'turn' | 'claim' | 'initial'): VnAction {
  const tw = s.opts['timeout-win'];
  const win = options.find((a) => a.type === 'win');
  if (kind === 'initial') return options[0]!;
  if (kind === 'claim') {
    if (win && tw === 'always') return win;
    return options.find((a) => a.type === 'pass')!;
  }
  if (win && tw !== 'never') return win;
  const discards = options.filter((a): a is { type: 'discard'; tile: Tile } => a.type === 'discard');
  const drawn = discards.find((a) => a.tile === s.drawn);
  if (drawn) return drawn;
  // §5: else the last legal tile in sort order m p s z J
  const sorted = [...discards].sort((a, b) => compareTiles(a.tile, b.tile));
  return sorted[sorted.length - 1] ?? options[options.length - 1]!;
}

export interface SeatDecision {
  seat: number;
  kind: 'turn' | 'claim' | 'initial';
  options: VnAction[];
}

/** Pending decisions by hand seat. */
export function pendingBySeat(s: State): SeatDecision[] {
  switch (s.phase) {
    case 'ended':
      return [];
    case 'initial':
      return [{ seat: s.init!.seat, kind: 'initial', options: initialOptions(s, s.init!.seat) }];
    case 'turn':
    case 'after-call':
      return [{ seat: s.turn, kind: 'turn', options: turnOptions(s, s.turn) }];
    case 'claim': {
      const c = s.claim!;
      return awaiting(s).map((x) => ({ seat: x, kind: 'claim' as const, options: claimOptions(s, x, c.tile, c.from) }));
    }
    case 'rob':
      return awaiting(s).map((x) => ({ seat: x, kind: 'claim' as const, options: robOptions(s, x) }));
  }
}

export function pending(s: State): Decision<VnAction>[] {
  return pendingBySeat(s).map((d) => ({
    seat: s.seatPerson[d.seat]!,
    kind: d.kind === 'claim' ? 'claim' : 'turn',
    options: d.options,
    timeoutDefault: timeoutDefault(s, d.seat, d.options, d.kind),
    // §4.3: only a seat holding a joker (or a dealer with one bonus tile) decides here (#13 §2)
    ...(d.kind === 'initial' ? { secret: true as const } : {}),
  }));
}

/** Apply an action of hand seat `seat`, assumed legal (one of the pending options). */
export function applyLegal(s0: State, seat: number, a: VnAction): Result<State> {
  if (a.type === 'initial-expose') return applyInitial(s0, seat, a);
  const s = transition(s0);
  if (s.phase === 'claim' || s.phase === 'rob') {
    // A claim answer stays hidden while the window is open, and a pass for ever: who could claim is
    // hidden information (issue #13 §2), so `last` (public) shows only the claim taken.
    const taken = answer(s, seat, a);
    if (taken) s.last = { seat: s.seatPerson[taken.seat]!, action: taken.answer };
    return ok(s);
  }
  s.last = { seat: s.seatPerson[seat]!, action: a };
  return applyTurn(s, seat, a);
}

const isTileList = (x: unknown): x is Tile[] => Array.isArray(x) && x.length <= 32 && x.every((t) => typeof t === 'string');

/**
 * Whether `a` has the shape of a Vietnamese mahjong action (actions.ts): its type, and each field
 * the type carries of the right kind (a tile or joker is a text, tiles a list of texts, `keepFlower` a
 * boolean, `phan` a number of phán). Anything else is `bad-action`, never an exception deeper in.
 */
export function wellFormed(a: unknown): a is VnAction {
  if (!a || typeof a !== 'object' || Array.isArray(a)) return false;
  const x = a as Record<string, unknown>;
  switch (x.type) {
    case 'initial-expose':
      return (x.jokers === undefined || isTileList(x.jokers)) && (x.keepFlower === undefined || typeof x.keepFlower === 'boolean');
    case 'discard':
    case 'expose':
    case 'hoi-coong':
      return typeof x.tile === 'string';
    case 'am-coong':
    case 'bounce':
      return typeof x.tile === 'string' && (x.joker === undefined || typeof x.joker === 'string');
    case 'win':
      return x.phan === undefined || (typeof x.phan === 'number' && Number.isFinite(x.phan) && x.phan >= 0 && x.phan <= 1000);
    case 'pass':
    case 'kong':
      return true;
    case 'pung':
      return isTileList(x.tiles);
    case 'chow':
      return isTileList(x.tiles) && (x.as === undefined || isTileList(x.as));
    default:
      return false;
  }
}

/** The action's canonical form (sorted tiles, defaults filled); `a` is well formed (`wellFormed`). */
export function normalize(a: VnAction): VnAction {
  if (a.type === 'pung') return { type: 'pung', tiles: sortTiles(a.tiles) };
  if (a.type === 'initial-expose') return { type: 'initial-expose', jokers: sortTiles(a.jokers ?? []), keepFlower: !!a.keepFlower };
  if (a.type === 'win') return { type: 'win' };
  return a;
}

export function isOption(options: VnAction[], a: VnAction): boolean {
  const key = canonical(normalize(a));
  return options.some((o) => canonical(normalize(o)) === key);
}

/** A false Ù under `false-win = penalized` (§11.6). */
export function applyFalseWin(s0: State, seat: number, phan: number): State {
  const s = transition(s0);
  finishFalseWin(s, seat, phan);
  return s;
}

export function optionsFor(s: State, seat: number): VnOptions {
  void seat;
  return s.opts;
}
