/**
 * At Discord's active-thread cap a game plays in the channel itself (bot/lobby.ts, 160006), so two
 * tables may share it. Each then says which table it is: the hand view's first line, the table
 * message, and the turn ping name the table's id (views.ts `sharedChannelTag`), as a table in a
 * thread of its own needs not.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openHand, openTable, playAsAi, tableMessage, withWorld } from './harness.js';

test('two tables playing in one channel: each hand view, table message and ping names its table', async () => {
  await withWorld(async (w) => {
    const [a, b] = [w.users[0]!.id, w.users[1]!.id];
    w.sim.setActiveThreadLimit(w.guildId, 0);
    const t1 = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const t2 = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    assert.equal(t1.threadId, w.channelId);
    assert.equal(t2.threadId, w.channelId);
    for (const t of [t1, t2]) {
      const other = t === t1 ? t2 : t1;
      const top = w.sim.text(tableMessage(w, t.gameId)).split('\n')[0]!;
      assert.ok(top.includes(`#${t.gameId}`) && !top.includes(other.gameId), top);
      const view = w.sim.text(w.sim.message((await openHand(w, a, t.gameId)).id)!);
      assert.ok(view.split('\n')[0]!.includes(t.gameId), view);
    }
    // a moves at both: b is pinged at both, each ping naming its own table.
    for (const t of [t1, t2]) await playAsAi(w, a, t.gameId, w.sim.message((await openHand(w, a, t.gameId)).id)!);
    const pings = w.sim
      .allMessages(w.channelId)
      .filter((m) => !m.ephemeralTo && !m.deleted && w.sim.text(m).includes(`<@${b}>: your turn`))
      .map((m) => w.sim.text(m));
    assert.ok(pings.length >= 2, pings.join('\n---\n'));
    for (const t of [t1, t2])
      assert.ok(
        pings.some((p) => p.includes(`#${t.gameId}`)),
        `a ping names ${t.gameId}:\n${pings.join('\n---\n')}`,
      );
    assert.ok(
      pings.every((p) => p.includes(t1.gameId) !== p.includes(t2.gameId)),
      pings.join('\n---\n'),
    );
  });
});

test('a table in a thread of its own: no id in its table message, nor above the hand opened there', async () => {
  await withWorld(async (w) => {
    const t = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    assert.notEqual(t.threadId, w.channelId);
    assert.doesNotMatch(w.sim.text(tableMessage(w, t.gameId)), new RegExp(t.gameId));
    assert.doesNotMatch(w.sim.text(w.sim.message((await openHand(w, w.users[0]!.id, t.gameId)).id)!), new RegExp(t.gameId));
  });
});
