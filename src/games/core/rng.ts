/**
 * Seeded randomness for engines (style.md §2 "Randomness is a value").
 *
 * A string seed is hashed with cyrb128 (a public-domain 128-bit string hash) into the state of
 * pure-rand's xoroshiro128+ generator. Engines only draw randomness at setup (shuffles), so no
 * generator state lives in game state; per-hand seeds are derived with `handSeed`.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

function cyrb128(str: string): [number, number, number, number] {
  let h1 = 1779033703,
    h2 = 3144134277,
    h3 = 1013904242,
    h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  return [(h1 ^ h2 ^ h3 ^ h4) >>> 0, (h2 ^ h1) >>> 0, (h3 ^ h1) >>> 0, (h4 ^ h1) >>> 0];
}

/** A small mutable RNG wrapper, created locally inside a pure function and never stored. */
export class Rng {
  private gen: RandomGenerator;
  constructor(seed: string) {
    const [a, b] = cyrb128(seed);
    this.gen = xoroshiro128plus(a ^ b);
  }
  /** Uniform integer in [0, n). */
  int(n: number): number {
    if (n <= 0) throw new RangeError('Rng.int needs n > 0');
    return uniformInt(this.gen, 0, n - 1);
  }
  /** A new shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = out[i]!;
      out[i] = out[j]!;
      out[j] = t;
    }
    return out;
  }
  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('Rng.pick on an empty list');
    return items[this.int(items.length)]!;
  }
}

/** The seed of hand `index` (0-based) of a match with seed `seed`. */
export function handSeed(seed: string, index: number): string {
  return `${seed}#${index}`;
}

/** A stable 32-bit hash of a string (for deterministic tie-breaks in AIs). */
export function hash32(str: string): number {
  return cyrb128(str)[0];
}
