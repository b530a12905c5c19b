/** The control API + SimRemote: a script in another process can play as users. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, MessageFlags, SlashCommandBuilder } from 'discord.js';
import { DiscordSim } from './index.js';
import { SimRemote } from './remote.js';
import { connectClient, type TestBot } from './helpers.js';

describe('remote control API', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  before(async () => {
    sim = await DiscordSim.start({ realTime: true });
    const g = sim.createGuild({ name: 'Quán' });
    sim.createTextChannel(g.id, 'games');
    for (const name of ['alice', 'bob']) sim.addMember(g.id, sim.createUser({ username: name }).id);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set(
      [
        new SlashCommandBuilder()
          .setName('play')
          .setDescription('Play')
          .addStringOption((o) => o.setName('game').setDescription('g'))
          .toJSON(),
      ],
      g.id,
    );
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: `lobby ${i.options.getString('game')}`,
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('join').setLabel('Join').setStyle(ButtonStyle.Success),
            ),
          ],
        });
      } else if (i.isButton()) {
        await i.reply({ content: `welcome ${i.user.username}`, flags: MessageFlags.Ephemeral });
      }
    };
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('plays as users over HTTP', async () => {
    const remote = await SimRemote.connect(sim.origin);
    const state = await remote.describe();
    const games = state.guilds[0].channels.find((c: { name: string }) => c.name === 'games');
    const alice = state.users.find((u: { username: string }) => u.username === 'alice');
    const bob = state.users.find((u: { username: string }) => u.username === 'bob');
    const i = await remote.slash(alice.id, games.id, 'play', { game: 'phom' });
    const lobby = await i.reply();
    assert.equal(lobby.content, 'lobby phom');
    const join = remote.findButton(lobby, 'Join');
    const c = await remote.click(bob.id, lobby, join!.custom_id);
    assert.equal((await c.reply()).content, 'welcome bob');
    assert.deepEqual(
      (await remote.visibleMessages(games.id, alice.id)).map((m) => m.content),
      ['lobby phom'],
    );
    assert.deepEqual(
      (await remote.visibleMessages(games.id, bob.id)).map((m) => m.content),
      ['lobby phom', 'welcome bob'],
    );
    await assert.rejects(remote.slash(alice.id, games.id, 'nope'), /not registered/);
  });

  it('creates text and announcement channels', async () => {
    const remote = await SimRemote.connect(sim.origin);
    // Announcement channels need a Community server with the NEWS feature, as on Discord.
    const guildId = sim.createGuild({ name: 'Tin', features: ['COMMUNITY', 'NEWS'] }).id;
    const text = await remote.createTextChannel(guildId, 'more-games');
    const news = await remote.createAnnouncementChannel(guildId, 'news');
    assert.equal(sim.channel(text.id).type, 0);
    assert.equal(sim.channel(news.id).type, 5, 'an announcement channel');
  });

  it("reads the rate limiter and gateway, and closes a user's DMs", async () => {
    const remote = await SimRemote.connect(sim.origin);
    const state = await remote.describe();
    const alice = state.users.find((u: { username: string }) => u.username === 'alice');
    const stats = await remote.rateLimitStats();
    assert.ok(stats.requests > 0);
    assert.ok(stats.exempt >= 2, 'the callbacks above were exempt from the global limit');
    assert.ok(stats.routes['POST /interactions/:id/:token/callback']!.requests >= 2);
    await remote.resetRateLimits();
    assert.equal((await remote.rateLimitStats()).requests, 0);
    const gw = await remote.gateway();
    assert.equal(gw.shards, 1);
    assert.equal(gw.sessions.filter((s) => s.connected).length, 1);
    await remote.setDmsClosed(alice.id, true);
    assert.equal(sim.user(alice.id).dmsClosed, true);
  });
});
