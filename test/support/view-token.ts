/** The token a seat's hand view carries now (src/table/seat-token.ts), from a stored game row and state. */
import { seatToken } from '../../src/table/seat-token.js';
import { engineOf } from '../../src/table/manifests.js';
import type { GameRow } from '../../src/store/index.js';

export function viewToken(row: GameRow, state: unknown, seat: number): number {
  return seatToken({ engine: engineOf(row.game), state, row }, seat);
}
