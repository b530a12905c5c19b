/**
 * The operator's view of the real bot process (issue #18 §3): with METRICS_PORT set, /healthz answers
 * 200 once the gateway is READY and the database writable, and /metrics carries the acknowledgement
 * latency of the interactions it answered and the process defaults (RSS, event-loop lag).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DiscordSim } from '../discord-sim/index.js';
import { deployCommands } from '../../src/bot/deploy.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';
import { startOnFreePort } from './bot-process.js';

/** The bot process (`node src/bot/main.ts`) with METRICS_PORT set, once its gateway is connected (on a port free a moment before, retried if taken). */
function startWithMetrics(sim: DiscordSim, dir: string): Promise<{ bot: ChildProcess; port: number }> {
  return startOnFreePort(
    (port) => {
      const bot = spawn(process.execPath, programArgs('src/bot/main.ts'), {
        env: {
          ...process.env,
          DISCORD_TOKEN: sim.token,
          DISCORD_API_BASE: sim.apiBase,
          DATABASE_PATH: join(dir, 'hq.db'),
          RENDER_WORKERS: '0',
          LOG_LEVEL: 'warn',
          METRICS_PORT: String(port),
          METRICS_HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      bot.stdout!.resume();
      bot.stderr!.on('data', (d: Buffer) => {
        stderr = (stderr + String(d)).slice(-4000);
        if (process.env.HQ_TEST_LOG) process.stderr.write(d);
      });
      return { bot, log: () => stderr };
    },
    (_, { closed }) => sim.waitFor(() => sim.connectedBots() === 1 || closed(), { timeout: 60_000, message: 'bot connects' }),
  );
}

test('METRICS_PORT serves /healthz and /metrics of the running bot', { timeout: 120_000 }, async (t) => {
  const sim = await DiscordSim.start();
  const dir = tempDir('hq-ops-', t);
  const guild = sim.createGuild({ name: 'Quán', locale: 'en-US' });
  const channel = sim.createTextChannel(guild.id, 'games');
  const a = sim.createUser({ username: 'an', locale: 'en-US' });
  sim.addMember(guild.id, a.id);
  await deployCommands({ apiBase: sim.apiBase, token: sim.token, applicationId: sim.applicationId, guildId: guild.id });
  let bot: ChildProcess | undefined;
  try {
    const started = await startWithMetrics(sim, dir);
    bot = started.bot;
    const base = `http://127.0.0.1:${started.port}`;
    let health: { status: number; body: Record<string, boolean> } | null = null;
    await sim.waitFor(
      async () => {
        const r = await fetch(`${base}/healthz`).catch(() => null);
        if (!r) return false;
        health = { status: r.status, body: (await r.json()) as Record<string, boolean> };
        return r.status === 200;
      },
      { timeout: 60_000, message: '/healthz turns 200' },
    );
    assert.deepEqual(health, { status: 200, body: { ok: true, gateway: true, database: true } });

    const play = await sim.slash(a.id, channel.id, 'play', { game: 'phom', timer: 'live' });
    await play.reply({ timeout: 30_000 });
    await sim.waitFor(
      async () => /hoiquan_interaction_ack_seconds_count\{kind="command"\} 1/.test(await (await fetch(`${base}/metrics`)).text()),
      { timeout: 30_000, message: 'the /play acknowledgement is counted' },
    );
    const text = await (await fetch(`${base}/metrics`)).text();
    assert.match(text, /process_resident_memory_bytes \d+/);
    assert.match(text, /nodejs_eventloop_lag_p99_seconds/);
    assert.doesNotMatch(text, /hoiquan_interactions_failed_total\{/);
  } finally {
    bot?.kill('SIGKILL');
    await sim.stop();
  }
});
