/**
 * The duplicate duel's statistics (src/cli/duel.ts): what a hand counts for each seat, the interval
 * over deals, and what a deal with a failed rotation contributes.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { duelRange } from '../../src/cli/duel.js';
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
