/**
 * Online backups (issue #18 §3): a backup taken by the CLI while a table is playing (its moves
 * going through the store's real apply path) restores into a fresh process, where every stored
 * game replays (`replay-db --all`) to the results the live database held for those hands.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { backupName, newestBackupAt, pruneBackups, startPeriodicBackups } from '../../src/store/backup.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import type { BaseAction, HandResult } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const CLI = programArgs('src/cli/main.ts');

function newTable(store: ReturnType<typeof openStore>, seed: string) {
  const opts = resolveOptions(engineOf('phom').options, {});
  assert.ok(opts.ok);
  const row = store.games.create({
    game: 'phom',
    options: opts.value as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 3,
    guildId: 'g1',
  });
  store.games.setSeats(
    row.id,
    [0, 1, 2].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  return store.games.start(row.id);
}

/**
 * One AI move at the table through the store, dealing on after a finished hand. The move that ends a
 * hand and its result rows are one transaction, as the table commits them (store/index.ts `commit`):
 * a backup never holds a finished hand without its results (replay-db would report it).
 */
function step(store: ReturnType<typeof openStore>, id: string): void {
  const engine = engineOf('phom');
  const row = store.games.get(id)!;
  const state = store.games.state(row);
  if (engine.result(state)) {
    store.games.nextHand(id);
    return;
  }
  const d = engine.pending(state)[0]!;
  store.db.transaction(() => {
    const r = store.games.apply(id, row.version, d.seat, engine.ai(state, d.seat) as BaseAction, 'ai', null);
    assert.equal(r.ok, true);
    const result = r.ok ? (engine.result(r.state) as HandResult | null) : null;
    if (result) store.results.recordHand(id, 'phom', 'g1', row.handIndex, store.games.seats(id), result);
  })();
}

function resultsOf(path: string): Map<string, number[]> {
  const store = openStore(path, engineOf);
  try {
    const rows = store.db.prepare('SELECT game_id, hand, seat, points FROM results ORDER BY game_id, hand, seat').all() as {
      game_id: string;
      hand: number;
      points: number;
    }[];
    const m = new Map<string, number[]>();
    for (const r of rows) {
      const k = `${r.game_id}:${r.hand}`;
      m.set(k, [...(m.get(k) ?? []), r.points]);
    }
    return m;
  } finally {
    store.close();
  }
}

test('a backup taken while tables play restores and replays to the live results', async (t) => {
  const dir = tempDir('hq-backup-', t);
  const live = join(dir, 'live.db');
  const store = openStore(live, engineOf);
  const ids = ['a', 'b', 'c'].map((s) => newTable(store, s).id);
  for (let i = 0; i < 300; i++) step(store, ids[i % 3]!);

  // The CLI backs up from its own process while this one keeps playing.
  const out = join(dir, 'backup.db');
  const child = spawn('node', [...CLI, 'backup', '--db', live, '--out', out], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c));
  child.stderr.on('data', (c: Buffer) => (stderr += c));
  const done = new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? -1)));
  let moves = 0;
  let exited: number | null = null;
  void done.then((c) => (exited = c));
  while (exited === null) {
    for (let i = 0; i < 20; i++) step(store, ids[moves++ % 3]!);
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(exited, 0, stderr);
  assert.ok(moves > 0, 'the tables kept playing during the backup');
  assert.equal(JSON.parse(stdout).out, out);
  for (let i = 0; i < 100; i++) step(store, ids[i % 3]!);
  store.close();

  // Restore: a copy of the backup opened by a fresh process.
  const restored = join(dir, 'restored.db');
  copyFileSync(out, restored);
  const replay = spawnSync('node', [...CLI, 'replay-db', '--db', restored, '--all'], { encoding: 'utf8', maxBuffer: 32 << 20 });
  assert.equal(replay.status, 0, replay.stderr + replay.stdout.slice(0, 2000));
  const reports = JSON.parse(replay.stdout) as { gameId: string; matchesStored: boolean; hands: unknown[] }[];
  assert.deepEqual(reports.map((r) => r.gameId).sort(), [...ids].sort());
  assert.ok(reports.every((r) => r.matchesStored));

  // Every result in the backup is the live database's result for that hand.
  const backed = resultsOf(restored);
  const liveResults = resultsOf(live);
  assert.ok(backed.size > 0, 'hands had finished before the backup');
  for (const [k, v] of backed) assert.deepEqual(v, liveResults.get(k), k);
  assert.ok(liveResults.size >= backed.size);
});

test('the backup CLI answers bad input with one error line', (t) => {
  const dir = tempDir('hq-backup-', t);
  const missing = spawnSync('node', [...CLI, 'backup', '--db', join(dir, 'nope.db'), '--out', join(dir, 'o.db')], { encoding: 'utf8' });
  assert.equal(missing.status, 2);
  assert.match(missing.stderr.trim(), /^error: no database at /);
  const same = spawnSync('node', [...CLI, 'backup', '--db', 'x.db', '--out', 'x.db'], { encoding: 'utf8' });
  assert.equal(same.status, 2);
  assert.match(same.stderr, /--out must differ/);
});

test('periodic backups keep the newest N', async (ctx) => {
  const dir = tempDir('hq-backup-', ctx);
  const store = openStore(join(dir, 'live.db'), engineOf);
  newTable(store, 'p');
  let t = Date.UTC(2026, 11, 1, 10, 0, 0);
  const bdir = join(dir, 'backups');
  const p = startPeriodicBackups(store.db, { dir: bdir, everyHours: 6, keep: 2, now: () => t });
  for (let i = 0; i < 4; i++) {
    await p.runOnce();
    t += 6 * 3600_000;
  }
  await p.stop();
  store.close();
  const names = readdirSync(bdir).sort();
  assert.deepEqual(names, [backupName(Date.UTC(2026, 11, 1, 22)), backupName(Date.UTC(2026, 11, 2, 4))]);
  writeFileSync(join(bdir, 'other.txt'), 'x');
  assert.deepEqual(pruneBackups(bdir, 1), [backupName(Date.UTC(2026, 11, 1, 22))]);
  assert.ok(readdirSync(bdir).includes('other.txt'), 'only backups are pruned');
});

test(
  'periodic backups are due a period after the newest one in the folder (a restart does not reset the clock), and a period past 24.8 days does not fire at once',
  { timeout: 30_000 },
  async (t) => {
    const dir = tempDir('hq-backup-', t);
    const store = openStore(join(dir, 'live.db'), engineOf);
    newTable(store, 'p');
    const bdir = join(dir, 'backups');
    mkdirSync(bdir, { recursive: true });
    // The newest backup is 7 hours old and one is due every 6: the bot just started, it backs up now.
    const old = Date.now() - 7 * 3600_000;
    writeFileSync(join(bdir, backupName(old)), '');
    assert.equal(newestBackupAt(bdir), Math.floor(old / 1000) * 1000);
    const done = new Promise<string>((resolve, reject) => {
      const p = startPeriodicBackups(store.db, {
        dir: bdir,
        everyHours: 6,
        keep: 5,
        onDone: (r) => (void p.stop(), resolve(r.out)),
        onError: reject,
      });
    });
    // The scheduler's timers are unref'd (they must not keep the bot alive): this test keeps the
    // event loop alive while it waits, as the bot's gateway connection does.
    const alive = setInterval(() => undefined, 1000);
    const out = await done.finally(() => clearInterval(alive));
    assert.ok(readdirSync(bdir).includes(basename(out)));
    // 700 hours (more than Node's longest timer): nothing fires early, again and again.
    const fired: string[] = [];
    const long = startPeriodicBackups(store.db, { dir: bdir, everyHours: 700, keep: 5, onDone: (r) => fired.push(r.out) });
    await new Promise((r) => setTimeout(r, 300));
    await long.stop();
    assert.deepEqual(fired, []);
    store.close();
  },
);
