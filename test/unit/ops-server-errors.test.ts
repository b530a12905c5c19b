/** The ops HTTP server (src/ops/server.ts) after it listens: its errors are reported, never thrown. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../src/ops/metrics.js';
import { startOpsServer } from '../../src/ops/server.js';

test('errors of the listening ops server (accept EMFILE, twice) are reported and it still answers', async () => {
  const seen: string[] = [];
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    metrics: createMetrics({ activeTables: () => ({}) }),
    health: { gatewayReady: () => true, databaseWritable: () => true },
    onError: (e) => seen.push(e.message),
  });
  try {
    const emfile = () => Object.assign(new Error('accept EMFILE'), { code: 'EMFILE' });
    // Before, the second was an unhandled 'error' event (the first went to the start-up listener).
    assert.doesNotThrow(() => ops.server.emit('error', emfile()));
    assert.doesNotThrow(() => ops.server.emit('error', emfile()));
    assert.deepEqual(seen, ['accept EMFILE', 'accept EMFILE']);
    assert.equal((await fetch(`http://127.0.0.1:${ops.port}/healthz`)).status, 200);
  } finally {
    await ops.close();
  }
});

test('a port in use still fails the start (the start-up listener)', async () => {
  const first = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    metrics: createMetrics(),
    health: { gatewayReady: () => true, databaseWritable: () => true },
  });
  try {
    await assert.rejects(
      startOpsServer({
        port: first.port,
        host: '127.0.0.1',
        metrics: createMetrics(),
        health: { gatewayReady: () => true, databaseWritable: () => true },
      }),
      /EADDRINUSE/,
    );
  } finally {
    await first.close();
  }
});
