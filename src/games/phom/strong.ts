/**
 * The `strong` Phỏm AI (issue #16). It decides from a `SeatKnowledge` only — the seat's view, the
 * public view and its pending decision — never from the state: this module imports no state,
 * rules or plan code (a test checks it), only card and phỏm arithmetic.
 *
 * How it plays:
 * - Tracks every card it has seen (own hand, all discard rows, table phỏm, eaten and shown cards);
 *   the rest is "live". A cạ counts as a near-phỏm only while a card that completes it is live.
 * - Values hands in bets, the way the table pays: Móm, Ù, and the rank money a deadwood total
 *   earns (a table per table size, measured in self-play: with 2 players deadwood matters little
 *   and Móm a lot; with 4 every point counts). With 2 players its discards weigh deadwood points
 *   lightly (the loser pays 1 whatever the margin), so keeping Ù chances and not feeding the only
 *   opponent an eat or the chốt come first.
 * - Before its last take (the one that leads to laying down) it looks at every live card exactly:
 *   the previous seat's discard is eaten when it completes a phỏm, else a draw; each candidate
 *   discard is valued by the expected final hand (Móm, Ù, deadwood). With 4 players the offered
 *   discard is weighted by rank (players throw high cards first), and when the previous seat's row
 *   holds 3 it is that seat's chốt (mostly its highest loose card, paid 4); and that exact value is
 *   blended with the quick judgement below (30 % quick, 70 % exact): either alone measured the
 *   same, the blend a little better. With 2–3 players that look-ahead also prices the final discard
 *   it leaves: when the next seat still takes after it, it is a chốt, and each possible final
 *   discard costs its chance of being eaten times the chốt bill (deadwood against that risk).
 *   Earlier discards use the quick judgement: loose cards cost their Ù distance plus points (less
 *   in a live cạ), plus the chance of ending Móm when the hand holds no phỏm yet.
 * - Defends: every discard is priced by the chance that the next seat can eat it (pairs of live
 *   cards that would form a phỏm with it, weighted by the next seat's share of the hidden cards,
 *   discounted when the next seat passed on a card those cards would also have eaten, or threw a
 *   card forming a cạ with them) times what the eat costs: the eat payment, the chốt payment on
 *   its final discard, and the whole Ù bill when a third eat would give the next seat Ù with đền.
 * - Values eats instead of always eating: at its lay-down take exactly (the final hand after the
 *   eat plus its payment against every possible draw), earlier by the best hand after eating
 *   against the average live draw.
 * - Declares Ù at once, lays down and sends by the engine's best plan.
 *
 * Measured no better at 4 players (paired against the then strong, 1,000–2,000 deals each, all
 * within ±0.05 bets/hand): choosing the lay-down and sends jointly with the final discard's feeding
 * risk (also at 2–3 players); weighting cạ outs in the quick judgement by how often the previous
 * seat throws them; a logistic recalibration of the next seat's eat chance (better log-loss, no
 * better play); keeping a safe card for the chốt; a larger Ù distance; a blend at the 2nd discard.
 * Knowing exactly which cards the next seat can eat would be worth about +1.1 bets/hand at 4
 * players (a cheating test), but what it passed, threw and ate says little more than used here.
 */
import type { SeatKnowledge } from '../core/ai.js';
import type { Action } from './actions.js';
import { type Card, DECK, cardId, cardOf, cardPoints, rankOfId, suitOfId } from './cards.js';
import {
  bestArrangement,
  indexHand,
  isCa,
  isTron,
  minLeftoverCount,
  phomKind,
  phomMasks,
  popcount,
  runCompleters,
  runPartners,
  tronStep,
} from './melds.js';
import type { PublicView, SeatView } from './views.js';

export type PhomKnowledge = SeatKnowledge<SeatView, PublicView, Action>;

/**
 * Tuning (measured by duplicate duels against `normal`): `money` converts bets to hand-value points;
 * `eatGain` is what an eat is worth to the eater beyond its payment (per table size: with 3 players
 * weighing a plain eat by its payment alone measured better, +0.11 bets/hand over 3 seeds); `loose`
 * is the Ù distance of a loose card (with 4 players twice as much: an Ù there earns 3 × 5 bets
 * against at most 6 for Nhất, phom.md §10.2–§10.3; 12 instead of 6, together with `finalW` 0.6 and
 * the Móm risk at 4 players, measured +0.10 bets/hand paired against the previous strong over 4
 * tuning seeds of 1,000 deals; at 2–3 players a larger `loose` measured no better); a pass on a
 * related card multiplies a pair's chance by `passDiscount`, a cạ with a card the seat threw by
 * `thrownCa`; `chotExtra` is the đánh-chốt risk of feeding a chốt;
 * `feed2`…`feed4` weigh feeding by table size; `looks` is how many live cards a take shows (the
 * offered discard and the draw) and `momCost` the bets a Móm costs, for the Móm-risk estimate;
 * the exact look-ahead decides the lay-down take up to `exactUpTo` players, the Móm risk is used at
 * every table size; `lastBlend` is the quick judgement's weight against the exact look-ahead in the
 * discard before the last take (0 = exact only, as at 2–3 players; at 4 players exact alone and
 * quick alone measured the same, 0.3 measured +0.04 bets/hand for the seat, paired against quick
 * alone, over 7,000 tuning deals and +0.05 ± 0.03 over 8,000 fresh ones on two seeds);
 * `offerModel` weights the offered card by rank and models the previous seat's chốt in that
 * look-ahead (at 4 players +0.027 ± 0.025 paired over 4,000 tuning and +0.036 ± 0.025 over 4,000
 * fresh deals; at 2–3 players, where the look-ahead is used alone, it measured −0.01…+0.02, not kept).
 * `ptsW` weighs a loose card's points in earlier discards and `finalW` the deadwood points of the
 * final discard against the feeding risk (with 2 players a point of deadwood is worth little: the
 * loser pays 1 whatever the margin, while a fed eat or chốt pays 1–4 at once).
 * `penW` weighs the chốt risk of the final discard inside the exact look-ahead (2–3 players; 0 =
 * off, as at 4 players). Paired against strong without it, bets a seat-hand: at 2 players (penW 2)
 * +0.020 and +0.034 on 2 tuning seeds and +0.010, +0.007, +0.014 on 3 fresh ones (2,000 deals each,
 * each ±0.03); at 3 players (penW 1) +0.022, +0.032, +0.027, +0.024 on 4 tuning seeds and +0.016,
 * −0.002, −0.002, +0.046 on 4 fresh ones (each ±0.04): a small gain, about +0.02.
 * Measured no better at 2–3 players (2026-12-03, paired, 4,000 deals on 2 tuning seeds, one entry at
 * a time, all within ±0.05 and most within ±0.03): `loose` 4/9, `passDiscount` 0/0.3, `thrownCa`
 * 0.25/0.8, `ptsW` 0/0.3 (2p) and 0.5/1.5 (3p), `finalW` 0.15/0.6/1 (2p) and 0.6/1.4 (3p),
 * `lastBlend` 0.3, `momCost` 3/6.5, `looks` 1.2/2.2, `chotExtra` 0.5/3, `money` 3.5/7, `feed2`/
 * `feed3` 0.7/1.4, `eatGain` 0.75/1.5 at 3p and 3 at 2p, and always eating. At 2 players `eatGain`
 * 0 (+0.04 on those seeds), with `ptsW` 0 and pricing the Móm an eat spares a next seat that has
 * not eaten yet, measured +0.064 over 4 tuning seeds but +0.020 ± 0.033 over 4 fresh ones (not
 * kept); a two-take look-ahead at the 2nd discard measured −0.00 (not kept).
 * Per-size entries are for 2, 3, 4 players.
 */
const TUNING = {
  money: 5,
  eatGain: [1.5, 0, 1.5],
  loose: [6, 6, 12],
  passDiscount: [0.1, 0.1, 0.25],
  chotExtra: 1.5,
  feed2: 1,
  feed3: 1,
  feed4: 1,
  thrownCa: [0.5, 0.5, 1],
  looks: 1.6,
  momCost: 4.5,
  exactUpTo: 3,
  lastBlend: [0, 0, 0.3],
  offerModel: [false, false, true],
  ptsW: [0.1, 1, 1],
  finalW: [0.3, 1, 0.6],
  penW: [2, 1, 0],
} as const;

interface Ctx {
  k: PhomKnowledge;
  v: SeatView;
  qka: boolean;
  face: 'rank' | 'ten';
  live: Set<Card>;
  /** Hidden cards outside my hand (other hands + stock). */
  hiddenCount: number;
  /** The chốt risk (bets) of each card as my final discard, when the look-ahead should count it. */
  pen?: (c: Card) => number;
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

/** A near-phỏm for the AI: a cạ (phom.md §7.2; under allow-qka K A and Q A too). */
function near(x: Ctx, a: Card, b: Card): boolean {
  return isCa(a, b, x.qka);
}

/** Completing cards of a near-phỏm (a, b) that are still live. */
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
  for (const u of runCompleters(a, b, x.qka)) if (x.live.has(u)) n++;
  return n;
}

/**
 * Value of keeping `hand` (lower is better): loose cards cost LOOSE (distance to Ù) plus their
 * points, less when they sit in a cạ that can still be completed. `final`: only points count.
 */
function handValue(x: Ctx, hand: Card[], eatenHeld: Card[], final: boolean): number {
  const h = indexHand(hand, eatenHeld, x.qka);
  const pts = h.cards.map((c) => cardPoints(c, x.face));
  if (final) return bestArrangement(h, (i) => pts[i]! * TUNING.finalW[x.v.n - 2]!).value;
  const f = h.cards.map((c, i) => {
    let best = 0;
    for (let j = 0; j < h.cards.length; j++) if (j !== i && near(x, c, h.cards[j]!)) best = Math.max(best, liveOuts(x, c, h.cards[j]!));
    return best === 0 ? 1 : best === 1 ? 0.6 : 0.4;
  });
  return bestArrangement(h, (i) => TUNING.loose[x.v.n - 2]! * (f[i]! < 1 ? 0.8 : 1) + pts[i]! * f[i]! * TUNING.ptsW[x.v.n - 2]!).value;
}

/**
 * Chance of ending Móm (no phỏm at my lay-down take) holding `hand` with `takes` takes left: 0 with
 * a phỏm or an eaten card; else every take shows about `looks` random live cards (the offered
 * discard and the draw), and any live card completing one of my cạ saves me.
 */
function momRisk(x: Ctx, hand: Card[], held: Card[], takes: number): number {
  if (held.length > 0) return 0;
  const h = indexHand(hand, [], x.qka);
  if (h.all.length > 0) return 0;
  if (takes <= 0) return 1;
  const outs = new Set<Card>();
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++) {
      const a = hand[i]!;
      const b = hand[j]!;
      if (!near(x, a, b)) continue;
      const ia = cardId(a);
      const ib = cardId(b);
      const ra = rankOfId(ia);
      const rb = rankOfId(ib);
      if (ra === rb) {
        for (let su = 0; su < 4; su++) {
          const c = cardOf((ra - 1) * 4 + su);
          if (x.live.has(c)) outs.add(c);
        }
      } else {
        for (const c of runCompleters(a, b, x.qka)) if (x.live.has(c)) outs.add(c);
      }
    }
  const p = x.live.size > 0 ? outs.size / x.live.size : 0;
  return Math.pow(1 - p, TUNING.looks * takes);
}

/**
 * Probability that seat `t` can eat `c` now (it needs two cards forming a phỏm with it: two of its
 * rank, or two of its suit around it in a run, Q K A too under allow-qka).
 */
function eatChance(x: Ctx, t: number, c: Card): number {
  const v = x.v;
  if (v.left[t]) return 0;
  if (v.laidDown[t] && !v.options['tai-may-eat']) return 0; // its tái turns may not eat (engine: eat-in-tai)
  const known = new Set(v.shownInHand[t]!.filter((y) => !v.eaten[t]!.includes(y)));
  const hidden = Math.max(0, v.handCounts[t]! - v.shownInHand[t]!.length);
  const q = x.hiddenCount > 0 ? Math.min(1, hidden / x.hiddenCount) : 0;
  // A seat keeps its cạ: a card forming a cạ with one it threw away is less likely in its hand.
  const thrown = v.rows[t]!;
  const pOf = (y: Card): number =>
    known.has(y) ? 1 : x.live.has(y) ? (thrown.some((z) => near(x, y, z)) ? q * TUNING.thrownCa[v.n - 2]! : q) : 0;
  // Cards this seat was offered from my row and did not eat (a pass says it lacked those pairs).
  const passed = v.rows[v.seat]!;
  const id = cardId(c);
  const r = rankOfId(id);
  const s = suitOfId(id);
  const pairs: [Card, Card][] = [];
  const sameRank = [0, 1, 2, 3].filter((k) => k !== s).map((k) => cardOf((r - 1) * 4 + k));
  for (let i = 0; i < 3; i++) for (let j = i + 1; j < 3; j++) pairs.push([sameRank[i]!, sameRank[j]!]);
  // Runs with `c` low, middle or high (under allow-qka Q K A too: an A with Q K, a K with Q A, a Q with K A).
  pairs.push(...runPartners(c, x.qka));
  let none = 1;
  for (const [a, b] of pairs) {
    let p = pOf(a) * pOf(b);
    if (p === 0) continue;
    if (passed.some((y) => y !== c && phomKind([a, b, y], x.qka))) p *= TUNING.passDiscount[v.n - 2]!;
    none *= 1 - p;
  }
  return 1 - none;
}

/** What it costs me (in hand-value points) if the next seat eats my discard `c`. */
function feedCost(x: Ctx, c: Card): number {
  const v = x.v;
  const n = v.n;
  const counts = v.rowCounts.slice();
  counts[v.seat]!++;
  if (counts.every((r) => r >= 4)) return 0; // the last discard of the hand cannot be eaten
  // Fewer players: the next seat's gain is more of my loss (2 players: all of it).
  const scale = n === 2 ? TUNING.feed2 : n === 3 ? TUNING.feed3 : TUNING.feed4;
  const t = (v.seat + 1) % n;
  return eatChance(x, t, c) * feedMoney(v, feedIsChot(v)) * TUNING.money * scale;
}

/**
 * Would the next seat's eat of the discard I make now be a chốt (phom.md §6.5)? Under victim-final
 * when it is my 4th discard; under eater-final when the eater's row already holds 3.
 */
export function feedIsChot(v: Pick<SeatView, 'options' | 'rowCounts' | 'seat' | 'n'>): boolean {
  return isChot(v, v.rowCounts[(v.seat + 1) % v.n]!, v.rowCounts[v.seat]! + 1 === 4);
}

/**
 * phom.md §6.5, the one rule for every eat the strong AI prices: a chốt is the victim's 4th discard
 * (victim-final), or any eat while the eater's row holds 3 (eater-final, counted before the rotation).
 */
function isChot(v: Pick<SeatView, 'options'>, eaterRow: number, victimFourth: boolean): boolean {
  return v.options['chot-definition'] === 'victim-final' ? victimFourth : eaterRow === 3;
}

/** What the next seat's eat of my discard costs me (bets): its payment, its worth, and the đền it brings. */
function feedMoney(v: SeatView, chot: boolean): number {
  const o = v.options;
  const t = (v.seat + 1) % v.n;
  const k = v.eaten[t]!.length + 1;
  let money = eatPayment(v, t, chot) + TUNING.eatGain[v.n - 2]!;
  // A third eat is Ù, and I (the previous seat, who supplied all three) pay the whole bill.
  if (k === 3) money += o['den-three-eats'] ? (v.n - 1) * o['u-payment'] : o['u-payment'];
  // Eating my chốt makes it Ù-ready more often and a đánh-chốt đền falls on me.
  if (chot && o['den-danh-chot']) money += TUNING.chotExtra;
  return money;
}

/**
 * Rank money (bets) of a non-Móm hand ending with `dw` deadwood points, by table size: measured
 * in self-play (mean rank payment received per deadwood bucket), interpolated.
 */
const RANK_MONEY: Record<number, number[]> = {
  // dw = 0, 4, 8, …, 48
  2: [1.15, 1.1, 1.0, 0.8, 0.6, 0.5, 0.4, 0.25, 0.1, 0, -0.3, -0.6, -1],
  3: [3.1, 2.5, 1.8, 1.2, 0.5, 0.1, -0.3, -0.8, -0.95, -1.1, -1.2, -1.4, -1.8],
  4: [5.5, 4.0, 2.4, 1.0, 0.2, -0.35, -1.1, -1.5, -2.0, -2.15, -2.35, -2.5, -2.7],
};
function rankMoney(n: number, dw: number): number {
  const t = RANK_MONEY[n] ?? RANK_MONEY[4]!;
  const x = Math.max(0, dw) / 4;
  const i = Math.min(t.length - 2, Math.floor(x));
  const f = Math.min(1, x - i);
  return t[i]! * (1 - f) + t[i + 1]! * f;
}

/** Could `c` be eaten into `hand` (a phỏm with two own non-eaten cards, eaten cards still covered)? */
function eatable(x: Ctx, hand: Card[], held: Card[], c: Card): boolean {
  const id = cardId(c);
  const r = rankOfId(id);
  const su = suitOfId(id);
  let same = 0;
  const has = new Set<Card>();
  for (const y of hand) {
    if (held.includes(y)) continue;
    const j = cardId(y);
    if (rankOfId(j) === r) same++;
    if (suitOfId(j) === su) has.add(y);
  }
  // Two own cards around `c` in a run (under allow-qka Q K A too, never K A 2).
  const ok = same >= 2 || runPartners(c, x.qka).some(([a, b]) => has.has(a) && has.has(b));
  if (!ok) return false;
  if (held.length === 0) return true;
  const all = [...hand, c];
  let em = 0;
  for (let i = 0; i < all.length; i++) if (held.includes(all[i]!) || all[i] === c) em |= 1 << i;
  return (
    evalIds(
      all.map(cardId),
      em,
      x.qka,
      all.map(() => 0),
    ).minLoose < Infinity
  );
}

/**
 * Fast end-of-hand arithmetic on card ids (the hot path of the look-ahead): every phỏm mask of
 * the hand, then every combination of disjoint phỏm (at most one eaten card each, every eaten card
 * covered). Returns the fewest loose cards (Ù test), the least deadwood after discarding one
 * loose non-eaten card, and whether the hand holds a phỏm at all.
 */
interface Eval {
  minLoose: number;
  dwAfterDiscard: number;
  hasPhom: boolean;
  /** With `pen`: the best rank money less the chốt risk over the possible final discards. */
  rv: number;
}

function evalIds(ids: number[], eatenMask: number, qka: boolean, pts: number[], pen?: { cost: number[]; players: number }): Eval {
  const n = ids.length;
  const full = (1 << n) - 1;
  const masks = phomMasks(ids, qka).filter((m) => popcount(m & eatenMask) <= 1);
  let minLoose = Infinity;
  let dw = Infinity;
  let rv = -Infinity;
  const visit = (used: number): void => {
    if ((used & eatenMask) !== eatenMask) return;
    const loose = full & ~used;
    const cnt = popcount(loose);
    if (cnt < minLoose) minLoose = cnt;
    let sum = 0;
    let max = -1;
    for (let i = 0; i < n; i++)
      if (loose & (1 << i)) {
        sum += pts[i]!;
        if (pts[i]! > max) max = pts[i]!;
      }
    const d = max < 0 ? 0 : sum - max;
    if (d < dw) dw = d;
    if (pen)
      for (let i = 0; i < n; i++)
        if (loose & (1 << i)) {
          const r = rankMoney(pen.players, sum - pts[i]!) - pen.cost[i]!;
          if (r > rv) rv = r;
        }
  };
  const go = (k: number, used: number): void => {
    visit(used);
    for (let j = k; j < masks.length; j++) if ((masks[j]! & used) === 0) go(j + 1, used | masks[j]!);
  };
  go(0, 0);
  return { minLoose, dwAfterDiscard: dw, hasPhom: masks.length > 0, rv };
}

/**
 * Final value (bets) of holding `hand` at my lay-down take: Ù, Móm, or rank money by deadwood (with
 * `x.pen`, of the final discard that best balances deadwood against feeding the next seat a chốt).
 */
function finalValue(x: Ctx, hand: Card[], held: Card[]): number {
  const ids = hand.map(cardId);
  let em = 0;
  for (let i = 0; i < hand.length; i++) if (held.includes(hand[i]!)) em |= 1 << i;
  const e = evalIds(
    ids,
    em,
    x.qka,
    hand.map((c) => cardPoints(c, x.face)),
    x.pen ? { cost: hand.map((c) => x.pen!(c)), players: x.v.n } : undefined,
  );
  const o = x.v.options;
  if (e.minLoose <= 1) {
    // phom.md §8.3 (`isTron`); callers pass in `held` every card eaten by then, the one their
    // look-ahead eats included.
    const tron = isTron(o, e.minLoose, held.length === 0 && x.v.eaten[x.v.seat]!.length === 0);
    return (x.v.n - 1) * (tron ? o['u-tron-payment'] : o['u-payment']);
  }
  if (!e.hasPhom && em === 0) return -o['mom-payment'];
  return x.pen && e.rv > -Infinity ? e.rv : rankMoney(x.v.n, e.dwAfterDiscard);
}

/**
 * How often a seat throws a card of each rank (A…K) relative to a random card, at its 1st, 2nd and
 * 3rd discard and (`CHOT`) at its 4th, the chốt: players throw their high loose cards first and
 * their highest as the chốt (measured on `normal` over 400 hands at each table size).
 */
const OFFER: number[][] = [
  [0.03, 0.05, 0.1, 0.2, 0.45, 0.7, 0.75, 1.0, 1.15, 1.25, 1.45, 2.2, 3.5],
  [0.04, 0.15, 0.3, 0.5, 0.85, 1.0, 1.2, 1.3, 1.35, 1.5, 1.75, 1.65, 1.35],
  [0.15, 0.3, 0.5, 0.7, 1.15, 1.2, 1.2, 1.25, 1.25, 1.4, 1.3, 1.35, 1.25],
];
const CHOT = [0.02, 0.1, 0.2, 0.4, 0.55, 0.75, 0.9, 1.1, 1.5, 1.6, 1.95, 1.9, 2.0];

/** What `seat`'s next eat is paid, in bets (§10.1): the chốt payment, else the ordinary one (progressive: the k-th eat pays k). */
function eatPayment(v: SeatView, seat: number, chot: boolean): number {
  const o = v.options;
  if (chot) return o['chot-payment'];
  const k = v.eaten[seat]!.length + 1;
  return o['eat-payment'] === 'progressive' ? k : o['eat-payment'] === 'flat' ? 1 : 0;
}

/**
 * What my next eat pays me, in bets: its payment, less for a chốt the ăn-chốt liability (the whole
 * Ù bill if another seat then declares Ù, §11.1, estimated).
 */
function eatWorth(v: SeatView, chot: boolean): number {
  const o = v.options;
  return eatPayment(v, v.seat, chot) - (chot && o['den-an-chot'] ? 0.15 * (v.n - 2) * o['u-payment'] : 0);
}

/**
 * Expected final value over my last take, card by card over the live cards: the previous seat's
 * discard is eaten when it completes a phỏm with two of my own cards (plus its payment), else I
 * draw a random live card. The offered discard is a random live card, or with `offerModel` one
 * weighted by its rank (`OFFER`); when the previous seat's row already holds 3 that discard is its
 * chốt (`CHOT`), paid `chot-payment` less the ăn-chốt liability.
 */
function takeExpectation(x: Ctx, hand: Card[], held: Card[]): number {
  const live = [...x.live];
  if (live.length === 0) return finalValue(x, hand, held);
  const v = x.v;
  const k = v.eaten[v.seat]!.length + 1;
  const model = TUNING.offerModel[v.n - 2]!;
  const prevRow = v.rowCounts[(v.seat + v.n - 1) % v.n]!;
  // With `offerModel` (4 players): the previous seat's next discard is its 4th, thrown as a chốt
  // (`CHOT`), and my eat of it at this take (my row holds 3) is a chốt by either definition of §6.5
  // (isChot). Without it (2–3 players) the offer is a random live card and its eat is priced as an
  // ordinary one, under either definition (as measured, docs/ai-measurements.md).
  const offerChot = model && prevRow >= 3;
  const pay = eatWorth(v, model && isChot(v, 3, prevRow >= 3));
  const vals = live.map((u) => finalValue(x, [...hand, u], held));
  const drawMean = vals.reduce((a, b) => a + b, 0) / vals.length;
  if (k > 3) return drawMean;
  const table = offerChot ? CHOT : OFFER[Math.min(2, prevRow)]!;
  let offer = 0;
  let wsum = 0;
  for (const u of live) {
    const w = model ? table[rankOfId(cardId(u)) - 1]! : 1;
    wsum += w;
    // Eaten, `u` is held: it must stay in a phỏm, and the Ù it makes is no Ù tròn under u-tron no-eat.
    offer += w * (eatable(x, hand, held, u) ? Math.max(finalValue(x, [...hand, u], [...held, u]) + pay, drawMean) : drawMean);
  }
  return offer / wsum;
}

/**
 * With `penW` (2–3 players), the exact look-ahead also prices my final discard: when the next seat
 * still takes after it, that discard is a chốt, and eating it pays the next seat the chốt payment
 * (plus what `feedCost` adds: the eat's worth, the Móm it spares, a third eat's Ù, the đánh-chốt đền).
 */
function setPen(x: Ctx, eatableFinal: boolean): void {
  const w = TUNING.penW[x.v.n - 2]!;
  if (!eatableFinal || w <= 0) return;
  const t = (x.v.seat + 1) % x.v.n;
  const money = feedMoney(x.v, true) * w;
  const memo = new Map<Card, number>();
  x.pen = (c: Card) => {
    let p = memo.get(c);
    if (p === undefined) {
      p = eatChance(x, t, c) * money;
      memo.set(c, p);
    }
    return p;
  };
}

/**
 * The discards that keep every made phỏm (a spare fourth card may go) while such a card exists: at 2
 * players the chance of feeding the only opponent outweighed a made run (A♦ 2♦ 3♦ broken for a 5 %
 * lower risk, with a loose 2♣ held), which a watching player calls absurd. A discard keeps them when
 * the rest still has all but that card in phỏm (the hand's best arrangement, by points).
 */
function keepMadePhom(k: PhomKnowledge, discards: Card[]): Card[] {
  const v = k.view;
  const inPhom = (hand: Card[]): number => {
    const h = indexHand(
      hand,
      v.eatenInHand.filter((c) => hand.includes(c)),
      v.options['allow-qka'],
    );
    return popcount(bestArrangement(h, (i) => cardPoints(h.cards[i]!, v.options['face-card-points'])).phoms.reduce((a, m) => a | m, 0));
  };
  const made = inPhom(v.hand);
  const keeps = discards.filter((c) => inPhom(v.hand.filter((y) => y !== c)) >= made - 1);
  return keeps.length ? keeps : discards;
}

function discardChoice(x: Ctx, discards: Card[]): Card {
  const v = x.v;
  const hand = v.hand;
  const held = v.eatenInHand;
  // The 4th discard (after laying down, or in a tái turn) leaves the final deadwood.
  const final = v.laidDown[v.seat]! || v.rowCounts[v.seat]! >= 3;
  const takes = 3 - v.rowCounts[v.seat]!;
  // My last take before laying down comes next: look at every live card exactly.
  // …blended with the quick judgement by `lastBlend` (its weight; 0 = the exact value alone).
  const quickW = !final && takes === 1 ? TUNING.lastBlend[v.n - 2]! : 1;
  // Every other seat discards once before my final discard: it is a chốt if one of them stays below 4.
  if (!final && takes === 1)
    setPen(
      x,
      v.rowCounts.some((r, i) => i !== v.seat && r <= 2),
    );
  let best: { card: Card; val: number } | null = null;
  for (const c of discards) {
    const rest = hand.filter((y) => y !== c);
    const quick = () => handValue(x, rest, held, final) + momRisk(x, rest, held, takes) * TUNING.momCost * TUNING.money;
    const exact = () => -takeExpectation(x, rest, held) * TUNING.money;
    const val = feedCost(x, c) + (quickW >= 1 ? quick() : quickW <= 0 ? exact() : quickW * quick() + (1 - quickW) * exact());
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
    for (let j = 0; j < h.cards.length; j++) if (j !== i && near(x, c, h.cards[j]!)) best = Math.max(best, liveOuts(x, c, h.cards[j]!));
    return best === 0 ? 1 : best === 1 ? 0.6 : 0.4;
  });
  const cost = final
    ? (i: number) => pts[i]!
    : (i: number) => TUNING.loose[x.v.n - 2]! * (f[i]! < 1 ? 0.8 : 1) + pts[i]! * f[i]! * TUNING.ptsW[x.v.n - 2]!;
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
  if (uLeft(x, withC, held) <= 1) return eat; // eating gives Ù
  // After this take the row may reach 3 (lay-down turn): the discard then is the final one.
  const final = v.laidDown[v.seat]! || v.rowCounts[v.seat]! >= 3;
  const net = eatWorth(v, eatIsChot(v)); // chốt by the table's chot-definition (phom.md §6.5)
  if (v.n <= TUNING.exactUpTo && !v.laidDown[v.seat] && v.rowCounts[v.seat]! >= 3) {
    // My lay-down take: both outcomes are final hands, valued exactly (the draw over every live card).
    setPen(
      x,
      v.rowCounts.some((r, i) => i !== v.seat && r <= 3),
    );
    const live = [...x.live];
    const drawMean = live.length ? live.reduce((a, u) => a + finalValue(x, [...v.hand, u], v.eatenInHand), 0) / live.length : -Infinity;
    return finalValue(x, withC, held) + net >= drawMean ? eat : draw;
  }
  const eatVal = afterTake(x, withC, held, final) - net * TUNING.money;
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
  const tron = tronFirst(k);
  if (tron) return tron;
  if (u) return u;
  const eat = opts.find((o): o is Extract<Action, { type: 'eat' }> => o.type === 'eat');
  const draw = opts.find((o) => o.type === 'draw');
  if (draw) return eat ? takeChoice(context(k), eat, draw) : draw;
  const def = k.decision.timeoutDefault;
  // The best plan's lay-down (a tái turn offers it beside the sends and discards, due while the hand holds a phỏm).
  if (def.type === 'lay-down') return def;
  if (def.type === 'send') return def;
  const discards = opts.filter((o): o is Extract<Action, { type: 'discard' }> => o.type === 'discard').map((o) => o.card);
  if (discards.length === 0) return def;
  return { type: 'discard', card: discardChoice(context(k), keepMadePhom(k, discards)) };
}

/**
 * The next step to Ù tròn when the cards left can all be sent (melds.ts `tronStep`),
 * from the seat's own hand and the public phỏm (a phỏm's own cards are those not sent onto it).
 */
function tronFirst(k: PhomKnowledge): Action | null {
  const v = k.view;
  const targets = v.melds
    .filter((m) => m.owner !== k.seat)
    .map((m) => ({
      index: m.index,
      owner: m.owner,
      kind: m.kind,
      cards: m.cards,
      own: m.cards.filter((c) => !m.sent.some((x) => x.card === c)),
    }));
  return tronStep(v.hand, v.eatenInHand, k.decision.options, targets, v.options);
}

/** The same move (lay-downs compare their phỏm). */
function sameMove(a: Action | null, b: Action): boolean {
  return a !== null && JSON.stringify(a) === JSON.stringify(b);
}

/** A one-line reason for a hint (issue #16): an i18n key under `phom:hint.*` and its variables. */
export interface HintReason {
  key: string;
  vars: Record<string, string | number>;
}

/**
 * The cạ a player counts in `hand` (the "keeps N cạ" of a hint): only cards outside the best phỏm
 * arrangement (the one leaving the fewest loose points, every eaten card covered) are loose: a card
 * inside a phỏm is not waiting for anything, and an eaten card never leaves its phỏm. A cạ is two
 * loose cards that a live card (one the seat has not seen) would complete into a phỏm, and each
 * loose card counts in one cạ at most: the count is the largest number of such disjoint pairs
 * (`5D 7D 9D` holds one cạ, not two).
 */
function looseCaCount(x: Ctx, hand: Card[], held: Card[]): number {
  const h = indexHand(hand, held, x.qka);
  const used = bestArrangement(h, (i) => cardPoints(h.cards[i]!, x.face)).phoms.reduce((a, m) => a | m, 0);
  const loose = h.cards.filter((_, i) => !(used & (1 << i)));
  const live = [...x.live];
  // pair[i]: the loose cards forming a waiting cạ with loose card i (a bit mask).
  const pair = loose.map((a, i) =>
    loose.reduce((m, b, j) => (j !== i && live.some((u) => phomKind([a, b, u], x.qka) !== null) ? m | (1 << j) : m), 0),
  );
  const memo = new Map<number, number>();
  const most = (rem: number): number => {
    if (rem === 0) return 0;
    let got = memo.get(rem);
    if (got !== undefined) return got;
    const i = 31 - Math.clz32(rem & -rem);
    const rest = rem & ~(1 << i);
    got = most(rest);
    for (let j = 0; j < loose.length; j++) if (pair[i]! & rest & (1 << j)) got = Math.max(got, 1 + most(rest & ~(1 << j)));
    memo.set(rem, got);
    return got;
  };
  return most((1 << loose.length) - 1);
}

/**
 * Is it certain, from the seat's knowledge alone, that the next seat cannot eat my discard `c`?
 * True when the discard ends the hand (`last`), the next seat has left (the engine plays it and never eats)
 * or may not eat in its tái turn, or when no two cards it might hold complete a phỏm with `c`: each
 * must be a card it has shown (not an eaten one) or one the seat has not seen, and it must have
 * enough unshown cards for the unseen ones. Otherwise the eat is possible, however unlikely.
 */
function nextCannotEat(x: Ctx, c: Card, last: boolean): boolean {
  const v = x.v;
  if (last) return true;
  const t = (v.seat + 1) % v.n;
  if (v.left[t]) return true;
  if (v.laidDown[t] && !v.options['tai-may-eat']) return true;
  const shown = v.shownInHand[t]!.filter((y) => !v.eaten[t]!.includes(y));
  const hidden = Math.max(0, v.handCounts[t]! - v.shownInHand[t]!.length);
  const maybe = [...shown, ...x.live].filter((y) => y !== c);
  for (let i = 0; i < maybe.length; i++)
    for (let j = i + 1; j < maybe.length; j++) {
      const a = maybe[i]!;
      const b = maybe[j]!;
      const unseen = (x.live.has(a) ? 1 : 0) + (x.live.has(b) ? 1 : 0);
      if (unseen <= hidden && phomKind([a, b, c], x.qka)) return false;
    }
  return true;
}

/**
 * Cards of `hand` left outside phỏm for the Ù test, as the engine counts them (plan.ts `uLeftover`,
 * phom.md §8.2): without `u-by-sending`, the cards I sent this hand count as left over too.
 */
function uLeft(x: Ctx, hand: Card[], held: Card[]): number {
  const v = x.v;
  const sent = v.options['u-by-sending'] ? 0 : v.melds.reduce((n, m) => n + m.sent.filter((y) => y.from === v.seat).length, 0);
  return minLeftoverCount(hand, held, x.qka) + sent;
}

/** Is the eat on offer now a chốt under the table's `chot-definition` (phom.md §6.5)? */
function eatIsChot(v: SeatView): boolean {
  return isChot(v, v.rowCounts[v.seat]!, v.claimable?.chot === true);
}

/**
 * Why `action` is a good move for the seat, from its knowledge alone (the hint button shows the
 * strong AI's choice with this reason). `card` variables are card codes (the presenter names them: views.ts hintText).
 */
export function explain(k: PhomKnowledge, action: Action): HintReason {
  const x = context(k);
  const v = x.v;
  const key = (id: string, vars: Record<string, string | number> = {}): HintReason => ({ key: `phom:hint.${id}`, vars });
  switch (action.type) {
    case 'u': {
      const left = uLeft(x, v.hand, v.eatenInHand);
      const mode = v.options['u-tron'];
      const tron = isTron(v.options, left, v.eaten[v.seat]!.length === 0);
      // "Pays more than a plain Ù" only where it does (u-tron-payment is a table's choice, 0 up).
      const more = tron && v.options['u-tron-payment'] > v.options['u-payment'];
      return more ? key(mode === 'no-eat' ? 'u-tron-no-eat' : 'u-tron') : left === 0 ? key('u-all') : key('u', { left });
    }
    case 'eat': {
      if (uLeft(x, [...v.hand, action.card], [...v.eatenInHand, action.card]) <= 1) return key('eat-u', { card: action.card });
      // The table's options decide whether it is a chốt and whether the previous seat pays.
      const chot = eatIsChot(v);
      const paid = eatPayment(v, v.seat, chot) > 0;
      return key(chot ? (paid ? 'eat-chot' : 'eat-chot-unpaid') : paid ? 'eat' : 'eat-unpaid', { card: action.card });
    }
    case 'draw': {
      const offered = k.decision.options.find((o) => o.type === 'eat');
      return offered && offered.type === 'eat' ? key('draw-not-eat', { card: offered.card }) : key('draw');
    }
    case 'lay-down':
      if (action.melds.length === 0) return key('lay-down-none');
      return key(sameMove(tronFirst(k), action) ? 'tron-lay-down' : 'lay-down', { phom: action.melds.length });
    case 'send':
      return key(sameMove(tronFirst(k), action) ? 'tron-send' : 'send', { card: action.card });
    case 'discard': {
      const rest = v.hand.filter((c) => c !== action.card);
      const final = v.laidDown[v.seat]! || v.rowCounts[v.seat]! >= 3;
      const counts = v.rowCounts.slice();
      counts[v.seat]!++;
      const last = counts.every((r) => r >= 4);
      const chance = last ? 0 : eatChance(x, (v.seat + 1) % v.n, action.card);
      const pct = Math.round(chance * 100);
      // "Cannot eat" only when no cards the next seat might hold allow it; a small chance is "unlikely".
      const safe = nextCannotEat(x, action.card, last);
      if (final) {
        const h = indexHand(rest, v.eatenInHand, x.qka);
        const points = bestArrangement(h, (i) => cardPoints(h.cards[i]!, x.face)).value;
        const id = safe ? 'discard-final-safe' : chance < 0.05 ? 'discard-final-unlikely' : 'discard-final';
        return key(id, { card: action.card, points, pct });
      }
      const ca = looseCaCount(x, rest, v.eatenInHand);
      // by the shown percentage, so "can hardly eat it" never reads 20 %
      const id = safe ? 'discard-safe' : chance < 0.05 ? 'discard-unlikely' : pct < 20 ? 'discard-low-risk' : 'discard-risky';
      // no cạ left: the reason says nothing of cạ rather than "keeps 0 cạ"
      return key(ca === 0 ? `${id}-noca` : id, {
        card: action.card,
        ca,
        ...(id === 'discard-low-risk' || id === 'discard-risky' ? { pct } : {}),
      });
    }
    default:
      return key('auto');
  }
}
