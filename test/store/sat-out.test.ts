/**
 * Vietnamese mahjong at 5–6 people: exactly four play each hand, the others sit it out
 * (vn-mahjong.md §3). A person who sat a hand out has no hand played: not rated (they were ranked
 * last, below the losers, and lost rating), not counted in /score's hands or /leaderboard, and
 * their 0 is not a "best hand". Their row stays for the match's standings.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, timeOutToResult } from '../support/table-rig.js';
import { fillRatingHistory, ratingHistory } from '../../src/store/rating-history.js';
import type { HandResult } from '../../src/games/core/types.js';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore, migrate, MIGRATIONS_FOR_TEST } from './helpers.js';
import { engineOf } from '../../src/table/manifests.js';
import { tempDir } from '../support/temp-dir.js';

test('vn-mahjong, 5 people: the person sitting out is kept in the standings but not rated, counted or ranked', () => {
  const r = rig('vn-mahjong', ['human', 'human', 'human', 'human', 'human'], { options: { 'player-count': 5 }, seed: 'sat-out' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const t = timeOutToResult(r);
  const result = t.engine.result(t.state) as HandResult;
  const playing = new Set(result.ranking.flat());
  const out = [0, 1, 2, 3, 4].filter((s) => !playing.has(s));
  assert.equal(out.length, 1, 'one of five sits the hand out');
  const [o] = out as [number];
  const rows = r.store.results.handsOf(r.gameId, 0);
  assert.equal(rows.length, 5, 'a row for everyone: the standings show the hand');
  assert.equal(rows.find((x) => x.seat === o)!.points, 0);
  assert.equal(rows.find((x) => x.seat === o)!.rank, 0);
  assert.ok(
    rows.filter((x) => x.seat !== o).every((x) => x.rank >= 1 && x.rank <= 4),
    'the four players rank 1–4',
  );

  const user = `u${o}`;
  const rating = r.store.db.prepare('SELECT mu FROM ratings WHERE user_id = ?');
  assert.equal(rating.get(user), undefined, 'not rated');
  for (const s of [0, 1, 2, 3, 4].filter((x) => x !== o)) assert.ok(rating.get(`u${s}`), `u${s} is rated`);
  const rec = r.store.results.record('g', user, 'vn-mahjong', 'all');
  assert.equal(rec.hands, 0);
  assert.deepEqual(rec.bests, [], 'a hand sat out is no best hand');
  assert.equal(r.store.results.record('g', `u${[...playing][0]}`, 'vn-mahjong', 'all').hands, 1);
  const board = r.store.results.leaderboard('g', 'vn-mahjong', 'all');
  assert.ok(!board.some((x) => x.userId === user), 'not on the leaderboard for a hand not played');
  assert.equal(board.length, 4);

  // The rating chart's fill replays the same hands: it neither rates the reserve nor runs again each time.
  fillRatingHistory(r.store.db, 'g', 'vn-mahjong');
  assert.equal((r.store.db.prepare('SELECT COUNT(*) AS n FROM rating_history_filled').get() as { n: number }).n, 1);
  assert.deepEqual(ratingHistory(r.store.db, 'g', 'vn-mahjong', user), []);
  assert.equal(r.store.results.matchTotals(r.gameId).get(o) ?? 0, 0, 'the standings keep the reserve at 0');
});

test('migration 28: hands sat out stored before (ranked last, 5 or 6) are no hands played; the others keep their rank', (t) => {
  const path = join(tempDir('hq-satout-', t), 'old.db');
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS_FOR_TEST.filter((m) => m.version < 28),
  );
  old
    .prepare(
      "INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at) VALUES ('v5','vn-mahjong','{}','h','s',5,'finished',1,1)",
    )
    .run();
  const row = old.prepare(
    `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
     VALUES ('v5', 0, ?, 'g', ?, ?, ?, ?, 'point', ?, ?, 5, '{}', 1)`,
  );
  // Four played (ranks 1–4), the fifth sat out and was ranked 5; a Chắn row at rank 5 is a real 5th place.
  [1, 2, 2, 4, 5].forEach((rank, seat) =>
    row.run(seat, 'vn-mahjong', `u${seat}`, `P${seat}`, rank === 5 ? 0 : 10 - seat * 5, rank, rank === 1 ? 1 : 0),
  );
  row.run(5, 'chan', 'u9', 'C', -3, 5, 0);
  old.close();
  const store = openStore(path, engineOf);
  const ranks = store.db.prepare('SELECT seat, game, rank FROM results ORDER BY seat').all() as {
    seat: number;
    game: string;
    rank: number;
  }[];
  assert.deepEqual(
    ranks.map((r) => r.rank),
    [1, 2, 2, 4, 0, 5],
  );
  assert.equal(store.results.record('g', 'u4', 'vn-mahjong', 'all').hands, 0);
  assert.equal(store.results.record('g', 'u3', 'vn-mahjong', 'all').hands, 1);
});
