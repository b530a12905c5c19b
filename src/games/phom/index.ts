/** The Phỏm engine (phom.md): the Engine object, nothing else. */
import type { Engine } from '../core/types.js';
import type { Action } from './actions.js';
import { ai, explainFor } from './ai.js';
import { score } from './cli.js';
import { checkInvariants } from './invariants.js';
import { OPTIONS, type Options } from './options.js';
import { apply, pending } from './rules.js';
import { fromScenario } from './scenario.js';
import { type PhomResult, settle } from './scoring/settle.js';
import { type PotPaid, type SeatChange, type State, nextStarter, potRefund, setup, withSeatChange } from './state.js';
import { type PublicView, type SeatView, publicView, view } from './views.js';

export type { Action, Options, PhomResult, PotPaid, PublicView, SeatChange, SeatView, State };
/** For the table layer (phom.md §3 starter-reset, §11.3): mark a finished hand with a seating change before the next deal. */
export { nextStarter, withSeatChange };
/** For the table layer (phom.md §15.12): the gà pot no Ù took, refunded to who paid it when the match ends. */
export { potRefund };

export const engine: Engine<State, Action, Options, SeatView, PublicView, PhomResult> = {
  id: 'phom',
  // 2: issue #12's engine dialect (claim windows, tagged unions) changed the state's shape.
  // 3: an Ù records the card that completed it (`EndInfo.taken`, issue #13 §5).
  // 4: who paid the carried gà pot (`State.gaPaid`, §15.12): an older snapshot, which lacks it, is
  //    replayed from the log rather than leaving that pot without payers.
  stateVersion: 4,
  minSeats: 2,
  maxSeats: 4,
  options: OPTIONS,
  setup,
  pending,
  apply,
  view,
  publicView,
  result: settle,
  checkInvariants,
  ai,
  fromScenario,
  tableSize: () => ({ min: 2, max: 4, default: 4 }),
  // phom.md §14: `turn-timeout-s` is the deadline of every pending decision (10–300 s).
  timeouts: (o) => ({ turn: o['turn-timeout-s'], claim: o['turn-timeout-s'] }),
  // A Phỏm session has no fixed length: the table decides when to stop.
  matchOver: () => false,
  // phom.md §3 (a seating change makes the next hand a first hand, `starter-reset`) and §11.3 (a
  // player who leaves during a hand is played out by the engine and settles as Móm).
  seating: {
    between: (previous, change) => {
      const before = previous.seatChange;
      const union = (a: readonly number[], b: readonly number[]) => [...new Set([...a, ...b])].sort((x, y) => x - y);
      // Each change names the host's seat as it is then (none: seat 0), so the latest one holds.
      const { host: _, ...kept } = before ?? { left: [], joined: [] };
      return withSeatChange(previous, {
        ...kept,
        left: union(before?.left ?? [], change.left),
        joined: union(before?.joined ?? [], change.joined),
        ...(change.host !== undefined ? { host: change.host } : {}),
      });
    },
    leave: { type: 'leave' },
    leftSeats: (s) => s.left.flatMap((l, seat) => (l ? [seat] : [])),
  },
  explain: explainFor,
  cli: { score },
};
