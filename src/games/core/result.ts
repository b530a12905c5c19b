/** What a finished hand's result means for each seat, beyond its `deltas`. */
import type { HandResult } from './types.js';

/**
 * Net points per seat of a hand: its `deltas` plus what it paid into or won from a pot the game keeps
 * across hands (`pot.flows`: Phỏm's gà pot, phom.md §10), as the result rows store them and the seat
 * view, the standings, /score and the result message and image show them.
 */
export function netPoints(result: HandResult): number[] {
  const flows = (result as HandResult & { pot?: { flows?: number[] } }).pot?.flows;
  return result.deltas.map((d, s) => d + (flows?.[s] ?? 0));
}
