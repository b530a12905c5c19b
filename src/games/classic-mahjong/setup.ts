/**
 * Setup of a hand (classic-mahjong.md §4) and the match counters carried from the previous hand:
 * dealer rotation for quick and tournament matches, the prevailing wind, balances (§3).
 */
import type { Options } from './options.js';
import { startPlay } from './rules.js';
import { settle } from './scoring/settle.js';
import { freshMatch, newState, shuffledTiles, type MatchState, type State } from './state.js';
import { deal } from './walls.js';

/** §3: the match state of the hand after `prev`. */
export function nextMatch(prev: State): MatchState {
  const m = structuredClone(prev.match);
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
      if (m.roundWind >= prev.opts['match-rounds']) m.over = true;
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

export function setup(opts: Options, seats: number, seed: string, previous?: State | null): State {
  const match = previous && previous.outcome ? nextMatch(previous) : freshMatch(seats, opts);
  return dealFrom(opts, seats, shuffledTiles(opts, seed), match);
}
