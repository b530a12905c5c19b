/**
 * A game played in an announcement channel (GUILD_ANNOUNCEMENT, type 5), end to end. /play accepts
 * one (commands/play.ts `startsGameThreads`), and there Start Thread from Message makes an
 * ANNOUNCEMENT_THREAD, type 10 (discord-api-docs resources/channel "Start Thread from Message"), a
 * public thread in all else (topics/threads); private threads "can only be created in GUILD_TEXT
 * channels", so a player who chose private-thread hand views gets the ephemeral fallback with the
 * 'thread-kind' notice (src/bot/seat-channels.ts `privateThreadsIn`), not a thread: discord.js,
 * asked at run time for a private thread there, makes a public announcement thread
 * (GuildTextThreadManager#create; test/discord-sim/announcement.test.ts), which would show their hand
 * to the whole channel. Until the simulator modelled announcement channels, no test had played there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelType as DjsChannelType } from 'discord.js';
import {
  buttonByLabel,
  click,
  openHand,
  openTable,
  pendingNow,
  playAsAi,
  slash,
  tableMessage,
  until,
  withWorld,
  type World,
  endMatch,
} from './harness.js';
import { ChannelType, Permissions } from '../discord-sim/index.js';
import type { SimMessage } from '../discord-sim/model.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';

const over = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).result(w.store.games.state(row)) !== null;
};
const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;
const hasAct = (w: World, m: SimMessage) => w.sim.components(m).some((c) => decodeGameId(String(c.custom_id))?.verb === 'act');
/** The bot's messages in a channel that mention `userId`. */
const pingsOf = (w: World, channelId: string, userId: string) =>
  w.sim.allMessages(channelId).filter((m) => m.authorId === w.sim.botUserId && !m.ephemeralTo && w.sim.text(m).includes(`<@${userId}>`));

/**
 * The first pending human plays (as the AI would) through the bot's buttons: on their seat channel's
 * hand message when it is live, else on the ephemeral hand view of the table's "Open my hand".
 */
async function playOne(w: World, gameId: string): Promise<{ user: string; via: 'channel' | 'ephemeral'; hand: SimMessage }> {
  const seats = w.store.games.seats(gameId);
  const d = pendingNow(w, gameId).find((x) => !seats[x.seat]!.isAi)!;
  const user = seats[d.seat]!.userId!;
  const sc = w.store.seatChannels.get(gameId, d.seat);
  if (sc && !sc.failed && sc.messageId) {
    const hand = w.sim.message(sc.messageId)!;
    await playAsAi(w, user, gameId, hand);
    return { user, via: 'channel', hand };
  }
  const hand = await openHand(w, user, gameId);
  await playAsAi(w, user, gameId, hand);
  return { user, via: 'ephemeral', hand };
}

test('a Phỏm game in an announcement channel: type-10 thread, table, hand views and pings, a private-thread chooser falls back, DM views work, End match archives and locks', async () => {
  await withWorld(
    async (w) => {
      const [an, binh, chi] = w.users.map((u) => u.id) as [string, string, string];
      assert.equal(w.sim.channel(w.channelId).type, ChannelType.GuildAnnouncement);
      assert.equal(w.bot.client.channels.cache.get(w.channelId)?.type, DjsChannelType.GuildAnnouncement, 'known from GUILD_CREATE');
      // binh wants their hand in a private thread (/prefs warns: none here), chi in DMs; an keeps ephemeral views.
      const said = w.sim.text((await slash(w, binh, 'prefs', { 'hand-view': 'thread' })).messages[0]!);
      assert.match(said, /announcement channel, where Discord has no private threads/);
      await slash(w, chi, 'prefs', { 'hand-view': 'dm' });

      // /play, two join, the host adds an AI player and starts.
      const { gameId, threadId, lobbyId } = await openTable(w, 'phom', 3, 1);
      const thread = w.sim.channel(threadId);
      assert.equal(thread.type, ChannelType.AnnouncementThread, "the lobby's game thread is an announcement thread");
      assert.equal(thread.id, lobbyId, 'started from the lobby message');
      assert.equal(thread.parentId, w.channelId);
      assert.equal(w.bot.client.channels.cache.get(threadId)?.type, DjsChannelType.AnnouncementThread);
      for (const u of [an, binh, chi]) assert.ok(w.sim.threadMembers(threadId).includes(u), 'the players are added to the thread');
      assert.equal(w.store.games.seats(gameId).filter((s) => s.isAi).length, 1);

      // The table in the thread, as an image with its buttons.
      const table = tableMessage(w, gameId);
      assert.equal(table.channelId, threadId);
      assert.equal(w.sim.images(table).length, 1);
      buttonByLabel(w.sim, table, 'Open my hand');

      // binh's private thread cannot be made: the seat falls back to ephemeral views, saying why.
      const binhSeat = w.store.seatChannels.get(gameId, seatOf(w, gameId, binh))!;
      assert.equal(binhSeat.failed, 'thread-kind');
      const binhView = await openHand(w, binh, gameId);
      assert.match(w.sim.text(binhView), /A private thread cannot be made in an announcement channel/);
      assert.doesNotMatch(w.sim.text(binhView), /Create Private Threads/);
      assert.equal(w.sim.images(binhView).length, 1, 'the hand as an image');
      assert.deepEqual(
        w.sim.threads(w.channelId).map((t) => t.id),
        [threadId],
        'no other thread under the channel: no hand in a public announcement thread',
      );

      // chi's hand view is in their DMs.
      const chiSeat = w.store.seatChannels.get(gameId, seatOf(w, gameId, chi))!;
      const dm = w.sim.dmChannel(chi)!;
      assert.equal(chiSeat.failed, null);
      assert.equal(chiSeat.channelId, dm.id);
      assert.equal(w.sim.message(chiSeat.messageId!)!.channelId, dm.id);

      // The hand, played through the bot's buttons: chi from the DM message (pinged there at their
      // turns), an and binh from their ephemeral views (pinged in the game thread). Each ping is
      // deleted once its turn is played: looked for before each move.
      const via = { channel: 0, ephemeral: 0 };
      const pinged = { dm: 0, thread: 0, chiInThread: 0 };
      for (let k = 0; k < 3000 && !over(w, gameId); k++) {
        const seats = w.store.games.seats(gameId);
        const user = seats[pendingNow(w, gameId).find((x) => !seats[x.seat]!.isAi)!.seat]!.userId!;
        if (user === chi) {
          assert.ok(hasAct(w, w.sim.message(chiSeat.messageId!)!), "chi's DM hand message has the legal actions");
          pinged.dm += pingsOf(w, dm.id, chi).length;
        } else pinged.thread += pingsOf(w, threadId, user).filter((m) => /your turn/.test(w.sim.text(m))).length;
        pinged.chiInThread += pingsOf(w, threadId, chi).length;
        const r = await playOne(w, gameId);
        via[r.via]++;
        if (r.user === chi) assert.equal(r.via, 'channel', "chi plays from the DM's hand message");
      }
      assert.ok(over(w, gameId), 'the hand ended');
      assert.ok(via.channel > 0 && via.ephemeral > 0, `played from the DM (${via.channel}) and from ephemeral views (${via.ephemeral})`);
      assert.ok(pinged.dm > 0, 'chi was pinged in the DM at their turns');
      // (A player whose ephemeral view is live is not pinged again: a ping or so per hand here.)
      assert.ok(pinged.thread > 0, 'an or binh was pinged in the announcement thread');
      assert.equal(pinged.chiInThread, 0, 'chi, whose seat view is live, is not pinged in the thread');

      // The result, then End match: the announcement thread is archived and locked (Manage Threads).
      const result = w.sim
        .allMessages(threadId)
        .filter((m) => /Hand 1 is over/.test(w.sim.text(m)))
        .at(-1)!;
      assert.ok(result, 'the result in the thread');
      assert.equal(w.sim.images(result).length, 1);
      assert.equal(w.store.results.handsOf(gameId).length, 4);
      await endMatch(w, an, result);
      assert.equal(w.store.games.get(gameId)!.status, 'finished');
      assert.ok(
        w.sim.allMessages(threadId).some((m) => /Match over: final totals/.test(w.sim.text(m))),
        'the end of the match posted',
      );
      assert.equal(w.sim.channel(threadId).archived, true, 'archived');
      assert.equal(w.sim.channel(threadId).locked, true, 'and locked');
    },
    { channel: 'announcement' },
  );
});

test('an announcement channel made while the bot runs: its game thread is type 10, archived unlocked at the end without Manage Threads', async () => {
  await withWorld(
    async (w) => {
      const host = w.users[0]!.id;
      const news = w.sim.createAnnouncementChannel(w.guildId, 'news');
      await until(w, 'the bot knows the channel (CHANNEL_CREATE)', () => w.bot.client.channels.cache.has(news.id));
      w.sim.setBotPermission(w.guildId, Permissions.ManageThreads, false, news.id);
      const lobby = (await slash(w, host, 'play', { game: 'phom' }, news.id)).response!;
      await click(w, host, lobby.id, buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Add AI player').custom_id as string);
      const start = buttonByLabel(w.sim, w.sim.message(lobby.id)!, 'Start').custom_id as string;
      const gameId = decodeGameId(start)!.gameId;
      // A fixed deal (the /play id's would differ at every run), whose hand is not over at the deal.
      w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run('announcement-phom-2', gameId);
      await click(w, host, lobby.id, start);
      assert.equal(over(w, gameId), false, 'the hand is in play');
      const threadId = w.store.games.get(gameId)!.threadId!;
      assert.equal(w.sim.channel(threadId).type, ChannelType.AnnouncementThread);
      assert.equal(w.sim.channel(threadId).parentId, news.id);
      for (let k = 0; k < 500 && !over(w, gameId); k++) await playOne(w, gameId);
      assert.ok(over(w, gameId), 'the hand ended');
      const result = w.sim
        .allMessages(threadId)
        .filter((m) => /Hand 1 is over/.test(w.sim.text(m)))
        .at(-1)!;
      await endMatch(w, host, result);
      assert.equal(w.store.games.get(gameId)!.status, 'finished');
      assert.equal(w.sim.channel(threadId).archived, true, 'archived, as its creator may');
      assert.equal(w.sim.channel(threadId).locked, false, 'not locked: no Manage Threads');
    },
    { guildFeatures: ['COMMUNITY', 'NEWS'] },
  );
});
