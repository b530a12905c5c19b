/** Hint reasons for Vietnamese mahjong (issue #16): the strong AI's one-line reason for its choice. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { engine, type State } from '../../src/games/vn-mahjong/index.js';
import { shanten } from '../../src/games/vn-mahjong/ai.js';
import { removeOne } from '../../src/games/vn-mahjong/tiles.js';

const opts = defaultOptions(engine.options);

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW, and its numbers are right', () => {
  const seen = new Set<string>();
  for (let h = 0; h < 6; h++) {
    let s: State = engine.setup(opts, 4, handSeed('vn-hint', h), null);
    for (let i = 0; i < 3000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      const id = checkReason('vn-mahjong', r);
      seen.add(id);
      if (a.type === 'discard' && (id === 'discard' || id === 'discard-ready')) {
        // The steps it states are the hand's own after that discard (seat's view only).
        const v = engine.view(s, d.seat);
        const melds = v.players.find((p) => p.seat === v.mySeat)!.melds.length;
        const sh = shanten(removeOne(v.hand, a.tile)!, melds);
        if (id === 'discard') assert.equal(r.vars.steps, sh);
        else assert.ok(sh <= 0);
      }
      const next = engine.apply(s, d.seat, a);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  for (const id of ['discard', 'discard-ready', 'pass-call', 'call', 'win']) assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});
