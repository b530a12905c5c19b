/** The real bot process (`node src/bot/main.ts`, as `npm start` runs it) against the simulator, for the process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { DiscordSim } from '../discord-sim/index.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { GameStore } from '../../src/store/games.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { tempDb, type AfterHook } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

/**
 * A simulator with one server, a #games channel, two players (an, binh), the commands deployed, and a
 * database path in a temp dir removed when test `t` ends (at the latest when the process exits).
 */
export async function processWorld(prefix: string, t?: AfterHook) {
  const sim = await DiscordSim.start();
  const dbPath = tempDb(prefix, t);
  const guild = sim.createGuild({ name: 'Quán', locale: 'en-US' });
  const channel = sim.createTextChannel(guild.id, 'games');
  const a = sim.createUser({ username: 'an', locale: 'en-US' });
  const b = sim.createUser({ username: 'binh', locale: 'en-US' });
  sim.addMember(guild.id, a.id);
  sim.addMember(guild.id, b.id);
  await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: guild.id });
  return { sim, dbPath, guild, channel, a, b };
}

const ROOT = join(import.meta.dirname, '..', '..');

/** The bot process on the simulator and database `dbPath`; `env` adds to or overrides its settings (a shard, the log level). */
export function startBot(sim: DiscordSim, dbPath: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, programArgs('src/bot/main.ts'), {
    cwd: ROOT,
    env: {
      ...process.env,
      DISCORD_TOKEN: sim.token,
      DISCORD_API_BASE: sim.apiBase,
      DATABASE_PATH: dbPath,
      RENDER_WORKERS: '0',
      LOG_LEVEL: 'warn',
      DEFAULT_LOCALE: 'en',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => process.env.HQ_TEST_LOG && process.stderr.write(d));
  child.stdout!.on('data', () => undefined);
  return child;
}

/** A game as the bot process committed it, read from its database file (read-only, closed again). */
export function readGame(dbPath: string, gameId: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const store = new GameStore(db, engineOf);
    const row = store.get(gameId)!;
    return { row, state: store.state(row), seats: store.seats(gameId), log: store.logWithMeta(gameId) };
  } finally {
    db.close();
  }
}

/** The component of a hand view's `components` that plays option `idx`: its act button, or the select menu that lists it. */
export function optionComponent<C extends Record<string, unknown>>(components: readonly C[], idx: number): C | undefined {
  return components.find(
    (c) =>
      (c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(idx)) ||
      (c.type === 3 && ((c.options as { value: string }[] | undefined) ?? []).some((o) => o.value === String(idx))),
  );
}

/** A TCP port of 127.0.0.1 free a moment ago (listened on, then closed). */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

/** How many ports to try: each is free when picked, but another process may take it before the bot listens. */
export const PORT_TRIES = 5;

/**
 * A bot process listening on a port (METRICS_PORT) found free a moment before: the bot cannot be told
 * port 0 and say which port it got (METRICS_PORT is 1–65535, and the port is logged at info only).
 * `start(port)` starts it; `started` resolves once it is up, or once `closed()`. A start that found
 * the port taken (exit 1, EADDRINUSE in its `log()`; the ops server listens before the gateway
 * connects) is retried on another, at most PORT_TRIES times.
 */
export async function startOnFreePort<T extends { bot: ChildProcess; log(): string }>(
  start: (port: number) => T,
  started: (s: T, o: { port: number; closed: () => boolean }) => Promise<unknown>,
): Promise<T & { port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const s = start(port);
    let closed = false;
    s.bot.once('close', () => (closed = true));
    try {
      await started(s, { port, closed: () => closed });
    } catch (e) {
      s.bot.kill('SIGKILL'); // not returned: nobody else would stop it
      throw e;
    }
    if (!closed) return { ...s, port };
    if (/EADDRINUSE/.test(s.log()) && attempt < PORT_TRIES) continue;
    throw new Error(`the bot exited (${s.bot.exitCode ?? s.bot.signalCode}) before it was up, port ${port}: ${s.log()}`);
  }
}
