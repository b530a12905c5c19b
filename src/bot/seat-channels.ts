/**
 * Seat channels (issue #13 §1): a player may get their seat view (the private hand view with its
 * buttons) in a private thread of the game (type 12, only them and the bot) or in DMs instead of
 * an ephemeral message. There the bot keeps ONE hand message per hand, edited on every change of
 * that seat's view, and posts a short ping (deleting the previous one) when the player must act.
 *
 * It is a live view that never expires: pushSeatViews (seat-views.ts) calls `syncSeatChannels` on
 * every step that changes the table or pings. Everything is kept in SQLite (store/seat-channels.ts):
 * after a restart the same message is edited again and its buttons keep working (play.ts accepts a
 * hand verb on the seat channel message of its owner, and refuses anyone else's click).
 *
 * Fallbacks, never retried in a loop: DMs closed (50007) puts the user's choice back to ephemeral;
 * a missing Create Private Threads / Send Messages in Threads permission (checked before creating,
 * as Discord requires for a type-12 thread) leaves that table on ephemeral views. The user is told
 * once: closed DMs (their choice changed for every table) in their next ephemeral reply anywhere
 * (`seatNoticeLine`), a table's fallback at that table's next "Open my hand" (`tableNoticeLine`). A
 * post or edit Discord refuses later (a moderator locked the private thread, a permission went) does
 * the same for that table and is tried again at the next hand (`unreachable`). A 50007 to a user who is no
 * longer a member of the table's server (Discord answers so when they share none with the bot) is
 * not closed DMs: they leave that server's tables, and their choice stands (`dmRefused`).
 */
import { cut } from '../table/cut.js';
import { createHash } from 'node:crypto';
import { ChannelType, PermissionFlagsBits, RESTJSONErrorCodes, type Message, type TextBasedChannel, type ThreadChannel } from 'discord.js';
import type { BotContext } from './context.js';
import { handPayload, type HandPayload } from './hand-view.js';
import { gameChannel, mayAttach, relTime } from './messages.js';
import { closeThread } from './close-thread.js';
import { v2Text } from './layout.js';
import { langOf, translator, type Lang } from '../table/i18n.js';
import type { Table } from '../table/store.js';
import type { SeatChannelRow, SeatNotice, Store } from '../store/index.js';
import { plainName } from './member-name.js';
import { storageRefused } from '../store/health.js';
import { handView, ranOutNote, viewParts } from '../table/views.js';
import { isOff } from '../table/timers.js';
import { noteGone } from './members.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import type { RanOut } from '../table/act.js';

/** The permissions a private seat thread needs in the game's parent channel (Discord: type 12 threads). */
export const PRIVATE_THREAD_PERMISSIONS = {
  CreatePrivateThreads: PermissionFlagsBits.CreatePrivateThreads,
  SendMessagesInThreads: PermissionFlagsBits.SendMessagesInThreads,
} as const;

/** The names of the permissions missing for a private seat thread (none when `perms` is unknown). */
export function missingForSeatThread(perms: { has(bit: bigint): boolean } | null | undefined): string[] {
  if (!perms) return [];
  return (Object.keys(PRIVATE_THREAD_PERMISSIONS) as (keyof typeof PRIVATE_THREAD_PERMISSIONS)[]).filter(
    (k) => !perms.has(PRIVATE_THREAD_PERMISSIONS[k]),
  );
}

type Sendable = TextBasedChannel & { send: ThreadChannel['send'] };

const code = (err: unknown) => (err as { code?: number | string })?.code;

/** What a seat's hand message shows (a hash of handView without the state version). */
function signature(t: Table, seat: number, lang: Lang): string {
  const v = handView(t, seat, lang);
  return createHash('sha1')
    .update(JSON.stringify([t.row.handIndex, ...viewParts(v)]))
    .digest('hex');
}

/** The seat's pending decision at a running table, if any. */
export function pendingOf(t: Table, seat: number): Decision<BaseAction> | undefined {
  if (t.state === null || t.row.status !== 'running') return undefined;
  try {
    return (t.engine.pending(t.state) as Decision<BaseAction>[]).find((d) => d.seat === seat);
  } catch {
    return undefined;
  }
}

/**
 * Seats whose seat channel works now: they are pinged there, not in the game thread. `forClaims`
 * (seat-views.ts liveSeats): also one that failed this hand (a failed edit can mark a claimant).
 */
export function seatChannelSeats(ctx: BotContext, t: Table, forClaims = false): Set<number> {
  const out = new Set<number>();
  for (const r of ctx.store.seatChannels.forGame(t.row.id)) {
    const s = t.seats[r.seat];
    const works = !r.failed || (forClaims && r.hand === t.row.handIndex);
    if (s && s.userId === r.userId && works && r.channelId && r.messageId) out.add(r.seat);
  }
  return out;
}

/** The seat channel hand message `messageId` of `userId` at this game, or null (someone else's / not one). */
export function ownSeatMessage(store: Store, gameId: string, userId: string, messageId: string): SeatChannelRow | null {
  const r = store.seatChannels.ofUser(gameId, userId);
  return r && r.messageId === messageId ? r : null;
}

/** The seat's hand message was just redrawn in answer to its owner's click: remember what it shows. */
export function noteShown(ctx: BotContext, t: Table, r: SeatChannelRow): void {
  ctx.store.seatChannels.update(t.row.id, r.seat, { sig: signature(t, r.seat, langOf(r.lang, ctx.defaultLang)) });
}

/** "⚠️ …" once after the user's DMs refused their seat view (their choice is ephemeral again everywhere), else null. */
export function seatNoticeLine(store: Store, userId: string, lang: Lang): string | null {
  const n = takeOrKeep(() => store.seatChannels.takeNotice(userId));
  return n ? `⚠️ ${translator(lang)(`seatch:notice.${n}`)}` : null;
}

/**
 * A notice taken (read and cleared: a write). A storage that refuses the write keeps the notice for a
 * later view, and the view opens without it: before, the whole "Open my hand" failed on it.
 */
function takeOrKeep<N>(take: () => N | null): N | null {
  try {
    return take();
  } catch (e) {
    if (storageRefused(e)) return null;
    throw e;
  }
}

/**
 * "⚠️ …" once after this table's seat channel fell back to ephemeral views (no private thread in its
 * channel, a permission missing there, a thread a moderator locked), else null: said at this table's
 * "Open my hand" only, where its words ("at this table") hold.
 */
export function tableNoticeLine(store: Store, gameId: string, userId: string, lang: Lang): string | null {
  const n = takeOrKeep(() => store.seatChannels.takeTableNotice(gameId, userId));
  return n ? `⚠️ ${translator(lang)(`seatch:notice.${n}`)}` : null;
}

/**
 * A table as its players know it, for what is shown outside its game thread (a hand view, a DM ping,
 * a DM's closed view), where no thread says which table: its game, its short id (the one its seat
 * threads are named with, `seatch:thread-name`) and its game thread as a channel mention, which
 * links to it from a DM too; with `withServer` (a reader not on that server: a DM, since a member
 * may play on several) the server's name, made plain as a member's name is (member-name.ts). Public
 * facts only.
 */
export function tableLabel(ctx: BotContext, t: Table, lang: Lang, withServer: boolean): string {
  const tr = translator(lang);
  const thread = t.row.threadId ?? t.row.channelId;
  const server = withServer && t.row.guildId ? ctx.client.guilds.cache.get(t.row.guildId)?.name : undefined;
  return [
    tr('seatch:table', { game: tr(`${t.row.game}:name`), id: t.row.id }),
    ...(thread ? [`<#${thread}>`] : []),
    ...(server ? [tr('seatch:server', { server: plainName(server) })] : []),
  ].join(' · ');
}

/**
 * The line naming the table above an ephemeral hand view opened at `at` (the interaction's channel
 * and server), or undefined in the game thread itself (the thread is the table): a view opened from
 * /games in another channel, or from a DM notice's button, names it (`tableLabel`; the server too
 * when the view is not on it).
 */
export function ephemeralTableLine(
  ctx: BotContext,
  t: Table,
  lang: Lang,
  at: { channelId: string | null; guildId: string | null },
): string | undefined {
  // In its own thread the thread is the table; a table playing in its channel (the thread cap,
  // bot/lobby.ts) may share it with others, so it is named there too.
  const thread = t.row.threadId ?? t.row.channelId;
  if (at.channelId !== null && at.channelId === thread && thread !== t.row.channelId) return undefined;
  return tableLabel(ctx, t, lang, at.guildId !== t.row.guildId);
}

/** The line naming the table above a seat channel's hand message: in a DM (a private thread is named for its table). */
export function seatChannelTableLine(ctx: BotContext, t: Table, r: Pick<SeatChannelRow, 'place'>, lang: Lang): string | undefined {
  return r.place === 'dm' ? tableLabel(ctx, t, lang, true) : undefined;
}

/** The lines above a hand view (the table's, a notice, why a click changed nothing) as handPayload's one note. */
export function noteLines(...lines: (string | null | undefined)[]): string | undefined {
  return lines.filter(Boolean).join('\n') || undefined;
}

/** The seat's channel fell back to ephemeral views: closed DMs are the user's (every table), the rest this table's. */
async function fallBack(ctx: BotContext, t: Table, seat: number, userId: string, why: SeatNotice, err?: unknown): Promise<void> {
  ctx.log.info({ err, gameId: t.row.id, seat, why }, 'seat channel unavailable; ephemeral seat views');
  ctx.store.seatChannels.update(t.row.id, seat, { failed: why });
  if (why === 'dm-closed') ctx.store.seatChannels.fellBack(userId, why);
  else ctx.store.seatChannels.tableFellBack(t.row.id, seat, why);
}

/**
 * A seat view's DM Discord refused with 50007: the user's DMs are closed, or they share no server
 * with the bot any more (kicked from the table's server, or they left it): Discord answers both
 * alike. So it asks whether they are still a member (members.ts). Not one: they leave this server's
 * tables at the next housekeeping round (`noteGone`, as after a DM click), and only this seat's view
 * stops ('left', ephemeral views here): their choice of DMs, for their other servers, stays,
 * and they are told nothing about closed DMs. Before, it was taken as closed DMs: their choice went
 * back to ephemeral for every server. A member: their DMs are closed (`fallBack`). Discord cannot
 * tell (null): this seat only, as for any other refusal; the choice stays.
 */
async function dmRefused(ctx: BotContext, t: Table, seat: number, userId: string, err: unknown): Promise<void> {
  const guildId = t.row.guildId;
  // Not asked while the seat holds a claim or a secret opening choice: the push that failed may be
  // that window's, and a player found gone then (and leaving at the next housekeeping round, in
  // public) would tell that their seat could claim (#13 §2; scheduler.ts asks at turns only). Taken
  // as closed DMs then, as before the question existed.
  const pending = t.state !== null ? (t.engine.pending(t.state) as Decision<BaseAction>[]) : [];
  const window = pending.some((d) => d.seat === seat && (d.kind === 'claim' || d.secret));
  const member = guildId && ctx.members && !window ? await ctx.members.isMember(guildId, userId).catch(() => null) : true;
  if (member === true) return fallBack(ctx, t, seat, userId, 'dm-closed', err);
  if (member === false) {
    noteGone(ctx, guildId!, userId);
    ctx.log.info({ gameId: t.row.id, seat }, 'a DM seat view was refused (50007): the player is no longer a member of the server');
  } else
    ctx.log.warn(
      { err, gameId: t.row.id, seat },
      'a DM seat view was refused (50007), and whether its player is still a member is not known',
    );
  ctx.store.seatChannels.update(t.row.id, seat, { failed: member === false ? 'left' : 'unreachable' });
}

/** Whether a channel of this type can hold private threads: a text channel only (discord-api-docs, topics/threads). */
export function privateThreadsIn(type: ChannelType): boolean {
  return type === ChannelType.GuildText;
}

/** Opens the seat's private thread (under the game's parent text channel) or DM channel. */
async function openChannel(ctx: BotContext, t: Table, seat: number, userId: string, place: 'thread' | 'dm', lang: Lang): Promise<void> {
  const store = ctx.store.seatChannels;
  if (place === 'dm') {
    try {
      const u = await ctx.client.users.fetch(userId);
      const dm = await u.createDM();
      store.open({ gameId: t.row.id, seat, userId, place, channelId: dm.id, lang });
    } catch (err) {
      store.open({ gameId: t.row.id, seat, userId, place, channelId: null, lang, failed: 'dm-closed' });
      await fallBack(ctx, t, seat, userId, 'dm-closed', err);
    }
    return;
  }
  const base = await ctx.client.channels.fetch(t.row.channelId ?? '').catch(() => null);
  // A private thread hangs off a text channel (a thread cannot hold threads).
  const parent = base?.isThread() ? base.parent : base;
  const me = ctx.client.user;
  const perms = parent && me && 'permissionsFor' in parent ? parent.permissionsFor(me) : null;
  // Private threads exist only under a text channel (discord-api-docs, topics/threads): a game in an
  // announcement channel can have none, whatever the bot's permissions. Said so, not "I need Create
  // Private Threads" (which an admin granted in vain).
  if (parent && !privateThreadsIn(parent.type)) {
    store.open({ gameId: t.row.id, seat, userId, place, channelId: null, lang, failed: 'thread-kind' });
    return fallBack(ctx, t, seat, userId, 'thread-kind');
  }
  if (!parent || parent.type !== ChannelType.GuildText || !perms || missingForSeatThread(perms).length) {
    store.open({ gameId: t.row.id, seat, userId, place, channelId: null, lang, failed: 'thread-perm' });
    return fallBack(ctx, t, seat, userId, 'thread-perm');
  }
  try {
    const tr = translator(lang);
    const name = cut(tr('seatch:thread-name', { game: tr(`${t.row.game}:name`), seat: seat + 1, id: t.row.id }), 100);
    const th = await parent.threads.create({ name, type: ChannelType.PrivateThread, invitable: false, autoArchiveDuration: 10080 });
    await th.members.add(userId);
    store.open({ gameId: t.row.id, seat, userId, place, channelId: th.id, lang });
  } catch (err) {
    store.open({ gameId: t.row.id, seat, userId, place, channelId: null, lang, failed: 'thread-perm' });
    await fallBack(ctx, t, seat, userId, 'thread-perm', err);
  }
}

/**
 * Discord refused a seat channel's post or edit. Refused for what a moderator did (locked or archived
 * the private thread, took a permission away: 50001, 50013, 50083, 160005) the seat is back on
 * ephemeral views at this table, told once in the player's next ephemeral reply, and the channel is
 * tried again at the next hand (`retriesNow`); before, one failure, even a Discord 5xx, ended it for
 * the rest of the match with nothing said. Anything else (a 5xx, a timeout) is no failure of the
 * channel: the next step that changes the view tries again.
 */
function unreachable(ctx: BotContext, t: Table, r: SeatChannelRow, err: unknown, what: string): void {
  ctx.log.warn({ err, code: code(err), gameId: t.row.id, seat: r.seat }, what);
  // Passing (a 5xx, a timeout): 'retry', tried again at the next step, unsaid; meanwhile the seat is no
  // live seat view (`seatChannelSeats`), so a turn that begins now is pinged in the game thread: its
  // view in the seat channel shows the state before it, without the turn's buttons.
  if (!REFUSED.has(code(err))) return ctx.store.seatChannels.update(t.row.id, r.seat, { failed: 'retry' });
  // The hand it failed at: the next hand tries again (`retriesNow`), not each step.
  ctx.store.seatChannels.update(t.row.id, r.seat, { failed: 'unreachable', hand: t.row.handIndex });
  ctx.store.seatChannels.tableFellBack(t.row.id, r.seat, 'unreachable');
}

const REFUSED: ReadonlySet<unknown> = new Set([
  RESTJSONErrorCodes.MissingAccess,
  RESTJSONErrorCodes.MissingPermissions,
  RESTJSONErrorCodes.InvalidActionOnArchivedThread,
  RESTJSONErrorCodes.ThreadLocked,
]);

/** A post in the seat channel Discord refused: a DM to closed DMs (50007, `dmRefused`), else `unreachable`. */
async function refusedHere(ctx: BotContext, t: Table, r: SeatChannelRow, err: unknown, what: string): Promise<void> {
  if (r.place === 'dm' && code(err) === RESTJSONErrorCodes.CannotSendMessagesToThisUser) await dmRefused(ctx, t, r.seat, r.userId, err);
  else unreachable(ctx, t, r, err, what);
}

/**
 * A seat channel Discord refused at an earlier hand (`unreachable`): its new hand's view is posted
 * there again, once per hand. Not one that fell back for closed DMs or a missing permission when
 * it was opened (the player is told to choose again), nor a DM to someone no longer in the server
 * (`left`, dmRefused).
 */
function retriesNow(t: Table, r: SeatChannelRow): boolean {
  return r.failed === 'unreachable' && r.hand !== null && r.hand !== t.row.handIndex && r.channelId !== null;
}

async function channelOf(ctx: BotContext, r: SeatChannelRow): Promise<Sendable | null> {
  const ch = await gameChannel(ctx, r.channelId);
  if (ch?.isThread() && ch.archived && !ch.locked) await ch.setArchived(false).catch(() => undefined);
  return ch;
}

/**
 * The seat's hand message as it is now, or null when it cannot be made (logged): not a failure of
 * the seat channel, which is left as it is (no `failed`, `sig` unchanged) for the next sync to try
 * again. (An image that could not be drawn is no such failure: the view goes in words, hand-view.ts.)
 */
async function payloadOf(
  ctx: BotContext,
  t: Table,
  r: SeatChannelRow,
  lang: Lang,
  ch: Sendable,
  note?: string,
): Promise<HandPayload | null> {
  try {
    // A seat thread where the bot may not attach files (its game channel's overwrites): the view in words.
    return await handPayload(ctx, t, r.seat, lang, noteLines(seatChannelTableLine(ctx, t, r, lang), note), undefined, !mayAttach(ch));
  } catch (err) {
    ctx.log.warn({ err, gameId: t.row.id, seat: r.seat }, 'cannot make the seat channel hand message: tried again at the next step');
    return null;
  }
}

/**
 * Posts the seat's hand message of this hand (the previous hand's loses its buttons). Only what
 * Discord refuses is the channel's failure.
 */
async function post(ctx: BotContext, t: Table, r: SeatChannelRow, ch: Sendable, lang: Lang, sig: string): Promise<boolean> {
  const p = await payloadOf(ctx, t, r, lang, ch);
  if (!p) return false;
  try {
    const m: Message = await ch.send({ flags: p.flags, files: p.files, components: p.components, allowedMentions: { parse: [] } });
    const old = r.messageId;
    // A channel that failed at an earlier hand (`retriesNow`) works again: its view is live, and its
    // fallback, if not told yet, is no longer true.
    ctx.store.seatChannels.update(t.row.id, r.seat, { messageId: m.id, hand: t.row.handIndex, sig, failed: null });
    if (r.failed) ctx.store.seatChannels.tableFellBack(t.row.id, r.seat, null);
    r.messageId = m.id;
    if (old) await closeView(ctx, ch, r, old, t, r.hand ?? t.row.handIndex, lang);
    return true;
  } catch (err) {
    await refusedHere(ctx, t, r, err, 'cannot post the seat channel hand message');
    return false;
  }
}

/**
 * A seat channel message that is no longer the live view (a new hand's message is below, or the
 * view moved) loses its buttons and image: one line in their place (a Components V2 message has
 * no `content`; `content: null` also upgrades a legacy one). In a DM, where a player's tables of
 * every server meet, the line names its table (`tableLabel`); a private thread is named for it.
 */
async function closeView(
  ctx: BotContext,
  ch: Sendable,
  r: Pick<SeatChannelRow, 'place'>,
  messageId: string,
  t: Table,
  hand: number,
  lang: Lang,
  why: 'closed' | 'not-yours' = 'closed',
): Promise<void> {
  const tr = translator(lang);
  const table = seatChannelTableLine(ctx, t, r, lang) ?? `**${tr(`${t.row.game}:name`)}**`;
  const line = tr(`seatch:${why}`, { table, n: hand + 1 });
  await ch.messages.edit(messageId, { ...v2Text(line), content: null, attachments: [], files: [] }).catch(() => undefined);
}

/**
 * Private seat threads whose archiving failed for now (a 5xx, a timeout: close-thread.ts), by the step
 * (its Table) that tried: `execute` (effects.ts), or the abandoning of a table whose game thread was
 * deleted (app.ts), keeps each as a `close-thread` effect in the game's outbox, for the housekeeping
 * round or a restart. Here, not returned: the pushes that retire a seat (`syncSeatChannels`) return
 * nothing through seat-views.ts. A Table outlives its step only while something holds it, so a
 * failure nobody takes goes with it.
 */
const unclosed = new WeakMap<Table, string[]>();

/** The seat threads this step could not archive (and forgets them): see `unclosed`. */
export function takeUnclosed(t: Table): string[] {
  const list = unclosed.get(t) ?? [];
  unclosed.delete(t);
  return list;
}

/**
 * Archives and locks a seat's private thread (`known`: as fetched already, null if its fetch failed);
 * a failure worth another try is kept (`unclosed`).
 */
async function closeSeatThread(ctx: BotContext, t: Table, threadId: string, known: Sendable | null): Promise<void> {
  const th = known?.isThread() ? known : null;
  if (await closeThread(ctx, { gameId: t.row.id, threadId, lock: true, what: 'seat thread', known: th })) return;
  unclosed.set(t, [...(unclosed.get(t) ?? []), threadId]);
}

/**
 * The seat channel of a player whose seat is no longer theirs (a Phỏm leaver's, a member gone from the
 * server: seating.ts): forgotten, its ping deleted, its hand message closed (no buttons, no image,
 * nothing more of the seat's hand), a private thread archived and locked (also one whose view had
 * failed: it is open all the same).
 */
async function retire(ctx: BotContext, t: Table, r: SeatChannelRow): Promise<void> {
  ctx.store.seatChannels.remove(t.row.id, r.seat);
  if (!r.channelId) return;
  const ch = await gameChannel(ctx, r.channelId);
  if (ch && !r.failed) {
    if (r.pingId) await ch.messages.delete(r.pingId).catch(() => undefined);
    if (r.messageId) await closeView(ctx, ch, r, r.messageId, t, r.hand ?? t.row.handIndex, langOf(r.lang, ctx.defaultLang), 'not-yours');
  }
  if (r.place === 'thread') await closeSeatThread(ctx, t, r.channelId, ch);
}

/** The short "your move" ping (the previous one is deleted), or just the deletion when they need not act. */
async function ping(
  ctx: BotContext,
  t: Table,
  r: SeatChannelRow,
  ch: Sendable,
  lang: Lang,
  d: Decision<BaseAction> | undefined,
  renew = false,
) {
  const acting = !!d;
  if (acting === r.acting && !(acting && renew)) return;
  const old = r.pingId;
  let pingId: string | null = null;
  if (d) {
    const tr = translator(lang);
    const deadline = t.timers.find((x) => x.seat === r.seat)?.deadline;
    // In a DM the table is named (`tableLabel`: its game thread linked, its server); the link that
    // follows is to the hand message itself. A private thread is named for its table.
    const text = tr(d.kind === 'claim' ? 'seatch:ping-claim' : 'seatch:ping-turn', {
      user: `<@${r.userId}>`,
      game: seatChannelTableLine(ctx, t, r, lang) ?? tr(`${t.row.game}:name`),
    });
    const when = deadline !== undefined && !isOff(deadline) ? ` ${tr('common:table.deadline', { when: relTime(deadline) })}` : '';
    const link = r.messageId
      ? ` https://discord.com/channels/${r.place === 'dm' ? '@me' : (t.row.guildId ?? '@me')}/${r.channelId}/${r.messageId}`
      : '';
    try {
      const m = await ch.send({ content: `${text}${when}${link}`, allowedMentions: { users: [r.userId] } });
      pingId = m.id;
    } catch (err) {
      // Refused: the seat is no live view any more, so the game thread's ping names its player (it
      // is worked out after this push): DMs closed mid-hand (50007), or what `unreachable` says.
      await refusedHere(ctx, t, r, err, 'cannot ping in the seat channel');
    }
  }
  ctx.store.seatChannels.update(t.row.id, r.seat, { acting, pingId });
  if (old) await ch.messages.delete(old).catch(() => undefined);
}

/**
 * Brings every seat channel of the table up to date: opens the ones asked for, posts the hand
 * message of a new hand, edits it when the seat's view changed, pings when the player must act.
 */
export async function syncSeatChannels(
  ctx: BotContext,
  t: Table,
  only?: (seat: number) => boolean,
  ranOut?: ReadonlyMap<number, RanOut>,
  fresh?: ReadonlySet<number>,
): Promise<void> {
  if (t.state === null || (t.row.status !== 'running' && t.row.status !== 'paused' && t.row.status !== 'finished')) return;
  const store = ctx.store.seatChannels;
  // A seat that changed hands: the former player's seat channel closes (it showed that seat's hand).
  for (const r of store.forGame(t.row.id)) if (t.seats[r.seat]?.userId !== r.userId) await retire(ctx, t, r);
  for (const s of t.seats) {
    // A seat the AI holds for its player (a turn that ran out with on-timeout ai, the others' vote)
    // is still theirs: its hand message follows the hand and offers "Take my seat back" (handView),
    // as the ephemeral view does, and a ping of theirs goes (the AI acts there, not they).
    if (!s.userId || (only && !only(s.seat))) continue;
    let r = store.get(t.row.id, s.seat);
    const want = store.place(s.userId);
    if (want.place === 'ephemeral') {
      // Back to ephemeral views: the seat channel message loses its buttons.
      if (r) {
        store.remove(t.row.id, s.seat);
        const ch = r.channelId && r.messageId && !r.failed ? await gameChannel(ctx, r.channelId) : null;
        if (ch) await closeView(ctx, ch, r, r.messageId!, t, r.hand ?? t.row.handIndex, langOf(r.lang, ctx.defaultLang));
      }
      continue;
    }
    if (t.row.status === 'finished' && !r) continue;
    const lang = langOf(want.lang ?? r?.lang ?? t.row.locale, ctx.defaultLang);
    if (!r || r.place !== want.place) {
      // Moved (thread ↔ DM): the old place's message loses its buttons.
      if (r?.channelId && r.messageId && !r.failed) {
        const old = await gameChannel(ctx, r.channelId);
        if (old) await closeView(ctx, old, r, r.messageId, t, r.hand ?? t.row.handIndex, langOf(r.lang, ctx.defaultLang));
      }
      await openChannel(ctx, t, s.seat, s.userId, want.place, lang);
      r = store.get(t.row.id, s.seat);
    }
    if (!r || (r.failed && r.failed !== 'retry' && !retriesNow(t, r)) || !r.channelId) continue;
    const rl = langOf(r.lang, ctx.defaultLang);
    const ch = await channelOf(ctx, r);
    if (!ch) continue;
    const sig = signature(t, s.seat, rl);
    if (!r.messageId || r.hand !== t.row.handIndex) {
      if (!(await post(ctx, t, r, ch, rl, sig))) continue;
    } else if (sig !== r.sig) {
      const x = ranOut?.get(s.seat);
      const p = await payloadOf(ctx, t, r, rl, ch, x ? ranOutNote(t, s.seat, x.action, rl, x.options) : undefined);
      if (!p) continue;
      try {
        await ch.messages.edit(r.messageId, p);
        store.update(t.row.id, s.seat, { sig, failed: null });
      } catch (err) {
        // Deleted by someone (10008): posted anew once; anything else Discord refused: back to ephemeral views.
        if (code(err) === 10008) {
          if (!(await post(ctx, t, { ...r, messageId: null }, ch, rl, sig))) continue;
        } else {
          unreachable(ctx, t, r, err, 'cannot edit the seat channel hand message');
          continue;
        }
      }
    }
    // "Mention me always" (/prefs): a new decision of a player who still acts (at a table of AIs,
    // their next turn comes in the step of their own move) is pinged anew: an edit is silent.
    const renew = !!fresh?.has(s.seat) && !!t.mentionAlways?.has(s.seat);
    await ping(ctx, t, store.get(t.row.id, s.seat)!, ch, rl, s.isAi ? undefined : pendingOf(t, s.seat), renew);
  }
}

/**
 * The match ended: pings go, private seat threads are archived and locked (also one whose view had
 * failed: it is open all the same). One that failed for now is kept to try again (`unclosed`).
 */
export async function closeSeatChannels(ctx: BotContext, t: Table): Promise<void> {
  for (const r of ctx.store.seatChannels.forGame(t.row.id)) {
    if (!r.channelId) continue;
    const ch = await gameChannel(ctx, r.channelId);
    if (ch && !r.failed) {
      if (r.pingId) await ch.messages.delete(r.pingId).catch(() => undefined);
      ctx.store.seatChannels.update(t.row.id, r.seat, { pingId: null, acting: false });
    }
    if (r.place === 'thread') await closeSeatThread(ctx, t, r.channelId, ch);
  }
}
