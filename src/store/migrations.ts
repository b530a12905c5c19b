/**
 * Numbered schema migrations. A database written by an older version is brought up to date when
 * opened: each migration runs once, in order, inside a transaction, and is recorded in
 * `schema_migrations`. Never edit a migration that has shipped; add a new one.
 */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'games-and-action-log',
    sql: `
      CREATE TABLE games (
        id            TEXT PRIMARY KEY,            -- short base36 id, used in custom_ids
        game          TEXT NOT NULL,               -- engine id: phom | chan | vn-mahjong | classic-mahjong
        guild_id      TEXT,
        channel_id    TEXT,
        thread_id     TEXT,
        host_user_id  TEXT,
        options       TEXT NOT NULL,               -- resolved options, JSON
        options_hash  TEXT NOT NULL,
        seed          TEXT NOT NULL,
        seats         INTEGER NOT NULL,
        status        TEXT NOT NULL CHECK (status IN ('lobby','running','paused','finished','cancelled')),
        version       INTEGER NOT NULL DEFAULT 0,  -- number of accepted log entries
        hand_index    INTEGER NOT NULL DEFAULT 0,
        created_at    INTEGER NOT NULL,
        updated_at    INTEGER NOT NULL
      );
      CREATE INDEX games_by_thread ON games(thread_id);
      CREATE INDEX games_by_status ON games(status);

      CREATE TABLE game_seats (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        user_id       TEXT,                        -- null for an AI seat
        is_ai         INTEGER NOT NULL DEFAULT 0,
        display_name  TEXT NOT NULL,
        PRIMARY KEY (game_id, seat)
      );

      -- Append-only: one row per accepted action (engine actions and '@'-prefixed system entries).
      CREATE TABLE actions (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq           INTEGER NOT NULL,            -- 1, 2, 3 … per game
        hand          INTEGER NOT NULL,
        seat          INTEGER,                     -- null for system entries
        action        TEXT NOT NULL,               -- JSON
        source        TEXT NOT NULL CHECK (source IN ('player','timeout','ai','system')),
        user_id       TEXT,
        created_at    INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
      );
      CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
      CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
        WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

      -- A cache only: state can always be rebuilt from the log.
      CREATE TABLE snapshots (
        game_id       TEXT PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
        version       INTEGER NOT NULL,
        state         TEXT NOT NULL
      );
    `,
  },
  {
    version: 2,
    name: 'timers-results-guilds-players',
    sql: `
      CREATE TABLE timers (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat          INTEGER NOT NULL,
        kind          TEXT NOT NULL,               -- 'turn' | 'claim'
        version       INTEGER NOT NULL,            -- state version the timer belongs to
        deadline      INTEGER NOT NULL,            -- epoch ms
        remind_at     INTEGER,                     -- epoch ms, null once reminded
        paused_left   INTEGER,                     -- ms left while the game is paused
        PRIMARY KEY (game_id, seat)
      );
      CREATE INDEX timers_by_deadline ON timers(deadline);

      CREATE TABLE results (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        hand          INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        guild_id      TEXT,
        game          TEXT NOT NULL,
        user_id       TEXT,                        -- null for AI seats
        display_name  TEXT NOT NULL,
        points        REAL NOT NULL,               -- net change in the game's own unit
        unit          TEXT NOT NULL,
        rank          INTEGER NOT NULL,            -- 1 = best; ties share a rank
        won           INTEGER NOT NULL,
        players       INTEGER NOT NULL,
        summary       TEXT NOT NULL,               -- JSON: items and payments of this seat
        created_at    INTEGER NOT NULL,
        PRIMARY KEY (game_id, hand, seat)
      );
      CREATE INDEX results_by_user ON results(guild_id, game, user_id, created_at);

      CREATE TABLE guild_settings (
        guild_id      TEXT NOT NULL,
        game          TEXT NOT NULL,
        preset        TEXT,
        options       TEXT NOT NULL DEFAULT '{}',  -- overrides, JSON
        play_overridable TEXT NOT NULL DEFAULT '[]', -- option keys /play may override, JSON
        updated_at    INTEGER NOT NULL,
        updated_by    TEXT,
        PRIMARY KEY (guild_id, game)
      );

      CREATE TABLE ratings (
        guild_id      TEXT NOT NULL,
        game          TEXT NOT NULL,
        user_id       TEXT NOT NULL,
        mu            REAL NOT NULL,
        sigma         REAL NOT NULL,
        matches       INTEGER NOT NULL DEFAULT 0,
        updated_at    INTEGER NOT NULL,
        PRIMARY KEY (guild_id, game, user_id)
      );

      CREATE TABLE players (
        user_id       TEXT PRIMARY KEY,
        display_name  TEXT NOT NULL,
        locale        TEXT,
        updated_at    INTEGER NOT NULL
      );
    `,
  },
  {
    version: 3,
    name: 'game-messages-and-timer-presets',
    sql: `
      ALTER TABLE games ADD COLUMN lobby_message_id TEXT;
      ALTER TABLE games ADD COLUMN table_message_id TEXT;
      ALTER TABLE games ADD COLUMN ping_message_id TEXT;
      ALTER TABLE games ADD COLUMN timer_preset TEXT NOT NULL DEFAULT '{"name":"async"}';
      ALTER TABLE games ADD COLUMN timeout_policy TEXT NOT NULL DEFAULT 'default';  -- 'default' | 'ai'
      ALTER TABLE games ADD COLUMN locale TEXT;
      ALTER TABLE games ADD COLUMN pause_votes TEXT NOT NULL DEFAULT '[]';
      ALTER TABLE games ADD COLUMN last_notice TEXT;
    `,
  },
  {
    version: 4,
    name: 'table-outbox',
    sql: `
      -- Effects of the last committed table step not yet known to have reached Discord (JSON list,
      -- src/table/effects.ts). Written in the step's own transaction, cleared once executed; a restart
      -- executes what is left (each effect is idempotent: a redraw, a ping replaced, a result posted once).
      ALTER TABLE games ADD COLUMN outbox TEXT NOT NULL DEFAULT '[]';
    `,
  },
  {
    version: 5,
    name: 'snapshot-format',
    sql: `
      -- A snapshot is a cache of an engine's state; when an engine changes its state's shape (its
      -- Engine.stateVersion), older snapshots must not be loaded. Each snapshot now records the
      -- format it was written in ('<game>:<stateVersion>'); the log replays whatever does not match.
      -- Snapshots written before this migration have no format: drop them (the log is the truth).
      DELETE FROM snapshots;
      ALTER TABLE snapshots ADD COLUMN format TEXT NOT NULL DEFAULT '';
    `,
  },
  {
    version: 6,
    name: 'ai-levels-and-hints',
    sql: `
      -- AI levels (issue #16): each AI seat plays at its own level; a game keeps the level the AI
      -- takes over an absent player's seat at, and whether hints are on, as resolved when it was
      -- created (like its timer preset): /config changes never touch a running game.
      ALTER TABLE game_seats ADD COLUMN ai_level TEXT NOT NULL DEFAULT 'normal';
      ALTER TABLE games ADD COLUMN takeover_level TEXT NOT NULL DEFAULT 'normal';
      ALTER TABLE games ADD COLUMN hints INTEGER NOT NULL DEFAULT 1;
      -- Server settings of the table itself (not the engine's house rules), per game, JSON:
      -- {"ai-level": "normal", "takeover-level": "normal", "hints": true}.
      ALTER TABLE guild_settings ADD COLUMN table_settings TEXT NOT NULL DEFAULT '{}';

      -- Hints asked for (source 'hint'). NOT in the action log: the log is the game's replayable
      -- truth and a hint changes nothing. Append-only like the log, so /history can show them.
      CREATE TABLE hints (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        version       INTEGER NOT NULL,            -- the state version the hint was computed at
        hand          INTEGER NOT NULL,
        seat          INTEGER NOT NULL,
        user_id       TEXT,
        source        TEXT NOT NULL DEFAULT 'hint' CHECK (source = 'hint'),
        level         TEXT NOT NULL,               -- the AI level that chose (strong)
        action        TEXT NOT NULL,               -- JSON: the action the AI chose
        created_at    INTEGER NOT NULL
      );
      CREATE INDEX hints_by_game ON hints(game_id, version);
      CREATE TRIGGER hints_append_only_update BEFORE UPDATE ON hints
        BEGIN SELECT RAISE(ABORT, 'hints are append-only'); END;
    `,
  },
  {
    version: 7,
    name: 'log-sources-preference-away',
    sql: `
      -- Two more sources of a logged action: a player's claim preference answering on their behalf
      -- (issue #13 §2) and away mode playing their seat (issue #14 §4). SQLite cannot alter a CHECK,
      -- so the append-only log is copied into a table with the wider CHECK (DROP TABLE drops the
      -- table's triggers before its implicit delete, so the append-only triggers do not fire).
      CREATE TABLE actions_v7 (
        game_id       TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seq           INTEGER NOT NULL,
        hand          INTEGER NOT NULL,
        seat          INTEGER,
        action        TEXT NOT NULL,
        source        TEXT NOT NULL CHECK (source IN ('player','timeout','ai','system','preference','away')),
        user_id       TEXT,
        created_at    INTEGER NOT NULL,
        PRIMARY KEY (game_id, seq)
      );
      INSERT INTO actions_v7 SELECT game_id, seq, hand, seat, action, source, user_id, created_at FROM actions;
      DROP TABLE actions;
      ALTER TABLE actions_v7 RENAME TO actions;
      CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
      CREATE TRIGGER actions_append_only_delete BEFORE DELETE ON actions
        WHEN (SELECT COUNT(*) FROM games WHERE id = OLD.game_id) > 0
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
    `,
  },
  {
    version: 8,
    name: 'claim-preferences',
    sql: `
      -- Claim preferences per user and game (issue #13 §2, src/table/prefs.ts): 'auto-pass'
      -- (everything except a win), 'always-win', 'never.<kind>' (chow, pung, kong, eat, chiu…).
      CREATE TABLE claim_prefs (
        user_id       TEXT NOT NULL,
        game          TEXT NOT NULL,
        pref          TEXT NOT NULL,
        updated_at    INTEGER NOT NULL,
        PRIMARY KEY (user_id, game, pref)
      );
    `,
  },
  {
    version: 9,
    name: 'async-play-prefs-notices-away',
    sql: `
      -- Playing over days (issue #14): per-user preferences (DM notices, time zone, quiet hours,
      -- digest threshold, away mode), kept per Discord user (DMs are not per server).
      CREATE TABLE user_prefs (
        user_id        TEXT PRIMARY KEY,
        notify_turn    INTEGER NOT NULL DEFAULT 0,   -- DM when it is my move
        notify_claim   INTEGER NOT NULL DEFAULT 0,   -- DM when I may claim
        notify_result  INTEGER NOT NULL DEFAULT 0,   -- DM when a hand or match ended
        notify_start   INTEGER NOT NULL DEFAULT 0,   -- DM when a lobby I joined started
        time_zone      TEXT,                         -- IANA name (validated with Intl); NULL = UTC
        quiet_from     INTEGER,                      -- minutes after local midnight; NULL = no quiet hours
        quiet_to       INTEGER,
        digest_over    INTEGER NOT NULL DEFAULT 3,   -- more tables waiting than this: one digest instead
        dms_closed     INTEGER NOT NULL DEFAULT 0,   -- a DM failed with 50007: notices were switched off
        dms_closed_told INTEGER NOT NULL DEFAULT 1,  -- 0 = the next ephemeral reply must say so (once)
        last_digest_at INTEGER,
        away_until     INTEGER,                      -- away mode until (ms); NULL = not away
        updated_at     INTEGER NOT NULL
      );
      CREATE INDEX user_prefs_away ON user_prefs(away_until) WHERE away_until IS NOT NULL;
      -- DM notices: one row per (user, table, kind, state version), so a table step executed twice
      -- (restart sweep) never sends twice. sent_at NULL = waiting (quiet hours, digest batching).
      CREATE TABLE notices (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        user_id    TEXT NOT NULL,
        game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        kind       TEXT NOT NULL CHECK (kind IN ('turn','claim','result','match','start')),
        version    INTEGER NOT NULL,
        hand       INTEGER NOT NULL,
        due_at     INTEGER NOT NULL,
        sent_at    INTEGER,
        outcome    TEXT,                             -- sent | digest | dropped | closed | failed
        created_at INTEGER NOT NULL,
        UNIQUE (user_id, game_id, kind, version)
      );
      CREATE INDEX notices_waiting ON notices(due_at) WHERE sent_at IS NULL;
    `,
  },
  {
    version: 10,
    name: 'abandoned-games-and-erasure',
    sql: `
      -- Issue #18 §3. When the bot is removed from a server (guildDelete), the server's lobby, running
      -- and paused tables are abandoned: status 'cancelled' (so nothing lists, resumes or plays them),
      -- abandoned_at set, abandoned_from the status they had, their timers deleted and their outbox
      -- emptied (src/store/guilds.ts). The results of hands they finished stay (replayable) but the
      -- leaderboards and /score ignore them. A separate column, not a new status: SQLite cannot alter
      -- the games.status CHECK, and rebuilding games would cascade through every table that refers to it.
      ALTER TABLE games ADD COLUMN abandoned_at INTEGER;
      ALTER TABLE games ADD COLUMN abandoned_from TEXT;
      CREATE INDEX games_by_guild ON games(guild_id, status);
      CREATE INDEX game_seats_by_user ON game_seats(user_id);

      -- /privacy delete-my-data (src/store/privacy.ts): the one change the append-only log and hints
      -- accept is forgetting who made a move (user_id to NULL, every other column the same): the
      -- moves themselves, and so every replay, are untouched.
      DROP TRIGGER actions_append_only_update;
      CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
        WHEN NOT (NEW.user_id IS NULL AND NEW.game_id IS OLD.game_id AND NEW.seq IS OLD.seq AND NEW.hand IS OLD.hand
                  AND NEW.seat IS OLD.seat AND NEW.action IS OLD.action AND NEW.source IS OLD.source
                  AND NEW.created_at IS OLD.created_at)
        BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
      DROP TRIGGER hints_append_only_update;
      CREATE TRIGGER hints_append_only_update BEFORE UPDATE ON hints
        WHEN NOT (NEW.user_id IS NULL AND NEW.game_id IS OLD.game_id AND NEW.version IS OLD.version AND NEW.hand IS OLD.hand
                  AND NEW.seat IS OLD.seat AND NEW.source IS OLD.source AND NEW.level IS OLD.level
                  AND NEW.action IS OLD.action AND NEW.created_at IS OLD.created_at)
        BEGIN SELECT RAISE(ABORT, 'hints are append-only'); END;
    `,
  },
  {
    version: 11,
    name: 'shown-version',
    sql: `
      -- The state version the table message last showed (issue #18 §1): set when an edit or post of
      -- the table message succeeded. On start the bot redraws only the tables whose version moved
      -- since (or whose last step's effects are still in the outbox), and loads no other game.
      ALTER TABLE games ADD COLUMN shown_version INTEGER;
    `,
  },
  {
    version: 12,
    name: 'timer-reminders',
    sql: `
      -- A decision without an automatic deadline (Chắn decision-timeout-s = 0, issue #14 §3) is
      -- reminded after 12 h, 24 h, then daily; the count says when the other players may vote.
      ALTER TABLE timers ADD COLUMN reminders INTEGER NOT NULL DEFAULT 0;
    `,
  },
  {
    version: 13,
    name: 'seat-channels',
    sql: `
      -- Issue #13 §1, seat channels: where a player wants their seat view (the private hand view):
      -- 'ephemeral' (the default: an ephemeral message in the game thread), 'thread' (a private
      -- thread with only them and the bot) or 'dm'. Per user (the lobby toggle and /prefs set it).
      -- seat_lang: the language their seat channel speaks (the locale of the interaction that set it).
      -- seat_notice: a fallback to tell once in their next ephemeral reply ('dm-closed', 'thread-perm').
      ALTER TABLE user_prefs ADD COLUMN seat_place TEXT NOT NULL DEFAULT 'ephemeral'
        CHECK (seat_place IN ('ephemeral', 'thread', 'dm'));
      ALTER TABLE user_prefs ADD COLUMN seat_lang TEXT;
      ALTER TABLE user_prefs ADD COLUMN seat_notice TEXT;
      -- One seat channel per (game, seat): the channel (private thread or DM), the ONE hand message
      -- of the current hand (edited on every change of the seat's view), the last ping, and what the
      -- message shows (a hash), so after a restart the bot edits the same message again.
      CREATE TABLE seat_channels (
        game_id    TEXT NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat       INTEGER NOT NULL,
        user_id    TEXT NOT NULL,
        place      TEXT NOT NULL CHECK (place IN ('thread', 'dm')),
        channel_id TEXT,                              -- NULL when it could not be opened (failed)
        message_id TEXT,                              -- the hand message of that hand
        hand       INTEGER,
        ping_id    TEXT,                              -- the last "your move" ping (deleted before the next)
        acting     INTEGER NOT NULL DEFAULT 0,        -- 1 while the seat has a pending decision (pinged)
        sig        TEXT,                              -- hash of what the hand message shows
        lang       TEXT NOT NULL,
        failed     TEXT,                              -- why it fell back to ephemeral views (no retry)
        updated_at INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
      );
      CREATE INDEX seat_channels_by_message ON seat_channels(message_id) WHERE message_id IS NOT NULL;
    `,
  },
  {
    version: 14,
    name: 'timers-by-reminder',
    sql: `
      -- The scheduler asks for the earliest deadline and the earliest reminder after every turn
      -- that changed a timer (issue #17: one scan of every live timer each time); with this index and
      -- timers_by_deadline each is the first live row of an index (store/timers.ts nextDue).
      CREATE INDEX timers_by_remind ON timers(remind_at) WHERE remind_at IS NOT NULL;
    `,
  },
  {
    version: 15,
    name: 'games-public-at',
    sql: `
      -- The last change of a table anyone can see (store/games.ts GameRow.publicAt): /history and
      -- /games show and order by it, not updated_at, which every committed step moves, hidden ones
      -- too (a claim pass while the window stays open would show as "updated just now").
      ALTER TABLE games ADD COLUMN public_at INTEGER NOT NULL DEFAULT 0;
      UPDATE games SET public_at = updated_at;
    `,
  },
  {
    version: 16,
    name: 'user-locale',
    sql: `
      -- The Discord locale a user last used /notify with: their DM notices speak it (store/prefs.ts),
      -- not the language of the table they are about (one user's DMs in one language).
      ALTER TABLE user_prefs ADD COLUMN locale TEXT;
    `,
  },
  {
    version: 17,
    name: 'notice-leases',
    sql: `
      -- Who is delivering a user's DM notices now (store/prefs.ts NoticeStore.lease): shard processes
      -- sharing one database would otherwise both read a user's waiting notices and both send them.
      -- A lease runs out by itself (a process that died while sending).
      CREATE TABLE notice_leases (
        user_id  TEXT PRIMARY KEY,
        holder   TEXT NOT NULL,
        until    INTEGER NOT NULL
      );
    `,
  },
  {
    version: 18,
    name: 'rating-after-each-hand',
    sql: `
      -- /score's rating chart (store/rating-history.ts): each result row of a person keeps their
      -- OpenSkill rating after that hand, so the chart reads their rows instead of replaying the
      -- server's whole history of the game. Rows recorded before this migration are filled once per
      -- server and game by that replay, which then records the pair here.
      ALTER TABLE results ADD COLUMN mu_after REAL;
      ALTER TABLE results ADD COLUMN sigma_after REAL;
      CREATE TABLE rating_history_filled (
        guild_id TEXT NOT NULL,
        game     TEXT NOT NULL,
        PRIMARY KEY (guild_id, game)
      );
    `,
  },
  {
    version: 19,
    name: 'hint-view-token',
    sql: `
      -- A hint is recorded once per view of its seat (table/seat-token.ts), no longer once per state
      -- version: the version counts the others' hidden claim answers, so a claimant asking twice got a
      -- second row in /history exactly when someone else had answered meanwhile (#13 §2).
      ALTER TABLE hints ADD COLUMN view_token INTEGER;
    `,
  },
  {
    version: 20,
    name: 'turn-time',
    sql: `
      -- A player's own turn deadlines run this many times the table's (2 or 3; NULL = 1): more time
      -- for a player who needs it (a screen reader, a slow connection), chosen in /prefs.
      ALTER TABLE user_prefs ADD COLUMN turn_time INTEGER;
    `,
  },
  {
    version: 21,
    name: 'mention-always',
    sql: `
      -- 1: mention me for my turn and claim windows even while my hand view is live (its edits make
      -- no sound and screen readers do not announce them); NULL/0 = only when it is not live.
      ALTER TABLE user_prefs ADD COLUMN mention_always INTEGER;
    `,
  },
  {
    version: 22,
    name: 'large-hand',
    sql: `
      -- 1: draw my hand large, in more rows (a phone shrinks every image to its width); NULL/0 = the
      -- normal one-row layout. Chosen in /prefs.
      ALTER TABLE user_prefs ADD COLUMN large_hand INTEGER;
    `,
  },
  {
    version: 23,
    name: 'reminder-ids',
    sql: `
      -- The reminders a game's thread shows ("time is running out", "still waiting for claims"), as
      -- JSON [{id, seat, deadline}], so that a reminder posted before a restart is still deleted once
      -- its decision is over (they were kept in memory). NULL = none.
      ALTER TABLE games ADD COLUMN reminders TEXT;
    `,
  },
  {
    version: 24,
    name: 'lobby-grace',
    sql: `
      -- Releases before 2026-12-04 (07e7899) did not move public_at when someone joined or left a
      -- lobby, and /config lobby-days closes a lobby idle that long by public_at: an upgrade from
      -- them closed lobbies joined yesterday (upgrade audit). Each open lobby starts its idle time
      -- at the upgrade, once.
      UPDATE games SET public_at = MAX(public_at, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER))
        WHERE status = 'lobby';
    `,
  },
  {
    version: 25,
    name: 'cards-in-words',
    sql: `
      -- 1: my hand view's buttons and lines name Phỏm cards in words ("Discard Ace of Spades", not
      -- "A♠", which a screen reader reads as "black spade suit" or skips); NULL/0 = the symbols. /prefs.
      ALTER TABLE user_prefs ADD COLUMN cards_in_words INTEGER;
    `,
  },
  {
    version: 26,
    name: 'shown-moves',
    sql: `
      -- The public move an entry made, as the table's "last action" line says it (JSON, language-
      -- neutral: src/table/present/types.ts Move), when it changed that line; NULL otherwise (a claim
      -- answer, a system entry) and for entries logged before. A cache like the snapshots: the log's
      -- replay is the truth. A hand view lists the moves since its seat's own last one.
      ALTER TABLE actions ADD COLUMN shown TEXT;
    `,
  },
  {
    version: 27,
    name: 'retry-backoff',
    sql: `
      -- When housekeeping last tried to bring the game up to date (a result, an end of match, a table
      -- message or a ping that could not be posted; src/bot/housekeeping.ts), and how long after it the
      -- next try may come (ms, doubling from try to try): retries take turns by it and back off, so
      -- tables the bot can no longer post in do not hold up the others. retried_at NULL, or before
      -- updated_at: not retried since the game last changed.
      ALTER TABLE games ADD COLUMN retried_at INTEGER;
      ALTER TABLE games ADD COLUMN retry_gap INTEGER;
      -- A permission or lock change Discord tells of marks the games being retried in that channel
      -- (store/games.ts retrySoon): found among those, not by scanning every game.
      CREATE INDEX games_retrying ON games(retried_at) WHERE retried_at IS NOT NULL;
      -- The last hand result message posted (its hand: last_notice), with Next hand / End match: a
      -- Next hand or End match clicked on the table message takes its buttons off too. NULL: unknown.
      ALTER TABLE games ADD COLUMN result_message_id TEXT;
    `,
  },
  {
    version: 28,
    name: 'shown-index-sat-out',
    sql: `
      -- A table load reads the current hand's public moves (store/games.ts shownMoves): found by
      -- game and hand in this index, not by scanning back through the match's earlier hands.
      CREATE INDEX actions_shown ON actions(game_id, hand, seq) WHERE shown IS NOT NULL;
      -- A Vietnamese mahjong hand sat out (5–6 people, exactly 4 play: vn-mahjong.md §3) is stored
      -- with rank 0 since 2026-12-05 (results.ts ranksOf), not counted in /score or /leaderboard;
      -- earlier ones were ranked last (5 or 6, which no player of a 4-player hand reaches). The
      -- ratings they moved then are kept as they are.
      UPDATE results SET rank = 0 WHERE game = 'vn-mahjong' AND rank > 4;
    `,
  },
  {
    version: 29,
    name: 'held-pass',
    sql: `
      -- A person's Pass on a claim held for the reclaim window (Chắn reclaim-window-s, chan.md §6;
      -- src/table/reclaim.ts): when it becomes final (epoch ms, never after the timer's deadline), NULL
      -- when no pass is held. The decision stays open meanwhile, in public as in the log; the scheduler
      -- commits the pass at this moment as it fires a deadline (store/timers.ts due, nextDue).
      ALTER TABLE timers ADD COLUMN held_until INTEGER;
      CREATE INDEX timers_by_held ON timers(held_until) WHERE held_until IS NOT NULL;
    `,
  },
  {
    version: 30,
    name: 'hand-starts',
    sql: `
      -- The state each hand starts from (after its @next-hand entry, seq), a cache like the snapshots
      -- (format: the engine's state shape, store/games.ts snapshotFormat): /history's replay viewer
      -- and /score's best hand replay only that hand's entries (src/bot/replays.ts), not the whole match
      -- on every page (seconds on the event loop for a long match). Written with the entry; for games
      -- played before, by the first full replay that passes the hand.
      CREATE TABLE hand_starts (
        game_id TEXT NOT NULL,
        hand INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        format TEXT NOT NULL,
        PRIMARY KEY (game_id, hand)
      ) WITHOUT ROWID;
    `,
  },
  {
    version: 31,
    name: 'held-by',
    sql: `
      -- Who clicked the Pass held for the reclaim window (migration 29): it is committed as their own
      -- answer, logged with their user id, even if their seat passed to the AI meanwhile (they left the
      -- server: seating.ts memberGone), when the seat row no longer names them. NULL with no hold
      -- (and for a hold made before this migration: the seat's player then, as before). Erased with the user.
      ALTER TABLE timers ADD COLUMN held_by TEXT;
    `,
  },
  {
    version: 32,
    name: 'notice-armed-for',
    sql: `
      -- The resume (its moment: the ping's again.at) a move notice was recorded or made to wait again
      -- for (src/store/prefs.ts NoticeStore.rearm): the same resume's effects executed again (a restart
      -- before the outbox was cleared) find it here and send nothing twice, whatever the host clock did
      -- since. Before, only sent_at < since decided it: after the clock stepped back, a DM sent before
      -- the pause looked sent after the resume, and the resume's DM was never sent. NULL: recorded by an
      -- ordinary step. A moment, no user id: it goes with its row (a user's notices are deleted).
      ALTER TABLE notices ADD COLUMN armed_for INTEGER;
    `,
  },
  {
    version: 33,
    name: 'results-for-user',
    sql: `
      -- Whose seat the AI played a hand for (away, timed out, voted: the seat stayed theirs), on that
      -- hand's row, whose user_id is NULL (not counted in /score or rated). Before, only the seat's name
      -- told it: a newcomer with the same name who took the seat later inherited those hands in the
      -- match totals and standings (src/store/results.ts sameOccupant). NULL for a person's own hand and
      -- for an AI's. Rows from before are filled by today's reading of the name (a person's own row of
      -- that game, seat and name, else the seat itself); erased with the user (src/store/privacy.ts).
      -- The backfill looks up a person's row by game, seat and name: without this index (dropped after)
      -- it scanned each match again for every row (9 s for 200,000 rows of 100-hand matches, 72 s for
      -- 1,000-hand ones), holding the write lock: another shard or the CLI opening the file meanwhile
      -- gave up after busy_timeout (5 s). With it, 0.4 s.
      CREATE INDEX results_backfill_33 ON results(game_id, seat, display_name, hand) WHERE user_id IS NOT NULL;
      ALTER TABLE results ADD COLUMN for_user_id TEXT;
      UPDATE results SET for_user_id = COALESCE(
        (SELECT r.user_id FROM results r WHERE r.game_id = results.game_id AND r.seat = results.seat
           AND r.display_name = results.display_name AND r.user_id IS NOT NULL ORDER BY r.hand DESC LIMIT 1),
        (SELECT s.user_id FROM game_seats s WHERE s.game_id = results.game_id AND s.seat = results.seat
           AND s.display_name = results.display_name AND s.user_id IS NOT NULL))
      WHERE user_id IS NULL;
      DROP INDEX results_backfill_33;
    `,
  },
  {
    version: 34,
    name: 'held-tables',
    sql: `
      -- The bot removed from a server (GUILD_DELETE without unavailable, or a start-up whose READY
      -- lacks the server: src/bot/app.ts) holds its running and paused tables instead of abandoning
      -- them (src/table/act.ts 'bot-removed'): status 'paused', the timers frozen as a pause freezes
      -- them, held_at the moment of the hold and held_from the status the table had ('running', or
      -- 'paused' by its players' vote, which the bot's return leaves paused). Invited back (GUILD_CREATE,
      -- or a later READY), the table is released ('bot-back', both columns NULL again); not invited back
      -- within the grace period (src/bot/housekeeping.ts), it is abandoned as the removal abandoned it
      -- before (migration 10). NULL: not held (every table before this migration).
      ALTER TABLE games ADD COLUMN held_at INTEGER;
      ALTER TABLE games ADD COLUMN held_from TEXT;
      CREATE INDEX games_held ON games(held_at) WHERE held_at IS NOT NULL;
    `,
  },
  {
    version: 35,
    name: 'hold-reasons',
    sql: `
      -- Why a table is held (migration 34), each reason with since when: held_removed_at, the bot
      -- removed from the table's server (src/table/act.ts 'bot-removed', released by 'bot-back');
      -- held_locked_at, a moderator locked the game thread ('thread-locked', released by
      -- 'thread-unlocked': src/bot/app.ts THREAD_UPDATE). A table held for both waits for both
      -- releases; the removal's grace period (src/bot/housekeeping.ts) abandons only a table the
      -- removal holds, counted from the removal. Every hold before this migration was a removal's.
      ALTER TABLE games ADD COLUMN held_removed_at INTEGER;
      ALTER TABLE games ADD COLUMN held_locked_at INTEGER;
      UPDATE games SET held_removed_at = held_at WHERE held_at IS NOT NULL;
    `,
  },
  {
    version: 36,
    name: 'seat-hand-for',
    sql: `
      -- A seat whose hand in play a new AI plays out for a person found gone from the server during it
      -- (src/table/seating.ts memberGone): hand_for_user_id and hand_for_name, the person and the name
      -- they sat with. That hand's result rows are stored as a takeover hand of theirs (user_id NULL,
      -- for_user_id them, their name: src/store/results.ts bookedAs), not the AI's; both columns are
      -- NULL again once that hand's result is recorded (a match ended during it keeps them: /history
      -- names that hand's moves). NULL: the seat's occupant plays for itself (every seat before this
      -- migration). Erased with the user once that hand is over (src/store/privacy.ts: the id NULL,
      -- the name FORMER_PLAYER).
      ALTER TABLE game_seats ADD COLUMN hand_for_user_id TEXT;
      ALTER TABLE game_seats ADD COLUMN hand_for_name TEXT;
    `,
  },
  {
    version: 37,
    name: 'hand-starts-rowid',
    sql: `
      -- hand_starts (migration 30) as an ordinary rowid table. WITHOUT ROWID, a row keeps at most about
      -- 1 KB on its leaf page and the rest of a state (1.3 KB for Phỏm, more for the mahjongs) took an
      -- overflow page of 4 KB of its own: the table used 2.2 times the space of its rows (a reviewer's
      -- measure: 14 KB of a 4-hand Phỏm match's 54 KB). The same rows, the same key.
      CREATE TABLE hand_starts_rowid (
        game_id TEXT NOT NULL,
        hand INTEGER NOT NULL,
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        format TEXT NOT NULL,
        PRIMARY KEY (game_id, hand)
      );
      INSERT INTO hand_starts_rowid (game_id, hand, seq, state, format) SELECT game_id, hand, seq, state, format FROM hand_starts;
      DROP TABLE hand_starts;
      ALTER TABLE hand_starts_rowid RENAME TO hand_starts;
    `,
  },
  {
    version: 38,
    name: 'seat-notice-per-table',
    sql: `
      -- A seat channel's fallback to tell (src/store/seat-channels.ts TableNotice): kept with the seat
      -- channel of the table it concerns, told once at that table's next "Open my hand". Kept per user
      -- (user_prefs.seat_notice, migration 13), it was told at their next Open my hand at any table,
      -- whose words ("where this table plays") were then false, and a fallback at a second table
      -- replaced the first. Closed DMs stay per user: they put the user's choice back to ephemeral at
      -- every table. A notice waiting now goes to each of the user's seat channels that fell back for
      -- that reason (true of each), and leaves user_prefs.
      ALTER TABLE seat_channels ADD COLUMN notice TEXT;
      UPDATE seat_channels SET notice = failed
        WHERE failed IN ('thread-perm', 'thread-kind', 'unreachable')
          AND failed = (SELECT p.seat_notice FROM user_prefs p WHERE p.user_id = seat_channels.user_id);
      UPDATE user_prefs SET seat_notice = NULL WHERE seat_notice IN ('thread-perm', 'thread-kind', 'unreachable');
    `,
  },
  {
    version: 39,
    name: 'results-board-index',
    sql: `
      -- /leaderboard's ranking (store/results.ts, leaderboard) reads every row of a game on a server:
      -- through results_by_user each row was a lookup in the table too (its rank, won, points, name,
      -- game), 1.4 s for 400,000 hands on the event loop. This index holds them all (a covering index:
      -- about 5 times faster) and begins as results_by_user did, which it replaces for every query that
      -- used it (/score, /leaderboard, the rating history).
      CREATE INDEX results_board ON results(guild_id, game, user_id, created_at, rank, won, points, display_name, game_id);
      DROP INDEX results_by_user;
    `,
  },
  {
    version: 40,
    name: 'results-board-unit',
    sql: `
      -- /leaderboard totals each player's points per unit (a Chắn table with a stake pays money, one
      -- without points, never added together): the unit joins results_board, so the ranking is still
      -- read from the index alone, and before created_at, so its rows come grouped by player and unit
      -- (no sort: 0.78 s for 400,000 hands where the unit after created_at took 1.85 s; /score's
      -- per-player reads filter the dates of one player's rows instead of seeking them).
      DROP INDEX results_board;
      CREATE INDEX results_board ON results(guild_id, game, user_id, unit, created_at, rank, won, points, display_name, game_id);
    `,
  },
  {
    version: 41,
    name: 'phom-money-unit',
    sql: `
      -- A Phỏm table with a bet unit B above 1 pays money (its amounts are already × B, phom.md §2,
      -- §10), as a Chắn table with a stake does: its rows said 'bet', so /score and /leaderboard added
      -- them to B = 1 tables' bets ("7,000 × bet" for seven bets of 1,000). The result's own items say
      -- the same unit (loose-card points stay 'point').
      UPDATE results SET unit = 'money', summary = replace(summary, '"unit":"bet"', '"unit":"money"')
        WHERE game = 'phom' AND unit = 'bet'
          AND game_id IN (SELECT id FROM games WHERE game = 'phom' AND CAST(json_extract(options, '$."bet-unit"') AS REAL) > 1);
    `,
  },
  {
    version: 42,
    name: 'guild-names',
    sql: `
      -- The name of each server the bot is in (src/store/guild-names.ts), written by the shard that holds
      -- it when the bot sees the server (READY, GUILD_CREATE, GUILD_UPDATE: names change) and deleted when
      -- the bot is removed from it. A DM notice names its table's server (notifier.ts where); the
      -- process sending it may be another shard's (one shared file: any shard delivers a user's notices),
      -- whose discord.js cache does not hold that server, and the notice named none. A server's name is
      -- no user's data (/privacy erases users); it is forgotten once the bot leaves, as the cache forgets it.
      CREATE TABLE guild_names (
        guild_id      TEXT PRIMARY KEY,
        name          TEXT NOT NULL,
        updated_at    INTEGER NOT NULL
      );
    `,
  },
];
