/**
 * Test batches: the test files of some folders run several to a process instead of one each.
 * `node --test` starts a process per file, and loading the project's modules under tsx costs a
 * small file 1.5–3 s of its 2-core machine's time, more than most of these files' tests take
 * (2026-12-06: 420 s of 2,325 s of files in the folders below). A batch imports its files one after
 * the other in one process; Node's runner runs their tests in that order, as it would in each
 * file's own process.
 *
 * Which file goes to which batch is computed, never listed: a new test file in these folders joins a
 * batch by itself. A file that changes what the process shares (the environment, process handlers,
 * mocked global timers, worker pools), watches the process itself (its memory, its exit), or takes
 * long enough to stand alone, is in `ALONE` and keeps its own process. A test of the batched
 * folders must leave the process as it found it (`t.after` for what it changes).
 *
 * `npm test` runs `test/entries.ts`'s list: the batches, then every other test file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');

/** The batched groups: their folders (from the root) and how many batches (processes) each has. */
export const GROUPS: Record<string, { dirs: string[]; batches: number }> = {
  unit: { dirs: ['test/unit'], batches: 6 },
  store: { dirs: ['test/store'], batches: 2 },
  games: { dirs: ['test/phom', 'test/chan', 'test/vn-mahjong', 'test/classic-mahjong'], batches: 2 },
  // Each e2e test starts its own simulator, database and bot (harness.ts `withWorld`).
  e2e: { dirs: ['test/e2e'], batches: 6 },
};

/**
 * The longest files (2026-12-06, 15–60 s each), longest first: each keeps a process of its own. They
 * are listed first in `entries()`, but `node --test` (Node 20) sorts the files it is given and starts
 * them in path order, so they do NOT start first: a long file late in that order (test/unit/…) can
 * still run alone at the end of the run.
 */
export const LONG = [
  'test/e2e/crash-process.test.ts',
  'test/unit/duel-smoke-mahjong.test.ts',
  'test/e2e/play-games.test.ts',
  'test/e2e/stale-reminders.test.ts',
  'test/differential/classic-mahjong.test.ts',
  'test/e2e/burst.test.ts',
  'test/render/memory.test.ts',
  'test/unit/cli.test.ts',
  'test/e2e/shards.test.ts',
  'test/e2e/shards-dm.test.ts',
  'test/e2e/claim-privacy.test.ts',
  'test/e2e/ai-levels.test.ts',
  'test/unit/table-fuzz.test.ts',
  'test/e2e/deadline-off-claims.test.ts',
  'test/unit/fuzz-options.test.ts',
  'test/e2e/retry-fairness.test.ts',
  'test/e2e/rest-budget.test.ts',
  'test/e2e/member-gone.test.ts',
  'test/e2e/play-phom.test.ts',
  'test/e2e/thread-close-retry.test.ts',
  'test/unit/duel-smoke-cards.test.ts',
  'test/unit/result-text.test.ts',
  'test/unit/cli-db-unreadable.test.ts',
  'test/e2e/claim-prefs.test.ts',
  'test/classic-mahjong/property.test.ts',
];

/** Files of the batched folders that keep a process of their own (see the module's comment), the long ones included. */
export const ALONE = new Set([
  ...LONG,
  // the environment, process handlers, global mocked timers
  'test/unit/env.test.ts',
  'test/unit/health-clock.test.ts',
  'test/unit/metrics-forwarded.test.ts',
  'test/unit/ops-shard-life.test.ts',
  'test/unit/ops-shard-respawn.test.ts',
  'test/unit/ops-shards.test.ts',
  'test/unit/rest-split.test.ts',
  'test/unit/table-ai-pool.test.ts',
  'test/unit/render-shutdown-budget.test.ts',
  // worker pools of the process (the AI pool, the render pool's log)
  'test/unit/ai-pool-closed.test.ts',
  'test/unit/ai-pool-hung-table.test.ts',
  'test/unit/ai-worker-died.test.ts',
  'test/unit/pool-idle-error.test.ts',
  'test/unit/worker-exec-argv.test.ts',
  'test/unit/table-hints.test.ts',
  // e2e: the real bot's process (bot-process.ts, the launcher, the CLI), the environment, process
  // handlers, an in-process render pool or start-up
  'test/e2e/async-replay.test.ts',
  'test/e2e/gateway-closed-process.test.ts',
  'test/e2e/launcher-bad-env.test.ts',
  'test/e2e/metrics-shards.test.ts',
  'test/e2e/ops-privacy.test.ts',
  'test/e2e/ops-process.test.ts',
  'test/e2e/orphan-shard-process.test.ts',
  'test/e2e/ratelimit-log.test.ts',
  'test/e2e/restart-process.test.ts',
  'test/e2e/seat-prefs-sync.test.ts',
  'test/e2e/startup-stop-process.test.ts',
  'test/e2e/stop-during-start.test.ts',
  'test/e2e/table-render-fail.test.ts',
]);

/** The test files (`*.test.ts`) under `dir` (from the root), sorted, with their paths from the root. */
export function testFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(join(ROOT, d), { withFileTypes: true })) {
      const path = `${d}/${e.name}`;
      if (e.isDirectory()) walk(path);
      else if (e.name.endsWith('.test.ts')) out.push(path);
    }
  };
  walk(dir);
  return out.sort();
}

/** The files of batch `k` (1-based) of `group`: every `batches`-th file of the group's, not alone. */
export function batchMembers(group: string, k: number): string[] {
  const g = GROUPS[group];
  if (!g || !Number.isInteger(k) || k < 1 || k > g.batches) throw new Error(`no batch ${group}-${k}`);
  const files = g.dirs.flatMap(testFiles).filter((f) => !ALONE.has(f));
  return files.filter((_, i) => i % g.batches === k - 1);
}

/** The batch entry files `npm test` runs (test/batches/<group>-<k>.batch.ts), checked to exist, and no others. */
export function batchEntries(): string[] {
  const want = Object.entries(GROUPS).flatMap(([group, g]) =>
    Array.from({ length: g.batches }, (_, i) => `test/batches/${group}-${i + 1}.batch.ts`),
  );
  const have = readdirSync(join(ROOT, 'test/batches'))
    .filter((f) => f.endsWith('.batch.ts'))
    .map((f) => `test/batches/${f}`);
  const missing = want.filter((f) => !have.includes(f));
  const extra = have.filter((f) => !want.includes(f));
  if (missing.length || extra.length)
    throw new Error(
      `test/batches/config.ts GROUPS and the batch files disagree: missing ${missing.join(', ') || 'none'}; not in GROUPS ${extra.join(', ') || 'none'}`,
    );
  return want;
}

/**
 * Every entry of `npm test`: the long files, the batches, then each other test file outside them,
 * sorted. `node --test` sorts this list again by path before it runs it: the order here is not the
 * order the files start in.
 */
export function entries(): string[] {
  const batched = new Set(
    Object.keys(GROUPS).flatMap((g) => Array.from({ length: GROUPS[g]!.batches }, (_, i) => batchMembers(g, i + 1)).flat()),
  );
  const all = ['test', 'src'].flatMap(testFiles);
  const long = LONG.filter((f) => all.includes(f));
  const alone = all.filter((f) => !batched.has(f) && !long.includes(f));
  return [...long, ...batchEntries(), ...alone];
}
