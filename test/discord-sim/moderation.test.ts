/**
 * Moderation in the simulator, as Discord documents it: a kick (or a member leaving) is told only to a
 * bot with the privileged GUILD_MEMBERS intent (GUILD_MEMBER_REMOVE); a ban sends GUILD_BAN_ADD
 * `{ guild_id, user }` to a bot with the GUILD_MODERATION intent (1 << 2, standard) that has Ban
 * Members or View Audit Log in the server (discord-api-docs PR #7948); Get Guild Member answers
 * 404 / 10007 Unknown Member for a user who is not a member; a banned user cannot join again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DiscordAPIError, Events, GatewayIntentBits, RESTJSONErrorCodes, Routes, type GuildBan } from 'discord.js';
import { DiscordSim, Permissions } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

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
});
