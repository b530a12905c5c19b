/**
 * Channel permission overwrites (Discord's "Permission Overwrites" algorithm): @everyone's, then the
 * member's roles', then the member's own; Administrator sees everything; a thread follows its parent.
 * The interaction's `member.permissions` is resolved in its channel, and discord.js computes the same
 * from the channel's `permission_overwrites` it receives. The bot's own permissions follow the same
 * algorithm (its @everyone and managed role, the channel's overwrites), the routes enforce them, and
 * the sim's `setBotPermission(…, channelId)` is a member overwrite the bot receives. Interaction
 * replies and follow-ups are webhooks: the bot's channel permissions do not apply to them.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PermissionFlagsBits as P, Routes, type Interaction, type TextChannel, type ThreadChannel } from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

const codeOf = (e: unknown): number | undefined => (e as { code?: number }).code;
const FILE = { attachment: Buffer.from('x'), name: 'a.txt' };

describe('simulator: permission overwrites', () => {
  let sim: DiscordSim;
  let bot: TestBot;
  let guildId: string;
  let open: string;
  let staff: string;
  let alice: string;
  let mod: string;
  let modRole: string;

  before(async () => {
    sim = await DiscordSim.start();
    guildId = sim.createGuild({ name: 'Quán' }).id;
    open = sim.createTextChannel(guildId, 'games').id;
    staff = sim.createTextChannel(guildId, 'staff').id;
    alice = sim.createUser({ username: 'alice' }).id;
    mod = sim.createUser({ username: 'mod' }).id;
    sim.addMember(guildId, alice);
    const m = sim.addMember(guildId, mod, { permissions: P.ViewChannel | P.SendMessages | P.UseApplicationCommands });
    modRole = m.roles[0]!;
    bot = await connectClient(sim);
    await bot.client.application!.commands.set([{ name: 'ping', description: 'Ping' }], guildId);
  });
  after(async () => {
    await bot.destroy();
    await sim.stop();
  });

  it('@everyone deny, a role allow, a member deny: resolved in that order', async () => {
    sim.setPermissionOverwrite(staff, guildId, 0, { deny: P.ViewChannel | P.SendMessages });
    sim.setPermissionOverwrite(staff, modRole, 0, { allow: P.ViewChannel | P.SendMessages });
    assert.equal(sim.memberPermissionsIn(guildId, alice, staff) & P.ViewChannel, 0n);
    assert.equal(sim.memberPermissionsIn(guildId, mod, staff) & P.SendMessages, P.SendMessages);
    sim.setPermissionOverwrite(staff, mod, 1, { deny: P.SendMessages });
    assert.equal(sim.memberPermissionsIn(guildId, mod, staff) & P.SendMessages, 0n);
    assert.equal(sim.memberPermissionsIn(guildId, mod, staff) & P.ViewChannel, P.ViewChannel);
    assert.equal(sim.memberPermissionsIn(guildId, alice, open) & P.ViewChannel, P.ViewChannel);
    await assert.rejects(async () => sim.slash(alice, staff, 'ping'), /cannot see/);
  });

  it("an interaction carries the member's permissions in its channel, and discord.js agrees", async () => {
    const got: { seen?: { perms: bigint; inStaff: boolean | undefined; aliceSees: boolean | undefined } } = {};
    bot.handle = async (i: Interaction) => {
      if (!i.isChatInputCommand() || !i.inCachedGuild()) return;
      const ch = i.guild.channels.cache.get(staff)!;
      got.seen = {
        perms: i.memberPermissions.bitfield,
        inStaff: ch.permissionsFor(i.member)?.has(P.SendMessages),
        aliceSees: ch.permissionsFor(i.guild.roles.everyone)?.has(P.ViewChannel),
      };
      await i.reply({ content: 'ok' });
    };
    const done = bot.nextHandled();
    await sim.slash(mod, staff, 'ping');
    await done;
    const s = got.seen!;
    assert.ok(s);
    assert.equal(s.perms & P.SendMessages, 0n, 'denied to the member in #staff');
    assert.equal(s.perms & P.ViewChannel, P.ViewChannel);
    assert.equal(s.inStaff, false);
    assert.equal(s.aliceSees, false);
  });

  /** The bot's managed role in the guild. */
  const botRole = () => sim.guild(guildId).roles.find((r) => r.managed && r.botId === sim.botUserId)!.id;

  it("a deny on the bot's role in a channel is enforced by the routes, and discord.js sees it too", async () => {
    const ch = sim.createTextChannel(guildId, 'role-denied');
    const channel = (await bot.client.channels.fetch(ch.id)) as TextChannel;
    const thread = await channel.threads.create({ name: 'table' });
    sim.setPermissionOverwrite(ch.id, botRole(), 0, { deny: P.AttachFiles | P.SendMessagesInThreads });
    await sim.waitFor(() => channel.permissionOverwrites.cache.has(botRole()), { message: 'CHANNEL_UPDATE' });
    assert.equal(sim.botPermissions(guildId, ch.id) & P.AttachFiles, 0n);
    assert.equal(channel.permissionsFor(bot.client.user!)?.has(P.AttachFiles), false, 'discord.js agrees');
    await assert.rejects(channel.send({ content: 'pic', files: [FILE] }), (e) => codeOf(e) === 50013);
    await channel.send('words only');
    await assert.rejects((thread as ThreadChannel).send('in the thread'), (e) => codeOf(e) === 50013, 'a thread takes its parent’s');
    sim.setPermissionOverwrite(ch.id, botRole(), 0, { deny: P.ViewChannel });
    await assert.rejects(bot.client.rest.get(Routes.channel(ch.id)), (e) => codeOf(e) === 50001);
    await assert.rejects(bot.client.rest.get(Routes.channel(thread.id)), (e) => codeOf(e) === 50001);
  });

  it("@everyone's deny applies to the bot, its role's allow wins over it, its own overwrite over both", async () => {
    const ch = sim.createTextChannel(guildId, 'read-only');
    const send = () => bot.client.rest.post(Routes.channelMessages(ch.id), { body: { content: 'x' } });
    sim.setPermissionOverwrite(ch.id, guildId, 0, { deny: P.SendMessages });
    await assert.rejects(send(), (e) => codeOf(e) === 50013);
    sim.setPermissionOverwrite(ch.id, botRole(), 0, { allow: P.SendMessages });
    await send();
    sim.setPermissionOverwrite(ch.id, sim.botUserId, 1, { deny: P.SendMessages });
    await assert.rejects(send(), (e) => codeOf(e) === 50013);
    // An interaction's app_permissions are computed the same way.
    let app: bigint | undefined;
    bot.handle = async (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      app = i.appPermissions.bitfield;
      await i.reply({ content: 'ok' });
    };
    const done = bot.nextHandled();
    await sim.slash(alice, ch.id, 'ping');
    await done;
    assert.equal(app! & P.SendMessages, 0n);
  });

  it('setBotPermission in a channel is a member overwrite for the bot, sent in CHANNEL_UPDATE; given back, it is gone', async () => {
    const ch = sim.createTextChannel(guildId, 'no-files');
    const channel = (await bot.client.channels.fetch(ch.id)) as TextChannel;
    const thread = await channel.threads.create({ name: 'table' });
    assert.deepEqual(sim.channel(ch.id).overwrites ?? [], [], 'no overwrite to begin with');
    sim.setBotPermission(guildId, P.AttachFiles, false, ch.id);
    assert.deepEqual(sim.channel(ch.id).overwrites, [{ id: sim.botUserId, type: 1, allow: 0n, deny: P.AttachFiles }]);
    await sim.waitFor(() => channel.permissionOverwrites.cache.get(sim.botUserId)?.deny.has(P.AttachFiles), { message: 'CHANNEL_UPDATE' });
    assert.equal(channel.permissionsFor(bot.client.user!)?.has(P.AttachFiles), false);
    assert.equal(channel.permissionsFor(bot.client.user!)?.has(P.SendMessages), true, 'only the bit taken');
    await assert.rejects(channel.send({ files: [FILE] }), (e) => codeOf(e) === 50013);
    // A thread has no overwrites: its id sets its parent's.
    sim.setBotPermission(guildId, P.SendMessagesInThreads, false, thread.id);
    assert.equal(sim.channel(ch.id).overwrites![0]!.deny, P.AttachFiles | P.SendMessagesInThreads);
    assert.equal(sim.channel(thread.id).overwrites, undefined);
    sim.setBotPermission(guildId, P.AttachFiles, true, ch.id);
    sim.setBotPermission(guildId, P.SendMessagesInThreads, true, ch.id);
    assert.deepEqual(sim.channel(ch.id).overwrites, [], 'nothing left to overwrite');
    await sim.waitFor(() => !channel.permissionOverwrites.cache.has(sim.botUserId), { message: 'CHANNEL_UPDATE' });
    await channel.send({ files: [FILE] });
  });

  it("guild-wide, the bot's role changes (GUILD_ROLE_UPDATE), and @everyone (so a user without a role) loses what the bot must lack", async () => {
    const me = () => bot.client.guilds.cache.get(guildId)!.members.me!;
    assert.equal(me().permissions.has(P.CreatePrivateThreads), true, '@everyone grants it by default');
    sim.setBotPermission(guildId, P.CreatePrivateThreads, false);
    try {
      assert.equal(sim.botPermissions(guildId) & P.CreatePrivateThreads, 0n);
      await sim.waitFor(() => !me().permissions.has(P.CreatePrivateThreads), { message: 'GUILD_ROLE_UPDATE' });
      const ch = (await bot.client.channels.fetch(open)) as TextChannel;
      assert.equal(ch.permissionsFor(me()).has(P.CreatePrivateThreads), false, 'discord.js agrees in the channel');
      assert.equal(sim.memberPermissionsIn(guildId, alice, open) & P.CreatePrivateThreads, 0n, "a user without a role has @everyone's");
      assert.equal(ch.permissionsFor(alice)?.has(P.CreatePrivateThreads), false, 'discord.js agrees');
    } finally {
      sim.setBotPermission(guildId, P.CreatePrivateThreads, true);
    }
    await sim.waitFor(() => me().permissions.has(P.CreatePrivateThreads), { message: 'given back through the role' });
  });

  it('a reply and a follow-up carry a file where the bot lacks Attach Files: interaction responses are webhooks', async () => {
    const ch = sim.createTextChannel(guildId, 'webhook-files');
    sim.setBotPermission(guildId, P.AttachFiles, false, ch.id);
    const errors: unknown[] = [];
    bot.handle = async (i: Interaction) => {
      if (!i.isChatInputCommand()) return;
      await i.reply({ content: 'reply', files: [FILE] });
      await i.followUp({ content: 'follow-up', files: [FILE] });
      await (i.channel as TextChannel).send({ content: 'channel', files: [FILE] }).catch((e: unknown) => errors.push(e));
    };
    const done = bot.nextHandled();
    const h = await sim.slash(alice, ch.id, 'ping');
    await done;
    assert.deepEqual(bot.errors.splice(0), []);
    assert.equal(h.response?.attachments.length, 1, 'the reply has its file');
    assert.equal(h.followUps[0]?.attachments.length, 1, 'the follow-up too');
    assert.equal(codeOf(errors[0]), 50013, 'a channel send with a file is refused');
  });
});
