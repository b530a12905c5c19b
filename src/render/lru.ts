/**
 * Bytes of native bitmaps dropped from the caches since the last `takeDropped()`. The worker uses
 * it to decide when a full GC is worth running (see worker.ts): V8 only sees node-canvas surfaces
 * as "external memory" and lets tens of MB of dropped ones pile up before it collects them.
 */
let dropped = 0;
export function takeDropped(): number {
  const d = dropped;
  dropped = 0;
  return d;
}

/** A small LRU map bounded by an approximate byte budget (bitmaps are 4 bytes per pixel). */
export class ByteLru<V> {
  private map = new Map<string, { v: V; bytes: number }>();
  private total = 0;
  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (!e) return undefined;
    this.map.delete(key);
    this.map.set(key, e);
    return e.v;
  }

  set(key: string, v: V, bytes: number): void {
    const old = this.map.get(key);
    if (old) {
      this.total -= old.bytes;
      dropped += old.bytes;
      this.map.delete(key);
    }
    this.map.set(key, { v, bytes });
    this.total += bytes;
    while (this.total > this.budget && this.map.size > 1) {
      const [k, e] = this.map.entries().next().value as [string, { v: V; bytes: number }];
      this.map.delete(k);
      this.total -= e.bytes;
      dropped += e.bytes;
    }
  }

  get size(): number {
    return this.map.size;
  }

  get bytes(): number {
    return this.total;
  }
}

export const MB = 1024 * 1024;
