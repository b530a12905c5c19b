/** discord.js's caches are bounded (issue #17: memory flat over months): src/bot/app.ts CACHE_LIMITS. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GuildMemberManager, MessageManager, Options, UserManager, type Client } from 'discord.js';
import { CACHE_LIMITS } from '../../src/bot/app.js';

test('clicked messages are never cached; members only the bot itself; users at most 10,000, the bot kept', () => {
  const make = Options.cacheWithLimits(CACHE_LIMITS);
  const client = { user: { id: 'bot' } } as unknown as Client;
  const messages = make(MessageManager as never, {} as never, MessageManager as never);
  messages.set('m1', { id: 'm1' } as never);
  assert.equal(messages.size, 0);
  const members = make(GuildMemberManager as never, {} as never, GuildMemberManager as never);
  members.set('u1', { id: 'u1', client } as never);
  members.set('bot', { id: 'bot', client } as never);
  assert.deepEqual([...members.keys()], ['bot']);
  const users = make(UserManager as never, {} as never, UserManager as never);
  users.set('bot', { id: 'bot', client } as never);
  for (let i = 0; i < 10_050; i++) users.set(`u${i}`, { id: `u${i}`, client } as never);
  assert.ok(users.size <= 10_001, String(users.size));
  assert.ok(users.has('bot'), 'the bot user is kept');
});
