/** Chắn benchmarks: self-play hands per second (4P and 5P) and the win-check speed. Not engine code. */
import { resolveOptions } from '../src/games/core/options.js';
import { selfplay } from '../src/games/core/selfplay.js';
import { engine } from '../src/games/chan/index.js';
import { winShape } from '../src/games/chan/legality.js';
import { parseCards } from '../src/games/chan/cards.js';

export function run(): { name: string; value: number; unit: string }[] {
  const o = resolveOptions(engine.options, {});
  if (!o.ok) throw new Error('chan bench: options');
  const out: { name: string; value: number; unit: string }[] = [];
  for (const seats of [4, 5]) {
    const hands = 100;
    const t0 = performance.now();
    const r = selfplay(engine, o.value, seats, `bench-${seats}`, hands);
    const dt = (performance.now() - t0) / 1000;
    out.push({ name: `chan selfplay ${seats}P`, value: Math.round((hands / dt) * 10) / 10, unit: 'hands/s' });
    out.push({ name: `chan won share ${seats}P`, value: r.won / hands, unit: 'ratio' });
  }
  const hand = parseCards('1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v')!;
  const n = 20000;
  const t1 = performance.now();
  for (let i = 0; i < n; i++) winShape(hand, [], '4v', false, o.value, 5);
  out.push({ name: 'chan win-check', value: Math.round(n / ((performance.now() - t1) / 1000)), unit: 'checks/s' });
  return out;
}
