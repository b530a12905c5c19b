/** Issue #16's 200-deal smoke duels for the card games (Phỏm at 2, 3 and 4 players, Chắn); see duel-helpers.ts. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runDuel } from '../../src/cli/duel.js';
import { ENGINES } from '../../src/table/manifests.js';
import type { AnyEngine, GameId } from '../../src/games/core/types.js';
import { smokeDuel } from './duel-helpers.js';

for (const players of [4, 3, 2]) {
  test(`phom ${players}p: 200 duplicate deals of strong against normal play without a rule error`, async () => {
    await smokeDuel('phom', players);
  });
}

test('chan: 200 duplicate deals of strong against normal play without a rule error', async () => {
  await smokeDuel('chan', 4);
});

test('a rule error in a duel is counted and described, the other hands still play (errors > 0 makes the CLI exit 1)', async () => {
  const engines = ENGINES as Record<GameId, AnyEngine>;
  const chan = engines.chan;
  // a `strong` that plays nonsense: each rotation's hand stops at its first decision
  engines.chan = { ...chan, ai: (s, seat, level) => (level === 'strong' ? { type: 'no-such-action' } : chan.ai(s, seat, level)) };
  try {
    const rep = await runDuel({ game: 'chan', players: 4, hands: 3, seed: 'bad', a: 'strong', b: 'normal' });
    assert.equal(rep.errors, 12);
    assert.match(rep.problems[0]!, /^deal 0 rotation 0: seat 0 \(strong\) played \{"type":"no-such-action"\}: /);
    const fine = await runDuel({ game: 'chan', players: 4, hands: 3, seed: 'bad', a: 'normal', b: 'easy' });
    assert.equal(fine.errors, 0);
  } finally {
    engines.chan = chan;
  }
});
