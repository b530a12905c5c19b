/** Everything a handler needs, passed explicitly (no globals): the client, the store, logs, clock, renderer. */
import type { Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Store } from '../store/index.js';
import type { TableStore } from '../table/store.js';
import type { AiPort } from '../table/act.js';
import type { Lang } from '../table/i18n.js';
import type { ClaimModel, HandModel, TableModel, ResultModel, StandingsModel, RatingModel } from '../render/model.js';
import type { Notifier } from '../notify/notifier.js';
import type { Metrics } from '../ops/metrics.js';
import type { MemberCheck } from './members.js';

export interface Renderer {
  hand(m: HandModel): Promise<Buffer>;
  /** The piece a seat may claim, alone (the thumbnail beside its claim line). */
  claim(m: ClaimModel): Promise<Buffer>;
  table(m: TableModel): Promise<Buffer>;
  result(m: ResultModel): Promise<Buffer>;
  sheet(game: HandModel['game'], lang: Lang): Promise<Buffer>;
  /** A match's standings chart (running totals by hand, issue #14 §5). */
  standings(m: StandingsModel): Promise<Buffer>;
  /** A player's rating history chart (/score). */
  rating(m: RatingModel): Promise<Buffer>;
}

export interface Clock {
  now(): number;
}

export interface BotContext {
  client: Client;
  store: Store;
  /** The table layer's load/commit over `store` (src/table/act.ts goes through it). */
  table: TableStore;
  log: Logger;
  clock: Clock;
  render: Renderer;
  defaultLang: Lang;
  /** Wake the timer scheduler (after timers changed). */
  wakeTimers(): void;
  /** The AI's decisions off the main thread (src/table/ai-pool.ts); inline when absent (tests). */
  ai?: AiPort;
  /** The per-game locks (a command that runs table steps, e.g. /away, takes the game's lock). */
  locks?: GameLocks;
  /** Opt-in DM notices (src/notify): told each executed step's effects; its due() runs on the scheduler's tick. */
  notifier?: Notifier;
  /**
   * Who is still a member of a game's server, asked of Discord (members.ts): before a DM click plays,
   * and when a person's deadline runs out. The bot's own, shared with its GUILD_BAN_ADD handler.
   */
  members?: MemberCheck;
  /** Where the router records how long a click took to show, and a step the AI decisions it did not ask the pool (METRICS_PORT; src/ops/metrics.ts). */
  metrics?: Pick<Metrics, 'visibleSeconds' | 'interactionsFailed' | 'aiFallbacks'>;
  /** An interaction another shard answers (a forwarded DM click): not counted here (observe.ts). */
  handedOff?: (interactionId: string) => void;
}

/** Serializes work per game: clicks, timers and AI moves on one game never interleave. */
export class GameLocks {
  private tails = new Map<string, Promise<unknown>>();
  run<T>(gameId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(gameId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.tails.set(gameId, tail);
    void tail.then(() => {
      if (this.tails.get(gameId) === tail) this.tails.delete(gameId);
    });
    return next;
  }
}
