/**
 * The end of a hand result's retries (7 days after the hand) is said once (housekeeping.ts,
 * GameStore.resultRetriesOver): also for a game whose last try was cleared by a permission given back
 * at the window's very end (`retrySoon` puts retried_at back to NULL), which was never listed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore } from './helpers.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

const DAY = 86_400_000;
const WINDOW = 7 * DAY;

test('the end of the retries is listed once, also after a retrySoon at the window’s end or weeks later; never within it', () => {
  let now = 1_000_000_000_000;
  const store = openStore(
    join(tempDir('hq-retries-over-'), 'test.db'),
    () => toyEngine as AnyEngine,
    () => now,
  );
  const game = () => {
    const row = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: 'g', channelId: 'c' });
    store.games.update(row.id, { status: 'running', threadId: `t-${row.id}` });
    store.db
      .prepare(
        `INSERT INTO results (game_id, hand, seat, game, display_name, points, unit, rank, won, players, summary, created_at)
         VALUES (?, 0, 0, 'phom', 'A', 1, 'bet', 1, 1, 2, '{}', ?)`,
      )
      .run(row.id, now);
    return row.id;
  };
  const plain = game();
  const cleared = game();
  const start = now;
  const listed: string[] = [];
  for (now = start + 10 * 60_000; now < start + WINDOW + 2 * 3600_000; now += 10 * 60_000) {
    for (const id of store.games.unpostedResults({ before: now - 60_000, since: now - WINDOW, now }))
      store.games.noteRetried(id, store.games.get(id)!.publicAt);
    // The permission is given back in the window's last minutes (app.ts retrySoon): the try is cleared.
    if (now > start + WINDOW - 10 * 60_000 && now <= start + WINDOW) store.games.retrySoon({ channelId: 'c' });
    for (const id of store.games.resultRetriesOver(WINDOW, now)) {
      assert.ok(now >= start + WINDOW, 'never within the window');
      listed.push(id);
      store.games.noteRetriesOver(id);
    }
  }
  assert.deepEqual(listed.sort(), [plain, cleared].sort(), 'each listed once');
  // Weeks later a moderator changes a role (app.ts retrySoon for the whole server): games past their
  // window are retried no more, and their end is not said again.
  for (const day of [20, 35]) {
    now = start + day * DAY;
    assert.equal(store.games.retrySoon({ guildId: 'g' }), 0, `day ${day}: nothing past its window is cleared`);
    assert.deepEqual(store.games.resultRetriesOver(WINDOW, now), [], `day ${day}: not said again`);
  }
  store.close();
});
