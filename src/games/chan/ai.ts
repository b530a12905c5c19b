/**
 * The Chắn AI levels (issue #16, core/ai.ts).
 * - `normal` (the reference): a deterministic heuristic — always ù (and announces
 *   correctly), always chíu, eats when the pair improves the hand, discards the card whose loss hurts
 *   least (dead singles first; never one of a made chắn while a dead single could go).
 * - `easy`: `normal` with human mistakes (takes every cạ it is offered, misses some cạ and draws
 *   instead, throws a random card now and then, never one of a pair), drawn from an Rng seeded by the decision; always legal.
 * - `strong`: strong.ts, given only the seat's knowledge (its view, the public view, its decision).
 */
import { decisionSeed, type AiLevel } from '../core/ai.js';
import { Rng } from '../core/rng.js';
import type { Seat } from '../core/types.js';
import { counts, FACE_INDEX, FACES, GROUP_FACES, hasOddPartner, isYeu, oddCa, type Face } from './cards.js';
import type { ChanAction } from './actions.js';
import { claimSeatOf, uLegal } from './flow.js';
import { afterEat, meldChan } from './legality.js';
import { pending } from './rules.js';
import { findCuoc } from './scoring/predicates.js';
import { correctCalls } from './scoring/settle.js';
import { handSizes, type ChanState, type SeatState } from './state.js';
import { strongAi, type ChanKnowledge } from './strong.js';
import { publicView, seatView } from './views.js';

/** Copies of each face this seat cannot see (not in its hand, not exposed, not on the table). */
function unseen(s: ChanState, seat: Seat): number[] {
  const hidden = new Array<number>(30).fill(4);
  const st = s.seats[seat]!;
  const seen: Face[] = [...st.hand];
  for (const o of s.seats) {
    for (const m of o.melds) seen.push(...m.cards);
    for (const p of o.pile) seen.push(p.card);
  }
  if (s.phase.kind === 'claim') seen.push(s.phase.offer.card);
  for (const f of seen) hidden[FACE_INDEX[f]!]!--;
  return hidden;
}

/** Higher is closer to a win. `laoThangCa`: the table's option (without it LA and TH are no cạ, §2). */
export function handScore(c: number[], st: Pick<SeatState, 'melds'>, n: number, hidden: number[], laoThangCa: boolean): number {
  const { pairs, minChan } = handSizes(n);
  const caBudget = pairs - minChan;
  const exposedCa = st.melds.filter((m) => m.kind === 'ca').length;
  let chan = meldChan(st.melds);
  let caPossible = 0;
  let odd = 0;
  let potential = 0;
  for (let i = 0; i < 30; i++) chan += c[i]! >> 1;
  for (let g = 1; g <= 9; g++) {
    for (const i of GROUP_FACES[g]!) {
      // A lone Yêu waits for a card that may never win (chan.md §8: CC, LA, TH are never the
      // winning card), so its unseen copies are no chance.
      if (c[i]! & 1 && !isYeu(FACES[i]!)) potential += 0.3 * Math.max(0, hidden[i]!);
    }
    // The cạ the engine allows (cards.ts `oddCa`): LA + TH only with `lao-thang-ca`.
    const g1 = oddCa(c, g, laoThangCa);
    odd += g1.odd;
    caPossible += g1.ca;
  }
  const loose = odd - 2 * caPossible;
  const caUse = Math.min(caPossible, Math.max(0, caBudget - exposedCa));
  return (
    3 * Math.min(chan, minChan) +
    1.2 * Math.max(0, chan - minChan) +
    1.5 * caUse -
    1.6 * loose -
    3 * Math.max(0, exposedCa + caPossible - caBudget) +
    potential
  );
}

/**
 * The discards that keep every chắn while a dead single can go: a card held once with no other
 * single of its group to make a cạ with. Breaking a made chắn (one of exactly two or four copies)
 * to keep a cạ while such a card is held is what a watching player calls absurd; the score alone
 * sometimes preferred it (a cạ and the unseen copies of two singles weighed as much as a chắn).
 */
export function keepChan(hand: readonly Face[], legal: readonly Face[], laoThangCa: boolean): Face[] {
  const c = counts(hand);
  // Without `lao-thang-ca` a lone LA beside a lone TH is dead too (§2, cards.ts `hasOddPartner`).
  const dead = (f: Face): boolean => c[FACE_INDEX[f]!] === 1 && !hasOddPartner(c, f, laoThangCa);
  if (!legal.some(dead)) return [...legal];
  return legal.filter((f) => c[FACE_INDEX[f]!]! % 2 === 1);
}

function bestDiscard(s: ChanState, st: SeatState, legal: Face[], hidden: number[]): { card: Face; score: number } {
  const c = counts(st.hand);
  let best: { card: Face; score: number } | null = null;
  for (const f of keepChan(st.hand, legal, s.opts['lao-thang-ca'])) {
    const i = FACE_INDEX[f]!;
    c[i]!--;
    const sc = handScore(c, st, s.n, hidden, s.opts['lao-thang-ca']) - 0.01 * hidden[i]!;
    c[i]!++;
    if (!best || sc > best.score) best = { card: f, score: sc };
  }
  return best!;
}

export function ai(s: ChanState, seat: Seat, level: AiLevel = 'normal'): ChanAction {
  if (level === 'strong') return strongAi(knowledge(s, seat));
  return level === 'easy' ? easyAi(s, seat) : normalAi(s, seat);
}

/** All the seat may know (core/ai.ts SeatKnowledge): the only input of the strong policy. */
export function knowledge(s: ChanState, seat: Seat): ChanKnowledge {
  const decision = pending(s).find((x) => x.seat === seat);
  if (!decision) throw new Error(`chan ai: seat ${seat} has nothing to decide`);
  return { seat, view: seatView(s, seat), table: publicView(s), decision };
}

/** `easy`: the normal player with human mistakes, deterministic per decision. */
function easyAi(s: ChanState, seat: Seat): ChanAction {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`chan ai: seat ${seat} has nothing to decide`);
  const st = s.seats[seat]!;
  const rng = new Rng(decisionSeed(seat, d, `${s.handNumber}:${s.draws}:${s.stock.length}:${st.hand.join('')}:${s.phase.kind}`));
  const chance = (p: number) => rng.int(1000) < p * 1000;
  const eats = d.options.filter((o) => o.type === 'eat');
  if (s.phase.kind === 'claim' && eats.length && !d.options.some((o) => o.type === 'u')) {
    const x = s.phase.offer.card;
    const chan = eats.find((o) => o.type === 'eat' && o.with === x);
    if (chan) return chan;
    // A cạ on offer: grabs it greedily, or overlooks it.
    return chance(0.6) ? rng.pick(eats) : { type: 'pass' };
  }
  // A dealt win is never thrown away (R7: discarding instead forfeits it): Ù first, as normal.
  if (declaresOpenU(s, seat, d.options)) return { type: 'u' };
  // A careless discard is a human one: a beginner still sees a made chắn (a pair) and keeps it.
  const discards = d.options.filter(
    (o): o is Extract<ChanAction, { type: 'discard' | 'return' }> =>
      (o.type === 'discard' || o.type === 'return') && st.hand.filter((f) => f === o.card).length % 2 === 1,
  );
  if (discards.length && chance(0.25)) return rng.pick(discards);
  return normalAi(s, seat);
}

/**
 * Thiên ù at OPEN: Ù is on offer and wins. At an honour table Ù is offered whatever the hand (§8
 * `u-claim-check` = honor): declared only when it wins; a winning dealt hand that discards forfeits
 * its Ù (§7.5 R7).
 */
function declaresOpenU(s: ChanState, seat: Seat, opts: readonly ChanAction[]): boolean {
  if (s.phase.kind !== 'open' || !opts.some((o) => o.type === 'u')) return false;
  return s.opts['u-claim-check'] === 'validated' || uLegal(s, seat, null, 'open', null, false);
}

function normalAi(s: ChanState, seat: Seat): ChanAction {
  const d = pending(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`chan ai: seat ${seat} has nothing to decide`);
  const opts = d.options;
  const p = s.phase;
  const st = s.seats[seat]!;
  if (p.kind === 'xuong') {
    const f = findCuoc(p.win.input, s.opts);
    return { type: 'xuong', calls: f ? correctCalls(f.list) : [] };
  }
  if (p.kind === 'draw') return { type: 'draw' };
  if (declaresOpenU(s, seat, opts)) return { type: 'u' };
  if (p.kind === 'claim') {
    const cs = claimSeatOf(p, seat);
    if (!cs) return { type: 'pass' };
    if (cs.u && cs.uLegal) return { type: 'u' };
    if (cs.chiu) return { type: 'chiu' };
    if (cs.eat.length) {
      const hidden = unseen(s, seat);
      const x = p.offer.card;
      if (cs.eat.includes(x)) return { type: 'eat', with: x };
      const now = handScore(counts(st.hand), st, s.n, hidden, s.opts['lao-thang-ca']);
      let best: { y: Face; score: number } | null = null;
      for (const y of cs.eat) {
        const after = afterEat(st, x, y, s.opts);
        const legal = pending({
          ...s,
          phase: { kind: 'discard', seat },
          seats: s.seats.map((o, k) => (k === seat ? after : o)),
        } as ChanState)[0]!.options.map((o) => (o as { card: Face }).card);
        const sc = bestDiscard(s, after, legal, hidden).score;
        if (!best || sc > best.score) best = { y, score: sc };
      }
      if (best && best.score > now + 0.5) return { type: 'eat', with: best.y };
    }
    return { type: 'pass' };
  }
  // discard / return / open discard
  const legal = opts.filter((o) => o.type === 'discard' || o.type === 'return').map((o) => (o as { card: Face }).card);
  const type = p.kind === 'return' ? 'return' : 'discard';
  const card = bestDiscard(s, st, legal, unseen(s, seat)).card;
  return { type, card } as ChanAction;
}
