/**
 * The operator's HTTP endpoint (issue #18 §3), off unless METRICS_PORT is set: `GET /metrics`
 * (Prometheus text) and `GET /healthz`, 200 while the gateway is READY and the database writable,
 * else 503 with what failed. The Dockerfile's HEALTHCHECK calls /healthz.
 */
import { createServer, type Server } from 'node:http';
import type { Metrics } from './metrics.js';

export interface HealthChecks {
  /** The Discord gateway session is READY (every shard of this process). */
  gatewayReady(): boolean;
  /** The database accepts a write (store/health: a tiny write in a transaction). */
  databaseWritable(): boolean;
}

export interface OpsServer {
  server: Server;
  port: number;
  close(): Promise<void>;
}

export async function startOpsServer(o: {
  port: number;
  host?: string;
  metrics: Metrics;
  health: HealthChecks;
  /** An error of the listening server (accept failing: EMFILE, ENFILE); default: a warning on stderr. */
  onError?: (e: Error) => void;
}): Promise<OpsServer> {
  const server = createServer((req, res) => {
    const url = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end();
      return;
    }
    if (url === '/metrics') {
      o.metrics.text().then(
        (body) => res.writeHead(200, { 'content-type': o.metrics.contentType }).end(body),
        (e: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e)),
      );
      return;
    }
    if (url === '/healthz') {
      const check = (f: () => boolean) => {
        try {
          return f();
        } catch {
          return false;
        }
      };
      const checks = { gateway: check(o.health.gatewayReady), database: check(o.health.databaseWritable) };
      const ok = checks.gateway && checks.database;
      res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify({ ok, ...checks }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Once listening, an error of the server (accept failing when the process is out of file
  // descriptors) is reported, not thrown: with only the start-up listener, a second one was an
  // unhandled 'error' event and ended the bot. The server goes on accepting once descriptors free up.
  server.on('error', o.onError ?? ((e) => console.warn(`ops server: ${e.message}`)));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : o.port;
  return { server, port, close: () => new Promise((r) => server.close(() => r())) };
}
