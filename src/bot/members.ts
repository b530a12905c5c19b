/**
 * Members who are no longer on a table's server (moderation audit: a member banned or kicked
 * mid-game kept their seat, and from a seat view in their DMs kept playing the server's table).
 *
 * The bot asks Discord for the Guilds and GuildModeration intents only. GUILD_MEMBER_REMOVE needs
 * the privileged GuildMembers intent, so a kick, or a member who leaves, is never told. The ways in:
 *
 * - **A ban**: GUILD_BAN_ADD (GuildModeration, a standard intent; Discord sends it only to a bot
 *   with Ban Members or View Audit Log in that server) → `memberLeft` (src/bot/app.ts).
 * - **A click from the player's DMs** (a seat view kept in DMs, a DM notice's Open my hand): Discord
 *   sends no member data there, so before it plays, the bot asks Discord whether the clicker is still
 *   a member of the game's server (GET /guilds/{guild}/members/{user}; 10007 Unknown Member: not; the
 *   router). A yes is remembered for a few minutes (`MemberCheck`), so a DM click costs no request
 *   most of the time. A click in the server carries `member` (the clicker is one): no check.
 * - **A turn deadline of theirs runs out, or a reminder of their turn comes due** (scheduler.ts
 *   `askIfMember`): the same question, so one who never clicks again does not keep the seat, timing
 *   out turn after turn (or, at a table without deadlines, reminded day after day).
 * - **A DM to them is refused with 50007** (a notice, notifier.ts; a DM seat view, seat-channels.ts):
 *   Discord answers so for closed DMs and for a user who shares no server with the bot; the same
 *   question tells them apart (effects.ts `membership`).
 * - **The AI plays their seat for them** (they are /away, or the AI took the seat over: on-timeout
 *   `ai`, a vote about an absent player): no deadline of theirs runs out, so each housekeeping round
 *   asks about a few of them (store/guilds.ts `absentSeated`, scheduler.ts `askAbsent`). Else a kicked host kept the
 *   host's End match for good. Not a moment of theirs: the round comes every few minutes whatever the
 *   table does, and a seat gone to the AI keeps a claim still open waiting as any member-gone seat does
 *   (seating.ts `memberGone`), so the notice tells nothing of a hidden decision.
 *
 * Either way `memberLeft` hands each of their seats at that server's running and paused tables to the
 * AI for good (act.ts 'member-gone', seating.ts `memberGone`) and takes them out of its open lobbies
 * (as the lobby's Leave does).
 */
import { RESTJSONErrorCodes, Routes, type Client } from 'discord.js';
import type { BotContext } from './context.js';
import { redrawLobby, run } from './effects.js';
import { archiveLobbyThread, leaveLobby } from './lobby.js';

/** How long a "still a member" answer is trusted: a kick is noticed at most this late. */
export const MEMBER_OK_MS = 5 * 60_000;
/** How long a click waits for Discord's answer before it goes on as a member's. */
export const MEMBER_ASK_MS = 3_000;
/** How many such answers are kept (oldest out first). */
export const MEMBER_CACHE_MAX = 10_000;

/** Whether users are still members of a server, asked of Discord, a yes remembered for `ttlMs`. */
export class MemberCheck {
  private readonly ok = new Map<string, number>();

  constructor(
    private readonly client: Client,
    private readonly now: () => number,
    readonly ttlMs = MEMBER_OK_MS,
    readonly max = MEMBER_CACHE_MAX,
  ) {}

  /**
   * True: a member; false: Discord says not (10007 Unknown Member); null: it could not tell (another
   * error: the click goes on as before, a table is never taken from a member on a hiccup).
   */
  async isMember(guildId: string, userId: string): Promise<boolean | null> {
    const key = `${guildId}:${userId}`;
    if (this.fresh(key)) return true;
    this.ok.delete(key);
    try {
      // A click waits on this: an outage or a rate limit answers "cannot tell" within seconds (the
      // click goes on) rather than after discord.js's retries.
      await this.client.rest.get(Routes.guildMember(guildId, userId), { signal: AbortSignal.timeout(MEMBER_ASK_MS) });
    } catch (e) {
      return (e as { code?: unknown }).code === RESTJSONErrorCodes.UnknownMember ? false : null;
    }
    this.ok.set(key, this.now() + this.ttlMs);
    while (this.ok.size > this.max) this.ok.delete(this.ok.keys().next().value!);
    return true;
  }

  /** Whether a fresh yes is kept for the user: `isMember` would answer it without asking Discord. */
  knows(guildId: string, userId: string): boolean {
    return this.fresh(`${guildId}:${userId}`);
  }

  /**
   * A yes kept less than `ttlMs` ago. One stamped before the host clock stepped back lies further
   * ahead than `ttlMs` and is stale (as the scheduler's `waitsFor`): trusted until it passed, a kick
   * went unnoticed for as long as the clock went back, not `ttlMs` at most.
   */
  private fresh(key: string): boolean {
    const until = this.ok.get(key);
    if (until === undefined) return false;
    const left = until - this.now();
    return left > 0 && left <= this.ttlMs;
  }

  /** The user left the server (a ban): the next question is asked of Discord again. */
  forget(guildId: string, userId: string): void {
    this.ok.delete(`${guildId}:${userId}`);
  }

  /** How many answers are kept now (tests). */
  get size(): number {
    return this.ok.size;
  }
}

/** Members a DM click or a turn deadline found gone from a server, by bot context: applied at the next housekeeping round. */
const found = new WeakMap<BotContext, Map<string, { guildId: string; userId: string }>>();

/**
 * A DM click found `userId` gone from server `guildId` (a kick, or they left). Their seats pass to the
 * AI at the next housekeeping round (`applyFoundGone`), not at the click: a player clicks most when a
 * claim of theirs is open (a claim DM, a claim ping in their seat channel), and a public "no longer a
 * member" notice seconds after a discard would tell the table they could claim it (#13 §2). Until
 * then their clicks are refused (the check asks Discord again: a no is not remembered). Kept in
 * memory: after a restart their next click finds it again.
 */
export function noteGone(ctx: BotContext, guildId: string, userId: string): void {
  let m = found.get(ctx);
  if (!m) found.set(ctx, (m = new Map()));
  m.set(`${guildId}:${userId}`, { guildId, userId });
}

/** The housekeeping round: the members DM clicks found gone since the last round leave their tables. */
export async function applyFoundGone(ctx: BotContext): Promise<void> {
  const m = found.get(ctx);
  if (!m) return;
  for (const [key, { guildId, userId }] of [...m]) {
    m.delete(key);
    await memberLeft(ctx, guildId, userId);
  }
}

/**
 * `userId` is no longer a member of server `guildId`: each of their seats at its running and paused
 * tables passes to the AI (one table step each, under the game's lock), and they leave its open
 * lobbies (the host passes on, or a lobby left without a person is cancelled). A table or lobby that
 * fails is logged; the others go on.
 */
export async function memberLeft(ctx: BotContext, guildId: string, userId: string): Promise<void> {
  const locked = <T>(id: string, fn: () => Promise<T>): Promise<T> => (ctx.locks ? ctx.locks.run(id, fn) : fn());
  // The lobbies first: one started meanwhile is among the tables read after them.
  for (const { row } of ctx.store.listing.lobbies(guildId, 10_000)) {
    if (!ctx.store.games.seats(row.id).some((s) => s.userId === userId)) continue;
    await locked(row.id, async () => {
      const g = ctx.store.games.get(row.id);
      if (!g || g.status !== 'lobby' || !leaveLobby(ctx, g, userId)) return;
      ctx.log.info({ gameId: g.id, guildId, userId }, 'a member left the server: they left its lobby');
      const t = ctx.table.load(g.id);
      if (!t) return;
      await redrawLobby(ctx, t);
      if (t.row.status === 'cancelled') await archiveLobbyThread(ctx, t.row);
    }).catch((err: unknown) => ctx.log.error({ err, gameId: row.id, guildId, userId }, 'cannot take a gone member out of a lobby'));
  }
  for (const row of ctx.store.listing.userTables(guildId, userId, 10_000)) {
    await locked(row.id, async () => {
      const r = await run(ctx, { kind: 'member-gone', gameId: row.id, userId });
      if (r.outcome.ok) ctx.log.info({ gameId: row.id, guildId, userId }, 'a member left the server: their seat passed to the AI');
    }).catch((err: unknown) => ctx.log.error({ err, gameId: row.id, guildId, userId }, 'cannot hand a gone member’s seat to the AI'));
  }
}
