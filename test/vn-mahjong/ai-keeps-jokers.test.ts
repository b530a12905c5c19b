/**
 * Issue #16 "AI hands that look like real play" (a review of single decisions, 2026-12-07): `normal`
 * and `easy` spent a joker on a chow when a natural call as good was offered (the first option
 * listed), `easy` threw a wild joker away in one turn in six where it could, and its discard beside
 * a kong it does not see was the first tile in sort order. Now: the natural call on a tie, no joker
 * thrown by choice, a random loose tile.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { handSeed } from '../../src/games/core/rng.js';
import { shanten } from '../../src/games/vn-mahjong/ai.js';
import { isJoker, removeAll, type Tile } from '../../src/games/vn-mahjong/tiles.js';
import type { VnAction } from '../../src/games/vn-mahjong/actions.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { opts } from './helpers.js';

const jokersIn = (a: VnAction): number => (a.type === 'pung' || a.type === 'chow' ? a.tiles.filter(isJoker).length : 0);

/** Steps from ready after the call and the best discard (the AI's own measure). */
function after(s: State, seat: number, a: VnAction & { tiles: Tile[] }): number {
  const p = s.players[seat]!;
  const rest = removeAll(p.hand, a.tiles)!;
  return Math.min(...[...new Set(rest)].filter((t) => !isJoker(t)).map((t) => shanten(removeAll(rest, [t])!, p.melds.length + 1)));
}

for (const level of ['easy', 'normal'] as AiLevel[])
  test(`${level}: calls with natural tiles when a call as good is offered, and throws no joker by choice`, () => {
    let calls = 0;
    let prev: State | null = null;
    // 120 deals: since normal and easy lay their dealt jokers down (2026-12-07), fewer calls spend one
    for (let h = 0; h < 120; h++) {
      let s = engine.setup(opts(), 4, handSeed(`keeps-jokers-${level}`, h), prev) as State;
      for (let step = 0; step < 3000 && !engine.result(s); step++) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, level) as VnAction;
        if ((a.type === 'pung' || a.type === 'chow') && jokersIn(a) > 0) {
          calls++;
          const sh = after(s, d.seat, a);
          for (const o of d.options as VnAction[])
            if ((o.type === 'pung' || o.type === 'chow') && jokersIn(o) < jokersIn(a))
              assert.ok(
                level === 'normal' ? after(s, d.seat, o) > sh : false,
                `hand ${h} step ${step}: ${JSON.stringify(a)} over ${JSON.stringify(o)}`,
              );
        }
        if (level === 'easy' && a.type === 'discard' && isJoker(a.tile))
          assert.ok(
            !d.options.some((o) => o.type === 'discard' && !isJoker(o.tile)),
            `hand ${h} step ${step}: threw ${a.tile} from ${s.players[d.seat]!.hand.join(' ')}`,
          );
        const r = engine.apply(s, d.seat, a);
        assert.ok(r.ok, JSON.stringify(r));
        s = r.value as State;
      }
      prev = s;
    }
    assert.ok(calls > 10, `calls with a joker seen: ${calls}`);
  });
