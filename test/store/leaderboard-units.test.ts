/**
 * A Chắn table with a stake pays money, one without points (chan.md §10; chan/finish.ts `unit`).
 * /leaderboard's total and /score's best hand keep them apart: the board added a player's money
 * and points into one number, and /score's best hand was the largest amount whatever its unit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';
import { leaderboardSays } from '../support/leaderboard.js';

const seats: SeatRow[] = [
  { seat: 0, userId: 'u1', isAi: false, displayName: 'An' },
  { seat: 1, userId: 'u2', isAi: false, displayName: 'Bình' },
];

function hand(unit: 'point' | 'money', winner: 0 | 1, amount: number): HandResult {
  const deltas = winner === 0 ? [amount, -amount] : [-amount, amount];
  return { winners: [winner], ranking: [[winner], [1 - winner]], deltas, payments: [], items: [], unit, endedBy: 'u' };
}

function table(store: Store, k: number, hands: HandResult[]): string {
  const row = store.games.create({ game: 'chan', guildId: 'g', options: {}, optionsHash: 'x', seed: `s${k}`, seats: 2 });
  store.games.setSeats(row.id, seats);
  store.games.update(row.id, { status: 'finished' });
  hands.forEach((h, n) => store.results.recordHand(row.id, 'chan', 'g', n, seats, h));
  return row.id;
}

function server(): { store: Store; staked: string } {
  let now = 1_000;
  const store = openStore(':memory:', engineOf, () => (now += 1_000));
  // Three hands for points (u1 wins 12 and 3, u2 wins 5), then one hand at a stake of 10 money (u2 wins 40).
  table(store, 1, [hand('point', 0, 12), hand('point', 1, 5), hand('point', 0, 3)]);
  const staked = table(store, 2, [hand('money', 1, 40)]);
  return { store, staked };
}

test('the leaderboard totals each unit apart, the most-played first', () => {
  const { store } = server();
  const board = store.results.leaderboard('g', 'chan', 'all');
  const of = (u: string) => board.find((r) => r.userId === u)!;
  assert.deepEqual(of('u1').totals, [
    { unit: 'point', total: 10 },
    { unit: 'money', total: -40 },
  ]);
  assert.deepEqual(of('u2').totals, [
    { unit: 'point', total: -10 },
    { unit: 'money', total: 40 },
  ]);
  assert.deepEqual([of('u1').hands, of('u1').wins, of('u2').hands, of('u2').wins], [4, 2, 4, 2]);
  store.close();
});

test("/leaderboard's line names each unit", async () => {
  const { store } = server();
  const text = await leaderboardSays(store, 'chan');
  assert.match(text, /<@u1> .*total 10 points, -40 money/);
  assert.match(text, /<@u2> .*total -10 points, 40 money/);
  store.close();
});

test("/score's best hand: one per unit, never a money hand over a points hand by its number", () => {
  const { store, staked } = server();
  const rec = store.results.record('g', 'u2', 'chan', 'all');
  assert.deepEqual(
    rec.bests.map((b) => [b.unit, b.points, b.gameId === staked]),
    [
      ['point', 5, false],
      ['money', 40, true],
    ],
  );
  const u1 = store.results.record('g', 'u1', 'chan', 'all');
  assert.deepEqual(
    u1.bests.map((b) => [b.unit, b.points]),
    [
      ['point', 12],
      ['money', -40],
    ],
  );
  store.close();
});
