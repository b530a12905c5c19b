/**
 * Phỏm combinatorics (phom.md §7): validity, every phỏm inside a hand, arrangements under the
 * eaten-card constraints (§6.2, §7.3), admissible lay-downs (§7.4) and send checks (§7.5).
 * Hands are small (≤ 11 cards), so a hand is indexed 0…k−1 and subsets are bit masks.
 */
import { type Card, DECK, cardId, rankOfId, sortCards, suitOfId } from './cards.js';
import type { Action } from './actions.js';
import type { Options } from './options.js';

export type MeldKind = 'set' | 'run';

/** Run positions of a card id: 1…13, plus 14 for an ace when Q K A is allowed. */
function runPositions(ids: number[], qka: boolean): number[] | null {
  const ranks = ids.map(rankOfId).sort((a, b) => a - b);
  // phom.md §2 / option allow-qka: the ace is low only, unless Q K A is allowed (ace high after K).
  if (qka && ranks[0] === 1 && ranks.includes(13) && !ranks.includes(2)) {
    ranks.shift();
    ranks.push(14);
  }
  return ranks;
}

/** The kind of a valid phỏm, or null (phom.md §7.1). */
export function phomKind(cards: readonly Card[], qka: boolean): MeldKind | null {
  if (cards.length < 3) return null;
  const ids = cards.map(cardId);
  if (new Set(ids).size !== ids.length) return null;
  const r0 = rankOfId(ids[0]!);
  if (ids.every((i) => rankOfId(i) === r0)) return cards.length <= 4 ? 'set' : null;
  const s0 = suitOfId(ids[0]!);
  if (!ids.every((i) => suitOfId(i) === s0)) return null; // mixed suits are never a run
  const pos = runPositions(ids, qka)!;
  for (let i = 1; i < pos.length; i++) if (pos[i] !== pos[i - 1]! + 1) return null;
  return 'run';
}

/** Range of a run in positions (lo…hi), ace at 14 when it follows a K under allow-qka. */
export function runRange(cards: readonly Card[], qka: boolean): [number, number] {
  const pos = runPositions(cards.map(cardId), qka)!;
  return [pos[0]!, pos[pos.length - 1]!];
}

/**
 * Can `card` be added to a meld whose current cards are `cards` (with gui-noi) or whose owner's
 * own cards are `own` (without)? phom.md §7.5: a set reaches at most 4; a run grows at either end.
 */
export function fitsMeld(card: Card, kind: MeldKind, cards: readonly Card[], own: readonly Card[], guiNoi: boolean, qka: boolean): boolean {
  if (cards.includes(card)) return false;
  const id = cardId(card);
  if (kind === 'set') return cards.length < 4 && rankOfId(id) === rankOfId(cardId(cards[0]!));
  if (suitOfId(id) !== suitOfId(cardId(cards[0]!))) return false;
  // phom.md §7.5 gửi nối: with it on, cards sent earlier are links; off, only the owner's cards count.
  const base = guiNoi ? cards : own;
  const [lo, hi] = runRange(base, qka);
  const r = rankOfId(id);
  if (r === lo - 1 || r === hi + 1) return true;
  return qka && r === 1 && hi === 13;
}

/** The rank at run position `p`: 1…13 as is, 14 the ace after the king under allow-qka; else 0. */
function rankAtPosition(p: number, qka: boolean): number {
  return p >= 1 && p <= 13 ? p : qka && p === 14 ? 1 : 0;
}

/**
 * Every pair of cards making a run of three with `card` (phom.md §7.1: one suit, consecutive ranks;
 * with `qka` Q K A too, never K A 2), in a fixed order: for each run position of the card (an ace
 * under `qka` stands at 1 and at 14), the pair below it, around it, above it. Any longer run through
 * `card` holds one of these pairs. The strong AI counts the cards an eat of `card` needs with it.
 */
export function runPartners(card: Card, qka: boolean): [Card, Card][] {
  const id = cardId(card);
  const s = suitOfId(id);
  const at = (p: number): Card | null => {
    const r = rankAtPosition(p, qka);
    return r > 0 ? DECK[(r - 1) * 4 + s]! : null;
  };
  const out: [Card, Card][] = [];
  const r = rankOfId(id);
  for (const p of qka && r === 1 ? [1, 14] : [r])
    for (const [d1, d2] of [
      [-2, -1],
      [-1, 1],
      [1, 2],
    ] as const) {
      const a = at(p + d1);
      const b = at(p + d2);
      if (a && b) out.push([a, b]);
    }
  return out;
}

/**
 * The cards completing two cards of one suit into a run of three (phom.md §7.1; with `qka` Q K A
 * too): `5D 7D` → 6D; `5D 6D` → 4D, 7D; `QD KD` → JD (and AD with `qka`); `KD AD` → QD and
 * `QD AD` → KD with `qka` only. Empty for any other pair.
 */
export function runCompleters(a: Card, b: Card, qka: boolean): Card[] {
  const ia = cardId(a);
  const ib = cardId(b);
  const s = suitOfId(ia);
  if (suitOfId(ib) !== s || ia === ib) return [];
  const out: Card[] = [];
  const pos = (r: number): number[] => (qka && r === 1 ? [1, 14] : [r]);
  for (const pa of pos(rankOfId(ia)))
    for (const pb of pos(rankOfId(ib))) {
      const lo = Math.min(pa, pb);
      const hi = Math.max(pa, pb);
      if (hi - lo < 1 || hi - lo > 2) continue;
      for (const p of hi - lo === 1 ? [lo - 1, hi + 1] : [lo + 1]) {
        const r = rankAtPosition(p, qka);
        if (r > 0) out.push(DECK[(r - 1) * 4 + s]!);
      }
    }
  return out;
}

/** A hand prepared for subset search: card ids, per-index points, eaten mask, every phỏm mask. */
export interface HandIndex {
  cards: Card[];
  ids: number[];
  eatenMask: number;
  /** phỏm masks grouped by their lowest index */
  byLowest: number[][];
  all: number[];
}

/**
 * Every phỏm of a hand as a bit mask over the positions of `ids` (card ids): sets of 3 or 4 of one
 * rank (every subset of 3+), and runs of 3+ consecutive ranks of one suit (with `qka`, Q K A too;
 * an ace is never used twice). Shared by `indexHand` and the strong AI's evaluator.
 */
export function phomMasks(ids: readonly number[], qka: boolean): number[] {
  const masks: number[] = [];
  const n = ids.length;
  // sets
  const byRank = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const r = rankOfId(ids[i]!);
    const g = byRank.get(r);
    if (g) g.push(i);
    else byRank.set(r, [i]);
  }
  for (const g of byRank.values()) {
    if (g.length < 3) continue;
    const k = g.length;
    for (let m = 1; m < 1 << k; m++) {
      let bits = 0;
      let cnt = 0;
      for (let j = 0; j < k; j++)
        if (m & (1 << j)) {
          bits |= 1 << g[j]!;
          cnt++;
        }
      if (cnt >= 3) masks.push(bits);
    }
  }
  // runs
  for (let su = 0; su < 4; su++) {
    const at = new Array<number>(15).fill(-1);
    for (let i = 0; i < n; i++)
      if (suitOfId(ids[i]!) === su) {
        const r = rankOfId(ids[i]!);
        at[r] = i;
        if (qka && r === 1) at[14] = i;
      }
    const top = qka ? 14 : 13;
    for (let a = 1; a <= top; a++) {
      let bits = 0;
      for (let b = a; b <= top && at[b]! >= 0; b++) {
        const i = at[b]!;
        if (bits & (1 << i)) break;
        bits |= 1 << i;
        if (b - a >= 2) masks.push(bits);
      }
    }
  }
  return masks;
}

export function indexHand(cards: readonly Card[], eaten: readonly Card[], qka: boolean): HandIndex {
  const ids = cards.map(cardId).sort((a, b) => a - b);
  const sorted = ids.map((i) => DECK[i]!);
  let eatenMask = 0;
  sorted.forEach((c, i) => {
    if (eaten.includes(c)) eatenMask |= 1 << i;
  });
  const masks = new Set(phomMasks(ids, qka));
  const all = [...masks].sort((x, y) => x - y);
  const byLowest: number[][] = sorted.map(() => []);
  for (const m of all) byLowest[31 - Math.clz32(m & -m)]!.push(m);
  return { cards: sorted, ids, eatenMask, byLowest, all };
}

export const popcount = (m: number): number => {
  let c = 0;
  while (m) {
    m &= m - 1;
    c++;
  }
  return c;
};

/**
 * Minimum total cost of the cards left outside phỏm, over arrangements of disjoint phỏm with at
 * most one eaten card each and every eaten card covered (phom.md §6.2 / §7.3 C2). Infinity when
 * the eaten cards cannot be covered. Returns the chosen phỏm masks too.
 */
export function bestArrangement(
  h: HandIndex,
  cost: (i: number) => number,
  mask = (1 << h.cards.length) - 1,
  memo = new Map<number, { value: number; phoms: number[] }>(),
): { value: number; phoms: number[] } {
  const f = (rem: number): { value: number; phoms: number[] } => {
    if (rem === 0) return { value: 0, phoms: [] };
    const hit = memo.get(rem);
    if (hit) return hit;
    const i = 31 - Math.clz32(rem & -rem);
    let best: { value: number; phoms: number[] } = { value: Infinity, phoms: [] };
    if (!(h.eatenMask & (1 << i))) {
      const r = f(rem & ~(1 << i));
      const v = r.value + cost(i);
      if (v < best.value) best = { value: v, phoms: r.phoms };
    }
    for (const p of h.byLowest[i]!) {
      if ((p & rem) !== p || popcount(p & h.eatenMask) > 1) continue;
      const r = f(rem & ~p);
      if (r.value < best.value) best = { value: r.value, phoms: [p, ...r.phoms] };
    }
    memo.set(rem, best);
    return best;
  };
  return f(mask);
}

export function maskCards(h: HandIndex, mask: number): Card[] {
  return h.cards.filter((_, i) => mask & (1 << i));
}

/** Can every eaten card in `hand` be covered, one per phỏm (phom.md §6.2)? */
export function coverable(hand: readonly Card[], eaten: readonly Card[], qka: boolean): boolean {
  const inHand = eaten.filter((c) => hand.includes(c));
  if (inHand.length === 0) return true;
  return bestArrangement(indexHand(hand, inHand, qka), () => 0).value === 0;
}

/** Fewest cards left outside phỏm (phom.md §8.2 Ù test). */
export function minLeftoverCount(hand: readonly Card[], eaten: readonly Card[], qka: boolean): number {
  const inHand = eaten.filter((c) => hand.includes(c));
  return bestArrangement(indexHand(hand, inHand, qka), () => 1).value;
}

/**
 * Every admissible lay-down (phom.md §7.4): disjoint phỏm from the hand, each eaten card in one
 * of them and never two in one (C3), and no phỏm left among the remaining cards. Each choice is a
 * list of phỏm masks in index order.
 */
export function layDownChoices(h: HandIndex): number[][] {
  const out: number[][] = [];
  const n = h.cards.length;
  const go = (i: number, used: number, chosen: number[], left: number): void => {
    if (i === n) {
      // phom.md §7.4 / §15.11: "lay down all phỏm": no phỏm may remain among the cards kept.
      if (h.all.some((p) => (p & left) === p)) return;
      out.push(chosen.slice());
      return;
    }
    if (used & (1 << i)) return go(i + 1, used, chosen, left);
    if (!(h.eatenMask & (1 << i))) go(i + 1, used, chosen, left | (1 << i));
    for (const p of h.byLowest[i]!) {
      if (p & used || popcount(p & h.eatenMask) > 1) continue;
      chosen.push(p);
      go(i + 1, used | p, chosen, left);
      chosen.pop();
    }
  };
  go(0, 0, [], 0);
  return out;
}

/**
 * Cạ (phom.md §7.2): two cards of one rank, or same suit with ranks differing by 1 or 2. With
 * `allow-qka` (`qka`) the ace also counts high beside Q and K, as in the run Q K A it allows: K A
 * and Q A are cạ there (a third card makes them a phỏm), as A 2 and A 3 are everywhere.
 */
export function isCa(a: Card, b: Card, qka = false): boolean {
  const x = cardId(a);
  const y = cardId(b);
  if (rankOfId(x) === rankOfId(y)) return true;
  if (suitOfId(x) !== suitOfId(y)) return false;
  const gap = (r: number, t: number): number => Math.abs(r - t);
  const high = (r: number): number => (qka && r === 1 ? 14 : r);
  return gap(rankOfId(x), rankOfId(y)) <= 2 || gap(high(rankOfId(x)), high(rankOfId(y))) <= 2;
}

/** Ù khan (phom.md §8.4): a dealt hand with no phỏm and no cạ (`qka`: the table's `allow-qka`). */
export function isUKhan(hand: readonly Card[], qka = false): boolean {
  for (let i = 0; i < hand.length; i++) for (let j = i + 1; j < hand.length; j++) if (isCa(hand[i]!, hand[j]!, qka)) return false;
  return true;
}

/** Another seat's laid phỏm as a send target: its index, kind, cards, and the owner's own cards (§7.5). */
export interface SendSpot {
  index: number;
  kind: MeldKind;
  cards: readonly Card[];
  own: readonly Card[];
}

/**
 * Sends that place every card of `hand` on other seats' phỏm (phom.md §7.5; with `gui-noi` a sent
 * card links the next), in a fixed search order, or null. An eaten card never goes (§7.3 C1).
 */
export function sendEvery(
  hand: readonly Card[],
  eaten: readonly Card[],
  targets: readonly SendSpot[],
  o: Pick<Options, 'gui-noi' | 'allow-qka'>,
): { card: Card; target: number }[] | null {
  if (hand.some((c) => eaten.includes(c))) return null;
  const go = (h: readonly Card[], ts: readonly SendSpot[]): { card: Card; target: number }[] | null => {
    if (h.length === 0) return [];
    const card = h[0]!;
    for (const t of ts) {
      if (!fitsMeld(card, t.kind, t.cards, t.own, o['gui-noi'], o['allow-qka'])) continue;
      const rest = go(
        h.slice(1),
        ts.map((x) => (x === t ? { ...x, cards: [...x.cards, card] } : x)),
      );
      if (rest) return [{ card, target: t.index }, ...rest];
    }
    return null;
  };
  // With gửi nối a card may only fit after another was sent: every order is tried (hands are small).
  const orders = (h: readonly Card[]): Card[][] =>
    h.length <= 1 ? [h.slice()] : h.flatMap((c, i) => orders([...h.slice(0, i), ...h.slice(i + 1)]).map((r) => [c, ...r]));
  for (const order of hand.length <= 5 ? orders(sortCards(hand)) : [sortCards(hand)]) {
    const plan = go(order, targets);
    if (plan) return plan;
  }
  return null;
}

/**
 * Is an Ù with `left` cards outside phỏm (0 or 1) Ù tròn (phom.md §8.3)? All ten cards used under
 * `u-tron = all-ten`, no eaten card under `no-eat`, never under `off`. The engine's Ù, the score CLI and
 * the strong AI's values and hints all judge it here.
 */
export function isTron(o: Pick<Options, 'u-tron'>, left: number, noEat: boolean): boolean {
  return o['u-tron'] === 'all-ten' ? left === 0 : o['u-tron'] === 'no-eat' ? noEat : false;
}

/**
 * The first move of a path to Ù tròn in this turn, or null (phom.md §8.2–8.3; docs/rules-decisions.md
 * "Sending the last card"): with `u-by-sending` and `u-tron = all-ten`, sending every card left makes
 * the Ù tròn, which pays `u-tron-payment` instead of `u-payment`. When Ù is offered with cards left:
 * the lay-down after which every card left can be sent; once laid down (Ù offered or not): the next
 * send while every card left can go, so no level leaves the path half-way (`easy` discarded between
 * two sends and lost a won hand). A hand already all in phỏm is Ù tròn as it is: none. The AI and the
 * hint pressed Ù at once, 5 a loser instead of 10. `options`: the decision's legal moves; `targets`:
 * other seats' phỏm.
 */
export function tronStep(
  hand: readonly Card[],
  eaten: readonly Card[],
  options: readonly Action[],
  targets: readonly SendSpot[],
  o: Options,
): Action | null {
  if (hand.length === 0 || !o['u-by-sending'] || o['u-tron'] !== 'all-ten' || o['u-tron-payment'] <= o['u-payment']) return null;
  if (options.some((a) => a.type === 'send')) {
    const first = sendEvery(hand, eaten, targets, o)?.[0];
    return first ? (options.find((a) => a.type === 'send' && a.card === first.card && a.target === first.target) ?? null) : null;
  }
  if (!options.some((a) => a.type === 'u') || minLeftoverCount(hand, eaten, o['allow-qka']) === 0) return null;
  for (const a of options)
    if (a.type === 'lay-down' && a.melds.length > 0) {
      const laid = a.melds.flat();
      if (
        sendEvery(
          hand.filter((c) => !laid.includes(c)),
          eaten,
          targets,
          o,
        )
      )
        return a;
    }
  return null;
}
