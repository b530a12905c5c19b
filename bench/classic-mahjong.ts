/** Benchmarks of classical mahjong (issue 5): hands scored per second, self-play hands per second. */
import { defaultOptions } from '../src/games/core/options.js';
import { selfplay } from '../src/games/core/selfplay.js';
import { engine } from '../src/games/classic-mahjong/index.js';
import { scoreHand, scoringRules } from '../src/games/classic-mahjong/scoring/score.js';
import { generateHand } from '../test/differential/classic-mahjong-gen.js';

export function run(): { name: string; value: number; unit: string }[] {
  const rules = scoringRules(defaultOptions(engine.options));
  const hands = Array.from({ length: 2000 }, (_, i) => generateHand('bench', i));
  let t0 = performance.now();
  let scored = 0;
  while (performance.now() - t0 < 2000) for (const h of hands) if (scoreHand(h, rules)) scored++;
  const scoreRate = scored / ((performance.now() - t0) / 1000);
  t0 = performance.now();
  const n = 100;
  const r = selfplay(engine, defaultOptions(engine.options), 4, 'bench', n);
  const playRate = n / ((performance.now() - t0) / 1000);
  return [
    { name: 'classic-mahjong hands scored', value: Math.round(scoreRate), unit: 'hands/s' },
    { name: 'classic-mahjong self-play', value: Math.round(playRate * 10) / 10, unit: 'hands/s' },
    { name: 'classic-mahjong self-play won share', value: Math.round((r.won / r.hands) * 1000) / 1000, unit: 'ratio' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(run(), null, 1));
