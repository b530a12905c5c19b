/**
 * Exact, fast winning-hand detection with jokers (vn-mahjong.md §8, issue 6).
 *
 * Every joker domain is a union of whole groups (m, p, s, winds, dragons), and every meld and the
 * pair lie inside one group. So a hand wins iff jokers can be assigned to groups such that each
 * group's naturals plus its jokers decompose. For a group, the feasible joker counts are exactly
 * min, min+3, min+6, … (a joker-only pung absorbs 3 more), where min is the least number of wild
 * tiles completing it; min is cached per suit pattern (count vectors, as libriichi's agari tables).
 */
import { GROUP_MASK, groupOf, type JokerKind, tileIndex, isWild, isOrdinary } from './tiles.js';
import { jokerReach, jokersCanFill } from './joker-fill.js';
import { BoundedMap } from '../core/memo.js';

const INF = 99;
const suitCache = new BoundedMap<number, number>();

/** Least wilds so that 9 suit counts (+ a pair if `pair`) form melds; chows allowed. */
function suitMin(c: number[], pair: boolean): number {
  let key = 0;
  for (let i = 0; i < 9; i++) key = key * 8 + c[i]!;
  key = key * 2 + (pair ? 1 : 0);
  const hit = suitCache.get(key);
  if (hit !== undefined) return hit;
  const v = suitRec(c, pair);
  suitCache.set(key, v);
  return v;
}

function suitRec(c: number[], pair: boolean): number {
  let i = 0;
  while (i < 9 && c[i] === 0) i++;
  if (i === 9) return pair ? 2 : 0;
  let best = INF;
  const n = c[i]!;
  // pung (3, 2+1 wild, 1+2 wilds)
  for (let use = Math.min(3, n); use >= 1; use--) {
    c[i] = n - use;
    best = Math.min(best, 3 - use + suitMin(c, pair));
    c[i] = n;
  }
  if (pair) {
    for (let use = Math.min(2, n); use >= 1; use--) {
      c[i] = n - use;
      best = Math.min(best, 2 - use + suitMin(c, false));
      c[i] = n;
    }
  }
  // chows containing i, lower slots (if any) are wild since i is the lowest natural
  for (let lo = i - 2; lo <= i; lo++) {
    if (lo < 0 || lo + 2 > 8) continue;
    let cost = 0;
    const took: number[] = [];
    for (let k = lo; k <= lo + 2; k++) {
      if (k >= i && c[k]! > 0) {
        c[k]!--;
        took.push(k);
      } else cost++;
    }
    best = Math.min(best, cost + suitMin(c, pair));
    for (const k of took) c[k]!++;
  }
  return best;
}

const PUNG_COST = [0, 2, 1, 0, 2, 1, 0, 2, 1];
const PAIR_COST = [2, 1, 0, 2, 1, 0, 2, 1, 0];
/** Honour groups: pungs only, so each tile is independent. */
function honourMin(c: readonly number[], from: number, to: number, pair: boolean): number {
  let base = 0;
  for (let i = from; i <= to; i++) base += PUNG_COST[c[i]!]!;
  if (!pair) return base;
  let best = base + 2;
  for (let i = from; i <= to; i++) {
    const n = c[i]!;
    if (n > 0) best = Math.min(best, base - PUNG_COST[n]! + PAIR_COST[n]!);
  }
  return best;
}

/** Min wilds for the suit at `off` (cached by its 9 counts). */
function suitMinAt(c: readonly number[], off: number, pair: boolean): number {
  let key = 0;
  for (let i = off; i < off + 9; i++) key = key * 8 + c[i]!;
  key = key * 2 + (pair ? 1 : 0);
  const hit = suitCache.get(key);
  if (hit !== undefined) return hit;
  return suitMin(c.slice(off, off + 9) as number[], pair);
}

const NEEDS: number[][] = [
  [0, 0],
  [0, 0],
  [0, 0],
  [0, 0],
  [0, 0],
];
/** Min wilds per group, [group][pair ? 1 : 0] (a shared scratch array: read it before the next call). */
function groupNeeds(c: readonly number[]): number[][] {
  for (let g = 0; g < 3; g++) {
    NEEDS[g]![0] = suitMinAt(c, g * 9, false);
    NEEDS[g]![1] = suitMinAt(c, g * 9, true);
  }
  NEEDS[3]![0] = honourMin(c, 27, 30, false);
  NEEDS[3]![1] = honourMin(c, 27, 30, true);
  NEEDS[4]![0] = honourMin(c, 31, 33, false);
  NEEDS[4]![1] = honourMin(c, 31, 33, true);
  return NEEDS;
}

/**
 * Can the concealed part (natural counts `c`, wild jokers `jokers` by kind) form melds + one pair?
 * The caller checks the size (≡ 2 mod 3). `work`, when given, counts the nodes of the jokers' search.
 */
export function isStandardWin(c: readonly number[], jokers: readonly JokerKind[], work?: { nodes: number }): boolean {
  const needs = groupNeeds(c);
  const masks: number[] = [];
  for (const j of jokers) {
    const m = GROUP_MASK[j];
    if (m === 0) return false;
    masks.push(m);
  }
  // jokers of one kind side by side: `assign` gives them groups in rising order
  masks.sort((a, b) => a - b);
  let base = 0;
  for (let g = 0; g < 5; g++) base += needs[g]![0]!;
  const assigned = [0, 0, 0, 0, 0];
  const req = [0, 0, 0, 0, 0];
  for (let pg = 0; pg < 5; pg++) {
    // quick bound: the total need cannot exceed the jokers held
    if (base - needs[pg]![0]! + needs[pg]![1]! > masks.length) continue;
    for (let g = 0; g < 5; g++) req[g] = needs[g]![g === pg ? 1 : 0]!;
    if (masks.length === 0) return true;
    if (assign(masks, 0, 0, assigned, req, work)) return true;
  }
  return false;
}

/**
 * Whether jokers `masks[k..]` (sorted) can be given groups so that each group g gets `req[g]` more, or
 * 3, 6, … more than that (`assigned` so far). Only the counts by group matter, so jokers of one kind
 * are given groups in rising order (`from`: the group of the one before, when of the same kind): every
 * count by group is still reached, where trying every group for every joker reached one up to 4! times
 * for four jokers of a kind (257,000 nodes, tens of ms in the AI's 34 checks of a hand of 13 jokers).
 */
function assign(masks: number[], k: number, from: number, assigned: number[], req: number[], work?: { nodes: number }): boolean {
  if (work) work.nodes++;
  if (k === masks.length) {
    for (let g = 0; g < 5; g++) {
      const d = assigned[g]! - req[g]!;
      if (d < 0 || d % 3 !== 0) return false;
    }
    return true;
  }
  // prune: remaining jokers cannot cover the deficits
  let deficit = 0;
  for (let g = 0; g < 5; g++) deficit += Math.max(0, req[g]! - assigned[g]!);
  if (deficit > masks.length - k) return false;
  const m = masks[k]!;
  for (let g = k > 0 && masks[k - 1] === m ? from : 0; g < 5; g++) {
    if (((m >> g) & 1) === 0) continue;
    assigned[g]!++;
    const okay = assign(masks, k + 1, g, assigned, req, work);
    assigned[g]!--;
    if (okay) return true;
  }
  return false;
}

/** Pe Pe (seven pairs, §8): each natural single needs a joker of its domain; spare jokers pair up. */
export function isSevenPairs(c: readonly number[], jokers: readonly JokerKind[]): boolean {
  let n = jokers.length;
  for (const x of c) n += x;
  if (n !== 14) return false;
  const singles: number[] = [];
  for (let i = 0; i < 34; i++) if (c[i]! % 2 === 1) singles.push(i);
  const masks = jokers.map((j) => GROUP_MASK[j]);
  if (masks.some((m) => m === 0)) return false;
  const used = masks.map(() => false);
  const group = (i: number) => (i < 27 ? Math.floor(i / 9) : i <= 30 ? 3 : 4);
  const rec = (k: number): boolean => {
    if (k === singles.length) {
      const rest = masks.filter((_, j) => !used[j]);
      return pairUp(rest);
    }
    const g = group(singles[k]!);
    const tried = new Set<number>();
    for (let j = 0; j < masks.length; j++) {
      if (used[j] || ((masks[j]! >> g) & 1) === 0 || tried.has(masks[j]!)) continue;
      tried.add(masks[j]!);
      used[j] = true;
      if (rec(k + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  return rec(0);
}
function pairUp(masks: number[]): boolean {
  if (masks.length === 0) return true;
  const [a, ...rest] = masks;
  for (let j = 0; j < rest.length; j++) {
    if ((a! & rest[j]!) !== 0 && pairUp(rest.filter((_, k) => k !== j))) return true;
  }
  return false;
}

export const ORPHANS = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
/**
 * Thập Tam Yêu (§8): one of each terminal/honour + a duplicate; jokers fill within their domains (§2).
 * With 14 tiles, only orphans among the naturals, none thrice and at most one pair, the jokers are one
 * per missing kind, plus one when no natural is doubled (it doubles any orphan of its group, and every
 * group has one). So the hand wins iff the jokers fill the missing kinds, asked of `jokersCanFill`
 * (Hall's theorem over the groups) where trying every joker for every missing kind took up to 0.1 s on
 * a hand of 14 jokers that does not win.
 */
export function isThirteenOrphans(c: readonly number[], jokers: readonly JokerKind[]): boolean {
  let n = jokers.length;
  for (let i = 0; i < 34; i++) {
    n += c[i]!;
    if (c[i]! > 0 && !ORPHANS.includes(i)) return false;
    if (c[i]! > 2) return false;
  }
  if (n !== 14) return false;
  if (jokers.some((j) => GROUP_MASK[j] === 0)) return false;
  let dup = 0;
  const missing = [0, 0, 0, 0, 0];
  for (const i of ORPHANS) {
    if (c[i] === 2) dup++;
    else if (c[i] === 0) missing[groupOf(i)]!++;
  }
  return dup <= 1 && jokersCanFill(missing, jokerReach(jokers));
}

export interface WinRules {
  sevenPairs: boolean;
}

/** Concealed tiles (codes, jokers in place) complete the hand? `meldCount` = declared melds. */
export function isWinningTiles(tiles: readonly string[], meldCount: number, rules: WinRules): boolean {
  if (tiles.length + meldCount * 3 !== 14) return false;
  const c = new Array<number>(34).fill(0);
  const jokers: JokerKind[] = [];
  for (const t of tiles) {
    const i = tileIndex(t);
    if (i >= 0) c[i]!++;
    else if (isWild(t)) jokers.push(t as JokerKind);
    else if (!isOrdinary(t)) return false; // a bonus tile in hand never wins
  }
  if (isStandardWin(c, jokers)) return true;
  if (meldCount === 0) {
    if (rules.sevenPairs && isSevenPairs(c, jokers)) return true;
    if (isThirteenOrphans(c, jokers)) return true;
  }
  return false;
}
