/**
 * Archiving a thread the bot is done with: a finished match's game thread and its seats' private
 * threads (archived and locked), a cancelled lobby's thread (archived only, as lobby.ts always did).
 * One answer for all of them: done (or pointless to try again), or to be tried again. Before, only the
 * game thread's failure was kept; a seat thread or a lobby thread whose archiving met a 5xx or a
 * timeout stayed open until Discord's auto-archive (a week for a seat thread), counting against the
 * server's active threads, and nothing was logged.
 *
 * The caller keeps a failure to try again as a `close-thread` effect in the game's outbox (effects.ts
 * executes it), which the housekeeping round (backing off, store/games.ts `threadsLeftOpen`) or a
 * restart (`needingSyncIn`) runs again, posting nothing; never the game's next step (effects.ts
 * `execute`: it may be a hidden claim answer, and a failure Discord repeats, such as 160006 at the
 * reopen below, would be tried at every step without back-off).
 */
import { RESTJSONErrorCodes, type ThreadChannel } from 'discord.js';
import type { BotContext } from './context.js';

/**
 * Discord's answers that make archiving a thread pointless to try again: the thread is gone (Unknown
 * Channel, 10003), or the bot may not (Missing Access 50001, Missing Permissions 50013: without
 * Manage Threads a thread is never locked, README "Inviting the bot"; a permission given back later
 * is not waited for), or it was locked since by a moderator (160005: the bot may not edit a locked
 * thread, and it is closed enough).
 */
const CLOSE_FINAL: ReadonlySet<unknown> = new Set([
  RESTJSONErrorCodes.UnknownChannel,
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.ThreadLocked,
]);

/**
 * How long after the game's last change (for a finished match, its end; for a lobby, its cancelling) a
 * thread that could not be archived is tried again: a day, as a match's end is posted again (lobby.ts
 * `DAY_MS`).
 */
export const CLOSE_RETRY_MS = 24 * 3600_000;

/** A thread to archive (`closeThread`). */
export interface ThreadToClose {
  /** The game it belongs to: its last change starts `CLOSE_RETRY_MS`. */
  gameId: string;
  threadId: string | null;
  /** Locked too (a finished match's threads); false: archived only (a cancelled lobby's). */
  lock: boolean;
  /** Which thread, for the log: 'game thread', 'seat thread', 'lobby thread'. */
  what: string;
  /** The thread as the caller has it already; otherwise (or null: its fetch failed) fetched here. */
  known?: ThreadChannel | null;
}

/**
 * Archives (and locks) a thread; a thread gone, already archived (and locked), or not a thread needs
 * nothing. False when it failed and should be tried again: any failure but CLOSE_FINAL's (a 5xx after
 * discord.js's retries, a timeout), up to CLOSE_RETRY_MS after the game last changed. Every failure
 * is logged.
 */
export async function closeThread(ctx: BotContext, c: ThreadToClose): Promise<boolean> {
  if (!c.threadId) return true;
  const doing = c.lock ? 'archive/lock' : 'archive';
  try {
    // Fetched here, not through messages.ts `gameChannel` (null for any failure): a thread not in the
    // cache (archived while the bot was down) that Discord fails to give for a moment is tried again,
    // one it says is gone (10003) is not.
    const ch = c.known ?? (await ctx.client.channels.fetch(c.threadId));
    if (!ch?.isThread() || (ch.archived && (ch.locked || !c.lock))) return true;
    // Archived and locked in one edit. A lock needs Manage Threads: without it (50013) the thread is
    // still archived, as its creator may (it stops counting against the server's active threads);
    // refused that too, 50013 is final above.
    if (!ch.archived) {
      try {
        await ch.edit(c.lock ? { archived: true, locked: true } : { archived: true });
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        if (code === RESTJSONErrorCodes.InvalidActionOnArchivedThread) {
          // The cache said open, Discord has it archived: a THREAD_UPDATE missed while the gateway
          // session was lost (a new session's GUILD_CREATE lists active threads only, and discord.js
          // keeps the cached one). A fetch without `force` would give the same stale thread at every
          // try for the day; this one refreshes the cache too.
          const fresh = await ctx.client.channels.fetch(c.threadId, { force: true });
          if (!fresh?.isThread() || !fresh.archived) throw err;
          if (fresh.locked || !c.lock) return true;
          await lockArchived(fresh);
          return true;
        }
        if (!c.lock || code !== RESTJSONErrorCodes.MissingPermissions) throw err;
        await ch.edit({ archived: true });
        ctx.log.info({ gameId: c.gameId, threadId: c.threadId }, `the ${c.what} is archived, not locked: no Manage Threads`);
      }
      return true;
    }
    await lockArchived(ch);
    return true;
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    const fields = { err, code, gameId: c.gameId, threadId: c.threadId };
    if (CLOSE_FINAL.has(code)) {
      ctx.log.info(fields, `cannot ${doing} the ${c.what}: not tried again`);
      return true;
    }
    // The game's stored row: the caller's copy may be as its step loaded it.
    const changedAt = ctx.store.games.get(c.gameId)?.updatedAt ?? 0;
    const again = ctx.clock.now() - changedAt < CLOSE_RETRY_MS;
    ctx.log.warn(
      fields,
      again
        ? `cannot ${doing} the ${c.what}: kept to try again`
        : `cannot ${doing} the ${c.what}: given up, a day after the game last changed`,
    );
    return !again;
  }
}

/**
 * Locks a thread found archived, not locked (Discord's auto-archive while an earlier try failed):
 * Discord's Modify Channel requires a thread's `archived` to be false or set false in the request, and
 * locking an archived thread is refused with 50083 (discord-api-docs#6928, "working as intended").
 * Tried as it is first (some report it allowed), else reopened locked and archived again: a thread
 * left archived but unlocked is reopened by anyone's message.
 */
async function lockArchived(ch: ThreadChannel): Promise<void> {
  try {
    await ch.edit({ archived: true, locked: true });
  } catch (err) {
    if ((err as { code?: unknown }).code !== RESTJSONErrorCodes.InvalidActionOnArchivedThread) throw err;
    await ch.edit({ archived: false, locked: true });
    await ch.edit({ archived: true });
  }
}
