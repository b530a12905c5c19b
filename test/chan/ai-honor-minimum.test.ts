/**
 * §8/§11 on an honor table (`u-claim-check` = honor) with a minimum value (`min-points-to-win`): Ù
 * may be pressed on a hand whose shape wins but whose cước fall short, which is ù láo (§11: đền
 * làng). The strong AI (and its hint, "your hand is complete") judged an ù by its shape alone and
 * pressed such ones; it now judges it as the engine does (flow.ts `uLegalOf`), from its own view.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { handSeed } from '../../src/games/core/rng.js';
import { engine } from '../../src/games/chan/index.js';
import { opts } from './helpers.js';

for (const min of [4, 10]) {
  test(`honor table with min-points-to-win ${min}: the strong AI presses no ù láo, and wins legally`, () => {
    const o = opts({ 'u-claim-check': 'honor', 'min-points-to-win': min });
    let wins = 0;
    for (let h = 0; h < 40; h++) {
      let s = engine.setup(o, 4, handSeed(`honor-min-${min}`, h), null);
      for (let i = 0; i < 2000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'strong');
        if (a.type === 'u') assert.deepEqual(engine.explain!(s, d.seat, a).key, 'chan:hint.u');
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok, JSON.stringify(next));
        s = next.value;
      }
      const r = engine.result(s);
      assert.ok(r, 'the hand ended');
      assert.notEqual(r.endedBy, 'u-lao', `hand ${h}: the strong AI pressed an ù that was not legal`);
      if (r.winners.length) wins++;
    }
    assert.ok(wins > 0, 'some hands are won (legal ù still pressed)');
  });
}
