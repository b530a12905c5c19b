/**
 * The Báo Chủy Mó feedings (§11.2–11.4) a seat's declared melds record, rebuilt from the melds in
 * the order they were made: what the engine records claim by claim (settle-hand.ts `recordFeeding`),
 * for the score CLI's hand and a scenario position alike.
 */
import { feedingsOf, type CalledMeld, type Feeding } from './scoring/liability.js';

/** `exempt(k)`: the feeder of meld k was exempt when it fed it (§11.1 exception, §15.7). */
export function feedingsOfMelds(seat: number, melds: readonly CalledMeld[], exempt: (k: number) => boolean): Feeding[] {
  const out: Feeding[] = [];
  melds.forEach((m, k) => out.push(...feedingsOf(seat, melds.slice(0, k), m, () => exempt(k))));
  return out;
}
