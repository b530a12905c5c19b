/**
 * Whose rating each seat of a hand plays with (store/results.ts `ratingIdOf`, `updateRatings`):
 * - an AI of its own: its level's rating on that server and game, a ratings row of its own
 *   (`ai:easy`, `ai:normal`, `ai:strong`) moved by each hand like a person's; several seats of one
 *   level each play from the level's rating before the hand, and the row moves once from all of
 *   them (`levelAfter`). Before 2026-12-07 every AI seat played as a newcomer at every hand.
 * - a person's seat the AI plays for them (away, timed out): a newcomer, and nobody's rating moves
 *   for it, as before.
 * - the hand in play when its person was found gone from the server (`SeatRow.handFor`): their own
 *   hand, with their rating (before 2026-12-07: not rated).
 * AI levels are nobody: no /leaderboard or /score row, and a person's erasure leaves them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rating, type Rating } from 'openskill';
import { eraseUser, levelAfter, openStore, rateHand, unhandledUserColumns, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { AiLevel } from '../../src/games/core/ai.js';
import type { GameId, HandResult } from '../../src/games/core/types.js';

const person = (seat: number, userId: string): SeatRow => ({ seat, userId, isAi: false, displayName: userId });
const ai = (seat: number, aiLevel: AiLevel): SeatRow => ({ seat, userId: null, isAi: true, displayName: `AI ${seat + 1}`, aiLevel });
/** A person's seat the AI plays for them (away, timed out). */
const standIn = (seat: number, userId: string): SeatRow => ({ seat, userId, isAi: true, displayName: userId, aiLevel: 'normal' });

/** Seat `order[0]` first, `order[1]` second…: each a rank of its own. */
function result(order: readonly number[]): HandResult {
  return {
    winners: [order[0]!],
    ranking: order.map((s) => [s]),
    deltas: order.map((_, s) => (s === order[0] ? order.length - 1 : -1)),
    payments: [],
    items: [],
    unit: 'bet',
    endedBy: 'rank',
  };
}

/** Ranks by seat from a finishing order. */
const ranksBy = (order: readonly number[]) => order.map((_, s) => order.indexOf(s) + 1);

function newStore(): Store {
  let now = 1_000;
  return openStore(':memory:', engineOf, () => now++);
}

let nextHand = 0;
function record(store: Store, seats: SeatRow[], order: number[], guildId = 'gA', game: GameId = 'phom'): void {
  const row = store.games.create({ game, guildId, options: {}, optionsHash: 'x', seed: `s${nextHand}`, seats: seats.length });
  store.games.setSeats(row.id, seats);
  store.results.recordHand(row.id, game, guildId, nextHand++, seats, result(order));
  store.games.update(row.id, { status: 'finished' });
}

function stored(store: Store, id: string, guildId = 'gA', game = 'phom'): (Rating & { matches: number }) | undefined {
  return store.db
    .prepare('SELECT mu, sigma, matches FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?')
    .get(guildId, game, id) as (Rating & { matches: number }) | undefined;
}

const near = (a: Rating | undefined, b: Rating, what: string) => {
  assert.ok(a, `${what} is rated`);
  assert.ok(Math.abs(a.mu - b.mu) < 1e-9 && Math.abs(a.sigma - b.sigma) < 1e-9, `${what}: ${a.mu}/${a.sigma}, expected ${b.mu}/${b.sigma}`);
};

test('each AI level is a player of its own per server and game, moved once per hand by all its seats', () => {
  const store = newStore();
  const seats = [person(0, 'u1'), ai(1, 'easy'), ai(2, 'easy'), ai(3, 'strong')];
  // Hand 1: everyone new.
  const first = rateHand([undefined, undefined, undefined, undefined], ranksBy([1, 0, 3, 2]))!;
  record(store, seats, [1, 0, 3, 2]);
  near(stored(store, 'u1'), first[0]!, 'u1');
  near(stored(store, 'ai:easy'), levelAfter(rating(), [first[1]!, first[2]!]), 'ai:easy (its two seats)');
  near(stored(store, 'ai:strong'), first[3]!, 'ai:strong');
  assert.equal(stored(store, 'ai:easy')!.matches, 1, 'one update for the hand');
  // Hand 2: the AI seats play from their level's rating, not as newcomers.
  const easy = stored(store, 'ai:easy')!;
  const second = rateHand([stored(store, 'u1'), easy, easy, stored(store, 'ai:strong')], ranksBy([0, 3, 1, 2]))!;
  record(store, seats, [0, 3, 1, 2]);
  near(stored(store, 'u1'), second[0]!, 'u1 after hand 2');
  near(stored(store, 'ai:easy'), levelAfter(easy, [second[1]!, second[2]!]), 'ai:easy after hand 2');
  // Another server's, another game's: rows of their own, from the default.
  record(store, [person(0, 'u1'), ai(1, 'easy')], [0, 1], 'gB');
  record(store, [person(0, 'u1'), ai(1, 'easy')], [0, 1], 'gA', 'chan');
  const fresh = rateHand([undefined, undefined], [1, 2])!;
  near(stored(store, 'ai:easy', 'gB'), fresh[1]!, 'ai:easy on gB');
  near(stored(store, 'ai:easy', 'gA', 'chan'), fresh[1]!, 'ai:easy in Chắn');
  assert.equal(stored(store, 'ai:easy')!.matches, 2);
  store.db.close();
});

test('levelAfter: one seat’s rating is the level’s; several seats each move it', () => {
  const before = rating({ mu: 20, sigma: 4 });
  const a = rating({ mu: 19, sigma: 3.9 });
  const b = rating({ mu: 20.5, sigma: 3.8 });
  near(levelAfter(before, [a]), a, 'one seat');
  const both = levelAfter(before, [a, b]);
  near(both, rating({ mu: 20 - 1 + 0.5, sigma: 4 * (3.9 / 4) * (3.8 / 4) }), 'two seats');
});

test('AI levels are nobody: not on /leaderboard or /score, and a person’s erasure keeps them', () => {
  const store = newStore();
  record(store, [person(0, 'u1'), ai(1, 'easy'), ai(2, 'normal'), person(3, 'u2')], [1, 2, 0, 3]);
  assert.deepEqual(
    store.results
      .leaderboard('gA', 'phom', 'all')
      .map((r) => r.userId)
      .sort(),
    ['u1', 'u2'],
  );
  assert.equal(store.results.record('gA', 'ai:easy', 'phom', 'all').hands, 0);
  assert.ok(stored(store, 'ai:easy') && stored(store, 'ai:normal'));
  assert.equal(eraseUser(store.db, 'u1').ok, true);
  assert.equal(stored(store, 'u1'), undefined);
  assert.ok(stored(store, 'ai:easy') && stored(store, 'ai:normal'), 'the levels’ rows stay');
  assert.deepEqual(unhandledUserColumns(store.db), []);
  store.db.close();
});

test('a seat the AI plays for a person counts for nobody and plays as a newcomer, whatever the level’s rating', () => {
  const store = newStore();
  store.db
    .prepare(
      "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, matches, updated_at) VALUES ('gA', 'phom', 'ai:normal', 10, 2, 50, 0)",
    )
    .run();
  const expected = rateHand([undefined, undefined, rating({ mu: 10, sigma: 2 })], ranksBy([1, 0, 2]))!;
  record(store, [person(0, 'u1'), standIn(1, 'u2'), ai(2, 'normal')], [1, 0, 2]);
  near(stored(store, 'u1'), expected[0]!, 'u1');
  assert.equal(stored(store, 'u2'), undefined, 'nobody’s rating moves for the stand-in’s hand');
  near(stored(store, 'ai:normal'), expected[2]!, 'ai:normal, its own seat only');
  store.db.close();
});

test('a hand that rates no person moves no AI level either', () => {
  const store = newStore();
  record(store, [standIn(0, 'u1'), ai(1, 'easy'), ai(2, 'strong')], [1, 0, 2]);
  assert.deepEqual(store.db.prepare('SELECT user_id FROM ratings').all(), []);
  store.db.close();
});

test('the hand played out for a member gone from the server is their own: rated from their rating, on their chart', () => {
  const store = newStore();
  store.db
    .prepare("INSERT INTO ratings (guild_id, game, user_id, mu, sigma, matches, updated_at) VALUES ('gA', 'phom', 'u3', 30, 3, 40, 0)")
    .run();
  const gone: SeatRow = { ...ai(1, 'normal'), handFor: { userId: 'u3', displayName: 'Three' } };
  const expected = rateHand([undefined, rating({ mu: 30, sigma: 3 }), undefined], ranksBy([0, 2, 1]))!;
  record(store, [person(0, 'u1'), gone, ai(2, 'easy')], [0, 2, 1]);
  near(stored(store, 'u3'), expected[1]!, 'u3');
  const row = store.db.prepare('SELECT user_id, for_user_id, display_name, mu_after FROM results WHERE seat = 1').get() as {
    user_id: string | null;
    for_user_id: string | null;
    display_name: string;
    mu_after: number | null;
  };
  assert.deepEqual(row, { user_id: 'u3', for_user_id: null, display_name: 'Three', mu_after: expected[1]!.mu });
  assert.equal(store.results.record('gA', 'u3', 'phom', 'all').hands, 1);
  assert.equal(stored(store, 'ai:normal'), undefined, 'the seat’s new AI plays it for them: no AI level’s hand');
  store.db.close();
});
