/** Data model of the simulator: snowflakes, clock, permissions, and the user-visible records. */
import type { Notified } from './mentions.js';

export const DISCORD_EPOCH = 1420070400000n;
let lastSnowflakeMs = 0n;
let increment = 0n;

/** A real-looking, strictly increasing 18–19 digit snowflake. */
export function snowflake(): string {
  let ms = BigInt(Date.now()) - DISCORD_EPOCH;
  if (ms <= lastSnowflakeMs) {
    increment++;
    if (increment >= 4096n) {
      lastSnowflakeMs++;
      increment = 0n;
    }
    ms = lastSnowflakeMs;
  } else {
    lastSnowflakeMs = ms;
    increment = 0n;
  }
  return ((ms << 22n) | (1n << 17n) | increment).toString();
}

/**
 * A new snowflake whose guild shard is `shard` of `shardCount` (`(id >> 22) % shardCount`): the timestamp part is
 * moved forward by at most `shardCount - 1` ms, and later snowflakes stay strictly increasing.
 */
export function snowflakeOnShard(shard: number, shardCount: number): string {
  if (!Number.isInteger(shard) || shard < 0 || shard >= shardCount) throw new Error(`no shard ${shard} of ${shardCount}`);
  const now = BigInt(Date.now()) - DISCORD_EPOCH;
  let ms = now > lastSnowflakeMs ? now : lastSnowflakeMs + 1n;
  while (ms % BigInt(shardCount) !== BigInt(shard)) ms++;
  lastSnowflakeMs = ms;
  increment = 0n;
  return ((ms << 22n) | (1n << 17n)).toString();
}

export function compareSnowflakes(a: string, b: string): number {
  const x = BigInt(a);
  const y = BigInt(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * The simulator's clock. Deadlines (3 s ack, 15 min token) read it. With `realTime` it follows Date.now();
 * `advance(ms)` always works (it adds an offset), so even a real-time sim can jump 15 minutes ahead.
 */
export class SimClock {
  private offset = 0;
  private readonly frozenAt: number;
  private readonly listeners = new Set<() => void>();

  constructor(readonly realTime: boolean) {
    this.frozenAt = Date.now();
  }

  now(): number {
    return (this.realTime ? Date.now() : this.frozenAt) + this.offset;
  }

  advance(ms: number): void {
    if (ms < 0) throw new Error('clock.advance: negative');
    this.offset += ms;
    for (const l of this.listeners) l();
  }

  onAdvance(listener: () => void): void {
    this.listeners.add(listener);
  }
}

/** Permission bits (same values as discord.js `PermissionFlagsBits`). */
export const Permissions = {
  CreateInstantInvite: 1n << 0n,
  KickMembers: 1n << 1n,
  BanMembers: 1n << 2n,
  Administrator: 1n << 3n,
  ManageChannels: 1n << 4n,
  ManageGuild: 1n << 5n,
  AddReactions: 1n << 6n,
  ViewAuditLog: 1n << 7n,
  ViewChannel: 1n << 10n,
  SendMessages: 1n << 11n,
  ManageMessages: 1n << 13n,
  EmbedLinks: 1n << 14n,
  AttachFiles: 1n << 15n,
  ReadMessageHistory: 1n << 16n,
  MentionEveryone: 1n << 17n,
  UseExternalEmojis: 1n << 18n,
  ChangeNickname: 1n << 26n,
  ManageRoles: 1n << 28n,
  UseApplicationCommands: 1n << 31n,
  ManageThreads: 1n << 34n,
  CreatePublicThreads: 1n << 35n,
  CreatePrivateThreads: 1n << 36n,
  SendMessagesInThreads: 1n << 38n,
  ModerateMembers: 1n << 40n,
} as const;

const P = Permissions;
/** What @everyone (and so a plain member) can do by default. */
export const DEFAULT_MEMBER_PERMISSIONS =
  P.CreateInstantInvite |
  P.AddReactions |
  P.ViewChannel |
  P.SendMessages |
  P.EmbedLinks |
  P.AttachFiles |
  P.ReadMessageHistory |
  P.UseExternalEmojis |
  P.ChangeNickname |
  P.UseApplicationCommands |
  P.CreatePublicThreads |
  P.CreatePrivateThreads |
  P.SendMessagesInThreads;
/** The bot's default grant: the invite permissions of discord-platform.md §1.4, plus reactions and message management. */
export const DEFAULT_BOT_PERMISSIONS =
  P.ViewChannel |
  P.SendMessages |
  P.SendMessagesInThreads |
  P.CreatePublicThreads |
  P.CreatePrivateThreads |
  P.ManageThreads |
  P.EmbedLinks |
  P.AttachFiles |
  P.ReadMessageHistory |
  P.UseExternalEmojis |
  P.AddReactions |
  P.ManageMessages |
  P.UseApplicationCommands;
export const ALL_PERMISSIONS = (1n << 51n) - 1n;

export function toPermBits(p: bigint | string | number): bigint {
  return typeof p === 'bigint' ? p : BigInt(p);
}

export function hasPerm(perms: bigint, bit: bigint): boolean {
  return (perms & P.Administrator) !== 0n || (perms & bit) === bit;
}

/**
 * What a timed-out member keeps (developers/topics/permissions.mdx, "Permissions For Timed Out
 * Members": "Timed out members will temporarily lose all permissions except `VIEW_CHANNEL` and
 * `READ_MESSAGE_HISTORY`. Owners and admin users with `ADMINISTRATOR` permissions are exempt.").
 */
export const TIMED_OUT_PERMISSIONS = P.ViewChannel | P.ReadMessageHistory;

/**
 * A channel's permission overwrites applied to guild permissions `base` (developers/topics/permissions.mdx,
 * "Permission Overwrites", `compute_overwrites`): @everyone's deny then allow, then the member's roles'
 * denies and allows together, then the member's own deny then allow. The caller handles Administrator,
 * which bypasses overwrites. `skipMember`: leave out the member's own overwrite.
 */
export function applyOverwrites(
  base: bigint,
  overwrites: readonly SimOverwrite[],
  o: { guildId: string; userId: string; roles: readonly string[]; skipMember?: boolean },
): bigint {
  let perms = base;
  const everyone = overwrites.find((x) => x.type === 0 && x.id === o.guildId);
  if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
  let allow = 0n;
  let deny = 0n;
  for (const x of overwrites) {
    if (x.type !== 0 || x.id === o.guildId || !o.roles.includes(x.id)) continue;
    allow |= x.allow;
    deny |= x.deny;
  }
  perms = (perms & ~deny) | allow;
  const own = o.skipMember ? undefined : overwrites.find((x) => x.type === 1 && x.id === o.userId);
  if (own) perms = (perms & ~own.deny) | own.allow;
  return perms;
}

export interface SimUser {
  id: string;
  username: string;
  globalName: string | null;
  locale: string;
  bot: boolean;
  /** When true, the bot gets 50007 when it DMs this user. */
  dmsClosed: boolean;
}

export interface SimRole {
  id: string;
  name: string;
  permissions: bigint;
  position: number;
  managed: boolean;
  botId?: string;
}

export interface SimMember {
  userId: string;
  roles: string[];
  /**
   * Guild permissions of a user (the sim's stand-in for @everyone's and their roles'). The bot's are
   * computed from @everyone and its roles, as Discord does; this field mirrors them.
   */
  permissions: bigint;
  joinedAt: string;
  nick: string | null;
  /**
   * `communication_disabled_until` (ISO 8601): the member is timed out while it is in the future
   * (developers/resources/guild.mdx, Guild Member: "null or a time in the past if the user is not
   * timed out"). Set with `sim.timeout`.
   */
  communicationDisabledUntil?: string | null;
}

export interface SimGuild {
  id: string;
  name: string;
  ownerId: string;
  /** `preferred_locale`: en-US unless the guild is a Community guild (only those can change it). */
  locale: string;
  /** Guild features, e.g. COMMUNITY. */
  features: string[];
  roles: SimRole[];
  /** Members; the bot is one while it is in the guild (`sim.removeBot` / `sim.addBot`). */
  members: Map<string, SimMember>;
  activeThreadLimit: number;
  attachmentSizeLimit: number;
  createdAt: string;
  /** Users banned from the guild (`sim.ban`): no longer members, and they cannot be added back. */
  bans: Set<string>;
}

/**
 * Channel types the simulator models (developers/resources/channel.mdx, "Channel Types"): an
 * announcement channel (GUILD_ANNOUNCEMENT 5) holds announcement threads (ANNOUNCEMENT_THREAD 10), a
 * text channel public (11) and private (12) threads.
 */
export const ChannelType = {
  GuildText: 0,
  DM: 1,
  GuildCategory: 4,
  GuildAnnouncement: 5,
  AnnouncementThread: 10,
  PublicThread: 11,
  PrivateThread: 12,
} as const;

/** Thread types: announcement, public and private threads. */
export function isThreadType(type: number): boolean {
  return type === ChannelType.AnnouncementThread || type === ChannelType.PublicThread || type === ChannelType.PrivateThread;
}

/**
 * The thread type a channel's public threads have, or undefined for a channel that holds none:
 * "The type of thread created matches the type of the parent channel. `GUILD_TEXT` channels create
 * `PUBLIC_THREAD` and `GUILD_ANNOUNCEMENT` channels create `ANNOUNCEMENT_THREAD`" (developers/topics/
 * threads.mdx, "Public & Private Threads").
 */
export function publicThreadTypeIn(parentType: number): number | undefined {
  if (parentType === ChannelType.GuildText) return ChannelType.PublicThread;
  if (parentType === ChannelType.GuildAnnouncement) return ChannelType.AnnouncementThread;
  return undefined;
}

export interface SimChannel {
  id: string;
  type: number;
  guildId?: string;
  name: string;
  parentId?: string;
  position: number;
  topic: string | null;
  /** Threads: */
  ownerId?: string;
  archived: boolean;
  locked: boolean;
  invitable: boolean;
  autoArchiveDuration: number;
  archiveTimestamp?: string;
  createTimestamp?: string;
  threadMembers: Map<string, string>;
  /** DMs: */
  recipientId?: string;
  lastMessageId: string | null;
  messageCount: number;
  deleted: boolean;
  /** Sim-clock time of the last activity (threads auto-archive after `autoArchiveDuration` minutes without it). */
  lastActivity: number;
  /**
   * Permission overwrites of a guild channel (type 0 a role, the guild id being @everyone's; 1 a
   * member), as set with `setPermissionOverwrite` or, for the bot, `setBotPermissions` with a
   * channel; a thread has none and follows its parent's.
   */
  overwrites?: SimOverwrite[];
}

export interface SimOverwrite {
  id: string;
  type: 0 | 1;
  allow: bigint;
  deny: bigint;
}

export interface SimAttachment {
  id: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
  url: string;
  width?: number;
  height?: number;
  description?: string;
}

/**
 * A message as stored by the simulator. The object is live: the simulator mutates it in place when the bot
 * edits or deletes it, so a test can hold on to it.
 */
export interface SimMessage {
  id: string;
  channelId: string;
  guildId?: string;
  /** Discord message type: 0 default, 18 thread created, 19 reply, 20 chat-input command response. */
  type: number;
  content: string;
  embeds: Array<Record<string, unknown>>;
  /** Raw component JSON, as sent by the bot. */
  components: Array<Record<string, unknown>>;
  attachments: SimAttachment[];
  flags: number;
  authorId: string;
  /** Set for ephemeral messages: the only user who can see it. */
  ephemeralTo?: string;
  /** Interaction this message answers (reply, follow-up) if any. */
  interactionId?: string;
  webhookId?: string;
  createdAt: number;
  timestamp: string;
  editedTimestamp: string | null;
  deleted: boolean;
  /** Thread started from this message. */
  threadId?: string;
  messageReference?: Record<string, unknown>;
  reactions: Map<string, Set<string>>;
  /** Number of edits so far. */
  edits: number;
  /** Who the message notified when it was sent (mentions.ts): users, roles, @everyone / @here. */
  notified: Notified;
}

/** Reads width/height from a PNG header (IHDR). */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length >= 24 && data.readUInt32BE(0) === 0x89504e47 && data.toString('ascii', 12, 16) === 'IHDR') {
    return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
  }
  return undefined;
}

export function guessContentType(filename: string, given?: string): string {
  if (given && given !== 'application/octet-stream') return given;
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  const map: Record<string, string> = {
    png: 'image/png',
    jpg: 'image/jpeg',
    jpeg: 'image/jpeg',
    gif: 'image/gif',
    webp: 'image/webp',
    txt: 'text/plain; charset=utf-8',
    json: 'application/json',
    svg: 'image/svg+xml',
  };
  return map[ext] ?? given ?? 'application/octet-stream';
}
