/**
 * /play's lobby and host seat are written in one transaction (GameStore.create). The transaction reads
 * first (the new id must be free), so as a deferred one it failed at once, SQLITE_BUSY_SNAPSHOT, when
 * another shard on the same file committed between that read and the insert: /play answered "something
 * went wrong" (the shards e2e test caught it under load). It is IMMEDIATE: the other shard waits.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from './helpers.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

test('a commit by another connection while a lobby is being created does not fail the lobby', () => {
  const path = join(tempDir('hq-create-shared-'), 'test.db');
  const store = openStore(path, () => toyEngine as AnyEngine);
  const other = new Database(path);
  other.pragma('busy_timeout = 0');
  let otherTried = false;
  let otherWrote = false;
  // The other shard writes just as this one reads whether its new id is free.
  const prepare = store.db.prepare.bind(store.db);
  (store.db as { prepare: (sql: string) => unknown }).prepare = (sql: string) => {
    const st = prepare(sql) as { get: (...a: unknown[]) => unknown };
    if (!sql.startsWith('SELECT 1 FROM games WHERE id = ?') || otherTried) return st;
    return {
      get: (...a: unknown[]) => {
        const r = st.get(...a);
        otherTried = true;
        try {
          other.exec(`INSERT INTO health (id, checked_at) VALUES (1, 1) ON CONFLICT(id) DO UPDATE SET checked_at = checked_at + 1`);
          otherWrote = true;
        } catch (e) {
          assert.equal((e as { code?: string }).code, 'SQLITE_BUSY', 'the other shard waits for this write');
        }
        return r;
      },
    };
  };
  other.exec('CREATE TABLE IF NOT EXISTS health (id INTEGER PRIMARY KEY CHECK (id = 1), checked_at INTEGER NOT NULL)');
  const row = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: 'g' }, [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
  ]);
  (store.db as { prepare: unknown }).prepare = prepare;
  assert.ok(otherTried);
  assert.equal(otherWrote, false, 'the lobby held the write lock from its start');
  assert.equal(store.games.seats(row.id).length, 1, 'the lobby and its host');
  other.close();
  store.close();
});
