/**
 * A bot process's shutdown fits in the launcher's SIGKILL (src/ops/sharding.ts `closeInOrder`,
 * `SHUTDOWN_BUDGET_MS`, `SHARD_KILL_AFTER_MS`, `stopProcess`): its steps' own limits (the bot's
 * drain 10 s, the render pool's 3 s) added up past the 10 s the launcher (and `docker stop`) give
 * it, and the database, closed last, was then never closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { closeInOrder, SHARD_KILL_AFTER_MS, SHUTDOWN_BUDGET_MS, stopProcess, type CloseStep } from '../../src/ops/sharding.js';

test('the launcher kills a shard only after its whole shutdown budget, with margin', () => {
  assert.equal(SHARD_KILL_AFTER_MS, 10_000, "the launcher's SIGKILL, and docker stop's default");
  assert.ok(SHUTDOWN_BUDGET_MS + 1_500 <= SHARD_KILL_AFTER_MS, `${SHUTDOWN_BUDGET_MS} ms of ${SHARD_KILL_AFTER_MS}`);
});

test('closeInOrder: steps that hang or run long are left behind at their limit; every step starts, the last (the database) always', async () => {
  // main.ts's steps at a tenth of their times: the bot's drain never ends (10 s, then a gateway
  // close of up to 30 s), the render pool waits 3 s for a hung image. The AI pool's 10 ms close has
  // 100 ms kept for it: with 25 ms, a loaded machine (CI beside other work) fired its timer late.
  const log: string[] = [];
  const late: string[] = [];
  const step = (name: string, ms: number | null, keepMs?: number): CloseStep => ({
    name,
    close: () => {
      log.push(name);
      return ms === null ? new Promise(() => undefined) : ms ? sleep(ms).then(() => void log.push(`${name} done`)) : undefined;
    },
    ...(keepMs ? { keepMs } : {}),
  });
  const started = Date.now();
  await closeInOrder(
    [step('backups', 0), step('ops', 5), step('bot', null), step('ai', 10, 100), step('render', 300, 150), step('database', 0, 25)],
    800,
    {
      late: (name) => late.push(name),
    },
  );
  const took = Date.now() - started;
  assert.deepEqual(log, ['backups', 'ops', 'ops done', 'bot', 'ai', 'ai done', 'render', 'database']);
  assert.deepEqual(late, ['bot', 'render']);
  assert.ok(took >= 750 && took < 1_200, `within its budget: ${took} ms of 800`);
});

test('closeInOrder: with time enough every step is waited for; one that throws does not stop the rest', async () => {
  const log: string[] = [];
  const failed: string[] = [];
  await closeInOrder(
    [
      { name: 'a', close: () => sleep(20).then(() => void log.push('a')) },
      {
        name: 'b',
        close: () => {
          throw new Error('b failed to start');
        },
      },
      { name: 'c', close: () => Promise.reject(new Error('c')) },
      { name: 'd', close: () => void log.push('d'), keepMs: 100 },
    ],
    1_000,
    { failed: (name) => failed.push(name), late: (name) => assert.fail(`${name} late`) },
  );
  assert.deepEqual(log, ['a', 'd']);
  assert.deepEqual(failed, ['b', 'c']);
});

test('stopProcess: SIGTERM, then SIGKILL once its time is up', async () => {
  const child = (ignoreTerm: boolean) => {
    const c = spawn(
      process.execPath,
      ['-e', `${ignoreTerm ? "process.on('SIGTERM', () => {});" : ''} console.log('ready'); setInterval(() => {}, 1000);`],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    return once(c.stdout!, 'data').then(() => c);
  };
  const polite = await child(false);
  await stopProcess(polite, 5_000);
  assert.equal(polite.signalCode, 'SIGTERM');
  const stubborn = await child(true);
  const started = Date.now();
  await stopProcess(stubborn, 400);
  assert.equal(stubborn.signalCode, 'SIGKILL');
  assert.ok(Date.now() - started >= 380, 'not before its time');
});

/**
 * How long the test waits for its child's `ready`: past the child's own limits (shutdown-child.ts:
 * its pool idle within `PATIENCE_MS`, 120 s, its image started within 30 s and hung within 30 s), so a
 * child that is only slow (it warms a pool: minutes on a loaded machine) is waited for, and one that
 * fails exits with its error first. Reaching this bound fails the test all the same.
 */
const READY_MS = 240_000;

/** Resolves once `out()` holds `ready`, the child exited, or `ms` are up; tells which. */
function untilReady(c: ChildProcess, out: () => string, ms: number): Promise<'ready' | 'exited' | 'timeout'> {
  return new Promise((resolve) => {
    const done = (how: 'ready' | 'exited' | 'timeout') => {
      clearTimeout(timer);
      c.stdout!.off('data', check);
      c.off('exit', exited);
      resolve(how);
    };
    const check = () => out().includes('ready') && done('ready');
    const exited = () => done(out().includes('ready') ? 'ready' : 'exited');
    const timer = setTimeout(() => done('timeout'), ms);
    c.stdout!.on('data', check);
    c.once('exit', exited);
    if (c.exitCode !== null || c.signalCode !== null) exited();
    else check();
  });
}

// The hung image is the test hook's: a worker blocked in plain JS, which the process exits past
// cleanly. One hung inside a canvas call may abort the process as it exits (README "Stopping"),
// after the database is closed all the same.
test('a shutdown held up by a hung drain and a hung image still closes the database before the SIGKILL (real pool, real SQLite)', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'hq-shutdown-'));
  // Every child is killed, whatever the test's outcome (an early `ready` assertion left one running).
  const children = new Set<ChildProcess>();
  const kill = async (c: ChildProcess) => {
    if (c.exitCode === null && c.signalCode === null) {
      const exit = once(c, 'exit');
      c.kill('SIGKILL');
      await exit;
    }
    children.delete(c);
  };
  t.after(() => Promise.all([...children].map(kill)));
  try {
    // Scaled: budget 1.2 s, SIGKILL at 2.5 s (the pool's own wait, CLOSE_WAIT_MS, is 3 s).
    const run = async (how: 'budget' | 'each') => {
      const file = join(dir, `${how}.db`);
      const c = spawn(process.execPath, ['--import', 'tsx', 'test/render/shutdown-child.ts', file, '1200', how], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.add(c);
      try {
        let out = '';
        c.stdout!.on('data', (d: Buffer) => (out += String(d)));
        const readiness = await untilReady(c, () => out, READY_MS);
        assert.equal(readiness, 'ready', `the child started (exit ${c.exitCode ?? c.signalCode ?? 'none'}): ${out}`);
        const started = Date.now();
        await stopProcess(c, 2_500);
        return {
          out,
          took: Date.now() - started,
          signal: c.signalCode,
          code: c.exitCode,
          wal: existsSync(`${file}-wal`) && statSync(`${file}-wal`).size > 0,
        };
      } finally {
        await kill(c);
      }
    };
    const each = await run('each');
    assert.equal(each.signal, 'SIGKILL', 'each step awaited in turn: killed');
    assert.doesNotMatch(each.out, /database closed/);
    const budget = await run('budget');
    assert.equal(budget.code, 0, `exited by itself (${budget.signal ?? ''})`);
    assert.match(budget.out, /late bot .*\n.*late render pool .*\n.*database closed/s);
    assert.ok(budget.took < 2_500, `in ${budget.took} ms`);
    assert.equal(budget.wal, false, 'the database was closed cleanly (its WAL checkpointed and removed)');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
