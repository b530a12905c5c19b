/** The vn-mahjong Engine object (vn-mahjong.md). */
import type { Engine, HandResult } from '../core/types.js';
import type { VnAction } from './actions.js';
import { ai, easyAi } from './ai.js';
import { explainStrong, strongAi, type VnKnowledge } from './ai-strong.js';
import type { AiLevel } from '../core/ai.js';
import { apply } from './apply.js';
import { score } from './cli.js';
import { checkInvariants } from './invariants.js';
import { OPTIONS, type VnOptions } from './options.js';
import { pending } from './rules.js';
import { fromScenario } from './scenario.js';
import { setup } from './setup.js';
import type { State } from './state.js';
import { publicView, view, type PublicView, type SeatView } from './views.js';

export type { VnAction, VnOptions, State, SeatView, PublicView };

/**
 * What a person's seat may know (core/ai.ts SeatKnowledge): the strong AI's only input, plain data
 * built from the seat's views and its pending decision (test/vn-mahjong/ai.test.ts checks it).
 */
export function knowledge(s: State, person: number): VnKnowledge {
  const decision = pending(s).find((d) => d.seat === person);
  if (!decision) throw new Error(`person ${person} has no pending decision`);
  return { seat: person, view: view(s, person), table: publicView(s), decision };
}

export const engine: Engine<State, VnAction, VnOptions, SeatView, PublicView, HandResult> = {
  id: 'vn-mahjong',
  // 2: issue #12's engine dialect (claim windows, tagged unions) changed the state's shape. 4: Bắc
  // Báo's Toàn Chữ feeding (§11.4) is recorded at the claim: a snapshot from before it lacks it.
  // 5: joker frames (§2, §15.12) are dealt with the hand: a snapshot from before has none, so a
  // Tổng Hợp combo would score 9 from it and 12 from the log (2026-12-06).
  stateVersion: 5,
  minSeats: 4,
  maxSeats: 6,
  options: OPTIONS,
  setup: (opts, seats, seed, previous) => setup(opts, seats, seed, previous ?? null),
  pending,
  apply: (s, seat, a) => apply(s, seat, a),
  view,
  publicView,
  result: (s) => s.end?.result ?? null,
  checkInvariants,
  ai: (s, person, level: AiLevel = 'normal') => {
    const seat = s.seatPerson.indexOf(person);
    if (level === 'easy') return easyAi(s, seat);
    if (level === 'normal') return ai(s, seat);
    return strongAi(knowledge(s, person));
  },
  // The hint button's reason: what the strong AI judged its choice from (ai-strong.ts).
  explain: (s, person, a) => explainStrong(knowledge(s, person), a),
  fromScenario,
  cli: { score },
  tableSize: (o) => ({ min: 4, max: 6, default: o['player-count'] }),
  // The reserves at 5–6 people (§3): public, as the table image shows them.
  sittingOut: (s) => s.match.reserves.slice(),
  // vn-mahjong.md has no deadline house rule of its own: the table's timer preset applies.
  timeouts: () => ({}),
  // The match counters advance when the next hand is dealt (setup.ts); dealing is pure and the
  // counters do not depend on the shuffle, so deal it with any seed and look.
  matchOver: (s) => s.phase === 'ended' && (s.match.over || setup(s.opts, s.match.people, 'match-over-probe', s).match.over),
};
