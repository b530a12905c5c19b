/** The Chắn engine (chan.md; issue #7). */
import type { Engine } from '../core/types.js';
import type { ChanAction } from './actions.js';
import { ai, knowledge } from './ai.js';
import { explainStrong } from './strong.js';
import { score } from './cli.js';
import { checkInvariants } from './invariants.js';
import { OPTIONS, type ChanOptions } from './options.js';
import { fromScenario } from './position.js';
import type { ChanResult } from './result-types.js';
import { apply, falseDeclaration, pending } from './rules.js';
import { setupHand, type ChanState } from './state.js';
import { publicView, seatView, type ChanPublicView, type ChanSeatView } from './views.js';

export type { ChanAction, ChanOptions, ChanResult, ChanState, ChanPublicView, ChanSeatView };

export const engine: Engine<ChanState, ChanAction, ChanOptions, ChanSeatView, ChanPublicView, ChanResult> = {
  id: 'chan',
  // 2: issue #12's engine dialect (claim windows, tagged unions) changed the state's shape.
  // 3: a win records whose the winning card was (`WinRecord.from`, `ChanResult.winFrom`, issue #13 §5).
  stateVersion: 3,
  minSeats: 4,
  maxSeats: 5,
  options: OPTIONS,
  setup: (opts, seats, seed, previous) => setupHand(opts, seats, seed, previous ?? null),
  pending,
  apply,
  view: seatView,
  publicView,
  result: (s) => s.outcome?.result ?? null,
  checkInvariants,
  ai,
  // The hint button's reason: what the strong AI judged its choice from (strong.ts).
  explain: (s, seat, a) => explainStrong(knowledge(s, seat), a),
  fromScenario,
  cli: { score },
  // No table-size house rule: a lobby opens with the maximum, as before the manifests.
  tableSize: () => ({ min: 4, max: 5, default: 5 }),
  // chan.md: `decision-timeout-s` 0 = off (the seed: no automatic deadline), else per decision.
  timeouts: (o) => {
    const s = o['decision-timeout-s'];
    return s > 0 ? { turn: s, claim: s } : { turn: 'off', claim: 'off' };
  },
  matchOver: () => false,
  falseDeclaration,
};
