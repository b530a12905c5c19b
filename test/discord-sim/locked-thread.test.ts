/**
 * A thread a moderator locks without archiving it (topics/threads.md, "Locked Threads"): "Users
 * (including bot users) without the MANAGE_THREADS permission … won't be able to create or update
 * messages in locked threads, or update properties like its title or tags"; deleting messages and
 * reactions stay allowed while it is active; "If a user or bot user has the MANAGE_THREADS permission,
 * they will still be able to make changes to the thread and messages". And "Editing & Deleting Threads":
 * changing `name` or `auto_archive_duration` "requires MANAGE_THREADS or that the current user is the
 * thread creator". The simulator once refused only the new message.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Routes, type Interaction, type ThreadChannel } from 'discord.js';
import { DiscordSim, Permissions as P } from './index.js';
import { openServer, type TestBot } from './helpers.js';

const codeOf = (e: unknown): number | undefined => (e as { code?: number }).code;
const button = { type: 1, components: [{ type: 2, style: 1, label: 'b', custom_id: 'b' }] };

/** The error code `f` fails with, or 'ok'. */
async function outcome(f: () => Promise<unknown>): Promise<number | 'ok' | undefined> {
  try {
    await f();
    return 'ok';
  } catch (e) {
    return codeOf(e);
  }
}

describe('simulator: a locked thread that is still active', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let channelId: string;
  let alice: string;
  let threadId: string;
  let messageId: string;

  before(async () => {
    ({ sim, bot, guildId, channelId, alice } = await openServer());
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });
  /** A fresh thread of the bot's, its message with a button, then locked; the bot without Manage Threads. */
  beforeEach(async () => {
    sim.setBotPermission(guildId, P.ManageThreads, true);
    const rest = bot.client.rest;
    threadId = ((await rest.post(Routes.threads(channelId), { body: { name: 't', type: 11 } })) as { id: string }).id;
    messageId = (
      (await rest.post(Routes.channelMessages(threadId), { body: { content: 'table', components: [button] } })) as { id: string }
    ).id;
    sim.setBotPermission(guildId, P.ManageThreads, false);
    sim.lockThread(threadId);
  });

  it('sim.lockThread locks without archiving, and discord.js is told', async () => {
    assert.deepEqual([sim.channel(threadId).locked, sim.channel(threadId).archived], [true, false]);
    const th = (await bot.client.channels.fetch(threadId)) as ThreadChannel;
    await sim.waitFor(() => th.locked === true);
    sim.lockThread(threadId, false);
    await sim.waitFor(() => th.locked === false);
  });

  it('refuses a new message and an edit of the bot’s own (160005); a delete and a reaction still go', async () => {
    const rest = bot.client.rest;
    assert.equal(await outcome(() => rest.post(Routes.channelMessages(threadId), { body: { content: 'x' } })), 160005);
    assert.equal(await outcome(() => rest.patch(Routes.channelMessage(threadId, messageId), { body: { content: 'edited' } })), 160005);
    assert.equal(sim.message(messageId)!.content, 'table', 'unchanged');
    assert.equal(await outcome(() => rest.put(Routes.channelMessageOwnReaction(threadId, messageId, '👍'))), 'ok');
    assert.equal(await outcome(() => rest.delete(Routes.channelMessage(threadId, messageId))), 'ok');
  });

  it('lets a bot with Manage Threads edit there', async () => {
    sim.setBotPermission(guildId, P.ManageThreads, true);
    const rest = bot.client.rest;
    assert.equal(await outcome(() => rest.patch(Routes.channelMessage(threadId, messageId), { body: { content: 'edited' } })), 'ok');
    assert.equal(sim.message(messageId)!.content, 'edited');
  });

  /** A click on the thread's message, answered by `handler`; the handler's error code, or 'ok'. */
  const clicked = async (handler: (i: Interaction) => Promise<unknown>) => {
    bot.errors.length = 0;
    bot.handle = async (i) => {
      if (i.isButton()) await handler(i);
    };
    const done = bot.nextHandled();
    await sim.click(alice, messageId, 'b');
    await done;
    return bot.errors.length ? codeOf(bot.errors[0]) : 'ok';
  };

  it('refuses an edit through the interaction: editReply after deferUpdate, and update (callback 7)', async () => {
    const viaToken = await clicked(async (i) => {
      if (!i.isButton()) return;
      await i.deferUpdate();
      await i.editReply({ content: 'edited via token' });
    });
    assert.equal(viaToken, 160005);
    const update = await clicked(async (i) => {
      if (i.isButton()) await i.update({ content: 'updated' });
    });
    assert.equal(update, 160005);
    assert.equal(sim.message(messageId)!.content, 'table', 'unchanged');
  });

  it('leaves follow-ups and deferred replies as they were (the docs say nothing of them)', async () => {
    const followUp = await clicked(async (i) => {
      if (!i.isButton()) return;
      await i.deferUpdate();
      await i.followUp({ content: 'follow-up' });
    });
    assert.equal(followUp, 'ok');
    const filled = await clicked(async (i) => {
      if (!i.isButton()) return;
      await i.deferReply();
      await i.editReply({ content: 'the reply' });
    });
    assert.equal(filled, 'ok', 'filling the "thinking…" message is the reply, not an edit of the thread’s messages');
  });

  it('lets a bot with Manage Threads edit through the interaction', async () => {
    sim.setBotPermission(guildId, P.ManageThreads, true);
    const update = await clicked(async (i) => {
      if (i.isButton()) await i.update({ content: 'updated' });
    });
    assert.equal(update, 'ok');
    assert.equal(sim.message(messageId)!.content, 'updated');
  });
});

describe('simulator: who may rename a thread (topics/threads "Editing & Deleting Threads")', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let channelId: string;
  let alice: string;

  before(async () => {
    ({ sim, bot, guildId, channelId, alice } = await openServer());
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  /** A thread the bot made, then handed to `owner` as its creator; the bot's Manage Threads as `manage`. */
  const thread = async (owner: string, manage: boolean): Promise<string> => {
    sim.setBotPermission(guildId, P.ManageThreads, true);
    const id = ((await bot.client.rest.post(Routes.threads(channelId), { body: { name: 't', type: 11 } })) as { id: string }).id;
    sim.channel(id).ownerId = owner;
    sim.setBotPermission(guildId, P.ManageThreads, manage);
    return id;
  };
  const patch = (id: string, body: Record<string, unknown>) => outcome(() => bot.client.rest.patch(Routes.channel(id), { body }));

  it('refuses a name or auto_archive_duration change of a thread someone else created, without Manage Threads (50013)', async () => {
    const id = await thread(alice, false);
    const duration = sim.channel(id).autoArchiveDuration;
    assert.equal(await patch(id, { name: 'renamed' }), 50013);
    assert.equal(await patch(id, { auto_archive_duration: duration === 60 ? 1440 : 60 }), 50013);
    assert.deepEqual([sim.channel(id).name, sim.channel(id).autoArchiveDuration], ['t', duration], 'unchanged');
    assert.equal(await patch(id, { name: 't', auto_archive_duration: duration }), 'ok', 'the same values change nothing');
  });

  it('lets the creator or a holder of Manage Threads change them', async () => {
    const own = await thread(sim.botUserId, false);
    assert.equal(await patch(own, { name: 'mine', auto_archive_duration: 60 }), 'ok');
    const theirs = await thread(alice, true);
    assert.equal(await patch(theirs, { name: 'moderated', auto_archive_duration: 4320 }), 'ok');
    assert.deepEqual([sim.channel(theirs).name, sim.channel(theirs).autoArchiveDuration], ['moderated', 4320]);
  });

  it('refuses any edit of a locked thread without Manage Threads, even its creator’s (160005)', async () => {
    const own = await thread(sim.botUserId, false);
    sim.lockThread(own);
    assert.equal(await patch(own, { name: 'renamed' }), 160005);
  });
});
