/** Shared types and small helpers of the simulator (options, log entries, routes, slash options). */
import type { RateLimitOptions } from './ratelimit.js';
import type { IncomingFile } from './validate.js';

// Raw Discord JSON is handled dynamically throughout the simulator.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = Record<string, any>;

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
  /**
   * Discord's rate limits (see ratelimit.ts). `true` (default): the documented global limit of 50 requests/s per bot
   * token (interaction endpoints exempt) and per-route buckets with X-RateLimit-* headers, each route allowing 50/s
   * per channel/guild/webhook. `'observed'`: also the commonly observed per-route figures (5 messages per 5 s per
   * channel, …). `false`: none. Or an object to tune every figure.
   */
  rateLimits?: boolean | 'observed' | RateLimitOptions;
  /** Shard count that GET /gateway/bot recommends (default 1). */
  shards?: number;
  /**
   * Let a bot with MANAGE_THREADS lock or unlock an archived thread without unarchiving it (default
   * false: 50083, as Discord's Modify Channel requires a thread's `archived` to be false or set false
   * in the request, and discord-api-docs#6928 reports for a lock, "working as intended"; true: as
   * discordjs/guide#1456 reported in 2023).
   */
  lockArchivedThreads?: boolean;
}

export interface LogEntry {
  at: number;
  kind: 'rest' | 'gateway-in' | 'gateway-out' | 'user' | 'sim';
  summary: string;
  status?: number;
  code?: number;
  data?: unknown;
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

export interface ParsedBody {
  json: Json | undefined;
  files: IncomingFile[];
}

export interface Route {
  method: string;
  parts: string[];
  auth: boolean;
  handler: (ctx: RouteCtx) => Promise<RouteResult> | RouteResult;
}
export interface RouteCtx {
  params: Record<string, string>;
  query: URLSearchParams;
  body: ParsedBody;
  method: string;
  path: string;
}
export interface RouteResult {
  status: number;
  body?: unknown;
}

export const ACK_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;

export function isPlainObject(v: unknown): v is Json {
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
