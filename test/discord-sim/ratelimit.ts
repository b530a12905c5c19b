/**
 * Discord's REST rate limits, as documented in https://discord.com/developers/docs/topics/rate-limits:
 *
 * - **Global**: 50 requests per second per bot token, across every route, except interaction endpoints:
 *   "Interaction endpoints are not bound to the bot's Global Rate Limit" — the interaction callback
 *   (`POST /interactions/{id}/{token}/callback`) and the webhook routes used with the interaction token
 *   (follow-ups, `@original` GET/PATCH/DELETE). A request over the limit gets 429 with `X-RateLimit-Global: true`,
 *   `X-RateLimit-Scope: global`, a `Retry-After` header and `{ message, retry_after, global: true, code: 0 }`.
 * - **Per route**: each route (method + path with ids generalised) has a bucket, counted separately per top-level
 *   resource (channel id, guild id, webhook id + token). Every answer carries `X-RateLimit-Limit`, `-Remaining`,
 *   `-Reset` (epoch seconds), `-Reset-After` (seconds) and `-Bucket` (an opaque id shared by the routes of a bucket);
 *   a request over it gets 429 with `X-RateLimit-Scope: user` and `global: false`.
 *
 * Discord does not publish per-route numbers ("should not be hard coded"). By default every route's bucket allows
 * 50 requests per second per top-level resource, so the headers and the bucket mechanics are real but only the
 * documented global limit binds. `OBSERVED_BUCKETS` holds the commonly observed figures (5 messages per 5 s per
 * channel, …): `DiscordSim.start({ rateLimits: 'observed' })` turns them on. They are off by default because with
 * them the bot's e2e suite runs 4× slower (3 → 12 min, every test still passing): a 4-player hand posts and edits
 * in one thread faster than 5 per 5 s, and discord.js then queues behind the bucket as it would on Discord.
 *
 * Time is real time (Date.now), not the sim clock: discord.js sleeps on the wall clock for Retry-After / Reset-After.
 */
import { createHash } from 'node:crypto';

export interface BucketRule {
  /** HTTP method (default: any). */
  method?: string;
  /** Matched against the generalised route, e.g. `/channels/:id/messages` (a string must match exactly). */
  route: string | RegExp;
  limit: number;
  windowMs: number;
}

export interface RateLimitOptions {
  /** Requests per second per bot token, or `false` for no global limit (default 50, Discord's figure). */
  global?: number | false;
  /**
   * Length of the global window (default 1000 ms: 50 per second). The window opens at the first request after the
   * last one closed, as discord.js's own limiter does on its side; because discord.js opens its window at send time
   * and the simulator at arrival, a client that saturates 50/s now and then lands a 51st request in the simulator's
   * window (one global 429 in a burst of 150 sends, which discord.js retries). A bench that must see 0 429s at
   * saturation can allow for that with e.g. 950.
   */
  globalWindowMs?: number;
  /** Per-route buckets with X-RateLimit-* headers (default true). */
  perRoute?: boolean;
  /** Per-route rules (first match wins); default none. `OBSERVED_BUCKETS` is the commonly observed table. */
  buckets?: BucketRule[];
  /** Limit of a route no rule names (default 50 per second). */
  defaultBucket?: { limit: number; windowMs: number };
}

/** Commonly observed Discord figures (not documented; Discord says they change). */
export const OBSERVED_BUCKETS: BucketRule[] = [
  { method: 'POST', route: '/channels/:id/messages', limit: 5, windowMs: 5_000 },
  { method: 'PATCH', route: '/channels/:id/messages/:id', limit: 5, windowMs: 5_000 },
  { method: 'DELETE', route: '/channels/:id/messages/:id', limit: 5, windowMs: 1_000 },
  { route: /^\/channels\/:id\/messages\/:id\/reactions\//, limit: 1, windowMs: 250 },
  { route: /^\/webhooks\/:id\/:token/, limit: 5, windowMs: 2_000 },
];

export interface RouteInfo {
  /** Generalised route as discord.js computes it (`/channels/:id/messages/:id`). */
  route: string;
  /** Top-level resource the bucket is counted for (`channel id`, `guild id`, `webhook id/token`, or `global`). */
  major: string;
  /** True for the interaction callback and the interaction-token webhook routes. */
  exempt: boolean;
}

/** Generalises a path the way @discordjs/rest does (so the two agree on buckets). */
export function routeInfo(path: string): RouteInfo {
  if (/^\/interactions\/[^/]+\/[^/]+\/callback$/.test(path)) {
    const id = path.split('/')[2] ?? '';
    return { route: '/interactions/:id/:token/callback', major: id, exempt: true };
  }
  const mm = /(?:^\/webhooks\/(\d{17,19}\/[^/?]+))|(?:^\/(?:channels|guilds|webhooks)\/(\d{17,19}))/.exec(path);
  const major = mm?.[2] ?? mm?.[1] ?? 'global';
  const route = path
    .replace(/\d{17,19}/g, ':id')
    .replace(/\/reactions\/(.*)/, '/reactions/:reaction')
    .replace(/\/webhooks\/:id\/[^/?]+/, '/webhooks/:id/:token');
  return { route, major, exempt: path.startsWith('/webhooks/') };
}

export interface RateLimitDecision {
  headers: Record<string, string>;
  /** Set when the request must be answered with 429. */
  limited?: { global: boolean; scope: 'global' | 'user'; retryAfterS: number };
}

interface Window {
  start: number;
  count: number;
}

export interface RouteCounter {
  /** Requests that reached the simulator on this route (429s included). */
  requests: number;
  /** 429s the route answered. */
  rateLimited: number;
}

export interface RateLimitStats {
  /** Every REST request seen by the limiter. */
  requests: number;
  /** Requests counted against the global limit (everything but interaction endpoints). */
  globallyLimited: number;
  /** Interaction-endpoint requests (callback and interaction webhooks), not counted globally. */
  exempt: number;
  /** 429s sent (global + per route). */
  sent429: number;
  /** Of which global. */
  global429: number;
  /** Per `"METHOD /generalised/route"`. */
  routes: Record<string, RouteCounter>;
}

export class RateLimiter {
  readonly enabled: boolean;
  readonly globalLimit: number | false;
  readonly perRoute: boolean;
  readonly globalWindowMs: number;
  private readonly rules: BucketRule[];
  private readonly defaultBucket: { limit: number; windowMs: number };
  private globalWindow?: Window;
  private readonly windows = new Map<string, Window>();
  private counters: RateLimitStats = RateLimiter.emptyStats();

  constructor(
    o: boolean | 'observed' | RateLimitOptions | undefined,
    private readonly now: () => number = Date.now,
  ) {
    const opts: RateLimitOptions =
      o === false
        ? { global: false, perRoute: false }
        : o === 'observed'
          ? { buckets: OBSERVED_BUCKETS }
          : o === true || o === undefined
            ? {}
            : o;
    this.globalLimit = opts.global === undefined ? 50 : opts.global;
    this.perRoute = opts.perRoute ?? true;
    this.globalWindowMs = opts.globalWindowMs ?? 1000;
    this.enabled = this.globalLimit !== false || this.perRoute;
    this.rules = [...(opts.buckets ?? [])];
    this.defaultBucket = opts.defaultBucket ?? { limit: 50, windowMs: 1_000 };
  }

  private static emptyStats(): RateLimitStats {
    return { requests: 0, globallyLimited: 0, exempt: 0, sent429: 0, global429: 0, routes: {} };
  }

  /** The counters so far (a copy). */
  stats(): RateLimitStats {
    return structuredClone(this.counters);
  }

  /** Zeroes the counters and forgets every window. */
  reset(): void {
    this.counters = RateLimiter.emptyStats();
    this.windows.clear();
    this.globalWindow = undefined;
  }

  private rule(method: string, route: string): { limit: number; windowMs: number; name: string } {
    for (const r of this.rules) {
      if (r.method && r.method !== method) continue;
      if (typeof r.route === 'string' ? r.route !== route : !r.route.test(route)) continue;
      return { limit: r.limit, windowMs: r.windowMs, name: `${r.method ?? '*'} ${String(r.route)}` };
    }
    return { ...this.defaultBucket, name: `${method} ${route}` };
  }

  /** Counts one request and decides whether it is answered with 429. */
  check(method: string, path: string): RateLimitDecision {
    const info = routeInfo(path);
    const key = `${method} ${info.route}`;
    const counter = (this.counters.routes[key] ??= { requests: 0, rateLimited: 0 });
    counter.requests++;
    this.counters.requests++;
    if (info.exempt) this.counters.exempt++;
    else this.counters.globallyLimited++;
    const now = this.now();
    const headers: Record<string, string> = {};
    if (!info.exempt && this.globalLimit !== false) {
      let w = this.globalWindow;
      if (!w || now >= w.start + this.globalWindowMs) w = this.globalWindow = { start: now, count: 0 };
      if (w.count >= this.globalLimit) {
        const retryAfterS = Math.max(0.001, (w.start + this.globalWindowMs - now) / 1000);
        counter.rateLimited++;
        this.counters.sent429++;
        this.counters.global429++;
        return {
          headers: { 'Retry-After': fmt(retryAfterS), 'X-RateLimit-Global': 'true', 'X-RateLimit-Scope': 'global' },
          limited: { global: true, scope: 'global', retryAfterS },
        };
      }
      w.count++;
    }
    // The callback is answered once per interaction: no bucket headers (discord.js's burst handler ignores them).
    if (!this.perRoute || info.route === '/interactions/:id/:token/callback') return { headers };
    const rule = this.rule(method, info.route);
    const wkey = `${rule.name}|${info.major}`;
    let w = this.windows.get(wkey);
    if (!w || now >= w.start + rule.windowMs) {
      w = { start: now, count: 0 };
      this.windows.set(wkey, w);
    }
    const resetAt = w.start + rule.windowMs;
    const resetAfterS = Math.max(0, (resetAt - now) / 1000);
    headers['X-RateLimit-Limit'] = String(rule.limit);
    headers['X-RateLimit-Reset'] = fmt(resetAt / 1000);
    headers['X-RateLimit-Reset-After'] = fmt(resetAfterS);
    headers['X-RateLimit-Bucket'] = createHash('sha1').update(rule.name).digest('hex').slice(0, 32);
    if (w.count >= rule.limit) {
      headers['X-RateLimit-Remaining'] = '0';
      headers['Retry-After'] = fmt(Math.max(0.001, resetAfterS));
      headers['X-RateLimit-Scope'] = 'user';
      counter.rateLimited++;
      this.counters.sent429++;
      return { headers, limited: { global: false, scope: 'user', retryAfterS: Math.max(0.001, resetAfterS) } };
    }
    w.count++;
    headers['X-RateLimit-Remaining'] = String(rule.limit - w.count);
    return { headers };
  }
}

function fmt(s: number): string {
  return String(Math.round(s * 1000) / 1000);
}
