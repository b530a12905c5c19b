/**
 * Which shard a per-shard database file belongs to (DATABASE_PATH with `{shard}`, src/ops/sharding.ts).
 * A server's rows live in the file of the shard it had when they were written, `(guild_id >> 22) % count`
 * (store/shards.ts): under another shard count the server belongs to another shard, which opens another
 * file, and nothing reaches its games any more (no timer, no sweep, no click). So each file records the
 * shard and the count it was opened for, and the launcher refuses a count that does not match.
 *
 * The record is a one-row table created on demand, like `schema_migrations` (db.ts `migrate`), not a
 * migration: only the launcher writes it, before any shard opens the file, and a file shared by every
 * shard never has one.
 */
import type { DB } from './db.js';
import { shardOf } from './shards.js';

/** The shard a file serves and the shard count it was opened under. */
export interface ShardLayout {
  shard: number;
  count: number;
}

/** Why a file cannot be opened as a shard's: it records another layout, or it holds another shard's server. */
export type ShardLayoutConflict =
  | { kind: 'recorded'; recorded: ShardLayout }
  /** A file from before the record (or whose record was deleted) with a server of another shard under the asked count. */
  | { kind: 'foreign-server'; guildId: string; shard: number };

const hasTable = (db: DB, name: string): boolean =>
  Boolean(db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name));

/** The layout recorded in the file, or null (a new file, one from before the record, or a shared file). */
export function readShardLayout(db: DB): ShardLayout | null {
  if (!hasTable(db, 'shard_layout')) return null;
  const r = db.prepare('SELECT shard, shard_count FROM shard_layout WHERE id = 1').get() as
    { shard: number; shard_count: number } | undefined;
  return r ? { shard: r.shard, count: r.shard_count } : null;
}

/**
 * Why the file cannot be opened as shard `want.shard` of `want.count`, or null. A file that records
 * that layout is fine, one that records another is not. A file without a record (new, or from before
 * it) is checked: every server of its games and house rules must belong to `want.shard` under
 * `want.count` (games without a server go with shard 0 and are not checked). Writes nothing.
 */
export function shardFileConflict(db: DB, want: ShardLayout): ShardLayoutConflict | null {
  const recorded = readShardLayout(db);
  if (recorded) return recorded.shard === want.shard && recorded.count === want.count ? null : { kind: 'recorded', recorded };
  return foreignServer(db, want);
}

/**
 * Records `want` in the file unless it records a layout already; checked again inside one write
 * transaction (`shardFileConflict`), so two launchers cannot record two layouts. Returns the conflict
 * that stopped it, or null once the file records `want`.
 */
export function recordShardLayout(db: DB, want: ShardLayout, now: number = Date.now()): ShardLayoutConflict | null {
  return db
    .transaction((): ShardLayoutConflict | null => {
      const conflict = shardFileConflict(db, want);
      if (conflict || readShardLayout(db)) return conflict;
      db.exec(`CREATE TABLE IF NOT EXISTS shard_layout (
        id INTEGER PRIMARY KEY CHECK (id = 1), shard INTEGER NOT NULL, shard_count INTEGER NOT NULL, recorded_at INTEGER NOT NULL)`);
      db.prepare('INSERT INTO shard_layout (id, shard, shard_count, recorded_at) VALUES (1, ?, ?, ?)').run(want.shard, want.count, now);
      return null;
    })
    .immediate();
}

/** A server in the file's games or house rules that `want.count` puts on another shard than `want.shard`. */
function foreignServer(db: DB, want: ShardLayout): ShardLayoutConflict | null {
  const sources = ['games', 'guild_settings'].filter((t) => hasTable(db, t));
  if (!sources.length) return null;
  // One pass over the distinct servers (an index on games' guild_id since migration 10); once per file.
  const sql = sources.map((t) => `SELECT guild_id FROM ${t} WHERE guild_id IS NOT NULL`).join(' UNION ');
  for (const { guild_id } of db.prepare(sql).all() as { guild_id: string }[]) {
    if (!/^\d{1,20}$/.test(guild_id)) continue; // not a snowflake (a test's or a tool's row): Discord routes nothing by it
    const shard = shardOf(guild_id, want.count);
    if (shard !== want.shard) return { kind: 'foreign-server', guildId: guild_id, shard };
  }
  return null;
}
