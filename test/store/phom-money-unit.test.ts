/**
 * Migration 41: a Phỏm table with a bet unit above 1 pays money (phom.md §2, §10: amounts × B), as
 * the result now says; its rows stored before said 'bet' and were added to B = 1 tables' bets. They
 * now say 'money' (row and items); B = 1 tables and other games are left as they were.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openDatabase, openStore, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

const seats: SeatRow[] = [
  { seat: 0, userId: 'u1', isAi: false, displayName: 'An' },
  { seat: 1, userId: 'u2', isAi: false, displayName: 'Bình' },
];

function table(store: Store, game: 'phom' | 'chan', options: Record<string, unknown>, unit: string, amount: number): string {
  const row = store.games.create({ game, guildId: 'g', options, optionsHash: 'x', seed: `s${amount}`, seats: 2 });
  store.games.setSeats(row.id, seats);
  store.games.update(row.id, { status: 'finished' });
  const hand: HandResult = {
    winners: [0],
    ranking: [[0], [1]],
    deltas: [amount, -amount],
    payments: [{ from: 1, to: 0, amount, reason: 'u' }],
    items: [
      { id: 'u', seat: 0, value: amount, unit },
      { id: 'deadwood', seat: 1, value: 17, unit: 'point' },
    ],
    unit,
    endedBy: 'u',
  };
  store.results.recordHand(row.id, game, 'g', 0, seats, hand);
  return row.id;
}

test('migration 41 names the money of Phỏm tables with a bet unit above 1, and nothing else', (t) => {
  const path = join(tempDir('hq-m41-', t), 'hq.db');
  const before = openStore(path, engineOf);
  const big = table(before, 'phom', { 'bet-unit': 1000 }, 'bet', 5000);
  const one = table(before, 'phom', { 'bet-unit': 1 }, 'bet', 5);
  const chan = table(before, 'chan', { stake: 1 }, 'point', 7);
  before.close();
  // As a database of migration 40 holds them.
  const raw = openDatabase(path);
  raw.prepare('DELETE FROM schema_migrations WHERE version = 41').run();
  raw.close();
  const store = openStore(path, engineOf);
  t.after(() => store.close());
  const rows = (id: string) =>
    store.db.prepare('SELECT unit, summary FROM results WHERE game_id = ? ORDER BY seat').all(id) as { unit: string; summary: string }[];
  const units = (id: string) =>
    rows(id).map((r) => [r.unit, ...(JSON.parse(r.summary) as { items: { unit: string }[] }).items.map((i) => i.unit)]);
  assert.deepEqual(units(big), [
    ['money', 'money'],
    ['money', 'point'],
  ]);
  assert.deepEqual(units(one), [
    ['bet', 'bet'],
    ['bet', 'point'],
  ]);
  assert.deepEqual(units(chan), [
    ['point', 'point'],
    ['point', 'point'],
  ]);
  const board = store.results.leaderboard('g', 'phom', 'all');
  assert.deepEqual(board.find((r) => r.userId === 'u1')!.totals, [
    { unit: 'bet', total: 5 },
    { unit: 'money', total: 5000 },
  ]);
});
