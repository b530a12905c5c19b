/**
 * A stop while the bot is still starting (src/bot/app.ts `start`): what main.ts's shutdown does on
 * SIGTERM. Before, `stop` stopped the scheduler and destroyed the client, but `start` went on with
 * its start-up sync (not waited for by the drain) and then called `scheduler.start()`, which armed it
 * again: overdue deadlines were played after `stop` returned, while main.ts closed the pools and the
 * database under them. And a stop during the login left `start` waiting for a READY that never came,
 * and the gateway connected after the stop.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLogger } from '../../src/config/logger.js';
import { startWorld, openTable, simBot } from './harness.js';
import type { Bot } from '../../src/bot/app.js';
import { createRenderer } from '../../src/bot/renderer.js';

/** A pause that does not keep the test's process alive once the test is over. */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

/** Whether the bot's scheduler is armed (its private `stopped` flag cleared by `start`). */
const armed = (bot: Bot) => (bot.scheduler as unknown as { stopped: boolean }).stopped === false;

/** What `p` settled with within `ms` ('pending' if it did not). */
const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p.then((v) => ({ settled: v }) as const), sleep(ms).then(() => 'pending' as const)]);

test('a bot stopped during its start-up sync plays no deadline afterwards', { timeout: 60_000 }, async () => {
  const w = await startWorld({ users: 2 });
  const render = await createRenderer(0);
  try {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const count = () => (w.store.db.prepare('SELECT COUNT(*) AS n FROM timers WHERE game_id = ?').get(gameId) as { n: number }).n;
    assert.ok(count() > 0, 'the table has a deadline');
    await w.bot.stop();
    // Down for a day: the deadline is overdue at the next start, and the table message is behind.
    w.now.t += 24 * 3600_000;
    w.store.db.prepare('UPDATE games SET shown_version = NULL WHERE id = ?').run(gameId);
    // Discord is slow for the start-up sync's requests, so the stop lands during the sync.
    w.sim.faults.slow({ route: /^\/channels\//, delayMs: 2_500, times: 3 });
    const bot = await simBot(w.sim, w.store, render.renderer, w.now, { log: createLogger('silent', false) });
    w.bot = bot;
    const started = bot.start();
    for (let k = 0; k < 1_000 && !bot.client.isReady(); k++) await sleep(10);
    assert.ok(bot.client.isReady());
    await sleep(300);
    const version = w.store.games.get(gameId)!.version;
    await bot.stop();
    assert.notEqual(await within(started, 10_000), 'pending', 'start() ended after the stop');
    await sleep(1_500);
    await bot.scheduler.idle();
    assert.equal(armed(bot), false, 'bot.stop() returned, then start() armed the scheduler again');
    assert.equal(w.store.games.get(gameId)!.version, version, 'a deadline was played after the bot was stopped');
    assert.ok(count() > 0, 'the deadline is kept for the next start');
  } finally {
    await w.stop();
    await render.close();
  }
});

test('a bot stopped during its login: start() ends, the scheduler is not armed', { timeout: 60_000 }, async () => {
  const w = await startWorld({ users: 2 });
  const render = await createRenderer(0);
  try {
    await w.bot.stop();
    // The login's first request (GET /gateway/bot) is slow: the stop lands before READY.
    w.sim.faults.slow({ route: /^\/gateway\/bot/, delayMs: 1_500, times: 1 });
    const bot = await simBot(w.sim, w.store, render.renderer, w.now, { log: createLogger('silent', false) });
    w.bot = bot;
    const started = bot.start().then(
      () => 'resolved',
      (e: unknown) => e,
    );
    await sleep(300);
    assert.equal(bot.client.isReady(), false, 'still logging in');
    await bot.stop();
    const got = await within(started, 10_000);
    assert.notEqual(got, 'pending', 'start() waited for a READY that a stopped client never gets');
    assert.deepEqual(got, { settled: 'resolved' }, 'a stop during the login is no failed start');
    await sleep(2_000);
    assert.equal(armed(bot), false);
    assert.equal(bot.client.isReady(), false);
    // discord.js's destroy during the login's gateway fetch does not stop it: before, the shard
    // connected and identified after the stop, and reconnected for good (the process never ended).
    assert.equal(w.sim.connectedBots(), 0, 'a gateway connection was left open after the stop');
  } finally {
    // A regression's connection, left reconnecting, would keep this file's process alive: closed.
    await (w.bot.client.ws as unknown as { _ws?: { destroy(): Promise<void> } })._ws?.destroy();
    await w.stop();
    await render.close();
  }
});
