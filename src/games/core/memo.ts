/**
 * Memo tables of the engines' pure helpers (suit decompositions, win checks, pairings), bounded: a
 * process runs for months, and the patterns they are keyed by run to hundreds of thousands per table
 * (about 225 bytes each: ~100 MB per thread for each unbounded one, in the main thread and in every
 * AI worker). The answers never change (the helpers are pure), so dropping entries costs only their
 * recomputation.
 *
 * Two generations: when the current one holds `max` keys it becomes the old one (the previous old
 * one is dropped) and a new current one starts; a key found in the old one moves to the current one.
 * The patterns play keeps meeting stay, the rest go, and at most 2 × `max` are held. (Measured
 * 2026-12-05, Vietnamese mahjong's win check met 56,000 patterns in 2,000 self-play hands and 97,000
 * in 8,000; the others stay under 40,000 in 800 hands.)
 */
export const MEMO_MAX = 50_000;

export class BoundedMap<K, V> {
  private current = new Map<K, V>();
  private old = new Map<K, V>();

  constructor(private readonly max: number = MEMO_MAX) {}

  get(key: K): V | undefined {
    const hit = this.current.get(key);
    if (hit !== undefined || this.old.size === 0) return hit;
    const was = this.old.get(key);
    if (was !== undefined) this.set(key, was);
    return was;
  }

  set(key: K, value: V): this {
    if (this.current.size >= this.max && !this.current.has(key)) {
      this.old = this.current;
      this.current = new Map();
    }
    this.current.set(key, value);
    return this;
  }

  clear(): void {
    this.current.clear();
    this.old.clear();
  }

  /** Keys held, in both generations (a key moved up may be counted twice). */
  get size(): number {
    return this.current.size + this.old.size;
  }
}
