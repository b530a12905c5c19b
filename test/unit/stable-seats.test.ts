/**
 * `withStableSeats` (src/games/core/stable-seats.ts): an engine that numbers seats by position this
 * hand (classical mahjong: the dealer is position 0) is seen by the table with one seat per person.
 * Every method that takes a seat must take the person: from the second hand on, positions and
 * persons differ, and a hint once was explained for whoever sat at the person's number.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { engine as raw, type State } from '../../src/games/classic-mahjong/index.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { handSeed } from '../../src/games/core/rng.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('classical mahjong through the table: view, ai and explain of a person are those of their position, hand after hand', () => {
  const table = engineOf('classic-mahjong');
  const opts = defaultOptions(raw.options);
  let prev: State | null = null;
  let rotated = 0;
  for (let h = 0; h < 8; h++) {
    let s: State = raw.setup(opts, 4, handSeed('stable-seats', h), prev);
    for (let n = 0; n < 3000 && !raw.result(s); n++) {
      const pending = table.pending(s) as Decision<BaseAction>[];
      for (const d of pending) {
        const pos = s.match.playerAtSeat.indexOf(d.seat);
        if (pos !== d.seat) rotated++;
        assert.deepEqual(table.view(s, d.seat), raw.view(s, pos));
        const a = table.ai(s, d.seat, 'strong') as BaseAction;
        assert.deepEqual(a, raw.ai(s, pos, 'strong'));
        assert.deepEqual(table.explain!(s, d.seat, a), raw.explain!(s, pos, a as never), `hand ${h}, person ${d.seat} at position ${pos}`);
      }
      const d = pending[0]!;
      const r = table.apply(s, d.seat, table.ai(s, d.seat) as BaseAction);
      assert.ok(r.ok);
      s = r.value as State;
    }
    prev = raw.matchOver(s) ? null : s;
  }
  assert.ok(rotated > 50, `decisions where person and position differ: ${rotated}`);
});
