/**
 * /privacy delete-my-data across every database of the bot (issue #18 §3). With one SQLite file
 * (unsharded, or shards sharing the file) that is the process's own database. With one file per shard
 * (`DATABASE_PATH` templated with `{shard}`, src/ops/sharding.ts), a user's games live in the files of
 * every shard whose servers they played on, so the erasure opens each shard's file (same machine: the
 * launcher gives every shard `DATABASE_PATH_TEMPLATE` and `SHARD_COUNT`). It refuses if the user sits
 * at an open table in any of them, then erases file by file (each one transaction; asking again is
 * harmless, so a failure halfway is repaired by asking again).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { eraseUser, openDatabase, openSeatsOf, type DB, type EraseOutcome } from '../store/index.js';

/** Every shard's database file when DATABASE_PATH is templated per shard, else none. */
export function shardDatabases(env: Record<string, string | undefined> = process.env): string[] {
  const template = env.DATABASE_PATH_TEMPLATE;
  const count = Number(env.SHARD_COUNT);
  if (!template?.includes('{shard}') || !Number.isInteger(count) || count < 1) return [];
  return Array.from({ length: count }, (_, id) => template.replaceAll('{shard}', String(id)));
}

/** Erases `userId` from `db` and from the other shards' files (those that exist); refuses if they play anywhere. */
export function eraseEverywhere(db: DB, userId: string, others: string[] = shardDatabases()): EraseOutcome {
  const own = resolve(db.name);
  const extra = [...new Set(others.map((p) => resolve(p)))].filter((p) => p !== own && existsSync(p)).map((p) => openDatabase(p));
  try {
    const open = [db, ...extra].flatMap((d) => openSeatsOf(d, userId));
    if (open.length) return { ok: false, reason: 'playing', games: open };
    const total = { ok: true as const, seats: 0, results: 0, ratings: 0, actions: 0, hints: 0, games: 0 };
    for (const d of [db, ...extra]) {
      const r = eraseUser(d, userId);
      if (!r.ok) return r;
      for (const k of ['seats', 'results', 'ratings', 'actions', 'hints', 'games'] as const) total[k] += r[k];
    }
    return total;
  } finally {
    for (const d of extra) d.close();
  }
}
