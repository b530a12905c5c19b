/**
 * An unmodified discord.js Client against the simulator: login, command registration, and every way of answering
 * a slash command, a button, a select and a modal; attachments; threads; restart on the same state.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  ContainerBuilder,
  EmbedBuilder,
  LabelBuilder,
  MediaGalleryBuilder,
  MediaGalleryItemBuilder,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  StringSelectMenuBuilder,
  PermissionFlagsBits,
  REST,
  Routes,
  TextDisplayBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Interaction,
  type ThreadChannel,
} from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

export const PNG_1x1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

const play = new SlashCommandBuilder()
  .setName('play')
  .setDescription('Start a game')
  .setNameLocalizations({ vi: 'chơi' })
  .addStringOption((o) =>
    o.setName('game').setDescription('Game').setRequired(true).addChoices({ name: 'Phỏm', value: 'phom' }, { name: 'Chắn', value: 'chan' }),
  )
  .addIntegerOption((o) => o.setName('seats').setDescription('Seats').setMinValue(2).setMaxValue(4))
  .addUserOption((o) => o.setName('opponent').setDescription('Opponent'));
const game = new SlashCommandBuilder()
  .setName('game')
  .setDescription('Game admin')
  .addSubcommand((s) =>
    s
      .setName('start')
      .setDescription('Start')
      .addIntegerOption((o) => o.setName('seats').setDescription('Seats').setRequired(true)),
  )
  .addSubcommand((s) => s.setName('stop').setDescription('Stop'));
const config = new SlashCommandBuilder().setName('config').setDescription('House rules');

describe('discord.js client against the simulator', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let aliceId: string;
  let bobId: string;
  let n = 0;
  const newChannel = (): string => sim.createTextChannel(guildId, `t${++n}`).id;

  before(async () => {
    sim = await DiscordSim.start();
    const guild = sim.createGuild({ name: 'Quán', locale: 'vi' });
    guildId = guild.id;
    aliceId = sim.createUser({ username: 'alice', locale: 'en-US' }).id;
    bobId = sim.createUser({ username: 'bob', locale: 'vi' }).id;
    sim.addMember(guildId, aliceId);
    sim.addMember(guildId, bobId);
    sim.createTextChannel(guildId, 'games');
    bot = await connectClient(sim);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('logs in and sees the guild with channels, roles and members', () => {
    const g = bot.client.guilds.cache.get(guildId);
    assert.ok(g);
    assert.equal(g.preferredLocale, 'vi');
    assert.ok(g.channels.cache.find((c) => c.name === 'games'));
    assert.ok(g.roles.everyone);
    assert.ok(g.members.cache.has(aliceId));
    assert.equal(bot.client.user?.id, sim.botUserId);
  });

  it('registers guild and global commands (bulk overwrite)', async () => {
    await bot.client.application!.commands.set([play.toJSON(), game.toJSON()], guildId);
    await bot.client.application!.commands.set([config.toJSON()]);
    assert.deepEqual(
      sim
        .commands(guildId)
        .map((c) => c.name)
        .sort(),
      ['game', 'play'],
    );
    assert.deepEqual(
      sim.commands().map((c) => c.name),
      ['config'],
    );
    // Re-deploying keeps ids.
    const id = sim.commands(guildId).find((c) => c.name === 'play')!.id;
    await bot.client.application!.commands.set([play.toJSON(), game.toJSON()], guildId);
    assert.equal(sim.commands(guildId).find((c) => c.name === 'play')!.id, id);
  });

  it('a standalone REST client (deploy script) reads the application and deploys', async () => {
    const rest = new REST({ api: sim.apiBase }).setToken(sim.token);
    const app = (await rest.get(Routes.currentApplication())) as { id: string };
    assert.equal(app.id, sim.applicationId);
    await rest.put(Routes.applicationGuildCommands(app.id, guildId), { body: [play.toJSON(), game.toJSON(), config.toJSON()] });
    assert.equal(sim.commands(guildId).length, 3);
    await assert.rejects(
      new REST({ api: sim.apiBase }).setToken('wrong').get(Routes.currentApplication()),
      (e: unknown) => (e as { status?: number }).status === 401,
    );
  });

  it('rejects an invalid command name (uppercase / NFD) with 50035', async () => {
    await assert.rejects(
      bot.client.rest.put(`/applications/${sim.applicationId}/commands`, { body: [{ name: 'Phỏm', description: 'x' }] }),
      (e: unknown) => (e as { code?: number }).code === 50035,
    );
    await assert.rejects(
      bot.client.rest.put(`/applications/${sim.applicationId}/commands`, { body: [{ name: 'phỏm'.normalize('NFD'), description: 'x' }] }),
      (e: unknown) => (e as { code?: number }).code === 50035,
    );
  });

  it('slash command with options and a user option → reply', async () => {
    const ch = newChannel();
    let seen: Record<string, unknown> = {};
    bot.handle = async (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      seen = {
        game: i.options.getString('game'),
        seats: i.options.getInteger('seats'),
        opp: i.options.getUser('opponent')?.username,
        locale: i.locale,
        guildLocale: i.guildLocale,
      };
      await i.reply({ content: `Bàn ${i.options.getString('game')}` });
    };
    const i = await sim.slash(aliceId, ch, 'play', { game: 'phom', seats: 4, opponent: bobId });
    await i.settled();
    assert.equal(i.failed, false);
    assert.equal(i.ackType, 4);
    assert.deepEqual(seen, { game: 'phom', seats: 4, opp: 'bob', locale: 'en-US', guildLocale: 'vi' });
    assert.equal(i.response?.content, 'Bàn phom');
    assert.deepEqual(
      sim.visibleMessages(ch, bobId).map((m) => m.content),
      ['Bàn phom'],
    );
  });

  it('subcommands arrive nested', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply(`${i.options.getSubcommand()} ${i.options.getInteger('seats')}`);
    };
    const i = await sim.slash(aliceId, ch, 'game', { start: { seats: 3 } });
    assert.equal((await i.reply()).content, 'start 3');
  });

  it('deferReply then editReply, ephemeral defer stays private', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.deferReply({ flags: MessageFlags.Ephemeral });
      await new Promise((r) => setTimeout(r, 20));
      await i.editReply({ content: 'your hand', embeds: [new EmbedBuilder().setTitle('Hand').setDescription('A♠ K♥')] });
    };
    const i = await sim.slash(aliceId, ch, 'play', { game: 'chan' });
    await i.settled();
    assert.equal(i.ackType, 5);
    const reply = await i.reply();
    assert.equal(reply.content, 'your hand');
    assert.equal(reply.embeds[0]?.title, 'Hand');
    assert.equal(reply.ephemeralTo, aliceId);
    assert.equal(sim.visibleMessages(ch, aliceId).length, 1);
    assert.equal(sim.visibleMessages(ch, bobId).length, 0);
  });

  it('buttons: update (7), deferUpdate (6) + editReply, followUp ephemeral', async () => {
    const ch = newChannel();
    const row = (label: string) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId('g:1:0:draw').setLabel(label).setStyle(ButtonStyle.Primary),
        new ButtonBuilder().setCustomId('g:1:0:pass').setLabel('Pass').setStyle(ButtonStyle.Secondary),
      );
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) await i.reply({ content: 'table', components: [row('Draw')] });
      else if (i.isButton() && i.customId.endsWith('draw')) {
        await i.update({ content: 'table v2', components: [row('Draw again')] });
        await i.followUp({ content: 'you drew 7♣', flags: MessageFlags.Ephemeral });
      } else if (i.isButton()) {
        await i.deferUpdate();
        await i.editReply({ content: 'passed', components: [] });
      }
    };
    await (await sim.slash(aliceId, ch, 'play', { game: 'phom' })).settled();
    const table = sim.visibleMessages(ch, aliceId)[0]!;
    assert.ok(sim.findButton(table, 'Draw'));
    const c1 = await sim.click(aliceId, table, 'g:1:0:draw');
    await c1.settled();
    assert.equal(c1.ackType, 7);
    assert.equal(table.content, 'table v2');
    await sim.waitFor(() => c1.followUps.length === 1);
    assert.deepEqual(
      sim.visibleMessages(ch, aliceId).map((m) => m.content),
      ['table v2', 'you drew 7♣'],
    );
    assert.deepEqual(
      sim.visibleMessages(ch, bobId).map((m) => m.content),
      ['table v2'],
    );
    assert.match(sim.transcript(ch, aliceId), /\[Draw again\] g:1:0:draw[\s\S]*\(only you\): you drew 7♣/);
    const c2 = await sim.click(bobId, table, 'g:1:0:pass');
    await c2.settled();
    assert.equal(c2.ackType, 6);
    assert.equal((await c2.reply()).content, 'passed');
    assert.equal(table.components.length, 0);
    await assert.rejects(sim.click(aliceId, table, 'g:1:0:draw'), /no button/);
  });

  it('clicks on an ephemeral message carry flags 64 and can be updated in place', async () => {
    const ch = newChannel();
    let flags = 0;
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: 'hand',
          flags: MessageFlags.Ephemeral,
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('refresh').setLabel('Refresh').setStyle(ButtonStyle.Secondary),
            ),
          ],
        });
      } else if (i.isButton()) {
        flags = i.message.flags.bitfield;
        await i.update({ content: 'hand (refreshed)' });
      }
    };
    const s = await sim.slash(aliceId, ch, 'play', { game: 'phom' });
    const hand = await s.reply();
    assert.equal(hand.ephemeralTo, aliceId);
    await assert.rejects(sim.click(bobId, hand, 'refresh'), /another user's ephemeral/);
    const c = await sim.click(aliceId, hand, 'refresh');
    await c.settled();
    assert.equal(flags & MessageFlags.Ephemeral, MessageFlags.Ephemeral);
    assert.equal(hand.content, 'hand (refreshed)');
  });

  it('string select', async () => {
    const ch = newChannel();
    let values: string[] = [];
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) {
        const sel = new StringSelectMenuBuilder()
          .setCustomId('discard')
          .setPlaceholder('Discard')
          .setMinValues(1)
          .setMaxValues(2)
          .addOptions({ label: '7♣', value: '7c' }, { label: 'K♥', value: 'kh' }, { label: 'A♠', value: 'as' });
        await i.reply({ content: 'pick', components: [new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(sel)] });
      } else if (i.isStringSelectMenu()) {
        values = i.values;
        await i.update({ content: `discarded ${i.values.join(',')}`, components: [] });
      }
    };
    await (await sim.slash(aliceId, ch, 'play', { game: 'phom' })).settled();
    const msg = sim.lastMessage(ch, aliceId)!;
    assert.ok(sim.findSelect(msg, 'Discard'));
    await assert.rejects(sim.select(aliceId, msg, 'discard', ['zz']), /no option/);
    const s = await sim.select(aliceId, msg, 'discard', ['7c', 'as']);
    await s.settled();
    assert.deepEqual(values, ['7c', 'as']);
    assert.equal(msg.content, 'discarded 7c,as');
  });

  it('modal: shown from a slash command (label form) and submitted', async () => {
    const ch = newChannel();
    let got = '';
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) {
        const modal = new ModalBuilder()
          .setCustomId('cfg')
          .setTitle('Luật nhà')
          .addLabelComponents(
            new LabelBuilder()
              .setLabel('Stake')
              .setTextInputComponent(new TextInputBuilder().setCustomId('stake').setStyle(TextInputStyle.Short)),
          );
        await i.showModal(modal);
      } else if (i.isModalSubmit()) {
        got = i.fields.getTextInputValue('stake');
        await i.reply({ content: `stake=${got}`, flags: MessageFlags.Ephemeral });
      }
    };
    const s = await sim.slash(aliceId, ch, 'config');
    await s.settled();
    assert.equal(s.ackType, 9);
    assert.equal(s.modal?.title, 'Luật nhà');
    await assert.rejects(sim.submitModal(aliceId, null, 'cfg', {}), /required/);
    const m = await sim.submitModal(aliceId, null, 'cfg', { stake: '10' });
    assert.equal((await m.reply()).content, 'stake=10');
    assert.equal(got, '10');
    await assert.rejects(sim.submitModal(aliceId, null, 'cfg', { stake: '10' }), /no open modal/);
  });

  it('modal from a button (legacy rows), submit can update the message', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) {
        await i.reply({
          content: 'lobby',
          components: [
            new ActionRowBuilder<ButtonBuilder>().addComponents(
              new ButtonBuilder().setCustomId('name').setLabel('Name').setStyle(ButtonStyle.Primary),
            ),
          ],
        });
      } else if (i.isButton()) {
        await i.showModal(
          new ModalBuilder()
            .setCustomId('nm')
            .setTitle('Name')
            .addComponents(
              new ActionRowBuilder<TextInputBuilder>().addComponents(
                new TextInputBuilder().setCustomId('n').setLabel('Table name').setStyle(TextInputStyle.Short),
              ),
            ),
        );
      } else if (i.isModalSubmit() && i.isFromMessage()) {
        await i.update({ content: `lobby: ${i.fields.getTextInputValue('n')}` });
      }
    };
    await (await sim.slash(aliceId, ch, 'play', { game: 'phom' })).settled();
    const lobby = sim.lastMessage(ch, aliceId)!;
    await (await sim.click(aliceId, lobby, 'name')).settled();
    const m = await sim.submitModal(aliceId, lobby, 'nm', { n: 'Bàn 1' });
    await m.settled();
    assert.equal(m.ackType, 7);
    assert.equal(lobby.content, 'lobby: Bàn 1');
  });

  it('PNG attachment: reply with files, channel send, Components V2 media gallery; bytes retrievable', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({
        content: 'hand',
        files: [new AttachmentBuilder(PNG_1x1, { name: 'hand.png' })],
        embeds: [new EmbedBuilder().setImage('attachment://hand.png')],
      });
      const channel = await bot.client.channels.fetch(i.channelId!);
      if (channel?.isSendable()) {
        await channel.send({ files: [new AttachmentBuilder(PNG_1x1, { name: 'table.png' })] });
        await channel.send({
          flags: MessageFlags.IsComponentsV2,
          files: [new AttachmentBuilder(PNG_1x1, { name: 'v2.png' })],
          components: [
            new ContainerBuilder()
              .addTextDisplayComponents(new TextDisplayBuilder().setContent('Bàn 1'))
              .addMediaGalleryComponents(new MediaGalleryBuilder().addItems(new MediaGalleryItemBuilder().setURL('attachment://v2.png'))),
          ],
        });
      }
    };
    const i = await sim.slash(aliceId, ch, 'play', { game: 'phom' });
    await sim.waitFor(() => sim.visibleMessages(ch, aliceId).length === 3);
    const [reply, table, v2] = sim.visibleMessages(ch, aliceId);
    assert.equal(i.response, reply);
    assert.equal(reply!.attachments[0]!.filename, 'hand.png');
    assert.equal(reply!.attachments[0]!.contentType, 'image/png');
    assert.deepEqual(reply!.attachments[0]!.data, PNG_1x1);
    assert.equal(reply!.attachments[0]!.width, 1);
    assert.deepEqual(sim.images(table!)[0]!.data, PNG_1x1);
    assert.equal(v2!.flags & MessageFlags.IsComponentsV2, MessageFlags.IsComponentsV2);
    // The CDN URL serves the bytes too.
    const res = await fetch(table!.attachments[0]!.url);
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG_1x1);
  });

  it('threads: from a message and standalone, public and private, members, archive and lock', async () => {
    const ch = newChannel();
    let thread: ThreadChannel | undefined;
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      const reply = await i.reply({ content: 'Bàn Phỏm', withResponse: true });
      thread = await reply.resource!.message!.startThread({ name: 'Phỏm #1', autoArchiveDuration: 10080 });
      await thread.members.add(i.user.id);
      await thread.send('Lượt của alice');
    };
    await (await sim.slash(aliceId, ch, 'play', { game: 'phom' })).settled();
    await sim.waitFor(() => sim.threads(ch).length === 1 && sim.visibleMessages(sim.threads(ch)[0]!.id, aliceId).length === 1);
    const t = sim.threads(ch)[0]!;
    assert.equal(t.name, 'Phỏm #1');
    assert.equal(t.type, 11);
    assert.equal(t.id, sim.visibleMessages(ch, aliceId)[0]!.id, 'a thread from a message shares its id');
    assert.deepEqual(sim.threadMembers(t.id).sort(), [sim.botUserId, aliceId].sort());
    assert.equal(sim.visibleMessages(t.id, bobId)[0]!.content, 'Lượt của alice');

    const parent = await bot.client.channels.fetch(ch);
    assert.ok(parent?.type === ChannelType.GuildText);
    const priv = await parent.threads.create({ name: 'private', type: ChannelType.PrivateThread, invitable: false });
    await priv.members.add(aliceId);
    await priv.send('secret table');
    assert.equal(sim.visibleMessages(priv.id, aliceId).length, 1);
    assert.equal(sim.visibleMessages(priv.id, bobId).length, 0, 'non-members do not see a private thread');
    const pub = await parent.threads.create({ name: 'standalone', type: ChannelType.PublicThread });
    assert.equal(sim.channel(pub.id).type, 11);

    await thread!.setArchived(true);
    // Locking an archived thread: 50083 (Modify Channel needs `archived` false or set false in the
    // request); reopened locked, then archived again.
    await assert.rejects(thread!.setLocked(true), (e) => (e as { code?: unknown }).code === 50083);
    await thread!.edit({ archived: false, locked: true });
    await thread!.setArchived(true);
    assert.equal(sim.channel(t.id).archived, true);
    assert.equal(sim.channel(t.id).locked, true);
    await sim.waitFor(() => thread!.archived && thread!.locked);
  });

  it('slash in a thread, editReply with a file (multipart PATCH @original), raw %40original and @original', async () => {
    const parent = await bot.client.channels.fetch(newChannel());
    assert.ok(parent?.type === ChannelType.GuildText);
    const t = await parent.threads.create({ name: 'Bàn 2', type: ChannelType.PublicThread });
    let inThread = false;
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      inThread = i.channel?.isThread() ?? false;
      await i.deferReply();
      await i.editReply({ content: 'board', files: [new AttachmentBuilder(PNG_1x1, { name: 'board.png' })] });
      const app = i.applicationId;
      await i.client.rest.patch(`/webhooks/${app}/${i.token}/messages/%40original` as `/${string}`, {
        body: { content: 'board (encoded)' },
        auth: false,
      });
      await i.client.rest.patch(`/webhooks/${app}/${i.token}/messages/@original`, { body: { content: 'board (plain)' }, auth: false });
    };
    const done = bot.nextHandled();
    const i = await sim.slash(aliceId, t.id, 'play', { game: 'phom' });
    await done;
    assert.deepEqual(bot.errors, []);
    assert.equal(inThread, true);
    assert.equal(i.response?.content, 'board (plain)');
    assert.equal(i.response?.attachments[0]?.filename, 'board.png');
    assert.equal(i.response?.channelId, t.id);
  });

  it('threads auto-archive after inactivity on the sim clock; discord.js sees THREAD_UPDATE', async () => {
    const parent = await bot.client.channels.fetch(newChannel());
    assert.ok(parent?.type === ChannelType.GuildText);
    const t = await parent.threads.create({ name: 'quiet', type: ChannelType.PublicThread, autoArchiveDuration: 60 });
    sim.clock.advance(59 * 60_000);
    assert.equal(sim.channel(t.id).archived, false);
    sim.clock.advance(60_000);
    assert.equal(sim.channel(t.id).archived, true);
    await sim.waitFor(() => t.archived);
  });

  it('member permissions: an admin member has them in interaction.memberPermissions and member.permissions', async () => {
    const admin = sim.createUser({ username: 'admin' });
    sim.addMember(guildId, admin.id, { permissions: PermissionFlagsBits.Administrator });
    let seen: boolean[] = [];
    bot.handle = async (i) => {
      if (!i.isChatInputCommand() || !i.inCachedGuild()) return;
      seen = [i.memberPermissions.has(PermissionFlagsBits.ManageGuild), i.member.permissions.has(PermissionFlagsBits.ManageGuild)];
      await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral });
    };
    await (await sim.slash(admin.id, newChannel(), 'config')).reply();
    assert.deepEqual(seen, [true, true]);
  });

  it('channel messages: get, edit, delete; deleteReply removes @original', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply('temporary');
      await i.deleteReply();
      const channel = await i.client.channels.fetch(i.channelId);
      if (!channel?.isSendable()) return;
      const ping = await channel.send('your turn');
      const table = await channel.send('table');
      const fetched = await channel.messages.fetch({ message: table.id, force: true });
      await fetched.edit('table v2');
      await ping.delete();
    };
    const done = bot.nextHandled();
    const i = await sim.slash(aliceId, ch, 'play', { game: 'phom' });
    await done;
    assert.deepEqual(bot.errors, []);
    assert.equal(i.response?.deleted, true);
    const seen = sim.visibleMessages(ch, aliceId);
    assert.deepEqual(
      seen.map((m) => m.content),
      ['table v2'],
    );
    assert.ok(seen[0]!.editedTimestamp);
  });

  it('DMs: channel creation; closed DMs give 50007', async () => {
    const carol = sim.createUser({ username: 'carol', dmsClosed: true });
    const alice = await bot.client.users.fetch(aliceId);
    const m = await alice.send('psst');
    assert.equal(sim.visibleMessages(m.channelId, aliceId)[0]!.content, 'psst');
    const c = await bot.client.users.fetch(carol.id);
    await assert.rejects(c.send('hi'), (e: unknown) => (e as { code?: number }).code === 50007);
  });

  it('restart: a new Client on the same state resolves threads and old buttons still work', async () => {
    const ch = newChannel();
    bot.handle = async (i) => {
      if (!i.isChatInputCommand()) return;
      const r = await i.reply({
        content: 'lobby',
        withResponse: true,
        components: [
          new ActionRowBuilder<ButtonBuilder>().addComponents(
            new ButtonBuilder().setCustomId('g:9:1:join').setLabel('Join').setStyle(ButtonStyle.Success),
          ),
        ],
      });
      await r.resource!.message!.startThread({ name: 'Bàn 9' });
    };
    await (await sim.slash(aliceId, ch, 'play', { game: 'phom' })).settled();
    await sim.waitFor(() => sim.threads(ch).length === 1);
    const lobby = sim.visibleMessages(ch, aliceId)[0]!;
    const threadId = sim.threads(ch)[0]!.id;
    assert.equal(lobby.flags & 32, 32, 'HAS_THREAD');
    // Editing a message that has a thread (flag 32) works.
    await bot.client.rest.patch(`/channels/${ch}/messages/${lobby.id}`, { body: { content: 'lobby (started)' } });
    assert.equal(lobby.content, 'lobby (started)');
    await bot.destroy();
    assert.equal(sim.connectedBots(), 0);
    const bot2 = await connectClient(sim);
    try {
      assert.ok(bot2.client.channels.cache.get(threadId), 'active threads come back in GUILD_CREATE');
      bot2.handle = async (i) => {
        if (i.isButton()) await i.reply({ content: `joined via ${i.customId}`, flags: MessageFlags.Ephemeral });
      };
      const c = await sim.click(bobId, lobby, 'g:9:1:join');
      assert.equal((await c.reply()).content, 'joined via g:9:1:join');
    } finally {
      bot = bot2;
    }
  });
});
