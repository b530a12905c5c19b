/** Shared vn-mahjong test helpers. */
import { Rng } from '../../src/games/core/rng.js';
import type { State } from '../../src/games/vn-mahjong/index.js';
import { sortTiles } from '../../src/games/vn-mahjong/tiles.js';

/** The same table with every tile hidden from `person` dealt anew: the other seats' concealed hands and the wall, same sizes, same tiles. */
export function redealHidden(s: State, person: number, salt: string): State {
  const seat = s.seatPerson.indexOf(person);
  const t = structuredClone(s);
  const others = t.players.map((_, i) => i).filter((i) => i !== seat);
  const mixed = new Rng(salt).shuffle([...t.wall, ...others.flatMap((i) => t.players[i]!.hand)]);
  let k = 0;
  for (const i of others) {
    const n = t.players[i]!.hand.length;
    t.players[i]!.hand = sortTiles(mixed.slice(k, k + n));
    k += n;
  }
  t.wall = mixed.slice(k);
  return t;
}
