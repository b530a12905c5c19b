/**
 * What a process running for months tidies, every `HOUSEKEEPING_MS` (a scheduler round runs it):
 * - idle lobbies close (lobby-expiry.ts, /config lobby-days);
 * - a lobby left without its game thread (the process died during its /play, before the thread was
 *   recorded) gets it from its lobby message, or is cancelled when it has none or Discord refuses:
 *   otherwise it stayed open, invisible or with nowhere to play, listed in /games and holding its
 *   players' /privacy until lobby-days closed it (never, with 0). The first round runs at start-up;
 *   a lobby is left `THREADLESS_GRACE_MS` for its /play to finish;
 * - a match nobody plays any more ends (idle-expiry.ts, /config idle-days): a result nobody follows
 *   up, a move without a deadline nobody makes, a table paused for good;
 * - a hand's result that could not be posted (a Discord error after discord.js's retries, a render
 *   error, a permission the bot lost) is posted again: it carries the Next hand / End match buttons
 *   (the table message offers them too), for `RESULT_RETRY_DAYS` after the hand ended (then a
 *   warning says the tries are over, once);
 * - so is the end of a match (its final standings), for a day after it ended; and a thread the bot
 *   could not archive (a 5xx, a timeout, 160006 at the reopen to lock it: close-thread.ts) is
 *   archived, for a day after the game's last change, posting nothing again (not when Discord said the
 *   thread is gone or the bot may not: 10003, 50001, 50013, 160005): a finished match's thread and its
 *   seats' private threads (locked too), a cancelled or idle-closed lobby's thread, a private thread of
 *   a seat that changed hands at a running or paused table (only here or at a restart: the game's next
 *   step may be a hidden claim answer, effects.ts `execute`), the private seat threads of a table
 *   abandoned because its game thread was deleted (app.ts);
 * - a table message whose edit failed (it shows an older state: whose turn, the last discard), or
 *   that was never posted (Start while the bot could not post in the thread), is redrawn or posted,
 *   for a day after the game last changed (a restart does the same);
 * - a ping Discord refused for a permission the bot lacked (the step kept it in its outbox,
 *   effects.ts) is posted again, for a day: once the permission is back, the player is mentioned
 *   within a round, not by the next reminder hours later.
 * - tables held since the bot was removed from their server (act.ts 'bot-removed') are released if it
 *   is back there (its return's release failed: a storage error), and abandoned as the removal
 *   abandoned them before once `BOT_REMOVED_GRACE_MS` passed without it (`settleHeldTables`). A table
 *   held for its locked thread (act.ts 'thread-locked') has no grace period: the idle end of matches
 *   ends it (idle-expiry.ts) if its thread stays locked;
 * - DM notices of games that are over are deleted a day after they were done (NoticeStore.pruneDone);
 * - members found gone from a server since the last round (a DM click, a deadline, the scheduler's
 *   questions about the people the AI plays for, asked right after this: scheduler.ts `askAbsent`)
 *   leave their tables (members.ts `applyFoundGone`);
 * - DM channels leave discord.js's cache past `DM_CACHE_MAX`. Every DM the bot sends or receives
 *   caches its channel, and discord.js has no sweeper for them (its thread sweeper is for threads
 *   only): about 0.7 KB per person for ever. A channel needed again is opened again (`POST
 *   /users/@me/channels`, under the global rate limit) or fetched by id (messages.ts `gameChannel`),
 *   so they are kept up to the cap: sweeping them all every round cost one such request per person
 *   DM'd after each round.
 * Each shard closes its own servers' lobbies; the notice rows are shared, and deleting them twice is
 * harmless.
 *
 * The retries (a result, an end of match, a table, a ping) each wait until the game has been quiet
 * for a minute; at most `PER_SWEEP` of each a round, those waiting longest first, and the retries of
 * one game back off (10 min, 20, 40, … up to 4 h: store/games.ts `dueForRetry`): tables whose thread
 * the bot can no longer post in (a lost permission, a locked thread) cost a request now and then,
 * and never hold up the other tables. A permission or lock change Discord tells of ends the back-off
 * of that channel's tables (app.ts, `retrySoon`): once a moderator gives the permission back, the
 * next round posts what was owed.
 */
import type { Client } from 'discord.js';
import type { BotContext, GameLocks } from './context.js';
import { DAY_MS, giveLobbyThread } from './lobby.js';
import { expireLobbies } from './lobby-expiry.js';
import { expireIdle } from './idle-expiry.js';
import type { ShardScope } from '../store/shards.js';
import { noteStorageError } from '../store/health.js';
import { redrawLobby, run } from './effects.js';
import { settleHeldTables } from './holds.js';
import { CLOSE_RETRY_MS } from './close-thread.js';
import { RESULT_RETRY_MS, RETRY_MAX_MS } from '../store/games.js';
import { applyFoundGone } from './members.js';

export const HOUSEKEEPING_MS = 10 * 60_000;
/** DM channels kept in discord.js's cache (~0.7 KB each, ~1.4 MB); past it, those cached longest leave first. */
export const DM_CACHE_MAX = 2_000;
const PER_SWEEP = 25;
/** How long an unposted hand result is retried: without it the match waits until idle-days end it. */
export const RESULT_RETRY_DAYS = RESULT_RETRY_MS / DAY_MS;
/** How old a lobby without a game thread must be before a round mends it: its /play may still be creating it. */
const THREADLESS_GRACE_MS = 5 * 60_000;
/** How long after its /play a lobby without a game thread is given it again after Discord failed for a moment (a 5xx). */
const THREADLESS_GIVE_UP_MS = 3600_000;
export async function housekeeping(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  const failed = (what: string) => (e: unknown) => {
    noteStorageError(e);
    ctx.log.error({ err: e }, `${what} failed`);
  };
  // What Discord shows but a failing storage could not record (store/games.ts `unwritten`): written
  // first, so that the retries below see it (a finished match's end, which no later step writes).
  try {
    const kept = ctx.store.games.flushUnwritten();
    if (kept) ctx.log.warn({ games: kept }, 'the storage still fails: what Discord shows of these games is kept in memory');
  } catch (e) {
    failed('writing what Discord shows')(e);
  }
  // Members a DM click found gone from a server leave their tables (members.ts `noteGone`).
  await applyFoundGone(ctx).catch(failed('handing gone members’ seats to the AI'));
  await settleHeldTables(ctx, locks, now, scope).catch(failed('releasing or abandoning held tables'));
  await expireLobbies(ctx, locks, now, scope).catch(failed('closing idle lobbies'));
  await mendThreadlessLobbies(ctx, locks, now, scope).catch(failed('mending lobbies without a thread'));
  await expireIdle(ctx, locks, now, scope).catch(failed('ending idle matches'));
  // What a failed post or edit left behind, once the game has been quiet for a minute (at most
  // PER_SWEEP each a round, each game backing off): a hand's result (its Next hand / End match
  // buttons), for a day the end of a match (final standings) and the archiving of a thread (a finished
  // match's, its seats', a cancelled or abandoned table's), a table message showing an older state than the game's (or none) and a ping refused for
  // a lost permission. A game synced once in a round is not due again in it (`noteRetried`).
  const quiet = now - 60_000;
  const day = { before: quiet, since: now - DAY_MS, now };
  const games = ctx.store.games;
  await syncAgain(
    ctx,
    locks,
    () => games.unpostedResults({ ...day, since: now - RESULT_RETRY_DAYS * DAY_MS }, scope, PER_SWEEP),
    'the hand result was not posted: posting it again',
  ).catch(failed('posting results again'));
  try {
    for (const id of games.resultRetriesOver(RESULT_RETRY_DAYS * DAY_MS, now, scope, PER_SWEEP)) {
      ctx.log.warn(
        { gameId: id, days: RESULT_RETRY_DAYS },
        'the hand result could not be posted: no more tries (the table message still offers Next hand and End match; /config idle-days ends the match)',
      );
      games.noteRetriesOver(id);
    }
  } catch (e) {
    failed('noting the end of result retries')(e);
  }
  await syncAgain(
    ctx,
    locks,
    () => games.unpostedMatchEnds(day, scope, PER_SWEEP),
    'the end of the match was not posted: posting it again',
  ).catch(failed('posting match ends again'));
  await syncAgain(
    ctx,
    locks,
    // The effect gives up by itself a day after the game last changed (close-thread.ts
    // `CLOSE_RETRY_MS`), emptying the outbox; the window is longer by the longest back-off and an
    // hour (the round after it is due, up to HOUSEKEEPING_MS later, or later still behind PER_SWEEP
    // others; the try's own Discord retries), so a try late in that day still gets its last (with a
    // minute, one due at 28 h was never run again and the effect stayed in the outbox), and a game
    // whose sync never gets that far (its log no longer replays) is not synced for ever.
    () => games.threadsLeftOpen({ ...day, since: now - CLOSE_RETRY_MS - RETRY_MAX_MS - 3600_000 }, scope, PER_SWEEP),
    'a thread of a finished match, a seat or a cancelled table could not be archived and locked: trying again',
  ).catch(failed('closing threads again'));
  await syncAgain(ctx, locks, () => games.tablesBehind(day, scope, PER_SWEEP), 'the table message is behind the game: redrawing it').catch(
    failed('redrawing tables'),
  );
  await syncAgain(
    ctx,
    locks,
    () => games.outboxesLeft(day, scope, PER_SWEEP),
    'a step left effects to deliver (a ping Discord refused, a seat thread left open): executing them again',
  ).catch(failed('posting pings again'));
  try {
    const n = ctx.store.notices.pruneDone(now - DAY_MS);
    if (n) ctx.log.debug({ notices: n }, 'done notices of ended games deleted');
  } catch (e) {
    failed('deleting done notices')(e);
  }
  sweepDmChannels(ctx.client, DM_CACHE_MAX);
}

/**
 * Lobbies without a game thread, `THREADLESS_GRACE_MS` after their /play: given their thread from the
 * lobby message (lobby.ts `giveLobbyThread`), else cancelled, their message (if any) saying so.
 * Discord failing for a moment (a 5xx, a timeout) is tried again at the next rounds, up to
 * `THREADLESS_GIVE_UP_MS` after the /play (before, one 5xx cancelled a lobby its players had joined).
 * Under each game's lock, checked again there (a /play still running holds it until its thread is
 * recorded).
 */
async function mendThreadlessLobbies(ctx: BotContext, locks: GameLocks, now: number, scope: ShardScope | null): Promise<void> {
  for (const id of ctx.store.games.threadlessLobbies(now - THREADLESS_GRACE_MS, scope, PER_SWEEP)) {
    await locks.run(id, async () => {
      const g = ctx.store.games.get(id);
      if (g?.status !== 'lobby' || g.threadId) return;
      const mended = g.lobbyMessageId === null ? 'refused' : await giveLobbyThread(ctx, g, g.lobbyMessageId);
      if (mended === 'later' && g.createdAt > now - THREADLESS_GIVE_UP_MS) {
        ctx.log.warn({ gameId: id }, 'a lobby without its game thread: Discord failed for now, trying again at the next round');
        return;
      }
      if (mended !== 'given') {
        ctx.store.games.update(id, { status: 'cancelled' });
        ctx.log.warn({ gameId: id }, 'a lobby without its game thread was cancelled');
      }
      const t = ctx.table.load(id);
      if (t) await redrawLobby(ctx, t);
    });
  }
}

/** Drops the DM channels cached longest until `max` are left; returns how many left the cache. */
export function sweepDmChannels(client: Pick<Client, 'channels'>, max: number): number {
  const dms = [...client.channels.cache.values()].filter((c) => c.isDMBased());
  if (dms.length <= max) return 0;
  const drop = new Set(dms.slice(0, dms.length - max).map((c) => c.id));
  return client.channels.cache.sweep((c) => drop.has(c.id));
}

/**
 * A `sync` of each game, under its lock: it re-derives what the game's last step should have shown
 * (its result, the end of the match, the table's current state), executes it with what its outbox
 * still holds, and records the attempt (the retries' back-off). `what`: the log line.
 */
async function syncAgain(ctx: BotContext, locks: GameLocks, ids: () => readonly string[], what: string): Promise<void> {
  for (const id of ids()) {
    ctx.log.warn({ gameId: id }, what);
    // One game that cannot be brought up to date (a log that no longer replays) does not hold up the others.
    await locks
      .run(id, () => {
        const changedAt = ctx.store.games.get(id)?.publicAt ?? 0;
        return run(ctx, { kind: 'sync', gameId: id }).finally(() => ctx.store.games.noteRetried(id, changedAt));
      })
      .catch((err: unknown) => {
        noteStorageError(err);
        ctx.log.error({ err, gameId: id }, `${what}: failed`);
      });
  }
}
