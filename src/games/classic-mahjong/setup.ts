/**
 * Setup of a hand (classic-mahjong.md §4) and the match counters carried from the previous hand:
 * dealer rotation for quick and tournament matches, the prevailing wind, balances (§3).
 */
import { copyState } from '../core/copy.js';
import type { TableSize } from '../core/types.js';
import { matchRounds, type Options } from './options.js';
import { startPlay } from './rules.js';
import { settle } from './scoring/settle.js';
import { freshMatch, newState, shuffledTiles, type MatchState, type State } from './state.js';
import { deal } from './walls.js';

/** §3: the match state of the hand after `prev`. */
export function nextMatch(prev: State): MatchState {
  const m = copyState(prev.match);
  const n = prev.seats;
  const o = prev.outcome;
  const r = settle(prev);
  if (r) r.deltas.forEach((d, seat) => (m.balances[m.playerAtSeat[seat]!]! += d));
  const tournament = prev.opts.rotation === 'tournament';
  let passes: boolean;
  if (!o || o.kind === 'draw') passes = !tournament;
  else if (o.winner === 0 && tournament) passes = !!o.eastStreak;
  else passes = true;
  if (o?.kind === 'win' && o.winner === 0 && !passes) m.eastWins++;
  else if (o?.kind === 'win' || passes) m.eastWins = 0;
  if (passes) {
    // S becomes East, E becomes North: the player at seat i+1 sits at seat i.
    m.playerAtSeat = m.playerAtSeat.map((_, i) => m.playerAtSeat[(i + 1) % n]!);
    m.passes++;
    if (m.passes >= n) {
      m.passes = 0;
      m.roundWind++;
      if (m.roundWind >= matchRounds(prev.opts)) m.over = true;
      m.roundWind %= 4;
    }
  }
  m.handIndex++;
  return m;
}

export function dealFrom(opts: Options, seats: number, order: string[], match: MatchState): State {
  const s = newState(opts, seats, order, match);
  if (!deal(s)) {
    s.phase = 'ended';
    s.outcome = { kind: 'draw' };
    return s;
  }
  startPlay(s, 0);
  return s;
}

/** Table sizes (§3; seed 004 §3: 2 or 3 players only outside tournaments, which need four). */
export function tableSize(opts: Options): TableSize {
  if (opts.rotation === 'tournament') return { min: 4, max: 4, default: 4 };
  return { min: 2, max: 4, default: opts.players };
}

export function setup(opts: Options, seats: number, seed: string, previous?: State | null): State {
  const size = tableSize(opts);
  // A table of the wrong size is refused by the lobby and the CLI (they read tableSize); dealing
  // one anyway is a caller's bug, never a silently different game.
  if (seats < size.min || seats > size.max)
    throw new Error(
      opts.rotation === 'tournament'
        ? `classic-mahjong: a tournament table needs four players (seed §3), not ${seats}`
        : `classic-mahjong: a table of ${seats} players is not allowed (2–4)`,
    );
  const match = previous && previous.outcome ? nextMatch(previous) : freshMatch(seats, opts);
  return dealFrom(opts, seats, shuffledTiles(opts, seed), match);
}
