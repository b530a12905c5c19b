/**
 * The `strong` Phỏm AI (issue #16). It decides from a `SeatKnowledge` only — the seat's view, the
 * public view and its pending decision — never from the state: this module imports no state,
 * rules or plan code (a test checks it), only card and phỏm arithmetic.
 *
 * How it plays:
 * - Tracks every card it has seen (own hand, all discard rows, table phỏm, eaten and shown cards);
 *   the rest is "live". A cạ counts as a near-phỏm only while a card that completes it is live.
 * - Defends: every discard is priced by the chance that the next seat can eat it (pairs of live
 *   cards that would form a phỏm with it, weighted by the next seat's share of the hidden cards, and
 *   discounted when the next seat already passed on a card those cards would also have eaten) times
 *   what the eat costs: the eat payment, the chốt payment on its final discard (above all in the
 *   last round), and the whole Ù bill when a third eat would give the next seat Ù with đền.
 * - Values eats instead of always eating: it compares the best hand after eating (plus the eat
 *   payment, minus the chốt liability) with the average best hand after a draw from the live cards.
 * - Declares Ù at once, lays down and sends by the engine's best plan.
 */
import type { SeatKnowledge } from '../core/ai.js';
import type { Action } from './actions.js';
import { type Card, DECK, cardId, cardOf, cardPoints, rankOfId, suitOfId } from './cards.js';
import { bestArrangement, indexHand, isCa, minLeftoverCount, phomKind } from './melds.js';
import type { PublicView, SeatView } from './views.js';

export type PhomKnowledge = SeatKnowledge<SeatView, PublicView, Action>;

/**
 * Tuning (measured by duplicate duels against `normal`): `money` converts bets to hand-value points;
 * `eatGain` is what an eat is worth to the eater beyond its payment; `loose` is the Ù distance of a
 * loose card; a pass on a related card multiplies a pair's chance by `passDiscount`; `chotExtra` is
 * the đánh-chốt risk of feeding a chốt; `feed2`/`feed3` weigh feeding more with 2 or 3 players.
 */
const TUNING = { money: 5, eatGain: 1.5, loose: 6, passDiscount: 0.25, chotExtra: 1.5, feed2: 2, feed3: 1.4 } as const;

interface Ctx {
  k: PhomKnowledge;
  v: SeatView;
  qka: boolean;
  face: 'rank' | 'ten';
  live: Set<Card>;
  /** Hidden cards outside my hand (other hands + stock). */
  hiddenCount: number;
}

function context(k: PhomKnowledge): Ctx {
  const v = k.view;
  const seen = new Set<Card>(v.hand);
  for (const r of v.rows) for (const c of r) seen.add(c);
  for (const m of v.melds) for (const c of m.cards) seen.add(c);
  for (const e of v.eaten) for (const c of e) seen.add(c);
  for (const sh of v.shownInHand) for (const c of sh) seen.add(c);
  const live = new Set<Card>(DECK.filter((c) => !seen.has(c)));
  return { k, v, qka: v.options['allow-qka'], face: v.options['face-card-points'], live, hiddenCount: live.size };
}

/** Completing cards of a cạ (a, b) that are still live. */
function liveOuts(x: Ctx, a: Card, b: Card): number {
  const ia = cardId(a);
  const ib = cardId(b);
  const ra = rankOfId(ia);
  const rb = rankOfId(ib);
  let n = 0;
  if (ra === rb) {
    for (let s = 0; s < 4; s++) if (x.live.has(cardOf((ra - 1) * 4 + s))) n++;
    return n;
  }
  const s = suitOfId(ia);
  const lo = Math.min(ra, rb);
  const hi = Math.max(ra, rb);
  const need = hi - lo === 1 ? [lo - 1, hi + 1] : [lo + 1];
  for (const r of need) if (r >= 1 && r <= 13 && x.live.has(cardOf((r - 1) * 4 + s))) n++;
  return n;
}

/**
 * Value of keeping `hand` (lower is better): loose cards cost LOOSE (distance to Ù) plus their
 * points, less when they sit in a cạ that can still be completed. `final`: only points count.
 */
function handValue(x: Ctx, hand: Card[], eatenHeld: Card[], final: boolean): number {
  const h = indexHand(hand, eatenHeld, x.qka);
  const pts = h.cards.map((c) => cardPoints(c, x.face));
  if (final) return bestArrangement(h, (i) => pts[i]!).value;
  const f = h.cards.map((c, i) => {
    let best = 0;
    for (let j = 0; j < h.cards.length; j++) if (j !== i && isCa(c, h.cards[j]!)) best = Math.max(best, liveOuts(x, c, h.cards[j]!));
    return best === 0 ? 1 : best === 1 ? 0.6 : 0.4;
  });
  return bestArrangement(h, (i) => TUNING.loose * (f[i]! < 1 ? 0.8 : 1) + pts[i]! * f[i]!).value;
}

/** Probability that seat `t` can eat `c` now (it needs two cards forming a phỏm with it). */
function eatChance(x: Ctx, t: number, c: Card): number {
  const v = x.v;
  if (v.left[t]) return 0;
  const known = new Set(v.shownInHand[t]!.filter((y) => !v.eaten[t]!.includes(y)));
  const hidden = Math.max(0, v.handCounts[t]! - v.shownInHand[t]!.length);
  const q = x.hiddenCount > 0 ? Math.min(1, hidden / x.hiddenCount) : 0;
  const pOf = (y: Card): number => (known.has(y) ? 1 : x.live.has(y) ? q : 0);
  // Cards this seat was offered from my row and did not eat (a pass says it lacked those pairs).
  const passed = v.rows[v.seat]!;
  const id = cardId(c);
  const r = rankOfId(id);
  const s = suitOfId(id);
  const pairs: [Card, Card][] = [];
  const sameRank = [0, 1, 2, 3].filter((k) => k !== s).map((k) => cardOf((r - 1) * 4 + k));
  for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) pairs.push([sameRank[i]!, sameRank[j]!]);
  const at = (rr: number): Card | null => (rr >= 1 && rr <= 13 ? cardOf((rr - 1) * 4 + s) : null);
  for (const [d1, d2] of [
    [-2, -1],
    [-1, 1],
    [1, 2],
  ] as const) {
    const a = at(r + d1);
    const b = at(r + d2);
    if (a && b) pairs.push([a, b]);
  }
  let none = 1;
  for (const [a, b] of pairs) {
    let p = pOf(a) * pOf(b);
    if (p === 0) continue;
    if (passed.some((y) => y !== c && phomKind([a, b, y], x.qka))) p *= TUNING.passDiscount;
    none *= 1 - p;
  }
  return 1 - none;
}

/** What it costs me (in hand-value points) if the next seat eats my discard `c`. */
function feedCost(x: Ctx, c: Card): number {
  const v = x.v;
  const n = v.n;
  const me = v.seat;
  const counts = v.rowCounts.slice();
  counts[me]!++;
  if (counts.every((r) => r >= 4)) return 0; // the last discard of the hand cannot be eaten
  const t = (me + 1) % n;
  const o = v.options;
  const chot = counts[me] === 4;
  const k = v.eaten[t]!.length + 1;
  const pay = chot ? o['chot-payment'] : o['eat-payment'] === 'progressive' ? k : o['eat-payment'] === 'flat' ? 1 : 0;
  let money = pay + TUNING.eatGain;
  // A third eat is Ù, and I (the previous seat, who supplied all three) pay the whole bill.
  if (k === 3) money += o['den-three-eats'] ? (n - 1) * o['u-payment'] : o['u-payment'];
  // Eating my chốt makes it Ù-ready more often and a đánh-chốt đền falls on me.
  if (chot && o['den-danh-chot']) money += TUNING.chotExtra;
  // Fewer players: the next seat's gain is more of my loss (2 players: all of it).
  const scale = n === 2 ? TUNING.feed2 : n === 3 ? TUNING.feed3 : 1;
  return eatChance(x, t, c) * money * TUNING.money * scale;
}

function discardChoice(x: Ctx, discards: Card[]): Card {
  const v = x.v;
  const hand = v.hand;
  const held = v.eatenInHand;
  // The 4th discard (after laying down, or in a tái turn) leaves the final deadwood.
  const final = v.laidDown[v.seat]! || v.rowCounts[v.seat]! >= 3;
  let best: { card: Card; val: number } | null = null;
  for (const c of discards) {
    const rest = hand.filter((y) => y !== c);
    const val = handValue(x, rest, held, final) + feedCost(x, c);
    if (!best || val < best.val - 1e-9 || (Math.abs(val - best.val) < 1e-9 && cardPoints(c, x.face) > cardPoints(best.card, x.face)))
      best = { card: c, val };
  }
  return best!.card;
}

/**
 * Best value reachable after taking a card into `hand` (then the best discard). One phỏm index and
 * one memo serve every discard, so the cạ bonus is read on the whole hand (a close approximation).
 */
function afterTake(x: Ctx, hand: Card[], held: Card[], final: boolean): number {
  const h = indexHand(hand, held, x.qka);
  const pts = h.cards.map((c) => cardPoints(c, x.face));
  const f = h.cards.map((c, i) => {
    if (final) return 1;
    let best = 0;
    for (let j = 0; j < h.cards.length; j++) if (j !== i && isCa(c, h.cards[j]!)) best = Math.max(best, liveOuts(x, c, h.cards[j]!));
    return best === 0 ? 1 : best === 1 ? 0.6 : 0.4;
  });
  const cost = final ? (i: number) => pts[i]! : (i: number) => TUNING.loose * (f[i]! < 1 ? 0.8 : 1) + pts[i]! * f[i]!;
  const full = (1 << h.cards.length) - 1;
  const memo = new Map<number, { value: number; phoms: number[] }>();
  let best = Infinity;
  for (let i = 0; i < h.cards.length; i++) {
    if (h.eatenMask & (1 << i)) continue;
    const val = bestArrangement(h, cost, full & ~(1 << i), memo).value;
    if (val < best) best = val;
  }
  return best;
}

function takeChoice(x: Ctx, eat: Extract<Action, { type: 'eat' }>, draw: Action): Action {
  const v = x.v;
  const c = eat.card;
  const held = [...v.eatenInHand, c];
  const withC = [...v.hand, c];
  if (minLeftoverCount(withC, held, x.qka) <= 1) return eat; // eating gives Ù
  // After this take the row may reach 3 (lay-down turn): the discard then is the final one.
  const final = v.laidDown[v.seat]! || v.rowCounts[v.seat]! >= 3;
  const o = v.options;
  const chot = v.claimable?.chot === true;
  const k = v.eaten[v.seat]!.length + 1;
  const pay = chot ? o['chot-payment'] : o['eat-payment'] === 'progressive' ? k : o['eat-payment'] === 'flat' ? 1 : 0;
  // Ăn chốt makes me liable for the whole bill if another seat then declares Ù.
  const liability = chot && o['den-an-chot'] ? 0.15 * (v.n - 2) * o['u-payment'] : 0;
  const eatVal = afterTake(x, withC, held, final) - (pay - liability) * TUNING.money;
  // The draw: averaged over (at most 16, evenly spread) live cards, to keep decisions fast.
  const all = [...x.live];
  const step = Math.max(1, all.length / 16);
  const live = all.filter((_, i) => Math.floor(i / step) !== Math.floor((i - 1) / step) || i === 0);
  let sum = 0;
  for (const u of live) sum += afterTake(x, [...v.hand, u], v.eatenInHand, final);
  const drawVal = live.length ? sum / live.length : Infinity;
  return eatVal <= drawVal ? eat : draw;
}

/** The strong policy: one of `k.decision.options`, decided from the knowledge alone. */
export function strongAi(k: PhomKnowledge): Action {
  const opts = k.decision.options;
  const u = opts.find((o) => o.type === 'u');
  if (u) return u;
  const eat = opts.find((o): o is Extract<Action, { type: 'eat' }> => o.type === 'eat');
  const draw = opts.find((o) => o.type === 'draw');
  if (draw) return eat ? takeChoice(context(k), eat, draw) : draw;
  const def = k.decision.timeoutDefault;
  if (opts.some((o) => o.type === 'lay-down')) return def;
  if (def.type === 'send') return def;
  const discards = opts.filter((o): o is Extract<Action, { type: 'discard' }> => o.type === 'discard').map((o) => o.card);
  if (discards.length === 0) return def;
  return { type: 'discard', card: discardChoice(context(k), discards) };
}
