/**
 * Where the simulator used to be more lenient than Discord (a reviewer's findings), each with its reference:
 * - Execute Webhook `thread_id`: "The thread will automatically be unarchived" (as a channel send does:
 *   Channel docs "Example Thread Channel"); interaction replies and follow-ups post through the same webhook.
 * - Archived threads are immutable (docs/topics/threads.md "Active & Archived Threads"): an edit through
 *   callback type 7 or a delete through the interaction webhook is 50083 like the channel routes (the
 *   DELETE channel-message answer is quoted in victornpb/undiscord#399; webhook routes answering 50083 in
 *   archived threads: discord-api-docs#5517, #6884).
 * - A bot can DM only a user it shares a server with (support article 360060145013 "Why isn't my DM going
 *   through"): 403 / 50007 "Cannot send messages to this user".
 * - `enforce_nonce` after the first message was deleted: Discord does not recreate it and answers
 *   404 / 10008 Unknown Message ("intentional", discord-api-docs#6647, the author of enforce_nonce).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelType, SlashCommandBuilder, type Interaction, type TextChannel } from 'discord.js';
import { DiscordSim, Permissions } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

const codeOf = (e: unknown): number | undefined => (e as { code?: number } | undefined)?.code;

describe('fidelity: archived threads, DMs without a shared server, enforced nonces', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let alice: string;
  let n = 0;
  before(async () => {
    sim = await DiscordSim.start();
    guildId = sim.createGuild({ name: 'g' }).id;
    alice = sim.createUser({ username: 'alice' }).id;
    sim.addMember(guildId, alice);
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });
  /** A public thread of a fresh channel, with a bot message carrying a button. */
  const thread = async () => {
    const ch = (await bot.client.channels.fetch(sim.createTextChannel(guildId, `c${++n}`).id)) as TextChannel;
    const th = await ch.threads.create({ name: 't', type: ChannelType.PublicThread });
    const m = await th.send({ content: 'x', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'b', custom_id: 'b' }] }] });
    return { ch, th, m };
  };
  const clickWith = async (messageId: string, handler: (i: Interaction) => Promise<void>) => {
    bot.errors.length = 0;
    bot.handle = handler;
    const done = bot.nextHandled();
    await sim.click(alice, messageId, 'b');
    await done;
    return bot.errors[0];
  };

  it('a public follow-up in an archived thread unarchives it, as a channel send does', async () => {
    const { th, m } = await thread();
    const err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      await i.deferUpdate();
      sim.archiveThread(th.id);
      await i.followUp({ content: 'public follow-up' });
    });
    assert.equal(err, undefined);
    assert.equal(sim.channel(th.id).archived, false, 'a public follow-up reopens the archived thread');
  });

  it('a type-4 reply in an archived thread unarchives it; an ephemeral one leaves it archived', async () => {
    const { th, m } = await thread();
    let err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      sim.archiveThread(th.id);
      await i.reply({ content: 'only you', flags: 64 });
    });
    assert.equal(err, undefined);
    assert.equal(sim.channel(th.id).archived, true, 'an ephemeral reply is no message in the thread');
    err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      await i.reply({ content: 'public reply' });
    });
    assert.equal(err, undefined);
    assert.equal(sim.channel(th.id).archived, false, 'a public reply reopens the archived thread');
  });

  it('a reply in an archived and locked thread, by a bot without MANAGE_THREADS, is 50083 and leaves it archived', async () => {
    const { th, m } = await thread();
    sim.setBotPermission(guildId, Permissions.ManageThreads, false, th.id);
    const err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      sim.archiveThread(th.id, { locked: true });
      await i.reply({ content: 'public reply' });
    });
    assert.equal(codeOf(err), 50083);
    assert.equal(sim.channel(th.id).archived, true);
  });

  it('a type-7 UPDATE_MESSAGE on a message in an archived thread is refused like PATCH (50083)', async () => {
    const { th, m } = await thread();
    const err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      sim.archiveThread(th.id);
      await i.update({ content: 'edited while archived' });
    });
    assert.equal(codeOf(err), 50083, 'the same edit through PATCH /channels/{id}/messages/{id} or @original is refused with 50083');
    assert.equal(sim.message(m.id)!.content, 'x', 'the message is unchanged');
  });

  it('deleting a follow-up through the interaction webhook in an archived thread is refused like the channel route (50083)', async () => {
    const { th, m } = await thread();
    let followUpId = '';
    const err = await clickWith(m.id, async (i) => {
      if (!i.isButton()) return;
      await i.deferUpdate();
      const f = await i.followUp({ content: 'to delete' });
      followUpId = f.id;
      sim.archiveThread(th.id);
      await i.deleteReply(f.id);
    });
    assert.equal(codeOf(err), 50083, 'DELETE /channels/{id}/messages/{id} gives 50083 in the same thread');
    assert.equal(sim.message(followUpId)!.deleted, false);
  });

  it('a DM to a user who shares no server with the bot is 403 / 50007', async () => {
    const stranger = sim.createUser({ username: 'stranger' }).id;
    sim.addMember(guildId, stranger);
    const u = await bot.client.users.fetch(stranger);
    const dm = await u.createDM();
    await dm.send('while a member');
    sim.kick(guildId, stranger);
    const err = await dm.send('hello').then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.equal(codeOf(err), 50007, 'no mutual server: Cannot send messages to this user');
    assert.equal((err as { status?: number }).status, 403);
  });

  it('enforce_nonce after the first message was deleted: 10008 Unknown Message, no new message', async () => {
    const ch = (await bot.client.channels.fetch(sim.createTextChannel(guildId, `c${++n}`).id)) as TextChannel;
    const first = await ch.send({ content: 'r', nonce: 'n-1', enforceNonce: true });
    await first.delete();
    const err = await ch.send({ content: 'r', nonce: 'n-1', enforceNonce: true }).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.equal(codeOf(err), 10008, 'Discord does not recreate a deleted message for its nonce');
    assert.equal(sim.allMessages(ch.id).length, 0, 'no live message was created');
  });
});
