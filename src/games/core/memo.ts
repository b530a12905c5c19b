/**
 * Memo tables of the engines' pure helpers (suit decompositions, win checks, pairings), bounded: a
 * process runs for months, and the patterns they are keyed by run to hundreds of thousands per table
 * (about 225 bytes each: ~100 MB per thread for each unbounded one, in the main thread and in every
 * AI worker). Full, a table starts again empty: its entries are recomputed as needed, the answers
 * are the same (the helpers are pure), and the working set of play (~30,000 patterns a table over
 * 26,000 self-play hands, measured 2026-12-05) fits well below the bound.
 */
export const MEMO_MAX = 50_000;

/** A Map that is emptied before it would hold more than `max` keys. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number = MEMO_MAX) {
    super();
  }

  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.clear();
    return super.set(key, value);
  }
}
