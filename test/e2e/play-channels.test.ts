/**
 * /play where no game thread can be made. Slash commands also run in a voice or stage channel's text
 * chat (GuildVoice 2, GuildStageVoice 13), where Discord has no threads (threads start only under
 * GUILD_TEXT and GUILD_ANNOUNCEMENT channels): /play posted its public lobby there, then discord.js
 * refused to start the thread (MessageThreadParent) and the lobby was edited to "I could not create the
 * game thread (missing permission or too many active threads). The table was cancelled." Now it is
 * refused ephemerally, in the user's language, before anything is posted. Likewise a bot without Read
 * Message History (the simulator refuses Start Thread from Message without it; Discord's docs do not
 * say it does not) is told what it lacks up front instead of cancelling a posted lobby.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld, type World } from './harness.js';
import { channelJson } from '../discord-sim/serialize.js';
import { Intents } from '../discord-sim/gateway.js';
import { Permissions as P } from '../discord-sim/model.js';

/** A voice (2) or stage (13) channel, announced to the bot as Discord does (CHANNEL_CREATE). */
async function chatOf(w: World, type: 2 | 13, name: string): Promise<string> {
  const ch = w.sim.newChannel({ type, guildId: w.guildId, name });
  w.sim.gateway.dispatch('CHANNEL_CREATE', channelJson(w.sim, ch), Intents.Guilds);
  await w.sim.waitFor(() => w.bot.client.channels.cache.has(ch.id), { timeout: 5000, message: 'the bot knows the channel' });
  return ch.id;
}

const gameRows = (w: World) => (w.store.db.prepare('SELECT COUNT(*) AS n FROM games').get() as { n: number }).n;

for (const [type, kind] of [
  [2, 'voice'],
  [13, 'stage'],
] as const) {
  test(`/play in a ${kind} channel's chat is refused ephemerally before anything is posted`, async () => {
    await withWorld(async (w) => {
      const host = w.users[0]!.id;
      const channelId = await chatOf(w, type, `${kind}-lounge`);
      const h = await slash(w, host, 'play', { game: 'phom' }, channelId);
      assert.equal(h.messages.length, 1, 'one answer');
      const [answer] = h.messages;
      assert.equal(answer!.ephemeralTo, host, 'to the host alone');
      assert.match(w.sim.text(answer!), /Run \/play in a text or announcement channel/);
      assert.doesNotMatch(w.sim.text(answer!), /cancelled/);
      assert.equal(w.sim.allMessages(channelId).filter((m) => !m.ephemeralTo).length, 0, 'no public lobby posted');
      assert.equal(gameRows(w), 0, 'no table written');
    });
  });
}

test("/play in a voice channel's chat is refused in the user's language (Vietnamese, Traditional Chinese)", async () => {
  for (const [locale, said] of [
    ['vi', /kênh văn bản hoặc kênh thông báo/],
    ['zh-TW', /文字頻道或公告頻道/],
  ] as const) {
    await withWorld(
      async (w) => {
        const channelId = await chatOf(w, 2, 'voice');
        const h = await slash(w, w.users[0]!.id, 'play', { game: 'phom' }, channelId);
        assert.match(w.sim.text(h.messages[0]!), said);
        assert.equal(gameRows(w), 0);
      },
      { userLocale: locale },
    );
  }
});

test('/play where the bot lacks Read Message History names it, posts nothing and writes no table', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    w.sim.setBotPermission(w.guildId, P.ReadMessageHistory, false, w.channelId);
    const h = await slash(w, host, 'play', { game: 'phom' });
    assert.equal(h.messages.length, 1);
    assert.equal(h.messages[0]!.ephemeralTo, host);
    assert.match(w.sim.text(h.messages[0]!), /missing these permissions in this channel: Read Message History\b/);
    assert.equal(gameRows(w), 0, 'no table written');
    assert.equal(w.sim.threads(w.channelId).length, 0);
    // Given back, /play opens its table with its thread.
    w.sim.setBotPermission(w.guildId, P.ReadMessageHistory, true, w.channelId);
    const ok = await slash(w, host, 'play', { game: 'phom' });
    const [thread] = w.sim.threads(w.channelId);
    assert.ok(thread, 'a thread under the channel');
    assert.match(w.sim.text(ok.response!), new RegExp(`lobby open <#${thread.id}>`));
  });
});
