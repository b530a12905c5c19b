/** Phỏm benchmarks: self-play hands per second (2, 3, 4 players), lay-down option listing, win check. */
import { defaultOptions } from '../src/games/core/options.js';
import { selfplay } from '../src/games/core/selfplay.js';
import { engine } from '../src/games/phom/index.js';
import type { Card } from '../src/games/phom/cards.js';
import { indexHand, layDownChoices, minLeftoverCount } from '../src/games/phom/melds.js';

function time(f: () => number): { seconds: number; count: number } {
  const t0 = performance.now();
  const count = f();
  return { seconds: (performance.now() - t0) / 1000, count };
}

export function run(): { name: string; value: number; unit: string }[] {
  const opts = defaultOptions(engine.options);
  const out: { name: string; value: number; unit: string }[] = [];
  for (const seats of [2, 3, 4]) {
    const hands = 300;
    let uHands = 0;
    const t = time(() => {
      const r = selfplay(engine, opts, seats, `bench-${seats}`, hands, (_i, res) => {
        if (res.endedBy !== 'rank') uHands++;
      });
      if (r.errors || r.invariantViolations) throw new Error(`phom selfplay failed: ${r.problems.join('; ')}`);
      return r.completed;
    });
    out.push({ name: `phom selfplay ${seats}p`, value: Math.round((t.count / t.seconds) * 10) / 10, unit: 'hands/s' });
    out.push({ name: `phom selfplay ${seats}p Ù share`, value: Math.round((uHands / hands) * 1000) / 10, unit: '%' });
  }
  const hand = '5H 6H 7H 7C 7D 7S 2S 3S 4S 5S'.split(' ') as Card[];
  const t1 = time(() => {
    let n = 0;
    for (let i = 0; i < 2000; i++) n += layDownChoices(indexHand(hand, [], false)).length > 0 ? 1 : 0;
    return n;
  });
  out.push({ name: 'phom lay-down choices', value: Math.round(t1.count / t1.seconds), unit: 'hands/s' });
  const t2 = time(() => {
    let n = 0;
    for (let i = 0; i < 5000; i++) n += minLeftoverCount(hand, ['7C'] as Card[], false) <= 1 ? 1 : 1;
    return n;
  });
  out.push({ name: 'phom Ù check', value: Math.round(t2.count / t2.seconds), unit: 'checks/s' });
  return out;
}
