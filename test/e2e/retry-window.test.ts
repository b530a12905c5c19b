/**
 * Housekeeping's retries end: a result is retried for a week, an end of match for a day, even when
 * each retry also fails to delete something (the bot lost View Channel: a leftover kept for the next
 * sweep). That bookkeeping write moved `updated_at`, which the retry windows count from, so they
 * restarted at every try and never ended (review of the moderation change).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, slash, withWorld, type World } from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';

const HOUR = 3600_000;

/** POSTs of messages into the thread per day, over `days` days of housekeeping rounds. */
async function postsPerDay(w: World, threadId: string, days: number): Promise<number[]> {
  const out: number[] = [];
  let from = w.sim.restLog().length;
  for (let k = 0; k < 6 * days; k++) {
    await later(w, 4 * HOUR + 60_000);
    if (k % 6 === 5) {
      out.push(
        w.sim
          .restLog()
          .slice(from)
          .filter((e) => e.summary.startsWith(`POST /channels/${threadId}/messages`)).length,
      );
      from = w.sim.restLog().length;
    }
  }
  return out;
}

test('an unposted result is retried for a week, then no more, though each retry fails a delete too', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' });
    w.sim.setBotPermission(w.guildId, P.ViewChannel, false, w.channelId);
    await later(w, 25 * HOUR);
    await later(w, 25 * HOUR);
    const g = w.store.games.get(gameId)!;
    assert.notEqual(g.lastNotice, `result:${g.handIndex}`, 'the hand ended and its result could not be posted');
    const days = await postsPerDay(w, threadId, 10);
    assert.ok(
      days.slice(0, 6).every((n) => n > 0),
      `retried every day of the week: ${days.join(' ')}`,
    );
    assert.deepEqual(days.slice(7), [0, 0, 0], `then no more: ${days.join(' ')}`);
  });
});

test("a match's end that cannot be posted is retried for a day, then no more", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' });
    await slash(w, w.admin.id, 'config', { set: { game: 'phom', key: 'idle-days', value: '1' } });
    w.sim.setBotPermission(w.guildId, P.ViewChannel, false, w.channelId);
    await later(w, 25 * HOUR);
    await later(w, 25 * HOUR);
    const days = await postsPerDay(w, threadId, 6);
    assert.equal(w.store.games.get(gameId)!.status, 'finished', 'idle-days ended the match');
    assert.deepEqual(days.slice(3), [0, 0, 0], `no retries left: ${days.join(' ')}`);
  });
});
