/**
 * AI decision times per level (issue #16: `strong` p99 ≤ 150 ms per decision on this machine).
 * Each game: one duel of a few deals with level L in one seat and `normal` elsewhere, in this thread,
 * timing every decision of the L seat (src/cli/duel.ts measures them).
 */
import { duelRange, summarize } from '../src/cli/duel.js';
import { AI_LEVELS } from '../src/games/core/ai.js';
import { GAME_IDS } from '../src/games/core/types.js';

const DEALS = Number(process.env.BENCH_AI_DEALS ?? 20);

export async function run(): Promise<{ name: string; value: number; unit: string }[]> {
  const out: { name: string; value: number; unit: string }[] = [];
  for (const game of GAME_IDS) {
    for (const level of AI_LEVELS) {
      const spec = { game, players: 4, hands: DEALS, seed: 'bench-ai', a: level, b: 'normal' as const };
      const rep = summarize(spec, await duelRange(spec));
      if (rep.errors) throw new Error(`${game} ${level}: ${rep.problems.join('; ')}`);
      out.push({ name: `${game} ${level} decision mean`, value: rep.meanDecisionMs.a, unit: 'ms' });
      out.push({ name: `${game} ${level} decision p99`, value: rep.p99DecisionMs.a, unit: 'ms' });
    }
  }
  return out;
}
