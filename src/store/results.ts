/**
 * Finished hands per seat (for /score, /leaderboard, /history) and the server's ratings.
 * Points are stored in each game's own unit; ratings use OpenSkill (Plackett–Luce), which handles
 * 2–6-player free-for-all results with ties.
 */
import { netPoints } from '../games/core/result.js';
import { rating as osRating, ordinal, type Rating } from 'openskill';
import { PLAYED, POT_REFUND, rateHand, SAT_OUT } from './rating-history.js';
import type { DB } from './db.js';
import { DEFAULT_AI_LEVEL, type AiLevel } from '../games/core/ai.js';
import type { GameId, HandResult, Seat } from '../games/core/types.js';
import type { SeatRow } from './games.js';

export type Period = 'all' | 'week' | 'month' | 'year';

export function periodStart(period: Period, now: number): number {
  const day = 24 * 3600 * 1000;
  switch (period) {
    case 'all':
      return 0;
    case 'week':
      return now - 7 * day;
    case 'month':
      return now - 30 * day;
    case 'year':
      return now - 365 * day;
  }
}

export interface PlayerRecord {
  hands: number;
  wins: number;
  /** The points of every row in scope added up (one unit: its total; see `totals`). */
  total: number;
  /**
   * One game in scope: its total in each unit it was played in, most rows first (a Chắn table with
   * a stake pays money, one without points: chan.md §10; added together they were labelled as the
   * larger unit name). Several games: none (their units differ).
   */
  totals: { unit: string; total: number }[];
  /**
   * The best hand (most points, earliest first) of each game in scope and each unit it was played
   * in, the most-played first. Units differ between games (Phỏm counts bets, mahjong points) and
   * between Chắn tables (money with a stake, points without: chan.md §10), so there is no best
   * across them (a hand won for 40 money at a stake of 10 is no better than one won for 12 points).
   */
  bests: BestHand[];
  /**
   * What matches gave back as they ended (refund rows, `RefundRow`) in scope, per game: counted in
   * `total`, not as hands. A refund belongs to the period of its own row's date (the match's end),
   * so a period may hold a refund and no hand (the hands that paid it were earlier).
   */
  refunds: RefundTotal[];
}

/** A game's refund rows in a /score scope (`PlayerRecord.refunds`). */
export interface RefundTotal {
  game: GameId;
  unit: string;
  points: number;
  rows: number;
}

export interface BestHand {
  game: GameId;
  gameId: string;
  hand: number;
  points: number;
  unit: string;
  summary: unknown;
}

export interface LeaderRow {
  userId: string;
  displayName: string;
  hands: number;
  wins: number;
  /**
   * Their points in each unit of the game they played in, the game's most-played unit on the server
   * (in the period) first: a Chắn table with a stake pays money, one without points (chan.md §10),
   * never added together.
   */
  totals: { unit: string; total: number }[];
  rating: number;
  mu: number;
  sigma: number;
}

/** What each seat won or lost in a hand (games/core/result.ts), here for the store's readers. */
export { netPoints };

/** Whether a hand's stored rows (what was paid, by seat) are what its replayed result pays (`net`). */
export function paidAsReplayed(paid: readonly { seat: number; points: number }[], net: readonly number[]): boolean {
  return paid.every((x) => Math.abs(x.points - (net[x.seat] ?? 0)) < 1e-9);
}

/**
 * Rank (1 = best) of each seat from a HandResult ranking (ties share a rank); 0 for a seat the
 * ranking leaves out, which did not play the hand: Vietnamese mahjong's reserves at 5–6 people
 * (vn-mahjong.md §3, "exactly 4 play each hand"). Such a row is kept (its 0 points belong to the
 * match's standings) but is no hand played: not rated, not counted in /score or /leaderboard.
 */
export function ranksOf(result: HandResult, seats: number): number[] {
  const ranks = new Array<number>(seats).fill(SAT_OUT);
  let r = 1;
  for (const group of result.ranking) {
    for (const s of group) ranks[s] = r;
    r += group.length;
  }
  return ranks;
}

/** One seat's stored result of one hand. */
export interface HandRow {
  hand: number;
  seat: Seat;
  /**
   * Null for an AI, also for a hand the AI played for a person's seat; the person's own for the hand
   * in play when they were found gone from the server, which the AI played out (`bookedAs`).
   */
  userId: string | null;
  /**
   * The person whose seat the AI played this hand for (migration 33); null for their own hand or an
   * AI's.
   */
  forUserId?: string | null;
  points: number;
  /** The game's unit of `points` ('points', 'bet', …). */
  unit: string;
  rank: number;
  won: boolean;
  displayName: string;
}

/** A person (or an AI) of a match and the points they made, hand by hand (ResultStore.matchStandings). */
export interface MatchEntry {
  /** The seat they sit in now, or last sat in. */
  seat: Seat;
  userId: string | null;
  /** Their name on their latest hand (their present seat's name while seated). */
  name: string;
  /** Whether they hold a seat now; false: they left the table. */
  seated: boolean;
  /** Their points in each hand played. */
  byHand: Map<number, number>;
  /** What the match gave back to them when it ended (refund rows, `recordRefunds`): in `total`, not in `byHand`. */
  refund: number;
  /** The unit of their stored rows (the game's: 'bet', 'point'…); absent before they played a hand. */
  unit?: string;
  total: number;
}

/**
 * A refund row (rank POT_REFUND): money the match gives back to a person when it ends, which no hand
 * paid (Phỏm's gà pot no Ù took goes back to whoever paid into it, phom.md §15.12). Stored after the
 * match's last hand, under hand numbers of their own (`hand`: no hand of the log has it), with the
 * seat, person and name of the rows that charged it, so that it is theirs in the standings.
 */
export interface RefundRow {
  hand: number;
  seat: Seat;
  userId: string | null;
  /** As HandRow's: the person whose AI-played seat paid it. */
  forUserId?: string | null;
  displayName: string;
  points: number;
  unit: string;
  /** The hands whose rows charged what is refunded. */
  paidIn: number[];
}

/**
 * Whether a stored row (seat, user, name) is the present occupant's of its seat (`now`): a person's
 * own rows and those the AI played for their seat (stored without a user id, `forUserId` naming
 * them: migration 33); an AI's by its name (unique in its match: seating.ts `aiRow`). Before, a row
 * the AI played for a person was told by the seat's name only, so a newcomer of the same name
 * inherited it.
 */
export function sameOccupant(
  row: { userId: string | null; forUserId?: string | null; displayName: string },
  now: { userId: string | null; displayName: string } | undefined,
): boolean {
  if (!now) return true;
  if (now.userId !== null) return row.userId === now.userId || row.forUserId === now.userId;
  return row.userId === null && !row.forUserId && row.displayName === now.displayName;
}

/**
 * Whose a seat's result row is, stored as `seats` had it during the hand (also a refund's and a total's
 * row of the table step: src/table/act.ts): a person's own hand under their id; a hand the AI played
 * for a person's seat (away, timed out: an AI seat with their id) without a user id, `forUserId`
 * naming them (migration 33); else the AI's own. The hand in play when its person was found gone from
 * the server (`SeatRow.handFor`: the new AI played it out) is their own hand, under their id and the
 * name they sat with: they played it and left during it, so it is in their /score, /leaderboard and
 * rating as Phỏm's Leave button books a Móm, and leaving the server erases no losing hand from what a
 * community compares (README "A member who leaves the server"). The seat's live occupant is the AI
 * all the same (`occupantSeat`: the AI's total starts from 0).
 */
export function bookedAs(s: SeatRow): { userId: string | null; forUserId: string | null; displayName: string } {
  if (s.handFor) return { userId: s.handFor.userId, forUserId: null, displayName: s.handFor.displayName };
  return { userId: s.isAi ? null : s.userId, forUserId: s.isAi ? s.userId : null, displayName: s.displayName };
}

/**
 * The ratings row of an AI level on a server and game: a pseudo id, never a Discord id (those are
 * digits), so no /leaderboard or /score row reads it (they join ratings on the result rows' user
 * ids, and an AI's rows have none) and no /privacy erasure (of a Discord id) deletes it.
 */
export function aiRatingId(level: AiLevel): string {
  return `ai:${level}`;
}

/**
 * The ratings row a seat plays a hand with and moves (`updateRatings`): a person's own hand (`bookedAs`)
 * their id; an AI of its own (not standing in for anyone) its level's pseudo id (`aiRatingId`), a
 * player of its own with a rating that moves hand by hand, as bots are rated on OGS. Rating an AI as
 * a newcomer (μ 25, σ 25/3) at every hand, whatever its level, let a person farm: a normal player
 * alone against three easy AIs passed a community's best after ~166 hands. Null: a hand the AI
 * played for a person's seat (away, timed out), which counts for nobody and plays as a newcomer, as
 * it always did (neither the person's skill nor the AI level's alone).
 */
export function ratingIdOf(s: SeatRow): string | null {
  const person = bookedAs(s).userId;
  if (person) return person;
  if (s.isAi && !s.userId && !s.handFor) return aiRatingId(s.aiLevel ?? DEFAULT_AI_LEVEL);
  return null;
}

/** Whether a ratings id is an AI level's (`aiRatingId`), not a person's. */
function isAiRatingId(id: string): boolean {
  return id.startsWith('ai:');
}

/**
 * An AI level's rating after a hand from its seats' ratings after it (`after`; several seats of one
 * level each played from the level's rating before the hand, `before`). The level is one player, so
 * every seat's result is evidence about it: its row takes each seat's update as if they were applied
 * one after another (μ moves by the sum of the seats' moves, σ² shrinks by the product of their
 * factors); with one seat, that seat's rating. The mean of the seats' ratings (a third of that move
 * for three seats) let a farmer alone against three easy AIs rise three times as fast as the level
 * fell, ending further above what the same skill earns among people; the first seat's alone made the
 * row a random walk on that seat's luck (both measured with test/store/rating-farm.test.ts's skill
 * model, 2026-12-07).
 */
export function levelAfter(before: Rating, after: readonly Rating[]): Rating {
  const mu = after.reduce((m, r) => m + (r.mu - before.mu), before.mu);
  const variance = after.reduce((v, r) => v * (r.sigma / before.sigma) ** 2, before.sigma ** 2);
  return osRating({ mu, sigma: Math.sqrt(variance) });
}

/** A result row as the match totals count it (`matchTotalsOf`): whose it is, where it was played, what it paid. */
export interface TotalRow {
  seat: number;
  userId: string | null;
  forUserId?: string | null;
  displayName: string;
  points: number;
}

/**
 * The seat whose present occupant a result row is (`sameOccupant`), or undefined: one who left, an
 * AI that was replaced. A person's rows are theirs at whichever seat they sit in now, as in the
 * standings (`matchStandings`, by person): one who left and later took a seat again (Phỏm, phom.md
 * §3) is no newcomer. Counting only the rows of the seat they sit in, the table showed 0 at another
 * seat while the result messages and the standings chart counted their hands. An AI's rows
 * count at their own seat only: an AI never changes seats, and before 2026-12-06 two AIs of a match
 * could share a name in different seats (seating.ts aiRow). A seat `seats` does not list keeps its
 * rows, as without `seats`.
 */
export function occupantSeat(
  row: Omit<TotalRow, 'points'>,
  seats: readonly { seat: number; userId: string | null; displayName: string }[] | undefined,
): number | undefined {
  if (!seats) return row.seat;
  const here = seats.find((s) => s.seat === row.seat);
  if (here && sameOccupant(row, here)) return row.seat;
  const person = seats.find((s) => s.userId !== null && sameOccupant(row, s));
  return person ? person.seat : here ? undefined : row.seat;
}

/** `ResultStore.matchTotals` from the rows (pure: also the step's table, `Step.after`). */
export function matchTotalsOf(
  rows: readonly TotalRow[],
  seats?: readonly { seat: number; userId: string | null; displayName: string }[],
): Map<number, number> {
  const out = new Map<number, number>();
  for (const r of rows) {
    const seat = occupantSeat(r, seats);
    if (seat !== undefined) out.set(seat, (out.get(seat) ?? 0) + r.points);
  }
  return out;
}

/** `ResultStore.matchStandings` from the rows (pure, for tests). */
export function matchStandings(rows: readonly HandRow[], seats: readonly Pick<SeatRow, 'seat' | 'userId' | 'displayName'>[]): MatchEntry[] {
  // A row without a user id whose seat and name are a person's (on another row or seated now) is theirs.
  const personAt = new Map<string, string>();
  for (const r of rows) if (r.userId) personAt.set(`${r.seat}\u0000${r.displayName}`, r.userId);
  for (const s of seats) if (s.userId) personAt.set(`${s.seat}\u0000${s.displayName}`, s.userId);
  const keyOf = (seat: number, userId: string | null, name: string, forUserId?: string | null): string => {
    const u = userId ?? forUserId ?? personAt.get(`${seat}\u0000${name}`);
    // An AI (or an erased player) by its seat and name: an AI's name is unique in its match since
    // 2026-12-06 (seating.ts aiRow); before, two AIs of a match could share one in different seats.
    return u ? `u:${u}` : `ai:${seat}:${name}`;
  };
  const out = new Map<string, MatchEntry>();
  /** The entry of whoever sat at `seat` under `name`, now placed there (latest row, then the seats). */
  const entry = (seat: number, userId: string | null, name: string, forUserId?: string | null): MatchEntry => {
    const key = keyOf(seat, userId, name, forUserId);
    let e = out.get(key);
    if (!e) out.set(key, (e = { seat, userId: null, name, seated: false, byHand: new Map<number, number>(), refund: 0, total: 0 }));
    Object.assign(e, { seat, name, userId: key.startsWith('u:') ? key.slice(2) : null });
    return e;
  };
  for (const r of rows) {
    const e = entry(r.seat, r.userId, r.displayName, r.forUserId);
    e.unit = r.unit;
    if (r.rank === POT_REFUND) e.refund += r.points;
    else e.byHand.set(r.hand, (e.byHand.get(r.hand) ?? 0) + r.points);
    e.total += r.points;
  }
  for (const s of seats) entry(s.seat, s.userId, s.displayName).seated = true;
  return [...out.values()];
}

/** A results row's game was not abandoned (migration 10): abandoned games stay out of /score and /leaderboard. */
const NOT_ABANDONED = 'game_id NOT IN (SELECT id FROM games WHERE abandoned_at IS NOT NULL)';

export class ResultStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /** Store one finished hand (idempotent per game/hand) and update the ratings of its people and AI levels (`updateRatings`). */
  recordHand(gameId: string, game: GameId, guildId: string | null, hand: number, seats: SeatRow[], result: HandResult): void {
    const exists = this.db.prepare('SELECT 1 FROM results WHERE game_id = ? AND hand = ? LIMIT 1').get(gameId, hand);
    if (exists) return;
    const ranks = ranksOf(result, seats.length);
    const net = netPoints(result);
    const t = this.now();
    this.db.transaction(() => {
      const ins = this.db.prepare(
        `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, for_user_id, display_name, points, unit, rank, won, players, summary, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const s of seats) {
        const summary = {
          items: result.items.filter((i) => i.seat === s.seat),
          payments: result.payments.filter((p) => p.from === s.seat || p.to === s.seat),
          endedBy: result.endedBy,
        };
        const who = bookedAs(s);
        ins.run(
          gameId,
          hand,
          s.seat,
          guildId,
          game,
          who.userId,
          who.forUserId,
          who.displayName,
          net[s.seat] ?? 0,
          result.unit,
          ranks[s.seat]!,
          result.winners.includes(s.seat) ? 1 : 0,
          seats.length,
          JSON.stringify(summary),
          t,
        );
      }
      if (guildId) this.updateRatings(guildId, game, gameId, hand, seats, ranks);
    })();
  }

  /**
   * Store what a match gives back when it ends (`RefundRow`, rank POT_REFUND): not rated, no hand
   * played, no win. A hand number that holds rows already is left as it is (idempotent).
   */
  recordRefunds(gameId: string, game: GameId, guildId: string | null, players: number, rows: readonly RefundRow[]): void {
    if (!rows.length) return;
    const t = this.now();
    const taken = this.db.prepare('SELECT 1 FROM results WHERE game_id = ? AND hand = ? AND seat = ?');
    const ins = this.db.prepare(
      `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, for_user_id, display_name, points, unit, rank, won, players, summary, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const r of rows) {
        if (taken.get(gameId, r.hand, r.seat)) continue;
        const summary = { items: [{ id: 'pot-refund', seat: r.seat, value: r.points, unit: r.unit }], payments: [], paidIn: r.paidIn };
        ins.run(
          gameId,
          r.hand,
          r.seat,
          guildId,
          game,
          r.userId,
          r.forUserId ?? null,
          r.displayName,
          r.points,
          r.unit,
          POT_REFUND,
          players,
          JSON.stringify(summary),
          t,
        );
      }
    })();
  }

  /**
   * The ratings after a hand, stored in the ratings table and on the hand's result rows (/score's chart).
   * Every seat that played takes part with its ratings row's rating (`ratingIdOf`: a person's, an AI
   * level's), so a person beating AIs still moves; one sitting the hand out (SAT_OUT) does not. A hand
   * that rates no person moves nothing (not even an AI level: its rating is what people measure
   * themselves against, so only their hands move it).
   */
  private updateRatings(guildId: string, game: GameId, gameId: string, hand: number, seats: SeatRow[], ranks: number[]): void {
    const get = this.db.prepare('SELECT mu, sigma FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?');
    const ratingOf = (id: string | null): Rating | undefined => {
      const r = id ? (get.get(guildId, game, id) as { mu: number; sigma: number } | undefined) : undefined;
      return r ? osRating({ mu: r.mu, sigma: r.sigma }) : undefined;
    };
    const played = seats.filter((s) => ranks[s.seat] !== SAT_OUT);
    const ids = played.map(ratingIdOf);
    if (!ids.some((id) => id && !isAiRatingId(id))) return;
    // Several seats of one AI level each play from the level's rating before the hand.
    const before = ids.map(ratingOf);
    const rated = rateHand(
      before,
      played.map((s) => ranks[s.seat]!),
    );
    if (!rated) return;
    const up = this.db.prepare(
      `INSERT INTO ratings (guild_id, game, user_id, mu, sigma, matches, updated_at) VALUES (?, ?, ?, ?, ?, 1, ?)
       ON CONFLICT(guild_id, game, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = matches + 1, updated_at = excluded.updated_at`,
    );
    const after = this.db.prepare('UPDATE results SET mu_after = ?, sigma_after = ? WHERE game_id = ? AND hand = ? AND seat = ?');
    const levels = new Map<string, { before: Rating | undefined; after: Rating[] }>();
    played.forEach((s, i) => {
      const id = ids[i];
      if (!id) return;
      const r = rated[i]!;
      if (isAiRatingId(id)) {
        const level = levels.get(id) ?? { before: before[i], after: [] };
        levels.set(id, { ...level, after: [...level.after, r] });
        return;
      }
      up.run(guildId, game, id, r.mu, r.sigma, this.now());
      after.run(r.mu, r.sigma, gameId, hand, s.seat);
    });
    // An AI level's row moves once per hand, from all its seats (`levelAfter`); its result rows keep
    // no rating (no chart reads them).
    for (const [id, level] of levels) {
      const r = levelAfter(level.before ?? osRating(), level.after);
      up.run(guildId, game, id, r.mu, r.sigma, this.now());
    }
  }

  handsOf(gameId: string, hand?: number): HandRow[] {
    const cols = 'SELECT hand, seat, user_id, for_user_id, points, unit, rank, won, display_name FROM results WHERE game_id = ?';
    return (
      (hand === undefined
        ? this.db.prepare(`${cols} ORDER BY hand, seat`).all(gameId)
        : this.db.prepare(`${cols} AND hand = ? ORDER BY seat`).all(gameId, hand)) as {
        hand: number;
        seat: number;
        user_id: string | null;
        for_user_id: string | null;
        points: number;
        unit: string;
        rank: number;
        won: number;
        display_name: string;
      }[]
    ).map((r) => ({
      hand: r.hand,
      seat: r.seat,
      userId: r.user_id,
      forUserId: r.for_user_id,
      points: r.points,
      unit: r.unit,
      rank: r.rank,
      won: r.won === 1,
      displayName: r.display_name,
    }));
  }

  /**
   * Each seat as hand `hand` was played (its result rows: a player who left during it settled with
   * it; the seat's present occupant where the hand has no result yet): the name, and whether it was an
   * AI of its own (a row with no user, not played for a person: `forUserId`), so a reader's words can
   * name it ("電腦 1").
   */
  seatsAsPlayed(
    gameId: string,
    hand: number,
    seats: readonly Pick<SeatRow, 'seat' | 'displayName' | 'isAi' | 'userId' | 'handFor'>[],
  ): { displayName: string; isAi: boolean; userId: string | null }[] {
    const rows = this.handsOf(gameId, hand);
    return seats.map((s) => {
      const r = rows.find((x) => x.seat === s.seat);
      // No result (the hand in play, or the one the match ended in): the seat as its row books it
      // (`bookedAs`: a hand played out for a member gone from the server is theirs).
      const who = r ?? bookedAs(s);
      return { displayName: who.displayName, isAi: who.userId === null && !who.forUserId, userId: who.userId };
    });
  }

  /**
   * Everyone who played a hand of the match, one entry per person (an AI by its name), with their
   * points hand by hand: the seats' present occupants and those who left (phom.md §11.3), so the
   * standings add up to the hands played. Hands the AI played for a person's seat (stored without
   * a user id, under the seat's name) are that person's.
   */
  matchStandings(gameId: string, seats: readonly Pick<SeatRow, 'seat' | 'userId' | 'displayName'>[]): MatchEntry[] {
    return matchStandings(this.handsOf(gameId), seats);
  }

  /** When a hand's result was stored (ms), or null. */
  playedAt(gameId: string, hand: number): number | null {
    const r = this.db.prepare('SELECT MIN(created_at) AS at FROM results WHERE game_id = ? AND hand = ?').get(gameId, hand) as {
      at: number | null;
    };
    return r.at;
  }

  /** The hands of a game whose results are stored (a refund row's hand number is none: `RefundRow`). */
  handsRecorded(gameId: string): number[] {
    return (
      this.db.prepare(`SELECT DISTINCT hand FROM results WHERE game_id = ? AND rank <> ${POT_REFUND} ORDER BY hand`).all(gameId) as {
        hand: number;
      }[]
    ).map((r) => r.hand);
  }

  /**
   * Match totals per seat (sum over hands). With `seats` (who sits where now), a seat's total is its
   * present occupant's in the match, whatever seat they played it at (`occupantSeat`), as the
   * standings count it: a newcomer who takes a seat during the match (Phỏm, phom.md §3), or a new AI,
   * starts from 0 and does not inherit the leaver's balance; one who left and sits down again has
   * their own balance back.
   */
  matchTotals(gameId: string, seats?: readonly { seat: number; userId: string | null; displayName: string }[]): Map<number, number> {
    const rows = this.db
      .prepare(
        `SELECT seat, user_id, for_user_id, display_name, SUM(points) AS total FROM results WHERE game_id = ?
          GROUP BY seat, user_id, for_user_id, display_name`,
      )
      .all(gameId) as { seat: number; user_id: string | null; for_user_id: string | null; display_name: string; total: number }[];
    // Hands the AI played for a person's seat are stored without a user id, naming them in for_user_id.
    return matchTotalsOf(
      rows.map((r) => ({ seat: r.seat, userId: r.user_id, forUserId: r.for_user_id, displayName: r.display_name, points: r.total })),
      seats,
    );
  }

  record(guildId: string, userId: string, game: GameId | null, period: Period): PlayerRecord {
    const since = periodStart(period, this.now());
    // Hands of abandoned games (the bot was removed from the server, migration 10) do not count.
    // A hand sat out (SAT_OUT) is no hand played; a refund (POT_REFUND) is none either, but its points
    // are the player's (the gà pot they paid into, given back: phom.md §15.12).
    const where = `guild_id = ? AND user_id = ? AND created_at >= ? AND rank <> ${SAT_OUT}${game ? ' AND game = ?' : ''} AND ${NOT_ABANDONED}`;
    const args: unknown[] = [guildId, userId, since, ...(game ? [game] : [])];
    const agg = this.db
      .prepare(
        `SELECT COALESCE(SUM(CASE WHEN ${PLAYED} THEN 1 ELSE 0 END),0) AS hands, COALESCE(SUM(won),0) AS wins,
                COALESCE(SUM(points),0) AS total FROM results WHERE ${where}`,
      )
      .get(...args) as { hands: number; wins: number; total: number };
    const totals = game
      ? (this.db
          .prepare(`SELECT unit, SUM(points) AS total FROM results WHERE ${where} GROUP BY unit ORDER BY COUNT(*) DESC, unit`)
          .all(...args) as { unit: string; total: number }[])
      : [];
    const bests = this.db
      .prepare(
        `SELECT game, game_id, hand, points, unit, summary FROM (
           SELECT game, game_id, hand, points, unit, summary,
                  ROW_NUMBER() OVER (PARTITION BY game, unit ORDER BY points DESC, created_at) AS rn,
                  COUNT(*) OVER (PARTITION BY game, unit) AS n
           FROM results WHERE ${where} AND ${PLAYED})
         WHERE rn = 1 ORDER BY n DESC, game, unit`,
      )
      .all(...args) as { game: GameId; game_id: string; hand: number; points: number; unit: string; summary: string }[];
    const refunds = this.db
      .prepare(
        `SELECT game, unit, SUM(points) AS points, COUNT(*) AS "rows" FROM results WHERE ${where} AND rank = ${POT_REFUND}
         GROUP BY game, unit ORDER BY game, unit`,
      )
      .all(...args) as RefundTotal[];
    return {
      hands: agg.hands,
      wins: agg.wins,
      total: agg.total,
      totals,
      bests: bests.map((b) => ({
        game: b.game,
        gameId: b.game_id,
        hand: b.hand,
        points: b.points,
        unit: b.unit,
        summary: JSON.parse(b.summary),
      })),
      refunds,
    };
  }

  /**
   * The server's players of a game in the period, by rating (those with a hand played in it first):
   * their hands played, wins and total
   * there, as /score counts them (`record`). A refund row counts in the period of its own date (the
   * match's end), as in /score: a player whose only row of the period is a refund is listed with
   * its points and 0 hands, if they played the game on this server at all (a refund alone, with no
   * hand ever played, makes nobody a leaderboard entry).
   */
  leaderboard(guildId: string, game: GameId, period: Period, limit = 10): LeaderRow[] {
    const since = periodStart(period, this.now());
    // A row per player and unit (read from the covering index results_board, migration 40), merged below.
    const rows = this.db
      .prepare(
        `SELECT r.user_id AS user_id, r.unit AS unit, MAX(r.display_name) AS display_name, SUM(CASE WHEN r.${PLAYED} THEN 1 ELSE 0 END) AS hands,
                SUM(r.won) AS wins, SUM(r.points) AS total, COUNT(*) AS n, COALESCE(g.mu, 25) AS mu, COALESCE(g.sigma, 25.0/3) AS sigma
         FROM results r LEFT JOIN ratings g ON g.guild_id = r.guild_id AND g.game = r.game AND g.user_id = r.user_id
         WHERE r.guild_id = ? AND r.game = ? AND r.user_id IS NOT NULL AND r.created_at >= ? AND r.rank <> ${SAT_OUT} AND ${NOT_ABANDONED}
         GROUP BY r.user_id, r.unit
         HAVING hands > 0 OR EXISTS (SELECT 1 FROM results p WHERE p.guild_id = ? AND p.game = ? AND p.user_id = r.user_id AND p.${PLAYED}
                                       AND p.game_id NOT IN (SELECT id FROM games WHERE abandoned_at IS NOT NULL))`,
      )
      .all(guildId, game, since, guildId, game) as {
      user_id: string;
      unit: string;
      display_name: string;
      hands: number;
      wins: number;
      total: number;
      n: number;
      mu: number;
      sigma: number;
    }[];
    // The game's units on the server in the period, most rows first (then by name, for a stable order).
    const rowsIn = new Map<string, number>();
    for (const r of rows) rowsIn.set(r.unit, (rowsIn.get(r.unit) ?? 0) + r.n);
    const units = [...rowsIn].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([u]) => u);
    const byUser = new Map<string, LeaderRow>();
    for (const r of rows) {
      const e =
        byUser.get(r.user_id) ??
        byUser
          .set(r.user_id, {
            userId: r.user_id,
            displayName: r.display_name,
            hands: 0,
            wins: 0,
            totals: [],
            mu: r.mu,
            sigma: r.sigma,
            rating: ordinal({ mu: r.mu, sigma: r.sigma }),
          })
          .get(r.user_id)!;
      if (r.display_name > e.displayName) e.displayName = r.display_name;
      e.hands += r.hands;
      e.wins += r.wins;
      e.totals.push({ unit: r.unit, total: r.total });
    }
    const totalIn = (e: LeaderRow, unit: string) => e.totals.find((x) => x.unit === unit)?.total ?? 0;
    for (const e of byUser.values()) e.totals.sort((a, b) => units.indexOf(a.unit) - units.indexOf(b.unit));
    return (
      [...byUser.values()]
        // Those who played a hand in the period first: one listed only for a refund (0 hands, a match
        // that ended in the period) never takes the place of one who played. Equal ratings: the larger
        // total in the game's main unit, then in the next.
        .sort(
          (a, b) =>
            Number(b.hands > 0) - Number(a.hands > 0) ||
            b.rating - a.rating ||
            units.reduce((d, u) => d || totalIn(b, u) - totalIn(a, u), 0),
        )
        .slice(0, limit)
    );
  }
}
