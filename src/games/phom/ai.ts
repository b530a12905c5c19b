/**
 * The Phỏm AI levels (issue #16, core/ai.ts).
 * - `normal` (the reference): a simple, deterministic player using only what its seat may see:
 *   eats whenever legal, declares Ù at once (after laying down and sending its last cards when
 *   that makes it Ù tròn), lays down the best plan, sends the best plan, and
 *   discards the card whose loss hurts least (deadwood, cards kept in cạ count less, Ù distance too).
 * - `easy`: `normal` with human mistakes (misses eats, skips sends, discards its highest or a random
 *   card, never one of a made phỏm), drawn from an Rng seeded by the decision itself; always legal.
 * - `strong`: strong.ts, given only the seat's knowledge (view, public view, decision).
 */
import { type AiLevel, decisionSeed } from '../core/ai.js';
import { Rng } from '../core/rng.js';
import type { Seat } from '../core/types.js';
import { type Card, cardPoints } from './cards.js';
import { bestArrangement, indexHand, isCa, tronStep } from './melds.js';
import type { Action } from './actions.js';
import { pending } from './rules.js';
import { eatenInHand, face, legalDiscards, qka, sendTargets } from './plan.js';
import type { State } from './state.js';
import { type HintReason, explain, strongAi } from './strong.js';
import { publicView, view } from './views.js';

export function ai(s: State, seat: Seat, level: AiLevel = 'normal'): Action {
  if (level === 'strong') {
    const decision = pending(s).find((x) => x.seat === seat);
    if (!decision) throw new Error(`phom ai: seat ${seat} has no pending decision`);
    // The strong policy gets the seat's knowledge only, never the state (core/ai.ts).
    return strongAi({ seat, view: view(s, seat), table: publicView(s), decision });
  }
  return level === 'easy' ? easyAi(s, seat) : normalAi(s, seat);
}

export { explain, type HintReason };

/** The strong AI's one-line reason for `action` at `seat` (the hint button), built from the seat's knowledge only. */
export function explainFor(s: State, seat: Seat, action: Action): HintReason {
  const decision = pending(s).find((x) => x.seat === seat);
  if (!decision) throw new Error(`phom explain: seat ${seat} has no pending decision`);
  return explain({ seat, view: view(s, seat), table: publicView(s), decision }, action);
}

/** `easy`: the normal player with human mistakes, deterministic per decision. */
function easyAi(s: State, seat: Seat): Action {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`phom ai: seat ${seat} has no pending decision`);
  const rng = new Rng(decisionSeed(seat, d, `${s.turnNo}:${s.hands[seat]!.join('')}:${s.phase}`));
  const opts = d.options;
  const u = opts.find((o) => o.type === 'u');
  const tron = tronFirst(s, seat, opts);
  if (tron) return tron;
  if (u) return u;
  const chance = (p: number) => rng.int(1000) < p * 1000;
  // Misses an eat (looks at the stock instead) a third of the time.
  if (opts.some((o) => o.type === 'eat') && chance(0.35)) return { type: 'draw' };
  // Its careless discards (a random card, or its highest) are human ones: a beginner still sees its
  // made phỏm and never throws a card that belongs to one (a card of any phỏm in the hand).
  const h = indexHand(s.hands[seat]!, eatenInHand(s, seat), qka(s));
  const inPhom = h.all.reduce((a, m) => a | m, 0);
  const discards = opts.filter(
    (o): o is Extract<Action, { type: 'discard' }> => o.type === 'discard' && !(inPhom & (1 << h.cards.indexOf(o.card))),
  );
  // Not instead of the best plan's lay-down (a tái turn offers it in phase act, beside the discards).
  if (s.phase === 'act' && discards.length && d.timeoutDefault.type !== 'lay-down') {
    // Forgets to send, or throws its highest card / a random card instead of thinking.
    const send = d.timeoutDefault.type === 'send';
    if (!send || chance(0.5)) {
      if (chance(0.3)) return rng.pick(discards);
      if (chance(0.3)) {
        const f = face(s);
        return discards.reduce((a, b) => (cardPoints(b.card, f) > cardPoints(a.card, f) ? b : a));
      }
    }
  }
  return normalAi(s, seat);
}

function normalAi(s: State, seat: Seat): Action {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`phom ai: seat ${seat} has no pending decision`);
  const opts = d.options;
  const u = opts.find((o) => o.type === 'u');
  const tron = tronFirst(s, seat, opts);
  if (tron) return tron;
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

/** The next step to Ù tròn when the cards left can all be sent (melds.ts `tronStep`). */
function tronFirst(s: State, seat: Seat, opts: readonly Action[]): Action | null {
  return tronStep(s.hands[seat]!, eatenInHand(s, seat), opts, sendTargets(s, seat), s.opts);
}

function heuristicDiscard(s: State, seat: Seat): Card {
  const f = face(s);
  let best: { card: Card; v: number } | null = null;
  const h = indexHand(s.hands[seat]!, eatenInHand(s, seat), qka(s));
  const full = (1 << h.cards.length) - 1;
  // caMask[i]: the other cards forming a cạ with card i
  const caMask = h.cards.map((c, i) => h.cards.reduce((m, o, j) => (j !== i && isCa(c, o, qka(s)) ? m | (1 << j) : m), 0));
  for (const card of legalDiscards(s, seat)) {
    const gone = h.cards.indexOf(card);
    const ca = caMask.map((m) => (m & ~(1 << gone)) !== 0);
    // Each loose card costs 6 (distance to Ù) plus its points, less when it sits in a cạ.
    const v = bestArrangement(h, (i) => 6 + cardPoints(h.cards[i]!, f) * (ca[i] ? 0.4 : 1), full & ~(1 << gone)).value;
    if (!best || v < best.v - 1e-9 || (Math.abs(v - best.v) < 1e-9 && cardPoints(card, f) > cardPoints(best.card, f))) best = { card, v };
  }
  return best!.card;
}
