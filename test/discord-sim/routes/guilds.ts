/** REST routes of guilds: the guild, its channels, roles and members (only of a guild the bot is in: `botGuild`). */
import { Errors } from '../errors.js';
import type { Router } from '../http.js';
import { channelJson, guildJson, memberJson, roleJson } from '../serialize.js';
import type { DiscordSim } from '../sim.js';
import { botGuild } from './channels.js';

export function register(r: Router, sim: DiscordSim): void {
  // Guilds
  r.on('GET', '/guilds/:guild', ({ params }) => {
    const g = botGuild(sim, params.guild!);
    return { status: 200, body: guildJson(sim, g) };
  });
  r.on('GET', '/guilds/:guild/channels', ({ params }) => {
    botGuild(sim, params.guild!);
    const list = [...sim.channels.values()].filter((c) => c.guildId === params.guild && !c.deleted && !sim.isThread(c));
    return { status: 200, body: list.map((c) => channelJson(sim, c)) };
  });
  r.on('GET', '/guilds/:guild/roles', ({ params }) => {
    const g = botGuild(sim, params.guild!);
    return { status: 200, body: g.roles.map((r) => roleJson(sim, r)) };
  });
  // Get Guild Member (https://discord.com/developers/docs/resources/guild#get-guild-member): a user who
  // is not a member (never joined, kicked, left, banned: sim.kick / sim.ban) is 404 / 10007 Unknown Member
  // (docs/topics/opcodes-and-status-codes, JSON error codes).
  r.on('GET', '/guilds/:guild/members/:user', ({ params }) => {
    const g = botGuild(sim, params.guild!);
    const m = g.members.get(params.user === '@me' ? sim.botUserId : params.user!);
    if (!m) throw Errors.unknownMember();
    return { status: 200, body: memberJson(sim, m) };
  });
  r.on('GET', '/guilds/:guild/members', ({ params, query }) => {
    const g = botGuild(sim, params.guild!);
    const limit = Number(query.get('limit') ?? 1);
    return { status: 200, body: [...g.members.values()].slice(0, limit).map((m) => memberJson(sim, m)) };
  });
}
