/**
 * Shards on one SQLite file (issue #18 §2): two processes commit table steps to one WAL database at
 * once, each on its own games, as two shard processes do. Every step is one IMMEDIATE transaction
 * (src/store/index.ts `commit`), so a writer waits on busy_timeout instead of failing with SQLITE_BUSY
 * when the other process commits between its read and its write: no step fails, none is lost.
 * Timers: each shard's due lists and next wake-up hold only its own guilds' live games.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openStore, shardOf, abandonGames, openTablesOfGuild } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

const STEPS = 600;
const root = join(import.meta.dirname, '..', '..');

interface Writer {
  /** Resolves once the child has loaded the store and created its game, and waits for `go`. */
  ready: Promise<void>;
  /** Lets the child commit its steps. */
  go(): void;
  done: Promise<{ code: number | null; out: string }>;
}

/**
 * A child process that creates one game in `guild` and, once told to go, commits STEPS one-entry steps
 * to it through the store's commit. Both writers are told together once both are ready (a barrier:
 * loading the store under tsx takes seconds, more on a busy host), so their steps interleave.
 */
function writer(dbPath: string, guild: string): Writer {
  const store = pathToFileURL(join(root, 'src/store/index.ts')).href;
  const manifests = pathToFileURL(join(root, 'src/table/manifests.ts')).href;
  const code = `
    const { openStore } = await import(${JSON.stringify(store)});
    const { engineOf } = await import(${JSON.stringify(manifests)});
    const s = openStore(${JSON.stringify(dbPath)}, engineOf);
    const g = s.games.create({ game: 'phom', guildId: ${JSON.stringify(guild)}, options: {}, optionsHash: 'x', seed: 's', seats: 2 });
    s.games.update(g.id, { status: 'running' });
    let failed = 0;
    console.log('ready');
    await new Promise((go) => process.stdin.once('data', go)); // both writers start at the same moment
    process.stdin.destroy();
    for (let v = 0; v < ${STEPS}; v++) {
      try {
        s.commit({ gameId: g.id, game: 'phom', guildId: ${JSON.stringify(guild)}, expectVersion: v, outbox: [], results: [],
          entries: [{ hand: 0, seat: v % 2, action: { type: 'x', n: v }, source: 'player', userId: 'u', state: { v } }],
          timers: [{ seat: v % 2, kind: 'turn', version: v + 1, deadline: Date.now() + 60000, remindAt: null }] });
      } catch (e) { failed++; console.log('FAIL ' + e.code + ' ' + e.message); }
    }
    console.log(JSON.stringify({ id: g.id, failed }));
    s.close();
  `;
  const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: root,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  p.stdin.on('error', () => undefined); // a child that exited early: its exit code and output tell
  let out = '';
  let ready = () => {};
  const isReady = new Promise<void>((r) => (ready = r));
  p.stdout.on('data', (d: Buffer) => {
    out += String(d);
    if (/^ready$/m.test(out)) ready();
  });
  p.stderr.on('data', (d: Buffer) => (out += String(d)));
  const done = new Promise<{ code: number | null; out: string }>((resolve) => p.on('exit', (c) => resolve({ code: c, out })));
  // A child that exits before it is ready ends the wait too: its exit code and output say why.
  return { ready: Promise.race([isReady, done.then(() => undefined)]), go: () => p.stdin.end('go\n'), done };
}

test('two processes commit steps to one WAL file at once: none fails, none is lost', { timeout: 120_000 }, async (t) => {
  const dbPath = join(tempDir('hq-shared-', t), 'hq.db');
  openStore(dbPath, engineOf).close(); // migrate once, before the writers race
  const writers = [writer(dbPath, '4194304'), writer(dbPath, '8388608')];
  await Promise.all(writers.map((w) => w.ready));
  for (const w of writers) w.go();
  const runs = await Promise.all(writers.map((w) => w.done));
  const store = openStore(dbPath, engineOf);
  try {
    for (const r of runs) {
      assert.equal(r.code, 0, r.out);
      const last = JSON.parse(r.out.trim().split('\n').at(-1)!) as { id: string; failed: number };
      assert.equal(last.failed, 0, r.out);
      const row = store.games.get(last.id)!;
      assert.equal(row.version, STEPS);
      assert.deepEqual(
        store.games.log(last.id).map((e) => e.seq),
        Array.from({ length: STEPS }, (_, i) => i + 1),
      );
      assert.equal(store.timers.forGame(last.id).length, 1);
    }
  } finally {
    store.close();
  }
});

test("each shard's timers: due, reminders and the next wake-up hold only its own guilds' live games", () => {
  const store = openStore(':memory:', engineOf);
  const guilds = ['4194304', '8388608', '12582912', '16777216']; // shards 1, 0, 1, 0 of 2
  assert.deepEqual(
    guilds.map((g) => shardOf(g, 2)),
    [1, 0, 1, 0],
  );
  const ids = guilds.map((g, k) => {
    const row = store.games.create({ game: 'phom', guildId: g, options: {}, optionsHash: 'x', seed: `s${k}`, seats: 2 });
    store.games.update(row.id, { status: 'running' });
    store.timers.set(row.id, [{ seat: 0, kind: 'turn', version: 0, deadline: 1_000 * (k + 1), remindAt: 500 * (k + 1) }]);
    return row.id;
  });
  const s0 = { ids: [0], count: 2 };
  const s1 = { ids: [1], count: 2 };
  assert.deepEqual(
    store.timers.due(10_000, s0).map((t) => t.gameId),
    [ids[1], ids[3]],
  );
  assert.deepEqual(
    store.timers.due(10_000, s1).map((t) => t.gameId),
    [ids[0], ids[2]],
  );
  assert.deepEqual(
    store.timers.remindersDue(10_000, s1).map((t) => t.gameId),
    [ids[0], ids[2]],
  );
  assert.equal(store.timers.nextDue(s0), 1_000, "shard 0 wakes for its first reminder (game 2's at 1000), not shard 1's at 500");
  assert.equal(store.timers.nextDue(s1), 500);
  assert.equal(store.timers.nextDue(), 500, 'unscoped: every timer, as before');
  assert.equal(store.timers.due(10_000).length, 4);
  // An abandoned guild's timers are gone and never fire, scoped or not.
  abandonGames(store.db, openTablesOfGuild(store.db, guilds[0]!));
  assert.deepEqual(
    store.timers.due(10_000, s1).map((t) => t.gameId),
    [ids[2]],
  );
  assert.equal(store.timers.nextDue(s1), 1_500);
  store.close();
});
