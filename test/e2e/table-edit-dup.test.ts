/**
 * A table message edit that fails (a 5xx after discord.js's retries, a timeout; Discord may even have
 * applied it) makes updateTable post a new table message: the old one is deleted once the new one is
 * posted (effects.ts `replaced`), not left in the thread with its live buttons and an older state.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openHand, openTable, playAsAi, pendingNow, tableMessage, withWorld, later } from './harness.js';

test('a failed table edit leaves exactly one table message in the thread', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const move = async () => {
      const d = pendingNow(w, gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    };
    await move(); // the table moves under this click (follow-up) and its edits go through that token
    const tables = () =>
      w.sim
        .allMessages(threadId)
        .filter(
          (m) =>
            !m.deleted && m.ephemeralTo === undefined && (m.flags & 32768) !== 0 && JSON.stringify(m.components).includes('Open my hand'),
        );
    assert.equal(tables().length, 1, 'one table before the fault');
    // Only edits fail (both routes), posts work: a 5xx on an edit, whatever Discord did with it.
    const tid = tableMessage(w, gameId).id;
    w.sim.faults.serverError({ route: new RegExp(`^PATCH /(channels/\\d+|webhooks/\\d+/[^/]+)/messages/${tid}$`), times: 12 });
    await move();
    w.sim.faults.clear();
    await later(w, 11 * 60_000);
    const list = tables();
    const current = tableMessage(w, gameId).id;
    assert.equal(
      list.length,
      1,
      `table messages in the thread: ${list.map((m) => m.id + (m.id === current ? ' (current)' : ' (stale)')).join(', ')}`,
    );
  });
});
