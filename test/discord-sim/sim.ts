/**
 * DiscordSim: a local stand-in for Discord's HTTP API v10 and Gateway that an unmodified discord.js Client talks to
 * (`new Client({ rest: { api: sim.apiBase } })`). Loopback only. See docs/testing-without-discord.md.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { ApiError, Errors, FormErrors } from './errors.js';
import { handleControl } from './control.js';
import { Intents, SimGateway } from './gateway.js';
import { InteractionHandle, type InteractionKind, type RouteError, type SimModal } from './interaction.js';
import {
  ALL_PERMISSIONS,
  ChannelType,
  compareSnowflakes,
  DEFAULT_BOT_PERMISSIONS,
  DEFAULT_MEMBER_PERMISSIONS,
  guessContentType,
  hasPerm,
  Permissions as P,
  pngSize,
  SimClock,
  snowflake,
  toPermBits,
  type SimAttachment,
  type SimChannel,
  type SimGuild,
  type SimMember,
  type SimMessage,
  type SimUser,
} from './model.js';
import { ComponentType, MessageFlags, validateCommand, validateMessage, validateModal, type IncomingFile } from './validate.js';

// Raw Discord JSON is handled dynamically throughout the simulator.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

export interface DiscordSimOptions {
  /** Follow the wall clock for deadlines (default false: a fake clock that only moves with `sim.clock.advance`). */
  realTime?: boolean;
  /** Port to bind on 127.0.0.1 (default 0 = any free port). */
  port?: number;
  /** Gateway heartbeat interval sent in HELLO (default 41 250 ms). */
  heartbeatIntervalMs?: number;
  /** Accept privileged intents (GuildMembers, GuildPresences, MessageContent) in IDENTIFY (default true). */
  privilegedIntents?: boolean;
  /** Refuse `sim.slash` for commands the bot has not registered (default true). */
  requireRegisteredCommands?: boolean;
  /**
   * Answer a third channel/thread rename (or topic change) within 10 minutes of sim time with Discord's 429 (the
   * rename sublimit, with a Retry-After of up to 600 s that discord.js will sleep). Default false: the sim only
   * records a warning in `sim.warnings`, so a test can assert there were none without hanging on the sleep.
   */
  enforceRenameLimit?: boolean;
  /** Print the REST/gateway log to stderr as it happens (default: env DISCORD_SIM_LOG=1). */
  logToConsole?: boolean;
  /** Bot token (default: a random Discord-looking token). */
  token?: string;
}

export interface LogEntry {
  at: number;
  kind: 'rest' | 'gateway-in' | 'gateway-out' | 'user' | 'sim';
  summary: string;
  status?: number;
  code?: number;
  data?: unknown;
}

export interface FaultRuleOptions {
  /** Matched against the path after `/api/v10` (e.g. `/channels/123/messages`) and against `"POST /channels/…"`. */
  route?: RegExp;
  times?: number;
}

interface FaultRule {
  kind: 'rateLimit' | 'serverError' | 'slow';
  route?: RegExp;
  times: number;
  global?: boolean;
  retryAfterMs?: number;
  status?: number;
  delayMs?: number;
}

/** Fault injection (all rules apply on the next matching requests, `times` each; default 1). */
export class Faults {
  /** @internal */ readonly rules: FaultRule[] = [];
  constructor(private readonly sim: DiscordSim) {}

  /**
   * 429 with `Retry-After` header, JSON `retry_after` and X-RateLimit headers. `global: true` sets
   * `X-RateLimit-Global` and, without a `route`, hits every route except interaction callbacks and webhook-token
   * routes (Discord exempts those from the global limit).
   */
  rateLimit(o: FaultRuleOptions & { global?: boolean; retryAfterMs?: number }): void {
    this.rules.push({
      kind: 'rateLimit',
      route: o.route,
      global: o.global ?? false,
      retryAfterMs: o.retryAfterMs ?? 100,
      times: o.times ?? 1,
    });
  }
  /** 500/502/503 with Discord's body. discord.js retries 5xx up to `rest.retries` (3) times. */
  serverError(o: FaultRuleOptions & { status?: 500 | 502 | 503 | 504 }): void {
    this.rules.push({ kind: 'serverError', route: o.route, status: o.status ?? 500, times: o.times ?? 1 });
  }
  /** Delays the response (real time). Above discord.js `rest.timeout` (15 s) the client aborts and retries. */
  slow(o: FaultRuleOptions & { delayMs: number }): void {
    this.rules.push({ kind: 'slow', route: o.route, delayMs: o.delayMs, times: o.times ?? 1 });
  }
  /** Abruptly drops every gateway connection; discord.js should resume. */
  dropGatewayConnections(): void {
    this.sim.dropGatewayConnections();
  }
  /** Swallows the next `n` heartbeat ACKs: the client sees a zombie link and reconnects/resumes. */
  missHeartbeatAcks(n = 1): void {
    this.sim.gateway.suppressAcks += n;
  }
  /** Removes every pending rule. */
  clear(): void {
    this.rules.length = 0;
  }
  /** @internal */
  take(kind: FaultRule['kind'], method: string, path: string): FaultRule | undefined {
    const exempt = /^\/(interactions|webhooks)\//.test(path);
    for (const r of this.rules) {
      if (r.kind !== kind || r.times <= 0) continue;
      if (r.route) {
        if (!r.route.test(path) && !r.route.test(`${method} ${path}`)) continue;
      } else if (r.kind === 'rateLimit' && r.global && exempt) continue;
      r.times--;
      if (r.times <= 0) this.rules.splice(this.rules.indexOf(r), 1);
      return r;
    }
    return undefined;
  }
}

export type SlashOptionValue = string | number | boolean | { user: string } | { channel: string } | { role: string } | SlashOptions;
export interface SlashOptions {
  [name: string]: SlashOptionValue;
}

export type ComponentPredicate = string | RegExp | ((component: Json) => boolean);

export interface StoredCommand extends Json {
  id: string;
  name: string;
  type: number;
}

interface ParsedBody {
  json: Json | undefined;
  files: IncomingFile[];
}

interface Route {
  method: string;
  parts: string[];
  auth: boolean;
  handler: (ctx: RouteCtx) => Promise<RouteResult> | RouteResult;
}
interface RouteCtx {
  params: Record<string, string>;
  query: URLSearchParams;
  body: ParsedBody;
  method: string;
  path: string;
}
interface RouteResult {
  status: number;
  body?: unknown;
}

const ACK_DEADLINE_MS = 3_000;
const TOKEN_LIFETIME_MS = 15 * 60_000;

function isPlainObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Walks every component (rows, sections, accessories, containers, labels). */
export function flattenComponents(components: unknown): Json[] {
  const out: Json[] = [];
  const visit = (c: unknown): void => {
    if (!isPlainObject(c)) return;
    out.push(c);
    if (Array.isArray(c.components)) c.components.forEach(visit);
    if (c.accessory) visit(c.accessory);
    if (c.component) visit(c.component);
  };
  if (Array.isArray(components)) components.forEach(visit);
  return out;
}

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
  private readonly renames = new Map<string, number[]>();
  /** Every non-2xx answer the simulator gave the bot. */
  readonly restErrors: RouteError[] = [];
  private server!: Server;
  private port = 0;
  private readonly opts: Required<Omit<DiscordSimOptions, 'port' | 'token'>>;
  private readonly users = new Map<string, SimUser>();
  private readonly guilds = new Map<string, SimGuild>();
  private readonly channels = new Map<string, SimChannel>();
  private readonly messages = new Map<string, SimMessage[]>();
  private readonly messageIndex = new Map<string, SimMessage>();
  private readonly attachmentIndex = new Map<string, SimAttachment>();
  private readonly interactions = new Map<string, InteractionHandle>();
  private readonly interactionsByToken = new Map<string, InteractionHandle>();
  private readonly modals: SimModal[] = [];
  private readonly globalCommands = new Map<string, StoredCommand>();
  private readonly guildCommands = new Map<string, Map<string, StoredCommand>>();
  private readonly routes: Route[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private ticker?: NodeJS.Timeout;

  private constructor(options: DiscordSimOptions) {
    this.opts = {
      realTime: options.realTime ?? false,
      heartbeatIntervalMs: options.heartbeatIntervalMs ?? 41_250,
      privilegedIntents: options.privilegedIntents ?? true,
      requireRegisteredCommands: options.requireRegisteredCommands ?? true,
      enforceRenameLimit: options.enforceRenameLimit ?? false,
      logToConsole: options.logToConsole ?? process.env.DISCORD_SIM_LOG === '1',
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
      readyPayload: (sessionId, resumeUrl) => this.readyPayload(sessionId, resumeUrl),
      guildCreates: () => [...this.guilds.values()].map((g) => this.guildCreatePayload(g)),
      membersChunk: (guildId, query, limit, ids) => this.membersChunk(guildId, query, limit, ids),
      log: (kind, summary, data) => this.addLog({ kind, summary, data }),
      gatewayUrl: () => this.gatewayUrl,
    });
    this.registerRoutes();
  }

  /** Starts the simulator on 127.0.0.1 (any free port unless `port` is given). */
  static async start(options: DiscordSimOptions = {}): Promise<DiscordSim> {
    const sim = new DiscordSim(options);
    sim.server = createServer((req, res) => void sim.onRequest(req, res));
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
  createGuild(o: { name: string; locale?: string; ownerId?: string; botPermissions?: bigint | string }): SimGuild {
    const id = snowflake();
    const owner = o.ownerId ?? this.createUser({ username: `${o.name}-owner` }).id;
    const now = new Date(this.clock.now()).toISOString();
    const g: SimGuild = {
      id,
      name: o.name,
      ownerId: owner,
      locale: o.locale ?? 'en-US',
      roles: [{ id, name: '@everyone', permissions: DEFAULT_MEMBER_PERMISSIONS, position: 0, managed: false }],
      members: new Map(),
      botPermissions: o.botPermissions === undefined ? DEFAULT_BOT_PERMISSIONS : toPermBits(o.botPermissions),
      channelBotPermissions: new Map(),
      activeThreadLimit: 1000,
      attachmentSizeLimit: 10 * 1024 * 1024,
      createdAt: now,
    };
    const botRole = { id: snowflake(), name: 'Hội Quán', permissions: g.botPermissions, position: 1, managed: true, botId: this.botUserId };
    g.roles.push(botRole);
    g.members.set(this.botUserId, {
      userId: this.botUserId,
      roles: [botRole.id],
      permissions: g.botPermissions,
      joinedAt: now,
      nick: null,
    });
    g.members.set(owner, { userId: owner, roles: [], permissions: ALL_PERMISSIONS, joinedAt: now, nick: null });
    this.guilds.set(id, g);
    this.gateway.dispatch('GUILD_CREATE', this.guildCreatePayload(g));
    return g;
  }

  guild(id: string): SimGuild {
    const g = this.guilds.get(id);
    if (!g) throw new Error(`no guild ${id}`);
    return g;
  }

  createTextChannel(guildId: string, name: string, o: { topic?: string } = {}): SimChannel {
    const g = this.guild(guildId);
    const ch = this.newChannel({ type: ChannelType.GuildText, guildId: g.id, name, topic: o.topic ?? null });
    ch.position = [...this.channels.values()].filter((c) => c.guildId === guildId && c.type === 0).length - 1;
    this.gateway.dispatch('CHANNEL_CREATE', this.channelJson(ch), Intents.Guilds);
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
      this.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: g.id, role: this.roleJson(role) }, Intents.Guilds);
    }
    g.members.set(userId, m);
    this.gateway.dispatch('GUILD_MEMBER_ADD', { ...this.memberJson(m), guild_id: guildId }, Intents.GuildMembers);
    return m;
  }

  /** Sets the bot's permissions guild-wide, or in one channel (or thread) only. */
  setBotPermissions(guildId: string, perms: bigint | string | number, channelId?: string): void {
    const g = this.guild(guildId);
    const bits = toPermBits(perms);
    if (channelId) g.channelBotPermissions.set(channelId, bits);
    else {
      g.botPermissions = bits;
      const role = g.roles.find((r) => r.managed && r.botId === this.botUserId);
      if (role) role.permissions = bits;
      const me = g.members.get(this.botUserId);
      if (me) me.permissions = bits;
    }
    for (const ch of this.channels.values()) {
      if (ch.guildId === guildId && ch.type === ChannelType.GuildText && !ch.deleted) {
        this.gateway.dispatch('CHANNEL_UPDATE', this.channelJson(ch), Intents.Guilds);
      }
    }
  }

  /** The bot's effective permissions in a guild (or channel / thread). */
  botPermissions(guildId: string, channelId?: string): bigint {
    const g = this.guild(guildId);
    if (channelId) {
      const ch = this.channels.get(channelId);
      const own = g.channelBotPermissions.get(channelId);
      if (own !== undefined) return own;
      if (ch?.parentId) {
        const parent = g.channelBotPermissions.get(ch.parentId);
        if (parent !== undefined) return parent;
      }
    }
    return g.botPermissions;
  }

  /** Limit of active threads per guild (160006 beyond it; Discord's is undocumented, ~1000). */
  setActiveThreadLimit(guildId: string, n: number): void {
    this.guild(guildId).activeThreadLimit = n;
  }

  /** Per-file upload limit for the guild (`attachment_size_limit`, default 10 MiB). */
  setAttachmentSizeLimit(guildId: string, bytes: number): void {
    this.guild(guildId).attachmentSizeLimit = bytes;
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

  /** Every non-deleted message of a channel including all ephemerals (an omniscient view for debugging). */
  allMessages(channelId: string): SimMessage[] {
    return (this.messages.get(channelId) ?? []).filter((m) => !m.deleted);
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
      .filter(
        (c) => c.parentId === channelId && !c.deleted && (c.type === ChannelType.PublicThread || c.type === ChannelType.PrivateThread),
      )
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

  private findComponent(message: SimMessage | string, pred: ComponentPredicate, kind: (c: Json) => boolean): Json | undefined {
    return this.components(message).find((c) => {
      if (!kind(c)) return false;
      if (typeof pred === 'function') return pred(c);
      const texts = [c.label, c.custom_id, c.placeholder].filter((x): x is string => typeof x === 'string');
      return typeof pred === 'string' ? texts.includes(pred) : texts.some((t) => pred.test(t));
    });
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

  /** Number of identified gateway sessions with an open connection. */
  connectedBots(): number {
    return this.gateway.connectedSessions();
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
    if (!ch.guildId) throw new Error('slash commands are simulated in guild channels only');
    const g = this.guild(ch.guildId);
    const member = g.members.get(userId);
    if (!member) throw new Error(`user ${userId} is not a member of guild ${g.name}`);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see channel ${ch.name}`);
    if (!hasPerm(member.permissions, P.UseApplicationCommands)) throw new Error(`user ${userId} lacks USE_APPLICATION_COMMANDS`);
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

  /** Drops every gateway connection abruptly; discord.js resumes (missed events are replayed). */
  dropGatewayConnections(): void {
    this.addLog({ kind: 'sim', summary: 'dropping gateway connections' });
    this.gateway.dropConnections();
  }
  /** Closes gateway connections with a close code (4000 resumable, 4004 auth failed, …). */
  closeGatewayConnections(code: number): void {
    this.gateway.closeConnections(code);
  }
  /** Sends op 7 RECONNECT. */
  requestGatewayReconnect(): void {
    this.gateway.requestReconnect();
  }
  /** Sends op 9 INVALID_SESSION. */
  invalidateGatewaySessions(resumable = false): void {
    this.gateway.invalidateSessions(resumable);
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
  private addLog(e: Omit<LogEntry, 'at'>): void {
    const entry = { at: Date.now(), ...e };
    this.log.push(entry);
    if (this.log.length > 20_000) this.log.splice(0, 5_000);
    if (this.opts.logToConsole) process.stderr.write(`[discord-sim] ${entry.kind} ${entry.summary}\n`);
  }

  // ───────────────────────────── internals: visibility ─────────────────────────────

  private live(message: SimMessage | string): SimMessage {
    const id = typeof message === 'string' ? message : message.id;
    const m = this.messageIndex.get(id);
    if (!m) throw new Error(`no message ${id}`);
    return m;
  }

  private canView(userId: string, ch: SimChannel): boolean {
    if (ch.type === ChannelType.DM) return ch.recipientId === userId || userId === this.botUserId;
    if (!ch.guildId) return false;
    const g = this.guild(ch.guildId);
    const m = g.members.get(userId);
    if (!m) return false;
    if (!hasPerm(m.permissions, P.ViewChannel)) return false;
    if (ch.type === ChannelType.PrivateThread) return ch.threadMembers.has(userId) || hasPerm(m.permissions, P.ManageThreads);
    return true;
  }

  private assertCanInteract(userId: string, msg: SimMessage): void {
    if (msg.deleted) throw new Error(`message ${msg.id} was deleted`);
    if (msg.ephemeralTo !== undefined && msg.ephemeralTo !== userId)
      throw new Error(`message ${msg.id} is another user's ephemeral message`);
    const ch = this.channel(msg.channelId);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see ${ch.name}`);
  }

  // ───────────────────────────── internals: interactions ─────────────────────────────

  private buildOptions(defs: Json[] | undefined, given: SlashOptions, resolved: Json, g: SimGuild, strict: boolean, where: string): Json[] {
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

  private resolveMention(id: string, type: number, resolved: Json, g: SimGuild | undefined): void {
    if (type === 6 || (type === 9 && this.users.has(id))) {
      const u = this.users.get(id);
      if (!u) throw new Error(`no user ${id}`);
      (resolved.users ??= {})[id] = this.userJson(u);
      const m = g?.members.get(id);
      if (m) {
        const { user: _u, ...rest } = this.memberJson(m);
        (resolved.members ??= {})[id] = { ...rest, permissions: m.permissions.toString() };
      }
    } else if (type === 7) {
      const c = this.channel(id);
      const j = this.channelJson(c);
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
      (resolved.roles ??= {})[id] = this.roleJson(role);
    }
  }

  private async createInteraction(
    kind: InteractionKind,
    type: number,
    userId: string,
    ch: SimChannel,
    data: Json,
    message?: SimMessage,
  ): Promise<InteractionHandle> {
    const g = ch.guildId ? this.guild(ch.guildId) : undefined;
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
      channel: this.channelJson(ch),
      channel_id: ch.id,
      locale: user.locale,
      entitlements: [],
      context: 0,
      app_permissions: (g ? this.botPermissions(g.id, ch.id) : DEFAULT_BOT_PERMISSIONS).toString(),
      attachment_size_limit: g?.attachmentSizeLimit ?? 10 * 1024 * 1024,
    };
    if (g) {
      const m = g.members.get(userId)!;
      Object.assign(payload, {
        guild_id: g.id,
        guild_locale: g.locale,
        guild: { id: g.id, locale: g.locale, features: [] },
        member: { ...this.memberJson(m), permissions: m.permissions.toString() },
        authorizing_integration_owners: { '0': g.id },
      });
    } else {
      Object.assign(payload, { user: this.userJson(user), authorizing_integration_owners: { '1': userId } });
    }
    if (message) payload.message = this.messageJson(message);
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

  private checkDeadlines(): void {
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

  /** A user posts a plain message (MESSAGE_CREATE is dispatched to bots with the GuildMessages intent). */
  say(userId: string, channelId: string, content: string): SimMessage {
    const ch = this.channel(channelId);
    if (!this.canView(userId, ch)) throw new Error(`user ${userId} cannot see ${ch.name}`);
    if (ch.locked) throw new Error(`thread ${ch.name} is locked`);
    if (ch.archived) {
      ch.archived = false;
      this.threadUpdate(ch);
    }
    return this.storeMessage(ch, { authorId: userId, content });
  }

  private failInteraction(i: InteractionHandle, reason: string): void {
    i.failed = true;
    i.failReason = reason;
    this.addLog({ kind: 'sim', summary: `interaction ${i.id} FAILED for the user: ${reason}` });
    i._settle();
  }

  // ───────────────────────────── internals: JSON shapes ─────────────────────────────

  private userJson(u: SimUser): Json {
    const j: Json = {
      id: u.id,
      username: u.username,
      discriminator: '0',
      global_name: u.globalName,
      avatar: null,
      public_flags: 0,
      flags: 0,
      banner: null,
      accent_color: null,
      avatar_decoration_data: null,
      primary_guild: null,
      collectibles: null,
    };
    if (u.bot) j.bot = true;
    return j;
  }

  private memberJson(m: SimMember): Json {
    return {
      user: this.userJson(this.user(m.userId)),
      roles: m.roles,
      joined_at: m.joinedAt,
      nick: m.nick,
      avatar: null,
      banner: null,
      deaf: false,
      mute: false,
      flags: 0,
      pending: false,
      premium_since: null,
      communication_disabled_until: null,
    };
  }

  private roleJson(r: SimGuild['roles'][number]): Json {
    const j: Json = {
      id: r.id,
      name: r.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: r.position,
      permissions: r.permissions.toString(),
      managed: r.managed,
      mentionable: false,
      flags: 0,
    };
    if (r.botId) j.tags = { bot_id: r.botId };
    return j;
  }

  private threadMemberJson(ch: SimChannel, userId: string): Json {
    return {
      id: ch.id,
      user_id: userId,
      join_timestamp: ch.threadMembers.get(userId) ?? new Date(this.clock.now()).toISOString(),
      flags: 0,
    };
  }

  /** @internal API JSON of a channel/thread/DM. */
  channelJson(ch: SimChannel): Json {
    if (ch.type === ChannelType.DM) {
      return { id: ch.id, type: 1, last_message_id: ch.lastMessageId, flags: 0, recipients: [this.userJson(this.user(ch.recipientId!))] };
    }
    if (ch.type === ChannelType.PublicThread || ch.type === ChannelType.PrivateThread) {
      const j: Json = {
        id: ch.id,
        type: ch.type,
        guild_id: ch.guildId,
        parent_id: ch.parentId,
        owner_id: ch.ownerId,
        name: ch.name,
        last_message_id: ch.lastMessageId,
        message_count: ch.messageCount,
        total_message_sent: ch.messageCount,
        member_count: Math.min(ch.threadMembers.size, 50),
        rate_limit_per_user: 0,
        flags: 0,
        applied_tags: [],
        thread_metadata: {
          archived: ch.archived,
          auto_archive_duration: ch.autoArchiveDuration,
          archive_timestamp: ch.archiveTimestamp,
          locked: ch.locked,
          create_timestamp: ch.createTimestamp,
          ...(ch.type === ChannelType.PrivateThread ? { invitable: ch.invitable } : {}),
        },
      };
      if (ch.threadMembers.has(this.botUserId)) j.member = this.threadMemberJson(ch, this.botUserId);
      return j;
    }
    const eff = this.botPermissions(ch.guildId!, ch.id);
    return {
      id: ch.id,
      type: ch.type,
      guild_id: ch.guildId,
      name: ch.name,
      position: ch.position,
      parent_id: null,
      topic: ch.topic,
      nsfw: false,
      last_message_id: ch.lastMessageId,
      rate_limit_per_user: 0,
      flags: 0,
      default_thread_rate_limit_per_user: 0,
      permission_overwrites: [{ id: this.botUserId, type: 1, allow: eff.toString(), deny: (ALL_PERMISSIONS & ~eff).toString() }],
    };
  }

  private guildCreatePayload(g: SimGuild): Json {
    const chans = [...this.channels.values()].filter((c) => c.guildId === g.id && !c.deleted);
    return {
      id: g.id,
      name: g.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: g.roles.map((r) => this.roleJson(r)),
      emojis: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0,
      rules_channel_id: null,
      max_members: 500000,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      premium_subscription_count: 0,
      preferred_locale: g.locale,
      public_updates_channel_id: null,
      nsfw_level: 0,
      stickers: [],
      premium_progress_bar_enabled: false,
      safety_alerts_channel_id: null,
      joined_at: g.members.get(this.botUserId)?.joinedAt ?? g.createdAt,
      large: false,
      unavailable: false,
      member_count: g.members.size,
      voice_states: [],
      members: [...g.members.values()].map((m) => this.memberJson(m)),
      channels: chans
        .filter((c) => c.type === ChannelType.GuildText || c.type === ChannelType.GuildCategory)
        .map((c) => this.channelJson(c)),
      threads: chans
        .filter((c) => (c.type === ChannelType.PublicThread || c.type === ChannelType.PrivateThread) && !c.archived)
        .map((c) => this.channelJson(c)),
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      incidents_data: null,
    };
  }

  private guildJson(g: SimGuild): Json {
    const { members: _m, channels: _c, threads: _t, presences: _p, voice_states: _v, ...rest } = this.guildCreatePayload(g);
    return { ...rest, approximate_member_count: g.members.size };
  }

  private readyPayload(sessionId: string, resumeUrl: string): Json {
    return {
      v: 10,
      user: { ...this.userJson(this.user(this.botUserId)), verified: true, mfa_enabled: false, email: null },
      guilds: [...this.guilds.keys()].map((id) => ({ id, unavailable: true })),
      session_id: sessionId,
      resume_gateway_url: resumeUrl,
      session_type: 'normal',
      shard: [0, 1],
      application: { id: this.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
      _trace: ['discord-sim'],
    };
  }

  private membersChunk(guildId: string, query: string | undefined, limit: number, ids: string[] | undefined): Json[] {
    const g = this.guilds.get(guildId);
    if (!g) return [];
    let list = [...g.members.values()];
    if (ids) list = list.filter((m) => ids.includes(m.userId));
    else if (query) list = list.filter((m) => this.user(m.userId).username.toLowerCase().startsWith(query.toLowerCase()));
    if (limit > 0) list = list.slice(0, limit);
    return list.map((m) => this.memberJson(m));
  }

  /** @internal API JSON of a message. */
  messageJson(m: SimMessage): Json {
    const author = this.user(m.authorId);
    const j: Json = {
      id: m.id,
      channel_id: m.channelId,
      type: m.type,
      content: m.content,
      author: this.userJson(author),
      timestamp: m.timestamp,
      edited_timestamp: m.editedTimestamp,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      mention_channels: [],
      attachments: m.attachments.map((a) => this.attachmentJson(a)),
      embeds: m.embeds,
      components: m.components,
      flags: m.flags,
      pinned: false,
      position: 0,
    };
    if (m.guildId) j.guild_id = m.guildId;
    if (m.webhookId) {
      j.webhook_id = m.webhookId;
      j.application_id = this.applicationId;
    }
    if (m.messageReference) j.message_reference = m.messageReference;
    if (m.reactions.size) {
      j.reactions = [...m.reactions].map(([emoji, users]) => ({
        emoji: { id: null, name: emoji },
        count: users.size,
        me: users.has(this.botUserId),
        count_details: { burst: 0, normal: users.size },
        burst_colors: [],
        me_burst: false,
        burst_me: false,
        burst_count: 0,
      }));
    }
    if (m.interactionId) {
      const i = this.interactions.get(m.interactionId);
      if (i) {
        const u = this.userJson(this.user(i.userId));
        j.interaction_metadata = {
          id: i.id,
          type: i.type,
          user: u,
          authorizing_integration_owners: i.payload.authorizing_integration_owners,
          ...(i.sourceMessage ? { interacted_message_id: i.sourceMessage.id } : {}),
        };
        j.interaction = {
          id: i.id,
          type: i.type,
          name: i.kind === 'slash' ? (i.payload.data as Json).name : (i.payload.data as Json).custom_id,
          user: u,
        };
      }
    }
    if (m.threadId) {
      const t = this.channels.get(m.threadId);
      if (t && !t.deleted) j.thread = this.channelJson(t);
    }
    return j;
  }

  private attachmentJson(a: SimAttachment): Json {
    const j: Json = { id: a.id, filename: a.filename, size: a.size, url: a.url, proxy_url: a.url, content_type: a.contentType };
    if (a.width !== undefined) {
      j.width = a.width;
      j.height = a.height;
    }
    if (a.description) j.description = a.description;
    return j;
  }

  // ───────────────────────────── internals: storage ─────────────────────────────

  private newChannel(p: Partial<SimChannel> & { type: number; name: string }): SimChannel {
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

  private storeMessage(ch: SimChannel, p: Partial<SimMessage> & { authorId: string }): SimMessage {
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
        { ...this.messageJson(m), ...(ch.guildId ? { member: this.memberJsonNoUser(ch.guildId, m.authorId) } : {}) },
        intent,
      );
    }
    return m;
  }

  private memberJsonNoUser(guildId: string, userId: string): Json | undefined {
    const m = this.guilds.get(guildId)?.members.get(userId);
    if (!m) return undefined;
    const { user: _u, ...rest } = this.memberJson(m);
    return rest;
  }

  private makeAttachments(channelId: string, files: IncomingFile[], payload: Json): Map<number, SimAttachment> {
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
  private createMessageFrom(
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
  private editMessageFrom(m: SimMessage, body: ParsedBody): SimMessage {
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
    if (!wasLoading) m.editedTimestamp = new Date(this.clock.now()).toISOString();
    m.edits++;
    if (m.ephemeralTo === undefined) {
      const ch = this.channel(m.channelId);
      this.gateway.dispatch(
        'MESSAGE_UPDATE',
        this.messageJson(m),
        ch.type === ChannelType.DM ? Intents.DirectMessages : Intents.GuildMessages,
      );
    }
    return m;
  }

  private deleteMessage(m: SimMessage): void {
    m.deleted = true;
    if (m.ephemeralTo === undefined) {
      const ch = this.channel(m.channelId);
      this.gateway.dispatch(
        'MESSAGE_DELETE',
        { id: m.id, channel_id: m.channelId, ...(m.guildId ? { guild_id: m.guildId } : {}) },
        ch.type === ChannelType.DM ? Intents.DirectMessages : Intents.GuildMessages,
      );
    }
  }

  // ───────────────────────────── internals: HTTP ─────────────────────────────

  private async readBody(req: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  }

  private async parseBody(req: IncomingMessage, raw: Buffer): Promise<ParsedBody> {
    const ct = req.headers['content-type'] ?? '';
    if (raw.length === 0) return { json: undefined, files: [] };
    if (ct.startsWith('multipart/form-data')) {
      const form = await new Request('http://sim/', { method: 'POST', headers: { 'content-type': ct }, body: raw }).formData();
      let json: Json | undefined;
      const files: IncomingFile[] = [];
      for (const [name, value] of form.entries()) {
        if (name === 'payload_json') {
          try {
            json = JSON.parse(typeof value === 'string' ? value : await value.text());
          } catch {
            throw FormErrors.single(['payload_json'], 'JSON_DECODE', 'The payload_json part contains invalid JSON.');
          }
        } else if (typeof value !== 'string') {
          const mm = /^files\[(\d+)\]$/.exec(name) ?? /^file(\d*)$/.exec(name);
          const index = mm ? Number(mm[1] || 0) : files.length;
          files.push({ index, filename: value.name, contentType: value.type, data: Buffer.from(await value.arrayBuffer()) });
        }
      }
      return { json, files };
    }
    try {
      return { json: JSON.parse(raw.toString('utf8')), files: [] };
    } catch {
      throw FormErrors.single([], 'JSON_DECODE', 'The request body contains invalid JSON.');
    }
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    if (status === 204 || body === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text).toString(), ...headers });
    res.end(text);
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const method = (req.method ?? 'GET').toUpperCase();
    if (url.pathname.startsWith('/attachments/')) return this.serveAttachment(url.pathname, res);
    if (url.pathname.startsWith('/_sim/')) {
      try {
        const raw = await this.readBody(req);
        const body = raw.length ? JSON.parse(raw.toString('utf8')) : {};
        const r = await handleControl(this, method, url.pathname, url.searchParams, body);
        return r ? this.send(res, r.status, r.body) : this.send(res, 404, { error: `unknown control route ${method} ${url.pathname}` });
      } catch (e) {
        return this.send(res, 400, { error: e instanceof Error ? e.message : String(e) });
      }
    }
    const m = /^\/api(?:\/v(\d+))?(\/.*)$/.exec(url.pathname);
    if (!m) return this.send(res, 404, { message: '404: Not Found', code: 0 });
    const rawPath = m[2]!;
    const path = rawPath
      .split('/')
      .map((s) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      })
      .join('/');
    let raw: Buffer;
    try {
      raw = await this.readBody(req);
    } catch {
      return;
    }
    const summary = `${method} ${path}${url.search}`;
    try {
      if (m[1] && m[1] !== '10' && m[1] !== '9') throw new ApiError(400, 50041, 'Invalid API version provided.');
      const slow = this.faults.take('slow', method, path);
      if (slow) await new Promise((r) => setTimeout(r, slow.delayMs));
      const err = this.faults.take('serverError', method, path);
      if (err) {
        const status = err.status ?? 500;
        this.addLog({ kind: 'rest', summary: `${summary} → ${status} (injected)`, status });
        return this.send(res, status, { message: `${status}: ${status === 502 ? 'Bad Gateway' : 'Internal Server Error'}`, code: 0 });
      }
      const rl = this.faults.take('rateLimit', method, path);
      if (rl) {
        const secs = (rl.retryAfterMs ?? 100) / 1000;
        const headers: Record<string, string> = {
          'Retry-After': String(secs),
          'X-RateLimit-Limit': '5',
          'X-RateLimit-Remaining': '0',
          'X-RateLimit-Reset-After': String(secs),
          'X-RateLimit-Reset': String((Date.now() + (rl.retryAfterMs ?? 100)) / 1000),
          'X-RateLimit-Bucket': 'simbucket' + Buffer.from(path.split('/').slice(0, 3).join('/')).toString('hex').slice(0, 16),
          'X-RateLimit-Scope': rl.global ? 'global' : 'user',
        };
        if (rl.global) headers['X-RateLimit-Global'] = 'true';
        this.addLog({ kind: 'rest', summary: `${summary} → 429 (injected, ${secs}s${rl.global ? ', global' : ''})`, status: 429 });
        return this.send(
          res,
          429,
          { message: 'You are being rate limited.', retry_after: secs, global: rl.global ?? false, code: rl.global ? 0 : undefined },
          headers,
        );
      }
      const route = this.matchRoute(method, path);
      if (!route) {
        this.addLog({ kind: 'sim', summary: `route not simulated: ${method} ${path}` });
        throw this.routeExists(path) ? Errors.methodNotAllowed() : Errors.notFound();
      }
      if (route.route.auth) {
        const auth = req.headers.authorization ?? '';
        if (auth !== `Bot ${this.token}`) throw Errors.unauthorized();
      }
      const body = await this.parseBody(req, raw);
      const result = await route.route.handler({ params: route.params, query: url.searchParams, body, method, path });
      this.addLog({ kind: 'rest', summary: `${summary} → ${result.status}`, status: result.status, data: body.json });
      this.send(res, result.status, result.body);
    } catch (e) {
      const err =
        e instanceof ApiError ? e : new ApiError(500, 0, `500: Internal Server Error (${e instanceof Error ? e.message : String(e)})`);
      if (!(e instanceof ApiError))
        this.addLog({ kind: 'sim', summary: `internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}` });
      const re: RouteError = { method, path, status: err.status, code: err.code, message: err.message };
      this.restErrors.push(re);
      const i = this.interactionForPath(path);
      i?.errors.push(re);
      this.addLog({
        kind: 'rest',
        summary: `${summary} → ${err.status} ${err.code} ${err.message}${err.errors ? ` ${JSON.stringify(err.errors)}` : ''}`,
        status: err.status,
        code: err.code,
      });
      this.send(res, err.status, err.body(), err.headers);
    }
  }

  private interactionForPath(path: string): InteractionHandle | undefined {
    const p = path.split('/');
    if (p[1] === 'interactions') return this.interactions.get(p[2] ?? '');
    if (p[1] === 'webhooks') return this.interactionsByToken.get(p[3] ?? '');
    return undefined;
  }

  private serveAttachment(pathname: string, res: ServerResponse): void {
    const id = pathname.split('/')[3] ?? '';
    const a = this.attachmentIndex.get(id);
    if (!a) return this.send(res, 404, { message: '404: Not Found', code: 0 });
    res.writeHead(200, { 'content-type': a.contentType, 'content-length': String(a.size) });
    res.end(a.data);
  }

  private matchRoute(method: string, path: string): { route: Route; params: Record<string, string> } | undefined {
    const segs = path.split('/').filter(Boolean);
    for (const r of this.routes) {
      if (r.method !== method || r.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const p = r.parts[i]!;
        if (p.startsWith(':')) params[p.slice(1)] = segs[i]!;
        else if (p !== segs[i]) {
          ok = false;
          break;
        }
      }
      if (ok) return { route: r, params };
    }
    return undefined;
  }

  private routeExists(path: string): boolean {
    return ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].some((m) => this.matchRoute(m, path));
  }

  private on(method: string, pattern: string, handler: Route['handler'], auth = true): void {
    this.routes.push({ method, parts: pattern.split('/').filter(Boolean), auth, handler });
  }

  // ───────────────────────────── REST routes ─────────────────────────────

  private getGuildChannel(id: string): SimChannel {
    const ch = this.channels.get(id);
    if (!ch || ch.deleted) throw Errors.unknownChannel();
    if (ch.type === ChannelType.DM) return ch;
    const g = this.guilds.get(ch.guildId!);
    if (!g) throw Errors.unknownChannel();
    if (!hasPerm(this.botPermissions(g.id, ch.id), P.ViewChannel)) throw Errors.missingAccess();
    if (
      ch.type === ChannelType.PrivateThread &&
      !ch.threadMembers.has(this.botUserId) &&
      !hasPerm(this.botPermissions(g.id, ch.id), P.ManageThreads)
    ) {
      throw Errors.missingAccess();
    }
    return ch;
  }

  private requirePerm(ch: SimChannel, bit: bigint): void {
    if (ch.type === ChannelType.DM) return;
    if (!hasPerm(this.botPermissions(ch.guildId!, ch.id), bit)) throw Errors.missingPermissions();
  }

  private isThread(ch: SimChannel): boolean {
    return ch.type === ChannelType.PublicThread || ch.type === ChannelType.PrivateThread;
  }

  private getChannelMessage(ch: SimChannel, id: string): SimMessage {
    const m = this.messageIndex.get(id);
    if (!m || m.deleted || m.channelId !== ch.id || m.ephemeralTo !== undefined) throw Errors.unknownMessage();
    return m;
  }

  private threadUpdate(t: SimChannel): void {
    this.gateway.dispatch('THREAD_UPDATE', this.channelJson(t), Intents.Guilds);
  }

  private activeThreads(guildId: string): SimChannel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId && this.isThread(c) && !c.archived && !c.deleted);
  }

  private createThread(
    parent: SimChannel,
    o: { name: unknown; type: number; autoArchive: unknown; invitable: unknown; id?: string },
  ): SimChannel {
    if (parent.type !== ChannelType.GuildText)
      throw FormErrors.single(['type'], 'THREAD_INVALID_PARENT', 'Threads can only be created in text channels');
    if (typeof o.name !== 'string' || [...o.name].length < 1 || [...o.name].length > 100) {
      throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    }
    if (o.type !== ChannelType.PublicThread && o.type !== ChannelType.PrivateThread)
      throw FormErrors.single(['type'], 'BASE_TYPE_CHOICES', 'Value must be one of (11, 12).');
    const aad = o.autoArchive === undefined ? 4320 : Number(o.autoArchive);
    if (![60, 1440, 4320, 10080].includes(aad))
      throw FormErrors.single(['auto_archive_duration'], 'BASE_TYPE_CHOICES', 'Value must be one of (60, 1440, 4320, 10080).');
    this.requirePerm(parent, o.type === ChannelType.PublicThread ? P.CreatePublicThreads : P.CreatePrivateThreads);
    const g = this.guild(parent.guildId!);
    if (this.activeThreads(g.id).length >= g.activeThreadLimit) throw Errors.threadCap();
    const now = new Date(this.clock.now()).toISOString();
    const t = this.newChannel({
      id: o.id,
      type: o.type,
      guildId: g.id,
      name: o.name,
      parentId: parent.id,
      ownerId: this.botUserId,
      autoArchiveDuration: aad,
      archiveTimestamp: now,
      createTimestamp: now,
      invitable: o.invitable === undefined ? true : Boolean(o.invitable),
    });
    t.threadMembers.set(this.botUserId, now);
    this.gateway.dispatch('THREAD_CREATE', { ...this.channelJson(t), newly_created: true }, Intents.Guilds);
    return t;
  }

  private getInteractionByToken(app: string, token: string): InteractionHandle {
    const i = this.interactionsByToken.get(token);
    if (!i || app !== this.applicationId) throw Errors.unknownWebhook();
    if (this.clock.now() - i.createdAt > TOKEN_LIFETIME_MS) throw Errors.invalidWebhookToken();
    if (!i.acknowledged) throw Errors.unknownWebhook();
    return i;
  }

  private webhookMessage(i: InteractionHandle, id: string): SimMessage {
    if (id === '@original') {
      if (!i.response || i.response.deleted || i.ackType === 9) throw Errors.unknownMessage();
      return i.response;
    }
    const m = this.messageIndex.get(id);
    if (!m || m.deleted) throw Errors.unknownMessage();
    const mine =
      i.followUps.includes(m) ||
      i.response === m ||
      (m.webhookId === this.applicationId && m.ephemeralTo === undefined && m.channelId === i.channelId);
    if (!mine) throw Errors.unknownMessage();
    return m;
  }

  private commandJson(c: Json, guildId?: string): StoredCommand {
    const type = typeof c.type === 'number' ? c.type : 1;
    return {
      id: snowflake(),
      application_id: this.applicationId,
      version: snowflake(),
      default_member_permissions: c.default_member_permissions ?? null,
      type,
      name: c.name,
      name_localizations: c.name_localizations ?? null,
      description: type === 1 ? c.description : '',
      description_localizations: c.description_localizations ?? null,
      options: c.options ?? [],
      nsfw: c.nsfw ?? false,
      contexts: c.contexts ?? null,
      integration_types: c.integration_types ?? [0],
      dm_permission: c.dm_permission ?? true,
      ...(guildId ? { guild_id: guildId } : {}),
    };
  }

  private commandStore(app: string, guildId?: string): Map<string, StoredCommand> {
    if (app !== this.applicationId) throw Errors.unknownApplication();
    if (!guildId) return this.globalCommands;
    if (!this.guilds.has(guildId)) throw Errors.unknownGuild();
    let m = this.guildCommands.get(guildId);
    if (!m) this.guildCommands.set(guildId, (m = new Map()));
    return m;
  }

  private registerRoutes(): void {
    // Gateway, users, application
    this.on('GET', '/gateway', () => ({ status: 200, body: { url: this.gatewayUrl } }), false);
    this.on('GET', '/gateway/bot', () => ({
      status: 200,
      body: {
        url: this.gatewayUrl,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 1000 - this.gateway.identifyCount, reset_after: 86_400_000, max_concurrency: 1 },
      },
    }));
    this.on('GET', '/users/@me', () => ({
      status: 200,
      body: { ...this.userJson(this.user(this.botUserId)), verified: true, mfa_enabled: false },
    }));
    this.on('GET', '/users/:user', ({ params }) => {
      const u = this.users.get(params.user!);
      if (!u) throw Errors.unknownUser();
      return { status: 200, body: this.userJson(u) };
    });
    const app = (): RouteResult => ({
      status: 200,
      body: {
        id: this.applicationId,
        name: 'Hội Quán',
        icon: null,
        description: '',
        summary: '',
        type: null,
        bot_public: true,
        bot_require_code_grant: false,
        verify_key: '0'.repeat(64),
        flags: 0,
        owner: this.userJson(this.user(this.botUserId)),
        team: null,
        bot: this.userJson(this.user(this.botUserId)),
        approximate_guild_count: this.guilds.size,
        integration_types_config: { '0': {} },
        tags: [],
        install_params: null,
      },
    });
    this.on('GET', '/applications/@me', app);
    this.on('GET', '/oauth2/applications/@me', app);
    this.on('POST', '/users/@me/channels', ({ body }) => {
      const rid = String(body.json?.recipient_id ?? '');
      if (!this.users.has(rid)) throw Errors.unknownUser();
      let dm = [...this.channels.values()].find((c) => c.type === ChannelType.DM && c.recipientId === rid);
      dm ??= this.newChannel({ type: ChannelType.DM, name: `dm-${this.user(rid).username}`, recipientId: rid });
      return { status: 200, body: this.channelJson(dm) };
    });

    // Commands (global and guild)
    for (const prefix of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
      this.on('GET', prefix, ({ params }) => ({ status: 200, body: [...this.commandStore(params.app!, params.guild).values()] }));
      this.on('PUT', prefix, ({ params, body }) => {
        const store = this.commandStore(params.app!, params.guild);
        const list = body.json;
        if (!Array.isArray(list)) throw FormErrors.single([], 'LIST_TYPE_CONVERT', 'Must be an array.');
        const errs = new FormErrors();
        if (list.length > 100) errs.add([], 'BASE_TYPE_MAX_LENGTH', 'Must be 100 or fewer in length.');
        const seen = new Set<string>();
        list.forEach((c: unknown, i) => {
          validateCommand(c, errs, [i]);
          if (isPlainObject(c)) {
            const key = `${String(c.type ?? 1)}:${String(c.name)}`;
            if (seen.has(key)) errs.add([i, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', `Application command names must be unique`);
            seen.add(key);
          }
        });
        errs.throwIfAny();
        const old = new Map([...store.values()].map((c) => [`${c.type}:${c.name}`, c.id]));
        store.clear();
        for (const c of list as Json[]) {
          const stored = this.commandJson(c, params.guild);
          stored.id = old.get(`${stored.type}:${stored.name}`) ?? stored.id;
          store.set(stored.id, stored);
        }
        return { status: 200, body: [...store.values()] };
      });
      this.on('POST', prefix, ({ params, body }) => {
        const store = this.commandStore(params.app!, params.guild);
        const errs = new FormErrors();
        validateCommand(body.json, errs, []);
        errs.throwIfAny();
        const stored = this.commandJson(body.json!, params.guild);
        const existing = [...store.values()].find((c) => c.name === stored.name && c.type === stored.type);
        if (existing) {
          stored.id = existing.id;
          store.set(existing.id, stored);
          return { status: 200, body: stored };
        }
        store.set(stored.id, stored);
        return { status: 201, body: stored };
      });
      this.on('GET', `${prefix}/:cmd`, ({ params }) => {
        const c = this.commandStore(params.app!, params.guild).get(params.cmd!);
        if (!c) throw Errors.unknownCommand();
        return { status: 200, body: c };
      });
      this.on('PATCH', `${prefix}/:cmd`, ({ params, body }) => {
        const store = this.commandStore(params.app!, params.guild);
        const c = store.get(params.cmd!);
        if (!c) throw Errors.unknownCommand();
        const merged = { ...c, ...body.json };
        const errs = new FormErrors();
        validateCommand(merged, errs, []);
        errs.throwIfAny();
        const stored = { ...this.commandJson(merged, params.guild), id: c.id };
        store.set(c.id, stored);
        return { status: 200, body: stored };
      });
      this.on('DELETE', `${prefix}/:cmd`, ({ params }) => {
        const store = this.commandStore(params.app!, params.guild);
        if (!store.delete(params.cmd!)) throw Errors.unknownCommand();
        return { status: 204 };
      });
    }

    // Interaction callback (no Authorization header: authenticated by the token)
    this.on(
      'POST',
      '/interactions/:id/:token/callback',
      ({ params, body, query }) => this.interactionCallback(params.id!, params.token!, body, query),
      false,
    );

    // Webhook (follow-ups, @original)
    this.on(
      'POST',
      '/webhooks/:app/:token',
      ({ params, body, query }) => {
        const i = this.getInteractionByToken(params.app!, params.token!);
        const ch = this.channel(i.channelId);
        let m: SimMessage;
        if (i.ackType === 5 && i.response && (i.response.flags & MessageFlags.Loading) !== 0 && !i.response.deleted) {
          // Discord: the first follow-up after a deferred reply replaces the "thinking…" message (keeping its ephemerality).
          m = this.editMessageFrom(i.response, body);
        } else {
          m = this.createMessageFrom(ch, body, { allowEphemeral: true, ephemeralTo: i.userId, interaction: i, type: 0 });
          i.followUps.push(m);
        }
        const wait = query.get('wait') === 'true';
        return wait ? { status: 200, body: this.messageJson(m) } : { status: 204 };
      },
      false,
    );
    this.on(
      'GET',
      '/webhooks/:app/:token/messages/:mid',
      ({ params }) => {
        const i = this.getInteractionByToken(params.app!, params.token!);
        return { status: 200, body: this.messageJson(this.webhookMessage(i, params.mid!)) };
      },
      false,
    );
    this.on(
      'PATCH',
      '/webhooks/:app/:token/messages/:mid',
      ({ params, body }) => {
        const i = this.getInteractionByToken(params.app!, params.token!);
        const m = this.webhookMessage(i, params.mid!);
        const ch = this.channel(m.channelId);
        if (ch.archived && m.ephemeralTo === undefined) throw Errors.archivedThread();
        return { status: 200, body: this.messageJson(this.editMessageFrom(m, body)) };
      },
      false,
    );
    this.on(
      'DELETE',
      '/webhooks/:app/:token/messages/:mid',
      ({ params }) => {
        const i = this.getInteractionByToken(params.app!, params.token!);
        this.deleteMessage(this.webhookMessage(i, params.mid!));
        return { status: 204 };
      },
      false,
    );

    // Channels
    this.on('GET', '/channels/:ch', ({ params }) => ({ status: 200, body: this.channelJson(this.getGuildChannel(params.ch!)) }));
    this.on('PATCH', '/channels/:ch', ({ params, body }) => this.patchChannel(this.getGuildChannel(params.ch!), body.json ?? {}));
    this.on('DELETE', '/channels/:ch', ({ params }) => {
      const ch = this.getGuildChannel(params.ch!);
      if (ch.type === ChannelType.DM) return { status: 200, body: this.channelJson(ch) };
      this.requirePerm(ch, this.isThread(ch) ? P.ManageThreads : P.ManageChannels);
      ch.deleted = true;
      this.gateway.dispatch(
        this.isThread(ch) ? 'THREAD_DELETE' : 'CHANNEL_DELETE',
        this.isThread(ch) ? { id: ch.id, guild_id: ch.guildId, parent_id: ch.parentId, type: ch.type } : this.channelJson(ch),
        Intents.Guilds,
      );
      return { status: 200, body: this.channelJson(ch) };
    });
    this.on('POST', '/channels/:ch/typing', ({ params }) => {
      this.getGuildChannel(params.ch!);
      return { status: 204 };
    });
    this.on('GET', '/channels/:ch/messages', ({ params, query }) => {
      const ch = this.getGuildChannel(params.ch!);
      this.requirePerm(ch, P.ReadMessageHistory);
      let list = (this.messages.get(ch.id) ?? [])
        .filter((m) => !m.deleted && m.ephemeralTo === undefined)
        .sort((a, b) => compareSnowflakes(b.id, a.id));
      const before = query.get('before');
      const after = query.get('after');
      if (before) list = list.filter((m) => compareSnowflakes(m.id, before) < 0);
      if (after) list = list.filter((m) => compareSnowflakes(m.id, after) > 0);
      const limit = Math.min(100, Math.max(1, Number(query.get('limit') ?? 50)));
      return { status: 200, body: list.slice(0, limit).map((m) => this.messageJson(m)) };
    });
    this.on('POST', '/channels/:ch/messages', ({ params, body }) => {
      const ch = this.getGuildChannel(params.ch!);
      if (ch.type === ChannelType.DM) {
        if (this.user(ch.recipientId!).dmsClosed) throw Errors.cannotDm();
      } else {
        this.requirePerm(ch, this.isThread(ch) ? P.SendMessagesInThreads : P.SendMessages);
        if (body.files.length) this.requirePerm(ch, P.AttachFiles);
      }
      if (this.isThread(ch)) {
        const manage = hasPerm(this.botPermissions(ch.guildId!, ch.id), P.ManageThreads);
        if (ch.locked && !manage) throw Errors.lockedThread();
        if (ch.archived) {
          validateMessage({
            payload: body.json ?? {},
            files: body.files,
            finalFlags: Number(body.json?.flags ?? 0),
            keptFilenames: [],
            attachmentSizeLimit: this.guild(ch.guildId!).attachmentSizeLimit,
            allowEphemeral: false,
          });
          ch.archived = false;
          ch.archiveTimestamp = new Date(this.clock.now()).toISOString();
          this.threadUpdate(ch);
        }
      }
      const ref = body.json?.message_reference;
      if (isPlainObject(ref) && ref.message_id) {
        const target = this.messageIndex.get(String(ref.message_id));
        if ((!target || target.deleted || target.ephemeralTo !== undefined) && ref.fail_if_not_exists !== false) {
          throw FormErrors.single(['message_reference'], 'REPLIES_UNKNOWN_MESSAGE', 'Unknown message');
        }
      }
      const m = this.createMessageFrom(ch, body, { allowEphemeral: false, type: isPlainObject(ref) ? 19 : 0 });
      if (ch.type !== ChannelType.DM && m.embeds.length && !hasPerm(this.botPermissions(ch.guildId!, ch.id), P.EmbedLinks)) {
        // Discord drops embeds silently when the bot lacks EMBED_LINKS.
        m.embeds = [];
        this.addLog({ kind: 'sim', summary: `embeds of message ${m.id} dropped: the bot lacks EMBED_LINKS in #${ch.name}` });
      }
      return { status: 200, body: this.messageJson(m) };
    });
    this.on('GET', '/channels/:ch/messages/:mid', ({ params }) => {
      const ch = this.getGuildChannel(params.ch!);
      this.requirePerm(ch, P.ReadMessageHistory);
      return { status: 200, body: this.messageJson(this.getChannelMessage(ch, params.mid!)) };
    });
    this.on('PATCH', '/channels/:ch/messages/:mid', ({ params, body }) => {
      const ch = this.getGuildChannel(params.ch!);
      const m = this.getChannelMessage(ch, params.mid!);
      if (m.authorId !== this.botUserId) {
        const keys = Object.keys(body.json ?? {});
        if (keys.some((k) => k !== 'flags')) throw Errors.cannotEditOthers();
        this.requirePerm(ch, P.ManageMessages);
      }
      if (ch.archived) throw Errors.archivedThread();
      if (body.files.length) this.requirePerm(ch, P.AttachFiles);
      return { status: 200, body: this.messageJson(this.editMessageFrom(m, body)) };
    });
    this.on('DELETE', '/channels/:ch/messages/:mid', ({ params }) => {
      const ch = this.getGuildChannel(params.ch!);
      const m = this.getChannelMessage(ch, params.mid!);
      if (m.authorId !== this.botUserId) this.requirePerm(ch, P.ManageMessages);
      if (ch.archived) throw Errors.archivedThread();
      this.deleteMessage(m);
      return { status: 204 };
    });
    this.on('PUT', '/channels/:ch/messages/:mid/reactions/:emoji/@me', ({ params }) => {
      const ch = this.getGuildChannel(params.ch!);
      this.requirePerm(ch, P.AddReactions);
      if (ch.archived) throw Errors.archivedThread();
      const m = this.getChannelMessage(ch, params.mid!);
      let set = m.reactions.get(params.emoji!);
      if (!set) m.reactions.set(params.emoji!, (set = new Set()));
      set.add(this.botUserId);
      return { status: 204 };
    });
    this.on('DELETE', '/channels/:ch/messages/:mid/reactions/:emoji/@me', ({ params }) => {
      const ch = this.getGuildChannel(params.ch!);
      const m = this.getChannelMessage(ch, params.mid!);
      m.reactions.get(params.emoji!)?.delete(this.botUserId);
      return { status: 204 };
    });

    // Threads
    this.on('POST', '/channels/:ch/messages/:mid/threads', ({ params, body }) => {
      const ch = this.getGuildChannel(params.ch!);
      const m = this.getChannelMessage(ch, params.mid!);
      if (m.threadId) throw Errors.threadAlreadyCreated();
      this.requirePerm(ch, P.ReadMessageHistory);
      const j = body.json ?? {};
      const t = this.createThread(ch, {
        name: j.name,
        type: ChannelType.PublicThread,
        autoArchive: j.auto_archive_duration,
        invitable: undefined,
        id: m.id,
      });
      m.threadId = t.id;
      m.flags |= MessageFlags.HasThread;
      return { status: 201, body: this.channelJson(t) };
    });
    this.on('POST', '/channels/:ch/threads', ({ params, body }) => {
      const ch = this.getGuildChannel(params.ch!);
      const j = body.json ?? {};
      const type = j.type === undefined ? ChannelType.PrivateThread : Number(j.type);
      const t = this.createThread(ch, { name: j.name, type, autoArchive: j.auto_archive_duration, invitable: j.invitable });
      if (type === ChannelType.PublicThread) {
        this.storeMessage(ch, {
          authorId: this.botUserId,
          type: 18,
          content: t.name,
          messageReference: { channel_id: t.id, guild_id: ch.guildId },
        });
      }
      return { status: 201, body: this.channelJson(t) };
    });
    this.on('GET', '/guilds/:guild/threads/active', ({ params }) => {
      if (!this.guilds.has(params.guild!)) throw Errors.unknownGuild();
      const threads = this.activeThreads(params.guild!).filter((t) => hasPerm(this.botPermissions(t.guildId!, t.id), P.ViewChannel));
      return {
        status: 200,
        body: {
          threads: threads.map((t) => this.channelJson(t)),
          members: threads.filter((t) => t.threadMembers.has(this.botUserId)).map((t) => this.threadMemberJson(t, this.botUserId)),
        },
      };
    });
    const archived =
      (type: number) =>
      ({ params }: RouteCtx): RouteResult => {
        const ch = this.getGuildChannel(params.ch!);
        this.requirePerm(ch, P.ReadMessageHistory);
        const threads = this.threads(ch.id).filter((t) => t.archived && t.type === type);
        return {
          status: 200,
          body: {
            threads: threads.map((t) => this.channelJson(t)),
            members: threads.filter((t) => t.threadMembers.has(this.botUserId)).map((t) => this.threadMemberJson(t, this.botUserId)),
            has_more: false,
          },
        };
      };
    this.on('GET', '/channels/:ch/threads/archived/public', archived(ChannelType.PublicThread));
    this.on('GET', '/channels/:ch/threads/archived/private', archived(ChannelType.PrivateThread));
    this.on('PUT', '/channels/:ch/thread-members/:user', ({ params }) =>
      this.addThreadMember(params.ch!, params.user === '@me' ? this.botUserId : params.user!),
    );
    this.on('DELETE', '/channels/:ch/thread-members/:user', ({ params }) => {
      const t = this.getGuildChannel(params.ch!);
      if (!this.isThread(t)) throw Errors.unknownChannel();
      const uid = params.user === '@me' ? this.botUserId : params.user!;
      if (uid !== this.botUserId) this.requirePerm(t, P.ManageThreads);
      if (t.archived) throw Errors.archivedThread();
      t.threadMembers.delete(uid);
      this.gateway.dispatch(
        'THREAD_MEMBERS_UPDATE',
        { id: t.id, guild_id: t.guildId, member_count: t.threadMembers.size, removed_member_ids: [uid] },
        Intents.GuildMembers,
      );
      return { status: 204 };
    });
    this.on('GET', '/channels/:ch/thread-members', ({ params }) => {
      const t = this.getGuildChannel(params.ch!);
      if (!this.isThread(t)) throw Errors.unknownChannel();
      return { status: 200, body: [...t.threadMembers.keys()].map((u) => this.threadMemberJson(t, u)) };
    });
    this.on('GET', '/channels/:ch/thread-members/:user', ({ params }) => {
      const t = this.getGuildChannel(params.ch!);
      if (!this.isThread(t)) throw Errors.unknownChannel();
      const uid = params.user === '@me' ? this.botUserId : params.user!;
      if (!t.threadMembers.has(uid)) throw Errors.unknownMember();
      return { status: 200, body: this.threadMemberJson(t, uid) };
    });

    // Guilds
    this.on('GET', '/guilds/:guild', ({ params }) => {
      const g = this.guilds.get(params.guild!);
      if (!g) throw Errors.unknownGuild();
      return { status: 200, body: this.guildJson(g) };
    });
    this.on('GET', '/guilds/:guild/channels', ({ params }) => {
      if (!this.guilds.has(params.guild!)) throw Errors.unknownGuild();
      const list = [...this.channels.values()].filter((c) => c.guildId === params.guild && !c.deleted && !this.isThread(c));
      return { status: 200, body: list.map((c) => this.channelJson(c)) };
    });
    this.on('GET', '/guilds/:guild/roles', ({ params }) => {
      const g = this.guilds.get(params.guild!);
      if (!g) throw Errors.unknownGuild();
      return { status: 200, body: g.roles.map((r) => this.roleJson(r)) };
    });
    this.on('GET', '/guilds/:guild/members/:user', ({ params }) => {
      const g = this.guilds.get(params.guild!);
      if (!g) throw Errors.unknownGuild();
      const m = g.members.get(params.user === '@me' ? this.botUserId : params.user!);
      if (!m) throw Errors.unknownMember();
      return { status: 200, body: this.memberJson(m) };
    });
    this.on('GET', '/guilds/:guild/members', ({ params, query }) => {
      const g = this.guilds.get(params.guild!);
      if (!g) throw Errors.unknownGuild();
      const limit = Number(query.get('limit') ?? 1);
      return { status: 200, body: [...g.members.values()].slice(0, limit).map((m) => this.memberJson(m)) };
    });
  }

  /** Discord's separate sublimit on channel name/topic edits: 2 per 10 minutes per channel. */
  private checkRenameLimit(ch: SimChannel, j: Json): void {
    const renaming = (j.name !== undefined && j.name !== ch.name) || (j.topic !== undefined && j.topic !== ch.topic);
    if (!renaming) return;
    const now = this.clock.now();
    const recent = (this.renames.get(ch.id) ?? []).filter((t) => now - t < 600_000);
    if (recent.length >= 2) {
      const retryAfter = Math.max(1, Math.ceil((recent[0]! + 600_000 - now) / 1000));
      const msg = `channel #${ch.name} renamed more than twice in 10 minutes (Discord's rename sublimit: 429, retry after ${retryAfter} s)`;
      this.warnings.push(msg);
      this.addLog({ kind: 'sim', summary: `WARNING ${msg}` });
      if (this.opts.enforceRenameLimit) {
        throw new ApiError(429, 0, 'You are being rate limited.', undefined, {
          'Retry-After': String(retryAfter),
          'X-RateLimit-Scope': 'shared',
        });
      }
    }
    recent.push(now);
    this.renames.set(ch.id, recent);
  }

  private patchChannel(ch: SimChannel, j: Json): RouteResult {
    if (ch.type === ChannelType.DM) throw Errors.missingPermissions();
    const perms = this.botPermissions(ch.guildId!, ch.id);
    const manage = hasPerm(perms, P.ManageThreads);
    if (!this.isThread(ch)) {
      this.requirePerm(ch, P.ManageChannels);
      this.checkRenameLimit(ch, j);
      if (j.name !== undefined) {
        if (typeof j.name !== 'string' || [...j.name].length < 1 || [...j.name].length > 100)
          throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
        ch.name = j.name;
      }
      if (j.topic !== undefined) ch.topic = j.topic;
      this.gateway.dispatch('CHANNEL_UPDATE', this.channelJson(ch), Intents.Guilds);
      return { status: 200, body: this.channelJson(ch) };
    }
    if (ch.locked && !manage) throw Errors.lockedThread();
    if (j.locked !== undefined && Boolean(j.locked) !== ch.locked && !manage) throw Errors.missingPermissions();
    if (j.archived === true && !ch.archived && ch.ownerId !== this.botUserId && !manage) throw Errors.missingPermissions();
    if (ch.archived && j.archived !== false) {
      // An archived thread can only be unarchived, or (with MANAGE_THREADS) locked/unlocked; anything else is 50083.
      const onlyLock = Object.keys(j).every((k) => k === 'locked' || k === 'archived');
      if (!(onlyLock && j.locked !== undefined && manage)) throw Errors.archivedThread();
    }
    if (ch.archived && j.archived === false) this.requirePerm(ch, P.SendMessagesInThreads);
    this.checkRenameLimit(ch, j);
    if (j.name !== undefined) {
      if (typeof j.name !== 'string' || [...j.name].length < 1 || [...j.name].length > 100)
        throw FormErrors.single(['name'], 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
      ch.name = j.name;
    }
    if (j.auto_archive_duration !== undefined) {
      if (![60, 1440, 4320, 10080].includes(Number(j.auto_archive_duration)))
        throw FormErrors.single(['auto_archive_duration'], 'BASE_TYPE_CHOICES', 'Value must be one of (60, 1440, 4320, 10080).');
      ch.autoArchiveDuration = Number(j.auto_archive_duration);
    }
    if (j.invitable !== undefined && ch.type === ChannelType.PrivateThread) ch.invitable = Boolean(j.invitable);
    if (j.locked !== undefined) ch.locked = Boolean(j.locked);
    if (j.archived !== undefined && Boolean(j.archived) !== ch.archived) {
      if (!j.archived && this.activeThreads(ch.guildId!).length >= this.guild(ch.guildId!).activeThreadLimit) throw Errors.threadCap();
      ch.archived = Boolean(j.archived);
      ch.archiveTimestamp = new Date(this.clock.now()).toISOString();
      ch.lastActivity = this.clock.now();
    }
    this.threadUpdate(ch);
    return { status: 200, body: this.channelJson(ch) };
  }

  private addThreadMember(threadId: string, userId: string): RouteResult {
    const t = this.getGuildChannel(threadId);
    if (!this.isThread(t)) throw Errors.unknownChannel();
    if (t.archived) throw Errors.archivedThread();
    const g = this.guild(t.guildId!);
    if (!g.members.has(userId)) throw Errors.unknownMember();
    if (userId !== this.botUserId) {
      this.requirePerm(t, P.SendMessagesInThreads);
      if (
        t.type === ChannelType.PrivateThread &&
        !t.invitable &&
        !hasPerm(this.botPermissions(g.id, t.id), P.ManageThreads) &&
        t.ownerId !== this.botUserId
      ) {
        throw Errors.missingPermissions();
      }
    }
    if (!t.threadMembers.has(userId)) {
      const now = new Date(this.clock.now()).toISOString();
      t.threadMembers.set(userId, now);
      this.gateway.dispatch(
        'THREAD_MEMBERS_UPDATE',
        {
          id: t.id,
          guild_id: t.guildId,
          member_count: t.threadMembers.size,
          added_members: [{ ...this.threadMemberJson(t, userId), member: this.memberJson(g.members.get(userId)!) }],
        },
        Intents.GuildMembers,
      );
      if (userId === this.botUserId)
        this.gateway.dispatch('THREAD_MEMBER_UPDATE', { ...this.threadMemberJson(t, userId), guild_id: t.guildId }, Intents.Guilds);
    }
    return { status: 204 };
  }

  private interactionCallback(id: string, token: string, body: ParsedBody, query: URLSearchParams): RouteResult {
    const i = this.interactions.get(id);
    if (!i || i.token !== token) throw Errors.unknownInteraction();
    if (i.acknowledged) throw Errors.alreadyAcknowledged();
    if (i.failed || this.clock.now() - i.createdAt >= ACK_DEADLINE_MS) {
      if (!i.failed) this.failInteraction(i, 'acknowledged after 3 s');
      throw Errors.unknownInteraction();
    }
    const j = body.json ?? {};
    const type = Number(j.type);
    const data: Json = isPlainObject(j.data) ? j.data : {};
    const ch = this.channel(i.channelId);
    const componentish = i.type === 3 || (i.type === 5 && i.sourceMessage !== undefined);
    let resource: Json | undefined;
    switch (type) {
      case 4: {
        const m = this.createMessageFrom(
          ch,
          { json: data, files: body.files },
          { allowEphemeral: true, ephemeralTo: i.userId, interaction: i, type: i.type === 2 ? 20 : 19 },
        );
        i.response = m;
        break;
      }
      case 5: {
        const ephemeral = (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
        const m = this.storeMessage(ch, {
          authorId: this.botUserId,
          flags: MessageFlags.Loading | (ephemeral ? MessageFlags.Ephemeral : 0),
          ephemeralTo: ephemeral ? i.userId : undefined,
          interactionId: i.id,
          webhookId: this.applicationId,
          type: i.type === 2 ? 20 : 19,
        });
        i.response = m;
        break;
      }
      case 6: {
        if (!componentish) throw Errors.invalidInteractionType('DEFERRED_UPDATE_MESSAGE (6) is only valid for component interactions');
        const src = this.messageIndex.get(i.sourceMessage!.id)!;
        if (src.deleted) throw Errors.unknownMessage();
        i.response = src;
        i.editsAtAck = src.edits;
        break;
      }
      case 7: {
        if (!componentish) throw Errors.invalidInteractionType('UPDATE_MESSAGE (7) is only valid for component interactions');
        const src = this.messageIndex.get(i.sourceMessage!.id)!;
        if (src.deleted) throw Errors.unknownMessage();
        this.editMessageFrom(src, { json: data, files: body.files });
        i.response = src;
        break;
      }
      case 8:
        throw Errors.invalidInteractionType('APPLICATION_COMMAND_AUTOCOMPLETE_RESULT (8) is only valid for autocomplete interactions');
      case 9: {
        if (i.type === 5) throw Errors.invalidInteractionType('MODAL (9) cannot answer a modal submit');
        validateModal(data);
        i.modal = {
          customId: data.custom_id,
          title: data.title,
          components: data.components,
          userId: i.userId,
          interactionId: i.id,
          channelId: i.channelId,
          guildId: i.guildId,
          sourceMessage: i.type === 3 ? i.sourceMessage : undefined,
          submitted: false,
        };
        this.modals.push(i.modal);
        break;
      }
      default:
        throw Errors.invalidInteractionType(`Invalid interaction callback type ${String(j.type)}`);
    }
    i.acknowledged = true;
    i.ackType = type;
    this.addLog({ kind: 'sim', summary: `interaction ${i.id} acknowledged with type ${type}` });
    i._settle();
    if (query.get('with_response') === 'true') {
      const m = i.response;
      resource = { type, ...(m && type !== 9 ? { message: this.messageJson(m) } : {}) };
      return {
        status: 200,
        body: {
          interaction: {
            id: i.id,
            type: i.type,
            activity_instance_id: null,
            response_message_id: m?.id ?? null,
            response_message_loading: m ? (m.flags & MessageFlags.Loading) !== 0 : null,
            response_message_ephemeral: m ? m.ephemeralTo !== undefined : null,
          },
          resource,
        },
      };
    }
    return { status: 204 };
  }
}
