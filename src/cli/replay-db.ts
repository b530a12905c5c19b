/**
 * Replays a stored game's action log from SQLite and checks it reproduces the stored results: each hand's,
 * and what the match gave back as it ended (its refund rows, checked against the engine's refund).
 * Both ways: a hand the log finishes must have a result row per seat, and every stored result must
 * belong to a hand the log finishes.
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { GameStore } from '../store/games.js';
import { LogEntryRefused, applyEntry, initialState } from '../store/replay.js';
import { netPoints, paidAsReplayed } from '../store/results.js';
import { POT_REFUND } from '../store/rating-history.js';
import { engineOf, manifestOf } from '../table/manifests.js';
import type { GameId, HandResult } from '../games/core/types.js';
import { MATCH_REFUNDS_SINCE, ruleChangesSince, type RuleChange } from '../store/rule-changes.js';

export interface ReplayDbReport {
  gameId: string;
  game: string;
  actions: number;
  hands: {
    hand: number;
    /** What the replayed hand pays, by seat; null: the log does not finish this hand, yet a result is stored for it. */
    deltas: number[] | null;
    /** The stored result rows' points, by seat (null: none stored). */
    stored: number[] | null;
    /**
     * Seats with no stored result row for a hand the log finishes (every seat when `stored` is
     * null): damage, never explained by a rule fix (each hand's rows, one per seat, are written in
     * the transaction of the move that ends it).
     */
    missingSeats?: number[];
    same: boolean;
    /** When its result was stored (ISO), if it was. */
    playedAt?: string;
    /**
     * A hand that differs and was played before these rule fixes (store/rule-changes.ts), or follows
     * such a hand in its game (the next deal reads how it ended): not damage.
     */
    rulesChangedSince?: RuleChange[];
  }[];
  /**
   * What the match gave back as it ended (its refund rows, rank POT_REFUND: Phỏm's gà pot no Ù took,
   * phom.md §15.12), per seat: `replayed` is the engine's refund (`GameManifest.closeMatch`, as the
   * table computes it) from the replayed last state, `stored` the sum of the refund rows of each seat
   * (null: none stored). For a game with such a rule, once its match ended, or when refund rows are
   * stored for one still open (none should be: `replayed` is then nothing).
   */
  refund?: {
    replayed: number[];
    stored: number[] | null;
    same: boolean;
    /**
     * Why a refund that differs is not damage: the match has no refund rows and its last move or hand
     * came before refunds were stored (`MATCH_REFUNDS_SINCE`, or no refund row of the game stored in
     * the database before it: a server upgraded after that date), or a hand of it differs by a rule fix
     * (`hands[].rulesChangedSince`: what the pot took follows from the hands).
     */
    rulesChangedSince?: RuleChange[];
  };
  /** Every hand replays as stored, and so does the match's refund. */
  matchesStored: boolean;
  /** Every hand (and refund) that differs was played before a rule fix that explains it (exit 0 all the same). */
  explained: boolean;
  /** `--all`: why the game could not be replayed (it is explained when the move refused was played before a rule fix). */
  error?: string;
}

/** A game whose log does not replay: the rule fixes made since the move refused was played, which may be why. */
export class ReplayFailure extends Error {
  constructor(
    message: string,
    readonly game: GameId,
    readonly rulesChangedSince: RuleChange[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export function replayStoredGame(path: string, id: string): ReplayDbReport {
  if (!existsSync(path)) throw new Error(`no database at ${path}`);
  const db = new Database(path, { readonly: true });
  try {
    // One read transaction (in WAL mode, one snapshot): the game's row, log, result and refund rows
    // are read by separate statements, and a move the bot commits between two of them (a hand it
    // ends after the log was read) showed as a hand that differs from its results.
    return db.transaction(() => replayIn(db, path, id))();
  } finally {
    db.close();
  }
}

function replayIn(db: Database.Database, path: string, id: string): ReplayDbReport {
  const g = db.prepare('SELECT game FROM games WHERE id = ?').get(id) as { game: GameId } | undefined;
  if (!g) throw new Error(`no game "${id}" in ${path}`);
  try {
    return replayGame(db, id);
  } catch (e) {
    // A stored row that cannot be read or replayed (damaged JSON, a log entry of the wrong shape):
    // the game is named, so that `--all` says which one (JSON.parse's or a TypeError's text alone does not).
    const msg = (e as Error).message;
    // Today's rules may refuse a move the rules of its time allowed: only a refused log entry played
    // before a rule fix may be that (unreadable rows are damage). Dated by that entry's own time: a
    // match may go on after the upgrade from a snapshot taken past it (the bot never replays it
    // then), and its last move, after every fix, made the refusal look like damage and stopped
    // `--all`. Not updated_at, which any later write of the row moves.
    const at = e instanceof LogEntryRefused ? playedAt(db, id, e.seq) : null;
    const since = at !== null ? ruleChangesSince(g.game, at) : [];
    const why = since.length
      ? ` (the move refused was played before these rule changes: ${since.map((c) => `${c.at} ${c.what}`).join('; ')})`
      : '';
    throw new ReplayFailure(
      `game "${id}" cannot be replayed: ${e instanceof SyntaxError ? `a stored value is not valid JSON (${msg})` : msg}${why}`,
      g.game,
      since,
      { cause: e },
    );
  }
}

/** When log entry `seq` of the game was played (null: no such entry). */
function playedAt(db: Database.Database, id: string, seq: number): number | null {
  const r = db.prepare('SELECT created_at AS at FROM actions WHERE game_id = ? AND seq = ?').get(id, seq) as { at: number } | undefined;
  return r?.at ?? null;
}

function replayGame(db: Database.Database, id: string): ReplayDbReport {
  const games = new GameStore(db, engineOf);
  const row = games.get(id)!;
  const engine = engineOf(row.game);
  const log = games.log(id);
  const rows = db.prepare('SELECT hand, seat, points, rank, created_at FROM results WHERE game_id = ? ORDER BY hand, seat').all(id) as {
    hand: number;
    seat: number;
    points: number;
    rank: number;
    created_at: number;
  }[];
  // A refund row is no hand's: it is checked against the engine's refund once the log is replayed.
  const stored = rows.filter((x) => x.rank !== POT_REFUND);
  const refunds = rows.filter((x) => x.rank === POT_REFUND);
  const hands: ReplayDbReport['hands'] = [];
  let state = initialState(engine, row.options, row.seats, row.seed);
  let hand = 0;
  // After a hand explained by a rule fix, the next hands start from how it ended (the opener, the winner):
  // they are explained too, up to the first that replays as it was paid.
  let carried: RuleChange[] = [];
  // Each hand's result rows, one per seat, are committed with the move that ends it (store/index.ts
  // `commit`; the results table came with migration 2, and no row is ever deleted): a hand the log
  // finishes has them all, and one it does not finish has none, unless the engine of its time
  // finished it (a rule fix since, which explains it as it does a result that differs).
  const compared = new Set<number>();
  const finish = () => {
    compared.add(hand);
    const r = engine.result(state) as HandResult | null;
    const rows = stored.filter((x) => x.hand === hand);
    if (!r && !rows.length) return;
    const s = rows.map((x) => x.points);
    const net = r ? netPoints(r) : null;
    const missing = net ? [...Array(row.seats).keys()].filter((seat) => !rows.some((x) => x.seat === seat)) : [];
    const same = net !== null && !missing.length && paidAsReplayed(rows, net);
    const playedAt = rows.length ? Math.min(...rows.map((x) => x.created_at)) : null;
    // Rows missing are no rule fix's doing, and say nothing of how the hand ended: the carry stays.
    const own = !same && !missing.length && playedAt !== null ? ruleChangesSince(row.game, playedAt) : [];
    const since = missing.length ? [] : own.length ? own : !same ? carried : [];
    // The next hands start from how an explained hand ended, until one replays as it was paid.
    if (!missing.length) carried = same ? [] : since;
    hands.push({
      hand,
      deltas: net,
      stored: s.length ? s : null,
      ...(missing.length ? { missingSeats: missing } : {}),
      same,
      ...(playedAt !== null ? { playedAt: new Date(playedAt).toISOString() } : {}),
      ...(since.length ? { rulesChangedSince: since } : {}),
    });
  };
  for (const e of log) {
    if (e.hand !== hand) {
      finish();
      hand = e.hand;
    }
    try {
      state = applyEntry(engine, row.options, row.seats, row.seed, state, e);
    } catch (err) {
      // applyEntry names the entry when the engine refuses it; an exception out of the engine does not.
      if (err instanceof LogEntryRefused) throw err;
      throw new Error(`log entry ${e.seq}: ${(err as Error).message}`, { cause: err });
    }
  }
  finish();
  // Stored results of a hand the log never reaches (no entry of it): nothing replays to them.
  for (const h of new Set(stored.map((x) => x.hand)))
    if (!compared.has(h)) {
      const rows = stored.filter((x) => x.hand === h);
      hands.push({
        hand: h,
        deltas: null,
        stored: rows.map((x) => x.points),
        same: false,
        playedAt: new Date(Math.min(...rows.map((x) => x.created_at))).toISOString(),
      });
    }
  hands.sort((a, b) => a.hand - b.hand);
  // The refund follows from what the hands paid into the pot: one that differs after a hand a rule fix
  // explains is explained by the same fixes.
  const fixes = [...new Map(hands.flatMap((h) => (h.same ? [] : (h.rulesChangedSince ?? []))).map((c) => [c.at, c])).values()];
  const refund = checkRefund(db, id, row.game, row.status, row.seats, state, hand, stored, refunds, fixes);
  return {
    gameId: id,
    game: row.game,
    actions: log.length,
    hands,
    ...(refund ? { refund } : {}),
    matchesStored: hands.every((h) => h.same) && (refund?.same ?? true),
    explained: hands.every((h) => h.same || h.rulesChangedSince) && (!refund || refund.same || !!refund.rulesChangedSince),
  };
}

/**
 * The match's refund rows against the engine's refund (the table's `closeMatch`, src/table/act.ts
 * `finish`), per seat: from the last state of the log (`hand`, whose result is stored if the match
 * ended after it, not during it), once the match is finished; nothing for a match still open.
 */
function checkRefund(
  db: Database.Database,
  id: string,
  game: GameId,
  status: string,
  seats: number,
  state: unknown,
  hand: number,
  stored: readonly { hand: number }[],
  refunds: readonly { seat: number; points: number }[],
  handFixes: readonly RuleChange[],
): ReplayDbReport['refund'] | undefined {
  const close = manifestOf(game).closeMatch;
  if (!close || (status !== 'finished' && !refunds.length)) return undefined;
  const replayed = new Array<number>(seats).fill(0);
  if (status === 'finished') {
    const settled = stored.some((x) => x.hand === hand);
    for (const x of close(state, settled)) replayed[x.seat] = (replayed[x.seat] ?? 0) + x.amount;
  }
  const bySeat = new Array<number>(seats).fill(0);
  for (const x of refunds) bySeat[x.seat] = (bySeat[x.seat] ?? 0) + x.points;
  const same = bySeat.length === replayed.length && bySeat.every((v, s) => Math.abs(v - replayed[s]!) < 1e-9);
  // A match that ended before refunds were stored has none: its last move or hand dates it (at the
  // latest; the end itself is not logged). Before the release that stores them
  // (`MATCH_REFUNDS_SINCE`), or later while this database shows no refund
  // stored yet: a server upgrades after the release's date, and a match ended before its upgrade has
  // none either. Once a refund row of the game is stored before the match's last move, a match
  // without one is damage.
  const since = MATCH_REFUNDS_SINCE[game];
  const explainedBy: RuleChange[] = [];
  if (!same && !refunds.length && since) {
    const last = db
      .prepare(
        'SELECT MAX(at) AS at FROM (SELECT MAX(created_at) AS at FROM actions WHERE game_id = ? UNION ALL SELECT MAX(created_at) FROM results WHERE game_id = ?)',
      )
      .get(id, id) as { at: number | null };
    const storedBefore =
      last.at !== null &&
      db.prepare('SELECT 1 FROM results WHERE game = ? AND rank = ? AND created_at <= ? LIMIT 1').get(game, POT_REFUND, last.at) !==
        undefined;
    if (last.at !== null && (last.at < Date.parse(since.at) || !storedBefore)) explainedBy.push(since);
  }
  if (!same) explainedBy.push(...handFixes);
  return {
    replayed,
    stored: refunds.length ? bySeat : null,
    same,
    ...(explainedBy.length ? { rulesChangedSince: explainedBy } : {}),
  };
}

/** Replays every game stored in the database (oldest first). */
export function replayAllGames(path: string): ReplayDbReport[] {
  if (!existsSync(path)) throw new Error(`no database at ${path}`);
  const db = new Database(path, { readonly: true });
  let ids: string[];
  try {
    ids = (db.prepare('SELECT id FROM games ORDER BY created_at, id').all() as { id: string }[]).map((r) => r.id);
  } finally {
    db.close();
  }
  // A game today's rules no longer replay, at a move played before a rule fix, is reported in its place.
  return ids.map((id) => {
    try {
      return replayStoredGame(path, id);
    } catch (e) {
      // Damage (a failure no rule fix explains) still ends the run in one error line naming the game.
      if (!(e instanceof ReplayFailure) || !e.rulesChangedSince.length) throw e;
      return {
        gameId: id,
        game: e.game,
        actions: 0,
        hands: [],
        matchesStored: false,
        explained: true,
        error: e.message,
      };
    }
  });
}

/**
 * One line for `--all`: how many hands differ and how many of them rule fixes explain; the games that no longer
 * replay; the matches whose refund rows differ, and how many of them are explained (ended before refunds
 * were stored, or differ by a hand's rule fix).
 */
export function replaySummary(all: readonly ReplayDbReport[]): string {
  const hands = all.flatMap((g) => g.hands.filter((h) => !h.same));
  const explained = hands.filter((h) => h.rulesChangedSince).length;
  const failed = all.filter((g) => g.error).length;
  const refunds = all.filter((g) => g.refund && !g.refund.same);
  return (
    `games replayed: ${all.length}; hands that differ from their stored results: ${hands.length}, ${explained} of them played before a rule fix; ` +
    `games that no longer replay, each last played before a rule fix: ${failed}; ` +
    `matches whose refund rows differ from the engine's refund: ${refunds.length}, ${refunds.filter((g) => g.refund!.rulesChangedSince).length} of them explained (ended before refunds were stored, or by a hand's rule fix)`
  );
}
