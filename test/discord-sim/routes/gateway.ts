/** REST routes of the gateway: `GET /gateway`, `GET /gateway/bot` (URL, recommended shards, session start limit). */
import type { Router } from '../http.js';
import type { DiscordSim } from '../sim.js';

export function register(r: Router, sim: DiscordSim): void {
  r.on('GET', '/gateway', () => ({ status: 200, body: { url: sim.gatewayUrl } }), false);
  r.on('GET', '/gateway/bot', () => ({
    status: 200,
    body: {
      url: sim.gatewayUrl,
      shards: sim.shardCount,
      session_start_limit: { total: 1000, remaining: 1000 - sim.gateway.identifyCount, reset_after: 86_400_000, max_concurrency: 1 },
    },
  }));
}
