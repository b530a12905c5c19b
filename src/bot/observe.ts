/**
 * What the operator sees of the bot (issue #18 §3): the bot's events recorded into the Prometheus
 * metrics of src/ops/metrics.ts. Acknowledgement latency is measured from the moment an interaction
 * arrives to the REST response of its callback (`POST /interactions/:id/:token/callback`); Discord's
 * 429s (with their scope) and 5xx are read from every REST response.
 */
import { Events, Status, type Client } from 'discord.js';
import { performance } from 'node:perf_hooks';
import type { Metrics } from '../ops/metrics.js';
import type { Renderer } from './context.js';
import type { TableStore } from '../table/store.js';
import type { AiPort } from '../table/act.js';

const CALLBACK = /\/interactions\/(\d+)\/[^/]+\/callback/;

/**
 * Records interaction, REST and gateway facts of `client` into `m`. `handedOff(id)`: another process
 * answers that interaction (a DM click shard 0 passed to the game's shard, dm-forward.ts), so its
 * acknowledgement is not awaited here: it was counted as not acknowledged on shard 0 while the
 * game's shard counted it as answered.
 */
export function observeClient(client: Client, m: Metrics): { handedOff(id: string): void } {
  const arrived = new Map<string, { t: number; kind: string }>();
  client.on(Events.InteractionCreate, (i) => {
    const kind = i.isButton()
      ? 'button'
      : i.isChatInputCommand()
        ? 'command'
        : i.isAnySelectMenu()
          ? 'select'
          : i.isModalSubmit()
            ? 'modal'
            : 'other';
    arrived.set(i.id, { t: performance.now(), kind });
    // An interaction not acknowledged within Discord's 3 s has failed; forget it a little later.
    setTimeout(() => {
      if (arrived.delete(i.id)) m.interactionsFailed.inc({ reason: 'not-acknowledged' });
    }, 5_000).unref();
  });
  client.rest.on('response', (req, res) => {
    const cb = CALLBACK.exec(req.path);
    if (cb) {
      const a = arrived.get(cb[1]!);
      if (a) {
        arrived.delete(cb[1]!);
        if (res.ok) m.ackSeconds.observe({ kind: a.kind }, (performance.now() - a.t) / 1000);
        else m.interactionsFailed.inc({ reason: `callback-${res.status}` });
      }
    }
    if (res.status === 429) m.discordErrors.inc({ status: '429', scope: res.headers.get('x-ratelimit-scope') ?? 'unknown' });
    else if (res.status >= 500) m.discordErrors.inc({ status: '5xx', scope: 'server' });
  });
  return { handedOff: (id) => void arrived.delete(id) };
}

/**
 * The gateway session of every shard of this process is READY. Read from each shard's own status, not
 * the manager's: discord.js 14 sets `client.ws.status` to Ready once and never back, while a shard
 * goes Connecting/Resuming/Identifying while it reconnects and Disconnected on a close it will not
 * reconnect from (4004, 4013, 4014… WebSocketManager's UNRECOVERABLE_CLOSE_CODES). Before, /healthz
 * stayed 200 with the gateway gone for good.
 */
export function gatewayReady(client: Client): boolean {
  const shards = client.ws.shards;
  return client.isReady() && shards.size > 0 && shards.every((s) => s.status === Status.Ready);
}

/** The renderer, timing each image (its wait in the pool's queue too, and a failure) and counting its bytes. */
export function measuredRenderer(r: Renderer, m: Metrics): Renderer {
  const timed =
    <A extends unknown[]>(kind: string, f: (...a: A) => Promise<Buffer>) =>
    async (...a: A): Promise<Buffer> => {
      const end = m.renderSeconds.startTimer({ kind });
      try {
        const buf = await f(...a);
        end({ outcome: 'ok' });
        m.renderBytes.inc({ kind }, buf.byteLength);
        return buf;
      } catch (err) {
        end({ outcome: 'failed' });
        throw err;
      }
    };
  return {
    hand: timed('hand', (x) => r.hand(x)),
    claim: timed('claim', (x) => r.claim(x)),
    table: timed('table', (x) => r.table(x)),
    result: timed('result', (x) => r.result(x)),
    sheet: timed('sheet', (g, l) => r.sheet(g, l)),
    standings: timed('standings', (x) => r.standings(x)),
    rating: timed('rating', (x) => r.rating(x)),
  };
}

/** The table store, timing each step's commit (one SQLite transaction) and each load. */
export function measuredTableStore(t: TableStore, m: Metrics): TableStore {
  return {
    ...t,
    load: (id) => {
      const end = m.sqliteTxSeconds.startTimer({ op: 'load' });
      try {
        return t.load(id);
      } finally {
        end();
      }
    },
    commit: (step) => {
      const end = m.sqliteTxSeconds.startTimer({ op: 'commit' });
      try {
        return t.commit(step);
      } finally {
        end();
      }
    },
  };
}

/**
 * The AI worker pool's port, counting the decisions it did not make: a rejection (actAsync then
 * decides on the main thread) and a failure answer (the AI threw or ran out of time in a worker).
 */
export function measuredAiPort(port: AiPort, m: Metrics): AiPort {
  return async (ask) => {
    try {
      const answer = await port(ask);
      if (!answer.ok) m.aiFallbacks.inc({ reason: 'failed' });
      return answer;
    } catch (e) {
      m.aiFallbacks.inc({ reason: 'inline' });
      throw e;
    }
  };
}
