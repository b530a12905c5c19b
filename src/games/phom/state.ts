/**
 * Phỏm state and the deal (phom.md §3–§4). Seats are table seats, stable over a match (seat 0 =
 * the host); `starter` is the seat dealt 10 cards, and turn order is starter, starter+1, … mod n
 * (counter-clockwise at the table). The spec's P0…P3 are seats starter+0…starter+3.
 */
import { copyState } from '../core/copy.js';
import { Rng } from '../core/rng.js';
import type { Payment, Seat } from '../core/types.js';
import { type Card, DECK } from './cards.js';
import { isUKhan, type MeldKind } from './melds.js';
import type { Options } from './options.js';

export interface Meld {
  owner: Seat;
  kind: MeldKind;
  /** All cards, in run order (or canonical order for sets), sent cards included. */
  cards: Card[];
  /** The cards the owner laid down. */
  own: Card[];
  sent: { card: Card; from: Seat }[];
}

export interface EatRecord {
  eater: Seat;
  victim: Seat;
  card: Card;
  chot: boolean;
  /** The eater's k-th eat this hand (1…3). */
  k: number;
  /** Paid victim → eater, in bets (already × bet-unit). */
  amount: number;
  /** Paid by the victim into the gà pot. */
  pot: number;
  turnNo: number;
}

export type Phase = 'take' | 'lay-down' | 'act' | 'over';

/** The card that completed an Ù (phom.md §8.2): public once the hand is won. */
export interface WinTaken {
  card: Card;
  how: 'draw' | 'eat';
  /** The seat whose discard was eaten (null for a draw). */
  from: Seat | null;
}

/** How a hand ended (phom.md §12), tagged by `by`. */
export type EndInfo =
  /** Every row holds 4: compared by deadwood (§9); `winner` = Nhất. */
  | { by: 'rank'; winner: Seat }
  /** Ù or Ù tròn (§8.2–§8.3). */
  | {
      by: 'u' | 'u-tron';
      winner: Seat;
      /** The winner ate this seat's chốt in the turn it declared (phom.md §11.1 đánh chốt). */
      chotVictim: Seat | null;
      /** The winner's arrangement (hand cards in phỏm) and loose cards, for display. */
      phoms: Card[][];
      loose: Card[];
      /**
       * The card taken in the winning turn that completed the hand: drawn from the stock or eaten
       * from `from`'s discard; null for an Ù on the dealt hand (u-on-deal).
       */
      taken: WinTaken | null;
    }
  /** Ù khan at the deal (§8.4): `loose` = the dealt hand. */
  | { by: 'u-khan'; winner: Seat; loose: Card[] };

/** The last action applied (for the table's "last move" line), tagged by `type` like `Action`. */
export type LastAction =
  | { seat: Seat; type: 'draw' | 'u' | 'leave' }
  | { seat: Seat; type: 'eat'; card: Card; from: Seat }
  | { seat: Seat; type: 'lay-down'; cards: Card[][] }
  | { seat: Seat; type: 'send'; card: Card; target: number }
  | { seat: Seat; type: 'discard'; card: Card };

export interface State {
  opts: Options;
  n: number;
  starter: Seat;
  /** Cards not laid down (eaten cards still held included), per seat. */
  hands: Card[][];
  /** Every card eaten this hand, per seat (still held or laid down). */
  eaten: Card[][];
  /** Hand cards shown to everyone with eat-reveal = phom (besides the eaten cards). */
  shown: Card[][];
  /** Discard rows, oldest first. */
  rows: Card[][];
  /** Row counts that decide the rounds (phom.md §6.4; with discard-rotation off, discards made). */
  rowCounts: number[];
  melds: Meld[];
  /** Face-down stock, top first. */
  stock: Card[];
  lead: Seat;
  laidDown: boolean[];
  /** Chronological order of lay-down turns (phom.md §7.4), used for ties. */
  layOrder: Seat[];
  left: boolean[];
  turn: Seat;
  phase: Phase;
  turnNo: number;
  /** The starter's first turn (no take). */
  firstTurn: boolean;
  /** This turn is a lay-down turn (§5 H). */
  layTurn: boolean;
  /** This turn is a tái turn (§5 H′): the active seat has laid down already. */
  tai: boolean;
  drawn: Card | null;
  ateThisTurn: EatRecord | null;
  sentThisTurn: Card[];
  /** The eatable card: the previous turn's discard (phom.md §6.1). */
  lastDiscard: { seat: Seat; card: Card; chot: boolean } | null;
  eats: EatRecord[];
  lastChotEater: Seat | null;
  /** Immediate payments made so far (eats), in bets. */
  payments: Payment[];
  /** Gà pot carried into this hand, and paid in per seat this hand. */
  gaPotStart: number;
  gaIn: number[];
  /**
   * Who paid the carried pot `gaPotStart` (phom.md §10.1, §15.12): what each seat paid into it in
   * each earlier hand since an Ù last took it (`PotPaid`, oldest first; seats as numbered in that
   * hand). Its sum may be less than `gaPotStart`: the rest has no known payer (a pot given by a
   * scenario position or the score CLI: absent there) and is refunded to nobody (`potRefund`).
   * Snapshots from before it (format 3) are not read: the log is replayed (`stateVersion` 4).
   */
  gaPaid?: PotPaid[];
  end: EndInfo | null;
  last: LastAction | null;
  /** Set by the table on a finished hand before the next deal (`withSeatChange`, phom.md §3). */
  seatChange?: SeatChange;
}

/** What `seat` paid into the gà pot in the hand `ago` hands before this one (1 = the previous hand; 0 = this hand, in `potRefund`). */
export interface PotPaid {
  ago: number;
  seat: Seat;
  amount: number;
}

export const next = (s: { n: number }, seat: Seat): Seat => (seat + 1) % s.n;
export const prev = (s: { n: number }, seat: Seat): Seat => (seat + s.n - 1) % s.n;
/** Position of `seat` in this hand's turn order (the spec's P-number). */
export const pIndex = (s: { n: number; starter: Seat }, seat: Seat): number => (seat - s.starter + s.n) % s.n;

/**
 * A change of the seated players between two hands, as only the table sees it (phom.md §3): the
 * table layer marks the finished previous hand with it (`withSeatChange`) before dealing the next.
 * `left`: seats of the previous hand whose player left after it (or during it, see `State.left`).
 * `joined`: seats of the new hand taken by a new player or an AI. `seatOf`: the new seat of each
 * previous seat (`null` = gone), when the table renumbers; identity by default. `host`: the host's
 * seat in the new hand (default 0), the starter of a first hand (§15.7: after a host transfer).
 */
export interface SeatChange {
  left: Seat[];
  joined: Seat[];
  seatOf?: (Seat | null)[];
  host?: Seat;
}

/** The finished hand `previous`, marked with the seating change before the next deal (a copy). */
export function withSeatChange(previous: State, change: SeatChange): State {
  return { ...previous, seatChange: copyState(change) };
}

/**
 * The next hand's starter (phom.md §3): the previous winner, else the host. `previous` null means
 * a first hand. A seat count that changed, a player who left during the previous hand (§11.3) or a
 * `seatChange` the table marked is a seating change; `starter-reset` says which changes reset:
 * `any-change` any of them (or the winner gone), `leave-and-join` only one left and another joined.
 */
export function nextStarter(previous: State | null | undefined, seats: number, opts?: Options): Seat {
  const ch = previous?.seatChange;
  const host = ch?.host !== undefined && ch.host >= 0 && ch.host < seats ? ch.host : 0;
  if (!previous || !previous.end) return host;
  const w0 = previous.end.winner;
  const w = ch?.seatOf ? (ch.seatOf[w0] ?? null) : w0;
  const left = previous.left.some((x) => x) || (ch?.left.length ?? 0) > 0;
  const joined = (ch?.joined.length ?? 0) > 0 || seats > previous.n;
  const countChanged = previous.n !== seats;
  // A person who takes the winning AI's seat (the table logs a join only) replaces the winner too.
  const winnerGone =
    w === null || w >= seats || previous.left[w0]! || (ch?.left.includes(w0) ?? false) || (ch?.joined.includes(w) ?? false);
  if (seatingResetsStarter(opts ?? previous.opts, { left, joined: joined || (left && !countChanged && !ch), winnerGone, countChanged }))
    return host;
  return w!;
}

/** Does this seating change make the next hand a first hand (phom.md §3 `starter-reset`)? */
export function seatingResetsStarter(
  opts: Options,
  change: { left: boolean; joined: boolean; winnerGone: boolean; countChanged?: boolean },
): boolean {
  if (change.winnerGone) return true;
  return opts['starter-reset'] === 'any-change'
    ? change.left || change.joined || change.countChanged === true
    : change.left && change.joined;
}

const perSeat = <T>(n: number, f: () => T): T[] => Array.from({ length: n }, f);

/**
 * Deal `deck` (top first) by phom.md §4: one card at a time from the starter, nine passes, a 10th to
 * the starter. `gaPot`: the gà pot carried in; `gaPaid`: who paid it (see `State.gaPaid`).
 */
export function dealDeck(opts: Options, n: number, deck: readonly Card[], starter: Seat, gaPot: number, gaPaid: PotPaid[] = []): State {
  const hands: Card[][] = perSeat(n, () => []);
  let k = 0;
  for (let pass = 0; pass < 9; pass++) for (let p = 0; p < n; p++) hands[(starter + p) % n]!.push(deck[k++]!);
  hands[starter]!.push(deck[k++]!);
  const s: State = {
    opts,
    n,
    starter,
    hands,
    eaten: perSeat(n, () => []),
    shown: perSeat(n, () => []),
    rows: perSeat(n, () => []),
    rowCounts: perSeat(n, () => 0),
    melds: [],
    stock: deck.slice(k),
    lead: starter,
    laidDown: perSeat(n, () => false),
    layOrder: [],
    left: perSeat(n, () => false),
    turn: starter,
    phase: 'act',
    turnNo: 1,
    firstTurn: true,
    layTurn: false,
    tai: false,
    drawn: null,
    ateThisTurn: null,
    sentThisTurn: [],
    lastDiscard: null,
    eats: [],
    lastChotEater: null,
    payments: [],
    gaPotStart: gaPot,
    gaIn: perSeat(n, () => 0),
    gaPaid,
    end: null,
    last: null,
  };
  // phom.md §4.3 / §8.4: Ù khan is checked right after the deal; the lowest P-number wins.
  if (opts['u-khan']) {
    for (let p = 0; p < n; p++) {
      const seat = (starter + p) % n;
      if (isUKhan(hands[seat]!, opts['allow-qka'])) {
        s.phase = 'over';
        s.end = { by: 'u-khan', winner: seat, loose: hands[seat]!.slice() };
        break;
      }
    }
  }
  return s;
}

/** phom.md §10.1: the gà pot after this hand; an unwon pot carries over. */
export function potAfter(s: State): number {
  const total = s.gaPotStart + s.gaIn.reduce((a, b) => a + b, 0);
  return s.end && s.end.by !== 'rank' ? 0 : total;
}

/** This hand's payments into the gà pot, as `PotPaid` entries of age `ago`. */
const paidThisHand = (s: State, ago: number): PotPaid[] => s.gaIn.flatMap((amount, seat) => (amount > 0 ? [{ ago, seat, amount }] : []));

/**
 * Who paid the gà pot the finished hand `s` leaves to the next hand (phom.md §10.1, §12): nobody
 * once an Ù took it; else what was carried into `s` and what `s` paid in, one hand older.
 */
export function paidAfter(s: State): PotPaid[] {
  if (!s.end || s.end.by !== 'rank') return [];
  return [...(s.gaPaid ?? []), ...paidThisHand(s, 0)].map((p) => ({ ...p, ago: p.ago + 1 }));
}

/**
 * phom.md §15.12: the gà pot no Ù has taken when the match ends goes back to those who paid into
 * it, each getting what it paid since an Ù last took the pot (carried over hands, §12); one entry per
 * seat and hand it was paid in (`ago` 0 = this hand), seats as numbered in that hand.
 *
 * `settled`: this hand's result is stored (it ended and was recorded). A match may end during a hand
 * (idle days, the absent-player vote, everyone gone): that hand is never settled, so neither what its
 * eats paid into the pot nor an Ù of its own was ever charged or paid, and only what earlier, stored
 * hands charged is refunded; what the unsettled hand paid in simply never happened. A settled hand
 * won by Ù took the pot: nothing is left. The part of the pot with no known payer (`State.gaPaid`)
 * is refunded to nobody.
 */
export function potRefund(s: State, settled: boolean): PotPaid[] {
  if (!settled || !s.end) return (s.gaPaid ?? []).map((p) => ({ ...p }));
  return s.end.by === 'rank' ? [...(s.gaPaid ?? []).map((p) => ({ ...p })), ...paidThisHand(s, 0)] : [];
}

/**
 * Deal a hand from the seed; `previous` carries the starter and the gà pot with who paid it (phom.md
 * §3, §12). The pot carries over a change of the seat count too (the table never makes one: its seat
 * count is fixed for a match): until an Ù takes it or the match ends, it stays its payers' money,
 * recorded by the seat each paid from in its own hand (`State.gaPaid`), which no renumbering changes.
 */
export function setup(opts: Options, seats: number, seed: string, previous?: State | null): State {
  const deck = new Rng(seed).shuffle(DECK);
  const carry = previous && previous.end ? potAfter(previous) : 0;
  const paid = previous && previous.end ? paidAfter(previous) : [];
  return dealDeck(opts, seats, deck, nextStarter(previous, seats, opts), carry, paid);
}
