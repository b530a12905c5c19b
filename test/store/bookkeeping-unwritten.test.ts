/**
 * A bookkeeping write (a message id, the last notice, the version the table message shows) that the
 * storage refuses is kept in memory and read back, then written with the game's next write that
 * succeeds (store/games.ts `unwritten`); a change of the game itself still fails as a whole.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore } from './helpers.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

test('bookkeeping the storage refuses is read back, then written; a change of the game is refused', () => {
  const store = openStore(join(tempDir('hq-unwritten-'), 'test.db'), () => toyEngine as AnyEngine);
  const row = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: 'g' });
  const raw = () =>
    store.db.prepare('SELECT last_notice, result_message_id, shown_version, status FROM games WHERE id = ?').get(row.id) as {
      last_notice: string | null;
      result_message_id: string | null;
      shown_version: number | null;
      status: string;
    };
  store.db.pragma('query_only = ON');
  assert.doesNotThrow(() => store.games.update(row.id, { lastNotice: 'result:0', resultMessageId: 'm1' }));
  assert.doesNotThrow(() => store.games.markShown(row.id, 3));
  assert.equal(store.games.get(row.id)!.lastNotice, 'result:0', 'read back');
  assert.equal(store.games.get(row.id)!.resultMessageId, 'm1');
  assert.equal(store.games.shownVersion(row.id), 3);
  assert.equal(raw().last_notice, null, 'not in the file');
  assert.throws(() => store.games.update(row.id, { status: 'cancelled' }), /readonly/i, 'a change of the game fails');
  assert.equal(store.games.get(row.id)!.status, 'lobby');
  store.db.pragma('query_only = OFF');
  store.games.update(row.id, { tableMessageId: 't1' });
  assert.deepEqual(raw(), { last_notice: 'result:0', result_message_id: 'm1', shown_version: 3, status: 'lobby' }, 'written together');
  assert.equal(store.games.get(row.id)!.tableMessageId, 't1');
  store.close();
});

test('bookkeeping kept goes with a change of the game that succeeds', () => {
  const store = openStore(join(tempDir('hq-unwritten-'), 'test.db'), () => toyEngine as AnyEngine);
  const row = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: 'g' });
  store.db.pragma('query_only = ON');
  store.games.update(row.id, { lobbyMessageId: 'l1' });
  store.db.pragma('query_only = OFF');
  store.games.update(row.id, { status: 'cancelled' });
  const r = store.db.prepare('SELECT lobby_message_id, status FROM games WHERE id = ?').get(row.id);
  assert.deepEqual(r, { lobby_message_id: 'l1', status: 'cancelled' });
  store.close();
});
