/**
 * What an interaction token reaches and what a deferred callback takes
 * (developers/interactions/receiving-and-responding.mdx):
 * - "Followup Messages": PATCH /webhooks/<application_id>/<interaction_token>/messages/<message_id> is "to
 *   edit a message sent with that token": its original response and its own follow-ups, not a message
 *   another interaction's token sent (10008 Unknown Message);
 * - Interaction Callback Data "Messages": with DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE "the only valid message
 *   flag you may use is EPHEMERAL" (50035 otherwise);
 * - Interaction Callback Resource: `message` is "Only present if type is either
 *   CHANNEL_MESSAGE_WITH_SOURCE or UPDATE_MESSAGE".
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MessageFlags, Routes, SlashCommandBuilder, type Interaction } from 'discord.js';
import { DiscordSim } from './index.js';
import { openServer, type TestBot } from './helpers.js';

const codeOf = (e: unknown): number | undefined => (e as { code?: number }).code;

/** The error code `f` fails with, or 'ok'. */
async function outcome(f: () => Promise<unknown>): Promise<number | 'ok' | undefined> {
  try {
    await f();
    return 'ok';
  } catch (e) {
    return codeOf(e);
  }
}

interface CallbackAnswer {
  interaction: { response_message_id: string | null };
  resource: { type: number; message?: { id: string } };
}

describe('simulator: an interaction token and its callbacks', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let channelId: string;
  let alice: string;

  before(async () => {
    ({ sim, bot, guildId, channelId, alice } = await openServer());
    await bot.client.application!.commands.set([new SlashCommandBuilder().setName('play').setDescription('Play').toJSON()], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  /** Runs /play answered by `handler`; the handle and the handler's error, if any. */
  const run = async (handler: (i: Interaction) => Promise<void>) => {
    bot.errors.length = 0;
    bot.handle = async (i) => {
      if (i.isChatInputCommand()) await handler(i);
    };
    const done = bot.nextHandled();
    const i = await sim.slash(alice, channelId, 'play');
    await done;
    return { i, error: bot.errors[0] };
  };
  /** A raw callback of the interaction `i` (discord.js's own methods would not send these bodies). */
  const callback = (i: Interaction, body: Record<string, unknown>, withResponse = false) =>
    bot.client.rest.post(Routes.interactionCallback(i.id, i.token), {
      body,
      auth: false,
      ...(withResponse ? { query: new URLSearchParams({ with_response: 'true' }) } : {}),
    }) as Promise<CallbackAnswer | undefined>;

  it('reaches its own reply and follow-ups, not another token’s messages (10008)', async () => {
    let theirs = '';
    await run(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'A reply' });
      theirs = (await i.followUp({ content: 'A follow-up' })).id;
    });
    const results: Record<string, number | 'ok' | undefined> = {};
    await run(async (i) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'B reply' });
      const own = (await i.followUp({ content: 'B follow-up' })).id;
      results.fetchTheirs = await outcome(() => i.webhook.fetchMessage(theirs));
      results.editTheirs = await outcome(() => i.webhook.editMessage(theirs, { content: 'edited with B token' }));
      results.deleteTheirs = await outcome(() => i.webhook.deleteMessage(theirs));
      results.editOwn = await outcome(() => i.webhook.editMessage(own, { content: 'B follow-up, edited' }));
      results.editOriginal = await outcome(() => i.editReply({ content: 'B reply, edited' }));
    });
    assert.deepEqual(results, { fetchTheirs: 10008, editTheirs: 10008, deleteTheirs: 10008, editOwn: 'ok', editOriginal: 'ok' });
    assert.deepEqual([sim.message(theirs)!.content, sim.message(theirs)!.deleted], ['A follow-up', false], 'untouched');
  });

  it('refuses a deferred reply (5) with any flag but EPHEMERAL (50035), and takes it with EPHEMERAL', async () => {
    for (const flags of [MessageFlags.SuppressNotifications, MessageFlags.IsComponentsV2]) {
      const { i, error } = await run(async (x) => {
        await callback(x, { type: 5, data: { flags } });
      });
      assert.equal(codeOf(error), 50035, `flags ${flags}`);
      assert.equal(i.acknowledged, false, 'a refused callback acknowledges nothing');
      assert.equal(i.response, undefined);
    }
    const { i, error } = await run(async (x) => {
      if (x.isChatInputCommand()) await x.deferReply({ flags: MessageFlags.Ephemeral });
    });
    assert.equal(error, undefined);
    assert.equal(i.ackType, 5);
  });

  it('with_response: resource.message for 4 only, not for a deferred reply (5)', async () => {
    let deferred: CallbackAnswer | undefined;
    let replied: CallbackAnswer | undefined;
    await run(async (i) => {
      deferred = await callback(i, { type: 5 }, true);
    });
    await run(async (i) => {
      replied = await callback(i, { type: 4, data: { content: 'hi' } }, true);
    });
    assert.equal(deferred!.resource.type, 5);
    assert.equal(deferred!.resource.message, undefined, 'no message for a defer');
    assert.ok(deferred!.interaction.response_message_id, 'the interaction still names its response');
    assert.equal(replied!.resource.type, 4);
    assert.equal(replied!.resource.message!.id, replied!.interaction.response_message_id);
  });
});

describe('simulator: with_response of a component interaction', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let alice: string;
  let messageId: string;

  before(async () => {
    let channelId: string;
    ({ sim, bot, channelId, alice } = await openServer());
    const body = { content: 'table', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'b', custom_id: 'b' }] }] };
    messageId = ((await bot.client.rest.post(Routes.channelMessages(channelId), { body })) as { id: string }).id;
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  const answered = async (body: Record<string, unknown>): Promise<CallbackAnswer> => {
    let answer: CallbackAnswer | undefined;
    bot.handle = async (i) => {
      answer = (await bot.client.rest.post(Routes.interactionCallback(i.id, i.token), {
        body,
        auth: false,
        query: new URLSearchParams({ with_response: 'true' }),
      })) as CallbackAnswer;
    };
    const done = bot.nextHandled();
    await sim.click(alice, messageId, 'b');
    await done;
    return answer!;
  };

  it('resource.message for UPDATE_MESSAGE (7), not for DEFERRED_UPDATE_MESSAGE (6)', async () => {
    const deferred = await answered({ type: 6 });
    assert.equal(deferred.resource.message, undefined);
    const updated = await answered({ type: 7, data: { content: 'updated' } });
    assert.equal(updated.resource.message!.id, messageId);
  });
});
