/**
 * Housekeeping's result retries are fair and bounded. They took the 25 oldest running games with an
 * unposted result, and a failed retry did not move anything: 25 tables whose thread the bot can no
 * longer post in (a moderator took a permission away) held every place of every round for good, each
 * costing a refused request every 10 minutes, and a table elsewhere whose result post failed once was
 * never retried. Now each retry is recorded (migration 27), the longest-waiting go first, a game's
 * retries back off (and start again at the next round when Discord tells of a permission change in
 * the channel), and a result is retried for a week at most.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, withWorld, type World } from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';

const HOUR = 3600_000;
const unposted = (w: World, id: string) => w.store.games.get(id)!.lastNotice !== `result:${w.store.games.get(id)!.handIndex}`;
/** Requests that tried to post in these threads since log entry `from`. */
const posts = (w: World, threads: readonly string[], from: number) =>
  w.sim
    .restLog()
    .slice(from)
    .filter((e) => threads.some((t) => e.summary.startsWith(`POST /channels/${t}/messages`))).length;

test('25 tables whose results can never be posted neither starve another table of its retry nor cost a request every round', async () => {
  await withWorld(async (w) => {
    const stuck: { gameId: string; threadId: string }[] = [];
    for (let k = 0; k < 25; k++) stuck.push(await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' }));
    // The moderators of this channel take Send Messages in Threads away; the timers play the hands out.
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
    await later(w, 25 * HOUR);
    await later(w, 25 * HOUR);
    assert.equal(stuck.filter((s) => unposted(w, s.gameId)).length, 25, 'no stuck table could post its result');
    // A table in another channel, where the bot may post: its result post fails once (a passing 5xx).
    const ch0 = w.channelId;
    (w as { channelId: string }).channelId = w.sim.createTextChannel(w.guildId, 'games-2').id;
    const other = await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' });
    (w as { channelId: string }).channelId = ch0;
    await later(w, 25 * HOUR);
    // discord.js's 1 + 3 tries at posting the result all answer 500.
    w.sim.faults.serverError({ route: new RegExp(`POST /channels/${other.threadId}/messages$`), times: 4 });
    await later(w, 25 * HOUR);
    assert.ok(w.store.results.handsOf(other.gameId, 0).length > 0, 'its hand is over');
    assert.ok(unposted(w, other.gameId), 'its result post failed');
    await later(w, 10 * 60_000);
    await later(w, 10 * 60_000);
    assert.ok(!unposted(w, other.gameId), 'posted within two rounds, the stuck tables notwithstanding');
    assert.equal(w.sim.allMessages(other.threadId).filter((m) => /Hand 1 is over/.test(w.sim.text(m))).length, 1);

    // The stuck tables back off: over 12 hours of rounds (72), a few tries each, not one a round.
    const from = w.sim.restLog().length;
    for (let k = 0; k < 72; k++) await later(w, 10 * 60_000);
    const tries = posts(
      w,
      stuck.map((s) => s.threadId),
      from,
    );
    assert.ok(tries > 0, 'still retried');
    assert.ok(tries <= 25 * 6, `at most a few tries a table in 12 h (${tries} for 25 tables)`);

    // The permission given back (Discord sends CHANNEL_UPDATE): the next round posts every result.
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    const retrying = () =>
      w.store.db.prepare('SELECT count(*) AS n FROM games WHERE retried_at IS NOT NULL AND channel_id = ?').get(w.channelId) as {
        n: number;
      };
    await w.sim.waitFor(() => retrying().n === 0);
    await later(w, 10 * 60_000);
    assert.equal(stuck.filter((s) => unposted(w, s.gameId)).length, 0, 'every stuck result is posted at the next round');
  });
});

test('a result is retried for a week at most', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async', 'on-timeout': 'ai' });
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
    await later(w, 25 * HOUR);
    await later(w, 25 * HOUR);
    assert.ok(unposted(w, gameId));
    await later(w, 8 * 24 * HOUR);
    const from = w.sim.restLog().length;
    for (let k = 0; k < 30; k++) await later(w, 10 * 60_000);
    assert.equal(posts(w, [threadId], from), 0, 'no try after the week');
  });
});
