/** Hand readings the mahjong tests make on their own, independent of the engines' code. */

/**
 * Throwing `t` breaks three of a kind or a run a beginner sees as made (the test's own reading; a
 * spare copy, a fourth of a kind or a second of a run's tile, breaks nothing).
 */
export function madeSetTile(hand: readonly string[], t: string): boolean {
  const n = hand.filter((x) => x === t).length;
  if (n === 3) return true;
  const m = /^([1-9])([mps])$/.exec(t);
  if (!m || n !== 1) return false;
  const v = Number(m[1]);
  const has = (u: number) => hand.includes(`${u}${m[2]}`);
  return [v - 2, v - 1, v].some((lo) => lo >= 1 && lo + 2 <= 9 && has(lo) && has(lo + 1) && has(lo + 2));
}

/** The 34 kinds of the classical set, in code form. */
export const KINDS: readonly string[] = [
  ...['m', 'p', 's'].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => `${n}${s}`)),
  ...[1, 2, 3, 4, 5, 6, 7].map((n) => `${n}z`),
];

/** What a classical seat view has not seen of each kind: its hand, every exposed set, every unclaimed discard. */
export function unseenBy(v: {
  hand: readonly string[];
  seats: readonly { melds: readonly { tiles: readonly string[] }[]; discards: readonly { tile: string; claimedBy?: unknown }[] }[];
}): Map<string, number> {
  const unseen = new Map(KINDS.map((t) => [t, 4]));
  const see = (t: string) => unseen.set(t, unseen.get(t)! - 1);
  v.hand.forEach(see);
  for (const st of v.seats) {
    for (const m of st.melds) m.tiles.forEach(see);
    for (const x of st.discards) if (x.claimedBy === undefined) see(x.tile);
  }
  return unseen;
}
