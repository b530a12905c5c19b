/**
 * /score's rating chart (store/rating-history.ts, migration 18): each person's rating after a hand is
 * kept on their result row, so the chart reads their rows only. Rows recorded before migration 18
 * are filled once per server and game by replaying the results; both ways give the same points, and
 * the last point is the rating the leaderboard shows.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ordinal } from 'openskill';
import { openStore, ratingHistory, eraseUser, type SeatRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { HandResult } from '../../src/games/core/types.js';

const people = ['u1', 'u2', 'u3', 'u4', 'u5'];

/** 40 hands of 4 seats among five people and an AI, on two servers, with varied winners. */
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

test('the chart read from the stored ratings equals the replay of the results, and ends at the leaderboard rating', () => {
  const store = played();
  const stored = people.map((u) => ratingHistory(store.db, 'gA', 'phom', u));
  assert.ok(
    stored.every((p) => p.length > 3),
    'everyone has points',
  );
  for (const [k, u] of people.entries()) {
    const r = store.db.prepare("SELECT mu, sigma FROM ratings WHERE guild_id = 'gA' AND game = 'phom' AND user_id = ?").get(u) as {
      mu: number;
      sigma: number;
    };
    assert.equal(stored[k]!.at(-1)!.ordinal, ordinal(r), `${u}: the last point is their rating`);
  }
  // As a database written before migration 18: no rating on the rows, nothing filled.
  store.db.exec('UPDATE results SET mu_after = NULL, sigma_after = NULL; DELETE FROM rating_history_filled');
  const replayed = people.map((u) => ratingHistory(store.db, 'gA', 'phom', u));
  assert.deepEqual(replayed, stored);
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
  assert.notDeepEqual(ratingHistory(store.db, 'gB', 'phom', 'u1'), stored[0]);
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
