/**
 * One claim window for every game (style.md §2: claims are pending decisions for several seats, the
 * pattern boardgame.io calls `ActivePlayers.OTHERS_ONCE`).
 *
 * A window lists the seats that must answer an offer, in priority order for ties (usually turn order
 * from the offering seat), and their answers so far. It is plain data (JSON-serializable) and every
 * function returns a new window. The engine owns what an answer means and how answers rank; this
 * module owns who still has to answer, when the window can close, and which answer wins.
 */
import type { Seat } from './types.js';

export interface ClaimWindow<A> {
  /** Seats that must answer, in tie-break order (earlier wins a tie). */
  seats: Seat[];
  /** `answers[i]` is `seats[i]`'s answer, or null while it has not answered. */
  answers: (A | null)[];
}

/** A window in which `seats` (tie-break order) must each answer once. */
export function openClaimWindow<A>(seats: readonly Seat[]): ClaimWindow<A> {
  return { seats: [...seats], answers: seats.map(() => null) };
}

/** Whether `seat` is in the window and has not answered yet. */
export function isAwaiting<A>(w: ClaimWindow<A>, seat: Seat): boolean {
  const i = w.seats.indexOf(seat);
  return i >= 0 && w.answers[i] === null;
}

/** Seats that still have to answer, in window order. */
export function awaitingSeats<A>(w: ClaimWindow<A>): Seat[] {
  return w.seats.filter((_, i) => w.answers[i] === null);
}

/** `seat`'s answer so far (null when it has not answered or is not in the window). */
export function answerOf<A>(w: ClaimWindow<A>, seat: Seat): A | null {
  const i = w.seats.indexOf(seat);
  return i >= 0 ? (w.answers[i] ?? null) : null;
}

/** The window with `seat`'s answer recorded; null when the seat is not awaited (not in it, or answered). */
export function recordAnswer<A>(w: ClaimWindow<A>, seat: Seat, answer: NoInfer<A>): ClaimWindow<A> | null {
  const i = w.seats.indexOf(seat);
  if (i < 0 || w.answers[i] !== null) return null;
  const answers = w.answers.slice();
  answers[i] = answer;
  return { seats: w.seats, answers };
}

/** Every seat has answered. */
export function isComplete<A>(w: ClaimWindow<A>): boolean {
  return w.answers.every((a) => a !== null);
}

/**
 * The winning answer, if the window can be decided now.
 *
 * `rank(answer, seat)` is the answer's priority (higher wins; 0 or less means "no claim", e.g. a
 * pass). `best(seat)` is the highest rank the seat could still answer with (its best legal option).
 * The window is decided once no unanswered seat could outrank (or tie ahead of) the best answer so
 * far; then `{ decided: true, winner }` where `winner` is null when nobody claimed.
 */
export function decideClaims<A>(
  w: ClaimWindow<A>,
  rank: (answer: A, seat: Seat) => number,
  best: (seat: Seat) => number,
): { decided: false } | { decided: true; winner: { seat: Seat; answer: A } | null } {
  let top: { seat: Seat; answer: A; r: number; i: number } | null = null;
  w.seats.forEach((seat, i) => {
    const a = w.answers[i];
    if (a === null || a === undefined) return;
    const r = rank(a, seat);
    if (r > 0 && (!top || r > top.r)) top = { seat, answer: a, r, i };
  });
  const leader = top as { seat: Seat; answer: A; r: number; i: number } | null;
  for (let i = 0; i < w.seats.length; i++) {
    if (w.answers[i] !== null) continue;
    const b = best(w.seats[i]!);
    if (b <= 0) continue;
    if (!leader || b > leader.r || (b === leader.r && i < leader.i)) return { decided: false };
  }
  return { decided: true, winner: leader ? { seat: leader.seat, answer: leader.answer } : null };
}
