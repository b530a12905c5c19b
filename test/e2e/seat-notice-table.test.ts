/**
 * The "your seat view fell back" notice was kept per user (user_prefs.seat_notice): it was told, and
 * used up, at the player's next "Open my hand" at ANY table, where its words ("where this table
 * plays") were false, and a fallback at a second table replaced the first. Now a table's fallback
 * (no private thread in an announcement channel, a permission missing) is kept with that table's
 * seat channel and told once at that table's Open my hand (migration 38, src/bot/seat-channels.ts
 * tableNoticeLine); closed DMs, which change the choice for every table, stay the user's.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, slash, withWorld, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { Permissions } from '../discord-sim/index.js';

const KIND = /cannot be made in an announcement channel/;
const PERM = /could not open a private thread/;

/** A Phỏm table of the first two users opened with /play in `channelId`, started. */
async function tableIn(w: World, channelId: string): Promise<string> {
  const [a, b] = [w.users[0]!.id, w.users[1]!.id];
  const lobby = (await slash(w, a, 'play', { game: 'phom' }, channelId)).response!.id;
  await click(w, b, lobby, String(buttonByLabel(w.sim, w.sim.message(lobby)!, 'Join').custom_id));
  const start = String(buttonByLabel(w.sim, w.sim.message(lobby)!, 'Start').custom_id);
  const gameId = decodeGameId(start)!.gameId;
  await click(w, a, lobby, start);
  assert.equal(w.store.games.get(gameId)!.status, 'running');
  return gameId;
}

test("a seat view's fallback is told at the table it concerns, once, and not at another table; a second table's does not replace it", async () => {
  await withWorld(
    async (w) => {
      const a = w.users[0]!.id;
      const text = w.sim.createTextChannel(w.guildId, 'games-text');
      await slash(w, a, 'prefs', { 'hand-view': 'thread' }, text.id);
      // Table 1 in the announcement channel: no private thread can be made there.
      const { gameId: t1 } = await openTable(w, 'phom', 2, 0);
      assert.equal(w.store.seatChannels.ofUser(t1, a)!.failed, 'thread-kind');
      // Table 2 in a text channel: a's private thread works.
      const t2 = await tableIn(w, text.id);
      assert.equal(w.store.seatChannels.ofUser(t2, a)!.failed, null);
      // Table 3 in a text channel after the bot lost Create Private Threads: a second fallback.
      w.sim.setBotPermission(w.guildId, Permissions.CreatePrivateThreads, false);
      const t3 = await tableIn(w, text.id);
      assert.equal(w.store.seatChannels.ofUser(t3, a)!.failed, 'thread-perm');

      const at2 = w.sim.text(await openHand(w, a, t2));
      assert.doesNotMatch(at2, KIND, 'not at a table whose thread works');
      assert.doesNotMatch(at2, PERM);
      const at1 = w.sim.text(await openHand(w, a, t1));
      assert.match(at1, KIND, "table 1's own notice, not replaced by table 3's");
      assert.doesNotMatch(at1, PERM);
      assert.match(at1, /at this table/);
      const at3 = w.sim.text(await openHand(w, a, t3));
      assert.match(at3, PERM, "table 3's own");
      assert.doesNotMatch(at3, KIND);
      assert.doesNotMatch(w.sim.text(await openHand(w, a, t1)), KIND, 'told once');
      assert.doesNotMatch(w.sim.text(await openHand(w, a, t3)), PERM, 'told once');
    },
    { channel: 'announcement' },
  );
});
