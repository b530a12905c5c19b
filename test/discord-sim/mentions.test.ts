/**
 * Who a bot message notifies (mentions.ts, from Discord's Message Formatting and Allowed Mentions
 * docs): everything is parsed without allowed_mentions; `parse: []` notifies nobody; `users` lists
 * who may be; components-V2 Text Displays are read; role and everyone mentions need MENTION_EVERYONE;
 * ephemeral messages and edits notify nobody, and so does the filling of a deferred reply (its edit or
 * first follow-up: discord-api-docs#5497, #4034; discord.js#9482), where a reply (type 4) notifies.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Routes, SlashCommandBuilder, type ChatInputCommandInteraction, type Message } from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';
import { Permissions as P } from './model.js';

const V2 = 1 << 15;

describe('simulator: who a message notifies', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let channelId: string;
  let alice: string;
  let bob: string;
  const role = '111111111111111111';

  before(async () => {
    sim = await DiscordSim.start();
    guildId = sim.createGuild({ name: 'Quán' }).id;
    channelId = sim.createTextChannel(guildId, 'games').id;
    alice = sim.createUser({ username: 'alice' }).id;
    bob = sim.createUser({ username: 'bob' }).id;
    sim.addMember(guildId, alice);
    sim.addMember(guildId, bob);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  const post = async (body: Record<string, unknown>) => {
    const m = (await bot.client.rest.post(Routes.channelMessages(channelId), { body })) as { id: string };
    return sim.message(m.id)!.notified;
  };

  it('parses every kind without allowed_mentions, and nothing with parse: []', async () => {
    const text = `<@${alice}> <@!${bob}> <@&${role}> @everyone`;
    sim.setBotPermissions(guildId, sim.botPermissions(guildId) | P.MentionEveryone);
    assert.deepEqual(await post({ content: text }), { users: [alice, bob], roles: [role], everyone: true });
    assert.deepEqual(await post({ content: text, allowed_mentions: { parse: [] } }), { users: [], roles: [], everyone: false });
    assert.deepEqual(await post({ content: text, allowed_mentions: { users: [bob] } }), { users: [bob], roles: [], everyone: false });
    sim.setBotPermissions(guildId, sim.botPermissions(guildId) & ~P.MentionEveryone);
    assert.deepEqual(await post({ content: text }), { users: [alice, bob], roles: [], everyone: false });
  });

  it('reads the Text Displays of a components-V2 message, inside containers too', async () => {
    const body = {
      flags: V2,
      components: [
        { type: 17, components: [{ type: 10, content: `Turn: <@${alice}>` }] },
        { type: 10, content: `<@${bob}>` },
      ],
    };
    assert.deepEqual((await post(body)).users, [alice, bob]);
    assert.deepEqual((await post({ ...body, allowed_mentions: { parse: [] } })).users, []);
  });

  /** Alice runs /play, answered by `answer`; who the message it returns notified. */
  const answeredBy = async (answer: (i: ChatInputCommandInteraction) => Promise<Message>) => {
    let id = '';
    bot.errors.length = 0;
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) id = (await answer(i)).id;
    };
    const done = bot.nextHandled();
    await sim.slash(alice, channelId, 'play');
    await done;
    assert.deepEqual(bot.errors, []);
    return sim.message(id)!.notified;
  };

  it('filling a deferred reply notifies nobody, by editReply or the first follow-up; a reply does', async () => {
    const body = { content: `<@${bob}> your turn`, allowedMentions: { users: [bob] } };
    const edited = await answeredBy(async (i) => {
      await i.deferReply();
      return i.editReply(body);
    });
    assert.deepEqual(edited, { users: [], roles: [], everyone: false });
    const followedUp = await answeredBy(async (i) => {
      await i.deferReply();
      return i.followUp(body);
    });
    assert.deepEqual(followedUp, { users: [], roles: [], everyone: false });
    const replied = await answeredBy(async (i) => {
      await i.reply(body);
      return i.fetchReply();
    });
    assert.deepEqual(replied, { users: [bob], roles: [], everyone: false });
  });

  it('an edit notifies nobody new', async () => {
    const m = (await bot.client.rest.post(Routes.channelMessages(channelId), { body: { content: 'hi' } })) as { id: string };
    await bot.client.rest.patch(Routes.channelMessage(channelId, m.id), { body: { content: `<@${alice}>` } });
    assert.deepEqual(sim.message(m.id)!.notified.users, []);
  });
});
