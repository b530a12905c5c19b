/** Hint reasons for Chắn (issue #16): the strong AI's one-line reason, judged from the seat's knowledge only. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkReason } from '../support/hint-reasons.js';
import { handSeed } from '../../src/games/core/rng.js';
import { engine } from '../../src/games/chan/index.js';
import { knowledge } from '../../src/games/chan/ai.js';
import type { ChanAction } from '../../src/games/chan/actions.js';
import { opts } from './helpers.js';

test('every reason of a strong self-play has a text with its placeholders in vi, en and zh-TW', () => {
  const seen = new Set<string>();
  for (const n of [4, 5])
    for (let h = 0; h < 4; h++) {
      let s = engine.setup(opts(), n, handSeed(`chan-hint-${n}`, h), null);
      for (let i = 0; i < 2000 && !engine.result(s); i++) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, 'strong');
        const r = engine.explain!(s, d.seat, a);
        const id = checkReason('chan', r);
        seen.add(id);
        const next = engine.apply(s, d.seat, a);
        assert.ok(next.ok);
        s = next.value;
      }
    }
  for (const id of ['draw', 'discard-risk', 'discard-safe', 'pass-ca', 'eat-chan'])
    assert.ok(seen.has(id), `${id} seen: ${[...seen].join(',')}`);
});

test('a discard called safe cannot be eaten at its gate: that seat threw the face before (R3) or no copy is live', () => {
  let safe = 0;
  for (let h = 0; h < 6; h++) {
    let s = engine.setup(opts(), 4, handSeed('chan-safe', h), null);
    for (let i = 0; i < 2000 && !engine.result(s); i++) {
      const d = engine.pending(s)[0]!;
      const a = engine.ai(s, d.seat, 'strong');
      const r = engine.explain!(s, d.seat, a);
      if (r.key === 'chan:hint.discard-safe' && a.type === 'discard') {
        safe++;
        const k = knowledge(s, d.seat);
        const gate = (d.seat + 1) % 4;
        const threw = k.table.seats[gate]!.discardedFaces.includes(a.card);
        // What the gate seat really holds (the test may look; the AI may not).
        const holds = s.seats[gate]!.hand.includes(a.card);
        assert.ok(threw || !holds, `hand ${h} step ${i}: ${a.card} called safe but seat ${gate} holds one`);
      }
      const next = engine.apply(s, d.seat, a as ChanAction);
      assert.ok(next.ok);
      s = next.value;
    }
  }
  assert.ok(safe > 0, 'some safe discard was seen');
});
