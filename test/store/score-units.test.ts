/**
 * /score's total of one game in each unit it was played in (store/results.ts `record` `totals`): a Chắn
 * table with a stake pays money, one without points (chan.md §10 A = V × stake). Added together, 6,000
 * money and −14 points read "5,986 points" (the larger unit name won: MAX(unit)).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';
import type { SeatRow } from '../../src/store/games.js';

/** A two-seat hand: the seat with more wins it, ranked first. */
const hand = (deltas: number[], unit: string): HandResult => {
  const w = deltas[0]! >= deltas[1]! ? 0 : 1;
  return { winners: [w], ranking: [[w], [1 - w]], deltas, payments: [], items: [], unit, endedBy: 'rank' } as unknown as HandResult;
};

test('a game played with and without a stake: one total per unit, never added up', () => {
  const store = openStore(':memory:', engineOf);
  const seats: SeatRow[] = [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
    { seat: 1, userId: 'u1', isAi: false, displayName: 'Bình' },
  ];
  const play = (deltas: number[], unit: string) => {
    const g = store.games.create({ game: 'chan', guildId: 'g', options: {}, optionsHash: 'h', seed: 's', seats: 2 });
    store.games.setSeats(g.id, seats);
    store.games.start(g.id);
    store.results.recordHand(g.id, 'chan', 'g', 0, seats, hand(deltas, unit));
  };
  play([-14, 14], 'point');
  play([-3, 3], 'point');
  play([6000, -6000], 'money');
  const r = store.results.record('g', 'u0', 'chan', 'all');
  assert.deepEqual(r.totals, [
    { unit: 'point', total: -17 },
    { unit: 'money', total: 6000 },
  ]);
  assert.equal(r.hands, 3);
  assert.deepEqual(store.results.record('g', 'u0', null, 'all').totals, [], 'several games: none');
  store.close();
});
