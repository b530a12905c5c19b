/**
 * Migration 36 (`seat-hand-for`): a seat remembers the person whose hand in play its new AI plays out
 * (a member gone from the server mid-hand: src/table/seating.ts `memberGone`; `SeatRow.handFor`).
 * Seats stored before it read as they did; the column names a user, so /privacy erases it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase, eraseUser, FORMER_PLAYER, unhandledUserColumns, USER_COLUMNS } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { GameStore } from '../../src/store/games.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

test('migration 36: seats stored before it read as before (nobody’s hand), and the new column is one /privacy erases', (t) => {
  const path = join(tempDir('hq-m36-', t), 'hq.db');
  const old = openDatabase(
    path,
    MIGRATIONS.filter((m) => m.version < 36),
  );
  old.exec(`INSERT INTO games (id, game, guild_id, status, options, options_hash, seed, seats, version, hand_index, created_at, updated_at)
            VALUES ('g1', 'phom', 'gd', 'running', '{}', 'h', 's', 2, 0, 0, 0, 0)`);
  old.exec(`INSERT INTO game_seats (game_id, seat, user_id, is_ai, display_name, ai_level)
            VALUES ('g1', 0, 'u0', 0, 'P0', 'normal'), ('g1', 1, NULL, 1, 'AI 1', 'strong')`);
  old.close();
  const db = openDatabase(path);
  t.after(() => db.close());
  const games = new GameStore(db, engineOf);
  assert.deepEqual(games.seats('g1'), [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'P0', aiLevel: 'normal' },
    { seat: 1, userId: null, isAi: true, displayName: 'AI 1', aiLevel: 'strong' },
  ]);
  assert.deepEqual(unhandledUserColumns(db), [], 'hand_for_user_id is listed in USER_COLUMNS');
  assert.ok(USER_COLUMNS.game_seats!.some((c) => c.column === 'hand_for_user_id'));
  // Written by a step (the seat passes to an AI that plays the hand out for u9) and read back.
  db.prepare("UPDATE game_seats SET hand_for_user_id = 'u9', hand_for_name = 'Nine' WHERE game_id = 'g1' AND seat = 1").run();
  assert.deepEqual(games.seats('g1')[1]!.handFor, { userId: 'u9', displayName: 'Nine' });
  // The hand is still theirs: the erasure waits for it (openSeatsOf); over (the match finished during
  // it, the seat keeping whose it was), the seat forgets them.
  const refused = eraseUser(db, 'u9');
  assert.equal(refused.ok, false, JSON.stringify(refused));
  db.prepare("UPDATE games SET status = 'finished' WHERE id = 'g1'").run();
  const r = eraseUser(db, 'u9');
  assert.ok(r.ok && r.seats === 1, JSON.stringify(r));
  assert.deepEqual(games.seats('g1')[1]!.handFor, { userId: null, displayName: FORMER_PLAYER });
});
