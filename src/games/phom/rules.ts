/** Phỏm turn flow (phom.md §5–§8): pending decisions and apply. */
import { copyState } from '../core/copy.js';
import { ok, type Decision, type Result, type Seat } from '../core/types.js';
import { type Card, cardPoints, isCard, sortCards } from './cards.js';
import { type Action, fail } from './actions.js';
import { bestArrangement, indexHand, isTron, maskCards, phomKind, popcount } from './melds.js';
import {
  bestSends,
  canDeclareU,
  canEat,
  discardProblem,
  eatableCard,
  eatenInHand,
  eatProblem,
  face,
  fits,
  legalDiscards,
  legalSends,
  maySend,
  orderMeld,
  policyDiscard,
  qka,
  rankedLayDowns,
  sendProblem,
  sendTargets,
  sentThisHand,
  taiLayDownDue,
  taiLayDowns,
  uLeftover,
} from './plan.js';
import { eatPayment, potPayment, rankSeats } from './scoring/settle.js';
import { type EatRecord, type State, type WinTaken, next, prev } from './state.js';

const U: Action = { type: 'u' };

const PENDING = new WeakMap<State, Decision<Action>[]>();

/** The decision of the active seat (phom.md §5); empty when the hand is over. Cached per state (states are immutable). */
export function pending(s: State): Decision<Action>[] {
  let d = PENDING.get(s);
  if (!d) {
    d = computePending(s);
    PENDING.set(s, d);
  }
  return d.map((x) => ({ ...x, options: x.options.slice() }));
}

function computePending(s: State): Decision<Action>[] {
  if (s.end) return [];
  const p = s.turn;
  const options: Action[] = [];
  let def: Action;
  if (s.phase === 'take') {
    options.push({ type: 'draw' });
    const c = eatableCard(s, p);
    if (c && canEat(s, p)) options.push({ type: 'eat', card: c });
    def = options[0]!;
  } else {
    const u = canDeclareU(s, p);
    if (u) options.push(U);
    if (s.phase === 'lay-down') {
      for (const melds of rankedLayDowns(s, p)) options.push({ type: 'lay-down', melds });
    } else {
      for (const melds of taiLayDowns(s, p)) options.push({ type: 'lay-down', melds });
      for (const x of legalSends(s, p)) options.push({ type: 'send', ...x });
      for (const card of legalDiscards(s, p)) options.push({ type: 'discard', card });
    }
    def = u ? U : autoAction(s, p);
  }
  return [{ seat: p, kind: 'turn', options, timeoutDefault: def, ...(choiceHiddenAt(s) ? { choiceHidden: true as const } : {}) }];
}

/**
 * Does whether the active seat has a choice at all depend on its hidden hand (`Decision.choiceHidden`,
 * from public facts only)? The take: more than a draw only if it can eat. A tái turn's `act`: a
 * hand holding a phỏm may have one lay-down as its only move (seed 002, `taiLayDownDue`), one
 * without plays on with a choice of discards.
 */
function choiceHiddenAt(s: State): boolean {
  return s.phase === 'take' || (s.phase === 'act' && s.tai);
}

/**
 * The auto-play move (phom.md §5 auto-play / §11.3 leavers): draw, best plan, discard policy; never
 * eats, and declares Ù only when it is the only legal move (a hand all in phỏm after a tái eat, or
 * none left after sending the last card: no lay-down keeps a card, no card may be discarded).
 */
export function autoAction(s: State, p: Seat): Action {
  if (s.phase === 'take') return { type: 'draw' };
  if (s.phase === 'lay-down') {
    const best = rankedLayDowns(s, p)[0];
    return best ? { type: 'lay-down', melds: best } : U;
  }
  // A tái turn's lay-down (§5 H′; due while the hand holds a phỏm, seed 002): the best plan's.
  const lay = taiLayDowns(s, p)[0];
  if (lay) return { type: 'lay-down', melds: lay };
  if (maySend(s, p) && s.hands[p]!.length > 1 && !taiLayDownDue(s, p)) {
    const plan = bestSends(s, s.hands[p]!, sendTargets(s, p), sentThisHand(s, p));
    const first = plan.sends[0];
    if (first) return { type: 'send', ...first };
  }
  return legalDiscards(s, p).length > 0 ? { type: 'discard', card: policyDiscard(s, p) } : U;
}

export function apply(s0: State, seat: Seat, a: Action): Result<State> {
  if (s0.end) return fail('hand-over');
  if (!Number.isInteger(seat) || seat < 0 || seat >= s0.n) return fail('bad-seat');
  if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string') return fail('bad-action');
  if (a.type === 'leave') {
    if (s0.left[seat]) return fail('already-left');
    const s = copyState(s0);
    s.left[seat] = true;
    s.last = { seat, type: 'leave' };
    return ok(autoPlayLeavers(s));
  }
  if (s0.left[seat]) return fail('seat-left');
  if (seat !== s0.turn) return fail('not-your-turn', { turn: s0.turn });
  const r = step(s0, seat, a);
  return r.ok ? ok(autoPlayLeavers(r.value)) : r;
}

/** Seats that left are played by the engine itself (phom.md §11.3). */
function autoPlayLeavers(s: State): State {
  let cur = s;
  for (let i = 0; i < 200 && !cur.end && cur.left[cur.turn]; i++) {
    const r = step(cur, cur.turn, autoAction(cur, cur.turn));
    if (!r.ok) break;
    cur = r.value;
  }
  return cur;
}

function step(s0: State, p: Seat, a: Action): Result<State> {
  switch (a.type) {
    case 'draw':
      return draw(s0, p);
    case 'eat':
      return eat(s0, p, a.card);
    case 'lay-down':
      return layDown(s0, p, a.melds);
    case 'send':
      return send(s0, p, a.card, a.target);
    case 'discard':
      return discard(s0, p, a.card);
    case 'u':
      return declareU(s0, p);
    default:
      return fail('bad-action');
  }
}

function draw(s0: State, p: Seat): Result<State> {
  if (s0.phase !== 'take') return fail('already-took');
  const s = copyState(s0);
  const card = s.stock.shift()!;
  s.hands[p]!.push(card);
  s.drawn = card;
  s.lastDiscard = null; // phom.md §6.1: a discard not eaten now is dead
  s.last = { seat: p, type: 'draw' };
  return ok(afterTake(s, p));
}

function eat(s0: State, p: Seat, card: Card): Result<State> {
  if (s0.phase !== 'take') return fail('already-took');
  const d = s0.lastDiscard;
  if (!d || d.seat !== prev(s0, p)) return fail('nothing-to-eat');
  if (card !== d.card) return fail('eat-wrong-card', { card: d.card });
  if (s0.laidDown[p] && !s0.opts['tai-may-eat']) return fail('eat-in-tai');
  const problem = eatProblem(s0, p, card);
  if (problem) return fail(problem, { card });
  const s = copyState(s0);
  const v = d.seat;
  // phom.md §6.5: chốt = the victim's 4th discard (victim-final) or an eat while the eater's row holds 3.
  const chot = s.opts['chot-definition'] === 'victim-final' ? d.chot : s.rowCounts[p] === 3;
  const k = s.eats.filter((e) => e.eater === p).length + 1;
  const fromV = s.eats.filter((e) => e.victim === v).length + 1;
  // phom.md §10.1
  const amount = eatPayment(s.opts, chot, k);
  const pot = potPayment(s.opts, fromV);
  const rec: EatRecord = { eater: p, victim: v, card, chot, k, amount, pot, turnNo: s.turnNo };
  s.eats.push(rec);
  if (amount > 0) s.payments.push({ from: v, to: p, amount, reason: chot ? 'eat-chot' : 'eat' });
  s.gaIn[v]! += pot;
  if (chot) s.lastChotEater = p;
  s.ateThisTurn = rec;
  s.hands[p]!.push(card);
  s.eaten[p]!.push(card);
  const row = s.rows[v]!;
  row.splice(row.lastIndexOf(card), 1);
  if (s.opts['discard-rotation']) {
    // phom.md §6.4 chuyển bài: the lead's latest row card moves to the victim; the lead passes on.
    if (v !== s.lead) {
      const moved = s.rows[s.lead]!.pop();
      if (moved) row.push(moved);
    }
    s.lead = next(s, s.lead);
    s.rowCounts = s.rows.map((r) => r.length);
  }
  if (s.opts['eat-reveal'] === 'phom') {
    // phom.md §6.3 / option eat-reveal: show the hand cards of the whole phỏm the eaten card
    // completes: of the phỏm holding it in an arrangement with the least deadwood, the largest (the
    // seed's K♠ eaten onto 10♠ J♠ Q♠ shows all three, onto 8♠…Q♠ all five). The first arrangement
    // found took the smallest phỏm around the card (J♠ Q♠ K♠, 10♠ hidden).
    const h = indexHand(s.hands[p]!, eatenInHand(s, p), qka(s));
    const cost = (i: number) => cardPoints(h.cards[i]!, face(s));
    const full = (1 << h.cards.length) - 1;
    const ci = h.cards.indexOf(card);
    const memo = new Map<number, { value: number; phoms: number[] }>();
    let best: { m: number; value: number } | null = null;
    for (const m of h.all) {
      if (!(m & (1 << ci)) || popcount(m & h.eatenMask) > 1) continue;
      const value = bestArrangement(h, cost, full & ~m, memo).value;
      if (!best || value < best.value || (value === best.value && popcount(m) > popcount(best.m))) best = { m, value };
    }
    if (best) for (const c of maskCards(h, best.m)) if (c !== card && !s.shown[p]!.includes(c)) s.shown[p]!.push(c);
  }
  s.lastDiscard = null;
  s.last = { seat: p, type: 'eat', card, from: v };
  return ok(afterTake(s, p));
}

/**
 * After the take and rotation: lay-down turn, tái turn or a plain turn (phom.md §5, §6.4). The phase
 * is public, so it follows public facts only: a tái turn is in `act` (its lay-down, §5 H′, due
 * while the hand holds a phỏm, is offered there: `taiLayDowns`) unless it holds an eaten card,
 * which C3 lays down first.
 */
function afterTake(s: State, p: Seat): State {
  s.layTurn = !s.laidDown[p] && s.rowCounts[p] === 3;
  s.tai = s.laidDown[p]!;
  s.phase = s.layTurn || (s.tai && eatenInHand(s, p).length > 0) ? 'lay-down' : 'act';
  return s;
}

function layDown(s0: State, p: Seat, melds: unknown): Result<State> {
  if (s0.phase === 'take') return fail('must-take');
  if (!Array.isArray(melds) || !melds.every((m) => Array.isArray(m) && m.every(isCard))) return fail('bad-action');
  // A tái turn lays down in phase `act`, before any send (§5 H′ before G). Laying nothing is never
  // offered there (a hand without phỏm just plays on) but accepted from such a hand, as a no-op; a
  // hand holding a phỏm is refused it below (§7.4, seed 002), so an older log that laid nothing
  // then no longer replays (a rule change, src/store/rule-changes.ts).
  const taiAct = s0.phase === 'act' && s0.tai && s0.sentThisTurn.length === 0;
  if (s0.phase !== 'lay-down' && !taiAct) return fail('not-lay-down-turn');
  const hand = s0.hands[p]!;
  const used = new Set<Card>();
  const held = eatenInHand(s0, p);
  for (const m of melds as Card[][]) {
    for (const c of m) {
      if (!hand.includes(c)) return fail('lay-down-not-in-hand', { card: c });
      if (used.has(c)) return fail('lay-down-overlap', { card: c });
      used.add(c);
    }
    if (!phomKind(m, qka(s0))) return fail('lay-down-not-phom', { cards: m.join(' ') });
    // phom.md §7.3 C3: one eaten card per phỏm.
    if (m.filter((c) => held.includes(c)).length > 1) return fail('lay-down-two-eaten', { cards: m.join(' ') });
  }
  const lost = held.find((c) => !used.has(c));
  if (lost) return fail('lay-down-eaten-left', { card: lost });
  const rest = hand.filter((c) => !used.has(c));
  // phom.md §7.4: no phỏm may remain among the kept cards; in a tái turn too (seed 002: the last
  // turn lays down all its phỏm; before 2026-12-07 laying nothing there was allowed).
  const kept = indexHand(rest, [], qka(s0));
  const left = kept.all[0];
  if (left !== undefined) return fail('lay-down-phom-left', { cards: maskCards(kept, left).join(' ') });
  if (rest.length === 0) return fail('lay-down-empty-hand');
  const s = copyState(s0);
  for (const m of melds as Card[][]) {
    const cards = orderMeld(m, qka(s));
    s.melds.push({ owner: p, kind: phomKind(cards, qka(s))!, cards, own: cards.slice(), sent: [] });
  }
  s.hands[p] = rest;
  s.shown[p] = s.shown[p]!.filter((c) => rest.includes(c));
  if (s.layTurn) {
    s.laidDown[p] = true;
    s.layOrder.push(p);
  }
  s.phase = 'act';
  s.last = { seat: p, type: 'lay-down', cards: (melds as Card[][]).map((m) => orderMeld(m, qka(s))) };
  return ok(s);
}

function send(s0: State, p: Seat, card: Card, target: number): Result<State> {
  if (s0.phase === 'take') return fail('must-take');
  if (s0.phase === 'lay-down') return fail('must-lay-down');
  if (taiLayDownDue(s0, p)) return fail('tai-must-lay-down'); // seed 002: the last turn lays its phỏm first
  if (!maySend(s0, p)) return fail('send-not-allowed');
  if (!isCard(card) || !s0.hands[p]!.includes(card)) return fail('card-not-in-hand', { card: String(card) });
  const m = Number.isInteger(target) ? s0.melds[target] : undefined;
  if (!m) return fail('send-no-target', { target: String(target) });
  if (m.owner === p) return fail('send-own-meld');
  // A card must stay to discard, unless sends count towards Ù: then the last card may go too, and
  // none left is Ù tròn (phom.md §8.2 "cards sent this turn also count … none left → Ù tròn").
  if (s0.hands[p]!.length < 2 && !s0.opts['u-by-sending']) return fail('send-last-card');
  // phom.md §7.3 C4: eaten cards are never sent, nor a card a held eaten card needs (C2).
  const problem = sendProblem(s0, p, card);
  if (problem) return fail(problem.reason, { card: problem.card });
  const t = sendTargets(s0, p).find((x) => x.index === target)!;
  if (!fits(s0, card, t)) return fail('send-not-fit', { card, target });
  const s = copyState(s0);
  const meld = s.melds[target]!;
  meld.cards = orderMeld([...meld.cards, card], qka(s));
  meld.sent.push({ card, from: p });
  s.hands[p] = s.hands[p]!.filter((c) => c !== card);
  s.shown[p] = s.shown[p]!.filter((c) => c !== card);
  s.sentThisTurn.push(card);
  s.last = { seat: p, type: 'send', card, target };
  return ok(s);
}

function discard(s0: State, p: Seat, card: Card): Result<State> {
  if (s0.phase === 'take') return fail('must-take');
  if (s0.phase === 'lay-down') return fail('must-lay-down');
  if (!isCard(card)) return fail('card-not-in-hand', { card: String(card) });
  const problem = discardProblem(s0, p, card);
  if (problem) return fail(problem, { card });
  const s = copyState(s0);
  s.hands[p] = s.hands[p]!.filter((c) => c !== card);
  s.shown[p] = s.shown[p]!.filter((c) => c !== card);
  s.rows[p]!.push(card);
  s.rowCounts[p]!++;
  s.last = { seat: p, type: 'discard', card };
  // phom.md §6.5 victim-final: the discard that brings the row to 4 is the chốt.
  s.lastDiscard = { seat: p, card, chot: s.rowCounts[p] === 4 };
  s.drawn = null;
  s.ateThisTurn = null;
  s.sentThisTurn = [];
  s.firstTurn = false;
  s.layTurn = false;
  s.tai = false;
  if (s.rowCounts.every((c) => c >= 4)) {
    // phom.md §12 (b): every row holds 4 → compare deadwood.
    s.phase = 'over';
    s.lastDiscard = null;
    const ranking = rankSeats(s);
    s.end = { by: 'rank', winner: ranking[0]! };
    return ok(s);
  }
  s.turn = next(s, p);
  s.turnNo++;
  s.phase = 'take';
  return ok(s);
}

function declareU(s0: State, p: Seat): Result<State> {
  if (!canDeclareU(s0, p)) return s0.phase === 'take' ? fail('must-take') : fail('no-u');
  const s = copyState(s0);
  const left = uLeftover(s, p);
  // phom.md §8.3: Ù tròn = all ten cards used (all-ten) or no eaten card (no-eat).
  const tron = isTron(s.opts, left, s.eaten[p]!.length === 0);
  const h = indexHand(s.hands[p]!, eatenInHand(s, p), qka(s));
  const arr = bestArrangement(h, () => 1);
  const inPhom = arr.phoms.reduce((a, m) => a | m, 0);
  const phoms = arr.phoms.map((m) => orderMeld(maskCards(h, m), qka(s)));
  const loose = sortCards(maskCards(h, ((1 << h.cards.length) - 1) & ~inPhom));
  const ate = s.ateThisTurn;
  const taken: WinTaken | null = ate
    ? { card: ate.card, how: 'eat', from: ate.victim }
    : s.drawn
      ? { card: s.drawn, how: 'draw', from: null }
      : null;
  s.end = { by: tron ? 'u-tron' : 'u', winner: p, chotVictim: ate && ate.chot ? ate.victim : null, phoms, loose, taken };
  s.phase = 'over';
  s.lastDiscard = null;
  s.last = { seat: p, type: 'u' };
  return ok(s);
}
