/**
 * A player's rating over time (issue #14 §5, /score's chart): their OpenSkill ordinal after each of
 * their hands of a game on a server. ResultStore.updateRatings stores each person's rating after a
 * hand on their result row (migration 18), so the chart reads that player's rows only. Rows recorded
 * before migration 18 are filled once per server and game by replaying its stored results, hand by
 * hand in the order they were recorded, exactly as updateRatings computed them then (AI seats as
 * fresh players; ranks as stored).
 */
import { rating as osRating, rate as osRate, ordinal, type Rating } from 'openskill';
import type { DB } from './db.js';

/** The rank stored for a seat that sat a hand out (results.ts `ranksOf`): not rated, no hand played. */
export const SAT_OUT = 0;

/**
 * The rank of a refund row (results.ts `recordRefunds`): money a match gave back when it ended (Phỏm's
 * gà pot no Ù took, phom.md §15.12), stored after its last hand. No hand played: not rated, not
 * counted as a hand or a win; its points count in the match standings and in /score's totals.
 */
export const POT_REFUND = -1;

/** The rows of hands played (ranks 1…): neither a hand sat out (SAT_OUT) nor a refund (POT_REFUND). */
export const PLAYED = `rank > ${SAT_OUT}`;

/**
 * Until 6b12c5c (2026-12-05 06:47 UTC) a Vietnamese mahjong hand sat out (5–6 people) was ranked last,
 * below the four who played (the table's seat count), and rated so; migration 28 stored those rows as
 * SAT_OUT and kept the ratings they moved. The chart's fill rates them as they were rated then, so it
 * ends at the rating the leaderboard shows; hands sat out since were never rated.
 */
const SAT_OUT_RANKED_LAST_UNTIL = Date.UTC(2026, 11, 5, 6, 47, 53);
const RATED_THEN = `(${PLAYED} OR (game = 'vn-mahjong' AND rank = ${SAT_OUT} AND created_at < ${SAT_OUT_RANKED_LAST_UNTIL}))`;

export interface RatingPoint {
  t: number;
  ordinal: number;
}

/**
 * The ratings after one hand: every seat takes part, with its rating before it (a person's, an AI
 * level's: results.ts `ratingIdOf`), or as a newcomer (`undefined`: a person's first hand, a hand the
 * AI played for a person's seat, an erased player; before migration 18's fill, any AI seat), ranked as
 * stored. Null when fewer than two seats played (nothing to rate). ResultStore.updateRatings and the
 * fill below both rate through it, so the chart is what the ratings table holds.
 */
export function rateHand(before: readonly (Rating | undefined)[], ranks: readonly number[]): Rating[] | null {
  if (before.length < 2) return null;
  return osRate(
    before.map((r) => [r ?? osRating()]),
    { rank: [...ranks] },
  ).map((team) => team[0]!);
}

export function ratingHistory(db: DB, guildId: string, game: string, userId: string): RatingPoint[] {
  fillRatingHistory(db, guildId, game);
  const rows = db
    .prepare(
      `SELECT created_at, mu_after, sigma_after FROM results
        WHERE guild_id = ? AND game = ? AND user_id = ? AND mu_after IS NOT NULL ORDER BY rowid`,
    )
    .all(guildId, game, userId) as { created_at: number; mu_after: number; sigma_after: number }[];
  // In the order rated, in time that never goes back: a hand played after the host clock stepped back
  // is stamped before the one rated ahead of it, and the chart (ordered by time) drew the line out of
  // order and named an older rating as the player's present one.
  let latest = -Infinity;
  return rows.map((r) => {
    latest = Math.max(latest, r.created_at);
    return { t: latest, ordinal: ordinal({ mu: r.mu_after, sigma: r.sigma_after }) };
  });
}

/**
 * Fills the ratings after each hand of a server's game from its results, once (migration 18). A row
 * that has its rating already (recorded since migration 18) keeps it, and the replay goes on from
 * it. Rows from before are recomputed, which is exact unless a player of that server and game was
 * erased before (their seats replay as a newcomer each hand, as before migration 18): eraseUser
 * fills first, so only an erasure made by an older release can leave such a gap.
 *
 * AI seats replay as newcomers (μ 25, σ 25/3) at every hand, not as their level's rating
 * (results.ts `ratingIdOf`, since 2026-12-07): the rows replayed are those recorded before
 * migration 18, which were rated so, and the ratings table still holds what that rule gave (later
 * hands went on from it). Replayed with the levels' ratings, the chart would no longer end at the
 * leaderboard's rating; nor could it be done, as a result row keeps no AI level. Rows recorded
 * since keep the rating they were given, whatever the rule then.
 */
export function fillRatingHistory(db: DB, guildId: string, game: string): void {
  const filled = () => db.prepare('SELECT 1 FROM rating_history_filled WHERE guild_id = ? AND game = ?').get(guildId, game);
  if (filled()) return;
  db.transaction(() => {
    if (filled()) return;
    const mark = () => db.prepare('INSERT INTO rating_history_filled (guild_id, game) VALUES (?, ?)').run(guildId, game);
    // Every person's row already has its rating (all recorded since migration 18): nothing to replay.
    const missing = db
      .prepare(`SELECT 1 FROM results WHERE guild_id = ? AND game = ? AND user_id IS NOT NULL AND mu_after IS NULL AND ${PLAYED} LIMIT 1`)
      .get(guildId, game);
    if (!missing) return void mark();
    const rows = db
      .prepare(
        `SELECT rowid, game_id, hand, seat, user_id, rank, mu_after, sigma_after FROM results
          WHERE guild_id = ? AND game = ? AND ${RATED_THEN} ORDER BY rowid`,
      )
      .all(guildId, game) as {
      rowid: number;
      game_id: string;
      hand: number;
      seat: number;
      user_id: string | null;
      rank: number;
      mu_after: number | null;
      sigma_after: number | null;
    }[];
    const hands = new Map<string, typeof rows>();
    for (const r of rows) {
      const k = `${r.game_id}\u0000${r.hand}`;
      const list = hands.get(k);
      if (list) list.push(r);
      else hands.set(k, [r]);
    }
    const set = db.prepare('UPDATE results SET mu_after = ?, sigma_after = ? WHERE rowid = ?');
    const ratings = new Map<string, Rating>();
    for (const list of hands.values()) {
      const seats = [...list].sort((a, b) => a.seat - b.seat);
      // An AI seat (no user id) as a newcomer: the rule these rows were rated by (see above).
      const rated = rateHand(
        seats.map((s) => (s.user_id ? ratings.get(s.user_id) : undefined)),
        seats.map((s) => (s.rank === SAT_OUT ? seats.length : s.rank)),
      );
      if (!rated) continue;
      seats.forEach((s, i) => {
        if (!s.user_id) return;
        if (s.mu_after !== null && s.sigma_after !== null) {
          ratings.set(s.user_id, osRating({ mu: s.mu_after, sigma: s.sigma_after }));
          return;
        }
        const r = rated[i]!;
        ratings.set(s.user_id, r);
        set.run(r.mu, r.sigma, s.rowid);
      });
    }
    mark();
  }).immediate();
}
