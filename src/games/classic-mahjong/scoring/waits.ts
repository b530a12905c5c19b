/**
 * "Last tile is only possible tile" (classic-mahjong.md §9.3), ported from Kajongg 22.12
 * (`src/rulecode.py` StandardMahJongg.winningTileCandidates, NineGates/ThirteenOrphans
 * .winningTileCandidates, `src/hand.py` Hand.callingHands). Kajongg first proposes candidate tiles
 * with a heuristic and then tests each; the heuristic is ported literally so the item agrees with
 * Kajongg even where the heuristic misses a wait.
 */
import { isStandardComplete } from '../../mahjong/decompose.js';
import { type Counts, type Kind, isHonor, isMajor, KIND_COUNT } from '../../mahjong/tiles.js';

export interface ShortHand {
  /** Concealed tiles (not in declared melds), without the winning tile. */
  concealed: Counts;
  /** Declared melds: type and lowest kind. */
  declared: { type: 'chow' | 'pung' | 'kong'; kind: Kind }[];
  /** Number of melds of Kajongg's arrangement of this hand (its heuristic gives up above 7). */
  meldCount: number;
}

const MAJORS: readonly Kind[] = Array.from({ length: KIND_COUNT }, (_, k) => k).filter(isMajor);
/** Kajongg iterates suits in the order of its letters b, c, s = bamboo, characters, dots. */
const SUIT_BASES = [18, 0, 9];

function allTiles(h: ShortHand): Counts {
  const c = h.concealed.slice();
  for (const m of h.declared) {
    if (m.type === 'chow') for (let i = 0; i < 3; i++) c[m.kind + i]!++;
    else c[m.kind]! += m.type === 'kong' ? 4 : 3;
  }
  return c;
}

function fillChow(base: number, v0: number, v1: number): Kind[] {
  if (v0 + 1 === v1) {
    if (v0 === 1) return [base + 2];
    if (v0 === 8) return [base + 6];
    return [base + v0 - 2, base + v0 + 1];
  }
  return [base + v0];
}

/** Port of StandardMahJongg.winningTileCandidates (values are 1–9). */
export function standardCandidates(h: ShortHand): Set<Kind> {
  if (h.meldCount > 7) return new Set();
  const inHand: Kind[] = [];
  h.concealed.forEach((n, k) => {
    for (let i = 0; i < n; i++) inHand.push(k);
  });
  if (inHand.length === 0) return new Set();
  let result = inHand.slice();
  let pairs = 0;
  let isolated = 0;
  const maxChows = 4 - h.declared.filter((m) => m.type === 'chow').length;
  if (maxChows < 0) return new Set();
  const check = new Set(maxChows === 0 ? inHand : inHand.filter(isHonor));
  for (const t of check) {
    const count = h.concealed[t]!;
    if (count === 1) isolated++;
    else if (count === 2) pairs++;
    else result = result.filter((x) => x !== t);
  }
  if (maxChows) {
    if (pairs > 2 || isolated > 2 || (pairs > 1 && isolated > 1)) return new Set();
  } else if (pairs + isolated > 2) return new Set();
  if (maxChows === 0) return new Set(result);
  const all = allTiles(h);
  const removeOne = (k: Kind): void => {
    const i = result.indexOf(k);
    if (i >= 0) result.splice(i, 1);
  };
  for (const base of SUIT_BASES) {
    let present = false;
    for (let i = 0; i < 9; i++) if (all[base + i]! > 0) present = true;
    if (!present) continue;
    let values = result
      .filter((k) => k >= base && k < base + 9)
      .map((k) => k - base + 1)
      .sort((a, b) => a - b);
    const cnt = (v: number): number => values.filter((x) => x === v).length;
    let changed = true;
    while (changed && values.length > 2 && cnt(values[0]!) === 1 && cnt(values[1]!) === 1 && cnt(values[2]!) === 1) {
      changed = false;
      const [a, b, c] = [values[0]!, values[1]!, values[2]!];
      if (a + 2 === c && (values.length === 3 || values[3]! > a + 3)) {
        for (let i = 0; i < 3; i++) removeOne(base + a - 1 + i);
        values = values.slice(3);
        changed = true;
      } else if (a + 1 === b && c > a + 2) return new Set(fillChow(base, a, b));
    }
    changed = true;
    while (
      changed &&
      values.length > 2 &&
      cnt(values[values.length - 1]!) === 1 &&
      cnt(values[values.length - 2]!) === 1 &&
      cnt(values[values.length - 3]!) === 1
    ) {
      changed = false;
      const n = values.length;
      const [z, y, x] = [values[n - 1]!, values[n - 2]!, values[n - 3]!];
      if (z - 2 === x && (n === 3 || values[n - 4]! < z - 3)) {
        for (let i = 0; i < 3; i++) removeOne(base + x - 1 + i);
        values = values.slice(0, -3);
        changed = true;
      } else if (z - 1 === y && x < z - 2) return new Set(fillChow(base, y, z));
    }
    if (values.length % 3 === 0) {
      result = result.filter((k) => !(k >= base && k < base + 9));
      continue;
    }
    const valueSet = new Set(values);
    if (values.length === 4 && valueSet.size === 4 && values[0]! + 3 === values[3])
      return new Set([base + values[0]! - 1, base + values[3]! - 1]);
    if (values.length === 7 && valueSet.size === 7 && values[0]! + 6 === values[6])
      return new Set([0, 3, 6].map((i) => base + values[i]! - 1));
    if (values.length === 1) return new Set([base + values[0]! - 1]);
    if (valueSet.size === 1) continue;
    let singles = 0;
    for (const x of valueSet) if (cnt(x) === 1 && ![x - 1, x - 2, x + 1, x + 2].some((y) => valueSet.has(y))) singles++;
    isolated += singles;
    if (isolated > 1) return new Set();
    if (values.length === 2 && valueSet.size === 2) return new Set(fillChow(base, values[0]!, values[1]!));
    if (values.length === 4 && valueSet.size === 2 && values[0] === values[1] && values[2] === values[3])
      return new Set([base + values[0]! - 1, base + values[2]! - 1]);
    for (const v of valueSet) {
      if (v > 1) result.push(base + v - 2);
      if (v < 9) result.push(base + v);
    }
  }
  return new Set(result);
}

function suitOnly(all: Counts): number | null {
  let base: number | null = null;
  for (let k = 0; k < KIND_COUNT; k++) {
    if (all[k] === 0) continue;
    if (k >= 27) return null;
    const b = Math.floor(k / 9) * 9;
    if (base === null) base = b;
    else if (base !== b) return null;
  }
  return base;
}

/** Nine Gates (§8.3): 1112345678999 + a 14th tile of the suit (2–8 only with `quirks`), the winning tile, nothing declared. */
export function isNineGates(concealed: Counts, declaredCount: number, lastTile: Kind | null, quirks: boolean): boolean {
  if (declaredCount > 0 || lastTile === null) return false;
  const base = suitOnly(concealed);
  if (base === null) return false;
  const v = (i: number): number => concealed[base + i - 1]!;
  for (let i = 1; i <= 9; i++) if (v(i) === 0) return false;
  const ones = v(1);
  const nines = v(9);
  const total = concealed.reduce((a, b) => a + b, 0);
  if (total !== 14) return false;
  if (quirks) {
    // Kajongg (rulecode.py NineGates: `values.count(1) != 3 or values.count(9) != 3`): exactly three
    // 1s and three 9s, so the extra tile is one of 2–8; a fourth 1 or 9 scores as Concealed One Suit
    // (the same limit) self-drawn, an ordinary one-suit hand on a discard. Not among §15 Q9's three
    // quirks; without `kajongg-quirks` §8.3 holds (any 14th tile of the suit).
    if (ones !== 3 || nines !== 3) return false;
  } else if (ones < 3 || nines < 3) return false;
  const extra = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((i) => v(i) > (i === 1 || i === 9 ? 3 : 1));
  return extra !== undefined && base + extra - 1 === lastTile;
}

export function isThirteenOrphans(all: Counts): boolean {
  for (let k = 0; k < KIND_COUNT; k++) if (all[k]! > 0 !== isMajor(k)) return false;
  return all.reduce((a, b) => a + b, 0) === 14;
}

function nineGatesCandidates(h: ShortHand): Kind[] {
  if (h.declared.length) return [];
  const base = suitOnly(h.concealed);
  if (base === null) return [];
  for (let i = 0; i < 9; i++) if (h.concealed[base + i] === 0) return [];
  if (h.concealed[base] !== 3 || h.concealed[base + 8] !== 3) return [];
  return Array.from({ length: 9 }, (_, i) => base + i);
}

function orphansCandidates(h: ShortHand): Kind[] {
  for (let k = 0; k < 27; k++) if (h.concealed[k]! > 0 && !isTerminal19(k)) return [];
  for (const m of h.declared) if (m.kind < 27 && !isTerminal19(m.kind)) return [];
  if (h.declared.length) return [];
  const missing = MAJORS.filter((k) => h.concealed[k] === 0);
  if (missing.length > 1) return [];
  return missing.length ? missing : MAJORS.slice();
}

function isTerminal19(k: Kind): boolean {
  return k % 9 === 0 || k % 9 === 8;
}

/** Does the short hand plus `t` make a legal win (standard, Nine Gates on `t`, Thirteen Orphans)? */
export function completes(h: ShortHand, t: Kind, quirks: boolean): boolean {
  const c = h.concealed.slice();
  c[t]!++;
  if (isStandardComplete(c)) return true;
  const all = allTiles(h);
  all[t]!++;
  if (isThirteenOrphans(all) && h.declared.length === 0) return true;
  return isNineGates(c, h.declared.length, t, quirks);
}

/**
 * Kajongg's Hand.callingHands: the tile kinds that complete the short hand, among the heuristic's
 * candidates, skipping kinds of which the hand already holds four. `excluded` kinds (fully visible,
 * `only-possible-excludes-visible`) are skipped too.
 */
export function callingKinds(h: ShortHand, quirks: boolean, excluded?: (k: Kind) => boolean): Kind[] {
  const cand = new Set<Kind>([...standardCandidates(h), ...nineGatesCandidates(h), ...orphansCandidates(h)]);
  const all = allTiles(h);
  const out: Kind[] = [];
  for (const t of [...cand].sort((a, b) => a - b)) {
    if (all[t]! >= 4) continue;
    if (excluded?.(t)) continue;
    if (completes(h, t, quirks)) out.push(t);
  }
  return out;
}
