/**
 * The public view is the security boundary (README "Architecture"): during a claim window it must
 * not say who may claim (issue #13 §2). Played hands of every game with claim windows: whenever
 * seats hold claim decisions, no field of the public view names exactly those seats as deciding.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

const GAMES: GameId[] = ['chan', 'classic-mahjong', 'vn-mahjong'];

for (const game of GAMES) {
  test(`${game}: the public view of a claim window does not list the claimants`, () => {
    const engine = engineOf(game);
    const resolved = resolveOptions(engine.options, {});
    assert.ok(resolved.ok);
    const options = resolved.value;
    let windows = 0;
    for (let k = 0; k < 20 && windows < 40; k++) {
      let state = engine.setup(options, 4, `pv-${game}-${k}`, null);
      for (let n = 0; n < 2000 && !engine.result(state); n++) {
        const pending = engine.pending(state) as Decision<BaseAction>[];
        const claimants = pending.filter((d) => d.kind === 'claim').map((d) => d.seat);
        if (claimants.length) {
          windows++;
          const pub = engine.publicView(state) as Record<string, unknown>;
          for (const [key, value] of Object.entries(pub)) {
            if (!Array.isArray(value) || !value.length || !value.every((x) => typeof x === 'number')) continue;
            assert.notDeepEqual([...value].sort(), [...claimants].sort(), `${game}: public field "${key}" lists the claimants`);
          }
        }
        const d = pending[0]!;
        const r = engine.apply(state, d.seat, engine.ai(state, d.seat) as BaseAction);
        assert.ok(r.ok);
        state = r.value;
      }
    }
    assert.ok(windows >= 10, `claim windows seen: ${windows}`);
  });
}

for (const game of GAMES) {
  test(`${game}: a claim answer is invisible in the public view while its window stays open, and a pass for ever`, () => {
    const engine = engineOf(game);
    const resolved = resolveOptions(engine.options, {});
    assert.ok(resolved.ok);
    const options = resolved.value;
    let hidden = 0;
    let passes = 0;
    for (let k = 0; k < 20 && hidden < 40; k++) {
      let state = engine.setup(options, 4, `pv-answer-${game}-${k}`, null);
      for (let n = 0; n < 2000 && !engine.result(state); n++) {
        const pending = engine.pending(state) as Decision<BaseAction>[];
        const d = pending[0]!;
        const action = engine.ai(state, d.seat) as BaseAction;
        const before = engine.publicView(state);
        const r = engine.apply(state, d.seat, action);
        assert.ok(r.ok);
        state = r.value;
        if (d.kind !== 'claim') continue;
        if (action.type === 'pass') passes++;
        // Only a window several seats answer at once is secret (Chắn offers a card gate by gate, openly).
        if (pending.filter((x) => x.kind === 'claim').length < 2) continue;
        // A pass never shows, not even once the window has closed (vn-mahjong's `last` once said "Name: Pass").
        assert.doesNotMatch(JSON.stringify(engine.publicView(state)), /"type":"pass"/, `${game}: a pass in the public view`);
        const open = (engine.pending(state) as Decision<BaseAction>[]).some((x) => x.kind === 'claim');
        if (!open) continue;
        hidden++;
        assert.deepEqual(engine.publicView(state), before, `${game}: ${action.type} of seat ${d.seat} shows while the window is open`);
      }
    }
    assert.ok(hidden >= 10 && passes >= 10, `open-window answers: ${hidden}, passes: ${passes}`);
  });
}
