/**
 * Holds and abandons of tables for what happens to their server and thread: the bot removed from a
 * server holds its running tables until it is invited back (`botRemoved`, `botBack`), a moderator's
 * lock of a game thread holds its table until the unlock (`threadLockChanged`, `settleLockHolds`), and
 * a deleted thread or channel, or a removal past its grace period, abandons them (`abandonTables`).
 * The steps themselves are the table layer's (act.ts 'bot-removed', 'bot-back', 'thread-locked',
 * 'thread-unlocked'); this module finds the tables, runs each under its game's lock, and forgets what
 * the process held for them. app.ts calls it from gateway events and at start-up, housekeeping.ts
 * each round (`settleHeldTables`).
 */
import type { BotContext, GameLocks } from './context.js';
import { DAY_MS } from './lobby.js';
import type { ShardScope } from '../store/shards.js';
import { forgetTable, redrawLobby, run, threadIsLocked } from './effects.js';
import {
  abandonGames,
  heldTables,
  heldTablesOfGuild,
  lobbiesOfGuild,
  lockHeldTables,
  tablesOfThread,
  tablesToHold,
} from '../store/guilds.js';
import { closeSeatChannels, takeUnclosed } from './seat-channels.js';
import type { Effect } from '../table/effects.js';

/**
 * How long the tables of a server the bot was removed from stay held (act.ts 'bot-removed'), waiting
 * for it to be invited back: admins kick and re-invite a bot to fix its permissions, and a match of
 * days was lost by that. Past it, a housekeeping round abandons them (`settleHeldTables`), as the
 * removal itself did before.
 */
export const BOT_REMOVED_GRACE_MS = 7 * DAY_MS;

/** The private seat threads a game's outbox still owes an archiving (`close-thread` effects naming one). */
function seatThreadsToClose(outbox: readonly unknown[]): string[] {
  return (outbox as Effect[]).flatMap((e) => (e.kind === 'close-thread' && e.thread ? [e.thread] : []));
}

/**
 * Abandons open tables (store/guilds.ts: no timers fire; logs and results kept), each under its
 * game's lock so that no step in flight writes it back, and forgets what this process held for
 * them. `deleted`: the channel or thread that was deleted, in a server the bot is still in: the
 * seats' private threads are closed and a lobby message left elsewhere says the table is cancelled.
 * A seat thread whose archiving fails (a 5xx, a timeout), now or before (a seat that changed hands,
 * kept in the outbox abandoning empties), is kept in the outbox, for the housekeeping round (store
 * `threadsLeftOpen`: a day after the abandon) or a restart: a deleted game thread takes none of them
 * (they hang off the parent channel), and nothing else would close them. `why`: the log line.
 */
export async function abandonTables(
  ctx: BotContext,
  locks: GameLocks,
  ids: readonly string[],
  why: string,
  deleted?: string,
): Promise<void> {
  const gone: string[] = [];
  for (const id of ids) {
    await locks
      .run(id, async () => {
        const before = deleted ? seatThreadsToClose(ctx.store.games.get(id)?.outbox ?? []) : [];
        if (!abandonGames(ctx.store.db, [id], ctx.clock.now()).length) return;
        gone.push(id);
        forgetTable(ctx, id);
        const t = deleted ? ctx.table.load(id) : null;
        if (!t) return;
        await closeSeatChannels(ctx, t);
        const left = [...new Set([...before, ...takeUnclosed(t)])].map((thread): Effect => ({ kind: 'close-thread', thread }));
        if (left.length) ctx.store.games.replaceOutbox(id, [], left);
        if (t.row.channelId !== deleted) await redrawLobby(ctx, t);
      })
      .catch((e: unknown) => ctx.log.error({ err: e, game: id }, 'abandoning a table failed'));
  }
  if (gone.length) {
    ctx.log.info({ games: gone }, why);
    ctx.wakeTimers();
  }
}

/**
 * The bot was removed from a server (GUILD_DELETE without `unavailable`, or a start-up whose READY
 * lacks it: app.ts). Its lobbies are abandoned (no hand was dealt: nothing to keep); its running and
 * paused tables are held (act.ts 'bot-removed': paused, timers frozen, nothing played), each under its
 * game's lock, until the bot is back (`botBack`) or `BOT_REMOVED_GRACE_MS` passed (`settleHeldTables`).
 * The holds show nothing (the bot can reach nothing there) and make no request.
 */
export async function botRemoved(ctx: BotContext, locks: GameLocks, guildId: string): Promise<void> {
  await abandonTables(ctx, locks, lobbiesOfGuild(ctx.store.db, guildId), 'removed from a server: its lobbies are abandoned');
  const held: string[] = [];
  for (const id of tablesToHold(ctx.store.db, guildId)) {
    await locks
      .run(id, async () => {
        const r = await run(ctx, { kind: 'bot-removed', gameId: id });
        if (!r.outcome.ok) return;
        held.push(id);
        // Its message queue, live seat views and cached state: days may pass before it is played again.
        forgetTable(ctx, id);
      })
      .catch((e: unknown) => ctx.log.error({ err: e, game: id }, 'holding a table failed'));
  }
  if (held.length) {
    ctx.log.info({ guildId, games: held }, 'removed from a server: its tables are held until the bot is invited back');
    ctx.wakeTimers();
  }
}

/**
 * The bot is in a server again (GUILD_CREATE, or a start-up whose READY lists it: app.ts): the tables
 * its removal held there are released (act.ts 'bot-back'): play resumes from each timer's time left,
 * a table its players had paused stays paused, and each table is shown again with a notice. No
 * THREAD_UPDATE reached the bot while it was away: each table's thread is asked for first, and one a
 * moderator locked meanwhile stays held for the lock (released at its unlock), one unlocked meanwhile
 * is released from that hold too (`matchLock`).
 */
export async function botBack(ctx: BotContext, locks: GameLocks, guildId: string): Promise<void> {
  const back: string[] = [];
  for (const id of heldTablesOfGuild(ctx.store.db, guildId)) {
    await locks
      .run(id, async () => {
        await matchLock(ctx, id, await threadIsLocked(ctx, ctx.store.games.get(id)?.threadId ?? null));
        if ((await run(ctx, { kind: 'bot-back', gameId: id })).outcome.ok) back.push(id);
      })
      .catch((e: unknown) => ctx.log.error({ err: e, game: id }, 'releasing a held table failed'));
  }
  if (back.length) ctx.log.info({ guildId, games: back }, 'back in a server: its held tables are released');
}

/**
 * Holds a table for its locked thread, or releases it from that hold, as `locked` says (null: unknown,
 * nothing done). Under the game's lock. Whether anything changed. A hold forgets what this process
 * held for the table, as `botRemoved` does: its message queue, live seat views, ping record and cached
 * state; days may pass before it is played again, and its release pings whoever must decide anew (a
 * new post, not an edit of a ping far up the thread).
 */
async function matchLock(ctx: BotContext, gameId: string, locked: boolean | null): Promise<boolean> {
  const row = ctx.store.games.get(gameId);
  if (locked === null || !row || (row.hold?.reasons.locked !== undefined) === locked) return false;
  if (!(await run(ctx, { kind: locked ? 'thread-locked' : 'thread-unlocked', gameId })).outcome.ok) return false;
  if (locked) forgetTable(ctx, gameId);
  return true;
}

/**
 * A game thread locked or unlocked (THREAD_UPDATE `thread_metadata.locked`: app.ts). Its running or
 * paused table is held for the lock (act.ts 'thread-locked': paused, timers frozen, nothing played or
 * posted, the thread not reopened), or released from it ('thread-unlocked': shown again with a notice,
 * play resuming from each timer's time left unless its players had paused it). Each under its game's
 * lock. The bot's own lock of a finished match's thread (close-thread.ts) finds no running table, and a
 * seat's private thread is no game's thread (store `tablesOfThread`).
 */
export async function threadLockChanged(ctx: BotContext, locks: GameLocks, threadId: string, locked: boolean): Promise<void> {
  for (const t of tablesOfThread(ctx.store.db, threadId)) {
    if (t.locked === locked) continue;
    await locks
      .run(t.id, async () => {
        if (await matchLock(ctx, t.id, locked))
          ctx.log.info(
            { gameId: t.id, threadId },
            locked
              ? 'a moderator locked the game thread: the table is held until it is unlocked'
              : 'the game thread is unlocked: the table is released',
          );
      })
      .catch((e: unknown) => ctx.log.error({ err: e, game: t.id }, 'holding or releasing a table for its thread’s lock failed'));
  }
}

/**
 * At start-up (app.ts), the tables held for their locked thread whose server `owns` (this shard's):
 * each thread is asked for (no THREAD_UPDATE came while the bot was down), and a table whose thread was
 * unlocked meanwhile is released. A thread deleted meanwhile answers 10003, which abandons its table
 * (gone-channels.ts).
 */
export async function settleLockHolds(ctx: BotContext, locks: GameLocks, owns: (guildId: string | null) => boolean): Promise<void> {
  for (const h of lockHeldTables(ctx.store.db)) {
    if (!owns(h.guildId)) continue;
    const locked = await threadIsLocked(ctx, h.threadId);
    await locks
      .run(h.id, () => matchLock(ctx, h.id, locked))
      .catch((e: unknown) => ctx.log.error({ err: e, game: h.id }, 'releasing a table held for its thread’s lock failed'));
  }
}

/**
 * The held tables of `scope`: those of a server the bot is in again are released (its return's
 * release failed, or ran in another process), those held `BOT_REMOVED_GRACE_MS` without it are
 * abandoned (`abandonTables`, as a removal abandoned them before the hold).
 */
export async function settleHeldTables(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  const held = heldTables(ctx.store.db, scope);
  const isBack = (guildId: string | null) => guildId !== null && ctx.client.guilds.cache.has(guildId);
  for (const guildId of new Set(held.filter((h) => isBack(h.guildId)).map((h) => h.guildId!))) await botBack(ctx, locks, guildId);
  const over = held.filter((h) => !isBack(h.guildId) && h.heldAt <= now - BOT_REMOVED_GRACE_MS).map((h) => h.id);
  if (over.length)
    await abandonTables(ctx, locks, over, 'not invited back to a server within the grace period: its held tables are abandoned');
}
