/** Hint reasons for classical mahjong (issue #16): a one-line reason for the strong AI's choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/classic-mahjong/index.js';
import { standardShanten } from '../../src/games/mahjong/decompose.js';
import { counts } from '../../src/games/classic-mahjong/hand.js';

const opts = defaultOptions(engine.options);

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('classic-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('classic-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && id === 'discard') {
        // The steps it states are the hand's own after that discard (the seat's view only).
        const v = engine.view(s, d.seat);
        const rest = [...v.hand];
        rest.splice(rest.indexOf(a.tile), 1);
        assert.equal(r.vars.steps, Math.max(0, standardShanten(counts(rest), 4 - v.melds.length)));
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'call', 'pass-call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});
