/**
 * pino logger: JSON lines in production, pretty output in development. Errors are serialized
 * without what must not reach a log: a failed Discord request's body (`requestBody`: the message
 * and its files, a PNG as a JSON byte array, tens of KB a line) is cut to its JSON's size, and an
 * interaction or webhook token in a URL (valid 15 minutes: anyone reading the log could answer
 * as the bot) is replaced by `[token]`. Each line of a shard names its shard.
 */
import { hostname } from 'node:os';
import pino from 'pino';

/** An interaction/webhook token in a Discord route (`/webhooks/<app>/<token>`, `/interactions/<id>/<token>/`). */
const TOKEN_IN_ROUTE = /\/(webhooks|interactions)\/(\d+)\/[A-Za-z0-9._-]{20,}/g;

/** `s` with every route token replaced. */
export function redactTokens(s: string): string {
  return s.replace(TOKEN_IN_ROUTE, '/$1/$2/[token]');
}

/** pino's error serializer, then the redactions above (on every string property, nested causes too). */
export function serializeError(err: unknown): unknown {
  const out = pino.stdSerializers.err(err as Error) as unknown as Record<string, unknown>;
  return scrub(out, 0);
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
