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

/**
 * The keys of `o` not in `allowed`, said as an error (a typo such as "results" or "lastTileofWall"
 * would skip a check or drop a fact without a word), or null. `where` starts the error line.
 */
export function unknownKeys(o: object, allowed: readonly string[], where = ''): string | null {
  const extra = Object.keys(o).filter((k) => !allowed.includes(k));
  if (!extra.length) return null;
  const what = extra.map((k) => JSON.stringify(k)).join(', ');
  return `${where}unknown key${extra.length > 1 ? 's' : ''} ${what} (allowed: ${allowed.join(', ')})`;
}

/**
 * The [bracketed] groups of a text (their insides), or why it is not only such groups (commas and
 * spaces between them aside): cards outside the brackets, or a bracket left open, were dropped
 * silently before. `where` starts the error line; `example` shows the form, e.g. "[5H 6H 7H] [7C 7D 7S]".
 */
export function bracketGroups(text: string, where: string, what: string, example: string): string[] | string {
  const groups: string[] = [];
  const rest = text.replace(/\[([^[\]]*)\]/g, (_, g: string) => (groups.push(g), ' '));
  const stray = rest.replace(/[\s,]+/g, ' ').trim();
  if (!stray) return groups;
  const how = `write each ${what} in brackets, e.g. "${example}"`;
  return /[[\]]/.test(stray)
    ? `${where}: a bracket is not closed or not opened (${JSON.stringify(text)}); ${how}`
    : `${where}: ${JSON.stringify(stray)} is outside the brackets; ${how}`;
}
