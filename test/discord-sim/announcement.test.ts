/**
 * Announcement channels (GUILD_ANNOUNCEMENT, type 5) and their threads (ANNOUNCEMENT_THREAD, type 10),
 * with an unmodified discord.js Client, as Discord documents them:
 * - only a guild with the NEWS feature has them ("guild has access to create announcement channels",
 *   resources/guild "Guild Features"); GUILD_CREATE and GET /guilds/{id}/channels list them;
 * - Start Thread from Message there "creates a ANNOUNCEMENT_THREAD", whose id is the message's
 *   (resources/channel "Start Thread from Message"); Start Thread without Message takes type 10 and
 *   refuses a private thread, which "can only be created in GUILD_TEXT channels" (topics/threads,
 *   "Public & Private Threads"), and its default type is PRIVATE_THREAD;
 * - an announcement thread is a public thread everywhere else: Send Messages in Threads (not Send
 *   Messages) to talk in it, archive and lock, members, the active list, and List Public Archived
 *   Threads, which "When called on a GUILD_ANNOUNCEMENT channel returns threads of type
 *   ANNOUNCEMENT_THREAD".
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelType as DjsChannelType, DiscordAPIError, Routes, type NewsChannel, type TextChannel } from 'discord.js';
import { ChannelType, DiscordSim, Permissions, type SimChannel } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

type Json = Record<string, unknown>;

/** A 400 / 50035 whose `type` field says THREAD_INVALID_PARENT, the sim's shape for a thread its parent cannot hold. */
function invalidParent(e: unknown): boolean {
  assert.ok(e instanceof DiscordAPIError, String(e));
  assert.equal(e.status, 400);
  assert.equal(e.code, 50035);
  const errors = (e.rawError as { errors?: { type?: { _errors?: Array<{ code: string }> } } }).errors;
  assert.equal(errors?.type?._errors?.[0]?.code, 'THREAD_INVALID_PARENT');
  return true;
}

describe('announcement channels', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let gid: string;
  let news: SimChannel;
  let text: SimChannel;
  let newsChannel: NewsChannel;
  let alice: { id: string };
  let bob: { id: string };
  /** The channel's type as the client knew it from GUILD_CREATE alone, before any fetch. */
  let typeAtReady: DjsChannelType | undefined;
  before(async () => {
    sim = await DiscordSim.start();
    const g = sim.createGuild({ name: 'g', features: ['COMMUNITY', 'NEWS'] });
    gid = g.id;
    text = sim.createTextChannel(g.id, 'games');
    news = sim.createAnnouncementChannel(g.id, 'news');
    alice = sim.createUser({ username: 'alice' });
    bob = sim.createUser({ username: 'bob' });
    sim.addMember(g.id, alice.id);
    sim.addMember(g.id, bob.id);
    // As servers set them up: members read the announcements and talk in their threads only; the
    // bot may post (a lobby).
    sim.setPermissionOverwrite(news.id, g.id, 0, { deny: Permissions.SendMessages });
    sim.setPermissionOverwrite(news.id, sim.botUserId, 1, { allow: Permissions.SendMessages });
    bot = await connectClient(sim);
    typeAtReady = bot.client.channels.cache.get(news.id)?.type;
    newsChannel = (await bot.client.channels.fetch(news.id)) as NewsChannel;
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('needs a guild with the NEWS feature', () => {
    const plain = sim.createGuild({ name: 'plain' });
    assert.throws(() => sim.createAnnouncementChannel(plain.id, 'news'), /NEWS feature/);
  });

  it('is type 5, listed in GUILD_CREATE (the client knew it before fetching) and in GET /guilds/{id}/channels', async () => {
    assert.equal(news.type, ChannelType.GuildAnnouncement);
    assert.equal(news.position, text.position + 1, 'after the text channel: one list of positions');
    assert.equal(typeAtReady, DjsChannelType.GuildAnnouncement, 'from GUILD_CREATE');
    const listed = (await bot.client.rest.get(Routes.guildChannels(gid))) as Json[];
    assert.deepEqual(
      listed.map((c) => [c.name, c.type]),
      [
        ['games', 0],
        ['news', 5],
      ],
    );
  });

  it('one made after the client connected arrives with CHANNEL_CREATE', async () => {
    const later = sim.createAnnouncementChannel(gid, 'news-2');
    await sim.waitFor(() => bot.client.channels.cache.get(later.id)?.type === DjsChannelType.GuildAnnouncement, {
      timeout: 5000,
      message: 'the client knows the new announcement channel',
    });
  });

  it('Start Thread from Message makes an ANNOUNCEMENT_THREAD with the message id; members of the channel see it', async () => {
    const m = await newsChannel.send('Phỏm tonight');
    const t = await m.startThread({ name: 'Phỏm · an' });
    assert.equal(t.type, DjsChannelType.AnnouncementThread);
    assert.equal(t.id, m.id, 'the thread id is the message id');
    assert.equal(t.parentId, news.id);
    const st = sim.channel(t.id);
    assert.equal(st.type, ChannelType.AnnouncementThread);
    assert.equal(sim.isThread(st), true);
    assert.deepEqual(
      sim.threads(news.id).map((x) => x.id),
      [t.id],
    );
    assert.equal(sim.message(m.id)!.threadId, t.id);
    const json = (await bot.client.rest.get(Routes.channel(t.id))) as Json;
    assert.equal(json.type, 10);
    assert.equal(json.parent_id, news.id);
    assert.equal((json.thread_metadata as Json).invitable, undefined, 'invitable is a private thread field');
    assert.ok(json.member, 'the bot, its creator, is a member');
    await sim.waitFor(() => bot.client.channels.cache.get(t.id)?.type === DjsChannelType.AnnouncementThread, {
      timeout: 5000,
      message: 'THREAD_CREATE reached the client',
    });
    // A public thread: whoever sees the channel sees it, without joining.
    await t.send('table is open');
    assert.deepEqual(
      sim.visibleMessages(t.id, alice.id).map((x) => x.content),
      ['table is open'],
    );
  });

  it('Start Thread without Message: type 10 is made (with its "thread created" line); 12, the default and 11 are refused', async () => {
    const made = (await bot.client.rest.post(Routes.threads(news.id), { body: { name: 'chat', type: 10 } })) as Json;
    assert.equal(made.type, 10);
    assert.equal(sim.channel(String(made.id)).type, ChannelType.AnnouncementThread);
    assert.ok(
      sim.allMessages(news.id).some((x) => x.type === 18 && x.content === 'chat'),
      'a THREAD_CREATED message in the parent, as for a public thread',
    );
    const before = sim.threads(news.id).length;
    for (const body of [{ name: 'seat', type: 12 }, { name: 'seat' }, { name: 'seat', type: 11 }]) {
      await assert.rejects(bot.client.rest.post(Routes.threads(news.id), { body }), invalidParent, JSON.stringify(body));
    }
    assert.equal(sim.threads(news.id).length, before, 'no thread made');
    // And the other way round: no announcement thread in a text channel.
    await assert.rejects(bot.client.rest.post(Routes.threads(text.id), { body: { name: 'x', type: 10 } }), invalidParent);
  });

  it('discord.js asked for a private thread in an announcement channel makes a public announcement thread', async () => {
    // discord.js's GuildTextThreadManager#create ignores `type` in an announcement channel (type 10
    // always; its types allow only that there, but a parent typed as a text channel, or a cast, gets
    // past them): a bot must check the parent's type itself before it puts a hand in a "private" thread.
    const asText = newsChannel as unknown as TextChannel;
    const t = await asText.threads.create({ name: 'seat of alice', type: DjsChannelType.PrivateThread });
    assert.equal(t.type, DjsChannelType.AnnouncementThread);
    assert.equal(sim.canView(bob.id, sim.channel(t.id)), true, 'anyone who sees the channel sees it');
  });

  it('talking in it takes Send Messages in Threads, not Send Messages (the bot and a member alike)', async () => {
    const m = await newsChannel.send('Chắn at 9');
    const t = await m.startThread({ name: 'Chắn' });
    assert.throws(() => sim.say(alice.id, news.id, 'hi'), /may not send messages/, 'denied in the channel itself');
    assert.equal(sim.say(alice.id, t.id, 'count me in').content, 'count me in');
    sim.setBotPermission(gid, Permissions.SendMessagesInThreads, false, news.id);
    try {
      await assert.rejects(t.send('x'), (e: unknown) => e instanceof DiscordAPIError && e.code === 50013);
      assert.equal((await newsChannel.send('still here')).content, 'still here', 'Send Messages still holds in the channel');
    } finally {
      sim.setBotPermission(gid, Permissions.SendMessagesInThreads, true, news.id);
    }
  });

  it('members, the active list, archive and lock, and List Public Archived Threads by parent type', async () => {
    const m = await newsChannel.send('Mạt chược');
    const t = await m.startThread({ name: 'Mạt chược' });
    await t.members.add(alice.id);
    assert.ok(sim.threadMembers(t.id).includes(alice.id));
    const active = (await bot.client.rest.get(Routes.guildActiveThreads(gid))) as { threads: Json[] };
    assert.ok(
      active.threads.some((x) => x.id === t.id && x.type === 10),
      'in the active list',
    );

    const textMsg = await ((await bot.client.channels.fetch(text.id)) as TextChannel).send('a text table');
    const textThread = await textMsg.startThread({ name: 'text table' });
    await textThread.setArchived(true);
    await t.edit({ archived: true, locked: true });
    assert.equal(sim.channel(t.id).archived, true);
    assert.equal(sim.channel(t.id).locked, true);
    assert.throws(() => sim.say(alice.id, t.id, 'again?'), /locked/);

    const archived = (id: string) => bot.client.rest.get(Routes.channelThreads(id, 'public')) as Promise<{ threads: Json[] }>;
    const inNews = (await archived(news.id)).threads;
    assert.ok(inNews.some((x) => x.id === t.id));
    assert.ok(
      inNews.every((x) => x.type === 10),
      'type 10 only',
    );
    assert.deepEqual(
      (await archived(text.id)).threads.map((x) => [x.id, x.type]),
      [[textThread.id, 11]],
    );
    const priv = (await bot.client.rest.get(Routes.channelThreads(news.id, 'private'))) as { threads: Json[] };
    assert.deepEqual(priv.threads, []);
  });

  it('auto-archives after its duration without activity, and goes with its channel when that is deleted', async () => {
    const m = await newsChannel.send('quiet');
    const t = await m.startThread({ name: 'quiet', autoArchiveDuration: 60 });
    sim.clock.advance(61 * 60_000);
    sim.checkDeadlines();
    assert.equal(sim.channel(t.id).archived, true);
    sim.deleteChannel(news.id);
    assert.equal(sim.channel(t.id).deleted, true);
    assert.deepEqual(sim.threads(news.id), []);
  });
});
