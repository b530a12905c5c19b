/**
 * Which channels /play opens a table in: those a game thread can start from. Discord starts a thread
 * from a message only under a GUILD_TEXT (a PUBLIC_THREAD) or GUILD_ANNOUNCEMENT channel (an
 * ANNOUNCEMENT_THREAD); discord.js refuses any other parent (Message#startThread: MessageThreadParent).
 * Slash commands also run in a voice or stage channel's text chat, where /play posted a lobby and then
 * cancelled it; a thread is refused before this check (errors:not-in-thread).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChannelType } from 'discord.js';
import { startsGameThreads } from '../../commands/play.js';

test('a game thread starts only under a text or announcement channel', () => {
  // Every type discord.js knows, once each (GuildNews is GuildAnnouncement's old name).
  const numeric = [...new Set(Object.values(ChannelType).filter((v): v is ChannelType => typeof v === 'number'))];
  assert.ok(numeric.includes(ChannelType.GuildVoice) && numeric.includes(ChannelType.GuildStageVoice));
  const yes = numeric.filter(startsGameThreads).sort((a, b) => a - b);
  assert.deepEqual(yes, [ChannelType.GuildText, ChannelType.GuildAnnouncement]);
  for (const t of [ChannelType.GuildVoice, ChannelType.GuildStageVoice, ChannelType.GuildForum, ChannelType.GuildMedia])
    assert.equal(startsGameThreads(t), false, ChannelType[t]);
});
