/**
 * Checks shared by the `score` CLIs and position inputs: a documented field given with the wrong
 * type is an error line, never silently read as its default (a `"true"` that counted as false, or a
 * `"false"` that counted as true, changed totals without a word).
 */

/** The first of `keys` present in `o` whose value is not a boolean, said as an error; null when all are fine. */
export function flagProblem(o: Record<string, unknown>, keys: readonly string[], where = ''): string | null {
  for (const k of keys) {
    if (!Object.hasOwn(o, k) || o[k] === undefined) continue;
    if (typeof o[k] !== 'boolean') return `${where}${k} must be true or false, not ${JSON.stringify(o[k])}`;
  }
  return null;
}
