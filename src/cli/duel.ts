/**
 * Duplicate duels between AI levels (issue #16): every deal is played once per seating rotation,
 * with level A in one seat and level B in all the others, so the luck of the deal cancels out.
 *
 * Results are in the game's own unit per hand: each seat's net as the table's results count it (the
 * engine's `HandResult.deltas` plus, in Phỏm with a gà pot, the seat's flow into or out of the pot;
 * `netPoints`, src/store/results.ts). Each deal is played afresh, so a pot starts empty and money paid
 * in that no one wins in the same hand counts as lost. `perHand.a` is the mean result of the A seat,
 * `perHand.b` the mean result of one B seat, `diff = a − b`, and `ci95` is the 95 % interval of
 * `diff` over the n deals by Student's t with n − 1 degrees of freedom (each deal's diff averages its
 * rotations, so deals are independent samples). Decision times are measured here, outside the pure
 * engines.
 */
import { performance } from 'node:perf_hooks';
import { Piscina } from 'piscina';
import { workerThread } from '../ops/worker-args.js';
import { handSeed } from '../games/core/rng.js';
import { ENGINES } from '../table/manifests.js';
import { resolveOptions } from '../games/core/options.js';
import { netPoints } from '../store/results.js';
import { tQuantile } from './stats.js';
import type { AiLevel } from '../games/core/ai.js';
import type { AnyEngine, GameId, HandResult } from '../games/core/types.js';

const MAX_STEPS_PER_HAND = 5000;

export interface DuelSpec {
  game: GameId;
  players: number;
  /** Deals; each is played `players` times (one rotation each). */
  hands: number;
  seed: string;
  a: AiLevel;
  b: AiLevel;
  preset?: string;
  /** The first deal index (workers split the range). */
  from?: number;
}

/** Raw tallies; `merge` adds two, `summarize` turns them into the report. */
export interface DuelTally {
  /** Deals counted: every rotation played (a deal with a failed rotation is left out whole). */
  deals: number;
  /** Hands counted (the counted deals' rotations whose A seat was in play). */
  games: number;
  /** Per deal: mean over rotations of (A's delta − mean B delta). */
  dealDiffs: number[];
  sumA: number;
  sumB: number;
  /** Hands in which the A seat / a B seat won (B counted per seat). */
  winsA: number;
  winsB: number;
  /** B seats in play, summed over the hands played (the B win rate's denominator). */
  bSeats: number;
  draws: number;
  timesA: number[];
  timesB: number[];
  errors: string[];
}

export interface DuelReport {
  game: GameId;
  players: number;
  /** The deals asked for (`--hands`). */
  hands: number;
  /** The deals the figures are over: `hands` less the deals with a failed rotation. */
  dealsCounted: number;
  a: AiLevel;
  b: AiLevel;
  perHand: { a: number; b: number; diff: number; ci95: [number, number] };
  winRate: { a: number; b: number };
  drawRate: number;
  meanDecisionMs: { a: number; b: number };
  p99DecisionMs: { a: number; b: number };
  /** Hands that failed: a rule error, no pending decision and no result, or no end in time (exit 1). */
  errors: number;
  /** The first 10 failures, each `deal D rotation R: what happened`. */
  problems: string[];
}

function emptyTally(): DuelTally {
  return {
    deals: 0,
    games: 0,
    dealDiffs: [],
    sumA: 0,
    sumB: 0,
    winsA: 0,
    winsB: 0,
    bSeats: 0,
    draws: 0,
    timesA: [],
    timesB: [],
    errors: [],
  };
}

/** Plays one hand with `levels[seat]` at each seat; returns its result or an error text. */
function playHand(
  engine: AnyEngine,
  opts: unknown,
  players: number,
  seed: string,
  levels: AiLevel[],
  times: number[][],
): { result: HandResult; out: number[] } | string {
  let state: unknown = engine.setup(opts, players, seed, null);
  // Vietnamese mahjong at 5–6 people: one or two sit each hand out (they play nothing, score 0).
  const out = (engine.publicView(state) as { sittingOut?: number[] }).sittingOut ?? [];
  for (let step = 0; step < MAX_STEPS_PER_HAND; step++) {
    const result = engine.result(state) as HandResult | null;
    if (result) return { result, out };
    const pending = engine.pending(state);
    if (pending.length === 0) return `no pending decision and no result at step ${step}`;
    const d = pending[0]!;
    const level = levels[d.seat]!;
    const t0 = performance.now();
    const action = engine.ai(state, d.seat, level);
    times[d.seat]!.push(performance.now() - t0);
    const r = engine.apply(state, d.seat, action);
    if (!r.ok) return `seat ${d.seat} (${level}) played ${JSON.stringify(action)}: ${r.error.code} ${r.error.message}`;
    state = r.value;
  }
  return `did not end in ${MAX_STEPS_PER_HAND} steps`;
}

/** Plays deals `from … from + hands − 1` of the duel in this thread. */
export async function duelRange(spec: DuelSpec): Promise<DuelTally> {
  const engine = ENGINES[spec.game];
  const opts = resolveOptions(engine.options, {}, spec.preset);
  if (!opts.ok) throw new Error(opts.errors.map((e) => e.message).join('; '));
  const t = emptyTally();
  const from = spec.from ?? 0;
  for (let d = from; d < from + spec.hands; d++) {
    const seed = handSeed(spec.seed, d);
    // The deal's rotations are tallied apart and kept only if every one of them played: a deal with a
    // failed rotation would compare A in some seats only, breaking the duplicate pairing.
    const dt = emptyTally();
    let failed = false;
    let diffSum = 0;
    for (let rot = 0; rot < spec.players; rot++) {
      const levels = Array.from({ length: spec.players }, (_, s) => (s === rot ? spec.a : spec.b));
      const times = levels.map(() => [] as number[]);
      const played1 = playHand(engine, opts.value, spec.players, seed, levels, times);
      if (typeof played1 === 'string') {
        t.errors.push(`deal ${d} rotation ${rot}: ${played1}`);
        failed = true;
        continue;
      }
      const { result: r, out } = played1;
      // A rotation whose A seat sits the hand out compares nothing; B is averaged over the seats in play.
      if (out.includes(rot)) continue;
      dt.games++;
      const net = netPoints(r);
      const aNet = net[rot] ?? 0;
      const bNets = net.filter((_, s) => s !== rot && !out.includes(s));
      const bMean = bNets.reduce((x, y) => x + y, 0) / Math.max(1, bNets.length);
      dt.sumA += aNet;
      dt.sumB += bMean;
      diffSum += aNet - bMean;
      if (r.winners.length === 0) dt.draws++;
      if (r.winners.includes(rot)) dt.winsA++;
      dt.winsB += r.winners.filter((s) => s !== rot).length;
      dt.bSeats += bNets.length;
      times.forEach((ts, s) => (s === rot ? dt.timesA : dt.timesB).push(...ts));
    }
    if (!failed && dt.games > 0) {
      dt.deals = 1;
      dt.dealDiffs.push(diffSum / dt.games);
      addTally(t, dt);
    }
  }
  return t;
}

/** Adds `t` into `out`. */
function addTally(out: DuelTally, t: DuelTally): void {
  out.deals += t.deals;
  out.games += t.games;
  out.dealDiffs.push(...t.dealDiffs);
  out.sumA += t.sumA;
  out.sumB += t.sumB;
  out.winsA += t.winsA;
  out.winsB += t.winsB;
  out.bSeats += t.bSeats;
  out.draws += t.draws;
  for (const x of t.timesA) out.timesA.push(x);
  for (const x of t.timesB) out.timesB.push(x);
  out.errors.push(...t.errors);
}

export function mergeTallies(ts: DuelTally[]): DuelTally {
  const out = emptyTally();
  for (const t of ts) addTally(out, t);
  return out;
}

const round = (x: number, d = 3) => Math.round(x * 10 ** d) / 10 ** d;

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

export function summarize(spec: DuelSpec, t: DuelTally): DuelReport {
  const n = t.dealDiffs.length;
  const mean = n ? t.dealDiffs.reduce((x, y) => x + y, 0) / n : 0;
  const variance = n > 1 ? t.dealDiffs.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1) : 0;
  // Student's t for n − 1 degrees of freedom: 12.71 at 2 deals, 2.09 at 20, 1.962 at 1,000 (≈ the normal 1.96).
  const half = n > 1 ? tQuantile(n - 1) * Math.sqrt(variance / n) : Infinity;
  const games = Math.max(1, t.games);
  const avg = (xs: number[]) => (xs.length ? xs.reduce((x, y) => x + y, 0) / xs.length : 0);
  return {
    game: spec.game,
    players: spec.players,
    hands: spec.hands,
    dealsCounted: n,
    a: spec.a,
    b: spec.b,
    perHand: {
      a: round(t.sumA / games),
      b: round(t.sumB / games),
      diff: round(mean),
      ci95: [round(mean - half), round(mean + half)],
    },
    winRate: { a: round(t.winsA / games), b: round(t.winsB / Math.max(1, t.bSeats)) },
    drawRate: round(t.draws / games),
    meanDecisionMs: { a: round(avg(t.timesA)), b: round(avg(t.timesB)) },
    p99DecisionMs: { a: round(percentile(t.timesA, 99)), b: round(percentile(t.timesB, 99)) },
    errors: t.errors.length,
    problems: t.errors.slice(0, 10),
  };
}

/**
 * Runs the duel on `workers` threads (1 = this thread), splitting the deals into equal ranges.
 * `workerFile` replaces the duel worker (tests only).
 */
export async function runDuel(spec: DuelSpec, workers = 1, o: { workerFile?: string } = {}): Promise<DuelReport> {
  if (workers <= 1 || spec.hands < 2) return summarize(spec, await duelRange(spec));
  const { filename: own, ...args } = workerThread(import.meta.url, 'duel-worker');
  const filename = o.workerFile ?? own;
  const n = Math.min(workers, spec.hands);
  const per = Math.ceil(spec.hands / n);
  const parts = Array.from({ length: n }, (_, i) => ({ ...spec, from: i * per, hands: Math.max(0, Math.min(per, spec.hands - i * per)) }));
  // Piscina starts the .ts worker the way the render pool does (its own loader runs after `--import tsx`).
  const pool = new Piscina({ filename, ...args, minThreads: n, maxThreads: n });
  // A worker failing outside a task (one that cannot load its module, a throw between deals) is
  // Piscina's 'error' event, which throws with nobody listening: the CLI died with a stack trace
  // instead of its one error line. It ends the duel (its deals would be short).
  const workerFailed = new Promise<never>((_, reject) =>
    pool.on('error', (e: unknown) => reject(new Error(`a duel worker failed: ${e instanceof Error ? e.message : String(e)}`))),
  );
  try {
    const tallies = await Promise.race([
      Promise.all(parts.filter((p) => p.hands > 0).map((p) => pool.run(p) as Promise<DuelTally>)),
      workerFailed,
    ]);
    return summarize(spec, mergeTallies(tallies));
  } finally {
    await pool.destroy();
  }
}
