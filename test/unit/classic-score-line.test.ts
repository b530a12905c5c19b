/**
 * The classical result's "Hand score" line (§9.1): a total capped by the limit or rounded
 * (`rounding = nearest-10`) shows the product and what it became, never a false sum ("94 × 8 = 500").
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tableAt, after } from './scenario-table.js';
import { resultView } from '../../src/table/views.js';
import type { BaseAction } from '../../src/games/core/types.js';

/** South goes Mah Jong on East's 9p with two concealed dragon kongs and a pung of its wind: 94 points, 3 doubles. */
function scoreLine(opts: Record<string, unknown>): string {
  const { t } = tableAt(
    'classic-mahjong',
    4,
    {
      position: {
        players: [
          { concealed: ['1m', '2m', '4m', '4p', '5p', '6p', '7s', '8s', '9s', '9s', '2m', '3s', '4m'], discards: ['9p'] },
          {
            concealed: ['1m', '2m', '3m', '9p'],
            melds: [
              { tiles: ['5z', '5z', '5z', '5z'], exposed: false, kongType: 'concealed' },
              { tiles: ['6z', '6z', '6z', '6z'], exposed: false, kongType: 'concealed' },
              { tiles: ['2z', '2z', '2z'], claimedFrom: 3 },
            ],
          },
          { concealed: ['2p', '2p', '3p', '4s', '4s', '5s', '6s', '6s', '7m', '7m', '8m', '9m', '4z'] },
          { concealed: ['3p', '3p', '7p', '8p', '9p', '1s', '1s', '2s', '2s', '4m', '3m', '5m', '3z'] },
        ],
        phase: 'claim',
        turn: 0,
        claim: { tile: '9p', from: 0 },
      },
    },
    opts,
  );
  const done = after(t, 1, { type: 'mahjong' } as BaseAction);
  return resultView(done, 'en', false)!.lines.find((l) => l.includes('P1 · Hand score'))!;
}

test('§9.1: a capped total reads as capped, an uncapped one as the product', () => {
  assert.match(scoreLine({}), /94 × 8 = 752 → 500 points/);
  assert.match(scoreLine({ 'roof-off': true }), /94 × 8 = 752 points/);
});
