/**
 * A player's rating over time (issue #14 §5, /score's chart): the server's OpenSkill ratings for a
 * game are replayed from the stored results, hand by hand in the order they were recorded, exactly
 * as ResultStore.updateRatings computed them (AI seats as fresh players; ranks as stored), and the
 * player's ordinal is taken after each of their hands. The ratings table keeps only the latest.
 */
import { rating as osRating, rate as osRate, ordinal, type Rating } from 'openskill';
import type { DB } from './db.js';

export interface RatingPoint {
  t: number;
  ordinal: number;
}

export function ratingHistory(db: DB, guildId: string, game: string, userId: string): RatingPoint[] {
  const rows = db
    .prepare(
      `SELECT game_id, hand, seat, user_id, rank, created_at FROM results
        WHERE guild_id = ? AND game = ? ORDER BY rowid`,
    )
    .all(guildId, game) as { game_id: string; hand: number; seat: number; user_id: string | null; rank: number; created_at: number }[];
  const hands = new Map<string, typeof rows>();
  for (const r of rows) {
    const k = `${r.game_id}\u0000${r.hand}`;
    const list = hands.get(k);
    if (list) list.push(r);
    else hands.set(k, [r]);
  }
  const ratings = new Map<string, Rating>();
  const out: RatingPoint[] = [];
  for (const list of hands.values()) {
    const seats = [...list].sort((a, b) => a.seat - b.seat);
    const humans = seats.filter((s) => s.user_id);
    if (humans.length < 2 && seats.length < 2) continue;
    const teams = seats.map((s) => [(s.user_id ? ratings.get(s.user_id) : undefined) ?? osRating()]);
    const rated = osRate(teams, { rank: seats.map((s) => s.rank) });
    seats.forEach((s, i) => {
      if (!s.user_id) return;
      const r = rated[i]![0]!;
      ratings.set(s.user_id, r);
      if (s.user_id === userId) out.push({ t: s.created_at, ordinal: ordinal(r) });
    });
  }
  return out;
}
