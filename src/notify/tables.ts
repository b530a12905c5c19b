/**
 * Where a user stands at a table, for /games and the notifier's digest: whose move it is, whether it
 * is theirs (a turn or a claim), the deadline. During a claim window the other claimants are never
 * named (the table message does not name them either: that would tell who holds matching pieces).
 */
import type { BaseAction, Decision } from '../games/core/types.js';
import type { Table, TableStore } from '../table/store.js';
import { nextDeadline } from '../table/views.js';
import { isOff, windowKind } from '../table/timers.js';

export interface TableSummary {
  gameId: string;
  game: Table['row']['game'];
  guildId: string | null;
  threadId: string | null;
  hand: number;
  version: number;
  status: Table['row']['status'];
  /** The last public change (GameRow.publicAt): a hidden step never shows here. */
  publicAt: number;
  seat: number | null;
  /** The user's own pending decision, as the table handles it (timers.ts windowKind: a secret opening choice is 'claim'). */
  mine: 'turn' | 'claim' | null;
  /** The seats whose turn it is (never claimants). */
  turnNames: string[];
  /** A claim window is open (the claimants are not named). */
  claimOpen: boolean;
  /** That window is a secret opening choice (`Decision.secret`), not claims. */
  opening: boolean;
  /** The user's own deadline when it is their move, else the table's next deadline. */
  deadline: number | null;
}

export function summarize(t: Table, userId: string): TableSummary {
  const seat = t.seats.find((s) => s.userId === userId)?.seat ?? null;
  const pending = t.state === null || t.engine.result(t.state) ? [] : (t.engine.pending(t.state) as Decision<BaseAction>[]);
  const own = seat === null ? undefined : pending.find((d) => d.seat === seat);
  // A secret opening choice is a window like a claim's: nobody is named (timers.ts windowKind).
  const claimOpen = pending.some((d) => windowKind(d) === 'claim');
  const ownTimer = seat === null ? undefined : t.timers.find((x) => x.seat === seat);
  const opening = pending.some((d) => d.secret);
  return {
    gameId: t.row.id,
    game: t.row.game,
    guildId: t.row.guildId,
    threadId: t.row.threadId,
    hand: t.row.handIndex,
    version: t.row.version,
    status: t.row.status,
    publicAt: t.row.publicAt,
    seat,
    // As the table handles it (timers.ts windowKind): a secret opening choice is a window's decision.
    mine: t.row.status === 'running' && own ? windowKind(own) : null,
    turnNames: pending.filter((d) => windowKind(d) === 'turn').map((d) => t.names[d.seat] ?? `#${d.seat + 1}`),
    claimOpen,
    opening,
    // A decision without a deadline (timers.ts `isOff`) has none to show (not a date in the year 128,000).
    // An opening window shows no deadline but its holder's own: it moves as its holders answer (#13 §2).
    deadline: own && ownTimer ? (isOff(ownTimer.deadline) ? null : ownTimer.deadline) : opening ? null : nextDeadline(t),
  };
}

/** A Discord jump URL to a table's thread. */
export function jumpUrl(guildId: string | null, channelId: string | null): string | null {
  return guildId && channelId ? `https://discord.com/channels/${guildId}/${channelId}` : null;
}

/** The summaries of these games for a user (each loaded once through the table layer). */
export function summaries(table: TableStore, gameIds: readonly string[], userId: string): TableSummary[] {
  return gameIds.flatMap((id) => {
    const t = table.load(id);
    return t ? [summarize(t, userId)] : [];
  });
}
