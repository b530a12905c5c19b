/**
 * DM channels, private threads and message content rules, with an unmodified discord.js Client:
 * - DMs (https://discord.com/developers/docs/resources/user#create-dm): `POST /users/@me/channels` opens or reuses a
 *   type-1 channel; a user with DMs closed makes sends fail with 403 / 50007; a button in a DM arrives without
 *   guild_id, with `user` instead of `member` (context 1, the bot's DM).
 * - Private threads (type 12): visible to their members and to Manage Threads holders only; members are added with
 *   `PUT /channels/{id}/thread-members/{user}`; creating one needs CREATE_PRIVATE_THREADS (50013).
 * - Relative timestamps (`<t:…:R>`) pass through message content unchanged.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType as DjsChannelType,
  DiscordAPIError,
  Routes,
  type ButtonInteraction,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { ChannelType, DiscordSim, Permissions } from './index.js';
import { connectClient, openTextChannel, type TestBot } from './helpers.js';

describe('DM channels', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let alice: { id: string };
  before(async () => {
    sim = await DiscordSim.start();
    const g = sim.createGuild({ name: 'g' });
    alice = sim.createUser({ username: 'alice', locale: 'vi' });
    sim.addMember(g.id, alice.id);
    bot = await connectClient(sim);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('POST /users/@me/channels opens a type-1 channel and returns the same one again', async () => {
    const a = (await bot.client.rest.post(Routes.userChannels(), { body: { recipient_id: alice.id } })) as {
      id: string;
      type: number;
      recipients: Array<{ id: string }>;
    };
    const b = (await bot.client.rest.post(Routes.userChannels(), { body: { recipient_id: alice.id } })) as { id: string };
    assert.equal(a.type, 1);
    assert.equal(a.recipients[0]!.id, alice.id);
    assert.equal(b.id, a.id);
    assert.equal(sim.dmChannel(alice.id)?.id, a.id);
    assert.equal(sim.dmChannel(alice.id)?.type, ChannelType.DM);
  });

  it('messages in a DM: the user sees them; a button click arrives without guild_id, with user, not member', async () => {
    const user = await bot.client.users.fetch(alice.id);
    const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId('dm:ok').setLabel('OK').setStyle(ButtonStyle.Primary),
    );
    const sent = await user.send({ content: 'Your turn at table 7', components: [row] });
    const dm = sim.dmChannel(alice.id)!;
    assert.equal(sent.channelId, dm.id);
    assert.equal(sent.guildId, null);
    const seen = sim.visibleMessages(dm.id, alice.id);
    assert.deepEqual(
      seen.map((m) => m.content),
      ['Your turn at table 7'],
    );
    assert.equal(seen[0]!.guildId, undefined);

    let got: ButtonInteraction | undefined;
    bot.handle = async (i: Interaction) => {
      if (!i.isButton()) return;
      got = i;
      await i.update({ content: 'Done', components: [] });
    };
    const h = await sim.click(alice.id, seen[0]!, 'dm:ok');
    await h.settled();
    assert.equal(h.failed, false);
    assert.equal(h.payload.guild_id, undefined);
    assert.equal(h.payload.member, undefined);
    assert.equal((h.payload.user as { id: string }).id, alice.id);
    assert.equal(h.payload.context, 1);
    assert.deepEqual(h.payload.authorizing_integration_owners, { '0': '0' });
    assert.ok(got);
    assert.equal(got.guildId, null);
    assert.equal(got.inGuild(), false);
    assert.equal(got.member, null);
    assert.equal(got.user.id, alice.id);
    assert.equal(got.locale, 'vi');
    assert.equal(got.channel?.type, DjsChannelType.DM);
    assert.equal(sim.message(seen[0]!.id)!.content, 'Done');
  });

  it('a user with DMs closed: the send fails with 403 / 50007, and works again once opened', async () => {
    sim.setDmsClosed(alice.id, true);
    const user = await bot.client.users.fetch(alice.id);
    await assert.rejects(user.send('ping'), (e: unknown) => {
      assert.ok(e instanceof DiscordAPIError);
      assert.equal(e.status, 403);
      assert.equal(e.code, 50007);
      assert.equal((e.rawError as { message: string }).message, 'Cannot send messages to this user');
      return true;
    });
    sim.setDmsClosed(alice.id, false);
    await user.send('ping');
    assert.equal(sim.lastMessage(sim.dmChannel(alice.id)!.id, alice.id)!.content, 'ping');
  });

  it('a user created with dmsClosed gets 50007 too', async () => {
    const bob = sim.createUser({ username: 'bob', dmsClosed: true });
    const user = await bot.client.users.fetch(bob.id);
    await assert.rejects(user.send('hi'), (e: unknown) => e instanceof DiscordAPIError && e.code === 50007);
  });
});

describe('private threads', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let gid: string;
  let channel: TextChannel;
  let alice: { id: string };
  let bob: { id: string };
  let mod: { id: string };
  before(async () => {
    sim = await DiscordSim.start();
    const g = sim.createGuild({ name: 'g' });
    gid = g.id;
    const ch = sim.createTextChannel(g.id, 'games');
    alice = sim.createUser({ username: 'alice' });
    bob = sim.createUser({ username: 'bob' });
    mod = sim.createUser({ username: 'mod' });
    sim.addMember(g.id, alice.id);
    sim.addMember(g.id, bob.id);
    sim.addMember(g.id, mod.id, { permissions: Permissions.ViewChannel | Permissions.ManageThreads | Permissions.SendMessages });
    bot = await connectClient(sim);
    channel = (await bot.client.channels.fetch(ch.id)) as TextChannel;
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('type 12, invitable flag; only members and Manage Threads holders see it; PUT thread-members adds one', async () => {
    const t = await channel.threads.create({ name: 'seat of alice', type: DjsChannelType.PrivateThread, invitable: false });
    assert.equal(t.type, DjsChannelType.PrivateThread);
    assert.equal(t.invitable, false);
    const st = sim.channel(t.id);
    assert.equal(st.type, ChannelType.PrivateThread);
    assert.equal(st.invitable, false);
    assert.deepEqual(sim.threadMembers(t.id), [sim.botUserId]);
    // No starter message in the parent for a private thread.
    assert.equal(sim.visibleMessages(channel.id, alice.id).length, 0);
    await t.send('your hand');
    assert.equal(sim.visibleMessages(t.id, alice.id).length, 0, 'not a member yet');
    assert.equal(sim.visibleMessages(t.id, mod.id).length, 1, 'Manage Threads sees every private thread');
    await t.members.add(alice.id);
    assert.deepEqual(sim.threadMembers(t.id).sort(), [sim.botUserId, alice.id].sort());
    assert.deepEqual(
      sim.visibleMessages(t.id, alice.id).map((m) => m.content),
      ['your hand'],
    );
    assert.equal(sim.visibleMessages(t.id, bob.id).length, 0, 'bob is still out');
    assert.ok(sim.restLog().some((e) => e.summary.startsWith(`PUT /channels/${t.id}/thread-members/${alice.id} → 204`)));
    // A person outside the thread cannot use it.
    await assert.rejects(sim.slash(bob.id, t.id, 'play'), /cannot see/);
  });

  it('without CREATE_PRIVATE_THREADS: 50013 for a private thread, while a public one still works', async () => {
    sim.setBotPermission(gid, Permissions.CreatePrivateThreads, false);
    try {
      assert.equal(sim.botPermissions(gid) & Permissions.CreatePrivateThreads, 0n);
      await assert.rejects(channel.threads.create({ name: 'private', type: DjsChannelType.PrivateThread }), (e: unknown) => {
        assert.ok(e instanceof DiscordAPIError);
        assert.equal(e.status, 403);
        assert.equal(e.code, 50013);
        return true;
      });
      const pub = await channel.threads.create({ name: 'public', type: DjsChannelType.PublicThread });
      assert.equal(sim.channel(pub.id).type, ChannelType.PublicThread);
    } finally {
      sim.setBotPermission(gid, Permissions.CreatePrivateThreads, true);
    }
    assert.notEqual(sim.botPermissions(gid) & Permissions.CreatePrivateThreads, 0n);
    const again = await channel.threads.create({ name: 'private again', type: DjsChannelType.PrivateThread });
    assert.equal(sim.channel(again.id).type, ChannelType.PrivateThread);
  });

  it('relative timestamps pass through message content unchanged', async () => {
    const deadline = Math.floor(Date.UTC(2026, 11, 1, 12, 30) / 1000);
    const text = `Waiting for claims on 5♠ (until <t:${deadline}:R>) — <t:${deadline}:F>`;
    const m = await channel.send(text);
    assert.equal(m.content, text);
    assert.equal(sim.message(m.id)!.content, text);
    const fetched = await channel.messages.fetch(m.id);
    assert.equal(fetched.content, text);
  });
});

describe('Create Message nonces (enforce_nonce)', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let channel: TextChannel;
  before(async () => {
    ({ sim, bot, channel } = await openTextChannel());
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('a second create with an enforced nonce returns the first message and creates none', async () => {
    const a = await channel.send({ content: 'once', nonce: 'remind-1', enforceNonce: true });
    const b = await channel.send({ content: 'once again', nonce: 'remind-1', enforceNonce: true });
    assert.equal(b.id, a.id);
    assert.equal(b.content, 'once');
    assert.equal(sim.allMessages(channel.id).filter((m) => m.content.startsWith('once')).length, 1);
    // Without enforce_nonce the nonce is only echoed: a new message each time.
    const c = await channel.send({ content: 'twice', nonce: 'n-2' });
    const d = await channel.send({ content: 'twice', nonce: 'n-2' });
    assert.notEqual(c.id, d.id);
  });

  it('the nonce is remembered a few minutes only, and longer than 25 characters is refused (50035)', async () => {
    const a = await channel.send({ content: 'later', nonce: 'n-3', enforceNonce: true });
    sim.clock.advance(6 * 60_000);
    const b = await channel.send({ content: 'later', nonce: 'n-3', enforceNonce: true });
    assert.notEqual(b.id, a.id);
    await assert.rejects(
      channel.send({ content: 'x', nonce: 'n'.repeat(26), enforceNonce: true }),
      (e: unknown) => e instanceof DiscordAPIError && e.code === 50035,
    );
  });
});

describe('message change listeners', () => {
  it('onMessageChange reports every create, edit and delete, until unsubscribed', async () => {
    const { sim, bot, channel: ch } = await openTextChannel();
    try {
      const seen: string[] = [];
      const off = sim.onMessageChange((m) => seen.push(`${m.id}:${m.deleted ? 'deleted' : m.edits}`));
      const sent = await ch.send('one');
      await sent.edit('two');
      await sent.delete();
      assert.deepEqual(seen, [`${sent.id}:0`, `${sent.id}:1`, `${sent.id}:deleted`]);
      off();
      await ch.send('three');
      assert.equal(seen.length, 3, 'no call after unsubscribing');
    } finally {
      await bot.destroy();
      await sim.stop();
    }
  });
});
