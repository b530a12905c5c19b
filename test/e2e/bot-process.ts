/** The real bot process (`node src/bot/main.ts`, as `npm start` runs it) against the simulator, for the process tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import type { DiscordSim } from '../discord-sim/index.js';
import { GameStore } from '../../src/store/games.js';
import { engineOf } from '../../src/table/manifests.js';

export function startBot(sim: DiscordSim, dbPath: string): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/bot/main.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: sim.token,
      DISCORD_API_BASE: sim.apiBase,
      DATABASE_PATH: dbPath,
      RENDER_WORKERS: '0',
      LOG_LEVEL: 'warn',
      DEFAULT_LOCALE: 'en',
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
