/**
 * /score's rating chart (store/rating-history.ts, migration 18): each person's rating after a hand is
 * kept on their result row, so the chart reads their rows only. Rows recorded before migration 18
 * are filled once per server and game by replaying the results as that release rated them (an AI
 * seat a newcomer at every hand; since 2026-12-07 each AI level has a rating of its own, which no
 * result row records), so the last point is the rating the leaderboard shows either way.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ordinal, type Rating } from 'openskill';
import { openStore, ratingHistory, eraseUser, rateHand, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';

const people = ['u1', 'u2', 'u3', 'u4', 'u5'];

/** 40 hands of 4 seats among five people and an AI (normal), on two servers, with varied winners. */
function played(): Store {
  let now = 1_000;
  const store = openStore(':memory:', engineOf, () => now++);
  for (let k = 0; k < 40; k++) {
    const guildId = k % 5 === 4 ? 'gB' : 'gA';
    const seats: SeatRow[] = [0, 1, 2, 3].map((seat) => {
      const who = (k + seat + (seat >= 2 ? k % 2 : 0)) % 6;
      return who === 5
        ? { seat, userId: null, isAi: true, displayName: 'AI' }
        : { seat, userId: people[who]!, isAi: false, displayName: people[who]! };
    });
    if (new Set(seats.map((s) => s.userId)).size < 4) continue;
    const row = store.games.create({ game: 'phom', guildId, options: {}, optionsHash: 'x', seed: `s${k}`, seats: 4 });
    store.games.setSeats(row.id, seats);
    const w = (k * 7) % 4;
    const order = [w, ...[0, 1, 2, 3].filter((s) => s !== w)];
    const result: HandResult = {
      winners: [w],
      ranking: order.map((s) => [s]),
      deltas: [0, 1, 2, 3].map((s) => (s === w ? 9 : -3)),
      payments: [],
      items: [],
      unit: 'bet',
      endedBy: 'rank',
    };
    store.results.recordHand(row.id, 'phom', guildId, 0, seats, result);
    store.games.update(row.id, { status: 'finished' });
  }
  return store;
}

/**
 * `store` as a release before migration 18 (and before 2026-12-07) left it: no rating on the result
 * rows, no chart filled, and the ratings table as its updateRatings computed it, every AI seat rated
 * as a newcomer at every hand (not the AI level's rating), hand by hand in the order recorded.
 */
function asBeforeMigration18(store: Store): void {
  const rows = store.db.prepare('SELECT game_id, hand, seat, guild_id, game, user_id, rank FROM results ORDER BY rowid').all() as {
    game_id: string;
    hand: number;
    seat: number;
    guild_id: string;
    game: string;
    user_id: string | null;
    rank: number;
  }[];
  const hands = new Map<string, typeof rows>();
  for (const r of rows) hands.set(`${r.game_id}\u0000${r.hand}`, [...(hands.get(`${r.game_id}\u0000${r.hand}`) ?? []), r]);
  const ratings = new Map<string, { guild: string; game: string; user: string; rating: Rating }>();
  const key = (r: (typeof rows)[number]) => `${r.guild_id}\u0000${r.game}\u0000${r.user_id}`;
  for (const list of hands.values()) {
    const seats = [...list].sort((a, b) => a.seat - b.seat);
    const after = rateHand(
      seats.map((r) => (r.user_id ? ratings.get(key(r))?.rating : undefined)),
      seats.map((r) => r.rank),
    )!;
    seats.forEach((r, i) => {
      if (r.user_id) ratings.set(key(r), { guild: r.guild_id, game: r.game, user: r.user_id, rating: after[i]! });
    });
  }
  store.db.exec('UPDATE results SET mu_after = NULL, sigma_after = NULL; DELETE FROM rating_history_filled; DELETE FROM ratings');
  const ins = store.db.prepare('INSERT INTO ratings (guild_id, game, user_id, mu, sigma, updated_at) VALUES (?, ?, ?, ?, ?, 0)');
  for (const r of ratings.values()) ins.run(r.guild, r.game, r.user, r.rating.mu, r.rating.sigma);
}

/** `userId`'s rating on the leaderboard of gA's Phỏm (the ratings table). */
function leaderboardOrdinal(store: Store, userId: string): number {
  const r = store.db.prepare("SELECT mu, sigma FROM ratings WHERE guild_id = 'gA' AND game = 'phom' AND user_id = ?").get(userId) as {
    mu: number;
    sigma: number;
  };
  return ordinal(r);
}

test('the chart read from the stored ratings ends at the leaderboard rating', () => {
  const store = played();
  const stored = people.map((u) => ratingHistory(store.db, 'gA', 'phom', u));
  assert.ok(
    stored.every((p) => p.length > 3),
    'everyone has points',
  );
  for (const [k, u] of people.entries())
    assert.equal(stored[k]!.at(-1)!.ordinal, leaderboardOrdinal(store, u), `${u}: the last point is their rating`);
  // The AI seats played as the AI level's rating: a row of its own, on no chart.
  assert.ok(store.db.prepare("SELECT 1 FROM ratings WHERE guild_id = 'gA' AND user_id = 'ai:normal'").get());
});

test('a database from before migration 18 is filled as that release rated it, AI seats as newcomers, and ends at the leaderboard rating', () => {
  const store = played();
  asBeforeMigration18(store);
  const replayed = people.map((u) => ratingHistory(store.db, 'gA', 'phom', u));
  assert.ok(replayed.every((p) => p.length > 3));
  for (const [k, u] of people.entries())
    assert.equal(replayed[k]!.at(-1)!.ordinal, leaderboardOrdinal(store, u), `${u}: ends at their rating`);
  assert.equal(
    (
      store.db.prepare("SELECT COUNT(*) AS n FROM results WHERE guild_id = 'gA' AND user_id IS NOT NULL AND mu_after IS NULL").get() as {
        n: number;
      }
    ).n,
    0,
    'filled on the first read',
  );
  assert.equal((store.db.prepare('SELECT COUNT(*) AS n FROM rating_history_filled').get() as { n: number }).n, 1, 'once, for gA only');
  // The other server's chart is its own.
  assert.notDeepEqual(ratingHistory(store.db, 'gB', 'phom', 'u1'), replayed[0]);
  // Filled again, the same points (the fill is the replay of the rows, nothing else).
  store.db.exec('UPDATE results SET mu_after = NULL, sigma_after = NULL; DELETE FROM rating_history_filled');
  assert.deepEqual(
    people.map((u) => ratingHistory(store.db, 'gA', 'phom', u)),
    replayed,
  );
});

test('a person erased (/privacy) takes their ratings along; the others keep their charts', () => {
  const store = played();
  const before = ratingHistory(store.db, 'gA', 'phom', 'u2');
  assert.equal(eraseUser(store.db, 'u1').ok, true);
  assert.deepEqual(ratingHistory(store.db, 'gA', 'phom', 'u1'), []);
  assert.equal(
    (store.db.prepare('SELECT COUNT(*) AS n FROM results WHERE user_id IS NULL AND mu_after IS NOT NULL').get() as { n: number }).n,
    0,
  );
  assert.deepEqual(ratingHistory(store.db, 'gA', 'phom', 'u2'), before);
});

test('erasing someone on a database from before migration 18 fills the charts first: the others’ charts stay as they were', () => {
  const store = played();
  asBeforeMigration18(store);
  const expected = ratingHistory(store.db, 'gA', 'phom', 'u2');
  // As upgraded from an older release: no rating on the rows, nothing filled.
  store.db.exec('UPDATE results SET mu_after = NULL, sigma_after = NULL; DELETE FROM rating_history_filled');
  assert.equal(eraseUser(store.db, 'u1').ok, true);
  // Replayed after the erasure, u1's seats would count as a newcomer's each hand and move u2's chart.
  assert.deepEqual(ratingHistory(store.db, 'gA', 'phom', 'u2'), expected);
});

test('filling keeps the ratings rows already have (recorded since migration 18) and goes on from them', () => {
  const store = played();
  const rows = store.db.prepare("SELECT rowid AS id FROM results WHERE guild_id = 'gA' AND user_id = 'u2' ORDER BY rowid").all() as {
    id: number;
  }[];
  const mid = rows[Math.floor(rows.length / 2)]!.id;
  // Rows before `mid` as an older release left them; u2's row at `mid` with a rating the replay would
  // not give (an erasure by an older release makes such a difference).
  store.db.exec(`UPDATE results SET mu_after = NULL, sigma_after = NULL WHERE rowid < ${mid}; DELETE FROM rating_history_filled`);
  store.db.prepare('UPDATE results SET mu_after = 40, sigma_after = 2 WHERE rowid = ?').run(mid);
  const after = store.db.prepare('SELECT rowid, mu_after FROM results WHERE rowid > ? AND mu_after IS NOT NULL').all(mid);
  const points = ratingHistory(store.db, 'gA', 'phom', 'u2');
  assert.ok(
    points.some((p) => p.ordinal === ordinal({ mu: 40, sigma: 2 })),
    'the stored rating is kept',
  );
  assert.deepEqual(store.db.prepare('SELECT rowid, mu_after FROM results WHERE rowid > ? AND mu_after IS NOT NULL').all(mid), after);
  assert.equal(
    (
      store.db.prepare("SELECT COUNT(*) AS n FROM results WHERE guild_id = 'gA' AND user_id IS NOT NULL AND mu_after IS NULL").get() as {
        n: number;
      }
    ).n,
    0,
  );
});

/** 30 hands of Vietnamese mahjong among five people (one sits each hand out, rank 0), from clock `start`. */
function vnFive(start: number): Store {
  let now = start;
  const store = openStore(':memory:', engineOf, () => now++);
  for (let k = 0; k < 30; k++) {
    const seats: SeatRow[] = people.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: u }));
    const row = store.games.create({ game: 'vn-mahjong', guildId: 'gA', options: {}, optionsHash: 'x', seed: `v${k}`, seats: 5 });
    store.games.setSeats(row.id, seats);
    const out = k % 5;
    const playing = [0, 1, 2, 3, 4].filter((s) => s !== out);
    const w = playing[(k * 3) % 4]!;
    const result: HandResult = {
      winners: [w],
      ranking: [[w], playing.filter((s) => s !== w)],
      deltas: [0, 1, 2, 3, 4].map((s) => (s === out ? 0 : s === w ? 9 : -3)),
      payments: [],
      items: [],
      unit: 'points',
      endedBy: 'mahjong',
    };
    store.results.recordHand(row.id, 'vn-mahjong', 'gA', 0, seats, result);
    store.games.update(row.id, { status: 'finished' });
  }
  return store;
}

test('hands sat out before 2026-12-05, ranked last and rated then, are rated so when an older database fills its chart', () => {
  const charts = (s: Store) => people.map((u) => ratingHistory(s.db, 'gA', 'vn-mahjong', u));
  const refill = (s: Store) => s.db.exec('UPDATE results SET mu_after = NULL, sigma_after = NULL; DELETE FROM rating_history_filled');
  // Played on 2026-12-02: the release then ranked the seat sitting out last (5 of 5 seats) and rated it.
  const before = vnFive(Date.UTC(2026, 11, 2));
  before.db.exec('UPDATE results SET rank = 5 WHERE rank = 0');
  refill(before);
  const ratedThen = charts(before);
  assert.ok(ratedThen.every((p) => p.length >= 20));
  // Upgraded past migrations 18 and 28 at once: the rows sat out are rank 0, the chart not yet filled.
  before.db.exec("UPDATE results SET rank = 0 WHERE game = 'vn-mahjong' AND rank > 4");
  refill(before);
  assert.deepEqual(charts(before), ratedThen);
  // Sat out since the fix: never rated, nor by the fill.
  const after = vnFive(Date.UTC(2026, 11, 6));
  const recorded = charts(after);
  refill(after);
  assert.deepEqual(charts(after), recorded);
  assert.notDeepEqual(recorded, ratedThen);
});
