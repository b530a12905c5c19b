/**
 * Whether jokers can stand in for a set of tiles one to one, each within its domain (vn-mahjong.md §2),
 * by the tiles' groups (tiles.ts `GROUP_MASK`: every domain is a union of the groups m, p, s, winds,
 * dragons). Shared by the win check (wincheck.ts, Thập Tam Yêu) and the scorer (scoring/arrange.ts).
 */
import { GROUP_MASK, type JokerKind } from './tiles.js';

/** For each set of groups (a 5-bit mask), how many of `jokers` may stand for a tile of one of them. */
export function jokerReach(jokers: readonly JokerKind[]): number[] {
  // how many jokers of each domain (a mask), then each set of groups adds those of the domains meeting it
  const byDomain = new Array<number>(32).fill(0);
  for (const k of jokers) byDomain[GROUP_MASK[k] ?? 0]!++;
  const domains = byDomain.flatMap((n, m) => (n > 0 && m > 0 ? [m] : []));
  const reach = new Array<number>(32).fill(0);
  for (let set = 1; set < 32; set++) for (const m of domains) if ((m & set) !== 0) reach[set]! += byDomain[m]!;
  return reach;
}

/**
 * Whether the jokers (`reach`: `jokerReach`) can fill joker slots of which `slotGroups[g]` stand for a
 * tile of group g, each joker at most once (jokers may be left over). Hall's theorem: a matching filling
 * every slot exists if and only if every set of slots has at least as many jokers able to fill one of
 * them; slots of one group have the same jokers, so the sets to check are the unions of whole groups.
 */
export function jokersCanFill(slotGroups: readonly number[], reach: readonly number[]): boolean {
  for (let set = 1; set < 32; set++) {
    let need = 0;
    for (let g = 0; g < 5; g++) if ((set >> g) & 1) need += slotGroups[g]!;
    if (need > reach[set]!) return false;
  }
  return true;
}
