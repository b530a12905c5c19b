/**
 * A simple, deterministic Phỏm player using only what its seat may see: eats whenever legal,
 * declares Ù at once, lays down the best plan, sends the best plan, and discards the card whose
 * loss hurts least (deadwood, cards kept in cạ count less, Ù distance counts too).
 */
import type { Seat } from '../core/types.js';
import { type Card, cardPoints } from './cards.js';
import { bestArrangement, indexHand, isCa } from './melds.js';
import type { Action } from './actions.js';
import { pending } from './rules.js';
import { eatenInHand, face, legalDiscards, qka } from './plan.js';
import type { State } from './state.js';

export function ai(s: State, seat: Seat): Action {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`phom ai: seat ${seat} has no pending decision`);
  const opts = d.options;
  const u = opts.find((o) => o.type === 'u');
  if (u) return u;
  const eat = opts.find((o) => o.type === 'eat');
  if (eat) return eat;
  if (s.phase !== 'act') return d.timeoutDefault;
  const auto = d.timeoutDefault;
  if (auto.type === 'send') return auto;
  // The last discard before lay-down (or after it): plain deadwood is what counts.
  if (s.laidDown[seat] || s.rowCounts[seat]! >= 3 || s.layTurn) return auto;
  return { type: 'discard', card: heuristicDiscard(s, seat) };
}

function heuristicDiscard(s: State, seat: Seat): Card {
  const f = face(s);
  let best: { card: Card; v: number } | null = null;
  const h = indexHand(s.hands[seat]!, eatenInHand(s, seat), qka(s));
  const full = (1 << h.cards.length) - 1;
  // caMask[i]: the other cards forming a cạ with card i
  const caMask = h.cards.map((c, i) => h.cards.reduce((m, o, j) => (j !== i && isCa(c, o) ? m | (1 << j) : m), 0));
  for (const card of legalDiscards(s, seat)) {
    const gone = h.cards.indexOf(card);
    const ca = caMask.map((m) => (m & ~(1 << gone)) !== 0);
    // Each loose card costs 6 (distance to Ù) plus its points, less when it sits in a cạ.
    const v = bestArrangement(h, (i) => 6 + cardPoints(h.cards[i]!, f) * (ca[i] ? 0.4 : 1), full & ~(1 << gone)).value;
    if (!best || v < best.v - 1e-9 || (Math.abs(v - best.v) < 1e-9 && cardPoints(card, f) > cardPoints(best.card, f))) best = { card, v };
  }
  return best!.card;
}
