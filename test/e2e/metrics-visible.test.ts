/**
 * `hoiquan_visible_result_seconds` (src/ops/metrics.ts): a move clicked on a hand view is timed from
 * its arrival to the clicker's own view showing it (`seat`) and to the table edit it queued having
 * landed (`table`). Opening a hand is not a move and is not timed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, tableMessage } from './harness.js';
import { createMetrics } from '../../src/ops/metrics.js';

test('each move is timed until the own view and the table show it', async () => {
  const metrics = createMetrics();
  // What the simulated Discord shows at the moment each observation is made.
  const seen: { view: string; shows: string }[] = [];
  let look: (view: string) => string = () => '';
  const observe = metrics.visibleSeconds.observe.bind(metrics.visibleSeconds);
  metrics.visibleSeconds.observe = ((labels: { view: string }, v: number) => {
    seen.push({ view: labels.view, shows: look(labels.view) });
    observe(labels, v);
  }) as typeof metrics.visibleSeconds.observe;
  await withWorld(
    async (w) => {
      const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
      const shows = (id: string) => {
        const m = w.sim.message(id)!;
        return JSON.stringify([m.id, m.content, m.embeds, m.components, m.attachments.map((a) => a.id)]);
      };
      const count = async (view: string) =>
        Number(new RegExp(`hoiquan_visible_result_seconds_count\\{view="${view}"\\} (\\d+)`).exec(await metrics.text())?.[1] ?? 0);
      for (let k = 1; k <= 2; k++) {
        const row = w.store.games.get(gameId)!;
        const turn = (w.store.games.state(row) as { turn: number }).turn;
        const user = w.store.games.seats(gameId)[turn]!.userId!;
        const hand = await openHand(w, user, gameId);
        assert.equal(await count('seat'), k - 1, 'opening a hand is not timed');
        // The table message may be moved by the click (re-posted through its interaction: effects.ts).
        const tableId = () => tableMessage(w, gameId).id;
        const [handBefore, tableBefore] = [shows(hand.id), shows(tableId())];
        look = (view) => shows(view === 'seat' ? hand.id : tableId());
        seen.length = 0;
        await playAsAi(w, user, gameId, hand);
        assert.equal(await count('seat'), k, 'the own view');
        assert.equal(await count('table'), k, 'the table');
        // Each is observed once its message already shows the move (and as it stays once idle), the seat first.
        assert.deepEqual(
          seen.map((x) => x.view),
          ['seat', 'table'],
        );
        assert.notEqual(seen[0]!.shows, handBefore, 'the own view had changed when it was timed');
        assert.equal(seen[0]!.shows, shows(hand.id));
        assert.notEqual(seen[1]!.shows, tableBefore, 'the table had changed when it was timed');
        assert.equal(seen[1]!.shows, shows(tableId()));
      }
    },
    { metrics },
  );
});
