/**
 * Deep "subset" matching used by scenario expectations: every key in `expected` must be present
 * in `actual` with a matching value; arrays must have the same length and match element-wise.
 * Returns a list of mismatch descriptions (empty = match).
 *
 * Matchers (an object whose only key is one of these, docs/scenarios.md):
 * - `{ "$contains": [a, b] }`: the actual array has, for each item, a distinct element matching it;
 * - `{ "$unordered": [a, b] }`: the same, and no other elements (an array compared as a multiset);
 * - `{ "$at": { "2": x } }`: element 2 of the actual array (e.g. one seat's entry of a per-seat
 *   array) matches x; other elements are not checked.
 */
export function subsetMismatches(expected: unknown, actual: unknown, path = '$'): string[] {
  const matcher = matcherOf(expected);
  if (matcher) return matchWith(matcher, actual, path);
  if (expected === null || typeof expected !== 'object') {
    return Object.is(expected, actual) || (typeof expected === 'number' && typeof actual === 'number' && Math.abs(expected - actual) < 1e-9)
      ? []
      : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (expected.length !== actual.length)
      return [`${path}: expected ${expected.length} items, got ${actual.length}: ${JSON.stringify(actual)}`];
    return expected.flatMap((e, i) => subsetMismatches(e, actual[i], `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual))
    return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
  const out: string[] = [];
  for (const [k, v] of Object.entries(expected)) {
    out.push(...subsetMismatches(v, (actual as Record<string, unknown>)[k], `${path}.${k}`));
  }
  return out;
}

type Matcher = { $contains: unknown[] } | { $unordered: unknown[] } | { $at: Record<string, unknown> };

function matcherOf(x: unknown): Matcher | null {
  if (x === null || typeof x !== 'object' || Array.isArray(x)) return null;
  const keys = Object.keys(x);
  if (keys.length !== 1) return null;
  const k = keys[0]!;
  const v = (x as Record<string, unknown>)[k];
  if ((k === '$contains' || k === '$unordered') && Array.isArray(v)) return x as Matcher;
  if (k === '$at' && v !== null && typeof v === 'object' && !Array.isArray(v)) return x as Matcher;
  return null;
}

/** Assigns each wanted item a distinct matching element (greedy over the first fit: items are small). */
function unmatchedItems(want: unknown[], have: unknown[], path: string): unknown[] {
  const used = new Set<number>();
  const missing: unknown[] = [];
  for (const w of want) {
    const i = have.findIndex((h, j) => !used.has(j) && subsetMismatches(w, h, path).length === 0);
    if (i < 0) missing.push(w);
    else used.add(i);
  }
  return missing;
}

function matchWith(m: Matcher, actual: unknown, path: string): string[] {
  if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
  if ('$at' in m) {
    return Object.entries(m.$at).flatMap(([k, v]) => {
      const i = Number(k);
      if (!Number.isInteger(i) || i < 0 || i >= actual.length) return [`${path}[${k}]: no such element in ${JSON.stringify(actual)}`];
      return subsetMismatches(v, actual[i], `${path}[${i}]`);
    });
  }
  const want = '$contains' in m ? m.$contains : m.$unordered;
  const out = unmatchedItems(want, actual, path).map(
    (w) => `${path}: no element matches ${JSON.stringify(w)} in ${JSON.stringify(actual)}`,
  );
  if ('$unordered' in m && want.length !== actual.length)
    out.push(`${path}: expected ${want.length} items in any order, got ${actual.length}: ${JSON.stringify(actual)}`);
  return out;
}

/** Canonical JSON (sorted keys) for comparing actions as values. */
export function canonical(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const keys = Object.keys(v as object).sort();
  return `{${keys
    .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

/**
 * `canonical(a) === canonical(b)`, without building the strings: plain JSON-like values compared
 * key by key in any order, a key whose value is undefined counting as absent (as in `canonical`).
 * The table layer asks it of two public views at every step (act.ts `publicChanged`).
 */
export function sameCanonical(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return JSON.stringify(a) === JSON.stringify(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameCanonical(a[i], b[i])) return false;
    return true;
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let n = 0;
  for (const k of Object.keys(x)) {
    if (x[k] === undefined) continue;
    n++;
    if (!Object.prototype.hasOwnProperty.call(y, k) || !sameCanonical(x[k], y[k])) return false;
  }
  for (const k of Object.keys(y)) if (y[k] !== undefined) n--;
  return n === 0;
}

/** Deep freeze (tests use it to prove that apply never mutates its input). */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}
