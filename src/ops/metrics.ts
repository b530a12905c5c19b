/**
 * Prometheus metrics (issue #18 §3), with prom-client: one registry per process (each shard process
 * serves its own), the process defaults (RSS, event-loop lag, GC) plus the bot's own series.
 * The bot records into these; nothing here knows Discord.
 */
import client from 'prom-client';
import { stuckRenders } from '../render/watch.js';

export interface MetricsSources {
  /** Running tables per game id, read at scrape time. */
  activeTables?: () => Record<string, number>;
  /**
   * Renders given up on by their caller that a worker is still drawing (hung, most likely), read at
   * scrape time. Default: the render pools of this process (src/render/watch.ts).
   */
  stuckRenders?: () => number;
}

export interface Metrics {
  registry: client.Registry;
  /** Seconds from an interaction's creation to its acknowledgement (defer or reply). */
  ackSeconds: client.Histogram<'kind'>;
  /** Seconds from a click to its result being visible (`view`: private seat view or public table). */
  visibleSeconds: client.Histogram<'view'>;
  interactionsFailed: client.Counter<'reason'>;
  renderSeconds: client.Histogram<'kind' | 'outcome'>;
  renderBytes: client.Counter<'kind'>;
  sqliteTxSeconds: client.Histogram<'op'>;
  /** Discord REST responses that were not a success: 429s (by scope) and 5xx. */
  discordErrors: client.Counter<'status' | 'scope'>;
  /**
   * AI decisions the worker pool did not make: `inline` (the pool failed; decided on the main
   * thread), `failed` (the AI threw or ran out of time in a worker; the timeout default was played).
   */
  aiFallbacks: client.Counter<'reason'>;
  /** Text exposition for a scrape. */
  text(): Promise<string>;
  contentType: string;
}

const LATENCY = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10];

export function createMetrics(sources: MetricsSources = {}, prefix = 'hoiquan_'): Metrics {
  const registry = new client.Registry();
  // process_resident_memory_bytes, nodejs_eventloop_lag_* (p50/p90/p99/max), GC, handles …
  client.collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });
  const m = {
    registry,
    ackSeconds: new client.Histogram({
      name: `${prefix}interaction_ack_seconds`,
      help: 'Interaction acknowledgement latency',
      labelNames: ['kind'],
      buckets: LATENCY,
      registers: [registry],
    }),
    visibleSeconds: new client.Histogram({
      name: `${prefix}visible_result_seconds`,
      help: 'From a click to its result being visible',
      labelNames: ['view'],
      buckets: LATENCY,
      registers: [registry],
    }),
    interactionsFailed: new client.Counter({
      name: `${prefix}interactions_failed_total`,
      help: 'Interactions that could not be answered',
      labelNames: ['reason'],
      registers: [registry],
    }),
    // From asking for an image to having it: the render pool's queue wait included, which is what a
    // player waits and what grows under load (README: a queue p99 of seconds at 200 busy tables), so
    // the buckets reach the render timeout (RENDER_TIMEOUT_MS, 30 s). Before, the top bucket was 0.5 s
    // and most renders under load fell in +Inf; a failed or timed-out render was not counted at all.
    renderSeconds: new client.Histogram({
      name: `${prefix}render_seconds`,
      help: 'Time to get an image from the render pool (queue wait included), by kind and outcome (ok, failed: an error or the timeout)',
      labelNames: ['kind', 'outcome'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    renderBytes: new client.Counter({
      name: `${prefix}render_bytes_total`,
      help: 'Bytes of images rendered',
      labelNames: ['kind'],
      registers: [registry],
    }),
    sqliteTxSeconds: new client.Histogram({
      name: `${prefix}sqlite_transaction_seconds`,
      help: 'SQLite transaction time',
      labelNames: ['op'],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers: [registry],
    }),
    discordErrors: new client.Counter({
      name: `${prefix}discord_errors_total`,
      help: 'Discord REST responses 429 and 5xx',
      labelNames: ['status', 'scope'],
      registers: [registry],
    }),
    aiFallbacks: new client.Counter({
      name: `${prefix}ai_fallbacks_total`,
      help: 'AI decisions not made by the worker pool (inline: on the main thread; failed: timeout default played; skipped: timeout default played without asking, after an earlier request of the same step went unanswered)',
      labelNames: ['reason'],
      registers: [registry],
    }),
    text: () => registry.metrics(),
    contentType: registry.contentType,
  } satisfies Metrics;
  new client.Gauge({
    name: `${prefix}active_tables`,
    help: 'Running tables per game',
    labelNames: ['game'],
    registers: [registry],
    collect() {
      // Reset first: a game whose last table ended drops out, rather than keep its last count.
      this.reset();
      for (const [game, n] of Object.entries(sources.activeTables?.() ?? {})) this.set({ game }, n);
    },
  });
  new client.Gauge({
    name: `${prefix}render_stuck_tasks`,
    help: 'Renders given up on by their caller (past the render timeout) that a worker is still drawing',
    registers: [registry],
    collect() {
      this.set((sources.stuckRenders ?? stuckRenders)());
    },
  });
  return m;
}
