/**
 * The bot process (`node src/bot/main.ts`) after the gateway closes the session with a code discord.js
 * does not reconnect from (4004: the token was reset): it shuts down as on SIGTERM (the database
 * closed, its WAL folded in) and exits 1, so that Docker's restart policy or the launcher starts it
 * again. Before, it ran on for ever without a gateway (and /healthz said READY).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { processWorld, startBot } from './bot-process.js';
import { raceTimeout } from '../support/race-timeout.js';

test('a gateway closed for good (4004) ends the bot process with exit code 1 after a clean shutdown', { timeout: 120_000 }, async (t) => {
  const { sim, dbPath } = await processWorld('hq-gateway-closed-', t);
  const bot = startBot(sim, dbPath, { AI_WORKERS: '0', LOG_LEVEL: 'info', METRICS_PORT: '', BACKUP_DIR: '' });
  let out = '';
  bot.stdout!.on('data', (d: Buffer) => (out += String(d)));
  bot.stderr!.on('data', (d: Buffer) => (out += String(d)));
  const exited = new Promise<number | null>((r) => bot.once('exit', (code) => r(code)));
  try {
    await sim.waitFor(() => sim.connectedBots() === 1, { timeout: 60_000, message: 'the bot connects' });
    await sim.waitFor(() => out.includes('is online'), { timeout: 10_000, message: 'the bot is online' });
    sim.closeGatewayConnections(4004);
    const code = await raceTimeout(exited, 20_000, 'running');
    assert.equal(code, 1, `the bot exits 1 (got ${code}): ${out.slice(-2000)}`);
    assert.match(out, /the gateway closed the connection for good/);
    assert.match(out, /shutting down/);
    assert.equal(existsSync(`${dbPath}-wal`), false, 'the database was closed (its WAL folded in and removed)');
  } finally {
    if (bot.exitCode === null && bot.signalCode === null) bot.kill('SIGKILL');
    await sim.stop();
  }
});
