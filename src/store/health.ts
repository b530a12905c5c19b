/** Whether the database accepts a write (for /healthz): one row upserted in a transaction. */
import type { DB } from './db.js';

export function databaseWritable(db: DB, now: number = Date.now()): boolean {
  try {
    db.exec('CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
    db.prepare('INSERT INTO health (id, checked_at) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET checked_at = excluded.checked_at').run(now);
    return true;
  } catch {
    return false;
  }
}
