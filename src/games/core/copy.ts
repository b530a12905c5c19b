/**
 * One state-copy approach for every engine (issue #12 "one engine dialect").
 *
 * Engine states are plain JSON data (style.md §2), so a transition starts from `copyState(s)` and
 * then mutates its private copy freely; the input is never touched (a rejection changes nothing).
 * This recursive copy of plain data is several times faster than `structuredClone` on the small,
 * nested objects our states are made of, and it needs no per-engine list of fields to keep in sync.
 */

/** A deep copy of plain JSON-like data (objects, arrays, primitives; no Map/Set/Date/class instances). */
export function copyState<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyState(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (Object.prototype.hasOwnProperty.call(value, k)) out[k] = copyState((value as Record<string, unknown>)[k]);
  }
  return out as T;
}
