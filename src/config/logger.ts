/**
 * pino logger: JSON lines in production, pretty output in development. Errors are serialized
 * without what must not reach a log: a failed Discord request's body (`requestBody`: the message
 * and its files, a PNG as a JSON byte array, tens of KB a line) is cut to its JSON's size, and an
 * interaction or webhook token (valid 15 minutes: anyone reading the log could answer as the bot)
 * is replaced by `[token]`, in an error's fields and in every other field and message of a line
 * too (`redactLine`). Each line of a shard names its shard.
 */
import { hostname } from 'node:os';
import pino from 'pino';

/**
 * An interaction/webhook token in a Discord route (`/webhooks/<app>/<token>`,
 * `/interactions/<id>/<token>/`), also in @discordjs/rest's templated bucket route
 * (`/interactions/:id/<token>/callback`: it templates only the webhook's token).
 */
const TOKEN_IN_ROUTE = /\/(webhooks|interactions)\/(\d+|:id)\/[A-Za-z0-9._-]{20,}/g;
/**
 * A bare `<application id>/<token>`: @discordjs/rest's `majorParameter` of a webhook route (what a
 * `rateLimited` event carries), with no `/webhooks/` before it. Not after a word character, a slash,
 * a dot or a hyphen, so a path (`…/shard-0/…`, `data/123…`) is not taken for one.
 */
const BARE_TOKEN = /(?<![\w/.:-])(\d{5,25})\/[A-Za-z0-9._-]{20,}/g;

/** `s` with every route token replaced. */
export function redactTokens(s: string): string {
  return s.replace(TOKEN_IN_ROUTE, '/$1/$2/[token]').replace(BARE_TOKEN, '$1/[token]');
}

/** pino's error serializer, then the redactions above (on every string property, nested causes too). */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  return scrub(out, 0);
}

/**
 * pino's `formatters.log`: every field of a line but the errors (their serializer above) with its
 * tokens replaced, through plain objects and arrays (an object of a class, a Buffer, is left as it
 * is). Before, only `err`/`error` were cleaned: discord.js's `rateLimited` info logged whole put a
 * follow-up's interaction token in the line twice (its `url` and `majorParameter`).
 */
export function redactLine(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = k === 'err' || k === 'error' ? v : redactValue(v, 0);
  return out;
}

function redactValue(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return redactTokens(v);
  if (!v || typeof v !== 'object' || depth > 4) return v;
  if (Array.isArray(v)) return v.map((x) => redactValue(x, depth + 1));
  if (Object.getPrototypeOf(v) !== Object.prototype && Object.getPrototypeOf(v) !== null) return v;
  const o: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) o[k] = redactValue(x, depth + 1);
  return o;
}

function scrub(v: unknown, depth: number): unknown {
  if (typeof v === 'string') return redactTokens(v);
  if (!v || typeof v !== 'object' || depth > 4) return v;
  if (Array.isArray(v)) return v.map((x) => scrub(x, depth + 1));
  const o: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (k === 'requestBody') {
      const body = x as { json?: unknown; files?: unknown[] } | undefined;
      o.requestBody = { jsonBytes: JSON.stringify(body?.json ?? null).length, files: Array.isArray(body?.files) ? body.files.length : 0 };
    } else o[k] = scrub(x, depth + 1);
  }
  return o;
}

export function createLogger(
  level: string,
  pretty: boolean,
  base: Record<string, unknown> = {},
  dest?: pino.DestinationStream,
): pino.Logger {
  const opts: pino.LoggerOptions = {
    level,
    serializers: { err: serializeError, error: serializeError },
    formatters: { log: redactLine },
    // The message too (a line's text may name a URL).
    hooks: {
      logMethod(args, method) {
        method.apply(this, args.map((a) => (typeof a === 'string' ? redactTokens(a) : a)) as Parameters<typeof method>);
      },
    },
    // pino's own base (pid, hostname), then ours.
    base: { pid: process.pid, hostname: hostname(), ...base },
  };
  return pretty
    ? pino({ ...opts, transport: { target: 'pino-pretty', options: { colorize: true, translateTime: 'SYS:standard' } } })
    : dest
      ? pino(opts, dest)
      : pino(opts);
}

/**
 * The shard this process runs, for the log's `base`: discord.js's ShardingManager sets SHARDS to the
 * shard's id ("1"; Shard.js `SHARDS: this.id`), a list also read as its first.
 */
export function shardBase(env: NodeJS.ProcessEnv = process.env): { shard?: number } {
  try {
    const v = JSON.parse(env.SHARDS ?? 'null') as unknown;
    const id = Array.isArray(v) ? (v[0] as unknown) : v;
    return typeof id === 'number' && Number.isInteger(id) && id >= 0 ? { shard: id } : {};
  } catch {
    return {};
  }
}
