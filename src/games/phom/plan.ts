/**
 * Plans shared by pending(), the timeout defaults and the AI (phom.md §5 "Auto-play"):
 * legal eats, discards and sends, lay-down choices ranked best first, the Ù test.
 */
import type { Seat } from '../core/types.js';
import { type Card, cardId, cardPoints, compareCards, pointsOf, sortCards, suitOf } from './cards.js';
import {
  bestArrangement,
  coverable,
  fitsMeld,
  indexHand,
  layDownChoices,
  maskCards,
  minLeftoverCount,
  phomKind,
  runRange,
} from './melds.js';
import { type State, prev } from './state.js';

export const qka = (s: State): boolean => s.opts['allow-qka'];
export const face = (s: State): 'rank' | 'ten' => s.opts['face-card-points'];
export const eatenInHand = (s: State, seat: Seat): Card[] => s.eaten[seat]!.filter((c) => s.hands[seat]!.includes(c));

/** Sort the cards of a phỏm for display: sets canonically, runs by run position (ace high after K). */
export function orderMeld(cards: readonly Card[], allowQka: boolean): Card[] {
  const sorted = sortCards(cards);
  if (phomKind(sorted, allowQka) !== 'run') return sorted;
  const [lo] = runRange(sorted, allowQka);
  return lo === 1 || !sorted.some((c) => c.startsWith('A')) ? sorted : [...sorted.slice(1), sorted[0]!];
}

/** Why eating `card` is illegal for `seat` (phom.md §6.2), or null when legal. */
export function eatProblem(s: State, seat: Seat, card: Card): 'eat-no-phom' | 'eat-breaks-eaten' | 'eat-no-move' | null {
  const hand = [...s.hands[seat]!, card];
  const held = eatenInHand(s, seat);
  // c must form a phỏm with ≥2 of the player's own non-eaten hand cards.
  const free = hand.filter((c) => !held.includes(c));
  const h = indexHand(free, [card], qka(s));
  const ci = h.cards.indexOf(card);
  if (!h.all.some((p) => p & (1 << ci))) return 'eat-no-phom';
  // …and every eaten card, old and new, keeps its own phỏm (never two in one).
  if (!coverable(hand, [...held, card], qka(s))) return 'eat-breaks-eaten';
  if (s.laidDown[seat] && !movesAfterTaiEat(s, seat, card)) return 'eat-no-move';
  return null;
}

/**
 * Has `seat` a move after eating `card` in a tái turn? It must then lay the eaten card down (C3)
 * keeping a card to discard (§7.4), or declare Ù (§8.2). A small hand the eat puts wholly in phỏm
 * has only Ù, and without `u-by-sending` two or more cards sent earlier in the hand stay left over
 * and bar it: such an eat is refused (docs/rules-decisions.md), else the seat had no legal move.
 */
function movesAfterTaiEat(s: State, seat: Seat, card: Card): boolean {
  const after: State = {
    ...s,
    hands: s.hands.map((h, i) => (i === seat ? [...h, card] : h)),
    eaten: s.eaten.map((e, i) => (i === seat ? [...e, card] : e)),
  };
  return uLeftover(after, seat) <= 1 || rankedLayDowns(after, seat).length > 0;
}

/** Is the previous turn's discard on offer to `seat` now (phom.md §6.1)? */
export function eatableCard(s: State, seat: Seat): Card | null {
  const d = s.lastDiscard;
  if (!d || s.phase !== 'take' || s.turn !== seat || d.seat !== prev(s, seat)) return null;
  // phom.md §6.2 / option tai-may-eat: a player who has laid down is in a tái turn.
  if (s.laidDown[seat] && !s.opts['tai-may-eat']) return null;
  return d.card;
}

export function canEat(s: State, seat: Seat): boolean {
  const c = eatableCard(s, seat);
  return c !== null && eatProblem(s, seat, c) === null;
}

/**
 * Why discarding `card` is illegal (phom.md §7.3 C1, C2; seed 002's last turn, `taiLayDownDue`), or
 * null.
 */
export function discardProblem(
  s: State,
  seat: Seat,
  card: Card,
): 'card-not-in-hand' | 'discard-eaten' | 'discard-locked' | 'tai-must-lay-down' | null {
  const hand = s.hands[seat]!;
  if (!hand.includes(card)) return 'card-not-in-hand';
  if (taiLayDownDue(s, seat)) return 'tai-must-lay-down';
  if (s.eaten[seat]!.includes(card)) return 'discard-eaten';
  const held = eatenInHand(s, seat);
  if (
    held.length &&
    !coverable(
      hand.filter((c) => c !== card),
      held,
      qka(s),
    )
  )
    return 'discard-locked';
  return null;
}

export function legalDiscards(s: State, seat: Seat): Card[] {
  if (taiLayDownDue(s, seat)) return []; // once for the hand, not once a card
  return sortCards(s.hands[seat]!).filter((c) => discardProblem(s, seat, c) === null);
}

/** Cards `seat` has sent onto other seats' phỏm this hand (in its lay-down turn and any tái turn). */
export function sentThisHand(s: State, seat: Seat): number {
  return s.melds.reduce((n, m) => n + m.sent.filter((x) => x.from === seat).length, 0);
}

/**
 * Cards left outside phỏm for the Ù test (phom.md §8.2). Sent cards count towards Ù only with
 * `u-by-sending`; without it they are left over, whenever they were sent: a tái turn's Ù counted
 * the lay-down turn's sends as if in phỏm (only this turn's were added back).
 */
export function uLeftover(s: State, seat: Seat): number {
  const base = minLeftoverCount(s.hands[seat]!, eatenInHand(s, seat), qka(s));
  return base + (s.opts['u-by-sending'] ? 0 : sentThisHand(s, seat));
}

/**
 * May `seat` declare Ù now (phom.md §8.2)? Only after a take, or on the deal with u-on-deal. A seat
 * that left never declares (§11.3), unless Ù is its only legal move (docs/rules-decisions.md).
 */
export function canDeclareU(s: State, seat: Seat): boolean {
  if (s.end || s.turn !== seat || s.phase === 'take') return false;
  if (s.firstTurn && !s.opts['u-on-deal']) return false;
  if (uLeftover(s, seat) > 1) return false;
  return !s.left[seat] || !hasMoveBesidesU(s, seat);
}

/**
 * Has the active `seat` a legal move other than Ù? Not when its hand is all in phỏm after a tái eat
 * (every lay-down would leave no card to discard, §7.4, and no card may go, §7.3 C1/C2), nor when it
 * sent its last card (u-by-sending): Ù is then the only move.
 */
export function hasMoveBesidesU(s: State, seat: Seat): boolean {
  if (s.phase === 'lay-down') return rankedLayDowns(s, seat).length > 0;
  return legalDiscards(s, seat).length > 0 || legalSends(s, seat).length > 0 || taiLayDowns(s, seat).length > 0;
}

/** May `seat` send now (phom.md §7.5): in its lay-down (after laying) or tái turn, owning a laid phỏm. */
export function maySend(s: State, seat: Seat): boolean {
  return s.phase === 'act' && s.turn === seat && (s.layTurn || s.tai) && s.melds.some((m) => m.owner === seat);
}

/**
 * Is `seat` where a tái turn lays down new phỏm (phom.md §5 H′): its tái turn, in phase `act`,
 * before any send? Not while an eaten card is held: that turn is in phase `lay-down` (C3 lays it
 * down first; the eat is public). Public facts only, so the phase never tells what the hand holds.
 */
function taiLayDownOpen(s: State, seat: Seat): boolean {
  return s.phase === 'act' && s.tai && s.turn === seat && s.sentThisTurn.length === 0 && eatenInHand(s, seat).length === 0;
}

/**
 * The new phỏm `seat` must lay down in its tái turn, best first (every choice lays all its phỏm,
 * §7.4): offered in phase `act` beside the sends and discards, which stay refused while any is
 * due (`taiLayDownDue`). Empty when the hand holds no phỏm: it then sends and discards at once,
 * so a tái turn shows the same public phase whatever the hidden hand holds (§2, §5 H′).
 */
export function taiLayDowns(s: State, seat: Seat): Card[][][] {
  if (!taiLayDownOpen(s, seat)) return [];
  return rankedLayDowns(s, seat).filter((m) => m.length > 0);
}

/**
 * Must `seat` lay down before it sends or discards? Seed 002 (it wins over phom.md §5 H′ / §15.8
 * "optional"): "Khi đánh lượt cuối cùng, người chơi phải hạ tất cả Phỏm của mình": the tái turn's
 * discard is the 4th of the row, the seat's last turn, so in it every phỏm of hand cards is laid
 * down first, as in the lay-down turn. Only a lay-down that keeps a card to discard counts (§7.4):
 * a hand that is all phỏm with no such lay-down declares Ù, its only move (`hasMoveBesidesU`), or
 * plays on where it may not declare one.
 */
export function taiLayDownDue(s: State, seat: Seat): boolean {
  if (!taiLayDownOpen(s, seat)) return false;
  const h = indexHand(s.hands[seat]!, [], qka(s));
  if (h.all.length === 0) return false; // no phỏm: nothing to lay (the cheap, common case)
  const full = (1 << h.cards.length) - 1;
  if (layDownChoices(h).some((masks) => masks.reduce((a, m) => a | m, 0) !== full)) return true;
  // All of it phỏm, and no lay-down keeps a card to discard: no discard or send may keep a phỏm back
  // either, so Ù is its one move, when it may declare it (§8.2: `uLeftover`; cards sent earlier
  // without u-by-sending are left over, and then it plays on, as nothing else is legal).
  return uLeftover(s, seat) <= 1;
}

/**
 * Why sending `card` is illegal by the eaten-card rules (phom.md §7.3 C4: an eaten card is never
 * sent; C2 as for a discard: no held eaten card may lose its phỏm), or null. Both read "an eaten
 * card must be laid down in a phỏm" (C3), naming the eaten card.
 */
export function sendProblem(s: State, seat: Seat, card: Card): { reason: 'lay-down-eaten-left'; card: Card } | null {
  const hand = s.hands[seat]!;
  if (s.eaten[seat]!.includes(card)) return { reason: 'lay-down-eaten-left', card };
  const held = eatenInHand(s, seat);
  if (!held.length) return null;
  const rest = hand.filter((c) => c !== card);
  if (coverable(rest, held, qka(s))) return null;
  return { reason: 'lay-down-eaten-left', card: held[0]! };
}

export interface SendTarget {
  index: number;
  owner: Seat;
  kind: 'set' | 'run';
  cards: Card[];
  own: Card[];
}

export function sendTargets(s: State, seat: Seat): SendTarget[] {
  return s.melds.flatMap((m, index) => (m.owner === seat ? [] : [{ index, owner: m.owner, kind: m.kind, cards: m.cards, own: m.own }]));
}

export function fits(s: State, card: Card, t: SendTarget): boolean {
  return fitsMeld(card, t.kind, t.cards, t.own, s.opts['gui-noi'], qka(s));
}

export function legalSends(s: State, seat: Seat): { card: Card; target: number }[] {
  // The last card only with u-by-sending (it then leaves an Ù tròn to declare, rules.ts `send`).
  if (!maySend(s, seat) || s.hands[seat]!.length < (s.opts['u-by-sending'] ? 1 : 2)) return [];
  if (taiLayDownDue(s, seat)) return []; // §5 H′ before G: the tái phỏm go down first
  const out: { card: Card; target: number }[] = [];
  for (const card of sortCards(s.hands[seat]!)) {
    if (sendProblem(s, seat, card)) continue;
    for (const t of sendTargets(s, seat)) if (fits(s, card, t)) out.push({ card, target: t.index });
  }
  return out;
}

/** A plan's value: Ù reachable (−1), else the deadwood after the best discard. Lower is better. */
export interface SendPlan {
  sends: { card: Card; target: number }[];
  score: number;
}

/**
 * Best sequence of sends from `hand` (no eaten cards) onto `targets`, keeping one card to discard
 * (phom.md §5 "best plan"). `sentBefore` = cards the seat already sent this hand (for the Ù test).
 */
export function bestSends(s: State, hand: readonly Card[], targets: SendTarget[], sentBefore: number): SendPlan {
  const f = face(s);
  const eaten = s.eaten.flat();
  const mayGo = (h: readonly Card[], card: Card): boolean =>
    !eaten.includes(card) &&
    coverable(
      h.filter((c) => c !== card),
      eaten,
      qka(s),
    );
  const scoreOf = (h: readonly Card[], sent: number): number => {
    const left = h.length + (s.opts['u-by-sending'] ? 0 : sentBefore + sent);
    if (left <= 1) return -1;
    return pointsOf(h, f) - Math.max(...h.map((c) => cardPoints(c, f)));
  };
  let best: SendPlan = { sends: [], score: scoreOf(hand, 0) };
  const seen = new Set<string>();
  const go = (h: Card[], ts: SendTarget[], sends: { card: Card; target: number }[]): void => {
    const key = sends
      .map((x) => `${x.card}>${x.target}`)
      .sort()
      .join(',');
    if (seen.has(key)) return;
    seen.add(key);
    const sc = scoreOf(h, sends.length);
    if (sc < best.score || (sc === best.score && sends.length > best.sends.length)) best = { sends: sends.slice(), score: sc };
    if (h.length < 2) return;
    for (const card of h)
      for (const t of ts) {
        if (!fits(s, card, t) || !mayGo(h, card)) continue;
        const nt = ts.map((x) => (x === t ? { ...x, cards: [...x.cards, card] } : x));
        go(
          h.filter((c) => c !== card),
          nt,
          [...sends, { card, target: t.index }],
        );
      }
  };
  go(hand.slice(), targets, []);
  return best;
}

/** The lay-down choices open to `seat` now, best first (phom.md §5 "best plan"; stable order). */
export function rankedLayDowns(s: State, seat: Seat): Card[][][] {
  const hand = s.hands[seat]!;
  const held = eatenInHand(s, seat);
  const h = indexHand(hand, held, qka(s));
  // Every choice lays all the phỏm (§7.4), in a tái turn too (seed 002, `taiLayDownDue`): laying
  // nothing is a choice only for a hand that holds none (a Móm lay-down turn, a tái hand playing on).
  const choices = layDownChoices(h);
  const targets = sendTargets(s, seat);
  const scored = choices
    .map((masks) => {
      const melds = masks.map((m) => orderMeld(maskCards(h, m), qka(s))).sort((a, b) => compareCards(a[0]!, b[0]!));
      const laid = masks.reduce((a, m) => a | m, 0);
      const rest = maskCards(h, ((1 << h.cards.length) - 1) & ~laid);
      const canSendAfter = melds.length > 0 || s.melds.some((m) => m.owner === seat);
      const plan = bestSends(s, rest, canSendAfter ? targets : [], sentThisHand(s, seat));
      return { melds, rest: rest.length, score: plan.score, laidCount: hand.length - rest.length };
    })
    .filter((x) => x.rest > 0); // phom.md §5: a card must remain for the discard (else Ù)
  scored.sort((a, b) => a.score - b.score || b.laidCount - a.laidCount || compareLayDowns(a.melds, b.melds));
  return scored.map((x) => x.melds);
}

/** Two card lists compared card by card in canonical order (card ids); a proper prefix comes first. */
function compareCardLists(a: readonly Card[], b: readonly Card[]): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const d = compareCards(a[i]!, b[i]!);
    if (d) return d;
  }
  return a.length - b.length;
}

/**
 * The last tie-break of the best plan, phom.md §5 "canonical order (rank A…K, then suit S, C, D,
 * H)", read as: (1) all the laid cards, sorted canonically, compared card by card — the plan whose
 * first differing card is lower comes first (so `[9D 10D JD]` before `[10S 10C 10D]`, as 9D < 10S);
 * (2) same cards split into other phỏm: the phỏm, each sorted canonically and ordered by their
 * lowest card, compared phỏm by phỏm the same way. Card ids, never card text ("10" < "2" as text).
 */
export function compareLayDowns(a: readonly (readonly Card[])[], b: readonly (readonly Card[])[]): number {
  const d = compareCardLists(sortCards(a.flat()), sortCards(b.flat()));
  if (d) return d;
  const norm = (ms: readonly (readonly Card[])[]) => ms.map((m) => sortCards(m)).sort((x, y) => compareCardLists(x, y));
  const na = norm(a);
  const nb = norm(b);
  for (let i = 0; i < na.length && i < nb.length; i++) {
    const e = compareCardLists(na[i]!, nb[i]!);
    if (e) return e;
  }
  return na.length - nb.length;
}

/** Deadwood of the best arrangement of `hand` (eaten cards covered). */
export function bestDeadwood(s: State, hand: readonly Card[], eaten: readonly Card[]): number {
  const f = face(s);
  const h = indexHand(
    hand,
    eaten.filter((c) => hand.includes(c)),
    qka(s),
  );
  return bestArrangement(h, (i) => cardPoints(h.cards[i]!, f)).value;
}

/** phom.md §5 discard policy: lowest best-plan deadwood; ties → higher points → suit order S, C, D, H. */
export function policyDiscard(s: State, seat: Seat): Card {
  const f = face(s);
  const h = indexHand(s.hands[seat]!, eatenInHand(s, seat), qka(s));
  const full = (1 << h.cards.length) - 1;
  // One memo for every candidate: the best arrangement of a sub-hand does not depend on the discard.
  const memo = new Map<number, { value: number; phoms: number[] }>();
  const cost = (i: number) => cardPoints(h.cards[i]!, f);
  let best: { card: Card; dw: number } | null = null;
  for (const card of legalDiscards(s, seat)) {
    const dw = bestArrangement(h, cost, full & ~(1 << h.cards.indexOf(card)), memo).value;
    if (
      !best ||
      dw < best.dw ||
      (dw === best.dw &&
        (cardPoints(card, f) > cardPoints(best.card, f) ||
          (cardPoints(card, f) === cardPoints(best.card, f) && suitOf(card) < suitOf(best.card))))
    )
      best = { card, dw };
  }
  return best!.card;
}

export const byId = (a: Card, b: Card): number => cardId(a) - cardId(b);
