/**
 * Building and running the bot: a discord.js Client with the REST base from the environment
 * (Discord or the local simulator), the command router, the timer scheduler, and a clean shutdown.
 */
import {
  Client,
  Events,
  GatewayDispatchEvents,
  GatewayIntentBits,
  MessageFlags,
  Options,
  Partials,
  RESTJSONErrorCodes,
  type RateLimitData,
} from 'discord.js';
import type { Logger } from 'pino';
import { redactTokens } from '../config/logger.js';
import { guildsWithOpenTables, openTablesOfChannel, pausedTables, type Store } from '../store/index.js';
import { ownsGuild } from '../ops/shard.js';
import { GameLocks, type BotContext, type Clock, type Renderer } from './context.js';
import { loadCommands } from './commands.js';
import { createRouter } from './router.js';
import { dmForwarding } from './dm-forward.js';
import { userSync } from './user-sync.js';
import { Scheduler } from './scheduler.js';
import { run } from './effects.js';
import { abandonTables, botBack, botRemoved, settleLockHolds, threadLockChanged } from './holds.js';
import { tableStore } from '../table/store.js';
import { langOf, translator, type Lang } from '../table/i18n.js';
import type { AiPort } from '../table/act.js';
import type { Metrics } from '../ops/metrics.js';
import { measuredAiPort, measuredRenderer, measuredTableStore, observeClient } from './observe.js';
import { Notifier, discordSender } from '../notify/notifier.js';
import { splitInteractionRest, GLOBAL_REQUESTS_PER_SECOND } from './rest.js';
import { makeRequest } from './multipart.js';
import { watchUnknownChannels } from './gone-channels.js';
import { MemberCheck, memberLeft } from './members.js';

export interface BotOptions {
  token: string;
  apiBase: string;
  store: Store;
  log: Logger;
  render: Renderer;
  clock?: Clock;
  defaultLang?: Lang;
  /** Prometheus metrics to record into (METRICS_PORT); none when unset. */
  metrics?: Metrics;
  /** Where AI decisions are made (the AI worker pool); inline on the main thread when unset. */
  ai?: AiPort;
}

export interface Bot {
  client: Client;
  ctx: BotContext;
  scheduler: Scheduler;
  locks: GameLocks;
  /** Resolves when every interaction being handled has finished (tests use it). */
  whenIdle(): Promise<void>;
  /** Logs in and resolves once the client is ready and running games are resumed. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * discord.js's caches, bounded (issue #17: memory flat over months on many servers). The bot keeps
 * every message id it needs in SQLite and edits or deletes by id, so it never reads a cached
 * message; yet discord.js caches each clicked message (an interaction carries it) up to 200 per
 * channel, and every member and user an interaction names, without limit. Kept: the bot's own
 * member (permission checks) and user, and the latest 10,000 users (DMs look them up).
 */
export const CACHE_LIMITS = {
  ...Options.DefaultMakeCacheSettings,
  MessageManager: 0,
  ThreadMemberManager: 0,
  // Every ban of a server (GUILD_BAN_ADD, members.ts) would stay in its guild's bans for good.
  GuildBanManager: 0,
  GuildMemberManager: { maxSize: 0, keepOverLimit: (m: { id: string; client: Client }) => m.id === m.client.user?.id },
  UserManager: { maxSize: 10_000, keepOverLimit: (u: { id: string; client: Client }) => u.id === u.client.user?.id },
} as const;

/**
 * How long a shutdown waits for the clicks and the timer round in progress. Then the gateway is
 * closed (`client.destroy`: a close handshake, up to ws's 30 s on a dead link). The bot's part of the
 * shutdown budget is ~6 of `SHUTDOWN_BUDGET_MS`' 8 s (src/bot/main.ts `closeAll`): a close that takes
 * longer is left behind then, and the process exits without waiting for it.
 */
export const STOP_GRACE_MS = 5_000;

/**
 * What a `rateLimited` line says of discord.js's info: the bucket's templated route, not `url` nor
 * `majorParameter`, which for an interaction's webhook route hold its token (valid 15 minutes: anyone
 * reading the log could post and edit as the bot there). The route goes through `redactTokens` too:
 * @discordjs/rest templates a webhook's token but not an interaction callback's
 * (`/interactions/:id/<token>/callback`), nor any id outside 17–19 digits.
 */
export function rateLimitFields(info: RateLimitData) {
  return {
    route: redactTokens(info.route),
    // The channel or guild limited (a webhook's `id/token` is cleaned: logger.ts `redactTokens`).
    majorParameter: redactTokens(info.majorParameter),
    method: info.method,
    global: info.global,
    scope: info.scope,
    retryAfter: info.retryAfter,
    limit: info.limit,
    timeToReset: info.timeToReset,
  };
}

export async function createBot(o: BotOptions): Promise<Bot> {
  const client = new Client({
    // GuildModeration (standard, not privileged): GUILD_BAN_ADD, a member banned from a server
    // (members.ts). Interactions need no intent.
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildModeration],
    partials: [Partials.Channel],
    makeCache: Options.cacheWithLimits(CACHE_LIMITS),
    // No message pings anyone unless it says whom (the turn ping and reminders list their users): a
    // player's name is player-chosen text, and `<@id>`, `<@&role>` or `@everyone` in it would
    // otherwise notify whoever it names each time the table message is posted (member-name.ts).
    allowedMentions: { parse: [], repliedUser: false },
    // Uploads go out as one buffer (src/bot/multipart.ts).
    rest: {
      api: o.apiBase,
      globalRequestsPerSecond: GLOBAL_REQUESTS_PER_SECOND,
      // A channel answering 10003 (deleted while the bot missed the event): its tables are abandoned.
      makeRequest: watchUnknownChannels(makeRequest, (id) => channelGone(id)),
    },
    waitGuildTimeout: 2_000,
  });
  // Interaction endpoints are not bound to Discord's global rate limit (src/bot/rest.ts).
  splitInteractionRest(client, { api: o.apiBase, makeRequest });
  const locks = new GameLocks();
  let scheduler: Scheduler | null = null;
  const ctx: BotContext = {
    client,
    store: o.store,
    table: o.metrics ? measuredTableStore(tableStore(o.store), o.metrics) : tableStore(o.store),
    log: o.log,
    clock: o.clock ?? { now: () => Date.now() },
    render: o.metrics ? measuredRenderer(o.render, o.metrics) : o.render,
    defaultLang: o.defaultLang ?? 'vi',
    wakeTimers: () => scheduler?.wake(),
    locks,
    ...(o.ai ? { ai: o.metrics ? measuredAiPort(o.ai, o.metrics) : o.ai } : {}),
    ...(o.metrics ? { metrics: o.metrics } : {}),
  };
  ctx.notifier = new Notifier(o.store, ctx.table, discordSender(client, o.log), {
    defaultLang: ctx.defaultLang,
    log: o.log,
    // A server another shard holds is not in this one's cache: its name as that shard last saw it.
    serverName: (id) => client.guilds.cache.get(id)?.name ?? o.store.guildNames.get(id),
  });
  scheduler = new Scheduler(ctx, locks);
  const commands = await loadCommands();
  const dm = dmForwarding(
    client,
    (gameId) => {
      const row = o.store.games.get(gameId);
      return !!row && ownsGuild(client, row.guildId);
    },
    Date.now,
    (msg, fields) => o.log.warn(fields, msg),
  );
  const members = new MemberCheck(client, () => ctx.clock.now());
  ctx.members = members;
  if (o.metrics) ctx.handedOff = observeClient(client, o.metrics).handedOff;
  const route = createRouter(ctx, locks, commands, dm, userSync(ctx), members);
  const inflight = new Set<Promise<void>>();
  let stopping = false;
  /** Resolves once `stop` is called. */
  let markStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (markStopped = resolve));
  client.on(Events.InteractionCreate, (i) => {
    // Shutting down: a click now is told to try again (the next process answers it), not left to fail.
    const p = (
      stopping
        ? i.isRepliable()
          ? i.reply({ content: translator(langOf(i.locale, ctx.defaultLang))('errors:restarting'), flags: MessageFlags.Ephemeral }).then(
              () => undefined,
              () => undefined,
            )
          : Promise.resolve()
        : route(i)
    ).finally(() => inflight.delete(p));
    inflight.add(p);
  });
  client.on(Events.Error, (e) => o.log.error({ err: e }, 'client error'));

  /** Abandons open tables (holds.ts `abandonTables`). `deleted`: the channel or thread deleted. */
  const abandon = (ids: readonly string[], why: string, deleted?: string): Promise<void> => abandonTables(ctx, locks, ids, why, deleted);
  const track = (p: Promise<void>) => {
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  };
  /**
   * The names of this shard's servers, kept for the DM notices another shard sends about their tables
   * (store/guild-names.ts, migration 42): written when the bot sees a server (READY, GUILD_CREATE, a
   * server available again after an outage, GUILD_UPDATE: names change), forgotten when it is removed.
   * A failed write costs only a server's name in a notice: logged, nothing else.
   */
  const guildNames = {
    keep(guilds: readonly { id: string; name: string | null | undefined; available: boolean }[]): void {
      const named = guilds.filter((g) => g.available && g.name).map((g) => ({ id: g.id, name: g.name! }));
      try {
        o.store.guildNames.put(named);
      } catch (e) {
        o.log.warn({ err: e }, 'cannot record server names');
      }
    },
    forget(guildId: string): void {
      try {
        o.store.guildNames.forget(guildId);
      } catch (e) {
        o.log.warn({ err: e, guildId }, 'cannot forget a server name');
      }
    },
    /** After READY: every server it lists, and those of this shard it no longer lists (removed meanwhile) forgotten. */
    ready(): void {
      guildNames.keep([...client.guilds.cache.values()]);
      try {
        for (const id of o.store.guildNames.ids()) if (ownsGuild(client, id) && !client.guilds.cache.has(id)) guildNames.forget(id);
      } catch (e) {
        o.log.warn({ err: e }, 'cannot read server names');
      }
    },
  };
  /**
   * What the bot's removal from a server and its return do there, one after the other (`guildTurn`):
   * an admin who kicks the bot and invites it back at once must find the tables the removal held
   * released, not a return that looked for held tables before the removal had held them.
   */
  const guildTurns = new Map<string, Promise<void>>();
  const guildTurn = (guildId: string, fn: () => Promise<void>): Promise<void> => {
    const p: Promise<void> = (guildTurns.get(guildId) ?? Promise.resolve())
      .then(fn)
      .catch((e: unknown) => o.log.error({ err: e, guildId }, 'a server’s removal or return failed'))
      .finally(() => {
        if (guildTurns.get(guildId) === p) guildTurns.delete(guildId);
      });
    guildTurns.set(guildId, p);
    return p;
  };
  // Removed from a server (discord.js emits GuildDelete only without `unavailable`; an outage is
  // GuildUnavailable): its lobbies are abandoned, its running and paused tables held until the bot is
  // invited back or the grace period ends (holds.ts `botRemoved`, `BOT_REMOVED_GRACE_MS`).
  client.on(Events.GuildDelete, (g) => {
    guildNames.forget(g.id);
    track(guildTurn(g.id, () => botRemoved(ctx, locks, g.id)));
  });
  // Invited (back) to a server: the tables its removal held there are released (holds.ts `botBack`).
  client.on(Events.GuildCreate, (g) => {
    guildNames.keep([g]);
    track(guildTurn(g.id, () => botBack(ctx, locks, g.id)));
  });
  client.on(Events.GuildAvailable, (g) => guildNames.keep([g]));
  client.on(Events.GuildUpdate, (_, g) => guildNames.keep([g]));
  // A game thread deleted (or the channel its lobby was opened in, which takes its threads): its
  // table, hand views and timers have nowhere to go. Deleted while the bot was down: the first
  // request to it answers 10003 (gone-channels.ts) and ends here the same way.
  const deleted = (id: string) =>
    track(abandon(openTablesOfChannel(o.store.db, id), 'a game thread or channel was deleted: its open tables are abandoned', id));
  // The raw gateway events: discord.js emits ThreadDelete and ChannelDelete only for channels in its
  // cache, and archived threads leave it (its sweeper; after a restart they were never in it).
  client.ws.on(GatewayDispatchEvents.ThreadDelete, (d: { id: string }) => deleted(d.id));
  client.ws.on(GatewayDispatchEvents.ChannelDelete, (d: { id: string }) => deleted(d.id));
  // A channel's permission overwrites, a thread's lock or a role changed: the tables there whose
  // posts housekeeping is retrying (a permission a moderator took away and may have given back) are
  // tried at its next round, not at the end of their back-off (hours, store/games.ts `retrySoon`).
  const retrySoon = (where: Parameters<typeof o.store.games.retrySoon>[0]) => {
    try {
      const n = o.store.games.retrySoon(where);
      if (n) o.log.debug({ ...where, games: n }, 'a channel or role changed: its tables are retried at the next round');
    } catch (e) {
      o.log.warn({ err: e }, 'cannot mark tables to retry');
    }
  };
  // A member banned from a server (GuildModeration intent; Discord sends it only while the bot has Ban
  // Members or View Audit Log there): their seats at its tables pass to the AI, and they leave its
  // lobbies (members.ts). A kick or a leave is not told (no GuildMembers intent): their next DM click is.
  client.ws.on(GatewayDispatchEvents.GuildBanAdd, (d: { guild_id?: string; user?: { id?: string } }) => {
    const guildId = d.guild_id;
    const userId = d.user?.id;
    if (!guildId || !userId || userId === client.user?.id) return;
    members.forget(guildId, userId);
    track(memberLeft(ctx, guildId, userId).catch((e: unknown) => o.log.error({ err: e, guildId, userId }, 'a ban could not be applied')));
  });
  client.ws.on(GatewayDispatchEvents.ChannelUpdate, (d: { id: string }) => retrySoon({ channelId: d.id }));
  // A game thread a moderator locks holds its running or paused table until it is unlocked
  // (holds.ts `threadLockChanged`): its deadlines played moves nobody could see (a bot without
  // Manage Threads is refused every post there), or the bot's next post reopened the thread the
  // moderator had closed. The raw event, as for deletes: an archived thread leaves discord.js's cache,
  // and a thread archived and locked at once was not in it (the bot's own lock at a match's end finds
  // the match over: no hold).
  client.ws.on(GatewayDispatchEvents.ThreadUpdate, (d: { id: string; thread_metadata?: { locked?: boolean } }) => {
    retrySoon({ channelId: d.id });
    const locked = d.thread_metadata?.locked;
    if (typeof locked === 'boolean') track(threadLockChanged(ctx, locks, d.id, locked));
  });
  client.ws.on(GatewayDispatchEvents.GuildRoleUpdate, (d: { guild_id: string }) => retrySoon({ guildId: d.guild_id }));
  /**
   * A request answered 10003 Unknown Channel: abandoning cannot be undone, so a channel that holds
   * open tables is fetched once more (bypassing the cache) and abandoned only if that answers 10003
   * too. The check's own 10003 comes back here and is ignored while it runs.
   */
  const checking = new Set<string>();
  function channelGone(id: string): void {
    if (checking.has(id) || !openTablesOfChannel(o.store.db, id).length) return;
    checking.add(id);
    track(
      client.channels
        .fetch(id, { force: true, cache: false })
        .then(
          () => undefined,
          (e: unknown) => ((e as { code?: unknown }).code === RESTJSONErrorCodes.UnknownChannel ? deleted(id) : undefined),
        )
        .finally(() => checking.delete(id)),
    );
  }
  // A per-route wait is discord.js pacing a bucket as Discord asks (routine under load: a busy
  // channel's edits): debug. A global one holds every request of the process: warn. 429s actually
  // served are counted in the metrics (observe.ts, by scope).
  client.rest.on('rateLimited', (info) =>
    (info.global ? o.log.warn : o.log.debug).call(o.log, { rateLimit: rateLimitFields(info) }, 'rate limited'),
  );

  /**
   * What the bot catches up on after READY (`start`), each step skipped once it is stopping.
   */
  async function catchUp(): Promise<void> {
    // Removed from a server while the bot was down (no GuildDelete then): READY lists every server
    // the bot is in (unavailable ones too), so the open tables of a server of this shard missing from
    // it are held (lobbies abandoned) as GuildDelete would have done, before their timers fire into
    // that server; and those held before of a server READY lists again are released, as GuildCreate
    // would have done.
    for (const g of guildsWithOpenTables(o.store.db)) {
      if (stopping) return;
      if (!ownsGuild(client, g)) continue;
      const here = client.guilds.cache.has(g);
      await guildTurn(g, () => (here ? botBack(ctx, locks, g) : botRemoved(ctx, locks, g)));
    }
    // A paused table makes no request that would find its thread deleted while the bot was down:
    // each one's thread is fetched once, in the background (10003: abandoned, as above).
    for (const p of pausedTables(o.store.db)) if (!stopping && p.threadId && ownsGuild(client, p.guildId)) channelGone(p.threadId);
    // A game thread locked or unlocked while the bot was down sent it no THREAD_UPDATE: a thread READY's
    // servers list as active and locked holds its table now (one archived too is held at the first post
    // Discord refuses there: effects.ts `holdIfRefused`), and the thread of each table held for a lock
    // is asked for, releasing the table if it was unlocked.
    for (const ch of client.channels.cache.values()) {
      if (stopping) return;
      if (ch.isThread() && ch.locked && ownsGuild(client, ch.guildId)) await threadLockChanged(ctx, locks, ch.id, true);
    }
    if (!stopping) await settleLockHolds(ctx, locks, (g) => ownsGuild(client, g));
    // Timers re-arm from the timers table with their remaining time (the scheduler). Only games whose
    // table message is behind (shown_version) or whose last step's effects may not have reached
    // Discord (the outbox) are loaded and redrawn; every other game is loaded on its first click or
    // timer (issue #18 §1). The redraws run one at a time, paced by the REST client's rate limits.
    // Under the ShardingManager each process acts only for its own shard's guilds (src/ops/shard.ts).
    const ids = o.store.games
      .needingSyncIn()
      .filter((g) => ownsGuild(client, g.guildId))
      .map((g) => g.id);
    o.log.info({ games: ids.length }, 'bringing tables up to date');
    for (const id of ids) {
      // The rest are brought up to date at the next start (their shown_version and outbox kept).
      if (stopping) return;
      await locks
        .run(id, () => run(ctx, { kind: 'sync', gameId: id }, { restart: true }))
        .catch((e: unknown) => o.log.error({ err: e, game: id }, 'resume failed'));
    }
  }

  return {
    client,
    ctx,
    scheduler,
    locks,
    async whenIdle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    async start() {
      if (stopping) return;
      // A stop during the login ends the wait for READY (the client destroyed never gets there).
      const ready = new Promise<void>((resolve) => {
        client.once(Events.ClientReady, () => resolve());
        void stopped.then(resolve);
      });
      // Tracked too: a stop during the login waits for it (within the drain's grace) before it destroys
      // the client. discord.js's destroy while the login still fetches the gateway's address does not
      // stop it: the shard connected and identified after the stop, and kept reconnecting for good.
      const login = client.login(o.token);
      track(
        login.then(
          () => undefined,
          () => undefined,
        ),
      );
      try {
        await login;
      } catch (e) {
        // The client destroyed under a login still under way: stopped, not a failed start.
        if (stopping) return;
        throw e;
      }
      await ready;
      if (stopping) return;
      o.log.info({ user: client.user?.tag }, 'logged in');
      guildNames.ready();
      // Tracked as a click is, so a stop meanwhile waits for the table being brought up to date (and
      // no later one starts: `catchUp` checks `stopping` before each). Then the scheduler starts, if
      // the bot is not stopping: before, a SIGTERM during this sync stopped the scheduler, and the
      // sync, not waited for, started it again when it ended: deadlines were played after `stop`
      // returned, while main.ts closed the pools and the database under them.
      const sync = catchUp();
      track(sync.catch(() => undefined));
      await sync;
      if (!stopping) scheduler!.start();
    },
    async stop() {
      // Drain: no new clicks or timers; the clicks and the timer round in progress finish (their
      // steps are committed already; their messages go out), and so do a login or the start-up
      // sync's table under way (`start`), for at most STOP_GRACE_MS.
      stopping = true;
      markStopped();
      scheduler!.stop();
      const drained = Promise.all([
        scheduler!.idle(),
        (async () => {
          while (inflight.size) await Promise.allSettled([...inflight]);
        })(),
      ]);
      await Promise.race([drained, new Promise((r) => setTimeout(r, STOP_GRACE_MS).unref())]);
      await client.destroy();
    },
  };
}
