/**
 * Chắn hand state and the deal (chan.md §3–§5.1). Seats are fixed table positions 0…n−1 (seat 0 =
 * the host's seat); `opener` is the seat that opens this hand ("seat 0" of the spec's per-hand
 * numbering). Plain JSON data only.
 */
import type { ClaimWindow } from '../core/claims.js';
import { Rng } from '../core/rng.js';
import type { Seat } from '../core/types.js';
import { newDeck, sortFaces, type Face } from './cards.js';
import type { ChanOptions } from './options.js';
import type { WinHandInput } from './scoring/predicates.js';
import type { ChanResult } from './result-types.js';

export type MeldKind = 'chan' | 'ca' | 'chiu';
export interface Meld {
  kind: MeldKind;
  /** The exposed cards, the taken card first. */
  cards: Face[];
  /** The card taken from the table. */
  taken: Face;
}

export type OfferSource = 'wall' | 'passed-wall' | 'discard' | 'return';
export interface Offer {
  card: Face;
  /** Seat whose gate the card lies at. */
  gate: Seat;
  source: OfferSource;
  /** Drawer (wall, passed-wall), discarder (discard) or chíu-er who returned it (return). */
  from: Seat;
  /** True when this is the last drawable nọc card (for `final-turn` = u-only). */
  last?: boolean;
  /** A returned card nobody took, now travelling as the gate owner's discard (Q18). */
  wasReturned?: boolean;
  /** The chíu-er who returned this very card (§7.3: it may never take it back), also after it moved on. */
  returner?: Seat;
}

/** A dead card lying on the table, in order (publicly visible). */
export interface PileCard {
  card: Face;
  /** How it got there: discarded, a drawn card nobody took, a returned card nobody took. */
  how: 'discard' | 'drawn' | 'returned';
}

export interface SeatState {
  hand: Face[];
  melds: Meld[];
  pile: PileCard[];
  passedChan: Face[];
  passedCa: Face[];
  discardedFaces: Face[];
  hasEatenCa: boolean;
  uForfeited: boolean;
  /** Whether the dealt hand held an identical pair (Phá thiên, §9). */
  dealtHadChan: boolean;
}

/**
 * What one seat may claim on an offer (§6). The answers live in the phase's claim window
 * (src/games/core/claims.ts), in priority order for ties: clockwise from the gate.
 */
export interface ClaimSeat {
  seat: Seat;
  /** Ù offered (validated: legal; honor: pressable). */
  u: boolean;
  /** Ù would really win (for bỏ ù and ù láo). */
  uLegal: boolean;
  chiu: boolean;
  /** Partner cards for ăn (gate owner only). */
  eat: Face[];
  /** Whether a chắn was among the ăn options (for the bans of §7.5). */
  eatChan: boolean;
}
export type ClaimAnswer = { type: 'u'; calls?: CuocCall[] } | { type: 'chiu' } | { type: 'eat'; with: Face } | { type: 'pass' };

export type Phase =
  | { kind: 'open' }
  | { kind: 'draw'; seat: Seat }
  | { kind: 'claim'; offer: Offer; seats: ClaimSeat[]; window: ClaimWindow<ClaimAnswer> }
  | { kind: 'discard'; seat: Seat }
  | { kind: 'return'; seat: Seat; gate: Seat }
  /** The winner announces (manual xướng); the declared win waits here. */
  | { kind: 'xuong'; seat: Seat; win: WinRecord }
  | { kind: 'over' };

export type WinHow = 'open' | 'wall' | 'discard' | 'return';
export interface WinRecord {
  seat: Seat;
  card: Face | null;
  how: WinHow;
  /**
   * Whose the winning card was (public once the hand is won): the drawer for a nọc card, the
   * discarder, or the chíu-er who returned it (`Offer.from`); null for Thiên ù.
   */
  from: Seat | null;
  /** Gate the winning card lay at (null for Thiên ù). */
  gate: Seat | null;
  byChiu: boolean;
  /** Snapshot of the winner's hand before the win (for scoring and xướng). */
  input: WinHandInput;
}
export interface CuocCall {
  cuoc: string;
  count?: number;
}

/** How a hand ended (§10–§12): a tagged union on `endedBy`. */
export type Outcome =
  | { endedBy: 'u'; winner: Seat; offender: null; win: WinRecord; result: ChanResult }
  /** The ù-er announced wrongly: he still opens next (Q11) but pays đền làng. */
  | { endedBy: 'xuong-sai'; winner: Seat; offender: Seat; win: WinRecord; result: ChanResult }
  | { endedBy: 'u-lao'; winner: null; offender: Seat; win: null; result: ChanResult }
  | { endedBy: 'draw'; winner: null; offender: null; win: null; result: ChanResult };

/** The last accepted turn action or resolved claim, as the table shows it (same shape as the action). */
export type LastAction =
  | { seat: Seat; type: 'draw'; card?: undefined }
  | { seat: Seat; type: 'xuong'; card?: undefined }
  /** Ù: with the winning card, or without at OPEN (Thiên ù). */
  | { seat: Seat; type: 'u'; card?: Face }
  | { seat: Seat; type: 'chiu' | 'eat' | 'discard' | 'return'; card: Face };

export interface ChanState {
  game: 'chan';
  opts: ChanOptions;
  n: number;
  opener: Seat;
  handNumber: number;
  /** Winner of the previous hand if it was won (Thông). */
  previousWinner: Seat | null;
  /** Cumulative deltas of the match before this hand. */
  totals: number[];
  stock: Face[];
  seats: SeatState[];
  phase: Phase;
  draws: number;
  outcome: Outcome | null;
  /** The last accepted action (for the table display). */
  lastAction: LastAction | null;
}

export const handSizes = (n: number): { opener: number; other: number; pairs: number; minChan: number } =>
  n === 4 ? { opener: 24, other: 23, pairs: 12, minChan: 8 } : { opener: 20, other: 19, pairs: 10, minChan: 6 };

export function emptySeat(): SeatState {
  return {
    hand: [],
    melds: [],
    pile: [],
    passedChan: [],
    passedCa: [],
    discardedFaces: [],
    hasEatenCa: false,
    uForfeited: false,
    dealtHadChan: true,
  };
}

export function hasIdenticalPair(cards: readonly Face[]): boolean {
  const seen = new Set<Face>();
  for (const c of cards) {
    if (seen.has(c)) return true;
    seen.add(c);
  }
  return false;
}

/** Deal a deck (top first): opener first, then clockwise (§4). */
export function dealDeck(
  opts: ChanOptions,
  n: number,
  deck: readonly Face[],
  opener: Seat,
  carry: Pick<ChanState, 'handNumber' | 'previousWinner' | 'totals'>,
): ChanState {
  const sz = handSizes(n);
  const seats = Array.from({ length: n }, emptySeat);
  let pos = 0;
  for (let k = 0; k < n; k++) {
    const seat = (opener + k) % n;
    const take = k === 0 ? sz.opener : sz.other;
    const hand = deck.slice(pos, pos + take);
    pos += take;
    seats[seat]!.hand = sortFaces(hand);
    seats[seat]!.dealtHadChan = hasIdenticalPair(hand);
  }
  return {
    game: 'chan',
    opts,
    n,
    opener,
    handNumber: carry.handNumber,
    previousWinner: carry.previousWinner,
    totals: carry.totals,
    stock: deck.slice(pos),
    seats,
    phase: { kind: 'open' },
    draws: 0,
    outcome: null,
    lastAction: null,
  };
}

/** Next hand's opener and carried data from the finished previous hand (§3, §12, Q11). */
export function carryFrom(
  opts: ChanOptions,
  n: number,
  rng: Rng,
  previous: ChanState | null | undefined,
): { opener: Seat; handNumber: number; previousWinner: Seat | null; totals: number[] } {
  if (!previous || previous.n !== n || !previous.outcome) {
    const opener = opts['first-opener'] === 'random' ? rng.int(n) : 0;
    return { opener, handNumber: 0, previousWinner: null, totals: new Array<number>(n).fill(0) };
  }
  const o = previous.outcome;
  // Q11: after xướng sai the ù-er opens; but the win was not paid (§11: its result has no winner),
  // so it is no won hand for Thông (§9, "also won the previous hand"), as a draw is not.
  const won = o.endedBy === 'u' ? o.winner : null;
  const opens = o.endedBy === 'u' || o.endedBy === 'xuong-sai' ? o.winner : null;
  let opener: Seat;
  if (opens !== null) opener = opens;
  else if (opts['opener-after-draw'] === 'same') opener = previous.opener;
  else if (opts['opener-after-draw'] === 'next') opener = (previous.opener + 1) % n;
  else opener = 0;
  const totals = previous.totals.map((t, i) => t + (o.result.deltas[i] ?? 0));
  return { opener, handNumber: previous.handNumber + 1, previousWinner: won, totals };
}

export function setupHand(opts: ChanOptions, n: number, seed: string, previous?: ChanState | null): ChanState {
  const rng = new Rng(`chan:${seed}`);
  const carry = carryFrom(opts, n, rng, previous);
  const deck = rng.shuffle(newDeck());
  return dealDeck(opts, n, deck, carry.opener, carry);
}
