/**
 * AI levels (issue #16): `normal` (below, the reference), `easy` (normal with human mistakes) and
 * `strong` (ai-strong.ts, from the seat's knowledge only; built by index.ts).
 *
 * `normal`, a deterministic AI (issue 6): wins whenever it can, keeps its wild jokers (each one is a
 * tile it never has to wait for; at the deal it lays down only Tổng and Hợp, for the start combo),
 * declares kongs and bounces, claims only when that brings it closer to a win, and discards to
 * minimise a joker-aware shanten (wild jokers count as one step each).
 */
import { Rng, hash32 } from '../core/rng.js';
import { inVisibleSet } from '../mahjong/decompose.js';
import type { VnAction } from './actions.js';
import { pendingBySeat } from './rules.js';
import type { State } from './state.js';
import type { VnOptions } from './options.js';
import {
  countOf,
  countVector,
  inDomain,
  isJoker,
  isWild,
  jokerValue,
  removeAll,
  SPECIFICITY,
  tileIndex,
  type JokerKind,
  type Tile,
} from './tiles.js';
import { BoundedMap } from '../core/memo.js';

type Tuple = [number, number, number]; // melds, partial sets, pair
const cache = new BoundedMap<number, Tuple[]>();

function prune(ts: Tuple[]): Tuple[] {
  const out: Tuple[] = [];
  for (const t of ts) {
    if (t[0] + t[1] > 4) t[1] = 4 - t[0];
    if (out.some((o) => o[0] >= t[0] && o[0] * 2 + o[1] >= t[0] * 2 + t[1] && o[2] >= t[2])) continue;
    for (let k = out.length - 1; k >= 0; k--) {
      const o = out[k]!;
      if (t[0] >= o[0] && t[0] * 2 + t[1] >= o[0] * 2 + o[1] && t[2] >= o[2]) out.splice(k, 1);
    }
    out.push(t);
  }
  return out;
}

function suitTuples(c: number[], honour: boolean): Tuple[] {
  // The honour flag goes last: as a leading digit, honours [a..g] collided with suit counts
  // [0, 1, a..g] (a 2-3-4 chow's key then answered for two lone winds).
  let key = 0;
  for (const x of c) key = key * 5 + x;
  key = key * 2 + (honour ? 1 : 0);
  const hit = cache.get(key);
  if (hit) return hit;
  const res: Tuple[] = [];
  const rec = (m: number, t: number, p: number) => {
    let i = 0;
    while (i < c.length && c[i] === 0) i++;
    if (i === c.length) {
      res.push([m, t, p]);
      return;
    }
    if (c[i]! >= 3) {
      c[i]! -= 3;
      rec(m + 1, t, p);
      c[i]! += 3;
    }
    if (!honour && i + 2 < c.length && c[i + 1]! > 0 && c[i + 2]! > 0) {
      c[i]!--;
      c[i + 1]!--;
      c[i + 2]!--;
      rec(m + 1, t, p);
      c[i]!++;
      c[i + 1]!++;
      c[i + 2]!++;
    }
    if (c[i]! >= 2) {
      c[i]! -= 2;
      if (p === 0) rec(m, t, 1);
      rec(m, t + 1, p);
      c[i]! += 2;
    }
    if (!honour) {
      for (const d of [1, 2]) {
        if (i + d < c.length && c[i + d]! > 0) {
          c[i]!--;
          c[i + d]!--;
          rec(m, t + 1, p);
          c[i]!++;
          c[i + d]!++;
        }
      }
    }
    c[i]!--;
    rec(m, t, p);
    c[i]!++;
  };
  rec(0, 0, 0);
  const out = prune(res);
  cache.set(key, out);
  return out;
}

/** Empties the suit cache (tests: a result must not depend on what was computed before). */
export function clearShantenCache(): void {
  cache.clear();
}

/** Joker-aware shanten: −1 = complete. */
export function shanten(hand: readonly Tile[], meldCount: number): number {
  const c = countVector(hand);
  const jokers = hand.filter(isWild).length;
  let acc: Tuple[] = [[0, 0, 0]];
  const groups: [number[], boolean][] = [
    [c.slice(0, 9), false],
    [c.slice(9, 18), false],
    [c.slice(18, 27), false],
    [c.slice(27, 34), true],
  ];
  for (const [g, h] of groups) {
    const ts = suitTuples(g, h);
    const merged: Tuple[] = [];
    for (const a of acc) for (const b of ts) if (a[2] + b[2] <= 1) merged.push([a[0] + b[0], a[1] + b[1], a[2] + b[2]]);
    acc = prune(merged);
  }
  const need = 4 - meldCount;
  let best = 99;
  for (const [m0, t0, p] of acc) {
    const m = Math.min(m0, need);
    const t = Math.min(t0, need - m);
    best = Math.min(best, 2 * (need - m) - t - p);
  }
  return Math.max(-1, best - jokers);
}

/** How well a tile connects with the rest of the hand (copies, neighbours); lower = discard first. */
export function usefulness(hand: readonly Tile[], t: Tile): number {
  const i = tileIndex(t);
  if (i < 0) return isJoker(t) ? 100 : -1;
  const c = countVector(hand);
  let v = (c[i]! - 1) * 3;
  if (i < 27) {
    const pos = i % 9;
    for (const d of [-2, -1, 1, 2]) if (pos + d >= 0 && pos + d <= 8) v += c[i + d]! * (Math.abs(d) === 1 ? 2 : 1);
    if (pos === 0 || pos === 8) v -= 1;
  }
  return v;
}

/**
 * `easy`: still wins when it can, but makes a beginner's mistakes: it claims every pung and chow it
 * is offered (with natural tiles when it can, and never one with more jokers than natural tiles:
 * even a beginner keeps a joker), never declares a kong (but lays a joker down where `normal` does
 * rather than put it in one), and half of its discards are a random tile (never one of a made set,
 * never a joker: throwing the most valuable tile, which pays for everyone if won on (§11.5), is no
 * human mistake); all seeded by the decision, so it stays deterministic.
 */
export function easyAi(s: State, seat: number): VnAction {
  const d = pendingBySeat(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`seat ${seat} has no pending decision`);
  const opts = d.options;
  const win = opts.find((a) => a.type === 'win');
  if (win) return win;
  const rng = new Rng(`easy:${seat}:${s.step}:${hash32(JSON.stringify(s.players[seat]!.hand))}`);
  if (d.kind === 'claim') {
    // never a call made of more jokers than natural tiles (two jokers under `max-jokers-per-call = 2`)
    const calls = opts.filter((a) => (a.type === 'pung' || a.type === 'chow') && jokersIn(a) * 2 <= a.tiles.length);
    const natural = calls.reduce<VnAction | undefined>((b, a) => (b && jokersIn(b) <= jokersIn(a) ? b : a), undefined);
    return natural ?? opts.find((a) => a.type === 'pass') ?? opts[0]!;
  }
  const normal = ai(s, seat);
  const c = countVector(s.players[seat]!.hand);
  const loose = opts.filter(
    (a): a is { type: 'discard'; tile: Tile } => a.type === 'discard' && !isJoker(a.tile) && !inVisibleSet(c, tileIndex(a.tile)),
  );
  // It does not see the kong: it discards as if it had none, a careless loose tile (it took the
  // first in sort order, whatever the hand: a pair's tile beside a lone honour).
  if (normal.type === 'am-coong' || normal.type === 'hoi-coong')
    return loose.length ? loose[rng.int(loose.length)]! : (firstDiscard(opts) ?? normal);
  if (normal.type !== 'discard') return normal;
  if (rng.int(2) !== 0) return normal;
  // A careless discard, but never a tile of a set a beginner sees (three of a kind, a run): breaking
  // a made set is no human mistake.
  const discards = loose;
  return discards.length ? discards[rng.int(discards.length)]! : normal;
}
const firstDiscard = (opts: VnAction[]) => opts.find((a) => a.type === 'discard');
/** Jokers a call spends from the hand (0 for any other action). */
const jokersIn = (a: VnAction): number => (a.type === 'pung' || a.type === 'chow' ? a.tiles.filter(isJoker).length : 0);

/** `normal`: the reference AI. */
export function ai(s: State, seat: number): VnAction {
  const d = pendingBySeat(s).find((x) => x.seat === seat);
  if (!d) throw new Error(`seat ${seat} has no pending decision`);
  const opts = d.options;
  const win = opts.find((a) => a.type === 'win');
  if (win) return win;
  const p = s.players[seat]!;
  if (d.kind === 'initial') return initialChoice(s, opts);
  if (d.kind === 'claim') {
    const pass = opts.find((a) => a.type === 'pass') ?? opts[0]!;
    if (s.phase !== 'claim') return pass;
    const now = shanten(p.hand, p.melds.length);
    let best: VnAction = pass;
    let bestSh = now;
    for (const a of opts) {
      let rest: Tile[] | null = null;
      if (a.type === 'pung' || a.type === 'chow') rest = removeAll(p.hand, a.tiles);
      else if (a.type === 'kong') rest = removeAll(p.hand, [s.claim!.tile, s.claim!.tile, s.claim!.tile]);
      if (!rest) continue;
      let sh = 99;
      if (a.type === 'kong') sh = shanten(rest, p.melds.length + 1);
      else for (const t of new Set(rest)) if (!isJoker(t)) sh = Math.min(sh, shanten(removeAll(rest, [t])!, p.melds.length + 1));
      // Equally close to ready: the call spending fewer jokers (a natural chow before a joker one).
      if (sh < bestSh || (sh === bestSh && best !== pass && jokersIn(a) < jokersIn(best))) {
        best = a;
        bestSh = sh;
      }
    }
    return best;
  }
  const first = kongOrFlower(opts, p.hand, seat, s.opts);
  if (first) return first;
  const discards = opts.filter((a): a is { type: 'discard'; tile: Tile } => a.type === 'discard');
  if (discards.length === 0) return opts[0]!;
  let best = discards[0]!;
  let bestKey = Infinity;
  for (const a of discards) {
    const rest = removeAll(p.hand, [a.tile])!;
    const key = shanten(rest, p.melds.length) * 1000 + usefulness(p.hand, a.tile) * 10 + (isJoker(a.tile) ? 500 : 0);
    if (key < bestKey) {
      bestKey = key;
      best = a;
    }
  }
  return best;
}

/**
 * `normal`'s (and `easy`'s) initial-phase choice (§4.3): it keeps its jokers (the reference AI's
 * habit, issue #16), except Tổng (JA) and Hợp (JN) when `tong-hop-start-combo` is on (§9 "Optional
 * items", preset B): both exposed in this phase pay 9 phán (12 if the same frame) on top of their own,
 * so it lays down every Tổng and Hợp offered (one may come now, its partner with a later replacement).
 * Never the dealer's lone bonus tile kept. `strong` lays down every joker that pays (ai-strong.ts).
 */
function initialChoice(s: State, opts: readonly VnAction[]): VnAction {
  const combo = s.opts['tong-hop-start-combo'];
  let best: VnAction | undefined;
  let most = -1;
  for (const a of opts) {
    if (a.type !== 'initial-expose' || a.keepFlower) continue;
    if (!a.jokers.every((j) => combo && (j === 'JA' || j === 'JN'))) continue;
    if (a.jokers.length > most) {
      best = a;
      most = a.jokers.length;
    }
  }
  return best ?? opts[0]!;
}

/**
 * The turn actions both AI levels take before anything else: a bounce or a Hối Coong (a bounce frees
 * a joker worth phán), an Âm Coong, else exposing a flower or Đại Hoa that is not wild (it only gains).
 *
 * An Âm Coong that needs a joker (`jokers-in-kong`, §7) is skipped for laying that joker down when
 * it is worth `exposeMin`+ phán: the kong scores `coong` 1 phán (§9) and the joker inside nothing,
 * the exposed joker scores `khung` (§2: 1–3 phán), brings the same replacement tile and keeps the
 * concealed pung (a natural 4th still makes the kong). Where a joker does go into a kong, it is the
 * one worth least: the narrowest domain (§2.2), then the fewest phán exposed, never Tổng first.
 */
export function kongOrFlower(
  opts: readonly VnAction[],
  hand: readonly Tile[],
  seat: number,
  o: VnOptions,
  exposeMin = 1,
): VnAction | undefined {
  for (const type of ['bounce', 'hoi-coong'] as const) {
    const a = opts.find((x) => x.type === type);
    if (a) return a;
  }
  let layDown: VnAction | undefined;
  let kong: VnAction | undefined;
  let kongCost = Infinity;
  for (const a of opts) {
    if (a.type !== 'am-coong') continue;
    if (countOf(hand, a.tile) >= 4) return a;
    // the joker the kong takes: the one it names, else the first that may (turn.ts `withJokerChoice`)
    const j = (a.joker ?? hand.find((t) => isWild(t) && inDomain(t, tileIndex(a.tile)))) as JokerKind | undefined;
    if (!j) continue;
    const value = jokerValue(j, seat, false, o);
    const expose = opts.find((x) => x.type === 'expose' && x.tile === j);
    if (expose && value >= exposeMin) {
      layDown ??= expose;
      continue;
    }
    const cost = SPECIFICITY[j] * 10 + value;
    if (cost < kongCost) {
      kong = a;
      kongCost = cost;
    }
  }
  return layDown ?? kong ?? opts.find((a) => a.type === 'expose' && !isWild(a.tile));
}
