/**
 * `/privacy delete-my-data` (issue #18 §3): a user's identity leaves the public records of the games
 * they played, while every game's action log stays replayable. In one transaction:
 * - seats (game_seats) and result rows: `user_id` → NULL, `display_name` → the code FORMER_PLAYER
 *   (a seat's `hand_for_user_id`, a hand in play played out for them, and its `hand_for_name` alike),
 *   which every display localizes ("former player", `ops:former-player`, through `shownName`); also
 *   the rows of hands the AI played for their seat (away, timed out: stored without a user id, under
 *   the seat's name, results.ts `sameOccupant`), found by game, seat and one of their names there;
 * - ratings and the players row: deleted (a leaderboard row is computed from results with a user id,
 *   so the user leaves every leaderboard and /score);
 * - action log and hints: `user_id` → NULL (migration 10 lets exactly this change through the
 *   append-only triggers: the moves, and so every replay and every stored result, are unchanged);
 * - games they hosted: `host_user_id` → NULL; pause votes naming them: cleared; settings they last
 *   changed: `updated_by` → NULL.
 * Choice for open tables: refused while the user sits at a lobby, running or paused table (their seat
 * is still needed to play and to ping them); they ask again once it is over.
 *
 * The bytes go too: `secure_delete` (on for every connection, db.ts) zeroes what the erasure
 * overwrites and deletes, so neither the file nor a later backup still holds the id or the name; and
 * the WAL, whose older frames hold the rows as they were until the log is reused, is checkpointed and
 * truncated right after (`truncateWal`).
 */
import type { DB } from './db.js';
import { fillRatingHistory } from './rating-history.js';

/** The code stored instead of an erased player's name (never a Discord name: those cannot start with '@'). */
export const FORMER_PLAYER = '@former-player';

/** A stored display name as shown: the erased marker localized, anything else as it is. */
export function shownName(name: string, t: (key: string) => string): string {
  return name === FORMER_PLAYER ? t('ops:former-player') : name;
}

export type EraseOutcome =
  | { ok: true; seats: number; results: number; ratings: number; actions: number; hints: number; games: number }
  | { ok: false; reason: 'playing'; games: { id: string; game: string; status: string; guildId: string | null }[] };

/**
 * The open tables (lobby, running, paused) where `userId` has a seat, or a hand in play the AI plays out
 * for them (found gone from the server during it: `SeatRow.handFor`, migration 36). That hand is still
 * theirs: a step under way (an AI's think time) records its result under their id once it ends, after
 * an erasure that could not wait for it. So the erasure waits for the hand's end, as for a seat.
 */
export function openSeatsOf(db: DB, userId: string): { id: string; game: string; status: string; guildId: string | null }[] {
  const handFor = db.prepare("SELECT 1 FROM pragma_table_info('game_seats') WHERE name = 'hand_for_user_id'").get() !== undefined;
  return db
    .prepare(
      `SELECT DISTINCT g.id, g.game, g.status, g.guild_id AS guildId, g.created_at FROM game_seats s JOIN games g ON g.id = s.game_id
       WHERE (s.user_id = ?${handFor ? ' OR s.hand_for_user_id = ?' : ''}) AND g.status IN ('lobby', 'running', 'paused')
       ORDER BY g.created_at`,
    )
    .all(...(handFor ? [userId, userId] : [userId]))
    .map((r) => {
      const { id, game, status, guildId } = r as { id: string; game: string; status: string; guildId: string | null };
      return { id, game, status, guildId };
    });
}

/**
 * The tables and columns that name a user and how eraseUser treats each. A table with a user column
 * not listed here (a later migration) is reported by `unhandledUserColumns`, and a test fails on it.
 */
export const USER_COLUMNS: Record<string, { column: string; how: 'null' | 'erase-name' | 'delete' }[]> = {
  // hand_for_user_id (migration 36): the person a seat's AI plays the hand in play out for (a member gone).
  game_seats: [
    { column: 'user_id', how: 'erase-name' },
    { column: 'hand_for_user_id', how: 'erase-name' },
  ],
  // for_user_id (migration 33): the person whose seat the AI played a hand for (eraseAiPlayedRows).
  results: [
    { column: 'user_id', how: 'erase-name' },
    { column: 'for_user_id', how: 'erase-name' },
  ],
  // Also AI levels' rows (`ai:easy`…, results.ts `aiRatingId`): no person's, never a Discord id, kept.
  ratings: [{ column: 'user_id', how: 'delete' }],
  players: [{ column: 'user_id', how: 'delete' }],
  actions: [{ column: 'user_id', how: 'null' }],
  hints: [{ column: 'user_id', how: 'null' }],
  games: [{ column: 'host_user_id', how: 'null' }],
  guild_settings: [{ column: 'updated_by', how: 'null' }],
  // A user's own settings and notices (migrations 8, 9): nothing of a game, deleted.
  claim_prefs: [{ column: 'user_id', how: 'delete' }],
  user_prefs: [{ column: 'user_id', how: 'delete' }],
  notices: [{ column: 'user_id', how: 'delete' }],
  // Seat channels (migration 13): where a seat's private view lives; deleted.
  seat_channels: [{ column: 'user_id', how: 'delete' }],
  // Who is delivering a user's notices now (migration 17): transient, deleted.
  notice_leases: [{ column: 'user_id', how: 'delete' }],
  // Who clicked a Pass held for the reclaim window (migration 31): then logged as nobody's.
  timers: [{ column: 'held_by', how: 'null' }],
};

/** Columns of the schema that look like they hold a user id (`user_id`, `*_user_id`, `*_by`) and are not in USER_COLUMNS. */
export function unhandledUserColumns(db: DB): string[] {
  const tables = (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]
  ).map((r) => r.name);
  const out: string[] = [];
  for (const t of tables) {
    const cols = (db.prepare(`PRAGMA table_info(${JSON.stringify(t)})`).all() as { name: string }[]).map((c) => c.name);
    for (const c of cols) {
      if (!/(^|_)user_id$|_by$|^user$/.test(c)) continue;
      if (!USER_COLUMNS[t]?.some((x) => x.column === c)) out.push(`${t}.${c}`);
    }
  }
  return out;
}

/** Erases `userId` from finished games' public records (see the module comment); refuses while they play. */
export function eraseUser(db: DB, userId: string): EraseOutcome {
  // Also for a connection not opened by openDatabase (a test's, a tool's).
  db.pragma('secure_delete = ON');
  const r = eraseInTransaction(db, userId);
  if (r.ok) truncateWal(db);
  return r;
}

/**
 * Checkpoints the WAL and truncates it (a file database in WAL mode), without waiting: with another
 * connection reading (another shard, a backup under way) it is busy and left as it is, its old frames
 * overwritten as the log is reused. On the event loop, once per erasure: it copies what the log holds
 * (at most a second's commits, as the checkpoint worker runs every second).
 */
function truncateWal(db: DB): void {
  if (db.memory || String(db.pragma('journal_mode', { simple: true })).toLowerCase() !== 'wal') return;
  const wait = Number(db.pragma('busy_timeout', { simple: true }));
  try {
    db.pragma('busy_timeout = 0');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Busy: as above.
  } finally {
    db.pragma(`busy_timeout = ${wait}`);
  }
}

/**
 * Erases the rows of the hands the AI played for `userId`'s seat (user_id NULL); returns how many.
 * Named by `for_user_id` where the schema has it (migration 33); before it, by game, seat and one of
 * their names there (a seat row or one of their own rows: results.ts read them so too).
 */
function eraseAiPlayedRows(db: DB, userId: string): number {
  const named = db.prepare("SELECT 1 FROM pragma_table_info('results') WHERE name = 'for_user_id'").get() !== undefined;
  if (named)
    return db
      .prepare('UPDATE results SET display_name = ?, for_user_id = NULL, mu_after = NULL, sigma_after = NULL WHERE for_user_id = ?')
      .run(FORMER_PLAYER, userId).changes;
  const theirs = db
    .prepare(
      `SELECT game_id, seat, display_name FROM game_seats WHERE user_id = ?
       UNION SELECT game_id, seat, display_name FROM results WHERE user_id = ?`,
    )
    .all(userId, userId) as { game_id: string; seat: number; display_name: string }[];
  const erase = db.prepare(
    `UPDATE results SET display_name = ?, mu_after = NULL, sigma_after = NULL
     WHERE game_id = ? AND seat = ? AND display_name = ? AND user_id IS NULL`,
  );
  let n = 0;
  for (const r of theirs) if (r.display_name !== FORMER_PLAYER) n += erase.run(FORMER_PLAYER, r.game_id, r.seat, r.display_name).changes;
  return n;
}

function eraseInTransaction(db: DB, userId: string): EraseOutcome {
  return db
    .transaction((): EraseOutcome => {
      const open = openSeatsOf(db, userId);
      if (open.length) return { ok: false, reason: 'playing', games: open };
      // The rating charts of the servers and games they played are filled first (migration 18):
      // replayed later, their seats would count as a newcomer's and change the others' charts.
      const played = db.prepare('SELECT DISTINCT guild_id, game FROM results WHERE user_id = ? AND guild_id IS NOT NULL').all(userId) as {
        guild_id: string;
        game: string;
      }[];
      for (const p of played) fillRatingHistory(db, p.guild_id, p.game);
      const games = (db.prepare('SELECT COUNT(DISTINCT game_id) AS n FROM game_seats WHERE user_id = ?').get(userId) as { n: number }).n;
      // Rows of the hands the AI played for them (away, timed out): first, while their seats and rows
      // still name them. Before, these kept their name (read by anyone's /history and standings), and
      // the match standings showed the seat twice: "former player" and their name.
      const aiRows = eraseAiPlayedRows(db, userId);
      const seats = db
        .prepare('UPDATE game_seats SET user_id = NULL, display_name = ? WHERE user_id = ?')
        .run(FORMER_PLAYER, userId).changes;
      // A hand an AI played out for them, found gone from the server (migration 36), kept on the seat of
      // a match that ended during it (seating.ts `goneHandsOver`; a hand still running refuses the
      // erasure: `openSeatsOf`): a former player's, as their other rows are.
      const handsFor = db
        .prepare('UPDATE game_seats SET hand_for_user_id = NULL, hand_for_name = ? WHERE hand_for_user_id = ?')
        .run(FORMER_PLAYER, userId).changes;
      const results = db
        .prepare('UPDATE results SET user_id = NULL, display_name = ?, mu_after = NULL, sigma_after = NULL WHERE user_id = ?')
        .run(FORMER_PLAYER, userId).changes;
      const ratings = db.prepare('DELETE FROM ratings WHERE user_id = ?').run(userId).changes;
      db.prepare('DELETE FROM players WHERE user_id = ?').run(userId);
      const actions = db.prepare('UPDATE actions SET user_id = NULL WHERE user_id = ?').run(userId).changes;
      const hints = db.prepare('UPDATE hints SET user_id = NULL WHERE user_id = ?').run(userId).changes;
      db.prepare('UPDATE games SET host_user_id = NULL WHERE host_user_id = ?').run(userId);
      // Votes are `<what>:<user id>` (pause/resume, absent-seat votes); a closed game's votes are history only.
      const voted = db.prepare("SELECT id, pause_votes FROM games WHERE pause_votes LIKE '%' || ? || '%'").all(userId) as {
        id: string;
        pause_votes: string;
      }[];
      const setVotes = db.prepare('UPDATE games SET pause_votes = ? WHERE id = ?');
      for (const g of voted)
        setVotes.run(
          JSON.stringify((JSON.parse(g.pause_votes) as string[]).filter((v) => v !== userId && !v.endsWith(`:${userId}`))),
          g.id,
        );
      db.prepare('UPDATE guild_settings SET updated_by = NULL WHERE updated_by = ?').run(userId);
      db.prepare('UPDATE timers SET held_by = NULL WHERE held_by = ?').run(userId);
      for (const t of ['claim_prefs', 'user_prefs', 'notices', 'seat_channels', 'notice_leases'])
        db.prepare(`DELETE FROM ${t} WHERE user_id = ?`).run(userId);
      return { ok: true, seats: seats + handsFor, results: results + aiRows, ratings, actions, hints, games };
    })
    .immediate();
}
