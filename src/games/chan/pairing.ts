/**
 * Pair decomposition (chan.md §7.1, §8): split concealed cards into chắn (identical) and cạ (two
 * different faces of one group) with the most chắn. Works per cạ group on count vectors.
 */
import { compatIndex, FACE_INDEX, GROUP_FACES, type Face } from './cards.js';

const memo = new Map<string, number>();

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
