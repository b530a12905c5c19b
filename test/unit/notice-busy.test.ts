/**
 * "Open my hand" and /prefs read the seat-view notices (bot/seat-channels.ts): they took the write
 * lock (BEGIN IMMEDIATE) at every view, with or without a notice to tell, so a file another process
 * held (another shard on the shared file, the CLI) made every view wait and then fail ("Something went
 * wrong"). Nothing to tell is now read without a write; a notice the busy file keeps is told later.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore } from '../store/helpers.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';
import { seatNoticeLine, tableNoticeLine } from '../../src/bot/seat-channels.js';

test('notices under a write lock held elsewhere: nothing to tell answers at once; one to tell waits for later', () => {
  const path = join(tempDir('hq-notice-busy-'), 'test.db');
  const store = openStore(path, () => toyEngine as AnyEngine);
  store.db.pragma('busy_timeout = 50');
  const row = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: 'g' });
  store.seatChannels.open({ gameId: row.id, seat: 0, userId: 'u0', place: 'dm', channelId: 'dm0', lang: 'en' });
  const other = new Database(path);
  other.exec('BEGIN IMMEDIATE');
  try {
    assert.equal(seatNoticeLine(store, 'u0', 'en'), null);
    assert.equal(tableNoticeLine(store, row.id, 'u0', 'en'), null);
  } finally {
    other.exec('ROLLBACK');
  }
  store.seatChannels.tableFellBack(row.id, 0, 'thread-kind');
  other.exec('BEGIN IMMEDIATE');
  try {
    assert.equal(tableNoticeLine(store, row.id, 'u0', 'en'), null, 'kept: the file is busy');
  } finally {
    other.exec('ROLLBACK');
    other.close();
  }
  assert.match(tableNoticeLine(store, row.id, 'u0', 'en') ?? '', /announcement channel/, 'told once the file is free');
  assert.equal(tableNoticeLine(store, row.id, 'u0', 'en'), null, 'once');
  store.close();
});
