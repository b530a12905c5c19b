/**
 * Issue #16 "AI hands that look like real play" (a review of single decisions, 2026-12-07):
 * - `normal` broke a made chắn (one of a pair) to keep a cạ while it held a dead single (a card held
 *   once with no partner of its group) in about 12 % of its discards; `easy`'s careless discard could
 *   be one of a pair. Neither does now (ai.ts `keepChan`).
 * - every level could keep a lone Yêu (CC, LA, TH) as the hand's last missing card, which can never
 *   be the winning card (chan.md §8); its unseen copies no longer count as a chance.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { handSeed } from '../../src/games/core/rng.js';
import { counts, FACE_INDEX, group, GROUP_FACES, type Face } from '../../src/games/chan/cards.js';
import { handScore, keepChan } from '../../src/games/chan/ai.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import { opts } from './helpers.js';

/** Held once, and no other single of its group to make a cạ with. */
function deadSingle(hand: readonly Face[], f: Face): boolean {
  const c = counts(hand);
  const i = FACE_INDEX[f]!;
  if (c[i] !== 1) return false;
  return !GROUP_FACES[group(f)]!.some((j) => j !== i && (c[j]! & 1) === 1);
}

test('keepChan: one of a pair goes only when no dead single is legal', () => {
  const hand = ['8v', '8v', '8s', '5v', '4n', '4n'] as Face[];
  assert.deepEqual(keepChan(hand, ['8v', '8s', '5v', '4n'], true), ['8s', '5v']);
  // No dead single (each single has a partner of its group): the score chooses among all.
  const paired = ['8v', '8v', '8s', '8n', '5v', '5n'] as Face[];
  assert.deepEqual(keepChan(paired, ['8v', '8s', '8n', '5v', '5n'], true), ['8v', '8s', '8n', '5v', '5n']);
});

for (const level of ['easy', 'normal'] as AiLevel[])
  test(`${level}: never breaks a made chắn by its discard while a dead single could go`, () => {
    let prev: ReturnType<typeof engine.setup> | null = null;
    let discards = 0;
    for (let h = 0; h < 40; h++) {
      let s = engine.setup(opts(), 4, handSeed(`keeps-chan-${level}`, h), prev);
      for (let step = 0; step < 3000 && !engine.result(s); step++) {
        const d = engine.pending(s)[0]!;
        const a = engine.ai(s, d.seat, level);
        if (a.type === 'discard' || a.type === 'return') {
          discards++;
          const hand = s.seats[d.seat]!.hand;
          const legal = d.options.filter((o) => o.type === a.type).map((o) => (o as { card: Face }).card);
          const broke = counts(hand)[FACE_INDEX[a.card]!]! % 2 === 0;
          assert.ok(!broke || !legal.some((f) => deadSingle(hand, f)), `hand ${h} step ${step}: ${a.card} from ${hand.join(' ')}`);
        }
        const r = engine.apply(s, d.seat, a);
        assert.ok(r.ok);
        s = r.value;
      }
      prev = s;
    }
    assert.ok(discards > 500, `discards seen: ${discards}`);
  });

test('a lone Yêu is no chance: the hand keeping a lone 6s scores above the same hand keeping a lone TH (chan.md §8)', () => {
  const rest = ['7v', '7v', '5n', '5n', '8n', '8n', '8v', '8s', '9s', '9s'] as Face[];
  const hidden = new Array<number>(30).fill(2);
  const score = (single: Face) => handScore(counts([...rest, single]), { melds: [] }, 4, hidden, true);
  assert.ok(score('6s') > score('TH'), `${score('6s')} > ${score('TH')}`);
});
