/**
 * The `strong` Chắn AI (issue #16). It is given only a `SeatKnowledge` — the seat's own view, the
 * public view and its pending decision (core/ai.ts) — never the state, so it cannot see hidden cards.
 *
 * How it plays:
 * - counts every card it has seen (its hand, all exposed melds, every dead card on the table, the card
 *   on offer) and so knows how many copies of each face are still live;
 * - values a hand by its chắn (up to the minimum, then less), usable cạ (within the cạ budget), lone
 *   cards and the live copies that could still pair them; when hands are paid by cước it also
 *   steers towards the cước it can reach: the red count towards Tám đỏ (the richest common cước),
 *   complete Lèo / Tôm sets, a hand of all chắn (Thập thành);
 * - defends: a discard (or a returned card) is charged with the chance that the seat at whose gate it
 *   lands can eat it (it holds a live copy or, within its cạ budget, a live card of the same rank; a
 *   face that seat has discarded is safe by R3) and that another seat holds three copies to chíu it;
 *   a returned card also at the gate after, where it goes on as that seat's discard (`offerGates`);
 * - claims by value: ù and chíu always, a chắn always (passing it bans the face for the hand), a cạ
 *   only when the hand after it (with its best, defended discard) beats keeping the draw.
 */
import type { SeatKnowledge } from '../core/ai.js';
import type { HintReasonKey, Seat } from '../core/types.js';
import { counts, FACE_INDEX, FACES, formsCa, GROUP_FACES, group, isRed, isYeu, oddCa, type Face } from './cards.js';
import type { ChanAction } from './actions.js';
import { afterEat, legalDiscards, meldChan } from './legality.js';
import { uLegalOf, uLegalOnOffer, type UFacts } from './u-legal.js';
import type { ChanOptions } from './options.js';
import { findCuoc } from './scoring/predicates.js';
import { correctCalls } from './scoring/settle.js';
import { handSizes, type SeatState } from './state.js';
import type { ChanPublicView, ChanSeatView } from './views.js';

export type ChanKnowledge = SeatKnowledge<ChanSeatView, ChanPublicView, ChanAction>;

/** Tunable weights of the strong policy. */
export const STRONG = {
  chan: 3,
  extraChan: 1.2,
  ca: 0.8,
  loose: 2.2,
  overBudget: 3,
  live: 0.15,
  liveCa: 0,
  defence: 0.7,
  defenceCa: 0.2,
  chiuRisk: 1,
  cuoc: 1,
  tamDo: 5,
  eatMargin: 0.5,
};

interface Ctx {
  k: ChanKnowledge;
  me: Seat;
  n: number;
  opts: ChanOptions;
  /** Live (unseen) copies per face. */
  live: number[];
  /** Total unseen cards (the other seats' concealed cards and the nọc). */
  unseen: number;
}

/** The seat's own cards and flags, as it knows them (no hidden information). */
function ownSeat(k: ChanKnowledge): SeatState {
  const v = k.view;
  const pub = v.seats[k.seat]!;
  return {
    hand: v.hand.slice(),
    melds: pub.melds.map((m) => ({ kind: m.kind, cards: m.cards.slice(), taken: m.taken })),
    pile: pub.pile.map((p) => ({ ...p })),
    passedChan: v.flags.passedChan.slice(),
    passedCa: v.flags.passedCa.slice(),
    discardedFaces: pub.discardedFaces.slice(),
    hasEatenCa: pub.hasEatenCa,
    uForfeited: v.flags.uForfeited,
    dealtHadChan: v.flags.dealtHadChan,
  };
}

function context(k: ChanKnowledge): Ctx {
  const v = k.view;
  const live = new Array<number>(30).fill(4);
  const seen: Face[] = [...v.hand];
  for (const st of v.seats) {
    for (const m of st.melds) seen.push(...m.cards);
    for (const p of st.pile) seen.push(p.card);
  }
  if (v.offer) seen.push(v.offer.card);
  for (const f of seen) live[FACE_INDEX[f]!]!--;
  for (let i = 0; i < 30; i++) live[i] = Math.max(0, live[i]!);
  const unseen = live.reduce((a, b) => a + b, 0);
  return { k, me: k.seat, n: v.n, opts: k.table.rules, live, unseen };
}

/** Higher is closer to a (valuable) win. `c` = concealed counts, melds exposed. */
function evaluate(cx: Ctx, c: number[], melds: SeatState['melds']): number {
  const W = STRONG;
  const { pairs, minChan } = handSizes(cx.n);
  const caBudget = pairs - minChan;
  const exposedCa = melds.filter((m) => m.kind === 'ca').length;
  let chan = meldChan(melds);
  let caPossible = 0;
  let odd = 0;
  let potential = 0;
  for (let i = 0; i < 30; i++) chan += c[i]! >> 1;
  const caRoom = exposedCa < caBudget;
  for (let g = 1; g <= 9; g++) {
    let groupLive = 0;
    for (const i of GROUP_FACES[g]!) groupLive += cx.live[i]!;
    for (const i of GROUP_FACES[g]!) {
      if (c[i]! & 1) {
        // A lone Yêu's copies are no chance: CC, LA, TH are never the winning card (chan.md §8).
        if (!isYeu(FACES[i]!)) potential += W.live * cx.live[i]!;
        if (caRoom) potential += W.liveCa * (groupLive - cx.live[i]!);
      }
    }
    // The cạ the engine allows (cards.ts `oddCa`): LA + TH only with `lao-thang-ca`.
    const g1 = oddCa(c, g, cx.opts['lao-thang-ca']);
    odd += g1.odd;
    caPossible += g1.ca;
  }
  const loose = odd - 2 * caPossible;
  const caUse = Math.min(caPossible, Math.max(0, caBudget - exposedCa));
  const score =
    W.chan * Math.min(chan, minChan) +
    W.extraChan * Math.max(0, chan - minChan) +
    W.ca * caUse -
    W.loose * loose -
    W.overBudget * Math.max(0, exposedCa + caPossible - caBudget) +
    potential;
  return cx.opts.scoring === 'cuoc' ? score + cuocValue(cx, c, melds, odd === 0 && exposedCa === 0 && caPossible === 0) : score;
}

/** A little for the cước the hand is heading for (only when hands are paid by cước). */
function cuocValue(cx: Ctx, c: number[], melds: SeatState['melds'], allChan: boolean): number {
  const W = STRONG;
  let score = 0;
  // Reachable cước: complete Lèo / Tôm sets, a hand of all chắn.
  const all = c.slice();
  for (const m of melds) for (const f of m.cards) all[FACE_INDEX[f]!]!++;
  const sets = (faces: Face[]) => Math.min(...faces.map((f) => all[FACE_INDEX[f]!]!));
  score += W.cuoc * 2 * (sets(['9v', '8s', 'CC']) + sets(['3v', '3s', '7n']));
  if (allChan) score += W.cuoc * 4;
  // Tám đỏ (8/5 + 1 gà, the richest common cước): steer the red count of the 23 cards towards 7–8
  // (the winning card may add one).
  let red = 0;
  for (let i = 0; i < 30; i++) if (all[i]! > 0 && isRed(FACES[i]!, cx.opts['red-lao-thang'])) red += all[i]!;
  const exact = cx.opts['tam-do'] === 'exactly-8';
  score += W.tamDo * (red === 8 ? 1 : red === 7 ? 0.8 : red === 9 ? (exact ? 0.25 : 1) : red === 6 ? 0.35 : red > 9 && !exact ? 1 : 0);
  return score;
}

/** Chance that a seat holding `h` of the `unseen` cards holds at least one of `u` live copies. */
function pHold(u: number, h: number, unseen: number): number {
  if (u <= 0 || h <= 0 || unseen <= 0) return 0;
  return 1 - Math.pow(Math.max(0, 1 - h / unseen), u);
}

const LN_FACT: number[] = [0];
for (let i = 1; i <= 130; i++) LN_FACT.push(LN_FACT[i - 1]! + Math.log(i));
/** ln C(n, k); -Infinity when the choice is impossible. */
function lnC(n: number, k: number): number {
  return k < 0 || n < 0 || k > n ? -Infinity : LN_FACT[n]! - LN_FACT[k]! - LN_FACT[n - k]!;
}

/** What a seat may do with an offered card, as chances (they add up to the chance it can take it at all). */
export interface GateTake {
  /** It may eat the card as a chắn (holds a copy, R3 does not bar it). */
  chan: number;
  /** It cannot eat it as a chắn but may chíu it (three copies; R3 bars ăn, not chíu). */
  chiu: number;
  /** It may eat it only as a cạ (§7.2 with the house options: R5 / the spare card, `split-chan-for-ca`, `lao-thang-ca`). */
  ca: number;
}

/**
 * The chance that a seat holding `h` of the `unseen` cards may take offered `x` at its gate, every
 * choice of its `h` cards among the unseen ones (`live` copies per face) being equally likely — all the
 * asking seat can know. Exact (hypergeometric over the counts of `x`'s cạ group). `banned`: the seat
 * discarded `x` (R3, public). The hidden bans (R1, R2) and the claim guard are unknown to the asking
 * seat and assumed absent, so a chance of 0 means the seat truly cannot take the card. `passed`: a
 * copy of `x` already went by at this seat's gate untaken (`passedAtGate`): a concealed hand never
 * gains cards, so the seat held no copy then and holds none now, or it passed one and R1 bars the
 * face; only a cạ is left to it (one its pass may have barred too, R2, or that it gained since).
 */
export function gateTake(
  live: readonly number[],
  unseen: number,
  h: number,
  x: Face,
  banned: boolean,
  opts: ChanOptions,
  passed = false,
): GateTake {
  const out: GateTake = { chan: 0, chiu: 0, ca: 0 };
  const xi = FACE_INDEX[x]!;
  const g = group(x);
  const others = GROUP_FACES[g]!.filter((j) => j !== xi);
  const L = GROUP_FACES[g]!.reduce((a, j) => a + Math.max(0, live[j]!), 0);
  const lnAll = lnC(unseen, h);
  if (h <= 0 || lnAll === -Infinity) return out;
  // Weight of a composition holding K cards of the group: C(rest, h − K) / C(unseen, h).
  const rest = (K: number) => Math.exp(lnC(unseen - L, h - K) - lnAll);
  const lx = Math.max(0, live[xi]!);
  const add = (kx: number, K: number, w: number, ca: boolean) => {
    if (w === 0 || (passed && kx >= 1)) return;
    if (!banned && kx >= 1) out.chan += w;
    else if (kx === 3) out.chiu += w;
    else if (!banned && kx === 0 && ca) out.ca += w;
  };
  if (g === 1) {
    // Nhất/Yêu: a cạ needs an odd number of group cards and an odd count of a face forming a cạ with x.
    // State over the other faces: [K][odd partner held] = summed Π C(live, k).
    let st = new Map<number, number>([[0, 1]]);
    for (const j of others) {
      const lj = Math.max(0, live[j]!);
      const partner = formsCa(x, FACES[j]!, opts['lao-thang-ca']);
      const nx = new Map<number, number>();
      for (const [key, w] of st) {
        const K = key >> 1;
        const odd = key & 1;
        for (let k = 0; k <= lj; k++) {
          const key2 = ((K + k) << 1) | (odd | (partner && k & 1 ? 1 : 0));
          nx.set(key2, (nx.get(key2) ?? 0) + w * Math.exp(lnC(lj, k)));
        }
      }
      st = nx;
    }
    for (let kx = 0; kx <= lx; kx++)
      for (const [key, w] of st) {
        const K = (key >> 1) + kx;
        add(kx, K, w * Math.exp(lnC(lx, kx)) * rest(K), K % 2 === 1 && (key & 1) === 1);
      }
    return out;
  }
  // Ranks 2…9: three faces, at most 5³ compositions.
  const [a, b] = others as [number, number];
  const la = Math.max(0, live[a]!);
  const lb = Math.max(0, live[b]!);
  for (let kx = 0; kx <= lx; kx++)
    for (let ka = 0; ka <= la; ka++)
      for (let kb = 0; kb <= lb; kb++) {
        const K = kx + ka + kb;
        const w = Math.exp(lnC(lx, kx) + lnC(la, ka) + lnC(lb, kb)) * rest(K);
        add(kx, K, w, kx === 0 && (caPartner(ka, kb, opts) || caPartner(kb, ka, opts)));
      }
  return out;
}

/**
 * Did a copy of `x` already go by at `gate`'s gate and die there (public: the dead cards)? A discard,
 * a drawn card or a returned card in the previous seat's pile lay last at `gate`; a card `gate` drew
 * itself lay at its own gate first, and so did a card returned to `gate` (trả cửa) that it passed on:
 * it became `gate`'s discard and died in `gate`'s own pile (§5.3 "src = return → card becomes g's
 * discard", flow.ts `noTake`). (A card taken by a claim never reaches a pile.)
 */
export function passedAtGate(t: ChanPublicView, gate: Seat, x: Face): boolean {
  const prev = t.seats[(gate + t.seats.length - 1) % t.seats.length]!;
  return (
    prev.pile.some((p) => p.card === x) || t.seats[gate]!.pile.some((p) => p.card === x && (p.how === 'drawn' || p.how === 'returned'))
  );
}

/**
 * May `st` have given up a card of `x`'s rank during the hand (public: the faces it discarded, the
 * partners of its eats; a chíu is followed by a card given back, which may be any)? If not, the cards
 * of that rank it holds are those it held when a copy of `x` died at its gate: a cạ it could eat then
 * it passed, and R2 bars it now (§7.5); one it could not eat then, it cannot now.
 */
function mayHaveLostRank(st: ChanPublicView['seats'][number], x: Face): boolean {
  const g = group(x);
  if (st.discardedFaces.some((f) => group(f) === g)) return true;
  return st.melds.some((m) => m.kind === 'chiu' || m.cards.slice(1).some((f) => group(f) === g));
}

/**
 * §7.2 for ranks 2…9 when the seat holds no copy of the offered face: may the face held `ky` times
 * eat it as a cạ, the rank's third face being held `kz` times (legality.ts `normalCaBlock` on counts)?
 */
function caPartner(ky: number, kz: number, opts: ChanOptions): boolean {
  if (ky === 0) return false;
  if (opts['ca-partner'] === 'only-face') return kz === 0 && (opts['split-chan-for-ca'] || ky % 2 === 1);
  if ((ky + kz) % 2 === 1) return ky % 2 === 1;
  if (ky % 2 === 1 || kz % 2 === 1) return false;
  return opts['split-chan-for-ca'];
}

/**
 * Cost of putting `x` on offer at `gate` (it may be eaten there, or chíu'd by any other seat). The cạ
 * eat is charged crudely (any live card of the rank); charging `gateTake`'s exact chắn / cạ chances
 * instead (defenceCa 0.2 or 0.4) was measured slightly worse against `normal` (1,000-deal duels, seeds
 * 7bdeb576 and 42808ba8: +2.61 / +2.77 now, +2.28 / +2.75 and +2.30 / +2.72 exact), so it was not kept.
 */
function feedCost(cx: Ctx, x: Face, gates: readonly Seat[]): number {
  return gates.reduce((a, g) => a + eatCost(cx, x, g), 0) + chiuCost(cx, x);
}

/**
 * The gates at which a card the seat puts out may be eaten (flow.ts `noTake`, §5.3): a discard at the
 * next seat's; a card returned to `returnTo` (trả cửa) there, and if that seat passes it on, as its
 * discard at the seat after it, unless that is the returner itself (it may not take its own card, §6).
 */
export function offerGates(me: Seat, n: number, returnTo: Seat | null): Seat[] {
  if (returnTo === null) return [(me + 1) % n];
  const after = (returnTo + 1) % n;
  return after === me ? [returnTo] : [returnTo, after];
}

/**
 * The ăn part of `feedCost` at `gate`. A copy of `x` that died at that gate (`passedAtGate`, as the hint
 * reads it) leaves the seat no chắn of `x` (its concealed hand never gains a card, or R1 bars the face)
 * and, its rank untouched since (`mayHaveLostRank`), no cạ either.
 */
function eatCost(cx: Ctx, x: Face, gate: Seat): number {
  const W = STRONG;
  const st = cx.k.table.seats[gate]!;
  if (gate === cx.me || st.discardedFaces.includes(x)) return 0;
  const passed = passedAtGate(cx.k.table, gate, x);
  if (passed && !mayHaveLostRank(st, x)) return 0;
  const i = FACE_INDEX[x]!;
  let cost = passed ? 0 : W.defence * pHold(cx.live[i]!, st.handCount, cx.unseen);
  const { pairs, minChan } = handSizes(cx.n);
  const exposedCa = st.melds.filter((m) => m.kind === 'ca').length;
  if (exposedCa < pairs - minChan) {
    let same = 0;
    for (const j of GROUP_FACES[group(x)]!) if (j !== i) same += cx.live[j]!;
    cost += W.defenceCa * pHold(same, st.handCount, cx.unseen);
  }
  return cost;
}

/** Chíu (or chíu-ù) by a seat holding the three other copies. */
function chiuCost(cx: Ctx, x: Face): number {
  if (cx.live[FACE_INDEX[x]!]! < 3) return 0;
  let cost = 0;
  for (const o of cx.k.table.seats) {
    if (o.seat === cx.me) continue;
    const q = o.handCount / Math.max(1, cx.unseen);
    cost += STRONG.chiuRisk * q * q * q;
  }
  return cost;
}

/** The best card to discard (or return) from `st`, with its score (hand value minus feeding cost). */
function bestDiscard(cx: Ctx, st: SeatState, gates: readonly Seat[]): { card: Face; score: number } | null {
  const c = counts(st.hand);
  let best: { card: Face; score: number } | null = null;
  for (const f of legalDiscards(st, cx.opts)) {
    const i = FACE_INDEX[f]!;
    c[i]!--;
    const sc = evaluate(cx, c, st.melds) - feedCost(cx, f, gates) - 0.01 * cx.live[i]!;
    c[i]!++;
    if (!best || sc > best.score) best = { card: f, score: sc };
  }
  return best;
}

/**
 * The seat's facts for judging an ù as the engine does (u-legal.ts `uLegalOf`): its own cards and
 * flags, and what the table shows (draws, the last winner).
 */
function facts(cx: Ctx, st: SeatState): UFacts {
  const v = cx.k.view;
  return { opts: cx.opts, n: cx.n, seat: cx.me, st, draws: v.draws, previousWinner: v.previousWinner };
}

export function strongAi(k: ChanKnowledge): ChanAction {
  const d = k.decision;
  const options = d.options;
  const has = (t: ChanAction['type']) => options.some((o) => o.type === t);
  const v = k.view;
  const cx = context(k);
  const st = ownSeat(k);
  const validated = cx.opts['u-claim-check'] === 'validated';
  if (has('xuong')) {
    const f = v.myWin ? findCuoc(v.myWin, cx.opts) : null;
    return { type: 'xuong', calls: f ? correctCalls(f.list) : [] };
  }
  if (has('draw')) return { type: 'draw' };
  if (v.phase === 'claim' && v.offer) {
    const offer = v.offer;
    const x = offer.card;
    // On an honor table Ù may be pressable without being legal (ù láo pays, §11): only a legal one,
    // judged as the engine judges it (shape, passed chắn, the table's minimum value).
    if (has('u') && (validated || uLegalOnOffer(facts(cx, st), offer))) return { type: 'u' };
    if (has('chiu')) return { type: 'chiu' };
    const partners = options.flatMap((o) => (o.type === 'eat' ? [o.with] : []));
    if (partners.length) {
      if (partners.includes(x)) return { type: 'eat', with: x };
      const now = evaluate(cx, counts(st.hand), st.melds);
      let best: { y: Face; score: number } | null = null;
      for (const y of partners) {
        const after = afterEat(st, x, y, cx.opts);
        const b = bestDiscard(cx, after, offerGates(offer.gate, cx.n, null));
        if (b && (!best || b.score > best.score)) best = { y, score: b.score };
      }
      if (best && best.score > now + STRONG.eatMargin) return { type: 'eat', with: best.y };
    }
    return { type: 'pass' };
  }
  if (v.phase === 'open' && has('u') && (validated || uLegalOf(facts(cx, st), null, 'open', null, false))) return { type: 'u' };
  // Discard (also at OPEN) or return after an out-of-turn chíu.
  const ret = options.find((o) => o.type === 'return');
  const b = bestDiscard(cx, st, offerGates(cx.me, cx.n, ret ? v.returnTo : null));
  const type = ret ? 'return' : 'discard';
  if (b) return { type, card: b.card };
  const first = options.find((o) => o.type === 'discard' || o.type === 'return');
  return first ?? d.timeoutDefault;
}

/**
 * Why the strong AI plays `a` (the hint button's reason, issue #16): an i18n key under `chan:hint`
 * and its values, judged from the same knowledge and the same numbers the policy used.
 */
export function explainStrong(k: ChanKnowledge, a: ChanAction): HintReasonKey {
  const v = k.view;
  const cx = context(k);
  const st = ownSeat(k);
  // The chắn the seat has in `hand` and its melds; after a discard, one fewer when it breaks a pair.
  const chanIn = (hand: Face[]) => meldChan(st.melds) + counts(hand).reduce((n, x) => n + (x >> 1), 0);
  const chanAfter = (card: Face) => {
    const rest = [...st.hand];
    const i = rest.indexOf(card);
    if (i >= 0) rest.splice(i, 1);
    return chanIn(rest);
  };
  switch (a.type) {
    case 'xuong':
      return { key: 'chan:hint.xuong', vars: { n: a.calls.length } };
    case 'u':
      return { key: 'chan:hint.u', vars: {} };
    case 'chiu':
      return { key: 'chan:hint.chiu', vars: { card: v.offer?.card ?? '' } };
    case 'eat': {
      const x = v.offer?.card ?? a.with;
      return a.with === x ? { key: 'chan:hint.eat-chan', vars: { card: x } } : { key: 'chan:hint.eat-ca', vars: { card: x } };
    }
    case 'pass': {
      const x = v.offer?.card;
      const couldEat = k.decision.options.some((o) => o.type === 'eat');
      return x && couldEat ? { key: 'chan:hint.pass-ca', vars: { card: x } } : { key: 'chan:hint.pass', vars: {} };
    }
    case 'draw':
      return { key: 'chan:hint.draw', vars: {} };
    case 'discard':
    case 'return': {
      // A returned card is judged at both gates it may be eaten at, as the policy charges it (`offerGates`).
      const gates = offerGates(cx.me, cx.n, a.type === 'return' ? v.returnTo : null);
      // Every way a gate seat may take the card (ăn as chắn or cạ, chíu), over every hand it may hold.
      const sum = (t: GateTake) => t.chan + t.chiu + t.ca;
      const takes = gates.map((gate) => {
        const at = k.table.seats[gate]!;
        const banned = at.discardedFaces.includes(a.card);
        const any = sum(gateTake(cx.live, cx.unseen, at.handCount, a.card, banned, cx.opts));
        // A copy that died at that gate leaves it a cạ gained since at most (of such discards about 1 in
        // 20 was taken, not the 58 % the chắn chances said). "Cannot" stays on the public bans alone:
        // the claim guard, not a ban, may have stopped that eat, and it may no longer.
        const passed = passedAtGate(k.table, gate, a.card);
        const p = !passed
          ? any
          : mayHaveLostRank(at, a.card)
            ? sum(gateTake(cx.live, cx.unseen, at.handCount, a.card, banned, cx.opts, true))
            : 0;
        return { any, p };
      });
      // Either gate (the two seats' hands taken as independent): 1 − Π(1 − chance).
      const either = (f: (t: { any: number; p: number }) => number) => 1 - takes.reduce((q, t) => q * (1 - f(t)), 1);
      const any = either((t) => t.any);
      const p = either((t) => t.p);
      const chan = chanAfter(a.card);
      const vars = { card: a.card, chan, pct: Math.round(100 * p) };
      // A return with one gate (the seat after the return seat is the returner, who may not take its
      // own card back) names that seat alone.
      const kind = a.type === 'return' ? (gates.length === 1 ? 'return-one' : 'return') : 'discard';
      const level = any === 0 ? 'safe' : p < 0.05 ? 'unlikely' : 'risk';
      // A card of a pair: the reason says it breaks a chắn, not that it keeps them.
      const breaks = chan < chanIn(st.hand) ? '-breaks' : '';
      return { key: `chan:hint.${kind}-${level}${breaks}`, vars };
    }
    default:
      return { key: 'chan:hint.auto', vars: {} };
  }
}
