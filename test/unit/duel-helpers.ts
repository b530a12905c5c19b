/**
 * The duplicate-duel smoke test of issue #16 ("the test suite runs a short duel of 200 deals per
 * game as a smoke test only"): strength is a benchmark (README), so these tests check that every
 * game plays 200 deals of `strong` against `normal` without a rule error and that the report keeps
 * its contract and its arithmetic, never how large the edge is.
 */
import assert from 'node:assert/strict';
import { runDuel } from '../../src/cli/duel.js';
import type { GameId } from '../../src/games/core/types.js';

export const SMOKE_DEALS = 200;

/** Runs the 200-deal smoke duel in this thread and checks the report. */
export async function smokeDuel(game: GameId, players: number): Promise<void> {
  const rep = await runDuel({ game, players, hands: SMOKE_DEALS, seed: `smoke-${game}-${players}`, a: 'strong', b: 'normal' });
  assert.deepEqual(rep.problems, [], `${game} ${players}p: ${rep.problems.join('\n')}`);
  assert.equal(rep.errors, 0);
  assert.equal(rep.game, game);
  assert.equal(rep.players, players);
  assert.equal(rep.hands, SMOKE_DEALS);
  const { a, b, diff, ci95 } = rep.perHand;
  for (const x of [a, b, diff, ...ci95]) assert.ok(Number.isFinite(x), `${game}: ${JSON.stringify(rep.perHand)}`);
  // every game here is zero-sum per hand: A's seat and the B seats' results cancel
  assert.ok(Math.abs(a + (players - 1) * b) < 0.01, `${game}: a ${a} + ${players - 1} × b ${b} ≠ 0`);
  assert.ok(Math.abs(diff - (a - b)) < 0.01, `${game}: diff ${diff} ≠ a − b`);
  assert.ok(ci95[0] < diff && diff < ci95[1], `${game}: ${diff} outside ${ci95.join(' … ')}`);
  for (const r of [rep.winRate.a, rep.winRate.b, rep.drawRate]) assert.ok(r >= 0 && r <= 1);
  // someone wins most hands: a duel whose hands all end drawn is not playing the game
  assert.ok(rep.drawRate < 0.5, `${game}: draw rate ${rep.drawRate}`);
  for (const ms of [rep.meanDecisionMs.a, rep.meanDecisionMs.b, rep.p99DecisionMs.a, rep.p99DecisionMs.b]) {
    assert.ok(Number.isFinite(ms) && ms >= 0);
  }
}
