/**
 * Transactions that read before they write take the write lock first (BEGIN IMMEDIATE). Shards share
 * one database file in WAL mode: a deferred transaction reads from a snapshot, and when another
 * process commits between its read and its first write SQLite refuses the upgrade at once with
 * SQLITE_BUSY_SNAPSHOT (busy_timeout does not apply). An immediate one makes the other writer wait.
 * Each case makes a second connection commit just before the transaction's first write.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { seatAt } from '../../commands/games.js';
import type { BotContext } from '../../src/bot/context.js';
import { translator } from '../../src/table/i18n.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * Opens a store and a second connection ("another shard") on one file. The first time `store`
 * prepares SQL starting with `before`, the other connection tries to commit a write (without waiting);
 * `otherWrote` tells whether it could (a deferred transaction lets it in, then fails its own write).
 */
function twoShards(before: string) {
  const path = join(tempDir('hq-rtw-'), 'hq.db');
  const store = openStore(path, engineOf, () => 1000);
  const other = new Database(path, { timeout: 0 });
  const state = { otherWrote: null as boolean | null };
  const prepare = store.db.prepare.bind(store.db);
  (store.db as { prepare: unknown }).prepare = (sql: string) => {
    if (state.otherWrote === null && sql.trimStart().startsWith(before)) {
      try {
        other.prepare("INSERT INTO user_prefs (user_id, updated_at) VALUES ('other-shard', 1) ON CONFLICT(user_id) DO NOTHING").run();
        state.otherWrote = true;
      } catch {
        state.otherWrote = false;
      }
    }
    return prepare(sql);
  };
  const close = () => {
    other.close();
    store.close();
  };
  return { store, state, close };
}

test('the once-told seat-view notice is taken under the write lock', () => {
  const { store, state, close } = twoShards('UPDATE user_prefs SET seat_notice = NULL');
  try {
    store.seatChannels.fellBack('u1', 'dm-closed');
    assert.equal(store.seatChannels.takeNotice('u1'), 'dm-closed');
    assert.equal(state.otherWrote, false, 'the other shard waited');
    assert.equal(store.seatChannels.takeNotice('u1'), null);
  } finally {
    close();
  }
});

test("/games' Join seats the user under the write lock", () => {
  const { store, state, close } = twoShards('UPDATE games SET updated_at');
  try {
    const g = store.games.create({ game: 'phom', options: {}, optionsHash: 'h', seed: 's', seats: 4, guildId: 'g1', channelId: 'c1' });
    const r = seatAt({ store } as unknown as BotContext, g.id, 'u2', 'Bình', translator('en'));
    assert.equal(r.ok, true);
    assert.equal(state.otherWrote, false, 'the other shard waited');
    assert.deepEqual(
      store.games.seats(g.id).map((s) => s.userId),
      ['u2'],
    );
  } finally {
    close();
  }
});
