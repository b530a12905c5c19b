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
