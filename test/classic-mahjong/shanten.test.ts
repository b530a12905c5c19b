/**
 * mahjong/decompose.ts `suitBlocks`: a suit's block counts (sets, partial sets, a pair) found by a
 * dynamic program over what each cut of its first tile leaves, the same as trying every cut (the
 * reference below, the code before 2026-12-07), in a few dozen steps: a one-suit hand's first AI
 * decision on an empty cache took 100–300 ms. The classical AIs, which read `standardShanten`,
 * decide as they did.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { suitBlocks, type SuitWork } from '../../src/games/mahjong/decompose.js';
import { engine } from '../../src/games/classic-mahjong/index.js';
import { Rng } from '../../src/games/core/rng.js';
import { opts, T } from './helpers.js';

/** Every cut of the suit tried (decompose.ts before 2026-12-07): the best partial sets per (sets, pair). */
function everyCut(counts: readonly number[], base: number): string[] {
  const v = counts.slice(base, base + 9);
  const best = new Map<string, number>();
  const rec = (i: number, m: number, t: number, p: number): void => {
    while (i < 9 && v[i] === 0) i++;
    if (i === 9) {
      const k = `${m},${p}`;
      if ((best.get(k) ?? -1) < t) best.set(k, t);
      return;
    }
    const cut = (d: [number, number][], dm: number, dt: number, dp: number) => {
      for (const [k, n] of d) v[k]! -= n;
      rec(i, m + dm, t + dt, p + dp);
      for (const [k, n] of d) v[k]! += n;
    };
    if (v[i]! >= 3) cut([[i, 3]], 1, 0, 0);
    if (i <= 6 && v[i + 1]! > 0 && v[i + 2]! > 0)
      cut(
        [
          [i, 1],
          [i + 1, 1],
          [i + 2, 1],
        ],
        1,
        0,
        0,
      );
    if (v[i]! >= 2) {
      if (!p) cut([[i, 2]], 0, 0, 1);
      cut([[i, 2]], 0, 1, 0);
    }
    if (i <= 7 && v[i + 1]! > 0)
      cut(
        [
          [i, 1],
          [i + 1, 1],
        ],
        0,
        1,
        0,
      );
    if (i <= 6 && v[i + 2]! > 0)
      cut(
        [
          [i, 1],
          [i + 2, 1],
        ],
        0,
        1,
        0,
      );
    const n = v[i]!;
    v[i] = 0;
    rec(i + 1, m, t, p);
    v[i] = n;
  };
  rec(0, 0, 0, 0);
  return [...best].map(([k, t]) => `${k},${t}`).sort();
}

const blocks = (c: number[], base: number, work?: SuitWork) =>
  suitBlocks(c, base, work)
    .map(([m, t, p]) => `${m},${p},${t}`)
    .sort();

/** Random count vectors of 1–17 tiles, about half of them one suit or honours only. */
function randomCounts(rng: Rng): number[] {
  const c = new Array<number>(34).fill(0);
  const size = 1 + rng.int(17);
  const group = rng.int(2) ? rng.int(4) : -1;
  for (let placed = 0; placed < size;) {
    const k = group < 0 ? rng.int(34) : group === 3 ? 27 + rng.int(7) : group * 9 + rng.int(9);
    if (c[k]! < 4) {
      c[k]!++;
      placed++;
    }
  }
  return c;
}

test("each suit's blocks are those every cut gives, on every vector tried", () => {
  const rng = new Rng('classic-shanten');
  for (let i = 0; i < 6000; i++) {
    const c = randomCounts(rng);
    for (const base of [0, 9, 18]) assert.deepEqual(blocks(c, base), everyCut(c, base), c.join(''));
  }
});

test('one suit of 13–14 tiles takes under a hundred suit patterns, not an exhaustive search of tens of thousands of cuts', () => {
  // trying every cut visits 57,627 cuts for 11223344556678m and 50,722 for
  // 23344455566789m; the most patterns over all 212,400 one-suit vectors of 13–14 tiles is 89
  // (56666777788899m).
  const rng = new Rng('classic-shanten-suits');
  const hands = ['1m1m2m2m3m3m4m4m5m5m6m6m7m8m', '2m3m3m4m4m4m5m5m5m6m6m7m8m9m', '5m6m6m6m6m7m7m7m7m8m8m8m9m9m'];
  for (let i = 0; i < 200; i++) {
    const c = new Array<number>(9).fill(0);
    const tiles: string[] = [];
    while (tiles.length < 13 + (i % 2)) {
      const v = rng.int(9);
      if (c[v]! < 4) {
        c[v]!++;
        tiles.push(`${v + 1}m`);
      }
    }
    hands.push(tiles.join(''));
  }
  for (const h of hands) {
    const c = new Array<number>(34).fill(0);
    for (const t of T(h)) c[Number(t[0]) - 1]!++;
    const work: SuitWork = { states: 0 };
    assert.deepEqual(blocks(c, 0, work), everyCut(c, 0), h);
    assert.ok(work.states <= 100, `${h}: ${work.states} suit patterns`);
  }
});

/** Seat 0 to discard a one-suit hand (its 14th tile drawn), the others holding other suits. */
function oneSuitTurn(hand: string, preset?: string) {
  const others = ['1p1p2p2p3p3p4p4p5p5p6p6p7p', '1s1s2s2s3s3s4s4s5s5s6s6s7s', '1z1z1z2z2z2z3z3z3z4z4z4z5z'];
  const tiles = T(hand);
  const r = engine.fromScenario!(opts({}, preset), 4, {
    position: { players: [{ concealed: tiles }, ...others.map((o) => ({ concealed: T(o) }))], turn: 0, drawn: tiles[13], discardCount: 8 },
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

test('one-suit hands: easy, normal and strong discard as they did when every cut was tried', () => {
  // recorded with every cut tried (before 2026-12-07): easy, normal, strong
  const cases: [string, string, string, string][] = [
    ['1m1m2m2m3m3m4m4m5m5m6m6m7m8m', '4m', '8m', '8m'],
    ['2m3m3m4m4m4m5m5m5m6m6m7m8m9m', '6m', '3m', '3m'],
    ['2m2m3m3m4m4m5m5m6m6m7m7m8m9m', '6m', '9m', '2m'],
    ['1m2m2m3m3m4m5m5m6m6m7m8m9m9m', '6m', '8m', '8m'],
    ['1m1m2m3m4m4m5m6m6m7m8m8m9m9m', '8m', '8m', '8m'],
    ['2m2m2m3m4m4m5m5m6m7m7m8m8m9m', '5m', '5m', '5m'],
    ['1m2m3m3m4m4m5m5m6m6m6m7m7m9m', '7m', '9m', '1m'],
    ['1m1m3m3m4m5m5m6m7m7m8m9m9m9m', '7m', '3m', '3m'],
    ['2m3m4m4m5m5m6m6m7m7m8m8m9m9m', '2m', '2m', '2m'],
    ['1m2m2m2m3m4m5m6m6m7m7m7m8m9m', '6m', '1m', '1m'],
  ];
  for (const preset of [undefined, 'millington'])
    for (const [hand, ...want] of cases) {
      const s = oneSuitTurn(hand, preset);
      const got = (['easy', 'normal', 'strong'] as const).map((lv) => {
        const a = engine.ai!(s, 0, lv);
        return a.type === 'discard' ? a.tile : a.type;
      });
      assert.deepEqual(got, want, `${preset ?? 'dmjl'} ${hand}`);
    }
});
