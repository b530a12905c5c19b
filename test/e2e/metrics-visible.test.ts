/**
 * `hoiquan_visible_result_seconds` (src/ops/metrics.ts): a move clicked on a hand view is timed from
 * its arrival to the clicker's own view showing it (`seat`) and to the table edit it queued having
 * landed (`table`). Opening a hand is not a move and is not timed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi } from './harness.js';
import { createMetrics } from '../../src/ops/metrics.js';

test('each move is timed until the own view and the table show it', async () => {
  const metrics = createMetrics();
  await withWorld(
    async (w) => {
      const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
      const count = async (view: string) =>
        Number(new RegExp(`hoiquan_visible_result_seconds_count\\{view="${view}"\\} (\\d+)`).exec(await metrics.text())?.[1] ?? 0);
      for (let k = 1; k <= 2; k++) {
        const row = w.store.games.get(gameId)!;
        const turn = (w.store.games.state(row) as { turn: number }).turn;
        const user = w.store.games.seats(gameId)[turn]!.userId!;
        const hand = await openHand(w, user, gameId);
        assert.equal(await count('seat'), k - 1, 'opening a hand is not timed');
        await playAsAi(w, user, gameId, hand);
        assert.equal(await count('seat'), k, 'the own view');
        assert.equal(await count('table'), k, 'the table');
      }
    },
    { metrics },
  );
});
