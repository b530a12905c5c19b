/**
 * Client for the simulator's control API: play as users against a simulator running in another process
 * (`npm run sim`). Mirrors the in-process user's-eye API, asynchronously.
 *
 *   const sim = await SimRemote.connect('http://127.0.0.1:PORT');
 *   const i = await sim.slash(aliceId, channelId, 'play', { game: 'phom' });
 *   await i.settled();
 */
import type { InteractionView, SimMessageView } from './control.js';
import type { RateLimitStats } from './ratelimit.js';
import type { SlashOptions } from './sim.js';

export type { InteractionView, SimMessageView } from './control.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- JSON from the control API is untyped by nature */
type Json = Record<string, any>;

export class RemoteInteraction {
  constructor(
    private readonly remote: SimRemote,
    public view: InteractionView,
  ) {}
  get id(): string {
    return this.view.id;
  }
  /** Re-reads the interaction's state from the simulator. */
  async refresh(): Promise<InteractionView> {
    this.view = await this.remote.get(`/_sim/interactions/${this.view.id}`);
    return this.view;
  }
  /** Resolves when the bot acknowledged it or the 3 s deadline failed it. */
  async settled(opts: { timeout?: number } = {}): Promise<InteractionView> {
    return this.remote.poll(
      async () => {
        const v = await this.refresh();
        return v.acknowledged || v.failed ? v : undefined;
      },
      opts.timeout ?? 10_000,
      `interaction ${this.id} settled`,
    );
  }
  /** Resolves with the original response once it has content (a deferred reply counts after its edit). */
  async reply(opts: { timeout?: number } = {}): Promise<SimMessageView> {
    return this.remote.poll(
      async () => {
        const v = await this.refresh();
        if (v.failed) throw new Error(`interaction ${this.id} failed: ${v.failReason ?? ''}`);
        const r = v.response;
        return r && (r.flags & 128) === 0 && (v.ackType !== 6 || r.editedTimestamp !== null) ? r : undefined;
      },
      opts.timeout ?? 10_000,
      `interaction ${this.id} reply`,
    );
  }
}

export class SimRemote {
  private constructor(
    readonly origin: string,
    readonly state: Json,
  ) {}

  static async connect(origin: string): Promise<SimRemote> {
    const base = origin.replace(/\/api\/?$/, '').replace(/\/$/, '');
    const res = await fetch(`${base}/_sim/state`);
    if (!res.ok) throw new Error(`no simulator at ${base}: ${res.status}`);
    return new SimRemote(base, (await res.json()) as Json);
  }

  /** @internal */
  async get<T = any>(path: string): Promise<T> {
    const res = await fetch(`${this.origin}${path}`);
    const body = (await res.json()) as Json;
    if (!res.ok) throw new Error(String(body.error ?? res.status));
    return body as T;
  }

  /** @internal */
  async post<T = any>(path: string, body: unknown): Promise<T> {
    const res = await fetch(`${this.origin}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const out = (await res.json()) as Json;
    if (!res.ok) throw new Error(String(out.error ?? res.status));
    return out as T;
  }

  /** @internal */
  async poll<T>(f: () => Promise<T | undefined>, timeout: number, what: string): Promise<T> {
    const start = Date.now();
    for (;;) {
      const v = await f();
      if (v !== undefined) return v;
      if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  describe(): Promise<Json> {
    return this.get('/_sim/state');
  }
  /** Creates a user and makes them a member of every guild (or `guildIds`). */
  createUser(o: {
    username: string;
    locale?: string;
    guildIds?: string[];
    permissions?: string;
  }): Promise<{ id: string; username: string }> {
    return this.post('/_sim/users', o);
  }
  createTextChannel(guildId: string, name: string): Promise<{ id: string; name: string }> {
    return this.post('/_sim/channels', { guildId, name });
  }
  createAnnouncementChannel(guildId: string, name: string): Promise<{ id: string; name: string }> {
    return this.post('/_sim/channels', { guildId, name, type: 'announcement' });
  }
  async slash(userId: string, channelId: string, name: string, options: SlashOptions = {}): Promise<RemoteInteraction> {
    return new RemoteInteraction(this, await this.post('/_sim/slash', { userId, channelId, name, options }));
  }
  async click(userId: string, message: { id: string } | string, customId: string): Promise<RemoteInteraction> {
    return new RemoteInteraction(
      this,
      await this.post('/_sim/click', { userId, messageId: typeof message === 'string' ? message : message.id, customId }),
    );
  }
  async select(userId: string, message: { id: string } | string, customId: string, values: string[]): Promise<RemoteInteraction> {
    return new RemoteInteraction(
      this,
      await this.post('/_sim/select', { userId, messageId: typeof message === 'string' ? message : message.id, customId, values }),
    );
  }
  async submitModal(
    userId: string,
    message: { id: string } | string | null,
    customId: string,
    fields: Record<string, string>,
  ): Promise<RemoteInteraction> {
    return new RemoteInteraction(
      this,
      await this.post('/_sim/modal', {
        userId,
        messageId: message === null ? null : typeof message === 'string' ? message : message.id,
        customId,
        fields,
      }),
    );
  }
  say(userId: string, channelId: string, content: string): Promise<SimMessageView> {
    return this.post('/_sim/say', { userId, channelId, content });
  }
  visibleMessages(channelId: string, userId: string): Promise<SimMessageView[]> {
    return this.get(`/_sim/messages?channel=${channelId}&user=${userId}`);
  }
  message(id: string): Promise<SimMessageView> {
    return this.get(`/_sim/messages/${id}`);
  }
  threads(
    channelId: string,
  ): Promise<Array<{ id: string; name: string; type: number; archived: boolean; locked: boolean; members: string[] }>> {
    return this.get(`/_sim/threads?channel=${channelId}`);
  }
  failedInteractions(): Promise<InteractionView[]> {
    return this.get('/_sim/failed');
  }
  advanceClock(ms: number): Promise<{ now: number }> {
    return this.post('/_sim/clock/advance', { ms });
  }
  /** Fault injection: `{ kind: 'rateLimit' | 'serverError' | 'slow' | 'dropGateway' | 'clear', route?: regexp source, … }`. */
  fault(f: {
    kind: 'rateLimit' | 'serverError' | 'slow' | 'dropGateway' | 'clear';
    route?: string;
    global?: boolean;
    retryAfterMs?: number;
    status?: number;
    delayMs?: number;
    times?: number;
  }): Promise<void> {
    return this.post('/_sim/faults', f);
  }
  /** The rate limiter's counters (requests per route, globally limited, exempt, 429s sent); see ratelimit.ts. */
  rateLimitStats(): Promise<RateLimitStats> {
    return this.get('/_sim/ratelimits');
  }
  /** Zeroes the rate limiter's counters and windows. */
  resetRateLimits(): Promise<void> {
    return this.post('/_sim/ratelimits/reset', {});
  }
  /** Closes (or opens) a user's DMs: the bot's sends to them fail with 50007 while closed. */
  setDmsClosed(userId: string, closed: boolean): Promise<void> {
    return this.post('/_sim/dms', { userId, closed });
  }
  /** A moderator kicks a member (sim.kick: no event to a bot without the GUILD_MEMBERS intent). */
  kick(guildId: string, userId: string): Promise<void> {
    return this.post('/_sim/kick', { guildId, userId });
  }
  /** A moderator bans a user (sim.ban: GUILD_BAN_ADD to a bot with GUILD_MODERATION and the permission). */
  ban(guildId: string, userId: string): Promise<void> {
    return this.post('/_sim/ban', { guildId, userId });
  }
  /** The bot is removed from a guild (sim.removeBot: GUILD_DELETE without `unavailable`; its REST calls there get 50001). */
  removeBot(guildId: string): Promise<void> {
    return this.post('/_sim/bot/remove', { guildId });
  }
  /** The bot is added to a guild again (sim.addBot: GUILD_CREATE), with `permissions` or the invite's defaults. */
  addBot(guildId: string, permissions?: bigint | string): Promise<void> {
    return this.post('/_sim/bot/add', { guildId, ...(permissions === undefined ? {} : { permissions: String(permissions) }) });
  }
  /** A moderator times a member out until `until` (ISO time or sim-clock ms), or lifts it with null (sim.timeout). */
  timeout(guildId: string, userId: string, until: string | number | null): Promise<void> {
    return this.post('/_sim/timeout', { guildId, userId, until });
  }
  /** Gateway sessions per shard, IDENTIFY and RESUME counts. */
  gateway(): Promise<{
    shards: number;
    sessions: Array<{ shard: [number, number]; connected: boolean }>;
    identifies: number;
    resumes: number;
  }> {
    return this.get('/_sim/gateway');
  }
  /** Downloads an attachment's bytes. */
  async download(att: { url: string }): Promise<Buffer> {
    return Buffer.from(await (await fetch(att.url)).arrayBuffer());
  }
  /** Finds a button by label or custom_id (rows, sections and containers are searched). */
  findButton(message: SimMessageView, pred: string | RegExp): Record<string, any> | undefined {
    const out: Array<Record<string, any>> = [];
    const visit = (c: any): void => {
      if (!c || typeof c !== 'object') return;
      out.push(c);
      (c.components ?? []).forEach(visit);
      if (c.accessory) visit(c.accessory);
    };
    message.components.forEach(visit);
    return out.find(
      (c) =>
        c.type === 2 && [c.label, c.custom_id].some((t) => typeof t === 'string' && (typeof pred === 'string' ? t === pred : pred.test(t))),
    );
  }
  async waitFor<T>(
    cond: () => Promise<T | undefined | null | false> | T | undefined | null | false,
    o: { timeout?: number } = {},
  ): Promise<T> {
    return this.poll(async () => (await cond()) || undefined, o.timeout ?? 5000, 'condition') as Promise<T>;
  }
}
