/** What a seat and the public may see (phom.md §2: hands are private; rows, eaten cards and melds are public). */
import type { Payment, Seat } from '../core/types.js';
import { type Card, sortCards } from './cards.js';
import { bestDeadwood, canDeclareU, eatableCard, canEat, eatenInHand } from './plan.js';
import type { Options } from './options.js';
import { type LastAction, type Phase, type State, type WinTaken, pIndex, potAfter } from './state.js';

export interface PublicMeld {
  /** Index used as the `target` of a send. */
  index: number;
  owner: Seat;
  kind: 'set' | 'run';
  cards: Card[];
  sent: { card: Card; from: Seat }[];
}

export interface PublicView {
  n: number;
  /** The table's house rules (public: every player may read them; the strong AI needs a few). */
  options: Options;
  /** Seat dealt 10 cards (the spec's P0). */
  starter: Seat;
  turn: Seat;
  phase: Phase;
  turnNo: number;
  /** Seat that lays down next (phom.md §6.4). */
  lead: Seat;
  isTai: boolean;
  isLayDownTurn: boolean;
  /** Discard rows, oldest first (phom.md §2). */
  rows: Card[][];
  rowCounts: number[];
  melds: PublicMeld[];
  handCounts: number[];
  /** Cards held in hand that everyone has seen: eaten cards (and the phỏm with eat-reveal = phom). */
  shownInHand: Card[][];
  /** Every card eaten this hand, per seat. */
  eaten: Card[][];
  stockCount: number;
  laidDown: boolean[];
  layOrder: Seat[];
  left: boolean[];
  /** The card on offer to the active seat, if any. */
  claimable: { seat: Seat; card: Card; chot: boolean } | null;
  /** Eat payments made so far this hand. */
  payments: Payment[];
  /** Net this hand so far (eat payments), per seat. */
  running: number[];
  gaPot: number;
  last: LastAction | null;
  ended: boolean;
  /** All hands, revealed once the hand is over (phom.md §12). */
  hands: Card[][] | null;
  /**
   * After an Ù: the winner's hand arranged in phỏm, its loose cards, and the card that completed
   * it (drawn, or eaten from `from`; null on the dealt hand and for Ù khan).
   */
  winning: { phoms: Card[][]; loose: Card[]; taken: WinTaken | null } | null;
}

export interface SeatView extends PublicView {
  seat: Seat;
  /** P-number in this hand (0 = starter). */
  position: number;
  /** Own hand, sorted (eaten cards included, see `eatenInHand`). */
  hand: Card[];
  eatenInHand: Card[];
  /** The card just drawn this turn. */
  drawn: Card | null;
  isMyTurn: boolean;
  canEat: boolean;
  canDeclareU: boolean;
  /** Deadwood of the best arrangement of the own hand. */
  bestDeadwood: number;
}

export function publicView(s: State): PublicView {
  const running = Array.from({ length: s.n }, () => 0);
  for (const p of s.payments) {
    running[p.from]! -= p.amount;
    running[p.to]! += p.amount;
  }
  const claim = s.lastDiscard && s.phase === 'take' ? s.lastDiscard : null;
  return {
    n: s.n,
    options: { ...s.opts },
    starter: s.starter,
    turn: s.turn,
    phase: s.phase,
    turnNo: s.turnNo,
    lead: s.lead,
    isTai: s.tai,
    isLayDownTurn: s.layTurn,
    rows: s.rows.map((r) => r.slice()),
    rowCounts: s.rowCounts.slice(),
    melds: s.melds.map((m, index) => ({
      index,
      owner: m.owner,
      kind: m.kind,
      cards: m.cards.slice(),
      sent: m.sent.map((x) => ({ ...x })),
    })),
    handCounts: s.hands.map((h) => h.length),
    shownInHand: s.hands.map((h, i) => sortCards(h.filter((c) => s.eaten[i]!.includes(c) || s.shown[i]!.includes(c)))),
    eaten: s.eaten.map((e) => e.slice()),
    stockCount: s.stock.length,
    laidDown: s.laidDown.slice(),
    layOrder: s.layOrder.slice(),
    left: s.left.slice(),
    claimable: claim ? { ...claim } : null,
    payments: s.payments.map((p) => ({ ...p })),
    running,
    gaPot: s.end ? potAfter(s) : s.gaPotStart + s.gaIn.reduce((a, b) => a + b, 0),
    last: s.last ? { ...s.last } : null,
    ended: s.end !== null,
    hands: s.end ? s.hands.map((h) => sortCards(h)) : null,
    winning: winningOf(s),
  };
}

/** After an Ù: the winner's arranged hand (phom.md §12); null while playing and after a ranked end. */
function winningOf(s: State): PublicView['winning'] {
  const e = s.end;
  if (!e || e.by === 'rank') return null;
  if (e.by === 'u-khan') return { phoms: [], loose: e.loose.slice(), taken: null };
  return { phoms: e.phoms.map((p) => p.slice()), loose: e.loose.slice(), taken: e.taken ? { ...e.taken } : null };
}

export function view(s: State, seat: Seat): SeatView {
  const mine = s.turn === seat && !s.end;
  return {
    ...publicView(s),
    seat,
    position: pIndex(s, seat),
    hand: sortCards(s.hands[seat]!),
    eatenInHand: sortCards(eatenInHand(s, seat)),
    drawn: mine ? s.drawn : null,
    isMyTurn: mine,
    canEat: mine && eatableCard(s, seat) !== null && canEat(s, seat),
    canDeclareU: canDeclareU(s, seat),
    bestDeadwood: bestDeadwood(s, s.hands[seat]!, s.eaten[seat]!),
  };
}
