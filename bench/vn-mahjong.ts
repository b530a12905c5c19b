/** vn-mahjong benchmarks: joker win-check throughput for 0–4 jokers and its slowest hands of 13–14 jokers, scoring wins of many jokers, and self-play hands/s. */
import { engine } from '../src/games/vn-mahjong/index.js';
import { selfplay, defaultOptions, Rng } from '../src/games/core/index.js';
import { fullSet, isWild, ORDINARY, type Tile } from '../src/games/vn-mahjong/tiles.js';
import { isWinningTiles } from '../src/games/vn-mahjong/wincheck.js';
import { score } from '../src/games/vn-mahjong/cli.js';

/**
 * Wins of 11–14 jokers (`joker-copies` ≥ 2), self-drawn and on a discarded joker or bonus tile, scored
 * on the table's thread: 1.3–6 s each before 2026-12-07, 11 jokers won on a discarded joker 10 s; then
 * up to ≈ 0.5–1.6 s won on a discarded joker (with an honour joker) until that day's later change,
 * then ≈ 150 ms (JW and JD with JA, JN) until the win check's change (the score asks it for the waits),
 * then ≈ 80 ms until the scorer's cheaper joker-only search steps (numeric keys, counts per set worked
 * out once; ≈ 60 ms at most on a busy machine, 2026-12-07).
 */
const MANY_JOKERS: Record<string, unknown>[] = [
  { concealed: 'JA JA JP JP JS JS JM JM JW JW JD JD JN JN', winningTile: 'JN', options: { 'joker-copies': 2 } },
  { concealed: 'JA JA JA JA JN JN JN JN JM JM JM JM JP JP', winningTile: 'JP', options: { 'joker-copies': 4 } },
  { concealed: 'JA JA JP JP JS JS JM JM JW JW JD JD JN 5m', winningTile: '5m', winBy: 'discard', options: { 'joker-copies': 2 } },
  {
    seatWind: 0,
    roundWind: 3,
    concealed: 'JM JA 1m JM JA JN 2m JN JM JN JN 3m JA JA',
    winningTile: 'JA',
    winBy: 'discard',
    options: { 'joker-copies': 4 },
  },
  { concealed: 'JA JA JA JA JN JN JN JN JM JM JM JM JP JP', winningTile: 'JP', winBy: 'discard', options: { 'joker-copies': 4 } },
  {
    concealed: 'JH JA JP JN JN JP JN JN JA JA JP JA JP JH',
    winningTile: 'JH',
    winBy: 'discard',
    options: { 'joker-copies': 4, 'honour-joker': 'replaces-JD', 'dai-hoa-mode': 'wild-flower' },
    flowers: ['2f', '6f'],
  },
  { concealed: 'JA JA JA JA JN JN JN JN JW JW JW JW JD JD', winningTile: 'JD', winBy: 'discard', options: { 'joker-copies': 4 } },
];

/**
 * Hands of 13–14 jokers the engine's win check was slowest on (each `isWinningTiles`, or the 34 of a
 * hand of 13 for the kinds it waits on, as the AI and `waits` ask): up to ≈ 0.1 s before 2026-12-07's
 * Hall's-theorem Thập Tam Yêu check and the standard check's jokers of one kind in rising groups.
 */
const SLOW_CHECKS = ['JA JA JA JA JP JS JS JS JS JM JH JH JH JH', 'JA JA JA JA JP JS JM JM JM JM JH JH JH JH'];
const SLOW_WAITS = [
  'JA JA JA JA JP JS JH JH JH JH JD JD JD',
  'JA JP JS JM JW JW JW JW JD JN JN JN JN',
  'JA JA JA JA JS JM JH JH JH JH JD JD JD',
];

/** Median ms of 5 runs of `f` after a warm-up. */
function medianMs(f: () => void): number {
  f();
  const ms: number[] = [];
  for (let k = 0; k < 5; k++) {
    const a = performance.now();
    f();
    ms.push(performance.now() - a);
  }
  return ms.sort((a, b) => a - b)[2]!;
}

/** Random 14-tile concealed hands with exactly `jokers` wild jokers (half of them made winning-shaped). */
function hands(jokers: number, n: number, seed: string): Tile[][] {
  const rng = new Rng(seed);
  const wild = fullSet(1, 'off').filter(isWild);
  const out: Tile[][] = [];
  for (let k = 0; k < n; k++) {
    const h: Tile[] = [];
    if (k % 2 === 0) {
      // a winning shape with some tiles replaced by jokers
      for (let m = 0; m < 4; m++) {
        const i = rng.int(34);
        if (i < 27 && i % 9 < 7 && rng.int(2) === 0) h.push(ORDINARY[i]!, ORDINARY[i + 1]!, ORDINARY[i + 2]!);
        else h.push(ORDINARY[i]!, ORDINARY[i]!, ORDINARY[i]!);
      }
      const p = ORDINARY[rng.int(34)]!;
      h.push(p, p);
      for (let j = 0; j < jokers; j++) h[rng.int(14)] = wild[rng.int(wild.length)]!;
    } else {
      for (let j = 0; j < 14 - jokers; j++) h.push(ORDINARY[rng.int(34)]!);
      for (let j = 0; j < jokers; j++) h.push(wild[rng.int(wild.length)]!);
    }
    out.push(h);
  }
  return out;
}

export function run(): { name: string; value: number; unit: string }[] {
  const out: { name: string; value: number; unit: string }[] = [];
  for (let j = 0; j <= 4; j++) {
    const hs = hands(j, 20000, `bench${j}`);
    // warm-up on other hands (JIT and the per-suit cache, as in a long-running bot process)
    for (const h of hands(j, 20000, `warm${j}`)) isWinningTiles(h, 0, { sevenPairs: true });
    const t = performance.now();
    let wins = 0;
    for (const h of hs) if (isWinningTiles(h, 0, { sevenPairs: true })) wins++;
    const dt = (performance.now() - t) / 1000;
    out.push({ name: `vn-mahjong win-check, ${j} joker(s)`, value: Math.round(hs.length / dt), unit: 'hands/s' });
    void wins;
  }
  const slowCheck = Math.max(
    ...SLOW_CHECKS.map((h) => medianMs(() => isWinningTiles(h.split(' '), 0, { sevenPairs: true }))),
    ...SLOW_WAITS.map((h) => medianMs(() => ORDINARY.forEach((t) => isWinningTiles([...h.split(' '), t], 0, { sevenPairs: true })))),
  );
  out.push({
    name: 'vn-mahjong win-check, slowest hand of 13–14 jokers (one check, or the 34 kinds a hand waits on)',
    value: Math.round(slowCheck * 10) / 10,
    unit: 'ms',
  });
  // the slowest of the hands, each the median of 5 after a warm-up
  const slowest = Math.max(...MANY_JOKERS.map((h) => medianMs(() => score(h))));
  out.push({ name: 'vn-mahjong score, slowest win of 11–14 jokers', value: Math.round(slowest * 10) / 10, unit: 'ms' });
  const t = performance.now();
  const r = selfplay(engine, defaultOptions(engine.options), 4, 'bench', 100);
  out.push({
    name: 'vn-mahjong selfplay (4 people)',
    value: Math.round((r.completed / ((performance.now() - t) / 1000)) * 10) / 10,
    unit: 'hands/s',
  });
  return out;
}
