/**
 * DiscordSim: a local stand-in for Discord's HTTP API v10 and Gateway that an unmodified discord.js Client talks to
 * (`new Client({ rest: { api: sim.apiBase } })`). Loopback only. See docs/testing-without-discord.md.
 *
 * This file is the world and its test API (setup, the user's-eye queries and actions, deadlines, message storage).
 * The rest lives beside it: `serialize.ts` (API JSON shapes), `http.ts` (the HTTP server and router),
 * `routes/*.ts` (one file per REST resource), `ratelimit.ts` (global limit and per-route buckets), `faults.ts`
 * (fault injection), `gateway.ts` (the WebSocket gateway).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Errors, FormErrors } from './errors.js';
import { Faults } from './faults.js';
import { Intents, shardOf, SimGateway } from './gateway.js';
import { handleRequest, Router } from './http.js';
import { InteractionHandle, type InteractionKind, type RouteError, type SimModal } from './interaction.js';
import {
  ALL_PERMISSIONS,
  applyOverwrites,
  ChannelType,
  compareSnowflakes,
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  guessContentType,
  hasPerm,
  isThreadType,
  Permissions as P,
  pngSize,
  SimClock,
  snowflake,
  snowflakeOnShard,
  TIMED_OUT_PERMISSIONS,
  toPermBits,
  type SimAttachment,
  type SimChannel,
  type SimGuild,
  type SimMember,
  type SimMessage,
  type SimRole,
  type SimUser,
} from './model.js';
import { RateLimiter } from './ratelimit.js';
import { mentionText, NOBODY, notifiedBy, type Notified } from './mentions.js';
import { registerRoutes } from './routes/index.js';
import {
  channelJson,
  guildCreatePayload,
  guildJson,
  memberJson,
  membersChunk,
  messageJson,
  readyPayload,
  roleJson,
  userJson,
} from './serialize.js';
import {
  ACK_DEADLINE_MS,
  flattenComponents,
  isPlainObject,
  type ComponentPredicate,
  type DiscordSimOptions,
  type Json,
  type LogEntry,
  type ParsedBody,
  type SlashOptions,
  type StoredCommand,
} from './types.js';
import { ComponentType, MessageFlags, validateMessage, type IncomingFile } from './validate.js';

export { Faults } from './faults.js';
export type { FaultRuleOptions } from './faults.js';
export { flattenComponents } from './types.js';
export type { DiscordSimOptions, LogEntry, SlashOptionValue, SlashOptions, ComponentPredicate, StoredCommand } from './types.js';

/** `app_permissions` of an interaction in the bot's DM. */
const DM_APP_PERMISSIONS = P.AttachFiles | P.EmbedLinks | P.MentionEveryone | P.UseExternalEmojis;

export class DiscordSim {
  readonly clock: SimClock;
  readonly faults: Faults;
  readonly token: string;
  readonly applicationId: string;
  readonly botUserId: string;
  /** @internal */ readonly gateway: SimGateway;
  readonly log: LogEntry[] = [];
  /** Platform misuse that Discord punishes later or silently (e.g. renaming a channel on every turn). */
  readonly warnings: string[] = [];
  /** @internal */ readonly renames = new Map<string, number[]>();
  /** Every non-2xx answer the simulator gave the bot. */
  readonly restErrors: RouteError[] = [];
  /** @internal */ server!: Server;
  /** @internal */ port = 0;
  /** @internal */ readonly opts: Required<Omit<DiscordSimOptions, 'port' | 'token' | 'rateLimits'>>;
  /** @internal */ readonly users = new Map<string, SimUser>();
  /** @internal */ readonly guilds = new Map<string, SimGuild>();
  /** @internal */ readonly channels = new Map<string, SimChannel>();
  /** @internal */ readonly messages = new Map<string, SimMessage[]>();
  /** @internal */ readonly messageIndex = new Map<string, SimMessage>();
  /**
   * Messages created with `enforce_nonce` (Create Message): by author and nonce, with the time they
   * were created; a second create with the same nonce within `NONCE_WINDOW_MS` returns the first.
   */
  /** @internal */ readonly nonces = new Map<string, { messageId: string; at: number }>();
  /** @internal */ readonly attachmentIndex = new Map<string, SimAttachment>();
  /** @internal */ readonly interactions = new Map<string, InteractionHandle>();
  /** @internal */ readonly interactionsByToken = new Map<string, InteractionHandle>();
  private readonly messageListeners = new Set<(m: SimMessage) => void>();
  /** @internal */ readonly modals: SimModal[] = [];
  /** @internal */ readonly globalCommands = new Map<string, StoredCommand>();
  /** @internal */ readonly guildCommands = new Map<string, Map<string, StoredCommand>>();
  /** @internal */ readonly router = new Router();
  /** Discord's rate limits (option `rateLimits`): `sim.rateLimits.stats()` has the counters, `.reset()` zeroes them. */
  readonly rateLimits: RateLimiter;
  /** @internal */ readonly timers = new Set<NodeJS.Timeout>();
  /** @internal */ ticker?: NodeJS.Timeout;

  private constructor(options: DiscordSimOptions) {
    this.opts = {
      realTime: options.realTime ?? false,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      privilegedIntents: options.privilegedIntents ?? true,
      requireRegisteredCommands: options.requireRegisteredCommands ?? true,
      enforceRenameLimit: options.enforceRenameLimit ?? false,
      logToConsole: options.logToConsole ?? process.env.DISCORD_SIM_LOG === '1',
      shards: options.shards ?? 1,
      lockArchivedThreads: options.lockArchivedThreads ?? false,
    };
    this.clock = new SimClock(this.opts.realTime);
    this.clock.onAdvance(() => this.checkDeadlines());
    this.faults = new Faults(this);
    this.botUserId = snowflake();
    this.applicationId = this.botUserId;
    this.token = options.token ?? `${Buffer.from(this.botUserId).toString('base64url')}.SIM.${randomBytes(20).toString('base64url')}`;
    this.users.set(this.botUserId, {
      id: this.botUserId,
      username: 'Hội Quán',
      globalName: null,
      locale: 'en-US',
      bot: true,
      dmsClosed: false,
    });
    this.gateway = new SimGateway({
      token: this.token,
      privilegedIntents: this.opts.privilegedIntents,
      heartbeatIntervalMs: this.opts.heartbeatIntervalMs,
      readyPayload: (sessionId, resumeUrl, shard) => readyPayload(this, sessionId, resumeUrl, shard),
      guildCount: () => this.botGuilds().length,
      guildCreates: () => this.botGuilds().map((g) => guildCreatePayload(this, g)),
      inGuild: (guildId) => this.botInGuild(guildId),
      membersChunk: (guildId, query, limit, ids) => membersChunk(this, guildId, query, limit, ids),
      log: (kind, summary, data) => this.addLog({ kind, summary, data }),
      gatewayUrl: () => this.gatewayUrl,
    });
    this.rateLimits = new RateLimiter(options.rateLimits);
    registerRoutes(this.router, this);
  }

  /** Starts the simulator on 127.0.0.1 (any free port unless `port` is given). */
  static async start(options: DiscordSimOptions = {}): Promise<DiscordSim> {
    const sim = new DiscordSim(options);
    sim.server = createServer((req, res) => void handleRequest(sim, req, res));
    sim.server.on('upgrade', (req, socket, head) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/gateway' || path === '/gateway/') sim.gateway.handleUpgrade(req, socket, head);
      else socket.destroy();
    });
    await new Promise<void>((resolve, reject) => {
      sim.server.once('error', reject);
      sim.server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
    });
    sim.port = (sim.server.address() as AddressInfo).port;
    if (sim.opts.realTime) {
      sim.ticker = setInterval(() => sim.checkDeadlines(), 1000);
      sim.ticker.unref();
    }
    return sim;
  }

  /** REST base for discord.js `rest.api` / the bot's DISCORD_API_BASE (discord.js appends `/v10`). */
  get apiBase(): string {
    return `http://127.0.0.1:${this.port}/api`;
  }
  get gatewayUrl(): string {
    return `ws://127.0.0.1:${this.port}/gateway`;
  }
  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.ticker) clearInterval(this.ticker);
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  // ───────────────────────────── world setup ─────────────────────────────

  createUser(o: { username: string; globalName?: string; locale?: string; bot?: boolean; dmsClosed?: boolean }): SimUser {
    const u: SimUser = {
      id: snowflake(),
      username: o.username,
      globalName: o.globalName ?? null,
      locale: o.locale ?? 'en-US',
      bot: o.bot ?? false,
      dmsClosed: o.dmsClosed ?? false,
    };
    this.users.set(u.id, u);
    return u;
  }

  user(id: string): SimUser {
    const u = this.users.get(id);
    if (!u) throw new Error(`no user ${id}`);
    return u;
  }

  /** Creates a guild with @everyone, a managed bot role, the bot as member (default permissions) and an owner. */
  createGuild(o: {
    name: string;
    locale?: string;
    features?: string[];
    ownerId?: string;
    botPermissions?: bigint | string;
    shard?: number;
  }): SimGuild {
    // Discord: `preferred_locale` "defaults to en-US" and only a Community guild can change it. A
    // guild created with another locale is a Community guild unless its features say otherwise,
    // which Discord would not allow.
    const locale = o.locale ?? 'en-US';
    const features = o.features ?? (locale === 'en-US' ? [] : ['COMMUNITY']);
    if (locale !== 'en-US' && !features.includes('COMMUNITY'))
      throw new Error('only a Community guild has a preferred locale other than en-US');
    // `shard`: give the guild an id whose events go to that shard of the recommended count (option `shards`).
    const id = o.shard === undefined ? snowflake() : snowflakeOnShard(o.shard, this.opts.shards);
    const owner = o.ownerId ?? this.createUser({ username: `${o.name}-owner` }).id;
    const now = new Date(this.clock.now()).toISOString();
    const g: SimGuild = {
      id,
      name: o.name,
      ownerId: owner,
      locale,
      features,
      roles: [{ id, name: '@everyone', permissions: DEFAULT_MEMBER_PERMISSIONS, position: 0, managed: false }],
      members: new Map(),
      activeThreadLimit: 1000,
      attachmentSizeLimit: 10 * 1024 * 1024,
      createdAt: now,
      bans: new Set(),
    };
    this.joinBot(g, o.botPermissions);
    g.members.set(owner, { userId: owner, roles: [], permissions: ALL_PERMISSIONS, joinedAt: now, nick: null });
    this.guilds.set(id, g);
    this.gateway.dispatch('GUILD_CREATE', guildCreatePayload(this, g));
    return g;
  }

  /**
   * The bot joins `g` (no event): a new managed role of its own (`tags.bot_id`) carrying `perms`
   * (default DEFAULT_BOT_PERMISSIONS, with @everyone's on top as Discord ORs them in; given `perms`,
   * the bot's guild permissions are exactly them, as `setBotPermissions` sets them).
   */
  private joinBot(g: SimGuild, perms?: bigint | string): void {
    const bits = perms === undefined ? DEFAULT_BOT_PERMISSIONS : toPermBits(perms);
    const role = { id: snowflake(), name: 'Hội Quán', permissions: bits, position: g.roles.length, managed: true, botId: this.botUserId };
    g.roles.push(role);
    const me: SimMember = {
      userId: this.botUserId,
      roles: [role.id],
      permissions: 0n,
      joinedAt: new Date(this.clock.now()).toISOString(),
      nick: null,
    };
    g.members.set(this.botUserId, me);
    if (perms !== undefined) this.trimEveryone(g, bits, false);
    me.permissions = this.rolePermissions(g, me);
  }

  guild(id: string): SimGuild {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`no guild ${id}`);
    return g;
  }

  createTextChannel(guildId: string, name: string, o: { topic?: string } = {}): SimChannel {
    return this.createMessageChannel(ChannelType.GuildText, guildId, name, o.topic);
  }

  /**
   * An announcement channel (GUILD_ANNOUNCEMENT, type 5): in it, Start Thread from Message makes an
   * ANNOUNCEMENT_THREAD (10) and no private thread can be made (routes/threads.ts `createThread`).
   * Only a guild with the NEWS feature has them ("guild has access to create announcement channels",
   * developers/resources/guild.mdx, "Guild Features"; Discord gives it to Community servers): create
   * the guild with `features: ['COMMUNITY', 'NEWS']`.
   */
  createAnnouncementChannel(guildId: string, name: string, o: { topic?: string } = {}): SimChannel {
    const g = this.guild(guildId);
    if (!g.features.includes('NEWS'))
      throw new Error(
        `guild ${g.name} lacks the NEWS feature: create it with features ['COMMUNITY', 'NEWS'] to have announcement channels`,
      );
    return this.createMessageChannel(ChannelType.GuildAnnouncement, guildId, name, o.topic);
  }

  /** A text or announcement channel, last of the guild's (they share one list of positions), announced with CHANNEL_CREATE. */
  private createMessageChannel(type: number, guildId: string, name: string, topic: string | undefined): SimChannel {
    const g = this.guild(guildId);
    const ch = this.newChannel({ type, guildId: g.id, name, topic: topic ?? null });
    ch.position =
      [...this.channels.values()].filter(
        (c) => c.guildId === guildId && (c.type === ChannelType.GuildText || c.type === ChannelType.GuildAnnouncement),
      ).length - 1;
    this.gateway.dispatch('CHANNEL_CREATE', channelJson(this, ch), Intents.Guilds);
    return ch;
  }

  channel(id: string): SimChannel {
    const c = this.channels.get(id);
    if (!c) throw new Error(`no channel ${id}`);
    return c;
  }

  /** Adds a user to a guild. `permissions` are the member's effective guild permissions (default @everyone's). */
  addMember(guildId: string, userId: string, o: { permissions?: bigint | string; nick?: string } = {}): SimMember {
    const g = this.guild(guildId);
    this.user(userId);
    // A banned user cannot join the guild again until unbanned (Discord: "Create Guild Ban").
    if (g.bans.has(userId)) throw new Error(`user ${userId} is banned from guild ${g.name}`);
    const m: SimMember = {
      userId,
      roles: [],
      permissions: o.permissions === undefined ? DEFAULT_MEMBER_PERMISSIONS : toPermBits(o.permissions),
      joinedAt: new Date(this.clock.now()).toISOString(),
      nick: o.nick ?? null,
    };
    if (o.permissions !== undefined) {
      // Give the member a role carrying the permissions, so discord.js's role-based computation
      // (`member.permissions`) agrees with `interaction.memberPermissions`.
      const role = {
        id: snowflake(),
        name: `perms-${this.user(userId).username}`,
        permissions: m.permissions,
        position: g.roles.length,
        managed: false,
      };
      g.roles.push(role);
      m.roles.push(role.id);
      this.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: g.id, role: roleJson(this, role) }, Intents.Guilds);
    }
    g.members.set(userId, m);
    this.gateway.dispatch('GUILD_MEMBER_ADD', { ...memberJson(this, m), guild_id: guildId }, Intents.GuildMembers);
    return m;
  }

  /**
   * A moderator kicks a member (or the member leaves the guild): they are no longer a member, so they
   * can see none of its channels, and Get Guild Member answers 404 / 10007 Unknown Member
   * (https://discord.com/developers/docs/resources/guild#get-guild-member; error codes in
   * docs/topics/opcodes-and-status-codes). The only event is GUILD_MEMBER_REMOVE `{ guild_id, user }`,
   * sent to sessions with the privileged GUILD_MEMBERS intent (docs/events/gateway.mdx "List of
   * Intents"; docs/events/gateway-events.mdx "Guild Member Remove"): a bot without it is told nothing.
   */
  kick(guildId: string, userId: string): void {
    if (userId === this.botUserId) return this.removeBot(guildId);
    const g = this.guild(guildId);
    if (!g.members.delete(userId)) throw new Error(`user ${userId} is not a member of guild ${g.name}`);
    this.addLog({ kind: 'sim', summary: `${this.user(userId).username} removed from guild ${g.name}` });
    this.gateway.dispatch('GUILD_MEMBER_REMOVE', { guild_id: g.id, user: userJson(this, this.user(userId)) }, Intents.GuildMembers);
  }

  /**
   * A moderator bans a user: a member is removed (as `kick`) and cannot be added back while banned.
   * GUILD_BAN_ADD `{ guild_id, user }` (docs/events/gateway-events.mdx "Guild Ban Add") goes to sessions
   * with the GUILD_MODERATION intent (1 << 2, a standard intent: docs/events/gateway.mdx "List of
   * Intents", "Privileged Intents"), and only while the bot has BAN_MEMBERS or VIEW_AUDIT_LOG in the
   * guild (discord-api-docs PR #7948, merged 2026-03-31: "This event is only sent to bots with the
   * `BAN_MEMBERS` or `VIEW_AUDIT_LOG` permission"). As Discord does, it comes before the member's
   * GUILD_MEMBER_REMOVE (GUILD_MEMBERS intent only).
   */
  ban(guildId: string, userId: string): void {
    const g = this.guild(guildId);
    const u = this.user(userId);
    if (g.bans.has(userId)) throw new Error(`user ${userId} is already banned from guild ${g.name}`);
    g.bans.add(userId);
    this.addLog({ kind: 'sim', summary: `${u.username} banned from guild ${g.name}` });
    const perms = this.botPermissions(g.id);
    if (hasPerm(perms, P.BanMembers) || hasPerm(perms, P.ViewAuditLog))
      this.gateway.dispatch('GUILD_BAN_ADD', { guild_id: g.id, user: userJson(this, u) }, Intents.GuildModeration);
    if (g.members.has(userId)) this.kick(guildId, userId);
  }

  /** Lifts a ban: the user may be added again. GUILD_BAN_REMOVE is sent as GUILD_BAN_ADD is. */
  unban(guildId: string, userId: string): void {
    const g = this.guild(guildId);
    if (!g.bans.delete(userId)) throw new Error(`user ${userId} is not banned from guild ${g.name}`);
    const perms = this.botPermissions(g.id);
    if (hasPerm(perms, P.BanMembers) || hasPerm(perms, P.ViewAuditLog))
      this.gateway.dispatch('GUILD_BAN_REMOVE', { guild_id: g.id, user: userJson(this, this.user(userId)) }, Intents.GuildModeration);
  }

  /**
   * Sets the bot's permissions guild-wide, or in one channel only, the way a server admin would and
   * the bot is told:
   * - guild-wide: its managed role gets `perms` (GUILD_ROLE_UPDATE). Discord ORs @everyone's
   *   permissions into every member's (`compute_base_permissions`), so a bit @everyone grants that
   *   `perms` leaves out is taken from @everyone too, and so from users without a role (those given
   *   permissions by `addMember` keep them): the bot's guild permissions are then exactly `perms`.
   * - in a channel: a member overwrite for the bot on it (CHANNEL_UPDATE), allowing and denying
   *   what differs from its permissions there without one; none when nothing differs. A thread has
   *   no overwrites (it takes its parent channel's), so a thread id sets its parent's.
   * discord.js computes `permissionsFor(me)` from the same roles and overwrites, so the bot sees
   * what the routes enforce.
   */
  setBotPermissions(guildId: string, perms: bigint | string | number, channelId?: string): void {
    const g = this.guild(guildId);
    const bits = toPermBits(perms);
    if (channelId) this.setBotChannelPermissions(g, bits, channelId);
    else this.setBotGuildPermissions(g, bits);
  }

  private setBotGuildPermissions(g: SimGuild, bits: bigint): void {
    const role = this.botRole(g);
    role.permissions = bits;
    this.trimEveryone(g, bits, true);
    this.gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: g.id, role: roleJson(this, role) }, Intents.Guilds);
    const me = this.botMember(g);
    me.permissions = this.rolePermissions(g, me);
  }

  /**
   * Takes from @everyone what it grants beyond `bits` (GUILD_ROLE_UPDATE when `dispatch`), and so from
   * every user without a role of their own, whose permissions are @everyone's.
   */
  private trimEveryone(g: SimGuild, bits: bigint, dispatch: boolean): void {
    const everyone = g.roles.find((r) => r.id === g.id)!;
    const extra = everyone.permissions & ~bits;
    if (extra === 0n) return;
    everyone.permissions &= ~extra;
    for (const m of g.members.values()) if (m.roles.length === 0 && m.userId !== g.ownerId) m.permissions &= ~extra;
    this.addLog({ kind: 'sim', summary: `@everyone of ${g.name} loses ${extra} so the bot's guild permissions can lack it` });
    if (dispatch) this.gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: g.id, role: roleJson(this, everyone) }, Intents.Guilds);
  }

  private setBotChannelPermissions(g: SimGuild, bits: bigint, channelId: string): void {
    const ch = this.channel(channelId);
    const target = this.isThread(ch) ? this.channel(ch.parentId!) : ch;
    const me = this.botMember(g);
    const base = this.rolePermissions(g, me);
    if ((base & P.Administrator) !== 0n) throw new Error('the bot has Administrator, which bypasses channel overwrites');
    const without = applyOverwrites(base, target.overwrites ?? [], { guildId: g.id, userId: me.userId, roles: me.roles, skipMember: true });
    const allow = bits & ~without;
    const deny = without & ~bits;
    this.setPermissionOverwrite(target.id, this.botUserId, 1, allow === 0n && deny === 0n ? null : { allow, deny });
  }

  /**
   * Sets (or with `null` removes) a channel's permission overwrite for a role (`type` 0; the guild id
   * is @everyone) or a member (`type` 1), as `PUT/DELETE /channels/{id}/permissions/{overwrite}` does.
   * Members' permissions in the channel follow Discord's algorithm (`memberPermissionsIn`).
   */
  setPermissionOverwrite(channelId: string, id: string, type: 0 | 1, o: { allow?: bigint; deny?: bigint } | null): void {
    const ch = this.channel(channelId);
    if (this.isThread(ch)) throw new Error(`${ch.name} is a thread: threads have no overwrites (they take their parent channel's)`);
    const rest = (ch.overwrites ?? []).filter((x) => x.id !== id);
    ch.overwrites = o ? [...rest, { id, type, allow: o.allow ?? 0n, deny: o.deny ?? 0n }] : rest;
    this.gateway.dispatch('CHANNEL_UPDATE', channelJson(this, ch), Intents.Guilds);
  }

  /**
   * A member's permissions in a channel (developers/topics/permissions.mdx, "Permission Overwrites",
   * `compute_permissions`): the guild permissions (`memberGuildPermissions`); all with Administrator
   * or for the owner; else the channel's overwrites (`applyOverwrites`). A thread takes its parent
   * channel's ("Inherited Permissions (Threads)"). A timed-out member keeps only View Channel and Read
   * Message History whatever the overwrites allow ("Permissions For Timed Out Members").
   */
  memberPermissionsIn(guildId: string, userId: string, channelId: string): bigint {
    const g = this.guild(guildId);
    const m = g.members.get(userId);
    if (!m) return 0n;
    const base = this.basePermissions(g, m);
    if (base === ALL_PERMISSIONS) return ALL_PERMISSIONS;
    const ch = this.channels.get(channelId);
    const source = ch?.parentId ? this.channels.get(ch.parentId) : ch;
    const perms = applyOverwrites(base, source?.overwrites ?? [], { guildId, userId, roles: m.roles });
    return this.isTimedOut(m) ? perms & TIMED_OUT_PERMISSIONS : perms;
  }

  /** A member's guild permissions: `basePermissions`, less what a timeout takes away. */
  memberGuildPermissions(guildId: string, userId: string): bigint {
    const g = this.guild(guildId);
    const m = g.members.get(userId);
    if (!m) return 0n;
    const base = this.basePermissions(g, m);
    return base !== ALL_PERMISSIONS && this.isTimedOut(m) ? base & TIMED_OUT_PERMISSIONS : base;
  }

  /**
   * `compute_base_permissions`: all for the owner or with Administrator; else the bot's @everyone's
   * and roles' (`rolePermissions`), a user's as `addMember` gave them.
   */
  private basePermissions(g: SimGuild, m: SimMember): bigint {
    if (m.userId === g.ownerId) return ALL_PERMISSIONS;
    const perms = m.userId === this.botUserId ? this.rolePermissions(g, m) : m.permissions;
    return (perms & P.Administrator) !== 0n ? ALL_PERMISSIONS : perms;
  }

  /** @everyone's permissions OR the member's roles'. */
  private rolePermissions(g: SimGuild, m: SimMember): bigint {
    let perms = 0n;
    for (const r of g.roles) if (r.id === g.id || m.roles.includes(r.id)) perms |= r.permissions;
    return perms;
  }

  /** Whether the member's `communication_disabled_until` is in the future (the sim clock's). */
  isTimedOut(m: SimMember): boolean {
    return m.communicationDisabledUntil ? Date.parse(m.communicationDisabledUntil) > this.clock.now() : false;
  }

  /** The bot's effective permissions in a guild (or channel / thread); none in a guild it is not in. */
  botPermissions(guildId: string, channelId?: string): bigint {
    return channelId ? this.memberPermissionsIn(guildId, this.botUserId, channelId) : this.memberGuildPermissions(guildId, this.botUserId);
  }

  /** The guilds the bot is in. */
  botGuilds(): SimGuild[] {
    return [...this.guilds.values()].filter((g) => g.members.has(this.botUserId));
  }

  /** Whether the bot is a member of the guild (`removeBot` / `addBot`). */
  botInGuild(guildId: string): boolean {
    return this.guilds.get(guildId)?.members.has(this.botUserId) ?? false;
  }

  private botMember(g: SimGuild): SimMember {
    const me = g.members.get(this.botUserId);
    if (!me) throw new Error(`the bot is not in guild ${g.name}`);
    return me;
  }

  private botRole(g: SimGuild): SimRole {
    const role = g.roles.find((r) => r.managed && r.botId === this.botUserId);
    if (!role) throw new Error(`the bot has no role in guild ${g.name}`);
    return role;
  }

  /**
   * The bot is removed from a guild (kicked, or the app removed): its member and managed role are
   * gone, and with the role its overwrites. Discord sends GUILD_DELETE `{ id }` without `unavailable`
   * (developers/events/gateway-events.mdx, "Guild Delete": "If the `unavailable` field is not set, the
   * user was removed from the guild"), then nothing more of the guild. REST calls into the guild or its
   * channels answer 403 / 50001 Missing Access, as Discord answers a bot for a guild it is not in.
   */
  removeBot(guildId: string): void {
    const g = this.guild(guildId);
    const role = this.botRole(g);
    if (!g.members.delete(this.botUserId)) throw new Error(`the bot is not in guild ${g.name}`);
    g.roles = g.roles.filter((r) => r !== role);
    for (const ch of this.channels.values())
      if (ch.guildId === g.id && ch.overwrites) ch.overwrites = ch.overwrites.filter((x) => x.id !== role.id);
    this.addLog({ kind: 'sim', summary: `the bot was removed from guild ${g.name}` });
    this.gateway.dispatch('GUILD_DELETE', { id: g.id }, Intents.Guilds);
  }

  /**
   * A guild's name changed (a manager's Modify Guild): GUILD_UPDATE with the guild object, to the sessions
   * of the shard that holds it while the bot is a member (developers/events/gateway-events.mdx, "Guild
   * Update": "Sent when a guild is updated. The inner payload is a guild object", without the extra
   * fields of Guild Create).
   */
  renameGuild(guildId: string, name: string): void {
    const g = this.guild(guildId);
    g.name = name;
    this.addLog({ kind: 'sim', summary: `guild ${g.id} renamed ${name}` });
    if (!this.botInGuild(g.id)) return;
    const {
      approximate_member_count: _a,
      joined_at: _j,
      large: _l,
      unavailable: _u,
      member_count: _m,
      stage_instances: _s,
      guild_scheduled_events: _e,
      soundboard_sounds: _b,
      ...guild
    } = guildJson(this, g);
    this.gateway.dispatch('GUILD_UPDATE', guild, Intents.Guilds);
  }

  /**
   * The bot is added to a guild again (the app re-invited): a new managed role with `permissions`
   * (default: the invite's defaults), then GUILD_CREATE with the guild's channels, the threads it can
   * see and its members (developers/events/gateway-events.mdx, "Guild Create": sent "when the current
   * user joins a new Guild"). Member overwrites for the bot that stayed on channels apply again.
   */
  addBot(guildId: string, o: { permissions?: bigint | string } = {}): void {
    const g = this.guild(guildId);
    if (g.members.has(this.botUserId)) throw new Error(`the bot is already in guild ${g.name}`);
    this.joinBot(g, o.permissions);
    this.addLog({ kind: 'sim', summary: `the bot was added to guild ${g.name}` });
    this.gateway.dispatch('GUILD_CREATE', guildCreatePayload(this, g));
  }

  /**
   * A moderator times a member out until `until` (a Date, ISO string or sim-clock ms), or lifts the
   * timeout with `null`: `communication_disabled_until` is set (Modify Guild Member) and GUILD_MEMBER_UPDATE
   * sent, to sessions with GUILD_MEMBERS, or to every session when the member is the bot
   * (developers/events/gateway.mdx, "Caveats": "Guild Member Update is sent for current-user updates
   * regardless of whether the GUILD_MEMBERS intent is set"). While it lasts the member has only View
   * Channel and Read Message History (`TIMED_OUT_PERMISSIONS`): it cannot send messages (the bot: 403 /
   * 50013 Missing Permissions, as for any missing permission; there is no code of its own) nor use
   * application commands. Discord sends no event when a timeout runs out.
   */
  timeout(guildId: string, userId: string, until: Date | string | number | null): void {
    const g = this.guild(guildId);
    const m = g.members.get(userId);
    if (!m) throw new Error(`user ${userId} is not a member of guild ${g.name}`);
    // Owners and Administrators are exempt (permissions.mdx); Modify Guild Member refuses to time them out.
    if (until !== null && this.basePermissions(g, m) === ALL_PERMISSIONS)
      throw new Error(`user ${userId} is the owner or an Administrator of ${g.name}: Discord refuses to time them out`);
    m.communicationDisabledUntil = until === null ? null : new Date(until).toISOString();
    this.addLog({
      kind: 'sim',
      summary: `${this.user(userId).username} timed out in ${g.name} until ${String(m.communicationDisabledUntil)}`,
    });
    this.gateway.dispatch(
      'GUILD_MEMBER_UPDATE',
      { ...memberJson(this, m), guild_id: g.id },
      userId === this.botUserId ? undefined : Intents.GuildMembers,
    );
  }

  /** Limit of active threads per guild (160006 beyond it; Discord's is undocumented, ~1000). */
  setActiveThreadLimit(guildId: string, n: number): void {
    this.guild(guildId).activeThreadLimit = n;
  }

  /** Per-file upload limit for the guild (`attachment_size_limit`, default 10 MiB). */
  setAttachmentSizeLimit(guildId: string, bytes: number): void {
    this.guild(guildId).attachmentSizeLimit = bytes;
  }

  /**
   * Opens or closes a user's DMs to the bot (Discord's privacy setting "Allow direct messages"): while closed, the
   * bot's sends to their DM channel fail with 403 / 50007 "Cannot send messages to this user".
   */
  setDmsClosed(userId: string, closed: boolean): void {
    this.user(userId).dmsClosed = closed;
  }

  /** The DM channel between the bot and a user, once the bot opened it (`POST /users/@me/channels`). */
  dmChannel(userId: string): SimChannel | undefined {
    return [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === userId && !c.deleted);
  }

  /**
   * Sets (or clears) one bit of the bot's permissions, guild-wide or in one channel (a thread: its
   * parent), as `setBotPermissions` does: e.g. CreatePrivateThreads.
   */
  setBotPermission(guildId: string, bit: bigint, allowed: boolean, channelId?: string): void {
    const now = this.botPermissions(guildId, channelId);
    this.setBotPermissions(guildId, allowed ? now | bit : now & ~bit, channelId);
  }

  /** A summary of the world: addresses, ids, guilds with channels and members, users. */
  describe(): {
    origin: string;
    apiBase: string;
    gatewayUrl: string;
    token: string;
    applicationId: string;
    botUserId: string;
    realTime: boolean;
    guilds: Array<{
      id: string;
      name: string;
      locale: string;
      channels: Array<{ id: string; name: string; type: number; parentId?: string }>;
      members: string[];
    }>;
    users: SimUser[];
  } {
    return {
      origin: this.origin,
      apiBase: this.apiBase,
      gatewayUrl: this.gatewayUrl,
      token: this.token,
      applicationId: this.applicationId,
      botUserId: this.botUserId,
      realTime: this.clock.realTime,
      guilds: [...this.guilds.values()].map((g) => ({
        id: g.id,
        name: g.name,
        locale: g.locale,
        members: [...g.members.keys()],
        channels: [...this.channels.values()]
          .filter((c) => c.guildId === g.id && !c.deleted)
          .map((c) => ({ id: c.id, name: c.name, type: c.type, parentId: c.parentId })),
      })),
      users: [...this.users.values()],
    };
  }

  // ───────────────────────────── user's-eye queries ─────────────────────────────

  /** A message by id (live object), deleted or not. */
  message(id: string): SimMessage | undefined {
    return this.messageIndex.get(id);
  }

  /** What `userId` sees in a channel or thread: public messages plus their own ephemerals, oldest first. */
  visibleMessages(channelId: string, userId: string): SimMessage[] {
    const ch = this.channels.get(channelId);
    if (!ch || !this.canView(userId, ch)) return [];
    return (this.messages.get(channelId) ?? [])
      .filter((m) => !m.deleted && (m.ephemeralTo === undefined || m.ephemeralTo === userId))
      .sort((a, b) => compareSnowflakes(a.id, b.id));
  }

  /** Every non-deleted message of a channel including all ephemerals (an omniscient view for debugging); `deleted`: those too. */
  allMessages(channelId: string, o: { deleted?: boolean } = {}): SimMessage[] {
    return (this.messages.get(channelId) ?? []).filter((m) => o.deleted || !m.deleted);
  }

  /** Last message visible to the user, optionally matching a predicate. */
  lastMessage(channelId: string, userId: string, pred?: (m: SimMessage) => boolean): SimMessage | undefined {
    const list = this.visibleMessages(channelId, userId).filter((m) => !pred || pred(m));
    return list[list.length - 1];
  }

  /**
   * A readable transcript of what `userId` sees in a channel or thread (for assertion messages and debugging):
   * one block per message with its text, embed titles/descriptions, images and components.
   */
  transcript(channelId: string, userId: string): string {
    const users = (id: string) => this.users.get(id)?.username ?? id;
    return this.visibleMessages(channelId, userId)
      .map((m) => {
        const lines = [
          `${users(m.authorId)}${m.ephemeralTo ? ' (only you)' : ''}${(m.flags & MessageFlags.Loading) !== 0 ? ' is thinking…' : ''}: ${m.content}`,
        ];
        for (const e of m.embeds) lines.push(`  ▌${[e.title, e.description].filter(Boolean).join(' — ')}`);
        for (const c of flattenComponents(m.components)) {
          if (c.type === ComponentType.TextDisplay) lines.push(`  ${String(c.content)}`);
          else if (c.type === ComponentType.Button)
            lines.push(
              `  [${String(c.label ?? c.emoji?.name ?? '')}${c.disabled ? ' (disabled)' : ''}] ${String(c.custom_id ?? c.url ?? '')}`,
            );
          else if (c.type === ComponentType.StringSelect)
            lines.push(`  <select ${String(c.custom_id)}: ${(c.options as Json[]).map((o) => o.label).join(' | ')}>`);
        }
        for (const a of m.attachments)
          lines.push(`  📎 ${a.filename} (${a.contentType}, ${a.size} B${a.width ? `, ${a.width}×${a.height}` : ''})`);
        return lines.join('\n');
      })
      .join('\n');
  }

  /** Threads created under a channel, oldest first (archived ones included). */
  threads(channelId: string): SimChannel[] {
    return [...this.channels.values()]
      .filter((c) => c.parentId === channelId && !c.deleted && this.isThread(c))
      .sort((a, b) => compareSnowflakes(a.id, b.id));
  }

  /** Members (user ids) of a thread. */
  threadMembers(threadId: string): string[] {
    return [...this.channel(threadId).threadMembers.keys()];
  }

  /** Registered commands (global, or for a guild). */
  commands(guildId?: string): StoredCommand[] {
    return [...(guildId ? (this.guildCommands.get(guildId)?.values() ?? []) : this.globalCommands.values())];
  }

  /** Every component of a message, flattened. */
  components(message: SimMessage | string): Json[] {
    return flattenComponents(this.live(message).components);
  }

  /** Finds a button by label, custom_id, regexp (either) or predicate. */
  findButton(message: SimMessage | string, pred: ComponentPredicate): Json | undefined {
    return this.findComponent(message, pred, (c) => c.type === ComponentType.Button);
  }

  /** Finds a select menu by placeholder, custom_id, regexp or predicate. */
  findSelect(message: SimMessage | string, pred: ComponentPredicate): Json | undefined {
    return this.findComponent(message, pred, (c) => [3, 5, 6, 7, 8].includes(c.type as number));
  }

  /** @internal */ findComponent(message: SimMessage | string, pred: ComponentPredicate, kind: (c: Json) => boolean): Json | undefined {
    return this.components(message).find((c) => {
      if (!kind(c)) return false;
      if (typeof pred === 'function') return pred(c);
      const texts = [c.label, c.custom_id, c.placeholder].filter((x): x is string => typeof x === 'string');
      return typeof pred === 'string' ? texts.includes(pred) : texts.some((t) => pred.test(t));
    });
  }

  /**
   * What a reader sees as the message's text: its `content`, then (Components V2) every text display
   * in order, nested ones included, one per line. A test convenience, not a Discord field. Given a
   * message object, it reads that object (a snapshot stays a snapshot); given an id, the message now.
   */
  text(message: SimMessage | string): string {
    const m = typeof message === 'string' ? this.live(message) : message;
    const parts = [
      m.content,
      ...flattenComponents(m.components)
        .filter((c) => c.type === 10)
        .map((c) => String(c.content ?? '')),
    ];
    return parts.filter((x) => x !== '').join('\n');
  }

  /** The media gallery items of a message (Components V2): their `attachment://` url and alt text. */
  galleryItems(message: SimMessage | string): { url: string; description?: string }[] {
    const m = this.live(message);
    return flattenComponents(m.components)
      .filter((c) => c.type === 12 && Array.isArray(c.items))
      .flatMap((c) =>
        (c.items as Json[]).map((x) => ({
          url: String((x.media as Json | undefined)?.url ?? ''),
          ...(typeof x.description === 'string' ? { description: x.description } : {}),
        })),
      );
  }

  /** Image attachments of a message (PNG bytes etc.). */
  images(message: SimMessage | string): SimAttachment[] {
    return this.live(message).attachments.filter((a) => a.contentType.startsWith('image/'));
  }

  /** Interactions that showed "This interaction failed" to their user. */
  failedInteractions(): InteractionHandle[] {
    return [...this.interactions.values()].filter((i) => i.failed);
  }

  /** All interactions created so far, oldest first. */
  allInteractions(): InteractionHandle[] {
    return [...this.interactions.values()];
  }

  /** Modals currently open for a user (shown, not yet submitted). */
  openModals(userId: string): SimModal[] {
    return this.modals.filter((m) => m.userId === userId && !m.submitted);
  }

  /** Number of identified gateway sessions with an open connection (of one shard id, if given). */
  connectedBots(shard?: number): number {
    return this.gateway.connectedSessions(shard);
  }

  /** Polls `cond` until it returns a truthy value, which is returned. */
  async waitFor<T>(cond: () => T | Promise<T>, o: { timeout?: number; interval?: number; message?: string } = {}): Promise<NonNullable<T>> {
    const timeout = o.timeout ?? 5000;
    const start = Date.now();
    let lastError: unknown;
    for (;;) {
      try {
        const v = await cond();
        if (v) return v as NonNullable<T>;
      } catch (e) {
        lastError = e;
      }
      if (Date.now() - start > timeout) {
        throw new Error(
          `waitFor timed out after ${timeout} ms${o.message ? `: ${o.message}` : ''}${lastError ? ` (last error: ${String(lastError)})` : ''}`,
        );
      }
      await new Promise((r) => setTimeout(r, o.interval ?? 10));
    }
  }

  // ───────────────────────────── user actions ─────────────────────────────

  /**
   * User runs a slash command. `options` maps option names to values; a nested object is a subcommand
   * (`{ start: { game: 'phom' } }`) or a group (`{ game: { start: { seats: 4 } } }`); user/channel/role options
   * take an id (when the command is registered) or `{ user: id }` / `{ channel: id }` / `{ role: id }`.
   */
  async slash(userId: string, channelId: string, name: string, options: SlashOptions = {}): Promise<InteractionHandle> {
    const ch = this.channel(channelId);
    if (!ch.guildId) return this.slashInDm(userId, ch, name, options);
    const g = this.guild(ch.guildId);
    const member = g.members.get(userId);
    if (!member) throw new Error(`user ${userId} is not a member of guild ${g.name}`);
    this.assertMayInteract(g, userId);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see channel ${ch.name}`);
    // Use Application Commands is a channel permission (T in the permissions table): overwrites apply.
    if (!hasPerm(this.memberPermissionsIn(g.id, userId, ch.id), P.UseApplicationCommands))
      throw new Error(`user ${userId} lacks USE_APPLICATION_COMMANDS in #${ch.name}`);
    if (ch.archived) throw new Error(`thread ${ch.name} is archived: Discord refuses slash commands there`);
    const def = this.guildCommands.get(g.id)
      ? [...this.guildCommands.get(g.id)!.values()].find((c) => c.name === name && c.type === 1)
      : undefined;
    const cmd = def ?? [...this.globalCommands.values()].find((c) => c.name === name && c.type === 1);
    if (!cmd && this.opts.requireRegisteredCommands) {
      throw new Error(
        `/${name} is not registered (guild ${g.id} or global). Register it first, or start the sim with requireRegisteredCommands: false`,
      );
    }
    const resolved: Json = {};
    const opts = this.buildOptions(cmd?.options as Json[] | undefined, options, resolved, g, Boolean(cmd), `/${name}`);
    const data: Json = { id: cmd?.id ?? snowflake(), name, type: 1 };
    if (def) data.guild_id = g.id;
    if (opts.length) data.options = opts;
    if (Object.keys(resolved).length) data.resolved = resolved;
    return this.createInteraction('slash', 2, userId, ch, data);
  }

  /**
   * A slash command in the user's DM with the bot (Discord docs, "Application Commands": contexts).
   * Only global commands are offered there, and only those whose `contexts` include BOT_DM (1): a
   * command registered without `contexts` has them all (Discord: "By default, all interaction context
   * types included for new commands"), one with the deprecated `dm_permission: false` is not offered.
   * The interaction has no guild and no member (`user` instead), context 1, and goes to shard 0.
   */
  private async slashInDm(userId: string, ch: SimChannel, name: string, options: SlashOptions): Promise<InteractionHandle> {
    if (ch.type !== ChannelType.DM || ch.recipientId !== userId) throw new Error(`channel ${ch.id} is not ${userId}'s DM with the bot`);
    const cmd = [...this.globalCommands.values()].find((c) => c.name === name && c.type === 1);
    const guildOnly = !cmd && [...this.guildCommands.values()].some((m) => [...m.values()].some((c) => c.name === name && c.type === 1));
    if (!cmd && (this.opts.requireRegisteredCommands || guildOnly))
      throw new Error(`/${name} is not registered globally: guild commands are not offered in DMs`);
    if (cmd && ((Array.isArray(cmd.contexts) && !(cmd.contexts as number[]).includes(1)) || cmd.dm_permission === false))
      throw new Error(`/${name} is not offered in DMs (its contexts leave out BOT_DM)`);
    const resolved: Json = {};
    const opts = this.buildOptions(cmd?.options as Json[] | undefined, options, resolved, undefined, Boolean(cmd), `/${name}`);
    const data: Json = { id: cmd?.id ?? snowflake(), name, type: 1 };
    if (opts.length) data.options = opts;
    if (Object.keys(resolved).length) data.resolved = resolved;
    return this.createInteraction('slash', 2, userId, ch, data);
  }

  /** User clicks a button (by custom_id) on a message they can see. */
  async click(userId: string, message: SimMessage | string, customId: string): Promise<InteractionHandle> {
    const msg = this.live(message);
    this.assertCanInteract(userId, msg);
    const c = this.components(msg).find((x) => x.type === ComponentType.Button && x.custom_id === customId);
    if (!c) throw new Error(`message ${msg.id} has no button with custom_id ${customId}`);
    if (c.disabled) throw new Error(`button ${customId} is disabled`);
    return this.createInteraction('button', 3, userId, this.channel(msg.channelId), { custom_id: customId, component_type: 2 }, msg);
  }

  /** User picks values in a select menu. Values are checked against the options and min/max. */
  async select(userId: string, message: SimMessage | string, customId: string, values: string[]): Promise<InteractionHandle> {
    const msg = this.live(message);
    this.assertCanInteract(userId, msg);
    const c = this.components(msg).find((x) => [3, 5, 6, 7, 8].includes(x.type as number) && x.custom_id === customId);
    if (!c) throw new Error(`message ${msg.id} has no select with custom_id ${customId}`);
    if (c.disabled) throw new Error(`select ${customId} is disabled`);
    const min = typeof c.min_values === 'number' ? c.min_values : 1;
    const max = typeof c.max_values === 'number' ? c.max_values : 1;
    if (values.length < min || values.length > max) throw new Error(`select ${customId} takes ${min}..${max} values, got ${values.length}`);
    const data: Json = { custom_id: customId, component_type: c.type, values };
    if (c.type === ComponentType.StringSelect) {
      const allowed = new Set((c.options as Json[]).map((o) => o.value as string));
      for (const v of values) if (!allowed.has(v)) throw new Error(`select ${customId} has no option ${v}`);
    } else {
      const resolved: Json = {};
      const g = msg.guildId ? this.guild(msg.guildId) : undefined;
      for (const v of values)
        this.resolveMention(
          v,
          c.type === ComponentType.UserSelect
            ? 6
            : c.type === ComponentType.RoleSelect
              ? 8
              : c.type === ComponentType.ChannelSelect
                ? 7
                : 9,
          resolved,
          g,
        );
      data.resolved = resolved;
    }
    return this.createInteraction('select', 3, userId, this.channel(msg.channelId), data, msg);
  }

  /**
   * User submits a modal the bot showed them. `fields` maps text-input custom_ids to values; required inputs and
   * length limits are checked. `message` may be null (the modal's own origin is used).
   */
  async submitModal(
    userId: string,
    message: SimMessage | string | null,
    customId: string,
    fields: Record<string, string>,
  ): Promise<InteractionHandle> {
    const modal = [...this.modals].reverse().find((m) => m.userId === userId && m.customId === customId && !m.submitted);
    if (!modal) throw new Error(`no open modal ${customId} for user ${userId} (the bot must answer with type 9 first)`);
    const src = message ? this.live(message) : modal.sourceMessage;
    const known = new Set<string>();
    const input = (ti: Json): Json => {
      const id = ti.custom_id as string;
      known.add(id);
      const value = fields[id] ?? '';
      const required = ti.required !== false;
      if (required && value === '') throw new Error(`modal ${customId}: field ${id} is required`);
      if (typeof ti.max_length === 'number' && [...value].length > ti.max_length)
        throw new Error(`modal ${customId}: field ${id} is longer than ${ti.max_length}`);
      if (value !== '' && typeof ti.min_length === 'number' && [...value].length < ti.min_length)
        throw new Error(`modal ${customId}: field ${id} is shorter than ${ti.min_length}`);
      return { type: ComponentType.TextInput, id: ti.id ?? 0, custom_id: id, value };
    };
    const components: Json[] = [];
    for (const c of modal.components) {
      if (c.type === ComponentType.ActionRow) {
        components.push({ type: 1, id: c.id ?? 0, components: (c.components as Json[]).map(input) });
      } else if (c.type === ComponentType.Label) {
        const inner = c.component as Json;
        if (inner.type === ComponentType.TextInput) components.push({ type: 18, id: c.id ?? 0, component: input(inner) });
        else if (inner.type === ComponentType.StringSelect) {
          known.add(inner.custom_id as string);
          const v = fields[inner.custom_id as string];
          components.push({
            type: 18,
            id: c.id ?? 0,
            component: { type: 3, id: inner.id ?? 0, custom_id: inner.custom_id, values: v === undefined || v === '' ? [] : v.split(',') },
          });
        }
      } else if (c.type === ComponentType.TextDisplay) {
        components.push({ type: 10, id: c.id ?? 0 });
      }
    }
    for (const k of Object.keys(fields)) if (!known.has(k)) throw new Error(`modal ${customId} has no field ${k}`);
    modal.submitted = true;
    const ch = this.channel(modal.channelId);
    return this.createInteraction('modal', 5, userId, ch, { custom_id: customId, components }, src);
  }

  // ───────────────────────────── gateway faults ─────────────────────────────

  /**
   * Drops every gateway connection abruptly, or only shard `o.shard`'s; discord.js resumes (missed events are
   * replayed) and the other shards run on.
   */
  dropGatewayConnections(o: { shard?: number } = {}): void {
    this.addLog({ kind: 'sim', summary: `dropping gateway connections${o.shard === undefined ? '' : ` of shard ${o.shard}`}` });
    this.gateway.dropConnections(o.shard);
  }
  /** Closes gateway connections (all, or shard `o.shard`'s) with a close code (4000 resumable, 4004 auth failed, …). */
  closeGatewayConnections(code: number, o: { shard?: number } = {}): void {
    this.gateway.closeConnections(code, 'closed by simulator', o.shard);
  }
  /** Sends op 7 RECONNECT (to every connection, or shard `o.shard`'s). */
  requestGatewayReconnect(o: { shard?: number } = {}): void {
    this.gateway.requestReconnect(o.shard);
  }
  /** Sends op 9 INVALID_SESSION (to every connection, or shard `o.shard`'s). */
  invalidateGatewaySessions(resumable = false, o: { shard?: number } = {}): void {
    this.gateway.invalidateSessions(resumable, o.shard);
  }
  /** The shard count `GET /gateway/bot` recommends (option `shards`, default 1). */
  get shardCount(): number {
    return this.opts.shards;
  }
  /** The shard id a guild's events go to with `shardCount` shards (default: the recommended count). */
  shardOf(guildId: string, shardCount = this.opts.shards): number {
    return shardOf(guildId, shardCount);
  }
  /** Gateway sessions by shard: `[id, n]`, session id, connected or only resumable, last sequence number. */
  gatewaySessions(): Array<{ shard: [number, number]; sessionId: string; connected: boolean; seq: number }> {
    return this.gateway.sessionList();
  }
  /** Number of IDENTIFYs and RESUMEs received so far. */
  gatewayStats(): { identifies: number; resumes: number } {
    return { identifies: this.gateway.identifyCount, resumes: this.gateway.resumeCount };
  }

  // ───────────────────────────── log ─────────────────────────────

  restLog(): LogEntry[] {
    return this.log.filter((e) => e.kind === 'rest');
  }
  gatewayLog(): LogEntry[] {
    return this.log.filter((e) => e.kind === 'gateway-in' || e.kind === 'gateway-out');
  }
  /** The log as text (one line per entry). */
  formatLog(filter?: (e: LogEntry) => boolean): string {
    return this.log
      .filter((e) => !filter || filter(e))
      .map((e) => `${new Date(e.at).toISOString().slice(11, 23)} ${e.kind.padEnd(11)} ${e.summary}`)
      .join('\n');
  }
  /** @internal */ addLog(e: Omit<LogEntry, 'at'>): void {
    const entry = { at: Date.now(), ...e };
    this.log.push(entry);
    if (this.log.length > 20_000) this.log.splice(0, 5_000);
    if (this.opts.logToConsole) process.stderr.write(`[discord-sim] ${entry.kind} ${entry.summary}\n`);
  }

  // ───────────────────────────── internals: visibility ─────────────────────────────

  /** @internal */ live(message: SimMessage | string): SimMessage {
    const id = typeof message === 'string' ? message : message.id;
    const m = this.messageIndex.get(id);
    if (!m) throw new Error(`no message ${id}`);
    return m;
  }

  /** @internal */ canView(userId: string, ch: SimChannel): boolean {
    if (ch.type === ChannelType.DM) return ch.recipientId === userId || userId === this.botUserId;
    if (!ch.guildId) return false;
    const g = this.guild(ch.guildId);
    const m = g.members.get(userId);
    if (!m) return false;
    const perms = this.memberPermissionsIn(ch.guildId, userId, ch.id);
    if (!hasPerm(perms, P.ViewChannel)) return false;
    if (ch.type === ChannelType.PrivateThread) return ch.threadMembers.has(userId) || hasPerm(perms, P.ManageThreads);
    return true;
  }

  /** @internal */ assertCanInteract(userId: string, msg: SimMessage): void {
    if (msg.deleted) throw new Error(`message ${msg.id} was deleted`);
    if (msg.ephemeralTo !== undefined && msg.ephemeralTo !== userId)
      throw new Error(`message ${msg.id} is another user's ephemeral message`);
    const ch = this.channel(msg.channelId);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see ${ch.name}`);
  }

  /**
   * A user's message needs Send Messages in a channel, Send Messages in Threads in a thread (the
   * former is not inherited: developers/topics/permissions.mdx, "Inherited Permissions (Threads)");
   * a timeout takes both away.
   */
  private assertMaySend(guildId: string, userId: string, ch: SimChannel): void {
    const m = this.guild(guildId).members.get(userId);
    if (m && this.isTimedOut(m)) throw new Error(`user ${userId} is timed out until ${String(m.communicationDisabledUntil)}`);
    const bit = this.isThread(ch) ? P.SendMessagesInThreads : P.SendMessages;
    if (!hasPerm(this.memberPermissionsIn(guildId, userId, ch.id), bit))
      throw new Error(`user ${userId} may not send messages in ${ch.name}`);
  }

  /**
   * A guild interaction needs the app in the guild (removing the bot removes the app's integration)
   * and a member who is not timed out. Application commands: a timed-out member loses Use Application
   * Commands with every permission but View Channel and Read Message History (developers/topics/
   * permissions.mdx, "Permissions For Timed Out Members"). Message components need no permission and
   * the docs say nothing of them; Discord is reported to refuse a timed-out member's clicks too
   * (nextcord/previous PR #86, 2022, dropping its own check as dead code: "Timed out users can not
   * interact with buttons"), so the sim refuses every interaction of a timed-out member.
   */
  private assertMayInteract(g: SimGuild, userId: string): void {
    if (!this.botInGuild(g.id)) throw new Error(`the bot is not in guild ${g.name}: its commands and components are gone there`);
    const m = g.members.get(userId);
    if (m && this.isTimedOut(m)) throw new Error(`user ${userId} is timed out in ${g.name} until ${String(m.communicationDisabledUntil)}`);
  }

  // ───────────────────────────── internals: interactions ─────────────────────────────

  /** @internal */ buildOptions(
    defs: Json[] | undefined,
    given: SlashOptions,
    resolved: Json,
    g: SimGuild | undefined,
    strict: boolean,
    where: string,
  ): Json[] {
    const out: Json[] = [];
    for (const [name, value] of Object.entries(given)) {
      const def = defs?.find((d) => d.name === name);
      if (strict && !def) throw new Error(`${where} has no option ${name}`);
      const typedObj =
        isPlainObject(value) &&
        ('user' in value || 'channel' in value || 'role' in value) &&
        Object.keys(value).length === 1 &&
        typeof Object.values(value)[0] === 'string';
      let type: number | undefined = def?.type as number | undefined;
      if (type === undefined) {
        if (typedObj) type = 'user' in value ? 6 : 'channel' in value ? 7 : 8;
        else if (isPlainObject(value))
          type = Object.values(value).some((v) => isPlainObject(v) && !('user' in v || 'channel' in v || 'role' in v)) ? 2 : 1;
        else if (typeof value === 'boolean') type = 5;
        else if (typeof value === 'number') type = Number.isInteger(value) ? 4 : 10;
        else type = 3;
      }
      if (type === 1 || type === 2) {
        if (!isPlainObject(value) || typedObj) throw new Error(`${where} ${name} is a subcommand: pass an object of its options`);
        const sub = this.buildOptions(def?.options as Json[] | undefined, value as SlashOptions, resolved, g, strict, `${where} ${name}`);
        out.push({ name, type, options: sub });
        continue;
      }
      let v: unknown = typedObj ? Object.values(value as Json)[0] : value;
      switch (type) {
        case 3:
          if (typeof v !== 'string') throw new Error(`${where} ${name} must be a string`);
          break;
        case 4:
          if (typeof v !== 'number' || !Number.isInteger(v)) throw new Error(`${where} ${name} must be an integer`);
          break;
        case 10:
          if (typeof v !== 'number') throw new Error(`${where} ${name} must be a number`);
          break;
        case 5:
          if (typeof v !== 'boolean') throw new Error(`${where} ${name} must be a boolean`);
          break;
        case 6:
        case 7:
        case 8:
        case 9:
          v = String(v);
          this.resolveMention(v as string, type, resolved, g);
          break;
        default:
          break;
      }
      if (def && Array.isArray(def.choices) && def.choices.length && !def.choices.some((c: Json) => c.value === v)) {
        throw new Error(`${where} ${name}: ${String(v)} is not one of the choices`);
      }
      if (def && typeof v === 'number') {
        if (typeof def.min_value === 'number' && v < def.min_value) throw new Error(`${where} ${name} < min_value`);
        if (typeof def.max_value === 'number' && v > def.max_value) throw new Error(`${where} ${name} > max_value`);
      }
      if (def && typeof v === 'string' && type === 3) {
        if (typeof def.min_length === 'number' && [...v].length < def.min_length)
          throw new Error(`${where} ${name} shorter than min_length`);
        if (typeof def.max_length === 'number' && [...v].length > def.max_length)
          throw new Error(`${where} ${name} longer than max_length`);
      }
      out.push({ name, type, value: v });
    }
    if (strict && defs) {
      const subs = defs.filter((d) => d.type === 1 || d.type === 2);
      if (subs.length && out.length !== 1) throw new Error(`${where} needs exactly one subcommand (${subs.map((s) => s.name).join(', ')})`);
      for (const d of defs) if (d.required && !(d.name in given)) throw new Error(`${where} option ${d.name} is required`);
    }
    return out;
  }

  /** @internal */ resolveMention(id: string, type: number, resolved: Json, g: SimGuild | undefined): void {
    if (type === 6 || (type === 9 && this.users.has(id))) {
      const u = this.users.get(id);
      if (!u) throw new Error(`no user ${id}`);
      (resolved.users ??= {})[id] = userJson(this, u);
      const m = g?.members.get(id);
      if (m) {
        const { user: _u, ...rest } = memberJson(this, m);
        (resolved.members ??= {})[id] = { ...rest, permissions: m.permissions.toString() };
      }
    } else if (type === 7) {
      const c = this.channel(id);
      const j = channelJson(this, c);
      (resolved.channels ??= {})[id] = {
        id,
        name: c.name,
        type: c.type,
        permissions: this.botPermissions(c.guildId!, c.id).toString(),
        parent_id: j.parent_id ?? null,
        thread_metadata: j.thread_metadata,
      };
    } else {
      const role = g?.roles.find((r) => r.id === id);
      if (!role) throw new Error(`no role ${id}`);
      (resolved.roles ??= {})[id] = roleJson(this, role);
    }
  }

  /** @internal */ async createInteraction(
    kind: InteractionKind,
    type: number,
    userId: string,
    ch: SimChannel,
    data: Json,
    message?: SimMessage,
  ): Promise<InteractionHandle> {
    const g = ch.guildId ? this.guild(ch.guildId) : undefined;
    if (g) this.assertMayInteract(g, userId);
    const user = this.user(userId);
    const id = snowflake();
    const token = Buffer.from(`interaction:${id}:${randomBytes(48).toString('base64url')}`).toString('base64url');
    const payload: Json = {
      id,
      application_id: this.applicationId,
      type,
      data,
      token,
      version: 1,
      channel: channelJson(this, ch),
      channel_id: ch.id,
      locale: user.locale,
      entitlements: [],
      // Interaction context type: 0 guild, 1 the bot's DM (Discord's InteractionContextType).
      context: g ? 0 : 1,
      // In the bot's DM Discord sends ATTACH_FILES | EMBED_LINKS | MENTION_EVERYONE | USE_EXTERNAL_EMOJIS.
      app_permissions: (g ? this.botPermissions(g.id, ch.id) : DM_APP_PERMISSIONS).toString(),
      attachment_size_limit: g?.attachmentSizeLimit ?? 10 * 1024 * 1024,
    };
    if (g) {
      const m = g.members.get(userId)!;
      Object.assign(payload, {
        guild_id: g.id,
        guild_locale: g.locale,
        guild: { id: g.id, locale: g.locale, features: g.features },
        // Discord: "total permissions of the member in the channel, including overwrites".
        member: { ...memberJson(this, m), permissions: this.memberPermissionsIn(g.id, userId, ch.id).toString() },
        authorizing_integration_owners: { '0': g.id },
      });
    } else {
      // No guild_id, no member: `user` instead; a guild-installed app used in its bot DM is authorized by guild "0".
      Object.assign(payload, { user: userJson(this, user), authorizing_integration_owners: { '0': '0' } });
    }
    if (message) payload.message = messageJson(this, message);
    const handle = new InteractionHandle(id, token, type, kind, userId, ch.id, g?.id, this.clock.now(), payload, message);
    this.interactions.set(id, handle);
    this.interactionsByToken.set(token, handle);
    this.addLog({
      kind: 'user',
      summary: `${user.username} ${kind} ${kind === 'slash' ? `/${String(data.name)}` : String(data.custom_id)} in #${ch.name} → interaction ${id}`,
    });
    handle.delivered = this.gateway.dispatch('INTERACTION_CREATE', payload) > 0;
    if (!handle.delivered) this.addLog({ kind: 'sim', summary: `interaction ${id}: no bot session to deliver it to` });
    if (this.opts.realTime) {
      const t = setTimeout(() => {
        this.timers.delete(t);
        this.checkDeadlines();
      }, ACK_DEADLINE_MS + 5);
      this.timers.add(t);
    }
    return handle;
  }

  /** @internal */ checkDeadlines(): void {
    const now = this.clock.now();
    for (const i of this.interactions.values()) {
      if (!i.acknowledged && !i.failed && now - i.createdAt >= ACK_DEADLINE_MS) this.failInteraction(i, 'not acknowledged within 3 s');
    }
    for (const t of this.channels.values()) {
      if (this.isThread(t) && !t.archived && !t.deleted && now - t.lastActivity >= t.autoArchiveDuration * 60_000) {
        this.addLog({ kind: 'sim', summary: `thread ${t.name} auto-archived after ${t.autoArchiveDuration} min of inactivity` });
        this.archiveThread(t.id);
      }
    }
  }

  /** Archives (and optionally locks) a thread as Discord or a moderator would, dispatching THREAD_UPDATE. */
  archiveThread(threadId: string, o: { locked?: boolean } = {}): void {
    const t = this.channel(threadId);
    if (!this.isThread(t)) throw new Error(`${threadId} is not a thread`);
    t.archived = true;
    if (o.locked !== undefined) t.locked = o.locked;
    t.archiveTimestamp = new Date(this.clock.now()).toISOString();
    this.threadUpdate(t);
  }

  /**
   * Locks (or with `false` unlocks) a thread without archiving it, as a moderator's "Lock Thread" does,
   * dispatching THREAD_UPDATE. A locked, active thread takes no new or edited message from a bot without
   * Manage Threads (routes/messages.ts `refuseLockedThread`).
   */
  lockThread(threadId: string, locked = true): void {
    const t = this.channel(threadId);
    if (!this.isThread(t)) throw new Error(`${threadId} is not a thread`);
    t.locked = locked;
    this.threadUpdate(t);
  }

  /**
   * Deletes a channel or thread as a moderator would (or the bot, through DELETE /channels/:id):
   * THREAD_DELETE for a thread (its id, guild_id, parent_id and type only), CHANNEL_DELETE with the
   * channel object otherwise. A channel's threads go with it (no event of their own here); every
   * later request on any of them answers 10003 Unknown Channel.
   */
  deleteChannel(id: string): void {
    const ch = this.channel(id);
    if (ch.deleted) throw new Error(`${id} is already deleted`);
    ch.deleted = true;
    if (this.isThread(ch)) {
      this.gateway.dispatch('THREAD_DELETE', { id: ch.id, guild_id: ch.guildId, parent_id: ch.parentId, type: ch.type }, Intents.Guilds);
      return;
    }
    for (const t of this.channels.values()) if (t.parentId === ch.id && this.isThread(t)) t.deleted = true;
    this.gateway.dispatch('CHANNEL_DELETE', channelJson(this, ch), Intents.Guilds);
  }

  /** A user posts a plain message (MESSAGE_CREATE is dispatched to bots with the GuildMessages intent). */
  say(userId: string, channelId: string, content: string): SimMessage {
    const ch = this.channel(channelId);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see ${ch.name}`);
    if (ch.guildId) this.assertMaySend(ch.guildId, userId, ch);
    if (ch.locked) throw new Error(`thread ${ch.name} is locked`);
    if (ch.archived) {
      ch.archived = false;
      this.threadUpdate(ch);
    }
    return this.storeMessage(ch, { authorId: userId, content });
  }

  /** @internal */ failInteraction(i: InteractionHandle, reason: string): void {
    i.failed = true;
    i.failReason = reason;
    this.addLog({ kind: 'sim', summary: `interaction ${i.id} FAILED for the user: ${reason}` });
    i._settle();
  }

  // ───────────────────────────── internals: storage ─────────────────────────────

  /** @internal API JSON of a channel/thread/DM (see serialize.ts). */
  channelJson(ch: SimChannel): Json {
    return channelJson(this, ch);
  }

  /** @internal API JSON of a message (see serialize.ts). */
  messageJson(m: SimMessage): Json {
    return messageJson(this, m);
  }

  /** @internal */ newChannel(p: Partial<SimChannel> & { type: number; name: string }): SimChannel {
    const ch: SimChannel = {
      id: p.id ?? snowflake(),
      type: p.type,
      guildId: p.guildId,
      name: p.name,
      parentId: p.parentId,
      position: p.position ?? 0,
      topic: p.topic ?? null,
      ownerId: p.ownerId,
      archived: false,
      locked: false,
      invitable: p.invitable ?? true,
      autoArchiveDuration: p.autoArchiveDuration ?? 1440,
      archiveTimestamp: p.archiveTimestamp,
      createTimestamp: p.createTimestamp,
      threadMembers: new Map(),
      recipientId: p.recipientId,
      lastMessageId: null,
      messageCount: 0,
      deleted: false,
      lastActivity: this.clock.now(),
    };
    this.channels.set(ch.id, ch);
    this.messages.set(ch.id, []);
    return ch;
  }

  /**
   * Calls `fn` after every message is created, edited or deleted (ephemeral ones included), so an
   * observer (the load bench's players) can wait for a change instead of polling. Returns the
   * unsubscribe function.
   */
  onMessageChange(fn: (m: SimMessage) => void): () => void {
    this.messageListeners.add(fn);
    return () => this.messageListeners.delete(fn);
  }

  private messageChanged(m: SimMessage): void {
    for (const fn of this.messageListeners) fn(m);
  }

  /** @internal */ storeMessage(ch: SimChannel, p: Partial<SimMessage> & { authorId: string }): SimMessage {
    const now = this.clock.now();
    const m: SimMessage = {
      id: p.id ?? snowflake(),
      channelId: ch.id,
      guildId: ch.guildId,
      type: p.type ?? 0,
      content: p.content ?? '',
      embeds: p.embeds ?? [],
      components: p.components ?? [],
      attachments: p.attachments ?? [],
      flags: p.flags ?? 0,
      authorId: p.authorId,
      ephemeralTo: p.ephemeralTo,
      interactionId: p.interactionId,
      webhookId: p.webhookId,
      createdAt: now,
      timestamp: new Date(now).toISOString(),
      editedTimestamp: null,
      deleted: false,
      messageReference: p.messageReference,
      reactions: new Map(),
      edits: 0,
      notified: p.notified ?? NOBODY,
    };
    this.messages.get(ch.id)!.push(m);
    this.messageIndex.set(m.id, m);
    if (m.ephemeralTo === undefined) {
      ch.lastMessageId = m.id;
      ch.messageCount++;
      ch.lastActivity = now;
      const intent = ch.type === ChannelType.DM ? Intents.DirectMessages : Intents.GuildMessages;
      this.gateway.dispatch(
        'MESSAGE_CREATE',
        { ...messageJson(this, m), ...(ch.guildId ? { member: this.memberJsonNoUser(ch.guildId, m.authorId) } : {}) },
        intent,
      );
    }
    this.messageChanged(m);
    return m;
  }

  /** Who a bot message sent to `ch` notifies (mentions.ts). */
  /** @internal */ notifiedOf(ch: SimChannel, payload: Json, flags: number): Notified {
    const text = mentionText(typeof payload.content === 'string' ? payload.content : '', (payload.components as Json[]) ?? [], flags);
    const may = ch.guildId ? (this.botPermissions(ch.guildId, ch.id) & P.MentionEveryone) !== 0n : false;
    return notifiedBy(text, isPlainObject(payload.allowed_mentions) ? (payload.allowed_mentions as Json) : undefined, may);
  }

  /** @internal */ memberJsonNoUser(guildId: string, userId: string): Json | undefined {
    const m = this.guilds.get(guildId)?.members.get(userId);
    if (!m) return undefined;
    const { user: _u, ...rest } = memberJson(this, m);
    return rest;
  }

  /** @internal */ makeAttachments(channelId: string, files: IncomingFile[], payload: Json): Map<number, SimAttachment> {
    const out = new Map<number, SimAttachment>();
    const meta = Array.isArray(payload.attachments) ? (payload.attachments as Json[]) : [];
    for (const f of files) {
      const id = snowflake();
      const m = meta.find((a) => String(a.id) === String(f.index));
      const filename = typeof m?.filename === 'string' ? m.filename : f.filename;
      const size = pngSize(f.data);
      const a: SimAttachment = {
        id,
        filename,
        contentType: guessContentType(filename, f.contentType),
        size: f.data.length,
        data: f.data,
        url: `${this.origin}/attachments/${channelId}/${id}/${encodeURIComponent(filename)}`,
        ...(size ? { width: size.width, height: size.height } : {}),
        ...(typeof m?.description === 'string' ? { description: m.description } : {}),
      };
      this.attachmentIndex.set(id, a);
      out.set(f.index, a);
    }
    return out;
  }

  /** Validates and creates a message from a bot payload. */
  /** @internal */ createMessageFrom(
    ch: SimChannel,
    body: ParsedBody,
    o: { allowEphemeral: boolean; ephemeralTo?: string; interaction?: InteractionHandle; type?: number; forceFlags?: number },
  ): SimMessage {
    const payload = body.json ?? {};
    let flags = typeof payload.flags === 'number' ? payload.flags : 0;
    if (o.forceFlags !== undefined) flags = o.forceFlags;
    const g = ch.guildId ? this.guild(ch.guildId) : undefined;
    validateMessage({
      payload,
      files: body.files,
      finalFlags: flags,
      keptFilenames: [],
      attachmentSizeLimit: g?.attachmentSizeLimit ?? 10 * 1024 * 1024,
      allowEphemeral: o.allowEphemeral,
    });
    const hasContent =
      (typeof payload.content === 'string' && payload.content.length > 0) ||
      (Array.isArray(payload.embeds) && payload.embeds.length > 0) ||
      (Array.isArray(payload.components) && payload.components.length > 0) ||
      body.files.length > 0 ||
      Array.isArray(payload.sticker_ids) ||
      payload.poll;
    if (!hasContent && (flags & MessageFlags.Loading) === 0) throw Errors.emptyMessage();
    const atts = this.makeAttachments(ch.id, body.files, payload);
    const ephemeral = (flags & MessageFlags.Ephemeral) !== 0;
    return this.storeMessage(ch, {
      notified: ephemeral ? NOBODY : this.notifiedOf(ch, payload, flags),
      authorId: this.botUserId,
      content: typeof payload.content === 'string' ? payload.content : '',
      embeds: (payload.embeds as Json[]) ?? [],
      components: (payload.components as Json[]) ?? [],
      attachments: [...atts.values()],
      flags,
      ephemeralTo: ephemeral ? o.ephemeralTo : undefined,
      interactionId: o.interaction?.id,
      webhookId: o.interaction ? this.applicationId : undefined,
      type: o.type ?? 0,
      messageReference: isPlainObject(payload.message_reference)
        ? { ...payload.message_reference, channel_id: ch.id, guild_id: ch.guildId }
        : undefined,
    });
  }

  /** Validates and applies an edit (PATCH channel message, PATCH webhook message, callback type 7). */
  /** @internal */ editMessageFrom(m: SimMessage, body: ParsedBody): SimMessage {
    const payload = body.json ?? {};
    const wasLoading = (m.flags & MessageFlags.Loading) !== 0;
    let flags = m.flags & ~MessageFlags.Loading;
    if (typeof payload.flags === 'number') {
      // Only SUPPRESS_EMBEDS can toggle; IS_COMPONENTS_V2 can be added (never removed); ephemeral is fixed.
      const keep = m.flags & (MessageFlags.Ephemeral | MessageFlags.HasThread);
      flags = keep | (payload.flags & ~MessageFlags.Ephemeral & ~MessageFlags.Loading);
      if ((m.flags & MessageFlags.IsComponentsV2) !== 0 && (payload.flags & MessageFlags.IsComponentsV2) === 0)
        flags &= ~MessageFlags.IsComponentsV2;
    }
    const effective: Json = {
      content: payload.content !== undefined ? (payload.content ?? '') : m.content,
      embeds: payload.embeds !== undefined ? (payload.embeds ?? []) : m.embeds,
      components: payload.components !== undefined ? (payload.components ?? []) : m.components,
      flags,
      ...(payload.attachments !== undefined ? { attachments: payload.attachments } : {}),
      ...(payload.allowed_mentions !== undefined ? { allowed_mentions: payload.allowed_mentions } : {}),
    };
    let kept = m.attachments;
    if (Array.isArray(payload.attachments)) {
      const ids = new Set((payload.attachments as Json[]).map((a) => String(a.id)));
      kept = m.attachments.filter((a) => ids.has(a.id));
    }
    const g = m.guildId ? this.guild(m.guildId) : undefined;
    validateMessage({
      payload: effective,
      files: body.files,
      finalFlags: flags,
      previousFlags: wasLoading ? undefined : m.flags & ~MessageFlags.Loading,
      sentFlags: typeof payload.flags === 'number' ? payload.flags & ~MessageFlags.Ephemeral : 0,
      keptFilenames: kept.map((a) => a.filename),
      attachmentSizeLimit: g?.attachmentSizeLimit ?? 10 * 1024 * 1024,
      allowEphemeral: true,
    });
    if ((m.flags & MessageFlags.IsComponentsV2) !== 0 && (flags & MessageFlags.IsComponentsV2) === 0) {
      throw FormErrors.single(
        ['flags'],
        'MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG',
        'The IS_COMPONENTS_V2 flag cannot be removed once set',
      );
    }
    const atts = this.makeAttachments(m.channelId, body.files, payload);
    const empty =
      !(effective.content as string).length &&
      !(effective.embeds as Json[]).length &&
      !(effective.components as Json[]).length &&
      kept.length + atts.size === 0;
    if (empty) throw Errors.emptyMessage();
    m.content = effective.content as string;
    m.embeds = effective.embeds as Json[];
    m.components = effective.components as Json[];
    m.attachments = [...kept, ...atts.values()];
    m.flags = flags;
    // `notified` stays as the message was sent: an edit notifies nobody, and neither does the edit (or
    // first follow-up) that fills a deferred reply, whose "thinking…" message was the sending
    // (discord-api-docs#5497 "Mentions when updating the original interaction message after deferring
    // the interaction do not work", #4034 "Acknowledged slash commands don't mention users": "when
    // following-up or editing after acknowledging the command, the user is not mentioned";
    // discord.js#9482). A ping must be a message of its own.
    if (!wasLoading) m.editedTimestamp = new Date(this.clock.now()).toISOString();
    m.edits++;
    if (m.ephemeralTo === undefined) {
      const ch = this.channel(m.channelId);
      this.gateway.dispatch(
        'MESSAGE_UPDATE',
        messageJson(this, m),
        ch.type === ChannelType.DM ? Intents.DirectMessages : Intents.GuildMessages,
      );
    }
    this.messageChanged(m);
    return m;
  }

  /** @internal */ deleteMessage(m: SimMessage): void {
    m.deleted = true;
    if (m.ephemeralTo === undefined) {
      const ch = this.channel(m.channelId);
      this.gateway.dispatch(
        'MESSAGE_DELETE',
        { id: m.id, channel_id: m.channelId, ...(m.guildId ? { guild_id: m.guildId } : {}) },
        ch.type === ChannelType.DM ? Intents.DirectMessages : Intents.GuildMessages,
      );
    }
    this.messageChanged(m);
  }

  /** @internal An announcement (10), public (11) or private (12) thread. */
  isThread(ch: SimChannel): boolean {
    return isThreadType(ch.type);
  }

  /** @internal */ threadUpdate(t: SimChannel): void {
    this.gateway.dispatch('THREAD_UPDATE', channelJson(this, t), Intents.Guilds);
  }

  /** @internal */ activeThreads(guildId: string): SimChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && this.isThread(c) && !c.archived && !c.deleted);
  }
}
