/**
 * Building and running the bot: a discord.js Client with the REST base from the environment
 * (Discord or the local simulator), the command router, the timer scheduler, and a clean shutdown.
 */
import { Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import type { Logger } from 'pino';
import type { Store } from '../store/index.js';
import { GameLocks, type BotContext, type Clock, type Renderer } from './context.js';
import { loadCommands } from './commands.js';
import { createRouter } from './router.js';
import { Scheduler } from './scheduler.js';
import { run } from './effects.js';
import { tableStore } from '../table/store.js';
import type { Lang } from '../table/i18n.js';
import type { Metrics } from '../ops/metrics.js';
import { measuredRenderer, measuredTableStore, observeClient } from './observe.js';
import { splitInteractionRest } from './rest.js';

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

export async function createBot(o: BotOptions): Promise<Bot> {
  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    partials: [Partials.Channel],
    rest: { api: o.apiBase },
    waitGuildTimeout: 2_000,
  });
  // Interaction endpoints are not bound to Discord's global rate limit (src/bot/rest.ts).
  splitInteractionRest(client, { api: o.apiBase });
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
  };
  scheduler = new Scheduler(ctx, locks);
  const commands = await loadCommands();
  const route = createRouter(ctx, locks, commands);
  if (o.metrics) observeClient(client, o.metrics);
  const inflight = new Set<Promise<void>>();
  client.on(Events.InteractionCreate, (i) => {
    const p = route(i).finally(() => inflight.delete(p));
    inflight.add(p);
  });
  client.on(Events.Error, (e) => o.log.error({ err: e }, 'client error'));
  client.rest.on('rateLimited', (info) => o.log.warn({ info }, 'rate limited'));

  return {
    client,
    ctx,
    scheduler,
    locks,
    async whenIdle() {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
    async start() {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(o.token);
      await ready;
      o.log.info({ user: client.user?.tag }, 'logged in');
      // Resume games that were running before a restart (timers re-arm with their remaining time), and
      // execute the effects of each game's last committed step that may not have reached Discord.
      const ids = new Set([...o.store.games.listByStatus('running', 'paused'), ...o.store.games.withOutbox()].map((g) => g.id));
      for (const id of ids) {
        await locks
          .run(id, () => run(ctx, { kind: 'sync', gameId: id }))
          .catch((e: unknown) => o.log.error({ err: e, game: id }, 'resume failed'));
      }
      scheduler!.start();
    },
    async stop() {
      scheduler!.stop();
      await client.destroy();
    },
  };
}
