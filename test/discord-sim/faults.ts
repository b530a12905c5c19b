/** Fault injection: 429s, 5xx, slow responses and gateway faults on the next matching requests. */
import type { DiscordSim } from './sim.js';

export interface FaultRuleOptions {
  /** Matched against the path after `/api/v10` (e.g. `/channels/123/messages`) and against `"POST /channels/…"`. */
  route?: RegExp;
  times?: number;
}

export interface FaultRule {
  kind: 'rateLimit' | 'serverError' | 'slow';
  route?: RegExp;
  times: number;
  global?: boolean;
  retryAfterMs?: number;
  status?: number;
  delayMs?: number;
}

/** Fault injection (all rules apply on the next matching requests, `times` each; default 1). */
export class Faults {
  /** @internal */ readonly rules: FaultRule[] = [];
  constructor(private readonly sim: DiscordSim) {}

  /**
   * 429 with `Retry-After` header, JSON `retry_after` and X-RateLimit headers. `global: true` sets
   * `X-RateLimit-Global` and, without a `route`, hits every route except interaction callbacks and webhook-token
   * routes (Discord exempts those from the global limit).
   */
  rateLimit(o: FaultRuleOptions & { global?: boolean; retryAfterMs?: number }): void {
    this.rules.push({
      kind: 'rateLimit',
      route: o.route,
      global: o.global ?? false,
      retryAfterMs: o.retryAfterMs ?? 100,
      times: o.times ?? 1,
    });
  }
  /** 500/502/503 with Discord's body. discord.js retries 5xx up to `rest.retries` (3) times. */
  serverError(o: FaultRuleOptions & { status?: 500 | 502 | 503 | 504 }): void {
    this.rules.push({ kind: 'serverError', route: o.route, status: o.status ?? 500, times: o.times ?? 1 });
  }
  /** Delays the response (real time). Above discord.js `rest.timeout` (15 s) the client aborts and retries. */
  slow(o: FaultRuleOptions & { delayMs: number }): void {
    this.rules.push({ kind: 'slow', route: o.route, delayMs: o.delayMs, times: o.times ?? 1 });
  }
  /** Abruptly drops every gateway connection; discord.js should resume. */
  dropGatewayConnections(): void {
    this.sim.dropGatewayConnections();
  }
  /** Swallows the next `n` heartbeat ACKs: the client sees a zombie link and reconnects/resumes. */
  missHeartbeatAcks(n = 1): void {
    this.sim.gateway.suppressAcks += n;
  }
  /** Removes every pending rule. */
  clear(): void {
    this.rules.length = 0;
  }
  /** @internal */
  take(kind: FaultRule['kind'], method: string, path: string): FaultRule | undefined {
    const exempt = /^\/(interactions|webhooks)\//.test(path);
    for (const r of this.rules) {
      if (r.kind !== kind || r.times <= 0) continue;
      if (r.route) {
        if (!r.route.test(path) && !r.route.test(`${method} ${path}`)) continue;
      } else if (r.kind === 'rateLimit' && r.global && exempt) continue;
      r.times--;
      if (r.times <= 0) this.rules.splice(this.rules.indexOf(r), 1);
      return r;
    }
    return undefined;
  }
}
