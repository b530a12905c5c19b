/**
 * Pair decomposition (chan.md §7.1, §8): split concealed cards into chắn (identical) and cạ (two
 * different faces of one group) with the most chắn. Works per cạ group on count vectors.
 */
import { compatIndex, FACE_INDEX, FACES, GROUP_FACES, type Face } from './cards.js';
import { BoundedMap } from '../core/memo.js';

const memo = new BoundedMap<string, number>();

/** Most chắn when pairing all cards of one group (counts per face of the group), −1 if impossible. */
function groupBest(idx: readonly number[], c: number[], laoThangCa: boolean): number {
  let total = 0;
  let odd = 0;
  for (const i of idx) {
    total += c[i]!;
    odd += c[i]! & 1;
  }
  if (total & 1) return -1;
  if (idx.length === 3 || laoThangCa) return (total - odd) / 2;
  // Nhất/Yêu group without the LA+TH cạ: small exhaustive search.
  const key = idx.map((i) => c[i]).join('');
  const hit = memo.get(key);
  if (hit !== undefined) return hit;
  const v = search(
    idx,
    idx.map((i) => c[i]!),
    laoThangCa,
  );
  memo.set(key, v);
  return v;
}

function search(idx: readonly number[], c: number[], lt: boolean): number {
  const i = c.findIndex((x) => x > 0);
  if (i < 0) return 0;
  let best = -1;
  if (c[i]! >= 2) {
    c[i]! -= 2;
    const r = search(idx, c, lt);
    if (r >= 0) best = Math.max(best, r + 1);
    c[i]! += 2;
  }
  for (let j = i + 1; j < c.length; j++) {
    if (c[j]! > 0 && compatIndex(idx[i]!, idx[j]!, lt)) {
      c[i]!--;
      c[j]!--;
      const r = search(idx, c, lt);
      if (r >= 0) best = Math.max(best, r);
      c[i]!++;
      c[j]!++;
    }
  }
  return best;
}

/** Most chắn over all concealed cards (count vector of 30), −1 if they cannot all be paired. */
export function bestChan(c: number[], laoThangCa: boolean): number {
  let sum = 0;
  for (let g = 1; g <= 9; g++) {
    const v = groupBest(GROUP_FACES[g]!, c, laoThangCa);
    if (v < 0) return -1;
    sum += v;
  }
  return sum;
}

/** Same, but the winning face `w` must pair identically (§8: a Nhất winning card). */
export function bestChanWithIdentical(c: number[], w: Face, laoThangCa: boolean): number {
  const i = FACE_INDEX[w]!;
  if (c[i]! < 2) return -1;
  c[i]! -= 2;
  const r = bestChan(c, laoThangCa);
  c[i]! += 2;
  return r < 0 ? -1 : r + 1;
}

/** Cạ count of the best arrangement = pairs − chắn. */
export function pairsOf(c: number[]): number {
  let t = 0;
  for (const x of c) t += x;
  return t / 2;
}

const setMemo = new BoundedMap<string, number>();

/** Bit k set = the cards of one group (counts per face) can all be paired with exactly k chắn. */
function groupChanSet(idx: readonly number[], c: readonly number[], lt: boolean): number {
  const v = idx.map((i) => c[i]!);
  const key = `${idx.length}${lt ? 1 : 0}:${v.join('')}`;
  const hit = setMemo.get(key);
  if (hit !== undefined) return hit;
  const rec = (w: number[]): number => {
    const i = w.findIndex((x) => x > 0);
    if (i < 0) return 1;
    let bits = 0;
    if (w[i]! >= 2) {
      w[i]! -= 2;
      bits |= rec(w) << 1;
      w[i]! += 2;
    }
    for (let j = i + 1; j < w.length; j++) {
      if (w[j]! > 0 && compatIndex(idx[i]!, idx[j]!, lt)) {
        w[i]!--;
        w[j]!--;
        bits |= rec(w);
        w[i]!++;
        w[j]!++;
      }
    }
    return bits;
  };
  const bits = rec(v);
  setMemo.set(key, bits);
  return bits;
}

/**
 * Every number of chắn with which all concealed cards (count vector of 30) can be paired, most first
 * ([] if they cannot all be paired). §9: when several arrangements win, the best value counts.
 */
export function chanCounts(c: number[], laoThangCa: boolean): number[] {
  let acc = 1;
  for (let g = 1; g <= 9; g++) {
    const b = groupChanSet(GROUP_FACES[g]!, c, laoThangCa);
    if (b === 0) return [];
    let next = 0;
    for (let k = 0; k < 31; k++) if (b & (1 << k)) next |= acc << k;
    acc = next;
  }
  const out: number[] = [];
  for (let k = 30; k >= 0; k--) if (acc & (1 << k)) out.push(k);
  return out;
}

/** Same, with the winning face `w` paired identically (§8: a Nhất winning card). */
export function chanCountsWithIdentical(c: number[], w: Face, laoThangCa: boolean): number[] {
  const i = FACE_INDEX[w]!;
  if (c[i]! < 2) return [];
  c[i]! -= 2;
  const r = chanCounts(c, laoThangCa);
  c[i]! += 2;
  return r.map((k) => k + 1);
}

export interface PartialPairing {
  /** Concealed chắn of the arrangement. */
  chan: number;
  /** Concealed cạ of the arrangement. */
  ca: number;
  /** Cards left without a pair. */
  leftovers: Face[];
}

/** For a hand that does not win: the arrangement with the most pairs (then the most chắn) and its lone cards. */
export function partialPairing(c: readonly number[], laoThangCa: boolean): PartialPairing {
  const out: PartialPairing = { chan: 0, ca: 0, leftovers: [] };
  for (let g = 1; g <= 9; g++) {
    const idx = GROUP_FACES[g]!;
    const w = idx.map((i) => c[i]!);
    type Best = { pairs: number; chan: number; lone: number[] };
    const seen = new Map<string, Best>();
    const rec = (): Best => {
      const key = w.join('');
      const hit = seen.get(key);
      if (hit) return hit;
      const r = recInner();
      seen.set(key, r);
      return r;
    };
    const recInner = (): Best => {
      const i = w.findIndex((x) => x > 0);
      if (i < 0) return { pairs: 0, chan: 0, lone: [] };
      const better = (a: Best | null, b: Best) => (!a || b.pairs > a.pairs || (b.pairs === a.pairs && b.chan > a.chan) ? b : a);
      let best: Best | null = null;
      w[i]!--;
      const r0 = rec();
      best = better(best, { ...r0, lone: [idx[i]!, ...r0.lone] });
      w[i]!++;
      if (w[i]! >= 2) {
        w[i]! -= 2;
        const r = rec();
        best = better(best, { pairs: r.pairs + 1, chan: r.chan + 1, lone: r.lone });
        w[i]! += 2;
      }
      for (let j = i + 1; j < w.length; j++) {
        if (w[j]! > 0 && compatIndex(idx[i]!, idx[j]!, laoThangCa)) {
          w[i]!--;
          w[j]!--;
          const r = rec();
          best = better(best, { pairs: r.pairs + 1, chan: r.chan, lone: r.lone });
          w[i]!++;
          w[j]!++;
        }
      }
      return best;
    };
    const b = rec();
    out.chan += b.chan;
    out.ca += b.pairs - b.chan;
    for (const i of b.lone) out.leftovers.push(FACES[i]!);
  }
  return out;
}
