/**
 * The launcher's respawns (src/ops/sharding.ts `createShards`), with a stand-in shard process: the
 * manager forks a tiny script (written to a temp folder) that tells discord.js it is READY, or dies,
 * as each test's plan says, one step per process. discord.js's own respawn was immediate, every time:
 * a shard crashing soon after READY made a new login and IDENTIFY every few seconds (Discord resets
 * the token after 1,000 a day), and a shard that had been READY was given up (stopping every shard)
 * after 5 quick failed logins, e.g. during a Discord outage.
 */
import { afterEach, beforeEach, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { readFileSync, writeFileSync } from 'node:fs';
import { ShardingManager } from 'discord.js';
import { createShards, startShards, type ShardsOptions } from '../../src/ops/sharding.js';
import { tempDir } from '../support/temp-dir.js';

// One step per process, the last repeated: `ready-die` (READY, exit 1 100 ms later), `die` (exit 1
// before READY), `ready-stay` (READY, exit 0 on SIGTERM).
const FAKE_SHARD = `
import { readFileSync, writeFileSync } from 'node:fs';
const state = process.env.HQ_FAKE_STATE;
let n = 0;
try { n = Number(readFileSync(state, 'utf8')) || 0; } catch {}
writeFileSync(state, String(n + 1));
const plan = process.env.HQ_FAKE_PLAN.split(',');
const step = plan[Math.min(n, plan.length - 1)];
if (step === 'die') setTimeout(() => process.exit(1), 50);
else {
  if (step === 'ready-die') setTimeout(() => process.exit(1), 100);
  else { setInterval(() => {}, 1000); process.on('SIGTERM', () => process.exit(0)); }
  // READY once the SIGTERM handler is in place (a stop at once after READY killed it by the signal)
  process.send({ _ready: true });
}
`;

const createShard = ShardingManager.prototype.createShard;
let dir = '';
let saved: NodeJS.ProcessEnv;
/** When each process of the shards created in this test started and died (ms). */
let spawns: number[] = [];
let deaths: number[] = [];
beforeEach(() => {
  dir = tempDir('hq-respawn-');
  writeFileSync(join(dir, 'shard.mjs'), FAKE_SHARD);
  saved = { ...process.env };
  spawns = [];
  deaths = [];
  // The manager forks the stand-in instead of src/bot/main.ts (a Shard copies the manager's file and execArgv).
  ShardingManager.prototype.createShard = function (this: ShardingManager, id: number) {
    Object.assign(this, { file: join(dir, 'shard.mjs'), execArgv: [] });
    const shard = createShard.call(this, id);
    shard.on('spawn', () => spawns.push(Date.now()));
    shard.on('death', () => deaths.push(Date.now()));
    return shard;
  };
});
afterEach(() => {
  ShardingManager.prototype.createShard = createShard;
  process.env = saved;
});

/** Runs one shard on `plan` (through `startShards`, as the launcher did before `createShards`). */
function run(plan: string, o: Partial<ShardsOptions>) {
  // A Shard's env is a copy of process.env taken when the manager creates it.
  Object.assign(process.env, { HQ_FAKE_STATE: join(dir, 'n'), HQ_FAKE_PLAN: plan });
  const lines: string[] = [];
  let gaveUp: string | null = null;
  const started = startShards({ count: 1, token: 'x', spawnDelayMs: 0, log: (m) => lines.push(m), onGiveUp: (m) => (gaveUp = m), ...o });
  return {
    lines,
    gaveUp: () => gaveUp,
    processes: () => Number(readFileSync(join(dir, 'n'), 'utf8')),
    stop: async () => (await started).stop(),
  };
}

const until = async (f: () => boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

test('a shard that crashes soon after READY is respawned after a doubling delay, not at once', { timeout: 30_000 }, async () => {
  const r = run('ready-die', { backoff: { firstMs: 300, maxMs: 10_000, stableMs: 60_000 }, maxFailedStarts: 2 });
  try {
    await until(() => spawns.length >= 4, 20_000, '4 processes');
    const gaps = spawns.slice(1).map((t, i) => t - deaths[i]!);
    // Each respawn waits its delay from the death before it (300, 600, 1200 ms; a timer never fires early).
    for (const [i, gap] of gaps.entries()) assert.ok(gap >= 300 * 2 ** i - 5, `respawn ${i + 1} came ${gap} ms after the death: ${gaps}`);
    assert.match(r.lines.join('\n'), /exited \(1\); respawning in 300 ms\n[^]*exited \(1\); respawning in 600 ms/);
    assert.equal(r.gaveUp(), null, 'a shard that was READY is not given up');
  } finally {
    await r.stop();
  }
});

test(
  'a shard that was READY once is not given up when its logins fail later (an outage): it keeps respawning',
  { timeout: 30_000 },
  async () => {
    const r = run('ready-die,die', { backoff: { firstMs: 50, maxMs: 200, stableMs: 60_000 }, maxFailedStarts: 2 });
    try {
      // ready-die, then failed starts: the second failed start gave up every shard before.
      await until(() => spawns.length >= 6 || r.gaveUp() !== null, 20_000, '6 processes');
      assert.equal(r.gaveUp(), null, `not given up: ${r.lines.join('\n')}`);
      assert.ok(spawns.length >= 6);
    } finally {
      await r.stop();
    }
  },
);

test('a shard never READY is still given up after maxFailedStarts, with delays between its tries', { timeout: 30_000 }, async () => {
  const r = run('die', { backoff: { firstMs: 200, maxMs: 10_000, stableMs: 60_000 }, maxFailedStarts: 3 });
  await until(() => r.gaveUp() !== null, 20_000, 'the give-up');
  assert.match(r.gaveUp()!, /shard 0 exited 3 times in a row before it was ready; giving up/);
  assert.equal(spawns.length, 3);
  assert.ok(spawns[1]! - deaths[0]! >= 195 && spawns[2]! - deaths[1]! >= 395, `${spawns} ${deaths}`);
  await new Promise((res) => setTimeout(res, 500));
  assert.equal(r.processes(), 3, 'no respawn after the give-up');
});

test(
  'stop during the start: no further shard is spawned, the spawned one is stopped, start() resolves at once',
  { timeout: 30_000 },
  async () => {
    Object.assign(process.env, { HQ_FAKE_STATE: join(dir, 'n'), HQ_FAKE_PLAN: 'ready-stay' });
    const shards = createShards({ count: 3, token: 'x', spawnDelayMs: 60_000, log: () => {} });
    let started = false;
    const start = shards.start().then(() => (started = true));
    await until(() => shards.manager.shards.get(0)?.ready === true, 20_000, 'shard 0 READY');
    const p = shards.manager.shards.get(0)!.process!;
    const t0 = Date.now();
    await shards.stop();
    await start;
    assert.ok(started && Date.now() - t0 < 5_000, 'start() did not wait for the 60 s pause');
    assert.equal(shards.manager.shards.size, 1, 'shards 1 and 2 were never created');
    assert.equal(p.exitCode, 0, 'shard 0 stopped on SIGTERM');
  },
);

test('stop while a respawn waits for its delay: nothing is spawned after it', { timeout: 30_000 }, async () => {
  const r = run('ready-die', { backoff: { firstMs: 1_000, maxMs: 10_000, stableMs: 60_000 } });
  await until(() => deaths.length === 1, 20_000, 'the first death');
  await r.stop();
  await new Promise((res) => setTimeout(res, 1_500));
  assert.equal(spawns.length, 1);
  assert.equal(r.processes(), 1);
});

test('startShards still resolves once every shard was spawned', { timeout: 30_000 }, async () => {
  Object.assign(process.env, { HQ_FAKE_STATE: join(dir, 'n'), HQ_FAKE_PLAN: 'ready-stay' });
  const shards = await startShards({ count: 2, token: 'x', spawnDelayMs: 0, log: () => {} });
  try {
    assert.deepEqual(
      [...shards.manager.shards.values()].map((s) => s.ready),
      [true, true],
    );
  } finally {
    await shards.stop();
  }
});
