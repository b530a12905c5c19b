import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Rng } from '../../src/games/core/rng.js';
import { isThirteenOrphans, ORPHANS } from '../../src/games/vn-mahjong/wincheck.js';
import { inDomain, jokerKinds, type JokerKind } from '../../src/games/vn-mahjong/tiles.js';

/**
 * Reference (§8 Thập Tam Yêu, §2 joker domains): some orphan is the duplicate, the naturals are part of
 * the 14 tiles so made, and the jokers stand for the rest one to one, each tried for each slot (a
 * failed slot with the same jokers left is remembered, so the search ends on hands of 14 jokers).
 */
function bruteOrphans(c: readonly number[], jokers: readonly JokerKind[]): boolean {
  for (const dup of ORPHANS) {
    const want = new Array<number>(34).fill(0);
    for (const t of ORPHANS) want[t] = t === dup ? 2 : 1;
    if (c.some((x, t) => x > want[t]!)) continue;
    const slots = want.flatMap((w, t) => Array<number>(w - c[t]!).fill(t));
    if (slots.length !== jokers.length) continue;
    const kinds = [...new Set(jokers)];
    const left = kinds.map((k) => jokers.filter((j) => j === k).length);
    const failed = new Set<string>();
    const rec = (k: number): boolean => {
      if (k === slots.length) return true;
      const key = `${k}:${left.join(',')}`;
      if (failed.has(key)) return false;
      for (let q = 0; q < kinds.length; q++) {
        if (left[q] === 0 || !inDomain(kinds[q]!, slots[k]!)) continue;
        left[q]!--;
        const ok = rec(k + 1);
        left[q]!++;
        if (ok) return true;
      }
      failed.add(key);
      return false;
    };
    if (rec(0)) return true;
  }
  return false;
}

/** A random hand of 0–14 jokers of an option set's kinds (JF too, which is never wild), the rest mostly orphans. */
function randomHand(rng: Rng): { c: number[]; jokers: JokerKind[] } {
  const copies = 1 + rng.int(4);
  const pool = jokerKinds(rng.pick(['off', 'replaces-JW', 'replaces-JD'])).flatMap((k) => Array<JokerKind>(copies).fill(k));
  const jokers = rng.shuffle(pool.filter((k) => k !== 'JF' || rng.int(20) === 0)).slice(0, rng.int(15));
  const naturals = rng.shuffle(ORPHANS).slice(0, Math.max(0, 14 - jokers.length));
  const r = rng.int(20);
  if (naturals.length > 1 && r < 6)
    naturals[0] = naturals[1]!; // a natural pair
  else if (naturals.length > 2 && r < 7)
    naturals[0] = naturals[2] = naturals[1]!; // three alike
  else if (naturals.length > 0 && r < 8)
    naturals[0] = rng.int(34); // perhaps no orphan
  else if (naturals.length > 0 && r < 9) naturals.pop(); // 13 tiles
  const c = new Array<number>(34).fill(0);
  for (const t of naturals) c[t]!++;
  return { c, jokers };
}

test('Thập Tam Yêu with jokers (§8): the win check agrees with trying every joker for every missing orphan', () => {
  const rng = new Rng('orphans-jokers');
  let wins = 0;
  for (let k = 0; k < 2500; k++) {
    const { c, jokers } = randomHand(rng);
    const want = bruteOrphans(c, jokers);
    assert.equal(isThirteenOrphans(c, jokers), want, `${c.join('')} ${jokers.join(' ')}`);
    if (want) wins++;
  }
  assert.ok(wins > 500, `${wins} winning hands among the random ones`);
});

/** `jokers` as an array counting the reads of its tiles, and of those of the arrays mapped or filtered from it. */
function counted(jokers: readonly JokerKind[]): { jokers: JokerKind[]; reads: () => number } {
  let reads = 0;
  // Array.from and map make their arrays with `new Counted(length)`
  class Counted extends Array<JokerKind> {
    constructor(length = 0) {
      super(length);
      return new Proxy(this, {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
    }
  }
  return { jokers: Counted.from(jokers), reads: () => reads };
}

test('Thập Tam Yêu of 11–14 jokers is asked in reads of the jokers bounded by their number, not a search of each joker for each missing kind', () => {
  const h = (s: string) => s.split(' ') as JokerKind[];
  const c0 = new Array<number>(34).fill(0);
  const cases: [number[], JokerKind[]][] = [
    // no win: 4 JA cannot cover a terminal of m, one of p and three honours beside the JH (up to 0.1 s each)
    [c0, h('JA JA JA JA JP JS JS JS JS JM JH JH JH JH')],
    [c0, h('JA JA JA JA JP JP JP JP JS JM JH JH JH JH')],
    [c0, h('JA JA JA JA JP JS JM JM JM JM JH JH JH JH')],
    [c0.map((_, t) => (t === 8 ? 1 : 0)), h('JA JA JA JA JP JS JS JS JS JH JH JH JH')],
    [c0.map((_, t) => (t === 32 ? 1 : 0)), h('JA JP JP JS JS JW JW JW JW JN JN JN JN')],
    // wins
    [c0, h('JA JA JA JA JM JP JS JS JS JH JH JH JH JN')],
    [c0.map((_, t) => (t === 0 || t === 8 ? 1 : 0)), h('JA JA JA JP JS JH JH JH JH JN JN JN')],
  ];
  for (const [c, list] of cases) {
    const { jokers, reads } = counted(list);
    const won = isThirteenOrphans(c, jokers);
    assert.equal(won, bruteOrphans(c, list), list.join(' '));
    assert.ok(reads() <= 40 * list.length, `${list.join(' ')}: ${reads()} reads of a joker`);
  }
});
