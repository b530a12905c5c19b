/**
 * Wall handling: live draws, loose tiles from the dead wall with its top-up, bonus replacement,
 * and the deal (classic-mahjong.md §4, §5.1). Functions mutate a state copy owned by the caller.
 */
import { isBonusCode, sortTiles, type TileCode } from '../mahjong/tiles.js';
import type { State } from './state.js';

/**
 * §4.2: take a loose tile from the tail of the dead wall. `replenished-14` (seed) then tops the
 * dead wall up; `fixed-16` / `fixed-14` (Kajongg's kong box, DMJL / BMJA) is set aside at the deal
 * and never refilled: once it is empty no kong can be declared, and a seat that needs a loose
 * tile ends the hand as drawn (§12).
 */
export function takeLoose(s: State): TileCode | null {
  const t = s.dead.pop();
  if (t === undefined) return null;
  // seed: the dead wall always keeps at least 13 tiles; the 2 live tiles next to it join it.
  if (s.opts['dead-wall'] === 'replenished-14' && s.dead.length < 13) s.dead.unshift(...s.wall.splice(Math.max(0, s.wall.length - 2)));
  return t;
}

/**
 * Replace bonus tiles of `seat` until none is left in hand (§4.4, §5.1). Returns the last
 * replacement tile and whether it came from the dead wall, or null if a wall ran dry.
 */
function replacement(s: State): { tile: TileCode; loose: boolean } | null {
  if (s.opts['bonus-replacement-source'] === 'live-wall') {
    const t = s.wall.shift();
    return t === undefined ? null : { tile: t, loose: false };
  }
  const t = takeLoose(s);
  return t === null ? null : { tile: t, loose: true };
}

/**
 * Give `seat` a tile (already removed from a wall), setting bonus tiles aside and replacing them.
 * Returns the tile finally added to the hand and whether it is a loose tile, or null when the
 * walls ran dry (the hand is then drawn).
 */
export function receive(s: State, seat: number, tile: TileCode, loose: boolean): { tile: TileCode; loose: boolean } | null {
  const p = s.players[seat]!;
  let cur: { tile: TileCode; loose: boolean } | null = { tile, loose };
  while (cur && isBonusCode(cur.tile)) {
    p.bonus.push(cur.tile);
    cur = replacement(s);
  }
  if (!cur) return null;
  p.concealed = sortTiles([...p.concealed, cur.tile]);
  return cur;
}

/** §4.3–4.4: deal 13 tiles each (14 to East) and replace bonus tiles from East in turn order. */
export function deal(s: State): boolean {
  const n = s.seats;
  for (let round = 0; round < 3; round++) for (let seat = 0; seat < n; seat++) s.players[seat]!.concealed.push(...s.wall.splice(0, 4));
  for (let seat = 0; seat < n; seat++) s.players[seat]!.concealed.push(s.wall.shift()!);
  s.players[0]!.concealed.push(s.wall.shift()!);
  let again = true;
  while (again) {
    again = false;
    for (let seat = 0; seat < n; seat++) {
      const p = s.players[seat]!;
      const bonus = p.concealed.filter(isBonusCode);
      if (!bonus.length) continue;
      p.concealed = p.concealed.filter((t) => !isBonusCode(t));
      for (const b of bonus) {
        p.bonus.push(b);
        const r = replacement(s);
        if (!r) return false;
        p.concealed.push(r.tile);
        if (isBonusCode(r.tile)) again = true;
      }
    }
  }
  for (const p of s.players) p.concealed = sortTiles(p.concealed);
  return true;
}
