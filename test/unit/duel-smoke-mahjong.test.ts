/** Issue #16's 200-deal smoke duels for the mahjong games; see duel-helpers.ts. */
import { test } from 'node:test';
import { smokeDuel } from './duel-helpers.js';

for (const game of ['vn-mahjong', 'classic-mahjong'] as const) {
  test(`${game}: 200 duplicate deals of strong against normal play without a rule error`, async () => {
    await smokeDuel(game, 4);
  });
}
