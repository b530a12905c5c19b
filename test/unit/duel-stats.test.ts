/**
 * The duplicate duel's statistics (src/cli/duel.ts): what a hand counts for each seat, the interval
 * over deals, and what a deal with a failed rotation contributes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duelRange, mergeTallies, summarize, type DuelTally } from '../../src/cli/duel.js';
import { tQuantile } from '../../src/cli/stats.js';
import { netPoints } from '../../src/store/results.js';
import { ENGINES } from '../../src/table/manifests.js';
import type { AnyEngine, GameId, HandResult } from '../../src/games/core/types.js';

/** Runs `body` with the engine's `result` recording every finished hand's result, in play order. */
async function recordingResults<T>(game: GameId, body: () => Promise<T>): Promise<{ out: T; results: HandResult[] }> {
  const engines = ENGINES as Record<GameId, AnyEngine>;
  const engine = engines[game];
  const results: HandResult[] = [];
  // playHand asks for the result at every step and stops at the first one, so each hand records one
  engines[game] = {
    ...engine,
    result: (s) => {
      const r = engine.result(s) as HandResult | null;
      if (r) results.push(r);
      return r;
    },
  };
  try {
    return { out: await body(), results };
  } finally {
    engines[game] = engine;
  }
}

test("a duel counts each seat's net as the table's results do: deltas plus the gà pot's flows (phom --preset club)", async () => {
  const players = 4;
  for (const preset of ['club', undefined]) {
    const spec = {
      game: 'phom' as const,
      players,
      hands: 12,
      seed: 'ga-pot',
      a: 'normal' as const,
      b: 'easy' as const,
      ...(preset ? { preset } : {}),
    };
    const { out: t, results } = await recordingResults('phom', () => duelRange(spec));
    assert.equal(results.length, spec.hands * players);
    let wantA = 0;
    let deltasA = 0;
    results.forEach((r, i) => {
      const rot = i % players; // rotation `rot` seats A at seat `rot`
      wantA += netPoints(r)[rot]!;
      deltasA += r.deltas[rot]!;
    });
    if (preset) {
      // the sample moves money through the pot at A's seat, or this test would prove nothing
      assert.notEqual(wantA, deltasA, 'no gà-pot money at the A seat in this sample');
    } else {
      // default rules have no pot: the figures are the deltas, as before
      assert.equal(wantA, deltasA);
    }
    assert.ok(Math.abs(t.sumA - wantA) < 1e-9, `${preset ?? 'default'}: A's sum ${t.sumA}, the table's net ${wantA}`);
  }
});

/** A tally whose deals had these diffs (the other fields only need to be consistent). */
function tallyOf(dealDiffs: number[]): DuelTally {
  return {
    deals: dealDiffs.length,
    games: dealDiffs.length * 4,
    dealDiffs,
    sumA: 0,
    sumB: 0,
    winsA: 0,
    winsB: 0,
    bSeats: dealDiffs.length * 12,
    draws: 0,
    timesA: [],
    timesB: [],
    errors: [],
  };
}

test("Student's t quantile: the 97.5 % point for 1–1,000,000 degrees of freedom (reference: scipy.stats.t.ppf)", () => {
  const want: [number, number][] = [
    [1, 12.706205],
    [2, 4.302653],
    [3, 3.182446],
    [4, 2.776445],
    [9, 2.262157],
    [10, 2.228139],
    [29, 2.04523],
    [30, 2.042272],
    [100, 1.983972],
    [999, 1.962341],
    [1_000_000, 1.959966],
  ];
  for (const [df, t] of want) assert.ok(Math.abs(tQuantile(df) - t) < 5e-7, `df ${df}: ${tQuantile(df)} ≠ ${t}`);
  assert.ok(Math.abs(tQuantile(5, 0.99) - 4.032143) < 5e-7);
});

test("the duel's 95 % interval uses Student's t for n − 1 degrees of freedom: wide at 2 deals, as before at 1,000", () => {
  const spec = { game: 'chan' as const, players: 4, hands: 2, seed: 's', a: 'strong' as const, b: 'normal' as const };
  // two deals with diffs 1 and 3: mean 2, standard error 1, t(1) = 12.706 (the normal 1.96 gave 0.04 … 3.96)
  assert.deepEqual(summarize(spec, tallyOf([1, 3])).perHand.ci95, [-10.706, 14.706]);
  // 1,000 deals alternating 0 and 2: mean 1, sd ≈ 1.0005, standard error ≈ 0.0316; t(999) = 1.9623
  const many = Array.from({ length: 1000 }, (_, i) => (i % 2) * 2);
  const se = Math.sqrt(1000 / 999) / Math.sqrt(1000);
  const [lo, hi] = summarize({ ...spec, hands: 1000 }, tallyOf(many)).perHand.ci95;
  assert.ok(Math.abs(hi - (1 + 1.962341 * se)) < 1e-3 && Math.abs(lo - (1 - 1.962341 * se)) < 1e-3, `${lo} … ${hi}`);
  // the same to 2 decimals as the normal interval the README's 1,000-deal figures were measured with
  assert.equal(hi.toFixed(2), (1 + 1.96 * se).toFixed(2));
  assert.equal(lo.toFixed(2), (1 - 1.96 * se).toFixed(2));
});

test('a deal with a failed rotation leaves the statistics whole (its other rotations would break the pairing); the error is still reported', async () => {
  const engines = ENGINES as Record<GameId, AnyEngine>;
  const chan = engines.chan;
  const players = 4;
  const spec = { game: 'chan' as const, players, hands: 3, seed: 'drop', a: 'normal' as const, b: 'easy' as const };
  // the same deals without the failure: deals 0 and 2 alone
  const clean = mergeTallies([await duelRange({ ...spec, hands: 1 }), await duelRange({ ...spec, from: 2, hands: 1 })]);
  const want = summarize(spec, clean);
  // hands are played in order (deal × players + rotation); hand 6 is deal 1, rotation 2, whose B seats err
  let hand = -1;
  engines.chan = {
    ...chan,
    setup: (...args) => {
      hand++;
      return chan.setup(...args);
    },
    ai: (s, seat, level) => (hand === 6 && level === 'easy' ? { type: 'no-such-action' } : chan.ai(s, seat, level)),
  };
  try {
    const t = await duelRange(spec);
    const rep = summarize(spec, t);
    assert.equal(rep.errors, 1);
    assert.match(rep.problems[0]!, /^deal 1 rotation 2: seat \d \(easy\) played \{"type":"no-such-action"\}/);
    assert.equal(rep.hands, 3, '`hands` is the deals asked for');
    assert.equal(rep.dealsCounted, 2, 'the deals the figures are over');
    assert.equal(t.games, 2 * players);
    assert.deepEqual(
      { perHand: rep.perHand, winRate: rep.winRate, drawRate: rep.drawRate },
      { perHand: want.perHand, winRate: want.winRate, drawRate: want.drawRate },
    );
  } finally {
    engines.chan = chan;
  }
});
