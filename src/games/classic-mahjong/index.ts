/** The classical Chinese mahjong engine (classic-mahjong.md): the Engine object, nothing else. */
import type { Engine } from '../core/types.js';
import type { Action } from './actions.js';
import { ai } from './ai.js';
import { explainClassic } from './explain.js';
import { OPTIONS, type Options } from './options.js';
import { checkInvariants, fromScenario } from './position.js';
import { apply, pending } from './rules.js';
import { cliScore } from './scoring/cli.js';
import { settle, type ClassicResult } from './scoring/settle.js';
import { setup, tableSize } from './setup.js';
import type { State } from './state.js';
import { publicView, view, type PublicView, type SeatView } from './views.js';

export type { Action, Options, State, SeatView, PublicView, ClassicResult };

export const engine: Engine<State, Action, Options, SeatView, PublicView, ClassicResult> = {
  id: 'classic-mahjong',
  // 2: issue #12's engine dialect (claim windows, tagged unions) changed the state's shape.
  stateVersion: 2,
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
  // The hint button's reason, from the seat's knowledge only (explain.ts).
  explain: (s, seat, a) => {
    const decision = pending(s).find((d) => d.seat === seat);
    if (!decision) throw new Error(`classic explain: seat ${seat} has no pending decision`);
    return explainClassic({ seat, view: view(s, seat), table: publicView(s), decision }, a);
  },
  fromScenario,
  cli: { score: cliScore },
  tableSize,
  timeouts: (o) => ({ turn: o['turn-timeout-seconds'], claim: o['claim-timeout-seconds'] }),
  // The match counters advance when the next hand is dealt (setup.ts); dealing is pure and the
  // counters do not depend on the shuffle, so deal it with any seed and look.
  matchOver: (s) => s.phase === 'ended' && (s.match.over || setup(s.opts, s.players.length, 'match-over-probe', s).match.over),
};
