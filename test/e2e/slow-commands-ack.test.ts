/**
 * Commands whose work can take seconds on a large server acknowledge the interaction before it
 * (Discord allows 3 s for the first answer): /leaderboard's all-time ranking sums every hand of the
 * game on the server (about 4 s for a million hands), /privacy's erasure scans every table naming a
 * user. Before, both answered after it: on a large server the user saw "This interaction failed" (the
 * erasure done all the same, its message still offering Delete). Each is checked by the work itself:
 * when it starts, Discord has its answer already.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, slash, withWorld, type World } from './harness.js';

/** Whether the interaction the bot is handling now (the latest) was acknowledged. */
const acknowledgedNow = (w: World): boolean => w.sim.allInteractions().at(-1)!.acknowledged;

test('/leaderboard is acknowledged before its ranking is summed', async () => {
  await withWorld(async (w) => {
    const seen: boolean[] = [];
    const results = w.store.results;
    const leaderboard = results.leaderboard.bind(results);
    results.leaderboard = (...a: Parameters<typeof leaderboard>) => {
      seen.push(acknowledgedNow(w));
      return leaderboard(...a);
    };
    const h = await slash(w, w.users[0]!.id, 'leaderboard', { game: 'phom' });
    assert.equal(h.failed, false);
    assert.deepEqual(seen, [true], 'acknowledged when the ranking was summed');
    assert.match((await h.reply()).content, /No finished hands yet/);
  });
});

test('/privacy Delete my data is acknowledged before the erasure runs, then says what it did', async () => {
  await withWorld(async (w) => {
    const u = w.users[0]!.id;
    const seen: boolean[] = [];
    const db = w.store.db;
    const prepare = db.prepare.bind(db);
    db.prepare = ((sql: string) => {
      if (sql.startsWith('DELETE FROM ratings WHERE user_id')) seen.push(acknowledgedNow(w));
      return prepare(sql);
    }) as typeof db.prepare;
    const ask = await (await slash(w, u, 'privacy', { 'delete-my-data': {} })).reply();
    const h = await click(w, u, ask.id, buttonByLabel(w.sim, w.sim.message(ask.id)!, 'Delete my data').custom_id as string);
    db.prepare = prepare;
    assert.equal(h.failed, false);
    assert.deepEqual(seen, [true], 'acknowledged when the erasure ran');
    const done = w.sim.message(ask.id)!;
    assert.match(w.sim.text(done), /nothing|no data/i);
    assert.equal(w.sim.components(done).length, 0, 'its buttons are gone');
  });
});
