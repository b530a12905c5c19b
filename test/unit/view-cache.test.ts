import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { withViewCache } from '../../src/games/core/view-cache.js';
import { GAMES } from '../../src/table/manifests.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { resolveOptions } from '../../src/games/core/options.js';

describe('views computed once per state (src/games/core/view-cache.ts)', () => {
  it('answers each state and seat once, shares the answer frozen, and a new state is asked anew', () => {
    const base = GAMES.phom.engine;
    const calls = { view: 0, pending: 0 };
    const counting: AnyEngine = {
      ...base,
      view: (s, seat) => (calls.view++, base.view(s, seat)),
      pending: (s) => (calls.pending++, base.pending(s)),
    };
    const e = withViewCache(counting);
    const opts = resolveOptions(e.options, {});
    assert.ok(opts.ok, JSON.stringify(opts));
    const s0 = e.setup(opts.value, 4, 'view-cache', null);
    const v = e.view(s0, 1) as { hand: string[] };
    assert.equal(e.view(s0, 1), v, 'the same object for the same state and seat');
    assert.notEqual(e.view(s0, 2), v);
    assert.equal(calls.view, 2);
    assert.throws(() => v.hand.push('XX'), TypeError, 'a shared view cannot be changed');
    const d = e.pending(s0)[0]!;
    e.pending(s0);
    assert.equal(calls.pending, 1);
    const r = e.apply(s0, d.seat, d.options[0]!);
    assert.ok(r.ok);
    e.view(r.value, 1);
    assert.equal(calls.view, 3, 'the next state is a new key');
    assert.deepEqual(e.view(s0, 1), base.view(s0, 1), 'the old state is unchanged by the move');
  });

  it('every game of the manifests goes through it', () => {
    for (const m of Object.values(GAMES)) {
      const opts = resolveOptions(m.engine.options, {});
      assert.ok(opts.ok, `${m.id}: ${JSON.stringify(opts)}`);
      const s = m.engine.setup(opts.value, m.engine.minSeats, 'x', null);
      // the same object twice is the cache's answer (an uncached engine builds a new one per call)
      assert.equal(m.engine.publicView(s), m.engine.publicView(s), m.id);
      assert.equal(m.engine.view(s, 0), m.engine.view(s, 0), m.id);
      assert.equal(m.engine.pending(s), m.engine.pending(s), m.id);
    }
  });
});
