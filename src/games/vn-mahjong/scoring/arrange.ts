/**
 * Every arrangement of a winning hand with jokers (vn-mahjong.md §8: "the engine tries every joker
 * assignment and scores the best"). Decomposes the concealed naturals lowest tile first, filling
 * missing slots with wild slots; spare jokers form joker-only sets; finally jokers are matched to
 * slots within their domains. Used for scoring only (the fast yes/no check is wincheck.ts).
 */
import { GROUP_MASK, groupOf, tileAt, type JokerKind } from '../tiles.js';
import { ORPHANS } from '../wincheck.js';

export type SetKind = 'chow' | 'pung' | 'kong' | 'pair' | 'single';
export interface ASet {
  kind: SetKind;
  /** Lowest tile index (stand-in tiles for jokers). */
  t: number;
  /** Jokers used in this set, as `JA(5m)` strings. */
  jokers: string[];
  /** From a declared meld: claimed from a discard (ăn/phỗng/coong, also a later Hối Coong). */
  called: boolean;
  /** Âm Coong. */
  am: boolean;
  /** From a declared meld (else from the concealed hand). */
  declared: boolean;
  /** Hối Coong (added kong). */
  added?: boolean;
}
export interface Arrangement {
  sets: ASet[];
  special: 'pe-pe' | 'thap-tam-yeu' | null;
}

interface Slot {
  set: number;
  t: number;
}

function matchJokers(slots: Slot[], jokers: readonly JokerKind[]): string[] | null {
  // most constrained slot first
  const order = slots.map((_, i) => i).sort((a, b) => (slots[a]!.t >= 27 ? 0 : 1) - (slots[b]!.t >= 27 ? 0 : 1));
  const used = jokers.map(() => false);
  const out = new Array<string>(slots.length);
  const rec = (k: number): boolean => {
    if (k === order.length) return true;
    const s = slots[order[k]!]!;
    const g = groupOf(s.t);
    const tried = new Set<string>();
    for (let j = 0; j < jokers.length; j++) {
      const kind = jokers[j]!;
      if (used[j] || tried.has(kind) || ((GROUP_MASK[kind] >> g) & 1) === 0) continue;
      tried.add(kind);
      used[j] = true;
      out[order[k]!] = `${kind}(${tileAt(s.t)})`;
      if (rec(k + 1)) return true;
      used[j] = false;
    }
    return false;
  };
  return slots.length === jokers.length && rec(0) ? out : null;
}

/**
 * Which tiles a joker-only set (spare jokers forming a whole set or the pair) may stand for. Every
 * tile of the 34 is possible, but scoring (predicates.ts, patterns.ts, liability.ts) tells a set's tile
 * apart only by: its suit or which honour it is (seat and round wind, dragons); whether a pung or pair
 * is of terminals, and for pungs which end (Preset B Nhất Cửu pungs); a chow at 123, 456 or 789 (Preset B
 * Nhất Thông). So one tile of each such class stands for the class, the lowest, which is the one the full
 * list met first: the best score and the arrangement shown are the same, and a hand of many jokers
 * no longer lists millions of arrangements (10 jokers took over a minute, on the table's thread).
 * Cửu Tử (nine gates) counts every rank of its one suit: `fullSuits` keeps every tile of the suits a
 * hand could make it in (scoring/score.ts `nineGatesSuits`). Khàn Khàn asks whether the won tile had
 * another home than a pung (predicates.ts `winCompletesPung`), which reads the tiles jokers stand for:
 * a joker-only pair or pung of the won tile `won` is kept too, and every rank lies in a chow kept.
 */
function jokerSetTiles(fullSuits: ReadonlySet<number>, won: number): { pairs: number[]; pungs: number[]; chows: number[] } {
  const all = (t: number) => t >= 27 || t === won || fullSuits.has(Math.floor(t / 9));
  const range = (n: number) => Array.from({ length: n }, (_, t) => t);
  return {
    pairs: range(34).filter((t) => all(t) || t % 9 <= 1),
    pungs: range(34).filter((t) => all(t) || t % 9 <= 1 || t % 9 === 8),
    chows: range(27).filter((t) => t % 9 <= 6 && (all(t) || (t % 9) % 3 === 0)),
  };
}

/**
 * Standard arrangements (melds + one pair) of the concealed part. `fullSuits`: the suits whose every
 * tile a joker-only set is tried as, `won`: the won natural tile's index (-1: none); others: one tile
 * per class that scores alike (`jokerSetTiles`). The defaults try every tile.
 */
export function standardArrangements(
  c0: readonly number[],
  jokers: readonly JokerKind[],
  fullSuits: ReadonlySet<number> = new Set([0, 1, 2]),
  won = -1,
): ASet[][] {
  const cand = jokerSetTiles(fullSuits, won);
  const c = [...c0];
  const out = new Map<string, ASet[]>();
  const sets: { kind: SetKind; t: number }[] = [];
  const slots: Slot[] = [];
  const finish = () => {
    const spare = jokers.length - slots.length;
    const pairUsed = sets.some((s) => s.kind === 'pair');
    const need = pairUsed ? 0 : 2;
    if (spare < need || (spare - need) % 3 !== 0) return;
    const extra: { kind: SetKind; t: number }[] = [];
    const extraSlots: Slot[] = [];
    const addExtras = (left: number, needPair: boolean) => {
      if (left === 0 && !needPair) {
        const allSlots = [...slots, ...extraSlots];
        const m = matchJokers(allSlots, jokers);
        if (!m) return;
        const all = [...sets, ...extra];
        const res: ASet[] = all.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
        allSlots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
        const key = res
          .map((s) => `${s.kind}${s.t}:${s.jokers.length}`)
          .sort()
          .join('|');
        if (!out.has(key)) out.set(key, res);
        return;
      }
      const base = sets.length + extra.length;
      if (needPair) {
        for (const t of cand.pairs) {
          extra.push({ kind: 'pair', t });
          extraSlots.push({ set: base, t }, { set: base, t });
          addExtras(left - 2, false);
          extra.pop();
          extraSlots.length -= 2;
        }
        return;
      }
      const last = extra.length ? extra[extra.length - 1]! : null;
      for (const t of cand.pungs) {
        // pungs then chows, non-decreasing to avoid permutations
        if (last && last.kind !== 'pair' && (last.kind === 'chow' || last.t > t)) continue;
        extra.push({ kind: 'pung', t });
        extraSlots.push({ set: base, t }, { set: base, t }, { set: base, t });
        addExtras(left - 3, false);
        extra.pop();
        extraSlots.length -= 3;
      }
      for (const t of cand.chows) {
        if (last && last.kind === 'chow' && last.t > t) continue;
        extra.push({ kind: 'chow', t });
        extraSlots.push({ set: base, t }, { set: base, t: t + 1 }, { set: base, t: t + 2 });
        addExtras(left - 3, false);
        extra.pop();
        extraSlots.length -= 3;
      }
    };
    addExtras(spare, need === 2);
  };
  const rec = () => {
    if (slots.length > jokers.length) return;
    let i = 0;
    while (i < 34 && c[i] === 0) i++;
    if (i === 34) return finish();
    const n = c[i]!;
    const idx = sets.length;
    for (let use = Math.min(3, n); use >= 1; use--) {
      c[i] = n - use;
      sets.push({ kind: 'pung', t: i });
      for (let w = use; w < 3; w++) slots.push({ set: idx, t: i });
      rec();
      slots.length -= 3 - use;
      sets.pop();
      c[i] = n;
    }
    if (!sets.some((s) => s.kind === 'pair')) {
      for (let use = Math.min(2, n); use >= 1; use--) {
        c[i] = n - use;
        sets.push({ kind: 'pair', t: i });
        if (use === 1) slots.push({ set: idx, t: i });
        rec();
        if (use === 1) slots.pop();
        sets.pop();
        c[i] = n;
      }
    }
    if (i < 27) {
      const pos = i % 9;
      for (let lo = pos - 2; lo <= pos; lo++) {
        if (lo < 0 || lo + 2 > 8) continue;
        const base = i - pos;
        const took: number[] = [];
        let added = 0;
        sets.push({ kind: 'chow', t: base + lo });
        for (let k = base + lo; k <= base + lo + 2; k++) {
          if (k >= i && c[k]! > 0) {
            c[k]!--;
            took.push(k);
          } else {
            slots.push({ set: idx, t: k });
            added++;
          }
        }
        rec();
        for (const k of took) c[k]!++;
        slots.length -= added;
        sets.pop();
      }
    }
  };
  rec();
  return [...out.values()];
}

/** Seven pairs arrangements (one representative; stand-ins chosen to keep naturals' kinds). */
export function sevenPairsArrangements(c: readonly number[], jokers: readonly JokerKind[]): ASet[][] {
  const sets: { kind: SetKind; t: number }[] = [];
  const slots: Slot[] = [];
  for (let i = 0; i < 34; i++) {
    let n = c[i]!;
    while (n >= 2) {
      sets.push({ kind: 'pair', t: i });
      n -= 2;
    }
    if (n === 1) {
      slots.push({ set: sets.length, t: i });
      sets.push({ kind: 'pair', t: i });
    }
  }
  const results: ASet[][] = [];
  const spare = jokers.length - slots.length;
  if (spare < 0 || spare % 2 !== 0) return results;
  const tryWith = (extra: number[]) => {
    const allSets = [...sets, ...extra.map((t) => ({ kind: 'pair' as SetKind, t }))];
    const allSlots = [
      ...slots,
      ...extra.flatMap((t, k) => [
        { set: sets.length + k, t },
        { set: sets.length + k, t },
      ]),
    ];
    const m = matchJokers(allSlots, jokers);
    if (!m) return;
    const res: ASet[] = allSets.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
    allSlots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
    results.push(res);
  };
  const rec = (left: number, from: number, acc: number[]) => {
    if (left === 0) return tryWith(acc);
    for (let t = from; t < 34; t++) rec(left - 2, t, [...acc, t]);
  };
  rec(spare, 0, []);
  return results;
}

/** Thập Tam Yêu arrangement: 13 singles + a duplicate. */
export function orphansArrangements(c: readonly number[], jokers: readonly JokerKind[]): ASet[][] {
  const results: ASet[][] = [];
  for (const dup of ORPHANS) {
    const sets: { kind: SetKind; t: number }[] = [];
    const slots: Slot[] = [];
    for (const t of ORPHANS) {
      const want = t === dup ? 2 : 1;
      const idx = sets.length;
      sets.push({ kind: want === 2 ? 'pair' : 'single', t });
      for (let k = c[t]!; k < want; k++) slots.push({ set: idx, t });
      if (c[t]! > want) slots.length = 99; // impossible
    }
    if (slots.length !== jokers.length) continue;
    const m = matchJokers(slots, jokers);
    if (!m) continue;
    const res: ASet[] = sets.map((s) => ({ kind: s.kind, t: s.t, jokers: [], called: false, am: false, declared: false }));
    slots.forEach((sl, i) => res[sl.set]!.jokers.push(m[i]!));
    results.push(res);
  }
  return results;
}
