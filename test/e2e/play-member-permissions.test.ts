/**
 * /play opens a lobby and a public thread on the member's behalf: a member who may not send messages
 * or open threads in the channel (only View Channel and Use Application Commands, as in a read-only
 * channel) is refused with an ephemeral line naming what they lack, and nothing is created. Before,
 * only the bot's permissions were checked.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PermissionFlagsBits as P } from 'discord.js';
import { slash, withWorld } from './harness.js';

test('a member without Send Messages or Create Public Threads cannot open a table; one with them can', async () => {
  await withWorld(async (w) => {
    const reader = w.sim.createUser({ username: 'reader', locale: 'en-US' });
    w.sim.addMember(w.guildId, reader.id, { permissions: P.ViewChannel | P.ReadMessageHistory | P.UseApplicationCommands });
    const h = await slash(w, reader.id, 'play', { game: 'phom' });
    const reply = h.response!;
    assert.equal(reply.ephemeralTo, reader.id);
    assert.match(w.sim.text(reply), /cannot open a table here.*Send Messages, Create Public Threads/s);
    assert.equal(w.store.games.recent(w.guildId, 5).length, 0);
    assert.equal(w.sim.threads(w.channelId).length, 0);

    const poster = w.sim.createUser({ username: 'poster', locale: 'en-US' });
    w.sim.addMember(w.guildId, poster.id, {
      permissions: P.ViewChannel | P.ReadMessageHistory | P.UseApplicationCommands | P.SendMessages | P.CreatePublicThreads,
    });
    await slash(w, poster.id, 'play', { game: 'phom' });
    assert.equal(w.store.games.recent(w.guildId, 5)[0]?.status, 'lobby');
  });
});
