/** §8/§11 honour table (`u-claim-check` = honor): an opener whose dealt 20 cards win declares Thiên ù; the easy and normal AI discarded it (forfeiting it, §7.5 R7): they declared only at validated tables. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engine } from '../../src/games/chan/index.js';
import { position } from './helpers.js';

const WIN20 = '1v 1v 2v 2v 3n 3n 4s 4s 5v 5v 6v 6n 7v 7s 8v 8n 9n 9s 4v 4v';

for (const level of ['easy', 'normal', 'strong'] as const) {
  test(`honor table, ${level} AI at OPEN with a winning dealt hand declares Thiên ù`, () => {
    const s = position(5, { opener: 0, hands: [WIN20], phase: { kind: 'open' } }, { 'u-claim-check': 'honor' });
    assert.deepEqual(engine.ai(s, 0, level), { type: 'u' });
  });
}
