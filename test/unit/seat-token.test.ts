/**
 * A seat's view token (src/table/seat-token.ts): the same view and decision give the same token
 * whether the view came from the engine's view cache or was built afresh, and after the state went
 * through JSON (a restart loads it so: the buttons posted before it must still be current). A token
 * remembered for a view object is reused only for the same hand and decision.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { seatToken, tokenOf } from '../../src/table/seat-token.js';
import { engineOf } from '../../src/table/manifests.js';
import { GAME_IDS } from '../../src/games/core/types.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';
import { walkStates } from '../support/walk.js';

const GAMES = ['phom', 'chan', 'vn-mahjong', 'classic-mahjong'] as const;

function states(e: AnyEngine, seed: string, steps: number): unknown[] {
  const o = resolveOptions(e.options, {});
  assert.ok(o.ok);
  return walkStates(e, o.value, 4, seed, steps);
}

test('a view token is the same from the cached view, a fresh view and a state loaded from JSON', () => {
  assert.deepEqual([...GAMES].sort(), [...GAME_IDS].sort());
  for (const game of GAMES) {
    const e = engineOf(game);
    let compared = 0;
    for (const s of states(e, `tok-${game}`, 60)) {
      const loaded = JSON.parse(JSON.stringify(s)) as unknown;
      for (let seat = 0; seat < 4; seat++) {
        const row = { handIndex: 3 };
        const t = seatToken({ engine: e, state: s, row } as never, seat);
        assert.equal(seatToken({ engine: e, state: loaded, row } as never, seat), t, `${game} seat ${seat}: after JSON`);
        const d = (e.pending(s) as Decision<BaseAction>[]).find((x) => x.seat === seat);
        // a fresh view object (not the cache's), with a fresh decision object
        const fresh = JSON.parse(JSON.stringify(e.view(s, seat))) as unknown;
        assert.equal(
          tokenOf(3, d && (JSON.parse(JSON.stringify(d)) as Decision<BaseAction>), () => fresh),
          t,
          `${game} seat ${seat}: fresh view`,
        );
        if (d) compared++;
      }
    }
    assert.ok(compared > 20, `${game}: enough seats with a decision compared (${compared})`);
  }
});

test('a remembered token is reused only for the same hand and decision', () => {
  const e = engineOf('phom');
  const [s] = states(e, 'tok-reuse', 0);
  const d = (e.pending(s) as Decision<BaseAction>[])[0]!;
  const v = e.view(s, d.seat) as object;
  const t = tokenOf(0, d, () => v);
  assert.equal(
    tokenOf(0, d, () => v),
    t,
  );
  assert.notEqual(
    tokenOf(1, d, () => v),
    t,
    'another hand',
  );
  const other = { ...d, options: d.options.slice(0, 1) };
  assert.notEqual(
    tokenOf(0, other, () => v),
    t,
    'another decision with the same view object',
  );
  assert.equal(
    tokenOf(0, d, () => v),
    t,
  );
  // no decision: the hand's token, whatever the view
  assert.equal(
    tokenOf(0, undefined, () => v),
    tokenOf(0, undefined, () => ({})),
  );
});
