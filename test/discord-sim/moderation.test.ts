/**
 * Moderation in the simulator, as Discord documents it: a kick (or a member leaving) is told only to a
 * bot with the privileged GUILD_MEMBERS intent (GUILD_MEMBER_REMOVE); a ban sends GUILD_BAN_ADD
 * `{ guild_id, user }` to a bot with the GUILD_MODERATION intent (1 << 2, standard) that has Ban
 * Members or View Audit Log in the server (discord-api-docs PR #7948); Get Guild Member answers
 * 404 / 10007 Unknown Member for a user who is not a member; a banned user cannot join again.
 * The bot removed from a guild is told by GUILD_DELETE without `unavailable`, gets nothing more of it
 * and 50001 Missing Access from its REST routes; added again, GUILD_CREATE. A timed-out member keeps
 * only View Channel and Read Message History: it can neither send nor use commands or components.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  RESTJSONErrorCodes,
  Routes,
  type Guild,
  type GuildBan,
  type GuildMember,
  type Interaction,
  type TextChannel,
} from 'discord.js';
import { DiscordSim, Permissions } from './index.js';
import { connectClient, type TestBot } from './helpers.js';
import { SimRemote } from './remote.js';

const codeOf = (e: unknown): number | undefined => (e as { code?: number }).code;

/** The dispatch names a client received, in order, from now on. */
function recorder(bot: TestBot): string[] {
  const seen: string[] = [];
  bot.client.on(Events.Raw, (p: { t?: string | null }) => {
    if (p.t) seen.push(p.t);
  });
  return seen;
}

/** Waits until `seen` holds the CHANNEL_CREATE of a channel made now: every dispatch sent before it has arrived. */
async function flush(sim: DiscordSim, guildId: string, seen: string[]): Promise<void> {
  const n = seen.filter((t) => t === 'CHANNEL_CREATE').length;
  sim.createTextChannel(guildId, `marker-${n}`);
  await sim.waitFor(() => seen.filter((t) => t === 'CHANNEL_CREATE').length > n);
}

describe('moderation: kicks, bans and who is told', () => {
  let sim: DiscordSim;
  before(async () => {
    sim = await DiscordSim.start();
  });
  after(async () => {
    await sim.stop();
  });

  it('a kick removes the member (Get Guild Member: 10007) and tells no bot without GUILD_MEMBERS', async () => {
    const g = sim.createGuild({ name: 'kick' });
    const u = sim.createUser({ username: 'kicked' });
    sim.addMember(g.id, u.id);
    const plain = await connectClient(sim, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildModeration] });
    const members = await connectClient(sim, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers] });
    try {
      const a = recorder(plain);
      const b = recorder(members);
      const got = await plain.client.rest.get(Routes.guildMember(g.id, u.id));
      assert.equal((got as { user: { id: string } }).user.id, u.id, 'a member before');
      sim.kick(g.id, u.id);
      await flush(sim, g.id, a);
      await flush(sim, g.id, b);
      assert.ok(!a.includes('GUILD_MEMBER_REMOVE') && !a.includes('GUILD_BAN_ADD'), 'nothing for Guilds | GuildModeration');
      assert.ok(b.includes('GUILD_MEMBER_REMOVE'), 'GUILD_MEMBER_REMOVE for the GuildMembers intent');
      await assert.rejects(plain.client.rest.get(Routes.guildMember(g.id, u.id)), (e: unknown) => {
        assert.ok(e instanceof DiscordAPIError);
        assert.equal(e.status, 404);
        assert.equal(e.code, RESTJSONErrorCodes.UnknownMember);
        return true;
      });
      assert.equal(sim.canView(u.id, sim.createTextChannel(g.id, 'after')), false, 'no channel of the guild is theirs to see');
    } finally {
      await plain.destroy();
      await members.destroy();
    }
  });

  it('a ban sends GUILD_BAN_ADD { guild_id, user } to GUILD_MODERATION only while the bot has View Audit Log or Ban Members', async () => {
    const g = sim.createGuild({ name: 'ban' });
    const [u1, u2] = [sim.createUser({ username: 'b1' }), sim.createUser({ username: 'b2' })];
    sim.addMember(g.id, u1.id);
    sim.addMember(g.id, u2.id);
    const plain = await connectClient(sim, { intents: [GatewayIntentBits.Guilds] });
    const mod = await connectClient(sim, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildModeration] });
    try {
      const a = recorder(plain);
      const b = recorder(mod);
      // The default bot role has neither permission: Discord sends the event to nobody.
      sim.ban(g.id, u1.id);
      await flush(sim, g.id, b);
      assert.ok(!b.includes('GUILD_BAN_ADD'), 'no GUILD_BAN_ADD without Ban Members / View Audit Log');
      assert.equal(sim.guild(g.id).members.has(u1.id), false, 'the banned user is no member');
      sim.setBotPermission(g.id, Permissions.ViewAuditLog, true);
      const banned = new Promise<GuildBan>((resolve) => mod.client.once(Events.GuildBanAdd, resolve));
      sim.ban(g.id, u2.id);
      const ban = await banned;
      assert.equal(ban.guild.id, g.id);
      assert.equal(ban.user.id, u2.id);
      await flush(sim, g.id, a);
      assert.ok(!a.includes('GUILD_BAN_ADD'), 'a session without GUILD_MODERATION is not told');
      assert.ok(b.includes('GUILD_BAN_ADD'));
      await assert.rejects(mod.client.rest.get(Routes.guildMember(g.id, u2.id)), { code: RESTJSONErrorCodes.UnknownMember });
      assert.throws(() => sim.addMember(g.id, u2.id), /banned/, 'a banned user cannot join again');
      sim.unban(g.id, u2.id);
      sim.addMember(g.id, u2.id);
      assert.ok(sim.guild(g.id).members.has(u2.id), 'unbanned: may join again');
    } finally {
      await plain.destroy();
      await mod.destroy();
    }
  });

  it('the bot removed from a guild: GUILD_DELETE without `unavailable`, nothing more of it, 50001 from REST; added again: GUILD_CREATE', async () => {
    const g = sim.createGuild({ name: 'removed' });
    const ch = sim.createTextChannel(g.id, 'games');
    const u = sim.createUser({ username: 'stays' });
    sim.addMember(g.id, u.id);
    const bot = await connectClient(sim, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages] });
    try {
      await bot.client.application!.commands.set([{ name: 'ping', description: 'Ping' }], g.id);
      const thread = await ((await bot.client.channels.fetch(ch.id)) as TextChannel).threads.create({ name: 'table' });
      const seen = recorder(bot);
      const raw: Array<{ t?: string | null; d?: unknown }> = [];
      bot.client.on(Events.Raw, (p: { t?: string | null; d?: unknown }) => raw.push(p));
      const deleted = new Promise<Guild>((resolve) => bot.client.once(Events.GuildDelete, resolve));
      sim.removeBot(g.id);
      assert.equal((await deleted).id, g.id);
      assert.deepEqual(raw.find((p) => p.t === 'GUILD_DELETE')?.d, { id: g.id }, 'no `unavailable`: removed, not an outage');
      assert.equal(bot.client.guilds.cache.has(g.id), false);
      for (const req of [
        bot.client.rest.get(Routes.channel(ch.id)),
        bot.client.rest.post(Routes.channelMessages(thread.id), { body: { content: 'x' } }),
        bot.client.rest.get(Routes.guild(g.id)),
        bot.client.rest.get(Routes.guildMember(g.id, u.id)),
        bot.client.rest.put(Routes.applicationGuildCommands(sim.applicationId, g.id), { body: [] }),
      ])
        await assert.rejects(req, (e) => codeOf(e) === RESTJSONErrorCodes.MissingAccess);
      await assert.rejects(async () => sim.slash(u.id, ch.id, 'ping'), /not in guild/, 'its commands are gone there');
      const later = sim.createTextChannel(g.id, 'while-away');
      sim.say(u.id, ch.id, 'hello?');
      const other = sim.createGuild({ name: 'marker' });
      await sim.waitFor(() => bot.client.guilds.cache.has(other.id));
      assert.ok(!seen.includes('CHANNEL_CREATE') && !seen.includes('MESSAGE_CREATE'), `nothing of the guild: ${seen.join(', ')}`);
      assert.equal(
        sim
          .describe()
          .guilds.find((x) => x.id === g.id)
          ?.members.includes(sim.botUserId),
        false,
      );

      const created = new Promise<Guild>((resolve) => bot.client.once(Events.GuildCreate, resolve));
      sim.addBot(g.id);
      const back = await created;
      assert.equal(back.id, g.id);
      assert.ok(back.channels.cache.has(later.id), 'the channels, with the one made while away');
      assert.ok(back.channels.cache.has(thread.id), 'the active threads it can see');
      assert.ok(back.members.cache.has(u.id), 'the members');
      await bot.client.rest.post(Routes.channelMessages(ch.id), { body: { content: 'back' } });
    } finally {
      await bot.destroy();
    }
  });

  it('a kick of the bot is its removal; a client that connects meanwhile is not given the guild', async () => {
    const g = sim.createGuild({ name: 'kicked-bot' });
    sim.kick(g.id, sim.botUserId);
    assert.equal(sim.botInGuild(g.id), false);
    const bot = await connectClient(sim);
    try {
      assert.equal(bot.client.guilds.cache.has(g.id), false, 'not in READY nor a GUILD_CREATE');
      const remote = await SimRemote.connect(sim.origin);
      const created = new Promise<Guild>((resolve) => bot.client.once(Events.GuildCreate, resolve));
      await remote.addBot(g.id, Permissions.ViewChannel | Permissions.SendMessages);
      assert.equal((await created).id, g.id);
      assert.equal(sim.botPermissions(g.id), Permissions.ViewChannel | Permissions.SendMessages, 'the given permissions');
      await remote.removeBot(g.id);
      assert.equal(sim.botInGuild(g.id), false);
    } finally {
      await bot.destroy();
    }
  });

  it('a timed-out user cannot send, run commands or click until communication_disabled_until passes (GUILD_MEMBER_UPDATE)', async () => {
    const g = sim.createGuild({ name: 'timeouts' });
    const ch = sim.createTextChannel(g.id, 'games');
    const u = sim.createUser({ username: 'loud' });
    sim.addMember(g.id, u.id);
    const members = await connectClient(sim, { intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMembers] });
    try {
      await members.client.application!.commands.set([{ name: 'ping', description: 'Ping' }], g.id);
      members.handle = async (i: Interaction) => {
        if (!i.isChatInputCommand()) return;
        const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
          new ButtonBuilder().setCustomId('b').setLabel('B').setStyle(ButtonStyle.Primary),
        );
        await i.reply({ content: 'pong', components: [row] });
      };
      const h = await sim.slash(u.id, ch.id, 'ping');
      const msg = await h.reply();
      const until = new Date(sim.clock.now() + 60_000).toISOString();
      const updated = new Promise<GuildMember>((resolve) => members.client.once(Events.GuildMemberUpdate, (_old, m) => resolve(m)));
      sim.timeout(g.id, u.id, until);
      const m = await updated;
      assert.equal(m.communicationDisabledUntil?.toISOString(), until, 'discord.js reads the timeout');
      assert.equal(sim.memberPermissionsIn(g.id, u.id, ch.id), Permissions.ViewChannel | Permissions.ReadMessageHistory);
      assert.throws(() => sim.say(u.id, ch.id, 'hey'), /timed out/);
      await assert.rejects(async () => sim.slash(u.id, ch.id, 'ping'), /timed out/);
      await assert.rejects(async () => sim.click(u.id, msg.id, 'b'), /timed out/);
      assert.ok(sim.visibleMessages(ch.id, u.id).length > 0, 'they still read the channel');
      sim.clock.advance(60_001);
      sim.say(u.id, ch.id, 'back');
      sim.timeout(g.id, u.id, new Date(sim.clock.now() + 60_000));
      sim.timeout(g.id, u.id, null);
      sim.say(u.id, ch.id, 'lifted');
      assert.throws(() => sim.timeout(g.id, g.ownerId, until), /owner or an Administrator/);
    } finally {
      await members.destroy();
    }
  });

  it('a timed-out bot: its messages are refused 50013, it is told without GUILD_MEMBERS, its interaction replies go out', async () => {
    const g = sim.createGuild({ name: 'bot-timeout' });
    const ch = sim.createTextChannel(g.id, 'games');
    const u = sim.createUser({ username: 'player' });
    sim.addMember(g.id, u.id);
    const bot = await connectClient(sim, { intents: [GatewayIntentBits.Guilds] });
    try {
      await bot.client.application!.commands.set([{ name: 'ping', description: 'Ping' }], g.id);
      const seen = recorder(bot);
      const remote = await SimRemote.connect(sim.origin);
      await remote.timeout(g.id, sim.botUserId, sim.clock.now() + 3_600_000);
      await sim.waitFor(() => seen.includes('GUILD_MEMBER_UPDATE'), { message: 'current-user update without the intent' });
      await assert.rejects(bot.client.rest.post(Routes.channelMessages(ch.id), { body: { content: 'x' } }), (e) => codeOf(e) === 50013);
      await bot.client.rest.get(Routes.channel(ch.id));
      let app: bigint | undefined;
      bot.handle = async (i: Interaction) => {
        if (!i.isChatInputCommand()) return;
        app = i.appPermissions.bitfield;
        await i.reply({ content: 'pong' });
      };
      const h = await sim.slash(u.id, ch.id, 'ping');
      assert.equal((await h.reply()).content, 'pong', 'a reply is a webhook');
      assert.equal(app, Permissions.ViewChannel | Permissions.ReadMessageHistory);
    } finally {
      await bot.destroy();
    }
  });
});
