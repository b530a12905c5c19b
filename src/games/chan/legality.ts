/**
 * What a seat may do with its cards (chan.md §7, §8): legal discards, ăn partners, chíu, ù.
 * Pure functions over one seat's state.
 */
import { counts, countOf, FACES, formsCa, group, isNhat, isYeu, removeFaces, type Face } from './cards.js';
import type { ChanOptions } from './options.js';
import { bestChan, bestChanWithIdentical, chanCounts, chanCountsWithIdentical } from './pairing.js';
import { handSizes, type Meld, type SeatState } from './state.js';

export type DiscardBlock = 'not-held' | 'passed-chan' | 'eaten-ca-pair' | null;

/** chan.md §7.4: why `f` cannot be discarded (or returned) now, null if it can. */
export function discardBlock(s: SeatState, f: Face, opts: ChanOptions): DiscardBlock {
  if (!s.hand.includes(f)) return 'not-held';
  // R1: a face whose chắn was passed may never be discarded.
  if (s.passedChan.includes(f)) return 'passed-chan';
  // R4: after eating a cạ, never discard both cards of a cạ.
  if (s.hasEatenCa && s.discardedFaces.some((d) => formsCa(f, d, opts['lao-thang-ca']))) return 'eaten-ca-pair';
  return null;
}

export function legalDiscards(s: SeatState, opts: ChanOptions): Face[] {
  const out: Face[] = [];
  for (const f of FACES) if (s.hand.includes(f) && discardBlock(s, f, opts) === null) out.push(f);
  return out;
}

export type EatBlock = 'passed-chan' | 'discarded-face' | 'passed-ca' | null;

/** Bans on eating offered face X at all (R1, R3) or as cạ/chắn (R2). */
export function eatBan(s: SeatState, x: Face, opts: ChanOptions): { all: EatBlock; ca: boolean; chan: boolean } {
  if (s.passedChan.includes(x)) return { all: 'passed-chan', ca: true, chan: true };
  if (s.discardedFaces.includes(x)) return { all: 'discarded-face', ca: true, chan: true };
  const mode = opts['passed-ca-ban'];
  const caBanned = mode === 'face-ca' ? s.passedCa.includes(x) : s.passedCa.some((p) => group(p) === group(x));
  const chanBanned = mode === 'rank-ca-and-chan' && s.passedCa.includes(x);
  return { all: null, ca: caBanned, chan: chanBanned };
}

/** Raw ăn partners for offered X (§7.2), ignoring bans and the claim guard. */
export function rawEatPartners(hand: readonly Face[], x: Face, opts: ChanOptions): { chan: boolean; ca: Face[] } {
  const chan = hand.includes(x);
  const ca: Face[] = [];
  const g = group(x);
  const groupCards = hand.filter((f) => group(f) === g);
  if (g === 1) {
    // Nhất/Yêu group: eat only with the spare card, keeping exact pairs [Seed].
    for (const y of nhatYeuSpares(groupCards, opts['lao-thang-ca'])) if (y !== x && formsCa(x, y, opts['lao-thang-ca'])) ca.push(y);
  } else {
    for (const y of FACES) if (y !== x && group(y) === g && hand.includes(y) && normalCaBlock(hand, x, y, opts) === null) ca.push(y);
  }
  return { chan, ca };
}

/**
 * The spare cards of a seat's Nhất/Yêu group (§7.2 [Seed] "eat a cạ with the spare card to round out
 * the hand, keeping the chắn"; R5 "never split a cạ held"): the faces left alone in some best
 * arrangement of the group's concealed cards, the most pairs and then the most chắn. With
 * `lao-thang-ca` any two faces pair, and that is the face held an odd number of times in an odd-sized
 * group (none in an even one). Without it Lão and Thang never pair: `1v LA TH` holds the cạ 1v–LA or
 * 1v–TH, so 1v is no spare, and `LA TH` alone are two spares (the parity rule said the opposite of both).
 */
export function nhatYeuSpares(groupCards: readonly Face[], laoThangCa: boolean): Face[] {
  // Any two faces pair: the parity rule, without the search (the same answer: nhat-yeu-spare.test.ts).
  if (laoThangCa) return groupCards.length % 2 === 1 ? [...new Set(groupCards)].filter((y) => countOf(groupCards, y) % 2 === 1) : [];
  return sparesBySearch(groupCards, laoThangCa);
}

/** `nhatYeuSpares` by its definition: the faces whose removal keeps the best arrangement. */
export function sparesBySearch(groupCards: readonly Face[], laoThangCa: boolean): Face[] {
  const best = arrange(groupCards, laoThangCa);
  return [...new Set(groupCards)].filter((y) => {
    const rest = arrange(removeFaces(groupCards, y), laoThangCa);
    return rest.pairs === best.pairs && rest.chan === best.chan;
  });
}

/** The best arrangement of one group's cards into chắn and cạ: the most pairs, then the most chắn. */
function arrange(cards: readonly Face[], lt: boolean): { pairs: number; chan: number } {
  const memo = new Map<string, { pairs: number; chan: number }>();
  const go = (rest: readonly Face[]): { pairs: number; chan: number } => {
    if (rest.length < 2) return { pairs: 0, chan: 0 };
    const key = [...rest].sort().join(' ');
    const hit = memo.get(key);
    if (hit) return hit;
    const [c, ...others] = rest as [Face, ...Face[]];
    let top = go(others); // c alone
    const better = (a: { pairs: number; chan: number }) => a.pairs > top.pairs || (a.pairs === top.pairs && a.chan > top.chan);
    for (const d of new Set(others)) {
      if (d !== c && !formsCa(c, d, lt)) continue;
      const sub = go(removeFaces(others, d));
      const cand = { pairs: sub.pairs + 1, chan: sub.chan + (d === c ? 1 : 0) };
      if (better(cand)) top = cand;
    }
    memo.set(key, top);
    return top;
  };
  return go(cards);
}

/**
 * §7.2 normal rank: may the held `y` eat offered `x` as a cạ? 'split-ca' (R5: `y` held an odd number
 * of times is the lone card of a cạ held with another face) or 'break-chan' (every copy of `y`, held an
 * even number of times, is in a concealed chắn: the spare card is another face, or there is none and
 * `split-chan-for-ca` = no).
 * `ca-partner` = spare-card (default; the seed's Nhất/Yêu rule "eat with the spare card, keep the
 * chắn" read for every rank): with an odd number of cards of the rank, the card held an odd number of
 * times is the spare; with an even number, only chắn are held (no cạ) and one may be broken if
 * `split-chan-for-ca`. `only-face`: `y` must be the only face of the rank held (the stricter reading).
 */
export function normalCaBlock(hand: readonly Face[], x: Face, y: Face, opts: ChanOptions): 'split-ca' | 'break-chan' | null {
  const g = group(y);
  const groupCards = hand.filter((f) => group(f) === g);
  const ny = countOf(hand, y);
  if (opts['ca-partner'] === 'only-face') {
    if (groupCards.some((f) => f !== y)) return 'split-ca';
    return opts['split-chan-for-ca'] || ny % 2 === 1 ? null : 'break-chan';
  }
  void x;
  // An odd number of cards: the face held an odd number of times is the spare; a face held an even
  // number of times lies in chắn only, and eating with it breaks one (whatever `split-chan-for-ca`
  // says: the spare card must go, rules-decisions "R5 with a lone card").
  if (groupCards.length % 2 === 1) return ny % 2 === 1 ? null : 'break-chan';
  const faces = [...new Set(groupCards)];
  if (faces.some((f) => countOf(hand, f) % 2 === 1)) return ny % 2 === 1 ? 'split-ca' : 'break-chan';
  return opts['split-chan-for-ca'] ? null : 'break-chan';
}

export interface EatOptions {
  partners: Face[];
  chan: boolean;
  /** Why nothing can be eaten although a pair exists (for error messages). */
  blocked: EatBlock | 'passed-ca' | 'no-discard-after' | null;
}

/**
 * Legal ăn partners for offered X with every ban, the claim guard and `prefer-chan`. The guard comes
 * first: a chắn it forbids (no legal discard would be left) is not a legal chắn, so `prefer-chan`
 * ("if a chắn is legal … no cạ options", §7.2) does not hide a cạ that passes the guard.
 */
export function eatOptions(s: SeatState, x: Face, opts: ChanOptions): EatOptions {
  const raw = rawEatPartners(s.hand, x, opts);
  if (!raw.chan && raw.ca.length === 0) return { partners: [], chan: false, blocked: null };
  const ban = eatBan(s, x, opts);
  if (ban.all) return { partners: [], chan: false, blocked: ban.all };
  // Claim guard (§7.2): keep only options that leave a legal discard.
  const chan = raw.chan && !ban.chan && hasDiscardAfterEat(s, x, x, opts);
  const ca = ban.ca || (chan && opts['prefer-chan']) ? [] : raw.ca.filter((y) => hasDiscardAfterEat(s, x, y, opts));
  const partners: Face[] = [...(chan ? [x] : []), ...ca];
  const blocked = partners.length ? null : ban.ca && !raw.chan ? 'passed-ca' : 'no-discard-after';
  return { partners, chan, blocked };
}

export function afterEat(s: SeatState, x: Face, y: Face, opts: ChanOptions): SeatState {
  const isCa = x !== y;
  const meld: Meld = { kind: isCa ? 'ca' : 'chan', cards: [x, y], taken: x };
  void opts;
  return { ...s, hand: removeFaces(s.hand, y), melds: [...s.melds, meld], hasEatenCa: s.hasEatenCa || isCa };
}

function hasDiscardAfterEat(s: SeatState, x: Face, y: Face, opts: ChanOptions): boolean {
  return legalDiscards(afterEat(s, x, y, opts), opts).length > 0;
}

export function afterChiu(s: SeatState, x: Face): SeatState {
  return { ...s, hand: removeFaces(s.hand, x, 3), melds: [...s.melds, { kind: 'chiu', cards: [x, x, x, x], taken: x }] };
}

/** chan.md §7.3: may chíu X (exactly 3 concealed, not a passed chắn, leaves a legal discard). */
export function canChiu(s: SeatState, x: Face, opts: ChanOptions): boolean {
  if (countOf(s.hand, x) !== 3 || s.passedChan.includes(x)) return false;
  return legalDiscards(afterChiu(s, x), opts).length > 0;
}

export const meldChan = (melds: readonly Meld[]): number =>
  melds.reduce((a, m) => a + (m.kind === 'chan' ? 1 : m.kind === 'chiu' ? 2 : 0), 0);

export interface WinShape {
  /** Total chắn (concealed best + exposed). */
  chan: number;
  /** The four copies form a chíu (claimed chíu-ù or an ù on a nọc card whose best arrangement is the chíu). */
  byChiu: boolean;
}

/**
 * chan.md §8: does `concealed` (+ `card`, the winning card; null = the opener's dealt hand) win?
 * `claimChiu`: the card is taken by chíu (chíu-ù on a discard or returned card).
 */
export function winShape(
  concealed: readonly Face[],
  melds: readonly Meld[],
  card: Face | null,
  claimChiu: boolean,
  opts: ChanOptions,
  n: number,
): WinShape | null {
  const sz = handSizes(n);
  const total = concealed.length + melds.reduce((a, m) => a + m.cards.length, 0) + (card ? 1 : 0);
  if (total !== sz.opener) return null;
  const lt = opts['lao-thang-ca'];
  const exposed = meldChan(melds);
  if (card === null) {
    const b = bestChan(counts(concealed), lt);
    return b >= 0 && b + exposed >= sz.minChan ? { chan: b + exposed, byChiu: false } : null;
  }
  // §8: never on CC, LA, TH (also not by chíu-ù).
  if (isYeu(card)) return null;
  const held = countOf(concealed, card);
  const chiuShape = (): number => {
    if (held !== 3) return -1;
    const rest = counts(removeFaces(concealed, card, 3));
    const b = bestChan(rest, lt);
    return b < 0 ? -1 : b + 2;
  };
  if (claimChiu) {
    const c = chiuShape();
    return c >= 0 && c + exposed >= sz.minChan ? { chan: c + exposed, byChiu: true } : null;
  }
  const c = counts([...concealed, card]);
  // §8: a Nhất winning card must form an identical pair.
  const b = isNhat(card) ? bestChanWithIdentical(c, card, lt) : bestChan(c, lt);
  if (b < 0 || b + exposed < sz.minChan) return null;
  const ch = chiuShape();
  return { chan: b + exposed, byChiu: ch >= 0 && ch >= b };
}

/**
 * Every winning arrangement of a win (§8, §9 "when several arrangements win, the engine uses the one
 * with the highest V"): each reachable total of chắn, as the four copies by chíu and not (when both
 * can be). `winShape`'s arrangement (most chắn; chíu on a tie) comes first.
 */
export function winShapes(
  concealed: readonly Face[],
  melds: readonly Meld[],
  card: Face | null,
  claimChiu: boolean,
  opts: ChanOptions,
  n: number,
): WinShape[] {
  const first = winShape(concealed, melds, card, claimChiu, opts, n);
  if (!first) return [];
  const min = handSizes(n).minChan;
  const lt = opts['lao-thang-ca'];
  const exposed = meldChan(melds);
  const out: WinShape[] = [first];
  const add = (chan: number, byChiu: boolean) => {
    if (chan + exposed >= min && !out.some((w) => w.chan === chan + exposed && w.byChiu === byChiu))
      out.push({ chan: chan + exposed, byChiu });
  };
  if (card === null) {
    for (const k of chanCounts(counts(concealed), lt)) add(k, false);
    return out;
  }
  const chiuSet = countOf(concealed, card) === 3 ? chanCounts(counts(removeFaces(concealed, card, 3)), lt).map((k) => k + 2) : [];
  if (!claimChiu) {
    const c = counts([...concealed, card]);
    for (const k of isNhat(card) ? chanCountsWithIdentical(c, card, lt) : chanCounts(c, lt)) add(k, false);
  }
  for (const k of chiuSet) add(k, true);
  return out;
}
