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
