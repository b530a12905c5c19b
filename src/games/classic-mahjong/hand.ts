/** Hand-shape helpers over a seat's tiles (classic-mahjong.md §7–§8). */
import { isStandardComplete } from '../mahjong/decompose.js';
import { countsOf, kindOf, type Counts, type TileCode } from '../mahjong/tiles.js';
import { isThirteenOrphans } from './scoring/waits.js';
import type { MeldState, PlayerState } from './state.js';

export function counts(tiles: readonly TileCode[]): Counts {
  return countsOf(tiles)!;
}

/** §8.1: does the concealed hand (with `extra`) complete a win, standard or Thirteen Orphans? */
export function isWin(p: PlayerState, extra: TileCode | null): boolean {
  const tiles = extra ? [...p.concealed, extra] : p.concealed;
  const c = counts(tiles);
  if (isStandardComplete(c)) return true;
  return p.melds.length === 0 && isThirteenOrphans(c);
}

/** True when the hand (13 + kongs) waits on at least one tile. */
export function isReady(p: PlayerState, concealed: readonly TileCode[]): boolean {
  for (let k = 0; k < 34; k++) {
    const c = counts(concealed);
    c[k]!++;
    if (c[k]! > 4) continue;
    if (isStandardComplete(c)) return true;
    if (p.melds.length === 0 && isThirteenOrphans(c)) return true;
  }
  return false;
}

export function without(tiles: readonly TileCode[], remove: readonly TileCode[]): TileCode[] | null {
  const out = tiles.slice();
  for (const t of remove) {
    const i = out.indexOf(t);
    if (i < 0) return null;
    out.splice(i, 1);
  }
  return out;
}

export function countOf(tiles: readonly TileCode[], t: TileCode): number {
  return tiles.filter((x) => x === t).length;
}

/** All chows containing `t` that can be made with two tiles of `hand`, as sorted runs. */
export function chowsWith(hand: readonly TileCode[], t: TileCode): TileCode[][] {
  const k = kindOf(t);
  if (k === null || k >= 27) return [];
  const suit = t[1]!;
  const v = Number(t[0]);
  const out: TileCode[][] = [];
  for (let start = v - 2; start <= v; start++) {
    if (start < 1 || start + 2 > 9) continue;
    const run = [0, 1, 2].map((i) => `${start + i}${suit}`);
    const others = without(run, [t]);
    if (others && without(hand, others)) out.push(run);
  }
  return out;
}

export function meldOf(type: MeldState['type'], tiles: TileCode[], exposed: boolean, extra: Partial<MeldState> = {}): MeldState {
  return { type, tiles, exposed, ...extra };
}
