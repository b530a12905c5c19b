/**
 * Decompositions of concealed tiles (count vectors) into sets and one pair, shared by the mahjong
 * games (style.md §3: "decompose once, score each decomposition, keep the best").
 */
import type { Counts, Kind } from './tiles.js';
import { BoundedMap } from '../core/memo.js';

// Local copies: imported bindings are accessed through getters in some loaders, and these loops are hot.
const KIND_COUNT = 34;
const isHonor = (k: number): boolean => k >= 27;

export interface Group {
  type: 'pung' | 'chow' | 'pair';
  /** For a chow, its lowest kind. */
  kind: Kind;
}

/**
 * Every way to split `counts` into pungs/chows plus exactly one pair (the standard winning shape
 * "n sets + 1 pair"). Returns each decomposition as its list of groups, the pair first. Distinct
 * multisets of groups only.
 */
export function standardDecompositions(counts: Counts): Group[][] {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total % 3 !== 2) return [];
  const out: Group[][] = [];
  const c = counts.slice();
  for (let p = 0; p < KIND_COUNT; p++) {
    if (c[p]! < 2) continue;
    c[p]! -= 2;
    const sets: Group[] = [];
    setsOnly(c, 0, sets, (s) => out.push([{ type: 'pair', kind: p }, ...s]));
    c[p]! += 2;
  }
  return out;
}

/** Calls `emit` for every split of `c` (from kind `from` on) into pungs and chows. */
function setsOnly(c: Counts, from: number, acc: Group[], emit: (s: Group[]) => void): void {
  let k = from;
  while (k < KIND_COUNT && c[k] === 0) k++;
  if (k === KIND_COUNT) {
    emit(acc.slice());
    return;
  }
  if (c[k]! >= 3) {
    c[k]! -= 3;
    acc.push({ type: 'pung', kind: k });
    setsOnly(c, k, acc, emit);
    acc.pop();
    c[k]! += 3;
  }
  if (!isHonor(k) && k % 9 <= 6 && c[k + 1]! > 0 && c[k + 2]! > 0) {
    c[k]!--;
    c[k + 1]!--;
    c[k + 2]!--;
    acc.push({ type: 'chow', kind: k });
    setsOnly(c, k, acc, emit);
    acc.pop();
    c[k]!++;
    c[k + 1]!++;
    c[k + 2]!++;
  }
}

/** True when `counts` splits into sets plus one pair. */
export function isStandardComplete(counts: Counts): boolean {
  return standardDecompositions(counts).length > 0;
}

/** Kinds that, added to `counts`, give a standard complete shape (the waits of a ready hand). */
export function standardWaits(counts: Counts): Kind[] {
  const out: Kind[] = [];
  for (let k = 0; k < KIND_COUNT; k++) {
    if (counts[k]! >= 4) continue;
    counts[k]!++;
    if (isStandardComplete(counts)) out.push(k);
    counts[k]!--;
  }
  return out;
}

/**
 * Shanten-like distance for the standard shape: the number of tiles still missing before the hand
 * is ready (0 = ready, -1 = complete), for `setsNeeded` sets plus a pair. Block counting over
 * sets, partial sets and a pair; each suit's blocks are enumerated once and cached.
 */
export function standardShanten(counts: Counts, setsNeeded: number): number {
  // combos[pair][sets] = most partial sets over the groups seen so far (-1 = impossible)
  let combos: number[][] = [new Array<number>(15).fill(-1), new Array<number>(15).fill(-1)];
  combos[0]![0] = 0;
  const merge = (opts: readonly (readonly [number, number, number])[]): void => {
    const next = [new Array<number>(15).fill(-1), new Array<number>(15).fill(-1)];
    for (let p = 0; p < 2; p++)
      for (let m = 0; m < 15; m++) {
        const t = combos[p]![m]!;
        if (t < 0) continue;
        for (const [m2, t2, p2] of opts) {
          const pp = p + p2;
          if (pp > 1) continue;
          const mm = Math.min(14, m + m2);
          if (t + t2 > next[pp]![mm]!) next[pp]![mm] = t + t2;
        }
      }
    combos = next;
  };
  for (const base of [0, 9, 18]) merge(suitBlocks(counts, base));
  // honours: each kind is a set (3+), a pair/partial (2) or nothing
  const honors: [number, number, number][] = [];
  let hm = 0;
  let hpairs = 0;
  for (let k = 27; k < 34; k++) {
    if (counts[k]! >= 3) hm++;
    else if (counts[k] === 2) hpairs++;
  }
  honors.push([hm, hpairs, 0]);
  if (hpairs > 0) honors.push([hm, hpairs - 1, 1]);
  merge(honors);
  let best = 99;
  for (let p = 0; p < 2; p++)
    for (let m = 0; m < 15; m++) {
      const t = combos[p]![m]!;
      if (t < 0) continue;
      const ms = Math.min(m, setsNeeded);
      const ts = Math.min(t, setsNeeded - ms);
      const v = 2 * (setsNeeded - ms) - ts - p;
      if (v < best) best = v;
    }
  return best;
}

const SUIT_CACHE = new BoundedMap<number, (readonly [number, number, number])[]>();

/** Work done, for tests: suit patterns whose block table was built. */
export interface SuitWork {
  states: number;
}

/** Slots for the sets of one suit: 4 copies × 9 kinds hold at most 12 sets (a hand holds at most 4 of a kind). */
const M = 13;

/** 5^(8-i): a suit's key counts its kinds (0–4) in base 5, its first kind the highest digit. */
const PLACE = [390625, 78125, 15625, 3125, 625, 125, 25, 5, 1] as const;

/**
 * A suit's block counts: at `p * M + m`, the most partial sets (pairs, two of a run) beside `m` sets
 * and `p` (0 or 1) pairs kept as the hand's pair; -1 when no cut of the suit gives them.
 */
type SuitTable = Int8Array;

/** Raises `out` to `sub` shifted by `dm` sets and `dt` partial sets; `pair`: the cut's pair is the hand's (p 0 → 1). */
function lift(out: SuitTable, sub: SuitTable, dm: number, dt: number, pair: boolean): void {
  for (let p = 0; p < (pair ? 1 : 2); p++) {
    const to = pair ? 1 : p;
    for (let m = 0; m + dm < M; m++) {
      const t = sub[p * M + m]!;
      if (t < 0) continue;
      const i = to * M + m + dm;
      if (t + dt > out[i]!) out[i] = t + dt;
    }
  }
}

/**
 * The block table of suit counts `v` (`key` its base-5 key), from the tables of what each cut of
 * its first tile leaves: a pung, a chow, a pair (as the hand's pair or as a partial set), two of a
 * run (adjacent or one apart), or the tile left alone. Each pattern is built once per search
 * (`memo`): a few dozen patterns for a 14-tile suit, where trying every cut took tens of thousands
 * of steps (a one-suit hand's first AI decision on an empty cache took 100–300 ms).
 */
function suitTable(v: number[], key: number, memo: Map<number, SuitTable>, work?: SuitWork): SuitTable {
  const hit = memo.get(key);
  if (hit) return hit;
  if (work) work.states++;
  const out = new Int8Array(2 * M).fill(-1);
  let i = 0;
  while (i < 9 && v[i] === 0) i++;
  if (i === 9) {
    out[0] = 0;
    memo.set(key, out);
    return out;
  }
  // a, b, c: copies taken of kinds i, i + 1, i + 2
  const take = (a: number, b: number, c: number, dm: number, dt: number, pair: boolean): void => {
    v[i]! -= a;
    v[i + 1]! -= b;
    v[i + 2]! -= c;
    const sub = suitTable(v, key - a * PLACE[i]! - b * (PLACE[i + 1] ?? 0) - c * (PLACE[i + 2] ?? 0), memo, work);
    v[i]! += a;
    v[i + 1]! += b;
    v[i + 2]! += c;
    lift(out, sub, dm, dt, pair);
    if (pair) lift(out, sub, dm, dt + 1, false);
  };
  const n = v[i]!;
  if (n >= 3) take(3, 0, 0, 1, 0, false);
  if (i <= 6 && v[i + 1]! > 0 && v[i + 2]! > 0) take(1, 1, 1, 1, 0, false);
  // a pair: the hand's pair (when the cut has none yet), or a partial set (`lift` twice in `take`)
  if (n >= 2) take(2, 0, 0, 0, 0, true);
  if (i <= 7 && v[i + 1]! > 0) take(1, 1, 0, 0, 1, false);
  if (i <= 6 && v[i + 2]! > 0) take(1, 0, 1, 0, 1, false);
  take(n, 0, 0, 0, 0, false);
  memo.set(key, out);
  return out;
}

/**
 * Non-dominated (sets, partials, pair) block counts of one suit (9 counts from `base`). `work`
 * counts the patterns built (tests), and bypasses the cache.
 */
export function suitBlocks(counts: Counts, base: number, work?: SuitWork): (readonly [number, number, number])[] {
  let key = 0;
  for (let i = 0; i < 9; i++) key = key * 5 + counts[base + i]!;
  const hit = work ? undefined : SUIT_CACHE.get(key);
  if (hit) return hit;
  // Two slots past the suit's end, so a cut's `v[i + 2]` is always a number.
  const tab = suitTable([...counts.slice(base, base + 9), 0, 0], key, new Map(), work);
  const out: (readonly [number, number, number])[] = [];
  for (let p = 0; p < 2; p++)
    for (let m = 0; m < M; m++) {
      const t = tab[p * M + m]!;
      if (t >= 0) out.push([m, t, p] as const);
    }
  SUIT_CACHE.set(key, out);
  return out;
}

/**
 * Whether throwing kind `k` breaks a set a beginner sees at a glance: three of a kind, or a run of
 * three in its suit, with no spare copy of `k` (a fourth of a kind, a second of a run's tile, keeps
 * the set). The easy AIs never throw such a tile by carelessness (issue #16: human mistakes).
 */
export function inVisibleSet(counts: readonly number[], k: number): boolean {
  const n = counts[k] ?? 0;
  if (n === 3) return true;
  if (k >= 27 || n !== 1) return false;
  const base = k - (k % 9);
  for (let lo = Math.max(0, (k % 9) - 2); lo <= Math.min(6, k % 9); lo++)
    if (counts[base + lo]! > 0 && counts[base + lo + 1]! > 0 && counts[base + lo + 2]! > 0) return true;
  return false;
}
