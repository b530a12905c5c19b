/**
 * How Kajongg 22.12 arranges the concealed tiles of a hand that is not complete (`src/permutations.py`
 * Permutations, `src/hand.py` Hand.__arrange): only the number of groups of its choice matters to us,
 * because Kajongg's wait heuristic gives up on hands arranged in more than 7 groups, which decides
 * "only possible tile" (§9.3). Ported literally, including the order used to break ties.
 */
import type { Counts } from '../../mahjong/tiles.js';
import { BoundedMap } from '../../core/memo.js';

type MeldV = number[]; // sorted values 1–9
type Variant = MeldV[];

const permuteCache = new BoundedMap<string, Variant[]>();

/** Python tuple ordering for lists of numbers / lists of lists. */
function cmpNums(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
function cmpVariant(a: Variant, b: Variant): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const c = cmpNums(a[i]!, b[i]!);
    if (c) return c;
  }
  return a.length - b.length;
}

/** Permutations.permute: every grouping into pairs, pungs, chows (or all singles), sorted, unique. */
function permute(values: number[]): Variant[] {
  const key = values.join(',');
  const hit = permuteCache.get(key);
  if (hit) return hit;
  const possible: MeldV[] = [];
  const count = (v: number) => values.filter((x) => x === v).length;
  for (const v of [...new Set(values)].sort((a, b) => a - b)) {
    if (count(v) === 2) possible.push([v, v]);
    if (count(v) >= 3) possible.push([v, v, v]);
    if (count(v + 1) && count(v + 2)) possible.push([v, v + 1, v + 2]);
  }
  let result: Variant[] = [];
  if (possible.length) {
    for (const meld of possible) {
      const rest = values.slice();
      for (const t of meld) rest.splice(rest.indexOf(t), 1);
      if (rest.length) for (const combi of permute(rest)) result.push([meld, ...combi]);
      else result.push([meld]);
    }
  } else result = [values.map((v) => [v])];
  const uniq = new Map<string, Variant>();
  for (const r of result) {
    const sorted = r.map((m) => m.slice()).sort(cmpNums);
    uniq.set(JSON.stringify(sorted), sorted);
  }
  const out = [...uniq.values()].sort(cmpVariant);
  permuteCache.set(key, out);
  return out;
}

const usefulCache = new BoundedMap<string, Variant[]>();

/** Permutations.usefulPermutations. */
function useful(values: number[]): Variant[] {
  const key = values.join(',');
  const hit = usefulCache.get(key);
  if (hit) return hit;
  const variants = permute(values);
  const result: Variant[] = [];
  let maxPungs = -1;
  let maxPungVariant: Variant | null = null;
  let minMeldVariant: Variant | null = null;
  let minMelds = 99;
  for (const v of variants) {
    if (v.every((m) => m.length > 1)) result.push(v);
    if (v.length < minMelds) {
      minMelds = v.length;
      minMeldVariant = v;
    }
    const pungs = v.filter((m) => m.length === 3 && m[0] === m[2]).length;
    if (pungs > maxPungs) {
      maxPungs = pungs;
      maxPungVariant = v;
    }
  }
  if (maxPungs > 0 && !result.includes(maxPungVariant!)) result.push(maxPungVariant!);
  result.push(minMeldVariant!);
  usefulCache.set(key, result);
  return result;
}

/** Permutations.__colorVariants: blocks split at gaps, the product of their useful variants. */
function colorVariants(values: number[]): Variant[] {
  let all = values.slice().sort((a, b) => a - b);
  const set = new Set(all);
  const groups: number[][] = [];
  for (const border of [...set]
    .map((x) => x + 1)
    .filter((x) => !set.has(x))
    .sort((a, b) => a - b)) {
    const content = all.filter((x) => x < border);
    if (content.length) {
      groups.push(content);
      all = all.filter((x) => x > border);
    }
  }
  let out: Variant[] = [[]];
  for (const g of groups.map(useful)) out = out.flatMap((acc) => g.map((v) => [...acc, ...v]));
  return values.length ? out : [];
}

interface SuitMeld {
  base: number;
  values: MeldV;
}

/**
 * Kajongg's arrangement of the suited tiles of a hand that is not complete: the variant with the
 * most points (more pungs, then for ties the first in Kajongg's sort order). Returns its groups.
 */
export function kajonggSuitArrangement(concealed: Counts, score: (pungKinds: number[]) => number): SuitMeld[] {
  // Tile.colors.upper() = 'SBC': dots, bamboo, characters
  const bases = [9, 18, 0];
  const perColor: SuitMeld[][][] = [];
  for (const base of bases) {
    const values: number[] = [];
    for (let i = 0; i < 9; i++) for (let n = 0; n < concealed[base + i]!; n++) values.push(i + 1);
    const vs = colorVariants(values);
    if (vs.length) perColor.push(vs.map((v) => v.map((m) => ({ base, values: m }))));
  }
  let variants: SuitMeld[][] = [[]];
  for (const c of perColor) variants = variants.flatMap((acc) => c.map((v) => [...acc, ...v]));
  // Kajongg sorts the variants as lists of melds (meld.py Meld.__lt__): by the key of the first
  // tile (dots < bamboo < characters, then value), a longer meld first when that tile is the same;
  // list comparison stops at the first differing meld even when neither is smaller.
  const order = (base: number) => (base === 9 ? 0 : base === 18 ? 1 : 2);
  const cmpMeld = (a: SuitMeld, b: SuitMeld): number => {
    const ka = order(a.base) * 10 + a.values[0]!;
    const kb = order(b.base) * 10 + b.values[0]!;
    if (ka === kb) return b.values.length - a.values.length;
    return ka - kb;
  };
  const sameMeld = (a: SuitMeld, b: SuitMeld) => a.base === b.base && a.values.join() === b.values.join();
  const uniq = new Map<string, SuitMeld[]>();
  for (const v of variants) {
    const k = JSON.stringify(v.map((m) => [m.base, m.values]));
    if (!uniq.has(k)) uniq.set(k, v);
  }
  const sorted = [...uniq.values()].sort((a, b) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (!sameMeld(a[i]!, b[i]!)) return cmpMeld(a[i]!, b[i]!);
    return a.length - b.length;
  });
  let best: SuitMeld[] = sorted[0] ?? [];
  let bestScore = -1;
  for (const v of sorted) {
    const pungs = v.filter((m) => m.values.length === 3 && m.values[0] === m.values[2]).map((m) => m.base + m.values[0]! - 1);
    const s = score(pungs);
    if (s > bestScore) {
      bestScore = s;
      best = v;
    }
  }
  return best;
}
