/**
 * Exposed bonus tiles (vn-mahjong.md §9 `hoa-cua`, `bo-hoa`, `four-seat-flowers`). Under
 * `dai-hoa-mode = wild-flower` (§13) each exposed `JF` "counts as a chosen missing bonus tile": the
 * choice that scores most is taken, as the engine takes the best joker arrangement (§8).
 */
import type { VnOptions } from '../options.js';
import { isBonus, type Tile } from '../tiles.js';
import type { ItemOut } from './input.js';

const groupTiles = (g: number): Tile[] => [1, 2, 3, 4].map((n) => `${g * 4 + n}f`);
/** The bonus tile of group `g` that matches `seat` (§3: seat k owns (k+1)f, (k+5)f, …). */
const ownTile = (g: number, seat: number): Tile => `${g * 4 + seat + 1}f`;
const GROUPS = [0, 1, 2, 3];

/** All four bonus tiles of the seat's number are counted (§9 `four-seat-flowers`). */
export const hasFourSeatFlowers = (counted: ReadonlySet<Tile>, seat: number): boolean => GROUPS.every((g) => counted.has(ownTile(g, seat)));

/** Bộ Hoa (preset A) or the seat's own tile, per group; `chosen` are the tiles a `JF` stands for. */
function groupItems(counted: ReadonlySet<Tile>, chosen: ReadonlySet<Tile>, seat: number, o: VnOptions): ItemOut[] {
  const items: ItemOut[] = [];
  for (const g of GROUPS) {
    const group = groupTiles(g);
    const own = ownTile(g, seat);
    if (o['scoring-preset'] === 'A' && group.every((t) => counted.has(t))) items.push({ id: 'bo-hoa', value: 6, detail: group.join('') });
    else if (counted.has(own)) items.push({ id: 'hoa-cua', value: 1, detail: chosen.has(own) ? `JF(${own})` : own });
  }
  return items;
}

/** The choices worth making for one group: nothing, its own missing tile, or all its missing tiles (Bộ Hoa). */
function groupChoices(have: ReadonlySet<Tile>, g: number, seat: number, o: VnOptions): Tile[][] {
  const missing = groupTiles(g).filter((t) => !have.has(t));
  const own = ownTile(g, seat);
  const out: Tile[][] = [[]];
  if (!have.has(own)) out.push([own]);
  if (o['scoring-preset'] === 'A' && missing.length > 0 && !(missing.length === 1 && missing[0] === own)) out.push(missing);
  return out;
}

/**
 * The bonus-tile items of the exposed tiles `exposed` and the bonus tiles they count as (the exposed
 * ones plus those the `JF` stand for under `wild-flower`). A `JF` that completes nothing and gives no
 * own-seat tile scores nothing: every own tile it could be is already counted (§13).
 */
export function bonusTileItems(exposed: readonly Tile[], seat: number, o: VnOptions): { items: ItemOut[]; counted: Set<Tile> } {
  const have = new Set(exposed.filter(isBonus));
  const wild = o['dai-hoa-mode'] === 'wild-flower' ? exposed.filter((t) => t === 'JF').length : 0;
  const choices = GROUPS.map((g) => groupChoices(have, g, seat, o));
  let best = { value: -1, cost: 0, items: [] as ItemOut[], counted: have };
  // the last group is chosen first, so that among equal choices the first found stands for the lowest tiles
  const visit = (g: number, chosen: Tile[]): void => {
    if (chosen.length > wild) return;
    if (g < 0) {
      const counted = new Set([...have, ...chosen]);
      const items = groupItems(counted, new Set(chosen), seat, o);
      const value = items.reduce((n, x) => n + x.value, 0) + (o['four-seat-flowers'] && hasFourSeatFlowers(counted, seat) ? 12 : 0);
      if (value > best.value || (value === best.value && chosen.length < best.cost)) best = { value, cost: chosen.length, items, counted };
      return;
    }
    for (const c of choices[g]!) visit(g - 1, [...chosen, ...c]);
  };
  visit(GROUPS.length - 1, []);
  return { items: best.items, counted: best.counted };
}
