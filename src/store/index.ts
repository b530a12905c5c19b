/** The SQLite store: one object holding each repository over one database. */
import { openDatabase, type DB } from './db.js';
import { GameStore } from './games.js';
import { TimerStore } from './timers.js';
import { ResultStore } from './results.js';
import { SettingsStore } from './settings.js';
import type { AnyEngine, GameId } from '../games/core/types.js';

export interface Store {
  db: DB;
  games: GameStore;
  timers: TimerStore;
  results: ResultStore;
  settings: SettingsStore;
  close(): void;
}

export function openStore(path: string, engineOf: (id: GameId) => AnyEngine, now: () => number = Date.now): Store {
  const db = openDatabase(path);
  return {
    db,
    games: new GameStore(db, engineOf, now),
    timers: new TimerStore(db),
    results: new ResultStore(db, now),
    settings: new SettingsStore(db, now),
    close: () => db.close(),
  };
}

export * from './db.js';
export * from './games.js';
export * from './timers.js';
export * from './results.js';
export * from './settings.js';
export * from './replay.js';
