/**
 * Copy indexes ("frames") of the jokers (vn-mahjong.md §2 "the engine keeps a copy index for each
 * tile instance"). Only §9's `tong-hop-start-combo` reads them ("12 if same frame", §15.12: the same
 * copy index, meaningful only with `joker-copies` ≥ 2), and only for jokers exposed in the initial
 * phase, so they are kept from the deal to the end of that phase (`init.frames`) and only when there
 * are several copies; a joker exposed in that phase keeps its frame (`ExposedTile.frame`).
 */
import type { Rng } from '../core/rng.js';
import { isJoker, type Tile } from './tiles.js';

export interface JokerFrames {
  /** The jokers each hand seat holds, with their frames. */
  held: { tile: Tile; frame: number }[][];
  /** Frames of the jokers still in the wall, in wall order (the initial phase only draws from the back). */
  wall: number[];
}

/** §9 Tổng Hợp: the joker whose frame a Tổng (Hợp) exposed with it should share. */
const PARTNER: Record<string, Tile> = { JA: 'JN', JN: 'JA' };

/**
 * Frames of the jokers of a full wall, in wall order: each kind's copies take 0…k−1 in an order drawn
 * from `rng` (the shuffle gives codes only, so the frames are dealt like the tiles); without `rng`
 * (a `deck` scenario) in wall order.
 */
export function wallFrames(wall: readonly Tile[], copies: number, rng: Rng | null): number[] {
  const order = new Map<Tile, number[]>();
  const seen = new Map<Tile, number>();
  const out: number[] = [];
  for (const t of wall) {
    if (!isJoker(t)) continue;
    if (!order.has(t)) {
      const ids = Array.from({ length: copies }, (_, i) => i);
      order.set(t, rng ? rng.shuffle(ids) : ids);
    }
    const c = seen.get(t) ?? 0;
    seen.set(t, c + 1);
    out.push(order.get(t)![c] ?? c);
  }
  return out;
}

/**
 * The frame of the copy of `t` that `seat` sets aside, taken out of `held`. Which copy is up to the
 * player, who sees the frames: a Tổng (Hợp) takes one whose frame a Hợp (Tổng) already exposed in
 * the phase, or still held, has (§9: the 12-phán combo); otherwise the lowest frame.
 */
export function takeFrame(
  f: JokerFrames,
  seat: number,
  t: Tile,
  exposed: readonly { tile: Tile; initial: boolean; frame?: number }[],
): number | undefined {
  const mine = f.held[seat]!;
  const copies = mine.filter((x) => x.tile === t).sort((a, b) => a.frame - b.frame);
  if (copies.length === 0) return undefined;
  const partner = PARTNER[t];
  const wanted = new Set([
    ...exposed.filter((e) => e.initial && e.tile === partner && e.frame !== undefined).map((e) => e.frame!),
    ...mine.filter((x) => x.tile === partner).map((x) => x.frame),
  ]);
  const pick = copies.find((x) => wanted.has(x.frame)) ?? copies[0]!;
  mine.splice(mine.indexOf(pick), 1);
  return pick.frame;
}

/** `seat` draws `t` from the back of the wall in the initial phase: a joker brings its frame along. */
export function drawBack(f: JokerFrames, seat: number, t: Tile): void {
  if (!isJoker(t)) return;
  const frame = f.wall.pop();
  if (frame !== undefined) f.held[seat]!.push({ tile: t, frame });
}
