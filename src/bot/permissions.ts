/** The permissions the bot needs in a channel to host a game there (README lists them with an invite URL). */
import { GuildMember, PermissionFlagsBits, type Guild, type PermissionsBitField } from 'discord.js';

export const REQUIRED_PERMISSIONS = {
  ViewChannel: PermissionFlagsBits.ViewChannel,
  SendMessages: PermissionFlagsBits.SendMessages,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
  CreatePublicThreads: PermissionFlagsBits.CreatePublicThreads,
  ManageThreads: PermissionFlagsBits.ManageThreads,
  EmbedLinks: PermissionFlagsBits.EmbedLinks,
  AttachFiles: PermissionFlagsBits.AttachFiles,
  ReadMessageHistory: PermissionFlagsBits.ReadMessageHistory,
} as const;

/**
 * What the member running /play must hold in the channel (Discord resolves an interaction's
 * `memberPermissions` there): the table posts a lobby and opens a thread on their behalf, so a channel
 * where they may not post or open threads (read-only, announcements) stays so. Using application
 * commands is allowed by default even where sending messages is not.
 */
export function memberMissingToOpen(perms: Readonly<PermissionsBitField> | null): string[] {
  if (!perms) return [];
  const needed: (keyof typeof REQUIRED_PERMISSIONS)[] = ['SendMessages', 'CreatePublicThreads'];
  return needed.filter((k) => !perms.has(REQUIRED_PERMISSIONS[k]));
}

/**
 * Asked for at invite but not required: seat views in a private thread (seat-channels.ts; /prefs says
 * when it is missing), and View Audit Log, without which Discord does not send the bot GUILD_BAN_ADD
 * (it goes only to a bot with Ban Members or View Audit Log: discord-api-docs PR #7948, "Guild Ban
 * Add"), so a banned member's seats pass to the AI at once (members.ts), not at their next DM click.
 */
export const OPTIONAL_PERMISSIONS = {
  CreatePrivateThreads: PermissionFlagsBits.CreatePrivateThreads,
  ViewAuditLog: PermissionFlagsBits.ViewAuditLog,
} as const;

/** Sum of the required and optional bits: the README invite URL's `permissions=` parameter. */
export const INVITE_PERMISSIONS = [...Object.values(REQUIRED_PERMISSIONS), ...Object.values(OPTIONAL_PERMISSIONS)].reduce(
  (a, b) => a | b,
  0n,
);

/**
 * Names of the permissions the bot lacks to host a game (ManageThreads is only needed to lock at the
 * end). Read Message History too: Discord's docs name no permission for Start Thread from Message
 * (discord-api-docs, resources/channel), and discord.js's proposed `Message#threadable` (PR #11500)
 * checks View Channel and Create Public Threads only, but nothing says Discord does not ask for it to
 * start a thread from a message already posted, as it does to react to one or fetch it; the invite URL
 * grants it. Without this check such a /play posted its lobby, then cancelled it saying "missing
 * permission or too many active threads", naming neither.
 */
export function missingToHost(perms: Readonly<PermissionsBitField> | null): string[] {
  if (!perms) return [];
  const needed: (keyof typeof REQUIRED_PERMISSIONS)[] = [
    'ViewChannel',
    'SendMessages',
    'ReadMessageHistory',
    'SendMessagesInThreads',
    'CreatePublicThreads',
    'AttachFiles',
  ];
  return needed.filter((k) => !perms.has(REQUIRED_PERMISSIONS[k]));
}

/**
 * Names of the permissions the bot lacks to play a table whose lobby is in this channel (its Start):
 * to post the table, its image and the pings where the game plays, the lobby's thread (a thread takes
 * its parent channel's permissions) or, at the server's thread cap, the channel itself.
 */
export function missingToPlay(perms: Readonly<PermissionsBitField> | null, inThread: boolean): string[] {
  if (!perms) return [];
  const needed: (keyof typeof REQUIRED_PERMISSIONS)[] = ['ViewChannel', inThread ? 'SendMessagesInThreads' : 'SendMessages', 'AttachFiles'];
  return needed.filter((k) => !perms.has(REQUIRED_PERMISSIONS[k]));
}

/**
 * Whether the interacting member may view `channelId` on this server, from the cached channel's
 * overwrites and the member's roles (Discord sends an interaction's permissions for its own channel
 * only). A lobby in a channel the member cannot see (staff-only, private) is neither listed to them by
 * /games nor joined from there. Without the cached guild nothing can be told: seen, as before; a
 * channel the cache does not hold (deleted) is not.
 */
export function memberSees(i: { guild: Guild | null; member: unknown }, channelId: string | null): boolean {
  if (!i.guild || !channelId) return true;
  const ch = i.guild.channels.cache.get(channelId);
  if (!ch) return false;
  const who = i.member instanceof GuildMember ? i.member : i.guild.roles.everyone;
  return ch.permissionsFor(who)?.has(PermissionFlagsBits.ViewChannel) ?? false;
}
