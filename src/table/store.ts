/**
 * The table layer's view of the store: one load per step (row, seats, state, timers, match totals)
 * and one commit per step (store/index.ts `commit`: one SQLite transaction).
 */
import type { AnyEngine } from '../games/core/types.js';
import type { GameRow, SeatRow, StepCommit, Store, TimerRow } from '../store/index.js';
import type { Effect } from './effects.js';
import { GAMES, type GameManifest } from './manifests.js';
import type { AnyPresenter, Move } from './present/types.js';
import type { GameId } from '../games/core/types.js';
import { readPrefs, type ClaimPref } from './prefs.js';

/** A game as the table layer holds it during one step. */
export interface Table {
  row: GameRow;
  manifest: GameManifest;
  engine: AnyEngine;
  presenter: AnyPresenter;
  /** Null in the lobby and for a cancelled table. */
  state: unknown;
  seats: SeatRow[];
  names: string[];
  timers: TimerRow[];
  /** Match totals per seat (sum of the stored hands' points). */
  totals: Map<number, number>;
  /** Hands whose result rows are stored. */
  recordedHands: Set<number>;
  /** Effects of the last step not yet known to be delivered. */
  outbox: Effect[];
  /** Claim preferences of the seated people, by seat (src/table/prefs.ts). */
  prefs: Map<number, Set<ClaimPref>>;
  /** Seats whose people chose more time for their turns (/prefs): the factor (2 or 3), by seat. */
  turnTime?: ReadonlyMap<number, number>;
  /** Seats whose people are mentioned even while their hand view is live (/prefs). */
  mentionAlways?: ReadonlySet<number>;
  /** Seats whose people see their hand large, for a phone (/prefs). */
  largeHand?: ReadonlySet<number>;
  /** Seats whose people read Phỏm cards in words in their hand view, for a screen reader (/prefs). */
  cardsInWords?: ReadonlySet<number>;
  /** The current hand's latest public moves, oldest first (store `shownMoves`; none logged before migration 26). */
  moves?: readonly ShownMove[];
  /** A running or paused match whose log today's engine refuses (store `LoadedGame.refused`): it cannot go on. */
  refused?: { seq: number; message: string };
}

/** A public move of the hand and the log entry that made it. */
export interface ShownMove {
  seq: number;
  move: Move;
}

/** How many of the hand's latest public moves a table holds (a hand view shows fewer). */
export const MOVES_KEPT = 40;

export interface TableStore {
  /** The one game load of a step. */
  load(gameId: string): Table | null;
  /** Commits a step in one transaction. */
  commit(step: StepCommit): void;
  /** The raw store (read API for commands and the bot's message-id bookkeeping). */
  store: Store;
}

export function tableStore(store: Store, games: { readonly [K in GameId]: GameManifest } = GAMES): TableStore {
  return {
    store,
    load(gameId) {
      return store.db.transaction((): Table | null => {
        const g = store.games.load(gameId);
        if (!g) return null;
        const manifest = games[g.row.game];
        return {
          row: g.row,
          manifest,
          engine: manifest.engine,
          presenter: manifest.presenter,
          state: g.state,
          ...(g.refused ? { refused: g.refused } : {}),
          seats: g.seats,
          names: g.seats.map((s) => s.displayName),
          timers: store.timers.forGame(gameId),
          totals: store.results.matchTotals(gameId, g.seats),
          recordedHands: new Set(store.results.handsRecorded(gameId)),
          outbox: g.row.outbox as Effect[],
          prefs: prefsBySeat(store, g.row.game, g.seats),
          ...seatSettings(store, g.seats),
          moves:
            g.row.status === 'running' || g.row.status === 'paused'
              ? (store.games.shownMoves(gameId, g.row.handIndex, MOVES_KEPT) as ShownMove[])
              : [],
        };
      })();
    },
    commit: (step) => store.commit(step),
  };
}

/** The people's own table settings (/prefs), by seat: extra turn time, mention-always, the large hand, cards in words. */
function seatSettings(
  store: Store,
  seats: SeatRow[],
): { turnTime: Map<number, number>; mentionAlways: Set<number>; largeHand: Set<number>; cardsInWords: Set<number> } {
  // A player the AI stands in for (away) still looks at their hand: how it is shown is theirs too.
  const people = seats.filter((s) => s.userId);
  const byUser = store.prefs.seatSettings(people.map((s) => s.userId!));
  const turnTime = new Map<number, number>();
  const mentionAlways = new Set<number>();
  const largeHand = new Set<number>();
  const cardsInWords = new Set<number>();
  for (const s of people) {
    const x = byUser.get(s.userId!);
    if (x?.largeHand) largeHand.add(s.seat);
    if (x?.cardsInWords) cardsInWords.add(s.seat);
    if (s.isAi) continue;
    if (x && x.turnTime > 1) turnTime.set(s.seat, x.turnTime);
    if (x?.mentionAlways) mentionAlways.add(s.seat);
  }
  return { turnTime, mentionAlways, largeHand, cardsInWords };
}

function prefsBySeat(store: Store, game: GameId, seats: SeatRow[]): Map<number, Set<ClaimPref>> {
  const people = seats.filter((s) => s.userId && !s.isAi);
  const byUser = readPrefs(
    store.db,
    game,
    people.map((s) => s.userId!),
  );
  const out = new Map<number, Set<ClaimPref>>();
  for (const s of people) {
    const p = byUser.get(s.userId!);
    if (p) out.set(s.seat, p);
  }
  return out;
}
