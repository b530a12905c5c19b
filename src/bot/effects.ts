/**
 * Executes a table step's effects in Discord (src/table/effects.ts) and records the message ids.
 * It decides nothing: what to show comes from src/table/views.ts, drawn from the table as `act`
 * left it (no second load). Runs under the game's lock, after the step's transaction. Once every
 * effect has been tried, the game's outbox is cleared; after a crash before that, the start-up
 * sweep executes the outbox again (each effect is idempotent). A ping or a reminder Discord refused
 * for a permission the bot lacks (a moderator took Send Messages in Threads away, locked the thread)
 * stays in the outbox: a sync (the housekeeping round, a restart, a resume's catch-up) posts it once
 * the bot can, not the game's next step (`execute`); a reminder only while its decision waits. So
 * does a thread that could not be archived (close-thread.ts: a finished match's thread, a seat's
 * private thread, a cancelled lobby's thread; a `close-thread` effect, executed again by the
 * housekeeping round or a restart).
 */
import { cut } from '../table/cut.js';
import { createHash } from 'node:crypto';
import type { BotContext } from './context.js';
import { ensureUnarchived, gameChannel, mayAttach, orInWords, png } from './messages.js';
import { toComponents } from './components.js';
import { v2Layout, v2Text } from './layout.js';
import { decodeGameId } from './custom-id.js';
import { act, actAsync, type ActResult, type TableCommand } from '../table/act.js';
import type { Effect } from '../table/effects.js';
import { langOf, translator, type Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';
import {
  claimReminderText,
  endMatchText,
  imageAlt,
  pingView,
  presentCtx,
  reminderText,
  resultView,
  standingsModel,
  tableSummary,
  tableView,
} from '../table/views.js';
import type { UiRow } from '../table/ui.js';
import { lobbyPayload } from './lobby.js';
import {
  InteractionWebhook,
  RESTJSONErrorCodes,
  type AttachmentBuilder,
  type Client,
  type Message,
  type MessageCreateOptions,
  type ThreadChannel,
} from 'discord.js';
import { deathsTold, forgetGame, LIVE_MS, liveSeats, pushSeatViews } from './seat-views.js';
import { noteStorageError } from '../store/health.js';
import type { ReminderPost } from '../store/index.js';
import { closeSeatChannels, pendingOf, takeUnclosed } from './seat-channels.js';
import { closeThread, type ThreadToClose } from './close-thread.js';
import { claimWindowVersion, isOff, openClaimTimers, windowKind } from '../table/timers.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import { slices } from './slices.js';
import { noteGone } from './members.js';
import type { Membership } from '../notify/notifier.js';

/**
 * A Discord nonce that makes a reminder's post happen once (Create Message `enforce_nonce`: a second
 * create with the same nonce within a few minutes returns the first message). A crash after the
 * post but before the outbox is cleared makes the start-up sweep (or the game's next step) run the
 * reminder again; the nonce turns that into a no-op. It names the game, the hand and the reminder:
 * its seat, its decision's deadline and its count (a decision without a deadline is reminded 12 h
 * apart at the least, so the same count of another decision never falls in the nonce's minutes).
 * Not the version: a later step of the game may run the outbox again.
 */
function onceOnly(t: Table, what: string): { nonce: string; enforceNonce: true } {
  const h = createHash('sha256').update(`${t.row.id}:${t.row.handIndex}:${what}`).digest('base64url');
  return { nonce: h.slice(0, 25), enforceNonce: true };
}

/** The standings chart's alt text: the title, then each player's total, in the reader's punctuation. */
function chartAlt(sm: { title: string; players: { name: string; mark?: string; totals: number[] }[] }, tr: (k: string) => string): string {
  return `${sm.title}${tr('common:punct.colon')}${sm.players.map((p) => `${p.name}${p.mark ?? ''} ${p.totals.at(-1)}`).join(tr('common:punct.list'))}`;
}

/**
 * The interaction a step was caused by, when there is one: its token posts the ping as a
 * follow-up (an interaction endpoint, not bound to the global rate limit: src/bot/rest.ts).
 */

export interface Via {
  token: string;
  /**
   * Where the click was (its follow-ups are posted there): used only when it is the game's thread (or
   * its channel, at the server's thread cap). A hand view opened from a DM notice or from /games in
   * another channel posted the next player's ping, and the moved table, in that DM or channel.
   */
  channelId: string;
  followUp(payload: MessageCreateOptions): Promise<Message>;
  /**
   * A move played from a seat view in the game thread: the table message may move under it (see
   * updateTable). Not a click on the table itself (a Pause vote): the message the others are
   * looking at stays where it is.
   */
  movesTable?: boolean;
}

export interface ExecOptions {
  skip?: Effect['kind'][];
  /** The start-up sweep's step (app.ts): its whole outbox may be what a crash cut off. */
  restart?: boolean;
  /**
   * A `sync` (housekeeping, a resume's catch-up): it delivers a ping an earlier step still owes (one
   * Discord refused). Any other step leaves it owed (`execute`: its timing would follow a hidden move).
   */
  owed?: boolean;
  /** Don't wait for the table message edit (the caller awaits `tableSettled` outside the game lock). */
  detach?: boolean;
  /** The user whose own click is answered by the caller (their view is not pushed here). */
  actorUserId?: string;
  via?: Via;
  /** Answers the interaction that caused the step (its own view) before the other effects run. */
  answer?: (r: ActResult) => Promise<void>;
}

interface PingRecord {
  id: string;
  content: string;
  /** The users it mentions (sorted, comma-separated). */
  users: string;
  /** Posted as a follow-up of this interaction token at `since`: deleted through the webhook while it is valid. */
  token?: string;
  since: number;
}
const pingRecords = new WeakMap<BotContext, Map<string, PingRecord>>();

/**
 * The reminders posted in a game's thread ("time is running out", "still waiting for claims"): each
 * is deleted once what it reminds of is over (the seat has nothing left to decide; no claim window is
 * open), as a turn's ping is replaced, or when the next reminder of the same decision supersedes it
 * (a wait without deadline is reminded daily). Before, every reminder stayed in the thread for good:
 * one per turn that came near its deadline, over days of async play. Their ids are kept with the game
 * (`GameRow.reminders`), so one posted before a restart goes too.
 */
function setReminders(ctx: BotContext, t: Table, list: ReminderPost[]): void {
  // Leftovers recorded since this step loaded the game are kept (a moved table message's failed
  // delete is recorded outside the game's lock: keepLeftover).
  const known = new Set([...t.row.reminders, ...list].map((r) => r.id));
  const added = (ctx.store.games.get(t.row.id)?.reminders ?? []).filter((r) => r.leftover && !known.has(r.id));
  const all = [...list, ...added];
  ctx.store.games.update(t.row.id, { reminders: all });
  t.row.reminders = all;
}
/** Records a reminder just posted; the earlier ones of the same decision (superseded: the newest carries the votes) are deleted. */
async function noteReminder(ctx: BotContext, t: Table, r: ReminderPost): Promise<void> {
  const list = t.row.reminders;
  // The same id: the outbox ran again (a restart's sweep) and the nonce gave back the message posted.
  const older = list.filter((x) => x.seat === r.seat && x.id !== r.id);
  // Recorded before the older ones go, and each older one kept until it is gone: a crash or a failed
  // delete in between leaves an id the next sweep deletes, never a message nobody will delete.
  setReminders(ctx, t, [...list.filter((x) => x.seat !== r.seat || older.includes(x)), r]);
  await dropReminders(ctx, t, older);
}

/** Deletes these reminders, then forgets those that are gone (deleted now, or already: 10008). */
async function dropReminders(ctx: BotContext, t: Table, list: readonly ReminderPost[]): Promise<void> {
  if (!list.length) return;
  const ch = await gameChannel(ctx, t.row.threadId);
  if (!ch) return;
  const gone = new Set<string>();
  for (const r of list) {
    await ch.messages.delete(r.id).then(
      () => gone.add(r.id),
      (err: unknown) => {
        if ((err as { code?: unknown }).code === RESTJSONErrorCodes.UnknownMessage) gone.add(r.id);
        else ctx.log.warn({ err, gameId: t.row.id }, 'cannot delete a reminder: kept for the next sweep');
      },
    );
  }
  setReminders(
    ctx,
    t,
    t.row.reminders.filter((x) => !gone.has(x.id)),
  );
}

/**
 * Deletes the game's reminders whose decision is over (public: the table shows whose move it is and
 * whether claims are open), and the leftovers whose delete failed before (`ReminderPost.leftover`).
 */
async function sweepReminders(ctx: BotContext, t: Table): Promise<void> {
  const list = t.row.reminders;
  if (!list.length) return;
  // A paused table keeps the reminders of decisions without a deadline (their vote buttons serve after
  // the resume), not those of a deadline the pause froze: "time is running out (in 2 h)" soon read
  // "2 days ago" beside "Paused", and the resume's new deadline makes them out of date anyway.
  if (t.row.status === 'paused')
    return dropReminders(
      ctx,
      t,
      list.filter((r) => r.leftover || typeof r.deadline === 'number'),
    );
  const over = t.row.status !== 'running';
  const claimsOpen =
    !over && t.state !== null && (t.engine.pending(t.state) as Decision<BaseAction>[]).some((d) => windowKind(d) === 'claim');
  // The decision reminded of is over when the seat's timer (or the claim window) has another version:
  // a turn that came back to the seat in the same step (after the AI seats played), a new window on
  // another offer. At a table without deadlines nothing else tells them apart (the deadline is null),
  // and the old reminder kept its count and its vote buttons, which answer that there is nothing to
  // vote on. Reminders stored without a version go by the deadline and the open window alone.
  const claimWindow = claimWindowVersion(t.timers);
  const turnOver = (r: ReminderPost & { seat: number }) => {
    const d = pendingOf(t, r.seat);
    if (!d || windowKind(d) !== 'turn') return true;
    const timer = t.timers.find((x) => x.seat === r.seat);
    if (r.version !== undefined && timer?.version !== r.version) return true;
    // A reminder of a decision without deadline carries none (null): nothing to compare.
    return typeof r.deadline === 'number' && (timer?.deadline ?? null) !== r.deadline;
  };
  // The window's version, never its claimants: one who answers (a hidden pass) leaves the window's
  // version as it is, so the reminder goes only when the window itself does (#13 §2). A window with
  // no timer of a person's (none should stay open so) keeps it, as before.
  const claimsOver = (r: ReminderPost) =>
    !claimsOpen || (r.version !== undefined && claimWindow !== undefined && claimWindow !== r.version);
  await dropReminders(
    ctx,
    t,
    list.filter((r) => r.leftover || over || (r.seat === null ? claimsOver(r) : turnOver(r as ReminderPost & { seat: number }))),
  );
}

/**
 * A message of the game's that had to go but could not be deleted now (a replaced ping, a moved
 * table message: a 5xx, a permission the bot lost): kept with the reminders (`leftover`) for the
 * next sweep, so that it is not left in the thread for good.
 */
function keepLeftover(ctx: BotContext, t: Table, id: string, patch: { pingMessageId?: null } = {}): void {
  t.row.reminders = ctx.store.games.addLeftover(t.row.id, id, patch);
  if (patch.pingMessageId === null) t.row.pingMessageId = null;
}

/** Discord's answer that a message is gone (deleted by a moderator, or by an earlier try). */
const isUnknownMessage = (err: unknown): boolean => (err as { code?: unknown }).code === RESTJSONErrorCodes.UnknownMessage;

/**
 * Discord refused a post for what the bot may do there, which a moderator can give back: Missing
 * Access (50001), Missing Permissions (50013), a locked thread (160005).
 */
const REFUSED: ReadonlySet<unknown> = new Set([
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.ThreadLocked,
]);
/**
 * A post of the table's the housekeeping round makes again (README "Housekeeping"): refused for what a
 * moderator did (`REFUSED`), a warning, as for a refused ping or reminder, since no operator can mend
 * it (before, an error line at every retry: 47 a week for each such table); anything else an error.
 */
function logPostFailed(ctx: BotContext, t: Table, err: unknown, what: string): void {
  const code = (err as { code?: unknown }).code;
  if (REFUSED.has(code))
    ctx.log.warn(
      { err, code, gameId: t.row.id },
      `cannot post ${what}: Discord refused it here (a permission or a lock), posted again later`,
    );
  else ctx.log.error({ err, code, gameId: t.row.id }, `cannot post ${what}`);
}

/**
 * Games whose thread Discord refused a post or edit in as locked, by game, with the code: 160005
 * Thread Locked (a bot without Manage Threads posting in a locked thread), or 50083 Thread Archived,
 * which a thread archived and locked answers such a bot too (an interaction follow-up, an edit), and an
 * archived one that is not locked as well (`threadIsLocked` tells them apart). The THREAD_UPDATE that
 * locked it was missed (the bot was down, app.ts): `holdIfRefused` holds the table as the event would
 * have (act.ts 'thread-locked'), at the end of the step that met it or, for a table edit run detached
 * from it, before the game's next command (a deadline would play a move nobody can see).
 */
const lockRefusals = new WeakMap<BotContext, Map<string, number>>();

function lockRefusalsOf(ctx: BotContext): Map<string, number> {
  let m = lockRefusals.get(ctx);
  if (!m) lockRefusals.set(ctx, (m = new Map()));
  return m;
}

/** Notes a refused post in the game thread of a running or paused table (`lockRefusals`). */
function noteRefusedPost(ctx: BotContext, t: Table, err: unknown): void {
  const code = (err as { code?: unknown }).code;
  if (code !== RESTJSONErrorCodes.ThreadLocked && code !== RESTJSONErrorCodes.InvalidActionOnArchivedThread) return;
  if (t.row.status !== 'running' && t.row.status !== 'paused') return;
  const m = lockRefusalsOf(ctx);
  if (m.get(t.row.id) !== RESTJSONErrorCodes.ThreadLocked) m.set(t.row.id, code);
}

/**
 * Whether Discord has the thread locked now (fetched, not the cache's word: an event missed is what is
 * in question). Null when it cannot tell: not a thread, or the fetch failed (10003 Unknown Channel goes
 * to app.ts's deleted-channel check by itself, gone-channels.ts).
 */
export async function threadIsLocked(ctx: BotContext, threadId: string | null): Promise<boolean | null> {
  if (!threadId) return null;
  try {
    const ch = await ctx.client.channels.fetch(threadId, { force: true });
    return ch?.isThread() ? ch.locked === true : null;
  } catch (err) {
    ctx.log.warn({ err, threadId }, 'cannot fetch a game thread to see whether it is locked');
    return null;
  }
}

/**
 * A table whose thread Discord refused a post in as locked (`noteRefusedPost`) is held as its lock's
 * THREAD_UPDATE would have held it: at once for 160005, after a fetch that finds the thread locked for
 * 50083. Under the game's lock (`run`'s caller holds it).
 */
async function holdIfRefused(ctx: BotContext, gameId: string): Promise<void> {
  const m = lockRefusals.get(ctx);
  const code = m?.get(gameId);
  if (code === undefined) return;
  m!.delete(gameId);
  const row = ctx.store.games.get(gameId);
  if (!row || row.hold?.reasons.locked !== undefined || (row.status !== 'running' && row.status !== 'paused')) return;
  if (code !== RESTJSONErrorCodes.ThreadLocked && (await threadIsLocked(ctx, row.threadId)) !== true) return;
  if (!(await run(ctx, { kind: 'thread-locked', gameId })).outcome.ok) return;
  // As holds.ts `matchLock` after a THREAD_UPDATE: its release pings anew.
  forgetTable(ctx, gameId);
  ctx.log.warn({ gameId, code }, 'the game thread is locked (Discord refused a post there): the table is held until it is unlocked');
}

/** A running table whose game thread is locked is noted as a post refused there would be (`holdIfRefused`). */
async function noteLockedThread(ctx: BotContext, gameId: string): Promise<void> {
  // A row that cannot be read (a storage error, a damaged row) is the step's own failure to report.
  let row: ReturnType<BotContext['store']['games']['get']>;
  try {
    row = ctx.store.games.get(gameId);
  } catch {
    return;
  }
  if (!row?.threadId || row.status !== 'running' || row.hold) return;
  const ch = await gameChannel(ctx, row.threadId);
  if (!ch?.isThread() || !ch.locked) return;
  const m = lockRefusalsOf(ctx);
  m.set(gameId, RESTJSONErrorCodes.ThreadLocked);
}

/** The commands that hold or release a table (act.ts): a refused post never holds one before them. */
const HOLD_COMMANDS: ReadonlySet<TableCommand['kind']> = new Set(['bot-removed', 'bot-back', 'thread-locked', 'thread-unlocked']);

function pings(ctx: BotContext): Map<string, PingRecord> {
  let m = pingRecords.get(ctx);
  if (!m) pingRecords.set(ctx, (m = new Map()));
  return m;
}

/**
 * Who is still a member of a server, for the DM notices (notifier.ts `Membership`: a DM refused with
 * 50007 may be to a member who was kicked): the bot's member check, and `noteGone` for one who is
 * not. None without a member check (tests that build a bare context): every 50007 is closed DMs.
 */
export function membership(ctx: BotContext): Membership | undefined {
  const m = ctx.members;
  return m
    ? { isMember: (guildId, userId) => m.isMember(guildId, userId), gone: (guildId, userId) => noteGone(ctx, guildId, userId) }
    : undefined;
}

export function publicLang(ctx: BotContext, t: Table): Lang {
  return langOf(t.row.locale, ctx.defaultLang);
}

/**
 * A step's warnings for the operator, each distinct one once with how often the step raised it: a
 * table whose AI always fails repeats the same warning for every decision of a step.
 */
export function logWarnings(log: Pick<BotContext['log'], 'error'>, fields: Record<string, unknown>, warnings: readonly string[]): void {
  const counts = new Map<string, number>();
  for (const w of warnings) counts.set(w, (counts.get(w) ?? 0) + 1);
  for (const [w, count] of counts) log.error({ ...fields, count }, w);
}

/** Runs a command through the table layer and executes its effects. */
export async function run(ctx: BotContext, cmd: TableCommand, o: ExecOptions = {}): Promise<ActResult> {
  // A deadline about to play for someone: a game thread locked while the bot was down (archived, so
  // not among READY's active threads, and no THREAD_UPDATE came) would have the move played where
  // nobody sees it. Its thread is asked for first (the cache's, or one fetch per table and process).
  if (cmd.kind === 'timeout') await noteLockedThread(ctx, cmd.gameId);
  // A table edit run detached from the game's last step that Discord refused as in a locked thread:
  // the table is held before this command (refused then, but a hold's own).
  if (!HOLD_COMMANDS.has(cmd.kind)) await holdIfRefused(ctx, cmd.gameId);
  // The step's load, rules and commit run in a slice of the event loop (slices.ts).
  await slices.slice();
  // The AI thinks in the worker pool when there is one: the event loop stays free meanwhile.
  // The clock, not one moment: deadlines set by the step count from after its AI waits (act.ts).
  const r = ctx.ai ? await actAsync(ctx.table, cmd, () => ctx.clock.now(), ctx.ai) : act(ctx.table, cmd, ctx.clock.now());
  logWarnings(ctx.log, { gameId: cmd.gameId, kind: cmd.kind }, r.warnings);
  // Decisions the step did not ask the pool (its port, measured in observe.ts, never saw them).
  if (r.aiSkipped) ctx.metrics?.aiFallbacks.inc({ reason: 'skipped' }, r.aiSkipped);
  if (o.answer) await o.answer(r).catch((err: unknown) => ctx.log.warn({ err, gameId: cmd.gameId }, 'cannot answer the interaction'));
  // A held pass (table/reclaim.ts) changes the seat's timer alone, with no effect that would wake the scheduler.
  if (r.outcome.held !== undefined) ctx.wakeTimers();
  // A claim decision's click (a pass above all) is hidden information: a public message posted as a
  // follow-up of it would carry the clicker in its interaction metadata and tell the table who could
  // claim (issue #13 §2). Such a step's public posts go through the channel. So do those of a click
  // outside the game's thread (a hand view opened from a DM notice or from /games elsewhere): its
  // follow-ups would be posted where it was.
  const { via, ...rest } = o;
  try {
    await execute(ctx, r, {
      ...rest,
      ...(cmd.kind === 'sync' ? { owed: true } : {}),
      ...(via && r.outcome.answered !== 'claim' && r.table && via.channelId === r.table.row.threadId ? { via } : {}),
    });
  } catch (err) {
    // The step is committed, its effects with it in the game's outbox, cleared only once every one was
    // tried: the next sync (the housekeeping round, the start-up sweep) executes them again. Thrown,
    // the click that made the step was answered by the router's `sorry`, "nothing was changed, please
    // try again", and a second try would play another move (a shutdown that closed the database
    // under a click whose posts Discord was slow to take, after STOP_GRACE_MS).
    // A storage error (a disk full, a database closed under it) still turns /healthz unhealthy.
    noteStorageError(err);
    ctx.log.error(
      { err, gameId: cmd.gameId, kind: cmd.kind },
      'the effects of a committed step failed: its outbox keeps them for the next sync',
    );
    return r;
  }
  // A post of the step refused as in a locked thread: the table is held (its catch-up then finds it so).
  await holdIfRefused(ctx, cmd.gameId);
  // A resume that left an away player's decision (or a claim a preference answers): played now.
  if (r.outcome.catchUp) await run(ctx, { kind: 'sync', gameId: cmd.gameId });
  return r;
}

export async function execute(ctx: BotContext, r: ActResult, o: ExecOptions = {}): Promise<void> {
  const t = r.table;
  if (!t) return;
  // A crash between posting a ping and recording its id leaves an orphan ping (so did one between
  // forgetting a ping's id and deleting it, before deletePing kept the id until the delete). Whichever
  // step first executes such an outbox again (the start-up sweep, an accepted click that came before
  // it, a housekeeping round) removes it before the ping is posted again, so at most one ping is live.
  // A ping carried from an earlier step (Discord refused it: kept below; or a crash cut it off) goes
  // out with a sync only (housekeeping, a restart, a resume's catch-up), or gives way to the step's
  // own ping (mergeEffects keeps the latest). Posted by whatever step came next, it would follow that
  // step's hidden claim answer, a pass, and tell the table that one was made (#13 §2). So does a
  // carried `close-thread` (a seat thread of a seat that changed hands, whose archiving failed):
  // archiving it is seen too (its former owner's thread list, the moderators', the audit log), and
  // made by every step of a running game, a failure Discord repeats (160006 at the reopen to lock
  // it) was tried at each step, with no back-off. So does a carried reminder (one Discord refused,
  // one a crash cut off): posted by the next step, a claimant's hidden pass, it told the table that
  // someone answered. One whose decision is over (`reminderStands`) is dropped, whatever the step.
  const again = new Set(o.restart ? r.outbox : (r.carried ?? []));
  const now = ctx.clock.now();
  const stale = (e: Effect) => again.has(e) && (e.kind === 'remind' || e.kind === 'remind-claims') && !reminderStands(t, e, now);
  const deferred = o.restart || o.owed ? [] : r.effects.filter((e) => HELD.has(e.kind) && (r.carried ?? []).includes(e) && !stale(e));
  const carried = (o.restart ? r.outbox : (r.carried ?? [])).filter((e) => !deferred.includes(e));
  if (carried.some((e) => PING_OWNERS.has(e.kind))) await removeOrphanPings(ctx, t);
  // A turn reminder a crash cut off after its post, whose decision is over by the restart: dropped,
  // it was never looked for, and its post (no id on record) stayed in the thread for good. Only a
  // sync or a restart deletes it (never a step that may be a hidden claim answer, #13 §2). (A claim
  // window's reminder names the piece then on offer: not known once the window is over.)
  if (o.restart || o.owed)
    for (const e of again)
      if (e.kind === 'remind' && stale(e)) {
        const ch = await gameChannel(ctx, t.row.threadId);
        const v = reminderText(t, e.seat, e.deadline, publicLang(ctx, t), {
          ...(e.n !== undefined ? { n: e.n } : {}),
          ...(e.vote ? { vote: true } : {}),
        });
        const left = ch ? await postedBefore(ctx, t, ch, v.text) : null;
        if (left) await left.delete().catch(() => undefined);
      }
  if (r.effects.some((e) => e.kind === 'ping' || e.kind === 'remind' || e.kind === 'remind-claims' || e.kind === 'table')) ctx.wakeTimers();
  if (!r.effects.length) return;
  // A ping executed again (kept after a refusal, or after a crash) names only who still has that
  // decision. Its DM notices go to the notifier again: a crash before `onEffects` below kept them
  // from going out with the step that made it, and those that did are not sent twice (a move
  // notice is recorded under its decision's version, notifier.ts).
  const effects = r.effects.filter((e) => !deferred.includes(e) && !stale(e)).flatMap((e) => (e.kind === 'ping' ? stillDue(t, e) : [e]));
  if (!effects.length) {
    if (deferred.length) ctx.store.games.replaceOutbox(t.row.id, r.outbox, deferred);
    else if (r.outbox.length) ctx.store.games.clearOutbox(t.row.id, r.outbox);
    return;
  }
  // Effects to keep in the outbox for another try (a ping refused for a permission the bot lacks, a
  // thread not archived, or one carried that this step may not execute).
  const owed: Effect[] = [...deferred];
  // Whose seat views were live before this step's are pushed: the claim part of a public message
  // goes by it. Only the views that changed are edited, and a claim window changes the claimants'
  // views only: a push that fails now (the view is dead from then on) would otherwise make the claim
  // ping mention that one seat among those whose views were live, i.e. name a claimant (#13 §2).
  // Nor does a failure of an earlier step's hidden push count (liveSeats `forClaims`).
  const liveBefore = liveSeats(ctx, t, { forClaims: true });
  const push = effects.some((e) => e.kind === 'table' || e.kind === 'ping');
  const actor = t.seats.find((x) => o.actorUserId && x.userId === o.actorUserId)?.seat;
  // The live views of the seats whose turn it is first (interaction webhooks): a seat whose view was
  // pushed needs no ping, and one whose view just failed is pinged (a turn is public). The other
  // views (claimants, secret opening choices, seats with nothing to decide) go after the public
  // effects: pushed before, their number would delay the table and the ping by a request each, a
  // clock that counts the claimants (#13 §2). The claim part of a ping goes by `liveBefore` anyway.
  const turnNow = (seat: number) => {
    const d = pendingOf(t, seat);
    return !!d && windowKind(d) === 'turn';
  };
  const ranOut = r.ranOut ? new Map(r.ranOut.map((x) => [x.seat, x])) : undefined;
  // The seats with a new decision in this step (the ping's seats: timers.ts `deadlines`).
  const fresh = new Set(effects.flatMap((e) => (e.kind === 'ping' ? [...e.turn, ...e.claim] : [])));
  if (push) await pushSeatViews(ctx, t, actor, turnNow, ranOut, fresh);
  await slices.slice();
  const each = async (e: Effect) => {
    if (o.skip?.includes(e.kind)) return;
    try {
      await one(ctx, t, e, o, liveBefore, owed, again);
    } catch (err) {
      noteStorageError(err);
      ctx.log.error({ err, gameId: t.row.id, effect: e.kind }, 'effect failed');
    }
  };
  // The end of the match closes the seat channels: the views show the end first.
  for (const e of effects) if (!closing(e)) await each(e);
  // Reminders of decisions this step ended: after the thread was reopened (unarchive), before the end
  // of the match archives it.
  await sweepReminders(ctx, t).catch((err: unknown) => ctx.log.warn({ err, gameId: t.row.id }, 'cannot delete reminders'));
  if (push) await pushSeatViews(ctx, t, actor, (seat) => !turnNow(seat), ranOut, fresh);
  for (const e of effects) if (closing(e)) await each(e);
  await ctx.notifier?.onEffects(t, effects, ctx.clock.now(), membership(ctx));
  // Seat threads whose archiving failed in this step's pushes (a seat that changed hands) or at the end
  // of the match (seat-channels.ts): kept to try again, once each.
  for (const thread of takeUnclosed(t)) {
    if (!owed.some((x) => x.kind === 'close-thread' && x.thread === thread)) owed.push({ kind: 'close-thread', thread });
  }
  if (owed.length) ctx.store.games.replaceOutbox(t.row.id, r.outbox, owed);
  else if (r.outbox.length) ctx.store.games.clearOutbox(t.row.id, r.outbox);
}

/** The effects an earlier step left in the outbox that only a sync executes (`execute`). */
const HELD: ReadonlySet<Effect['kind']> = new Set(['ping', 'close-thread', 'remind', 'remind-claims']);

/**
 * Whether a reminder carried from an earlier step (refused, or cut off by a crash) still reminds of a
 * waiting decision: the same decision of the seat (its timer's version and deadline, before the
 * deadline; without one, the same count), or the claim window it was made for, still open and not
 * reminded since. Else it is dropped: "time is running out" for a move already made, or after the
 * timeout was played, would be wrong, and a later reminder of the same decision supersedes it.
 */
function reminderStands(t: Table, e: Extract<Effect, { kind: 'remind' | 'remind-claims' }>, now: number): boolean {
  if (t.row.status !== 'running' || t.state === null) return false;
  if (e.kind === 'remind-claims') {
    const open = (t.engine.pending(t.state) as Decision<BaseAction>[]).some((d) => windowKind(d) === 'claim');
    const win = openClaimTimers(t.timers);
    return open && win.length > 0 && Math.max(...win.map((x) => x.reminders ?? 0)) === e.n;
  }
  const d = pendingOf(t, e.seat);
  const timer = t.timers.find((x) => x.seat === e.seat);
  if (!d || windowKind(d) !== 'turn' || t.seats[e.seat]?.isAi || !timer) return false;
  if (e.version !== undefined && timer.version !== e.version) return false;
  if (e.deadline === null) return isOff(timer.deadline) && (e.n === undefined || (timer.reminders ?? 0) === e.n);
  return timer.deadline === e.deadline && e.deadline > now;
}

/** The effects that archive and lock the thread: run last, after the views and the reminders' deletes. */
const closing = (e: Effect): boolean => e.kind === 'end-match' || e.kind === 'close-thread';

/**
 * A ping as it still stands: its turn seats that still have a turn, its claim part while a claim
 * window is open (the claim part names nobody in particular, #13 §2: whether a window is open is
 * public). A ping of this step is all current; one carried from an earlier step (kept after a
 * refusal, or a crash) may not be: nobody is mentioned for a move they already made.
 */
function stillDue(t: Table, e: Extract<Effect, { kind: 'ping' }>): Effect[] {
  if (t.row.status !== 'running' || t.state === null) return [];
  const pending = t.engine.pending(t.state) as Decision<BaseAction>[];
  const turn = e.turn.filter((s) => pending.some((d) => d.seat === s && windowKind(d) === 'turn'));
  const claim = pending.some((d) => windowKind(d) === 'claim') ? e.claim : [];
  if (!turn.length && !claim.length) return [];
  return turn.length === e.turn.length && claim.length === e.claim.length ? [e] : [{ ...e, turn, claim }];
}

/**
 * One effect. `owed`: what is kept in the outbox for another try (a refusal); `again`: the effects an
 * earlier step left (a refusal, a crash), which may have reached Discord already.
 */
async function one(
  ctx: BotContext,
  t: Table,
  e: Effect,
  o: ExecOptions,
  liveBefore: ReadonlySet<number>,
  owed: Effect[],
  again: ReadonlySet<Effect>,
): Promise<void> {
  const lang = publicLang(ctx, t);
  switch (e.kind) {
    case 'unarchive':
      // A running game's thread found locked: a moderator's lock whose THREAD_UPDATE the bot missed (it
      // was down, the thread archived, so not in READY). A bot with Manage Threads is not refused, and
      // its posts would reopen the thread at every step: the table is held at the end of this one.
      if (await ensureUnarchived(ctx, t.row.threadId)) noteRefusedPost(ctx, t, { code: RESTJSONErrorCodes.ThreadLocked });
      return;
    case 'tell':
      // Private only: the DM notices (src/notify) act on it; nothing is posted in the thread.
      return;
    case 'lobby':
      return redrawLobby(ctx, t);
    case 'table': {
      // A step that changed nothing public (a claim pass, a claim timeout) never edits the table
      // message: an edit at that moment, for a hidden step alone, would tell that someone answered a
      // claim (#13 §2). A message that showed the version before it shows this one too. One that is
      // behind (an earlier edit or its post failed) is left to a public step, the housekeeping round
      // or a restart (before, the pass's step brought it up to date). One whose edit for an earlier step
      // is under way shows this version once that edit lands (before, a second edit followed it).
      // A sync (housekeeping, on its own clock) and a restart do bring a message that is behind up to
      // date; in a running process the queue knows what it shows, after a restart the stored version.
      const slot = q0(ctx, t.row.id);
      const catchUp = o.owed || o.restart;
      if (
        e.quiet !== undefined &&
        !e.notice &&
        (!catchUp || (!slot?.inflight && (slot?.messageId ?? t.row.tableMessageId) && ctx.store.games.shownVersion(t.row.id) === e.quiet))
      ) {
        const quiet = e.quiet;
        const mark = () => {
          if (ctx.store.games.shownVersion(t.row.id) === quiet) ctx.store.games.markShown(t.row.id, t.row.version);
        };
        if (slot?.inflight) void slot.inflight.then(mark, () => undefined);
        else mark();
        return;
      }
      // A new hand's table is posted anew at the bottom of the thread (issue #13 §4).
      const repost = e.notice?.key === 'next-hand' ? { summary: tableSummary(t, lang, t.row.handIndex - 1) } : undefined;
      // A new hand's table is posted as a follow-up of the click that dealt it (Next hand) when there is
      // one: an interaction endpoint, and for that token's life its edits are too (not globally limited).
      const p = queueTable(
        ctx,
        t,
        e.notice ? tableView(t, lang, e.notice) : tableView(t, lang),
        repost && o.via ? { ...repost, via: o.via } : repost,
        o.via?.movesTable ? o.via : undefined,
      );
      // Detached (a hand click: the router awaits `tableSettled` outside the game lock), a rejection
      // nobody listened to would end the process (unhandledRejection). The queue handles its own
      // failures (queueTable); this is the last guard.
      if (!o.detach) await p;
      else p.catch((err: unknown) => ctx.log.error({ err, gameId: t.row.id }, 'table message update failed'));
      return;
    }
    case 'ping': {
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!ch) return;
      // The turn part by who is live now (a turn is public: a player whose view just failed is
      // pinged); the claim part by who was live before this step's pushes (see execute).
      const live = liveSeats(ctx, t, { forTurn: true });
      const v = pingView(t, e.turn, e.claim, lang, live, liveBefore);
      deathsTold(
        ctx,
        t.row.id,
        e.turn.filter((s) => !live.has(s)),
      );
      const content = v.lines.join('\n');
      if (!content) {
        // Everyone asked has a live seat view: no ping; the previous one is out of date.
        await deletePing(ctx, t);
        return;
      }
      // Public components carry version 0: "Open my hand" checks no version, and a public message
      // must not change when only a claimant's pass moved the version (issue #13 §2).
      const payload = { content, components: toComponents(t.row.id, 0, v.rows), allowedMentions: { users: v.users } };
      // The same people pinged again: they were notified by the ping that is up; it is kept (same
      // words) or edited in place (an edit notifies nobody), rather than deleted and re-posted. Not
      // when it names a player who chose "Mention me always" (/prefs): at a table of AIs every turn of
      // theirs comes back in the step of their own move, an edit would be the only sign of it, and
      // without deadlines two pings in a row can read the same. (Everyone it names is notified again.)
      const prev = pings(ctx).get(t.row.id);
      const users = [...v.users].sort().join(',');
      const always = t.seats.some((s) => s.userId && v.users.includes(s.userId) && t.mentionAlways?.has(s.seat));
      if (prev && t.row.pingMessageId === prev.id && prev.users === users && !always) {
        if (prev.content === content) return;
        if (await editPing(ctx, t, prev, payload)) return;
      }
      await deletePing(ctx, t);
      try {
        const fresh = !!o.via;
        const m = o.via ? await o.via.followUp(payload) : await ch.send(payload);
        ctx.store.games.update(t.row.id, { pingMessageId: m.id });
        t.row.pingMessageId = m.id;
        pings(ctx).set(t.row.id, { id: m.id, content, users, since: ctx.clock.now(), ...(fresh ? { token: o.via!.token } : {}) });
      } catch (err) {
        const code = (err as { code?: unknown }).code;
        // Refused for what the bot may do in the thread: posted again once it may (the next step, or
        // the housekeeping round), rather than leaving the player unmentioned until a reminder.
        if (REFUSED.has(code)) owed.push(e);
        noteRefusedPost(ctx, t, err);
        ctx.log.warn({ err, code, gameId: t.row.id }, REFUSED.has(code) ? 'cannot post ping: kept to post again' : 'cannot post ping');
      }
      return;
    }
    case 'unping':
      await deletePing(ctx, t);
      return;
    case 'renew-ping': {
      // Edited only, never posted: the ping up (this process's record of it) that names exactly these
      // seats' players, who still have their turn. `live` is not looked at: the ping named them when
      // their views were not live, and a click of theirs since made them live.
      const prev = pings(ctx).get(t.row.id);
      if (!prev || t.row.pingMessageId !== prev.id || t.state === null) return;
      const pending = t.engine.pending(t.state) as Decision<BaseAction>[];
      const turn = e.seats.filter((s) => pending.some((d) => d.seat === s && windowKind(d) === 'turn'));
      const v = pingView(t, turn, [], lang);
      const content = v.lines.join('\n');
      if (!content || content === prev.content || [...v.users].sort().join(',') !== prev.users) return;
      await editPing(ctx, t, prev, { content, components: toComponents(t.row.id, 0, v.rows) });
      return;
    }
    case 'remind': {
      const ch = await gameChannel(ctx, t.row.threadId);
      const v = reminderText(t, e.seat, e.deadline, lang, { ...(e.n !== undefined ? { n: e.n } : {}), ...(e.vote ? { vote: true } : {}) });
      // Version 0 like every public component: the version counts hidden steps too (claim passes), so
      // a public custom_id carrying it would tell how many happened (issue #13 §2). Its buttons (Open
      // my hand, the absent votes) check no version.
      if (!ch) return;
      const sent = await postReminder(ctx, t, ch, v, `remind:${e.seat}:${e.deadline ?? 'off'}:${e.n ?? 0}`, again.has(e), (err) =>
        reminderFailed(ctx, t, e, err, owed),
      );
      if (sent)
        await noteReminder(ctx, t, {
          id: sent.id,
          seat: e.seat,
          deadline: e.deadline ?? null,
          ...(e.version !== undefined ? { version: e.version } : {}),
        });
      return;
    }
    case 'remind-claims': {
      // The open claim window's reminder: the same words whoever may claim; its buttons carry
      // version 0, so it does not change when only a claimant's pass moved the version (#13 §2).
      const ch = await gameChannel(ctx, t.row.threadId);
      const v = claimReminderText(t, lang, { n: e.n, ...(e.vote ? { vote: true } : {}) }, liveBefore);
      if (!ch) return;
      const sent = await postReminder(ctx, t, ch, v, `remind-claims:${e.n}`, again.has(e), (err) => reminderFailed(ctx, t, e, err, owed));
      // The window's version, read from the table as this step left it rather than carried on the
      // effect: the step that reminds the window executes the effect, and reminding changes no version
      // (one carried past a crash is noted with the window open when it is posted).
      const version = claimWindowVersion(t.timers);
      if (sent) await noteReminder(ctx, t, { id: sent.id, seat: null, ...(version !== undefined ? { version } : {}) });
      return;
    }
    case 'result': {
      const key = `result:${e.hand}`;
      if (t.row.lastNotice === key || e.hand !== t.row.handIndex) return;
      const v = resultView(t, lang, e.matchOver, {
        roster: ctx.store.results.handsOf(t.row.id, e.hand),
        standings: ctx.store.results.matchStandings(t.row.id, t.seats),
      });
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!v || !ch) return;
      // An image that could not be drawn (a worker that failed, RENDER_TIMEOUT_MS under load:
      // src/render/pool.ts) leaves the result in words, with Next hand / End match and a line saying
      // so, as the table and hand views do. Before, the failure threw past the post: the hand's result
      // (and its buttons) waited for whatever derived the effect again, and the table offered nothing
      // to go on meanwhile.
      let image: Buffer | null = null;
      try {
        image = await ctx.render.result(v.model);
      } catch (err) {
        ctx.log.warn({ err, gameId: t.row.id, hand: e.hand }, 'cannot draw the result image: the result is sent in words, without it');
      }
      // Attach Files taken away during the match: the result in words, with its buttons (mayAttach).
      const mayNot = image !== null && !mayAttach(ch);
      if (mayNot) image = null;
      // The line is kept whatever the length of the result's words (cut before it).
      const warning = (key: string) => `\n⚠️ ${translator(lang)(key)}`;
      const failed = image ? '' : warning(mayNot ? 'common:picture.attach-denied' : 'common:picture.result-failed');
      await deletePing(ctx, t);
      try {
        // Version 0 like every public component: the version minus the public moves would count the
        // hidden claim answers (issue #13 §2). Next hand / End match name their hand instead (`arg`).
        const payloadWith = (note: string, files: AttachmentBuilder[]) => ({
          content: cut(v.lines.join('\n'), 2000 - note.length) + note,
          // The image in words (the winner's hand, the scoring); the message's lines are read beside it.
          files,
          components: toComponents(t.row.id, 0, v.rows),
          allowedMentions: { parse: [] },
        });
        const payload = payloadWith(failed, image ? [png('result.png', image, imageAlt(t.presenter, v.model, presentCtx(t, lang)))] : []);
        const inWords = () => payloadWith(warning('common:picture.attach-denied'), []);
        const denied = () =>
          ctx.log.warn({ gameId: t.row.id }, 'cannot attach the result image (Missing Permissions): the result is sent in words');
        // As a follow-up of the move that ended the hand when there is one (interaction endpoint).
        const m = await orInWords(ch, payload, inWords, (p) => (o.via ? o.via.followUp(p) : ch.send(p)), denied);
        // Marked only once posted: after a crash in between, the result is posted again rather than lost.
        ctx.store.games.update(t.row.id, { lastNotice: key, resultMessageId: m.id });
        t.row.lastNotice = key;
        t.row.resultMessageId = m.id;
      } catch (err) {
        noteRefusedPost(ctx, t, err);
        logPostFailed(ctx, t, err, 'the result');
      }
      return;
    }
    case 'end-match': {
      // Posted already (a step replayed after a crash): nothing to post, but this process forgets it
      // too, and a thread the crash left open (marked, not yet archived) is archived and locked now:
      // the game's own, and its seats' private threads, whose failed archiving the crash kept from
      // reaching the outbox (`takeUnclosed` in `execute`). A thread archived and locked already costs
      // a fetch, no edit (closeThread).
      if (t.row.lastNotice === 'match-over') {
        await tableSettled(ctx, t.row.id);
        forgetTable(ctx, t.row.id);
        await closeSeatChannels(ctx, t);
        if (!(await closeThread(ctx, gameThread(t)))) owed.push({ kind: 'close-thread' });
        return;
      }
      const ch = await gameChannel(ctx, t.row.threadId);
      // The game is over whether or not its thread can be reached: this process forgets it.
      if (!ch) return forgetTable(ctx, t.row.id);
      // The last table edit lands before the thread is archived and locked.
      await tableSettled(ctx, t.row.id);
      forgetGame(ctx, t.row.id);
      await closeSeatChannels(ctx, t);
      await deletePing(ctx, t);
      // A ping whose delete failed just now is a leftover: one more sweep before the thread is locked
      // (no later step comes to sweep it).
      await sweepReminders(ctx, t).catch((err: unknown) => ctx.log.warn({ err, gameId: t.row.id }, 'cannot delete reminders'));
      forgetTable(ctx, t.row.id);
      // With two hands or more, the standings chart: every player's running total by hand.
      const entries = ctx.store.results.matchStandings(t.row.id, t.seats);
      const sm = standingsModel(t, lang, entries);
      const drawn = sm ? await ctx.render.standings(sm).catch(() => null) : null;
      // Attach Files taken away: the standings in words (`endMatchText` lists every total).
      const chart = drawn && mayAttach(ch) ? drawn : null;
      const endPost = (files: AttachmentBuilder[]) => ({ content: endMatchText(t, lang, entries), files, allowedMentions: { parse: [] } });
      const sent = await orInWords(
        ch,
        endPost(chart ? [png('standings.png', chart, chartAlt(sm!, translator(lang)))] : []),
        () => endPost([]),
        (p): Promise<unknown> => ch.send(p),
        () => ctx.log.warn({ gameId: t.row.id }, 'cannot attach the standings chart (Missing Permissions): the end is sent in words'),
      ).then(
        () => true,
        (err: unknown) => {
          logPostFailed(ctx, t, err, 'the end of the match');
          return false;
        },
      );
      // Marked, and the thread archived and locked, only once posted: the housekeeping round tries
      // again (a `sync` of a finished match re-derives this effect), in a thread still open.
      if (!sent) return;
      ctx.store.games.update(t.row.id, { lastNotice: 'match-over' });
      t.row.lastNotice = 'match-over';
      // A failed try is kept to be made again: nothing else would (the end is marked posted).
      if (ch.isThread() && !(await closeThread(ctx, gameThread(t, ch)))) owed.push({ kind: 'close-thread' });
      return;
    }
    case 'close-thread': {
      // Kept by a try that failed (a 5xx, a timeout): the end of the match's (posted: only this is
      // owed), a seat thread's (the match ended, or the seat changed hands), a cancelled lobby's.
      if (!(await closeThread(ctx, threadOf(t, e)))) owed.push(e);
      return;
    }
  }
}

/**
 * A finished match's own thread, to archive and lock (close-thread.ts). A failure to try again is kept
 * as a `close-thread` effect: the end of the match is posted and marked already, so its retry posts
 * nothing.
 */
function gameThread(t: Table, known?: ThreadChannel): ThreadToClose {
  return { gameId: t.row.id, threadId: t.row.threadId, lock: true, what: 'game thread', ...(known ? { known } : {}) };
}

/** The thread a `close-thread` effect names: a seat's private thread, or the game's own (a cancelled lobby's: archived only). */
function threadOf(t: Table, e: Extract<Effect, { kind: 'close-thread' }>): ThreadToClose {
  if (e.thread) return { gameId: t.row.id, threadId: e.thread, lock: true, what: 'seat thread' };
  return e.archiveOnly ? { gameId: t.row.id, threadId: t.row.threadId, lock: false, what: 'lobby thread' } : gameThread(t);
}

/** The effects whose execution posts or deletes the ping (and so can orphan one when cut off). */
const PING_OWNERS: ReadonlySet<Effect['kind']> = new Set(['ping', 'result', 'end-match']);

/** Deletes the bot's ping messages of this game in the thread's recent history (after a crash only). */
async function removeOrphanPings(ctx: BotContext, t: Table): Promise<void> {
  const ch = await gameChannel(ctx, t.row.threadId);
  if (!ch) return;
  try {
    const recent = await ch.messages.fetch({ limit: 25 });
    for (const m of recent.values()) {
      if (m.author.id !== ctx.client.user?.id || m.id === t.row.tableMessageId || m.id === t.row.pingMessageId) continue;
      // Action rows of buttons (a ping has exactly one: Open my hand).
      const rows = m.components as unknown as { components?: { customId?: string | null }[] }[];
      const ids = rows.flatMap((r) => r.components?.map((c) => c.customId ?? '') ?? []);
      const b = ids?.length === 1 && ids[0] ? decodeGameId(ids[0]) : null;
      if (b && b.gameId === t.row.id && b.verb === 'hand') await m.delete().catch(() => undefined);
    }
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id }, 'cannot look for orphan pings');
  }
}

/**
 * The interaction webhook of a token received at `since`, while it is valid (LIVE_MS of its 15
 * minutes): messages it posted are edited and deleted through it (not globally limited). Null otherwise.
 */
function liveWebhook(ctx: BotContext, token: string | undefined, since: number): InteractionWebhook | null {
  const appId = ctx.client.application?.id ?? ctx.client.user?.id;
  if (!token || !appId || ctx.clock.now() - since >= LIVE_MS) return null;
  return new InteractionWebhook(ctx.client as Client<true>, appId, token);
}

/** Edits the ping in place (through its interaction webhook while the token is valid); false when it cannot. */
async function editPing(
  ctx: BotContext,
  t: Table,
  rec: PingRecord,
  payload: { content: string; components: ReturnType<typeof toComponents> },
): Promise<boolean> {
  const body = { content: payload.content, components: payload.components };
  try {
    const hook = liveWebhook(ctx, rec.token, rec.since);
    if (hook) await hook.editMessage(rec.id, body);
    else {
      const ch = await gameChannel(ctx, t.row.threadId);
      if (!ch) return false;
      await ch.messages.edit(rec.id, body);
    }
    rec.content = payload.content;
    return true;
  } catch {
    return false;
  }
}

/**
 * Redraws the table's lobby message (in the channel /play ran in) as the row now stands. An open
 * lobby whose message is gone (10008: a moderator deleted it) is posted again and the new message
 * recorded: nobody could join, start or cancel it otherwise. A lobby that is over is not.
 */
export async function redrawLobby(ctx: BotContext, t: Table, closedIdle?: number): Promise<void> {
  if (!t.row.lobbyMessageId || !t.row.channelId) return;
  const ch = await gameChannel(ctx, t.row.channelId);
  if (!ch) return;
  const payload = lobbyPayload(ctx, t.row, t.seats, publicLang(ctx, t), closedIdle);
  try {
    await ch.messages.edit(t.row.lobbyMessageId, payload);
  } catch (err) {
    if (!isUnknownMessage(err) || t.row.status !== 'lobby') {
      ctx.log.info({ err, gameId: t.row.id }, 'cannot redraw the lobby');
      return;
    }
    const m = await ch.send(payload).catch((e: unknown) => {
      ctx.log.warn({ err: e, gameId: t.row.id }, 'the lobby message was deleted and cannot be posted again');
      return null;
    });
    if (!m) return;
    ctx.log.info({ gameId: t.row.id }, 'the lobby message was deleted: posted again');
    ctx.store.games.update(t.row.id, { lobbyMessageId: m.id });
    t.row.lobbyMessageId = m.id;
  }
}

/**
 * Forgets what this process holds for a game that will not be played here again (abandoned: its
 * server, thread or channel is gone): its table message queue, ping record, live seat views and state.
 */
export function forgetTable(ctx: BotContext, gameId: string): void {
  forgetGame(ctx, gameId);
  // A finished game's state leaves the cache with its last step (store/games.ts); an abandoned one's
  // stayed until 256 newer games pushed it out (abandoning writes the row, not through GameStore).
  ctx.store.games.forgetState(gameId);
  tableSlots.get(ctx)?.delete(gameId);
  pingRecords.get(ctx)?.delete(gameId);
}

/**
 * Deletes the current ping message, then forgets its id: once deleted, or gone already (10008: a
 * moderator deleted it, or a crash came after an earlier delete). A delete that fails otherwise (a
 * 5xx, a permission the bot lost) keeps the id with the leftovers (`keepLeftover`), deleted by the
 * next sweep: a new ping is on its way, and the old one must not stay in the thread for good. A
 * ping posted as a follow-up is deleted through its interaction webhook while the token is valid
 * (not globally limited), otherwise through the channel.
 */
async function deletePing(ctx: BotContext, t: Table): Promise<void> {
  const id = t.row.pingMessageId;
  if (!id) return;
  const rec = pings(ctx).get(t.row.id);
  pings(ctx).delete(t.row.id);
  const hook = rec?.id === id ? liveWebhook(ctx, rec.token, rec.since) : null;
  let gone = false;
  let error: unknown;
  if (hook) {
    gone = await hook.deleteMessage(id).then(
      () => true,
      (err: unknown) => isUnknownMessage(err),
    );
  }
  if (!gone) {
    const ch = await gameChannel(ctx, t.row.threadId);
    if (ch)
      gone = await ch.messages.delete(id).then(
        () => true,
        (err: unknown) => {
          error = err;
          return isUnknownMessage(err);
        },
      );
  }
  if (gone) {
    ctx.store.games.update(t.row.id, { pingMessageId: null });
    t.row.pingMessageId = null;
    return;
  }
  ctx.log.warn(
    { err: error, code: (error as { code?: unknown } | undefined)?.code, gameId: t.row.id },
    'cannot delete the ping: kept for the next sweep',
  );
  keepLeftover(ctx, t, id, { pingMessageId: null });
}

/**
 * A reminder Discord refused: logged with its error code, never thrown. Refused for what the bot may
 * do in the thread (a lost permission, a locked thread), it is kept in the outbox (`owed`), as a ping
 * is, and posted by a sync once the bot can, while its decision still waits (`reminderStands`). Before,
 * the step had counted it as sent (its timer's next reminder set, or none before the deadline): the
 * player was never reminded.
 */
function reminderFailed(ctx: BotContext, t: Table, e: Effect, err: unknown, owed: Effect[]): undefined {
  const code = (err as { code?: unknown }).code;
  if (REFUSED.has(code)) owed.push(e);
  noteRefusedPost(ctx, t, err);
  ctx.log.warn(
    { err, code, gameId: t.row.id },
    REFUSED.has(code) ? 'cannot post a reminder: kept to post again' : 'cannot post a reminder',
  );
  return undefined;
}

/**
 * Posts a reminder `v` (a turn's or a claim window's), unless, executed `again`, it is in the thread
 * already (`postedBefore`); `once` keys its Discord nonce. A refusal is `failed`'s to handle (kept
 * for a sync, or logged): undefined then.
 */
async function postReminder(
  ctx: BotContext,
  t: Table,
  ch: NonNullable<Awaited<ReturnType<typeof gameChannel>>>,
  v: { text: string; rows: UiRow[]; users: string[] },
  once: string,
  again: boolean,
  failed: (err: unknown) => undefined,
) {
  return (
    (again ? await postedBefore(ctx, t, ch, v.text) : null) ??
    (await ch
      .send({ content: v.text, components: toComponents(t.row.id, 0, v.rows), allowedMentions: { users: v.users }, ...onceOnly(t, once) })
      .catch(failed))
  );
}

/**
 * A reminder executed again (an earlier step's: one a crash cut off after its post, before its id
 * was recorded; one kept after a refusal) may be in the thread already. Discord's `enforce_nonce`
 * gives back the first message only within a few minutes: a restart later posted a second one, and
 * the first, whose id was never recorded, was never deleted (`sweepReminders` knows only recorded
 * ids). So the thread's recent messages (as `removeOrphanPings` reads them) are looked through for
 * the bot's own with the same words (by the first two lines: a claim window's reminder mentions after
 * them whose seat views are not live, which a restart may see otherwise): the newest is this
 * reminder, recorded as if just posted, and any other is a stray of it, deleted. Null: none (or the
 * messages could not be read): it is posted.
 */
async function postedBefore(ctx: BotContext, t: Table, ch: NonNullable<Awaited<ReturnType<typeof gameChannel>>>, text: string) {
  const head = text.split('\n').slice(0, 2).join('\n');
  try {
    const recent = await ch.messages.fetch({ limit: 25 });
    const same = [...recent.values()]
      .filter((m) => m.author.id === ctx.client.user?.id && m.id !== t.row.tableMessageId && m.id !== t.row.pingMessageId)
      .filter((m) => m.content.startsWith(head))
      .sort((a, b) => b.createdTimestamp - a.createdTimestamp || (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
    const [found, ...strays] = same;
    for (const m of strays) await m.delete().catch(() => undefined);
    return found ?? null;
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id }, 'cannot look for a reminder posted before');
    return null;
  }
}

/**
 * Table message edits, coalesced per table (issue #17 §2): at most one edit in flight per table;
 * a newer state replaces a queued older one (only the latest is drawn and sent), and an edit that
 * would show exactly what the message shows is not sent at all.
 */
/** Post the table anew at the bottom; the old message keeps this one line. */
interface Repost {
  summary: string;
  /** The interaction that dealt the new hand: the new table is its follow-up. */
  via?: Via;
}

interface TableSlot {
  inflight: Promise<void> | null;
  queued: { t: Table; v: ReturnType<typeof tableView>; repost?: Repost; adopt?: Via } | null;
  /** What the message shows (content, components, image model). */
  shown?: string;
  /** The table message posted by this queue (when an edit failed and a new one was posted). */
  messageId?: string;
  /** The interaction token the message was posted as a follow-up of, and when: edited through it while valid. */
  token?: { value: string; since: number };
}
const tableSlots = new WeakMap<BotContext, Map<string, TableSlot>>();
function slotOf(ctx: BotContext, gameId: string): TableSlot {
  let m = tableSlots.get(ctx);
  if (!m) tableSlots.set(ctx, (m = new Map()));
  let s = m.get(gameId);
  if (!s) m.set(gameId, (s = { inflight: null, queued: null }));
  return s;
}

/**
 * `adopt`: the public click (a move in the thread, never a claim answer: #13 §2) this state comes
 * from, through which a table message held by no live interaction token is moved (see updateTable).
 */
function queueTable(ctx: BotContext, t: Table, v: ReturnType<typeof tableView>, repost?: Repost, adopt?: Via): Promise<void> {
  const slot = slotOf(ctx, t.row.id);
  // A newer state replaces a queued one, but a pending re-post (new hand) is kept; the newest
  // click's interaction (the freshest token) is the one to adopt the message through.
  const keep = repost ?? slot.queued?.repost;
  const via = adopt ?? slot.queued?.adopt;
  slot.queued = { t, v, ...(keep ? { repost: keep } : {}), ...(via ? { adopt: via } : {}) };
  if (!slot.inflight) {
    slot.inflight = (async () => {
      while (slot.queued) {
        const q = slot.queued;
        slot.queued = null;
        // One state's edit that failed in a way updateTable did not handle is logged, never thrown: a
        // newer state queued meanwhile is still drawn, and the queue's promise (awaited by the router
        // after a committed move, left detached by a hand click) never rejects.
        await updateTable(ctx, q.t, q.v, slot, q.repost, q.adopt).catch((err: unknown) => {
          noteStorageError(err);
          ctx.log.error({ err, gameId: q.t.row.id }, 'cannot update the table message');
        });
      }
    })().finally(() => {
      slot.inflight = null;
    });
  }
  return slot.inflight;
}
const q0 = (ctx: BotContext, gameId: string) => tableSlots.get(ctx)?.get(gameId);

/** How many games' table message queues this process holds (tests). */
export function tableQueueCount(ctx: BotContext): number {
  return tableSlots.get(ctx)?.size ?? 0;
}

/** Resolves once the table message shows the latest state queued for it. */
export function tableSettled(ctx: BotContext, gameId: string): Promise<void> {
  return q0(ctx, gameId)?.inflight ?? Promise.resolve();
}

/**
 * Edits the table message: through the interaction webhook it was posted with while that token is
 * valid (an interaction endpoint: Discord does not count it against the global limit, src/bot/rest.ts),
 * otherwise through the channel.
 */
async function editTableMessage(
  ctx: BotContext,
  ch: NonNullable<Awaited<ReturnType<typeof gameChannel>>>,
  slot: TableSlot,
  messageId: string,
  body: Parameters<InteractionWebhook['editMessage']>[1] & Parameters<typeof ch.messages.edit>[1],
): Promise<void> {
  const hook = tableHook(ctx, slot, messageId);
  if (hook) {
    try {
      await hook.editMessage(messageId, body);
      return;
    } catch (err) {
      // The token is no longer valid (Discord's clock is not ours: 50027, 401): the bot's own
      // message is edited through the channel instead, and the token is forgotten.
      ctx.log.info({ err, messageId }, 'table edit through the interaction webhook failed; through the channel');
      delete slot.token;
    }
  }
  await ch.messages.edit(messageId, body);
}

/** The live interaction webhook the table message `messageId` was posted through, if any. */
function tableHook(ctx: BotContext, slot: TableSlot, messageId: string): InteractionWebhook | null {
  return slot.messageId === messageId ? liveWebhook(ctx, slot.token?.value, slot.token?.since ?? 0) : null;
}

async function updateTable(
  ctx: BotContext,
  t: Table,
  v: ReturnType<typeof tableView>,
  slot: TableSlot,
  repost?: Repost,
  adopt?: Via,
): Promise<void> {
  if (!t.row.threadId) return;
  await slices.slice();
  // Components V2 (src/bot/layout.ts): the state in words with Open my hand beside it, the table
  // image with its alt text, Pause / Resume / Leave below. Public components carry version 0.
  // The image in words (every seat's sets, discards, counts), for screen readers: the lines are the
  // message's own text, read beside it.
  const alt = v.model ? imageAlt(t.presenter, v.model, presentCtx(t, v.model.locale)) : '';
  const layoutOf = (image: boolean, lines: readonly string[] = v.lines) =>
    v2Layout({
      gameId: t.row.id,
      ver: 0,
      lines,
      rows: v.rows,
      lead: 'hand',
      ...(image && v.model ? { image: { name: 'table.png', description: alt } } : {}),
    });
  let layout = layoutOf(true);
  // A previous edit in this queue may have posted a new message.
  let messageId = slot.messageId ?? t.row.tableMessageId;
  const shown = JSON.stringify([layout.components.map((c) => c.toJSON()), v.model]);
  if (messageId && slot.shown === shown && !repost) {
    // The message already shows this (e.g. a claim pass changed nothing public): it is up to date.
    ctx.store.games.markShown(t.row.id, t.row.version);
    return;
  }
  const ch = await gameChannel(ctx, t.row.threadId);
  if (!ch) return;
  // Drawn before anything is edited (a new hand's old table is shortened below). An image that could
  // not be drawn (a worker that failed, RENDER_TIMEOUT_MS under load: src/render/pool.ts) leaves the
  // table in words, with its buttons and a line saying so: the move is committed, and the message must
  // show whose turn it is now. The next step that changes what the table shows draws it again (every
  // public move does). Not one that changes nothing public (a claim pass): `shown` is recorded as for
  // a drawn image, as an edit at that moment would tell the table that someone answered (#13 §2).
  let image: Buffer | null = null;
  if (v.model) {
    try {
      image = await ctx.render.table(v.model);
    } catch (err) {
      ctx.log.warn({ err, gameId: t.row.id }, 'cannot draw the table image: the table message is sent in words, without it');
      layout = layoutOf(false, [...v.lines, `⚠️ ${translator(publicLang(ctx, t))('common:picture.table-failed')}`]);
    }
  }
  // Attach Files taken away during the match: the table in words, with its buttons and a line naming
  // the permission, so that players see whose turn it is and an admin sees what to give back.
  const deniedLayout = () => layoutOf(false, [...v.lines, `⚠️ ${translator(publicLang(ctx, t))('common:picture.attach-denied')}`]);
  if (image && !mayAttach(ch)) {
    image = null;
    layout = deniedLayout();
  }
  const inWords = () => ({ ...deniedLayout(), files: [] as AttachmentBuilder[], attachments: [] as never[] });
  const denied = () =>
    ctx.log.warn({ gameId: t.row.id }, 'cannot attach the table image (Missing Permissions): the table is sent in words');
  if (repost && messageId) {
    await editTableMessage(ctx, ch, slot, messageId, { ...v2Text(repost.summary), content: null, attachments: [], files: [] }).catch(
      (err: unknown) => ctx.log.warn({ err, gameId: t.row.id }, 'cannot shorten the old table message'),
    );
    messageId = null;
    delete slot.token;
  }
  const files: AttachmentBuilder[] = image ? [png('table.png', image, alt)] : [];
  const payload = { ...layout, files, attachments: [] as never[] };
  // A table message held by no live interaction token (hand 1's, posted when Start was clicked in
  // the lobby's channel, or any table once its token's 13 minutes are over; after a restart too)
  // would cost one globally limited edit per move. It moves instead: the new state is posted as a
  // follow-up of this public click (an interaction endpoint) and the old message is deleted, one
  // globally limited request, after which its edits go through that interaction for 13 minutes
  // (issue #17 §2: at most one globally limited request per move, and far fewer).
  const moveVia = !repost && adopt && messageId && !tableHook(ctx, slot, messageId) ? adopt : undefined;
  // The message the new post replaces, deleted once it is posted: the moved one, or one whose edit
  // failed (a 5xx, a timeout: Discord may even have applied it) and is still there. Kept, it stayed in
  // the thread for good with an older state and live buttons.
  let replaced = moveVia ? messageId : null;
  try {
    if (messageId && !moveVia) {
      const id = messageId;
      // `content: null` upgrades a table message posted before Components V2 (its text must be cleared).
      await orInWords(ch, payload, inWords, (p) => editTableMessage(ctx, ch, slot, id, { ...p, content: null }), denied);
      slot.shown = shown;
      ctx.store.games.markShown(t.row.id, t.row.version);
      return;
    }
  } catch (err) {
    // An archived thread (50083): the message stays as it is. A step that shows something new has
    // reopened the thread first (its `unarchive` effect); a new post here would reopen it for a step
    // that showed nothing new (a claim pass after a restart, when what the message shows is not
    // known), telling that someone answered a claim (#13 §2).
    if ((err as { code?: unknown }).code === 50083) {
      noteRefusedPost(ctx, t, err);
      ctx.log.info({ gameId: t.row.id }, 'table message not edited: the thread is archived');
      return;
    }
    ctx.log.warn({ err, gameId: t.row.id }, 'table message edit failed; posting a new one');
    if (!isUnknownMessage(err)) replaced = messageId;
  }
  try {
    const via = repost?.via ?? moveVia;
    const m = await orInWords(ch, payload, inWords, (p) => (via ? via.followUp(p) : ch.send(p)), denied);
    if (via) slot.token = { value: via.token, since: ctx.clock.now() };
    else delete slot.token;
    ctx.store.games.update(t.row.id, { tableMessageId: m.id });
    ctx.store.games.markShown(t.row.id, t.row.version);
    t.row.tableMessageId = m.id;
    slot.messageId = m.id;
    slot.shown = shown;
    // The replaced message goes once the game names the new one (a click on it is answered anyway);
    // a delete that fails keeps its id for the next sweep (`keepLeftover`).
    if (replaced) {
      const old = replaced;
      await ch.messages.delete(old).catch((err: unknown) => {
        if (isUnknownMessage(err)) return;
        ctx.log.warn(
          { err, code: (err as { code?: unknown }).code, gameId: t.row.id },
          'cannot delete the replaced table message: kept for the next sweep',
        );
        keepLeftover(ctx, t, old);
      });
    }
  } catch (err) {
    noteRefusedPost(ctx, t, err);
    logPostFailed(ctx, t, err, 'the table message');
  }
}
