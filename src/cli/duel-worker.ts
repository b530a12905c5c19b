/** Worker thread of `duel --workers W` (a Piscina task): plays its range of deals and returns the tally. */
import { duelRange, type DuelSpec, type DuelTally } from './duel.js';

export default function run(spec: DuelSpec): Promise<DuelTally> {
  return duelRange(spec);
}
