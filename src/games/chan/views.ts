/**
 * What a seat and the public may see (engine contract). Never another seat's concealed cards, nor
 * the hidden flags that would reveal them (passed chắn/cạ, bỏ ù); the winner's hand is revealed at the end.
 */
import { copyState } from '../core/copy.js';
import type { Seat } from '../core/types.js';
import type { Face } from './cards.js';
import type { ChanAction } from './actions.js';
import type { ChanOptions } from './options.js';
import type { ChanResult } from './result-types.js';
import type { WinHandInput } from './scoring/predicates.js';
import { pending } from './rules.js';
import type { ChanState, MeldKind, Offer, PileCard } from './state.js';

export interface ChanSeatPublic {
  seat: Seat;
  /** Concealed card count. */
  handCount: number;
  /** Concealed + exposed cards (23/19 between actions). */
  cardCount: number;
  melds: { kind: MeldKind; cards: Face[]; taken: Face }[];
  /** Dead cards at this seat, in order. */
  pile: PileCard[];
  /** Faces this seat discarded (R3/R4 are public knowledge; returned faces too with `return-counts-as-discard`). */
  discardedFaces: Face[];
  hasEatenCa: boolean;
}

export interface ChanPublicView {
  game: 'chan';
  n: number;
  opener: Seat;
  handNumber: number;
  previousWinner: Seat | null;
  phase: 'open' | 'draw' | 'claim' | 'discard' | 'return' | 'xuong' | 'over';
  /** The seat whose turn it is (drawer, discarder, returner, announcer; the gate owner during a claim). */
  turn: Seat | null;
  /** The card on offer (face up at `offer.gate`). */
  offer: Offer | null;
  /** While a chíu-er must return a card (trả cửa): the interrupted gate it goes to. */
  returnTo: Seat | null;
  /** Seats that still have to make a turn decision (never who may claim). */
  waitingOn: Seat[];
  stockCount: number;
  draws: number;
  seats: ChanSeatPublic[];
  /** Match totals before this hand. */
  totals: number[];
  lastAction: ChanState['lastAction'];
  /** Set once the hand is over. */
  result: ChanResult | null;
  /** The table's house rules (public: every player knows them). */
  rules: ChanOptions;
}

export interface ChanSeatView extends ChanPublicView {
  me: Seat;
  /** Own concealed cards, sorted canonically. */
  hand: Face[];
  /** The card I just turned up from the nọc (still on offer), if any. */
  drawnCard: Face | null;
  /** The offered card I may react to now, if any. */
  claimable: Face | null;
  /** My legal actions now (empty if I have nothing to decide). */
  options: ChanAction[];
  /** `dealtHadChan`: whether my dealt hand held a chắn (Phá thiên, §9: an ù's value the seat knows). */
  flags: { passedChan: Face[]; passedCa: Face[]; uForfeited: boolean; dealtHadChan: boolean };
  /** While I must announce (xướng): the facts of my own win (hand before the card, how it came, Thông…). */
  myWin: WinHandInput | null;
}

export function publicView(s: ChanState): ChanPublicView {
  const p = s.phase;
  const turn =
    p.kind === 'draw' || p.kind === 'discard' || p.kind === 'return' || p.kind === 'xuong'
      ? p.seat
      : p.kind === 'claim'
        ? p.offer.gate
        : p.kind === 'open'
          ? s.opener
          : null;
  return {
    game: 'chan',
    n: s.n,
    opener: s.opener,
    handNumber: s.handNumber,
    previousWinner: s.previousWinner,
    phase: p.kind,
    turn,
    offer: p.kind === 'claim' ? { ...p.offer } : null,
    returnTo: p.kind === 'return' ? p.gate : null,
    // Only seats whose turn it is: who may claim a discard is hidden information (it tells who holds
    // matching pieces), so a claim window's deciders never reach the public view (issue #13 §2).
    waitingOn: pending(s)
      .filter((d) => d.kind !== 'claim')
      .map((d) => d.seat),
    stockCount: s.stock.length,
    draws: s.draws,
    seats: s.seats.map((st, seat) => ({
      seat,
      handCount: st.hand.length,
      cardCount: st.hand.length + st.melds.reduce((a, m) => a + m.cards.length, 0),
      melds: st.melds.map((m) => ({ kind: m.kind, cards: m.cards.slice(), taken: m.taken })),
      pile: st.pile.map((c) => ({ ...c })),
      discardedFaces: st.discardedFaces.slice(),
      hasEatenCa: st.hasEatenCa,
    })),
    totals: s.totals.slice(),
    lastAction: s.lastAction ? { ...s.lastAction } : null,
    result: s.outcome ? s.outcome.result : null,
    rules: { ...s.opts },
  };
}

export function seatView(s: ChanState, seat: Seat): ChanSeatView {
  const pub = publicView(s);
  const st = s.seats[seat]!;
  const p = s.phase;
  const mine = pending(s).find((d) => d.seat === seat);
  return {
    ...pub,
    me: seat,
    hand: st.hand.slice(),
    drawnCard: p.kind === 'claim' && p.offer.source === 'wall' && p.offer.from === seat ? p.offer.card : null,
    claimable: p.kind === 'claim' && mine ? p.offer.card : null,
    options: mine ? mine.options : [],
    flags: { passedChan: st.passedChan.slice(), passedCa: st.passedCa.slice(), uForfeited: st.uForfeited, dealtHadChan: st.dealtHadChan },
    myWin: p.kind === 'xuong' && p.seat === seat ? copyState(p.win.input) : null,
  };
}
