/** Shared by the classical rule tests: resolved options and a move that must be accepted. */
import { resolveOptions } from '../../src/games/core/options.js';
import { engine, type Action, type State } from '../../src/games/classic-mahjong/index.js';
import type { Options } from '../../src/games/classic-mahjong/options.js';

/** Tile codes of a compact string ("1m2m3m" or "1m 2m 3m"). */
export const T = (s: string): string[] => s.match(/\d[mpszf]/g) ?? [];

/** The options `over` sets on `preset` (or the defaults), resolved; fails the test when refused. */
export function opts(over: Record<string, unknown> = {}, preset?: string): Options {
  const o = resolveOptions(engine.options, over, preset);
  if (!o.ok) throw new Error(JSON.stringify(o.errors));
  return o.value;
}

/** `seat` plays `a`, which the engine must accept. */
export function play(s: State, seat: number, a: Action): State {
  const r = engine.apply(s, seat, a);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
