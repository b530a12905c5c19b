/**
 * Tile codes (notation.md, vn-mahjong.md §2): suits `1m…9p…9s`, honours `1z…7z`, bonus tiles
 * `1f…16f` and jokers `J?`. The ordinary tiles and their kinds 0…33 (m, p, s, z) are the shared
 * mahjong tile module's (games/mahjong/tiles.ts); this file adds what only Vietnamese mahjong has:
 * 16 bonus tiles and the jokers.
 */
import { ALL_KINDS, codeOf, KIND_COUNT } from '../mahjong/tiles.js';
import type { VnOptions } from './options.js';

export { isDragon, isHonor, isTerminal, isWind } from '../mahjong/tiles.js';

export type Tile = string;

export const SUITS = ['m', 'p', 's'] as const;
/** The 34 ordinary tiles in kind order (`1m`…`9s`, `1z`…`7z`). */
export const ORDINARY: Tile[] = ALL_KINDS.map(codeOf);
export const BONUS: Tile[] = Array.from({ length: 16 }, (_, i) => `${i + 1}f`);
export type JokerKind = 'JA' | 'JP' | 'JS' | 'JM' | 'JF' | 'JW' | 'JD' | 'JN' | 'JH';
export const JOKER_KINDS: JokerKind[] = ['JA', 'JP', 'JS', 'JM', 'JF', 'JW', 'JD', 'JN', 'JH'];
/** Blue set (khung xanh) and red set (khung đỏ), vn-mahjong.md §2.2. */
export const BLUE: JokerKind[] = ['JA', 'JP', 'JS', 'JM'];

const INDEX = new Map<Tile, number>(ORDINARY.map((t, i) => [t, i]));
/** Kind 0…33 of an ordinary tile (the shared module's `kindOf`), −1 otherwise; a map lookup for the hot paths. */
export const tileIndex = (t: Tile): number => INDEX.get(t) ?? -1;
/** The code of kind `i` (the shared module's `codeOf`). */
export const tileAt = (i: number): Tile => ORDINARY[i]!;
export const isOrdinary = (t: Tile): boolean => INDEX.has(t);
const BONUS_SET = new Set<Tile>(Array.from({ length: 16 }, (_, i) => `${i + 1}f`));
export const isBonus = (t: Tile): boolean => BONUS_SET.has(t);
const JOKER_SET = new Set<Tile>(JOKER_KINDS);
export const isJoker = (t: Tile): boolean => JOKER_SET.has(t);
/** A tile that is wild (a joker other than Đại Hoa, which is a bonus tile, §2.2). */
export const isWild = (t: Tile): boolean => isJoker(t) && t !== 'JF';
/** Bonus tiles in the §4.3 sense: `1f`–`16f` and `JF`. */
export const isFlowerLike = (t: Tile): boolean => isBonus(t) || t === 'JF';
/** Tile a discard acts as for Ù (§6): bonus tiles act as Tổng, jokers within their domain. */
export const winAs = (t: Tile): Tile => (isFlowerLike(t) ? 'JA' : t);
/** Number 1…4 of a bonus tile (matching East…North, §2). */
export const bonusNumber = (t: Tile): number => ((Number(t.slice(0, -1)) - 1) % 4) + 1;

/**
 * Groups used by the joker win-check: 0 = m, 1 = p, 2 = s, 3 = winds, 4 = dragons. Every joker
 * domain of §2.2 is a union of whole groups, which makes the check a small assignment problem.
 */
export const groupOf = (i: number): number => (i < 27 ? Math.floor(i / 9) : i <= 30 ? 3 : 4);
export const GROUP_MASK: Record<JokerKind, number> = {
  JA: 0b11111,
  JN: 0b00111,
  JM: 0b00001,
  JP: 0b00010,
  JS: 0b00100,
  JW: 0b01000,
  JD: 0b10000,
  JH: 0b11000,
  JF: 0,
};
/** Domain size (specificity, §2.2): smaller wins a phỗng tie (§6.4). */
export const SPECIFICITY: Record<JokerKind, number> = { JD: 3, JW: 4, JH: 7, JP: 9, JS: 9, JM: 9, JN: 27, JA: 34, JF: 99 };
export function inDomain(kind: Tile, i: number): boolean {
  const m = GROUP_MASK[kind as JokerKind];
  return m !== undefined && ((m >> groupOf(i)) & 1) === 1;
}

/** The joker kinds in play: JH replaces JW or JD under `honour-joker` (§13). */
export function jokerKinds(honourJoker: string): JokerKind[] {
  const red: JokerKind[] = ['JF', honourJoker === 'replaces-JW' ? 'JH' : 'JW', honourJoker === 'replaces-JD' ? 'JH' : 'JD', 'JN'];
  return [...BLUE, ...red];
}
export function redSet(honourJoker: string): JokerKind[] {
  return jokerKinds(honourJoker).slice(4);
}

/** The full tile set (§2): 136 ordinary + 16 bonus + 8 kinds × k jokers. */
export function fullSet(jokerCopies: number, honourJoker: string): Tile[] {
  const out: Tile[] = [];
  for (const t of ORDINARY) out.push(t, t, t, t);
  out.push(...BONUS);
  for (const j of jokerKinds(honourJoker)) for (let c = 0; c < jokerCopies; c++) out.push(j);
  return out;
}

const ORDER = (t: Tile): number => {
  const i = tileIndex(t);
  if (i >= 0) return i;
  if (isJoker(t)) return 100 + JOKER_KINDS.indexOf(t as JokerKind);
  return 200 + Number(t.slice(0, -1));
};
/** Sort order `m p s z J f` (§5). */
export const compareTiles = (a: Tile, b: Tile): number => ORDER(a) - ORDER(b);
export const sortTiles = (ts: readonly Tile[]): Tile[] => [...ts].sort(compareTiles);

export function countVector(ts: readonly Tile[]): number[] {
  const c = new Array<number>(KIND_COUNT).fill(0);
  for (const t of ts) {
    const i = tileIndex(t);
    if (i >= 0) c[i]!++;
  }
  return c;
}
export function removeOne(ts: readonly Tile[], t: Tile): Tile[] | null {
  const i = ts.indexOf(t);
  if (i < 0) return null;
  return [...ts.slice(0, i), ...ts.slice(i + 1)];
}
export function removeAll(ts: readonly Tile[], rm: readonly Tile[]): Tile[] | null {
  let cur: Tile[] | null = [...ts];
  for (const t of rm) {
    cur = removeOne(cur, t);
    if (!cur) return null;
  }
  return cur;
}
export const countOf = (ts: readonly Tile[], t: Tile): number => ts.reduce((n, x) => n + (x === t ? 1 : 0), 0);

/** Phán of an exposed joker (§2 table). */
export function jokerValue(j: JokerKind, seat: number, initial: boolean, o: VnOptions): number {
  const bonus = initial && o['initial-tong-hop-bonus'];
  switch (j) {
    case 'JA':
      return seat === 0 || bonus ? 3 : 2;
    case 'JN': {
      const base = Number(o['hop-exposed-value']);
      return seat === 3 || bonus ? base + 1 : base;
    }
    case 'JP':
    case 'JW':
      return seat === 1 ? 2 : 1;
    case 'JS':
    case 'JD':
      return seat === 2 ? 2 : 1;
    case 'JM':
      return seat === 3 ? 2 : 1;
    case 'JH':
      return seat === 1 || seat === 2 ? 2 : 1;
    case 'JF':
      return 2;
  }
}
