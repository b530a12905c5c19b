/**
 * A bot process (`node src/bot/main.ts`) asked to stop while it starts: main.ts listened for SIGTERM
 * and SIGINT only once start-up was done (the database open, the render pool warmed up, the bot
 * created), so a signal before that took Node's default and ended the process at once, its database
 * not closed (its WAL left behind) and its render workers maybe in a canvas call. Now the signal is
 * listened for first: start-up goes no further, what it opened is closed, and the process exits 0
 * within the shutdown budget.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, statSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import { SHARD_KILL_AFTER_MS, SHUTDOWN_BUDGET_MS, stopProcess } from '../../src/ops/sharding.js';
import { tempDb } from '../support/temp-dir.js';

/**
 * `node src/bot/main.ts` with a preload (test/e2e/*.mjs) on a new database, never connecting; its
 * stdout and stderr together in `out()`.
 */
function startBot(preload: string, dbPath: string, aiWorkers: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', '--import', preload, 'src/bot/main.ts'], {
    env: {
      ...process.env,
      DISCORD_TOKEN: 'not-used',
      DISCORD_API_BASE: 'http://127.0.0.1:9/api',
      DATABASE_PATH: dbPath,
      RENDER_WORKERS: '1',
      AI_WORKERS: aiWorkers,
      LOG_LEVEL: 'info',
      DEFAULT_LOCALE: 'en',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  return { child, out: () => out };
}

/** Waits until the process has printed `marker` (or ended); returns its output so far. */
async function until(bot: ReturnType<typeof startBot>, marker: string): Promise<string> {
  for (let k = 0; k < 1200 && !bot.out().includes(marker) && bot.child.exitCode === null; k++) await sleep(50);
  return bot.out();
}

/** The database file was closed: its WAL checkpointed and removed (or left empty). */
const closedCleanly = (dbPath: string) => !existsSync(`${dbPath}-wal`) || statSync(`${dbPath}-wal`).size === 0;

/**
 * SIGTERM to `bot`: it must exit 0 by itself within the shutdown budget, its database closed and
 * nothing going online or failing to close. Returns its output.
 */
async function stopsCleanly(bot: ReturnType<typeof startBot>, dbPath: string): Promise<string> {
  const started = Date.now();
  await stopProcess(bot.child, SHARD_KILL_AFTER_MS);
  const took = Date.now() - started;
  const out = bot.out();
  assert.equal(bot.child.signalCode, null, `not ended by a signal (${bot.child.signalCode ?? ''}):\n${out}`);
  assert.equal(bot.child.exitCode, 0, `exited by itself, cleanly:\n${out}`);
  assert.ok(took < SHUTDOWN_BUDGET_MS, `within the shutdown budget: ${took} ms`);
  assert.doesNotMatch(out, /is online|shutdown: a step failed/);
  const wal = existsSync(`${dbPath}-wal`) ? statSync(`${dbPath}-wal`).size : null;
  assert.ok(closedCleanly(dbPath), `the database was closed (its WAL checkpointed and removed; WAL ${wal} bytes):\n${out}`);
  return out;
}

test(
  'SIGTERM while the render pool warms up: the process closes what it opened (the database last) and exits 0',
  { timeout: 120_000 },
  async (t) => {
    const dbPath = tempDb('hq-startup-stop-', t);
    // The warm-up hangs (a worker held as in a hung canvas call: hold-warm-up.mjs), so the signal comes
    // during start-up for sure. Never connects: the bot is not created before the warm-up is done.
    const bot = startBot('./test/e2e/hold-warm-up.mjs', dbPath, '0');
    const child = bot.child;
    assert.match(await until(bot, 'warm-up held'), /warm-up held/, `the process got as far as the warm-up:\n${bot.out()}`);
    // Held for real (its worker started and blocked), not failing on its own a moment later.
    await sleep(1_000);
    assert.equal(child.exitCode, null, `still warming up a second later:\n${bot.out()}`);
    assert.ok(existsSync(`${dbPath}-wal`), 'the database is open (its WAL)');
    const out = await stopsCleanly(bot, dbPath);
    assert.match(out, /"signal":"SIGTERM","msg":"shutting down during start-up"/);
    const db = new Database(dbPath, { readonly: true });
    try {
      assert.equal(db.pragma('integrity_check', { simple: true }), 'ok');
    } finally {
      db.close();
    }
  },
);

test(
  'the bot cannot be created: one line says so, what start-up opened is closed (the database last), exit 1',
  { timeout: 120_000 },
  async (t) => {
    const dbPath = tempDb('hq-startup-fail-', t);
    const bot = startBot('./test/e2e/fail-create-bot.mjs', dbPath, '1');
    const child = bot.child;
    const [code, signal] = (await once(child, 'exit')) as [number | null, NodeJS.Signals | null];
    const out = bot.out();
    assert.equal(signal, null, `not ended by a signal:\n${out}`);
    assert.equal(code, 1, `a failed start:\n${out}`);
    // The fatal log line and the plain line for the operator, not an unhandled rejection's stack.
    assert.match(out, /"msg":"cannot create the bot"/);
    assert.match(out, /Hội Quán cannot create the bot: a command module failed to load \(test\)/);
    assert.doesNotMatch(out, /shutdown: a step failed/);
    assert.ok(closedCleanly(dbPath), `the database was closed (its WAL checkpointed and removed):\n${out}`);
  },
);

test(
  'a start-up step that ends after the shutdown began closing (the AI pool created late): what it opened is closed before the exit',
  { timeout: 120_000 },
  async (t) => {
    const dbPath = tempDb('hq-startup-late-', t);
    // The AI pool comes 2.5 s after the signal, past the 2 s a step under way is waited for, while the
    // shutdown still closes the render pool (slowed by 1.5 s): late-ai-pool.mjs.
    const bot = startBot('./test/e2e/late-ai-pool.mjs', dbPath, '1');
    assert.match(await until(bot, 'ai pool held'), /ai pool held/, `the process got as far as the AI pool:\n${bot.out()}`);
    const out = await stopsCleanly(bot, dbPath);
    assert.match(out, /ai pool created/, `the pool came after the shutdown began:\n${out}`);
    // Before: registered into the list the shutdown had taken already, it was never closed.
    assert.match(out, /ai pool closed/, `the late pool was closed before the exit:\n${out}`);
  },
);
