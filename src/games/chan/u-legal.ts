/**
 * Whether an ù is legal (chan.md §6, §7.3, §8), judged from the winning seat's facts only: what the
 * engine's flow (flow.ts) asks of the state and the strong AI (strong.ts) asks of its own view, so
 * both judge an ù alike. No state here: the strong AI's modules may not touch it (test/chan/ai.test.ts).
 */
import type { Seat } from '../core/types.js';
import { countOf, type Face } from './cards.js';
import { winShape } from './legality.js';
import type { ChanOptions } from './options.js';
import { findCuoc, type WinHandInput } from './scoring/predicates.js';
import { combine } from './scoring/settle.js';
import type { Offer, SeatState, WinRecord } from './state.js';

/**
 * What decides whether an ù is legal and what it is worth, as the winning seat knows it: its own
 * cards and flags, and public facts (the table's rules and size, how many nọc cards were drawn, who
 * won the last hand). The state gives it (flow.ts `factsOf`); so does a seat's own view (strong.ts), so the
 * strong AI judges an ù exactly as the engine does, from nothing it may not see.
 */
export interface UFacts {
  opts: ChanOptions;
  n: number;
  seat: Seat;
  st: Pick<SeatState, 'hand' | 'melds' | 'passedChan' | 'uForfeited' | 'dealtHadChan'>;
  draws: number;
  previousWinner: Seat | null;
}

/** The scoring input for a win with `card` (null = Thiên ù at OPEN). */
export function winInputOf(x: UFacts, card: Face | null, how: WinRecord['how'], gate: Seat | null, claimChiu: boolean): WinHandInput {
  const chi = card !== null && gate === x.seat && (how === 'wall' || how === 'return');
  // §9 Địa ù: no nọc draw preceded the winning card (the first nọc card itself still counts, Q16).
  const dia = how !== 'open' && (x.draws === 0 || (x.draws === 1 && how === 'wall'));
  return {
    n: x.n,
    concealed: x.st.hand.slice(),
    melds: x.st.melds.map((m) => ({ ...m, cards: m.cards.slice() })),
    card,
    claimChiu,
    chi,
    thien: how === 'open',
    dia,
    thong: x.previousWinner === x.seat,
    dealtHadChan: x.st.dealtHadChan,
  };
}

/** `uLegal` from the winning seat's facts. */
export function uLegalOf(x: UFacts, card: Face | null, how: WinRecord['how'], gate: Seat | null, claimChiu: boolean): boolean {
  if (x.st.uForfeited) return false;
  if (!winShape(x.st.hand, x.st.melds, card, claimChiu, x.opts, x.n)) return false;
  const min = x.opts['min-points-to-win'];
  if (min > 0 && x.opts.scoring === 'cuoc') {
    const f = findCuoc(winInputOf(x, card, how, gate, claimChiu), x.opts);
    if (!f || combine(f.list, x.opts).value < min) return false;
  }
  return true;
}

/**
 * Whether the seat's ù on `offer` would be legal (§6, §7.3, §8): on a nọc card, as drawn; on a
 * discard or returned card, only by chíu-ù (never on its own card, nor on a passed chắn, R1), or
 * plainly on a returned card with `u-on-returned-card`; never on a nọc card passed on.
 */
export function uLegalOnOffer(x: UFacts, offer: Offer): boolean {
  const c = offer.card;
  if (offer.source === 'wall') return uLegalOf(x, c, 'wall', offer.gate, false);
  // A nọc card passed on (§5.3) is no one's to win.
  if (offer.source === 'passed-wall' || x.seat === offer.from || x.seat === offer.returner) return false;
  const how = offer.source;
  const chiuU = countOf(x.st.hand, c) === 3 && !x.st.passedChan.includes(c) && uLegalOf(x, c, how, offer.gate, true);
  return chiuU || (how === 'return' && x.opts['u-on-returned-card'] && uLegalOf(x, c, how, offer.gate, false));
}
