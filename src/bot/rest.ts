/**
 * Interaction endpoints on their own REST client (issue #17 §2).
 *
 * Discord's rate-limit documentation (https://discord.com/developers/docs/topics/rate-limits,
 * "Global Rate Limit"): "Interaction endpoints are not bound to the bot's Global Rate Limit." These
 * are the interaction callback (`POST /interactions/{id}/{token}/callback`) and the interaction
 * webhook routes (`/webhooks/{application.id}/{interaction.token}…`: follow-ups, edits and deletes
 * of `@original` and of follow-up messages). discord.js's REST manager counts every request against
 * its one global limiter (50/s), so under load acknowledgements and hand edits queued behind table
 * edits. Here those routes go through a second REST manager without a global limit; it still keeps
 * per-route buckets and honours 429s and `X-RateLimit-*` headers exactly as Discord sends them.
 * Everything else stays on the client's manager and its global limiter.
 */
import { REST, type Client, type RESTOptions } from 'discord.js';

/**
 * discord.js's own global limit, a little under Discord's 50 requests per second. discord.js opens
 * its one-second window when it sends and Discord counts arrivals, so at saturation a request sent
 * early in discord.js's next window can land in Discord's previous one and get a global 429.
 * `GlobalPacer` below spaces the requests before they reach discord.js, so this limit never binds.
 */
export const GLOBAL_REQUESTS_PER_SECOND = 45;

/**
 * Our pace for globally limited requests: a token bucket of `PACE_BURST` refilled at `PACE_RATE`
 * per second, so any one-second span of sends holds at most 44 + 4 = 48, whatever second Discord
 * counts in (a fixed window per second, as discord.js assumes, or a sliding one), with 2 to spare
 * for arrival jitter. A window of discord.js's 45 allowed 45 at the end of one window and 45 at the
 * start of the next: the load bench saw two global 429s in 30 s at 200 live tables (32 moves/s,
 * ~32 globally limited requests a second on average).
 */
export const PACE_RATE = 44;
export const PACE_BURST = 4;

/** A FIFO token bucket: `take()` resolves when a request may be sent. */
export class GlobalPacer {
  private tokens: number;
  private last: number;
  private readonly waiting: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly rate = PACE_RATE,
    private readonly burst = PACE_BURST,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst;
    this.last = now();
  }

  take(): Promise<void> {
    this.refill();
    if (!this.waiting.length && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  /** Requests waiting for a token. */
  get queued(): number {
    return this.waiting.length;
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) * this.rate) / 1000);
    this.last = t;
  }

  private schedule(): void {
    if (this.timer) return;
    const ms = Math.max(0, ((1 - this.tokens) * 1000) / this.rate);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.refill();
      while (this.waiting.length && this.tokens >= 1) {
        this.tokens -= 1;
        this.waiting.shift()!();
      }
      if (this.waiting.length) this.schedule();
    }, Math.ceil(ms));
  }
}

const CALLBACK = /^\/interactions\/\d+\/[^/]+\/callback/;
const WEBHOOK = /^\/webhooks\/(\d+)\/[^/?]+/;

/** Whether a route is an interaction endpoint (not bound to the global limit). */
export function isInteractionRoute(route: string, applicationId: string | undefined): boolean {
  if (CALLBACK.test(route)) return true;
  const m = WEBHOOK.exec(route);
  return !!m && (applicationId === undefined || m[1] === applicationId);
}

/**
 * Routes the client's interaction-endpoint requests through a REST manager with no global limit;
 * the others are paced (`GlobalPacer`) before the client's manager and its global limiter.
 */
/**
 * How often the interaction REST manager drops its idle per-route handlers (ms). @discordjs/rest
 * keeps one `SequentialHandler` per bucket and major parameter, and an interaction webhook's major
 * parameter is its token: a new handler for every interaction. With the default sweep (hourly) a
 * bot at ~45 interactions/s held ~160,000 of them an hour, the JS heap's steady growth under load
 * (found by heap snapshots, 2026-12-02: +6,400 handlers in 140 s). Only handlers with nothing queued
 * and no exhausted bucket are swept; a swept one is made anew, and learns its bucket from its first
 * response. (The client's own manager keys handlers by channel and guild: bounded, default sweep.)
 */
export const INTERACTION_HANDLER_SWEEP_MS = 60_000;

export function splitInteractionRest(client: Client, options: Partial<RESTOptions>): REST {
  const exempt = new REST({
    handlerSweepInterval: INTERACTION_HANDLER_SWEEP_MS,
    ...options,
    globalRequestsPerSecond: Number.POSITIVE_INFINITY,
  });
  const main = client.rest;
  const queue = main.queueRequest.bind(main);
  const pacer = new GlobalPacer();
  main.queueRequest = async (request) => {
    if (isInteractionRoute(request.fullRoute, client.application?.id ?? client.user?.id)) return exempt.queueRequest(request);
    await pacer.take();
    return queue(request);
  };
  // The interaction routes authenticate with their token; the bot token is set for completeness.
  const setToken = main.setToken.bind(main);
  main.setToken = (token) => {
    exempt.setToken(token);
    return setToken(token);
  };
  // Listeners of the client's REST events (logs, metrics) see the interaction requests too.
  exempt.on('rateLimited', (info) => main.emit('rateLimited', info));
  exempt.on('response', (req, res) => main.emit('response', req, res));
  exempt.on('invalidRequestWarning', (info) => main.emit('invalidRequestWarning', info));
  return exempt;
}
