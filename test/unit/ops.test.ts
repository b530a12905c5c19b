/** Metrics and /healthz over HTTP (issue #18 §3). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createMetrics } from '../../src/ops/metrics.js';
import { startOpsServer } from '../../src/ops/server.js';
import { openDatabase } from '../../src/store/db.js';
import { databaseWritable, forgetStorageErrors, noteStorageError, STORAGE_ERROR_MS } from '../../src/store/health.js';
import Database from 'better-sqlite3';
import { measuredAiPort } from '../../src/bot/observe.js';
import { engineOf } from '../../src/table/manifests.js';
import type { AiAsk } from '../../src/table/act.js';

test('/metrics serves the bot series and the process defaults', async () => {
  let active: Record<string, number> = { phom: 3, chan: 1 };
  const metrics = createMetrics({ activeTables: () => active });
  metrics.ackSeconds.observe({ kind: 'button' }, 0.004);
  metrics.discordErrors.inc({ status: '429', scope: 'global' });
  metrics.renderBytes.inc({ kind: 'table' }, 30_000);
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    metrics,
    health: { gatewayReady: () => true, databaseWritable: () => true },
  });
  try {
    const r = await fetch(`http://127.0.0.1:${ops.port}/metrics`);
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /text\/plain/);
    const body = await r.text();
    assert.match(body, /hoiquan_interaction_ack_seconds_bucket\{le="0.005",kind="button"\} 1/);
    assert.match(body, /hoiquan_active_tables\{game="phom"\} 3/);
    assert.match(body, /hoiquan_discord_errors_total\{status="429",scope="global"\} 1/);
    assert.match(body, /hoiquan_render_bytes_total\{kind="table"\} 30000/);
    assert.match(body, /process_resident_memory_bytes \d+/);
    assert.match(body, /nodejs_eventloop_lag_p99_seconds/);
    // Chắn's last table ended: its count does not stay at 1.
    active = { phom: 2 };
    const later = await (await fetch(`http://127.0.0.1:${ops.port}/metrics`)).text();
    assert.match(later, /hoiquan_active_tables\{game="phom"\} 2/);
    assert.doesNotMatch(later, /hoiquan_active_tables\{game="chan"\}/);
    assert.equal((await fetch(`http://127.0.0.1:${ops.port}/nope`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${ops.port}/metrics`, { method: 'POST' })).status, 405);
  } finally {
    await ops.close();
  }
});

test('/healthz is 200 only while the gateway is READY and the database writable', async () => {
  forgetStorageErrors(); // one another file of this process noted (test/batches) is not this database's
  const db = openDatabase(':memory:');
  let ready = false;
  const ops = await startOpsServer({
    port: 0,
    host: '127.0.0.1',
    metrics: createMetrics(),
    health: { gatewayReady: () => ready, databaseWritable: () => databaseWritable(db) },
  });
  try {
    const get = async () => {
      const r = await fetch(`http://127.0.0.1:${ops.port}/healthz`);
      return { status: r.status, body: (await r.json()) as Record<string, boolean> };
    };
    assert.deepEqual(await get(), { status: 503, body: { ok: false, gateway: false, database: true } });
    ready = true;
    assert.deepEqual(await get(), { status: 200, body: { ok: true, gateway: true, database: true } });
    db.close();
    assert.deepEqual(await get(), { status: 503, body: { ok: false, gateway: true, database: false } });
  } finally {
    await ops.close();
  }
});

test('the AI port counts the decisions the worker pool did not make (inline, failed)', async () => {
  const metrics = createMetrics();
  const ask: AiAsk = { engine: engineOf('phom'), game: 'phom', state: null, seat: 1, level: 'normal' };
  const answers = measuredAiPort(async () => ({ ok: true, action: { type: 'draw' } }), metrics);
  const fails = measuredAiPort(async () => ({ ok: false, error: 'no answer within 5000 ms' }), metrics);
  const broken = measuredAiPort(() => Promise.reject(new Error('worker died')), metrics);
  await answers(ask);
  await fails(ask);
  await assert.rejects(broken(ask), /worker died/, 'the rejection still reaches actAsync (which decides inline)');
  await assert.rejects(broken(ask));
  const body = await metrics.text();
  assert.match(body, /hoiquan_ai_fallbacks_total\{reason="inline"\} 2/);
  assert.match(body, /hoiquan_ai_fallbacks_total\{reason="failed"\} 1/);
});

test('/healthz: a step that failed on storage (a full disk) makes the database unhealthy for a minute, though the probe row still fits', () => {
  const db = openDatabase(':memory:');
  // A full disk, as SQLite reports it: the file may grow no further.
  const full = new Database(':memory:');
  full.exec('CREATE TABLE t (x BLOB)');
  full.pragma('max_page_count = 3');
  let err: unknown;
  try {
    for (let i = 0; i < 100; i++) full.prepare('INSERT INTO t VALUES (?)').run(Buffer.alloc(4096));
  } catch (e) {
    err = e;
  }
  assert.equal((err as { code?: string }).code, 'SQLITE_FULL');
  const t = Date.now() - 10 * STORAGE_ERROR_MS; // in the past: other tests' real clock is past the minute
  assert.equal(databaseWritable(db, t), true);
  assert.equal(
    noteStorageError(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }), t),
    false,
    'a refused request is no storage error',
  );
  assert.equal(noteStorageError(err, t), true);
  assert.equal(databaseWritable(db, t + 1_000), false);
  assert.equal(databaseWritable(db, t + STORAGE_ERROR_MS + 1), true, 'healthy again a minute later');
  full.close();
});
