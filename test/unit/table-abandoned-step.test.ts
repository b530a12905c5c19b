/**
 * A table abandoned by another process while a step of it is being computed (store/guilds.ts: a
 * deleted thread seen by another shard holds none of this process's locks): abandoning moves no
 * version, so the commit checks `abandoned_at` and refuses the step, which would write the game back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { abandonGames } from '../../src/store/index.js';
import type { AnyEngine } from '../../src/games/core/types.js';

test('a step whose table was abandoned meanwhile is refused and leaves the table abandoned', () => {
  let strike: (() => void) | null = null;
  const r = rig('phom', ['human', 'human'], {
    seed: 'abandoned-step',
    engine: (real: AnyEngine) =>
      new Proxy(real, {
        get(target, key) {
          const v = Reflect.get(target, key) as unknown;
          if (key !== 'apply' || typeof v !== 'function') return v;
          return (...args: unknown[]) => {
            const out = (v as (...a: unknown[]) => unknown).apply(target, args);
            // Between this process's load and its commit, another process abandons the table.
            const s = strike;
            strike = null;
            s?.();
            return out;
          };
        },
      }),
  });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const d = r.pending()[0]!;
  strike = () => abandonGames(r.store.db, [r.gameId], r.clock.t);
  const out = r.run({ kind: 'move', gameId: r.gameId, userId: `u${d.seat}`, seat: d.seat, action: d.options[0]!, ver: null });
  assert.equal(strike, null, 'the other process struck during the step');
  assert.equal(out.outcome.ok, false);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'cancelled');
  assert.deepEqual(r.store.timers.forGame(r.gameId), [], 'no timers written back');
});
