/**
 * hoiquan_active_tables under SHARDS with one shared database file: each shard process counts the
 * running tables of its own guilds only. Before, every shard reported every running table of the
 * file (src/bot/main.ts `activeTables` had no shard scope), so the sum over the shards counted each
 * table once per shard.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DiscordSim } from '../discord-sim/index.js';
import { openStore } from '../../src/store/index.js';
import { shardOf } from '../../src/store/shards.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { optionsForTable } from '../../src/bot/options-in-force.js';
import { tempDir } from '../support/temp-dir.js';
import { startBot, startOnFreePort } from './bot-process.js';

/** The bot process as discord.js's ShardingManager starts shard `id` of 2 (without its IPC: no other shard here). */
function startShard(sim: DiscordSim, dbPath: string, id: number, port: number): { bot: ChildProcess; log: () => string } {
  const bot = startBot(sim, dbPath, {
    AI_WORKERS: '0',
    METRICS_PORT: String(port),
    METRICS_HOST: '127.0.0.1',
    BACKUP_DIR: '',
    SHARDS: `[${id}]`,
    SHARD_COUNT: '2',
  });
  let err = '';
  bot.stderr!.on('data', (d: Buffer) => (err = (err + String(d)).slice(-3000)));
  return { bot, log: () => err };
}

/** Shard `id` of 2 once its /healthz answers 200, on a port free a moment before (retried if taken). */
function startHealthyShard(sim: DiscordSim, dbPath: string, id: number) {
  return startOnFreePort(
    (port) => startShard(sim, dbPath, id, port),
    (s, { port, closed }) =>
      sim.waitFor(async () => closed() || (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status === 200, {
        timeout: 60_000,
        message: `the shard turns healthy: ${s.log()}`,
      }),
  );
}

async function activeTablesOf(port: number): Promise<string[]> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  return text.split('\n').filter((l) => l.startsWith('hoiquan_active_tables'));
}

test('each shard of 2 sharing one file counts only its own guilds’ running tables', { timeout: 180_000 }, async (t) => {
  const sim = await DiscordSim.start({ shards: 2 });
  t.after(() => sim.stop());
  const dbPath = join(tempDir('hq-metrics-shards-', t), 'hq.db');
  const g0 = sim.createGuild({ name: 'G0', locale: 'en-US', shard: 0 }).id;
  assert.equal(shardOf(g0, 2), 0);
  const a = sim.createUser({ username: 'an' });
  const b = sim.createUser({ username: 'binh' });
  sim.addMember(g0, a.id);
  sim.addMember(g0, b.id);
  {
    const store = openStore(dbPath, engineOf);
    const opts = optionsForTable(store, g0, 'phom', {});
    assert.ok(opts.ok);
    const row = store.games.create({
      game: 'phom',
      guildId: g0,
      hostUserId: a.id,
      options: opts.options,
      optionsHash: opts.hash,
      seed: 's',
      seats: 2,
    });
    store.games.setSeats(row.id, [
      { seat: 0, userId: a.id, isAi: false, displayName: 'an' },
      { seat: 1, userId: b.id, isAi: false, displayName: 'binh' },
    ]);
    assert.ok(act(tableStore(store), { kind: 'start', gameId: row.id, userId: a.id }, Date.now()).outcome.ok);
    store.close();
  }
  for (const [id, want] of [
    [1, []],
    [0, ['hoiquan_active_tables{game="phom"} 1']],
  ] as const) {
    const s = await startHealthyShard(sim, dbPath, id);
    try {
      assert.deepEqual(await activeTablesOf(s.port), want, `shard ${id}`);
    } finally {
      s.bot.kill('SIGKILL');
      await new Promise((r) => (s.bot.exitCode !== null || s.bot.signalCode !== null ? r(null) : s.bot.once('exit', r)));
    }
  }
});
