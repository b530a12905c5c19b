/**
 * Channel permission overwrites (Discord's "Permission Overwrites" algorithm): @everyone's, then the
 * member's roles', then the member's own; Administrator sees everything; a thread follows its parent.
 * The interaction's `member.permissions` is resolved in its channel, and discord.js computes the same
 * from the channel's `permission_overwrites` it receives.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PermissionFlagsBits as P, type Interaction } from 'discord.js';
import { DiscordSim } from './index.js';
import { connectClient, type TestBot } from './helpers.js';

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
});
