/**
 * Refund rows (rank POT_REFUND = −1, results.ts `recordRefunds`): what a match gives back as it ends
 * (Phỏm's gà pot no Ù took, phom.md §15.12). No hand played: not rated, not counted as a hand or a
 * win, never a best hand, nobody's leaderboard entry on their own; their points are the player's in
 * /score's total and in the match standings (apart from the hands, for the chart).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAi, rig } from '../support/table-rig.js';
import { fillRatingHistory } from '../../src/store/rating-history.js';

const REFUND_RANK = -1;

test('refund rows are no hand played: /score counts their points only, ratings and /leaderboard ignore them', () => {
  const r = rig('phom', ['human', 'human'], { seed: 'refund-rows' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  const before = r.store.results.record('g', 'u0', 'phom', 'all');
  assert.equal(before.hands, 1);
  // A refund row for u0 after the hand, and one for a person who has nothing else in the game.
  const ins = r.store.db.prepare(
    `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
     VALUES (?, 1, ?, 'g', 'phom', ?, ?, ?, 'bet', ?, 0, 2, '{}', ?)`,
  );
  ins.run(r.gameId, 0, 'u0', 'P0', 100, REFUND_RANK, r.clock.t);
  ins.run(r.gameId, 1, 'u7', 'P7', 3, REFUND_RANK, r.clock.t);

  const after = r.store.results.record('g', 'u0', 'phom', 'all');
  assert.equal(after.hands, 1, 'no hand more');
  assert.equal(after.wins, before.wins);
  assert.equal(after.total, before.total + 100, 'the money back is theirs');
  assert.equal(after.bests[0]!.hand, 0, 'a refund is no best hand');
  const board = r.store.results.leaderboard('g', 'phom', 'all');
  assert.ok(!board.some((x) => x.userId === 'u7'), 'nobody is on the leaderboard for a refund alone');
  assert.equal(board.find((x) => x.userId === 'u0')!.hands, 1);
  // The rating chart's fill replays the stored hands: a refund is none of them.
  r.store.db.prepare('UPDATE results SET mu_after = NULL, sigma_after = NULL').run();
  fillRatingHistory(r.store.db, 'g', 'phom');
  const refilled = r.store.db.prepare('SELECT COUNT(*) AS n FROM results WHERE rank = ? AND mu_after IS NOT NULL').get(REFUND_RANK) as {
    n: number;
  };
  assert.equal(refilled.n, 0, 'no rating after a refund');
  // The standings: in the total, not a hand of the chart.
  const me = r.store.results.matchStandings(r.gameId, r.store.games.seats(r.gameId)).find((e) => e.userId === 'u0')!;
  assert.deepEqual([...me.byHand.keys()], [0]);
  assert.equal(me.total, (me.byHand.get(0) ?? 0) + 100);
});
