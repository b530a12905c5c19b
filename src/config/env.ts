/**
 * Environment configuration, validated with zod at start. `.env.example` lists every variable.
 * A missing or malformed variable produces a message that says what to set, and the process exits.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';

const TOKEN_HELP = 'DISCORD_TOKEN is required: the bot token from the Discord developer portal (Bot → Reset Token)';

/**
 * METRICS_PORT as the bot reads it: what `Number()` reads as a whole number from 1 to 65535 ("9464",
 * also "+9464" or " 9464"). The launcher reads it with the same schema (`readMetricsPort`) to give
 * shard i the port METRICS_PORT + i: it added the shard id only to plain digits before, so shards
 * given "+9464" all tried the same port.
 */
const MetricsPort = z.coerce.number().int().min(1).max(65535);

const EnvSchema = z.object({
  DISCORD_TOKEN: z.string({ error: TOKEN_HELP }).min(1, TOKEN_HELP),
  DISCORD_APPLICATION_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'must be the numeric application id')
    .optional(),
  DISCORD_DEV_GUILD_ID: z
    .string()
    .regex(/^\d{5,25}$/, 'must be a numeric guild id')
    .optional(),
  DISCORD_API_BASE: z.string().url('must be a URL such as https://discord.com/api').default('https://discord.com/api'),
  DATABASE_PATH: z.string().min(1).default('data/hoiquan.db'),
  // SQLite `synchronous` (src/store/db.ts Durability): normal syncs at checkpoints, full at every commit.
  DB_SYNC: z.enum(['normal', 'full']).default('normal'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  // Unset: as many render workers as the machine has cores (src/render/pool.ts, HQ_RENDER_THREADS).
  RENDER_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  // Unset: one AI worker per core but one, at least 1 (src/table/ai-pool.ts); 0 decides on the main thread.
  AI_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  // Unset: 5000, counted from when a worker takes the request (a request may wait twice that for a free one,
  // src/table/ai-pool.ts). Past it the decision is abandoned (the worker stopped) and the timeout default is played.
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  METRICS_PORT: MetricsPort.optional(),
  METRICS_HOST: z.string().min(1).default('0.0.0.0'),
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_EVERY_H: z.coerce
    .number()
    .min(0.1, 'must be at least 0.1 (6 minutes): each backup is a full copy of the database, checked')
    .max(24 * 30)
    .default(24),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  DEFAULT_LOCALE: z.enum(['vi', 'en', 'zh-TW']).default('vi'),
});

export type Env = z.infer<typeof EnvSchema>;

/** The variables the bot validates (the launcher reads SHARDS and SHARD_SPAWN_DELAY_MS itself). */
export const ENV_KEYS: readonly string[] = Object.keys(EnvSchema.shape);

/** METRICS_PORT (`raw`, unset or empty: none) read as `loadEnv` reads it, or why it is not a port. */
export function readMetricsPort(raw: string | undefined): { ok: true; port: number | undefined } | { ok: false; message: string } {
  if (raw === undefined || raw === '') return { ok: true, port: undefined };
  const r = MetricsPort.safeParse(raw);
  if (r.success) return { ok: true, port: r.data };
  return { ok: false, message: `METRICS_PORT must be a port from 1 to 65535, got "${raw}" (${r.error.issues[0]?.message ?? 'invalid'})` };
}

export type EnvResult = { ok: true; env: Env } | { ok: false; message: string };

export function loadEnv(source: Record<string, string | undefined> = process.env): EnvResult {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (parsed.success) return { ok: true, env: parsed.data };
  const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || '(env)'}: ${i.message}`);
  return {
    ok: false,
    message: [
      'Hội Quán cannot start: the environment is not configured.',
      ...lines,
      'Copy .env.example to .env, fill it in, and run `npm start` again (variables can also be set in the shell).',
    ].join('\n'),
  };
}

/**
 * Loads `.env` from the working directory when it exists (variables already set in the shell win).
 * An empty line (`SHARDS=`, as .env.example has) means unset: it is not put into the environment,
 * where discord.js would read an empty SHARDS as its shard list and crash (JSON.parse('')).
 */
export function loadDotEnv(path = '.env'): void {
  if (!existsSync(path)) return;
  const before = new Set(Object.keys(process.env));
  process.loadEnvFile(path);
  for (const [k, v] of Object.entries(process.env)) if (v === '' && !before.has(k)) delete process.env[k];
}
