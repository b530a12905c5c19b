/**
 * Thiên ù (§8: the opener's dealt hand wins at OPEN) is never thrown away. `easy`'s careless discard
 * (one time in four) used to run before the Ù check, and discarding instead of a legal Ù forfeits it
 * (§7.5 R7, rules.ts). Every level now declares it first, on many different winning dealt hands (so
 * many different decision seeds of easy's slips), at validated and honour tables.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { uLegal } from '../../src/games/chan/flow.js';
import { Rng } from '../../src/games/core/rng.js';
import type { Face, Rank } from '../../src/games/chan/cards.js';
import { position } from './helpers.js';

const SUITS = ['v', 'n', 's'] as const;

/** A random 5-player dealt hand of 6 chắn and 4 cạ of ranks 2…9 (20 cards, at most 4 copies a face). */
function winningHand(rng: Rng): Face[] {
  for (;;) {
    const hand: Face[] = [];
    const face = (): Face => `${(2 + rng.int(8)) as Rank}${rng.pick(SUITS)}`;
    for (let k = 0; k < 6; k++) {
      const f = face();
      hand.push(f, f);
    }
    for (let k = 0; k < 4; k++) {
      const r = (2 + rng.int(8)) as Rank;
      const [a, b] = rng.shuffle(SUITS);
      hand.push(`${r}${a!}`, `${r}${b!}`);
    }
    if (hand.every((f) => hand.filter((x) => x === f).length <= 4)) return hand;
  }
}

for (const check of ['validated', 'honor'] as const)
  for (const level of ['easy', 'normal', 'strong'] as const)
    test(`${check} table: ${level} declares every winning dealt hand at OPEN`, () => {
      const rng = new Rng(`thien-u-${check}`);
      let wins = 0;
      for (let t = 0; t < 60; t++) {
        const hand = winningHand(rng);
        const s = position(5, { opener: 0, hands: [hand.join(' ')], phase: { kind: 'open' } }, { 'u-claim-check': check });
        if (!uLegal(s, 0, null, 'open', null, false)) continue;
        wins++;
        assert.deepEqual(engine.ai(s, 0, level), { type: 'u' }, `${hand.join(' ')}`);
      }
      assert.ok(wins > 30, `${wins} winning dealt hands`);
    });
