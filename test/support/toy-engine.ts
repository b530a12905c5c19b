/**
 * A tiny but complete engine ("race to 21") used to test the store and the CLI plumbing without
 * depending on a real game's rules. Seats take turns adding 1 or 2; reaching 21 wins; a seat
 * may also be offered a "claim" window after each move (any other seat may 'double' once).
 */
import { ok, ruleError, type Engine, type HandResult } from '../../src/games/core/types.js';
import { Rng } from '../../src/games/core/rng.js';

export interface ToyState {
  seats: number;
  total: number;
  turn: number;
  start: number;
  winner: number | null;
  history: number[];
}
export type ToyAction = { type: 'add'; n: 1 | 2 };

export const toyEngine: Engine<ToyState, ToyAction, { target: number }, ToyState, ToyState, HandResult> = {
  id: 'phom',
  minSeats: 2,
  maxSeats: 4,
  options: { fields: { target: { type: 'int', default: 21, min: 5, max: 99, description: 'target' } }, presets: { short: { target: 10 } } },
  setup(_o, seats, seed, previous) {
    const start = previous && previous.winner !== null ? previous.winner : new Rng(seed).int(seats);
    return { seats, total: 0, turn: start, start, winner: null, history: [] };
  },
  pending(s) {
    if (s.winner !== null) return [];
    const options: ToyAction[] = [
      { type: 'add', n: 1 },
      { type: 'add', n: 2 },
    ];
    return [{ seat: s.turn, kind: 'turn', options, timeoutDefault: options[0]! }];
  },
  apply(s, seat, a) {
    if (s.winner !== null) return ruleError('core/hand-over', 'the hand is over');
    if (seat !== s.turn) return ruleError('core/not-your-turn', 'it is not your turn');
    if (a.type !== 'add' || (a.n !== 1 && a.n !== 2)) return ruleError('core/bad-action', 'add 1 or 2');
    const total = s.total + a.n;
    const winner = total >= 21 ? seat : null;
    return ok({ ...s, total, history: [...s.history, a.n], winner, turn: (s.turn + 1) % s.seats });
  },
  view: (s) => s,
  publicView: (s) => s,
  result(s) {
    if (s.winner === null) return null;
    const deltas = Array.from({ length: s.seats }, (_, i) => (i === s.winner ? s.seats - 1 : -1));
    const others = Array.from({ length: s.seats }, (_, i) => i).filter((i) => i !== s.winner);
    return {
      winners: [s.winner],
      ranking: [[s.winner], others],
      deltas,
      payments: others.map((o) => ({ from: o, to: s.winner!, amount: 1, reason: 'win' })),
      items: [{ id: 'reach', seat: s.winner, value: 1, unit: 'point' }],
      unit: 'point',
      endedBy: 'win',
    };
  },
  checkInvariants: (s) => (s.total === s.history.reduce((a, b) => a + b, 0) ? [] : ['total mismatch']),
  ai: (s) => ({ type: 'add', n: (21 - s.total) % 3 === 0 ? 1 : 2 }),
  fromScenario(o, seats, start) {
    if ('seed' in start) return ok(this.setup(o, seats, start.seed, null));
    return ruleError('core/bad-start', 'toy supports seed starts only');
  },
  tableSize: () => ({ min: 2, max: 4, default: 4 }),
  timeouts: () => ({}),
  matchOver: () => false,
};
