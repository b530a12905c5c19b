/**
 * Deep "subset" matching used by scenario expectations: every key in `expected` must be present
 * in `actual` with a matching value; arrays must have the same length and match element-wise.
 * Returns a list of mismatch descriptions (empty = match).
 */
export function subsetMismatches(expected: unknown, actual: unknown, path = '$'): string[] {
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

/** Deep freeze (tests use it to prove that apply never mutates its input). */
export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const x of Object.values(v as object)) deepFreeze(x);
  }
  return v;
}
