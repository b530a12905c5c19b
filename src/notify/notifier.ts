/**
 * Opt-in DM notices (issue #14 §2). The bot calls `onEffects(table, effects, now)` after executing a
 * table step's effects, and `due(now)` from its scheduler. Everything is off by default (/notify).
 *
 * - A ping effect's seats: "your move" (turn) or "you may claim" (claim: a DM is private, so it
 *   tells nobody else who may claim; nothing is posted in the thread). A result: "hand over" or
 *   "match over"; the end of a match; the lobby's Start: "the table you joined started".
 * - Each notice is recorded ONCE per (user, table, kind, version) in SQLite, so a step executed
 *   again (restart sweep, a kept ping posted later) never sends twice: a move notice's version is
 *   its decision's (the seat's timer's, kept while the decision is), any other's the table's state
 *   version. Per table, only the newest move notice of a user is delivered (at most one DM per
 *   table per move).
 * - No "your move" DM to a user who moved at that table in the last AT_TABLE_MS (they are playing).
 * - Quiet hours (the user's time zone): notices wait in SQLite and `due(now)` sends them after.
 *   A move notice that is no longer the user's move by then is dropped.
 * - More tables waiting on the user than their digest threshold: one digest (every table where it
 *   is their move) instead of a DM per table, at most one per DIGEST_EVERY_MS.
 * - A DM refused with 50007 (DMs closed) switches that user's notices off and leaves a flag (their
 *   next ephemeral reply says so once, src/notify/tell.ts). Discord answers 50007 too when the user
 *   shares no server with the bot (kicked, banned, or they left): so the notice's server is asked
 *   first (`Membership`), and a user no longer on it leaves its tables, their notices and DM settings
 *   left as they were (`refused`). Nothing is ever retried: a failed send is recorded as failed.
 * - Shutting down: a delivery round stops before its next user (`due`'s `stop`, the scheduler's
 *   stop), and a send the destroyed client could not make (nothing reached Discord) gives its
 *   notices back: both wait for the next process, not closed as failed.
 */
import { cut } from '../table/cut.js';
import { randomUUID } from 'node:crypto';
import { ButtonBuilder, ButtonStyle, type Client } from 'discord.js';
import type { Logger } from 'pino';
import type { Store, NoticeKind, NoticeRow, UserPrefs } from '../store/index.js';
import { quietUntil } from '../store/index.js';
import type { Effect } from '../table/effects.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import type { Table, TableStore } from '../table/store.js';
import { langOf, translator, type Lang, type T } from '../table/i18n.js';
import { relTime } from '../table/views.js';
import { signedIn } from '../table/present/common.js';
import { tablePreferenceAnswer } from '../table/prefs.js';
import { encodeGameId } from '../bot/custom-id.js';
import { button, row, type Row } from '../bot/messages.js';
import { plainName } from '../bot/member-name.js';
import { jumpUrl, summaries, type TableSummary } from './tables.js';

export interface DmPayload {
  content: string;
  components: Row[];
  allowedMentions: { parse: never[] };
}
/**
 * Sends one DM: 'closed' when Discord answers 50007 (the user does not accept DMs from the bot, or
 * shares no server with it: Discord does not say which, `Notifier.refused` asks); 'stopped' when
 * the client was destroyed (shutdown) before the DM went out: it never reached Discord.
 */
export type DmSender = (userId: string, payload: DmPayload) => Promise<'sent' | 'closed' | 'failed' | 'stopped'>;

/**
 * Who is still a member of a server (src/bot/members.ts: the bot's `MemberCheck` and `noteGone`), for a
 * DM Discord refused with 50007: it answers so both for closed DMs and for a user who shares no server
 * with the bot any more (kicked, or they left). Passed by the callers (effects.ts, scheduler.ts); none
 * (tests, the CLI): every 50007 is closed DMs.
 */
export interface Membership {
  /** True: a member; false: Discord says not (10007 Unknown Member); null: it could not tell. */
  isMember(guildId: string, userId: string): Promise<boolean | null>;
  /** `userId` is no longer a member of `guildId`: they leave its tables (members.ts `noteGone`). */
  gone(guildId: string, userId: string): void;
}

/** A user who moved at a table this recently is at the table: no "your move" DM for it. */
export const AT_TABLE_MS = 2 * 60_000;

/** At most one digest per user in this time. */
export const DIGEST_EVERY_MS = 60 * 60_000;

/** Whether the user asked for notices of this kind (a secret opening choice's, a 'claim', is a turn to them). */
const wantsKind = (p: UserPrefs, kind: NoticeKind, opening = false): boolean => p.notify[PREF_OF[kind]] || (opening && p.notify.turn);

const PREF_OF: Record<NoticeKind, keyof UserPrefs['notify']> = {
  turn: 'turn',
  claim: 'claim',
  result: 'result',
  match: 'result',
  start: 'start',
};
const isMove = (k: NoticeKind) => k === 'turn' || k === 'claim';
/** How long a delivery may hold a user's notices before another process may take over (a died holder). */
const LEASE_MS = 60_000;
/**
 * What @discordjs/rest throws for a request made once the client is destroyed (its token cleared),
 * before anything is sent: a request already under way keeps its token and goes out.
 */
const NO_TOKEN = /^Expected token to be set/;

/**
 * The DM sender over a discord.js client: a 50007 answer means the user's DMs are closed, or that they
 * share no server with the bot.
 */
export function discordSender(client: Client, log?: Logger): DmSender {
  return async (userId, payload) => {
    try {
      const user = await client.users.fetch(userId);
      await user.send(payload);
      return 'sent';
    } catch (err) {
      if ((err as { code?: number }).code === 50007) return 'closed';
      // A shutdown destroyed the client under this send (its grace ran out while the round went on):
      // the request that failed was never made, so the next process may send this DM.
      if (!client.token && err instanceof Error && NO_TOKEN.test(err.message)) return 'stopped';
      log?.warn({ err, userId }, 'cannot send a DM notice');
      return 'failed';
    }
  };
}

export class Notifier {
  private chains = new Map<string, Promise<unknown>>();
  /** This process's name on notice leases (a shard process each). */
  private readonly holder = randomUUID();

  constructor(
    private readonly store: Store,
    private readonly table: TableStore,
    private readonly send: DmSender,
    private readonly o: {
      defaultLang?: Lang;
      log?: Logger;
      digestEveryMs?: number;
      /**
       * A server's name (the bot's cache, else as the shard holding it recorded it: store/guild-names.ts),
       * for the notices that say where a table is; none: unnamed.
       */
      serverName?: (guildId: string) => string | undefined;
    } = {},
  ) {}

  /** One delivery at a time per user (two tables' steps never send the same notice twice). */
  private serial<T>(userId: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.chains.get(userId) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const tail = next.catch(() => undefined);
    this.chains.set(userId, tail);
    void tail.then(() => {
      if (this.chains.get(userId) === tail) this.chains.delete(userId);
    });
    return next;
  }

  /**
   * Records the notices a step's effects call for and delivers what is due now. Never throws.
   * `members`: who is still on a server, asked when a DM is refused with 50007 (`refused`).
   */
  async onEffects(t: Table, effects: readonly Effect[], now: number, members?: Membership): Promise<void> {
    try {
      // `opening`: a secret opening choice (a window's notice, 'claim', but to its holder their move:
      // the user's turn notices cover it as well as their claim notices).
      // `again`: a resume's ping (effects.ts): a notice of this version closed before it is sent again.
      // `seat`: a window's seat (a claim, a secret opening choice).
      // `version`: what the notice is recorded under (`key` below).
      const want: { userId: string; kind: NoticeKind; version: number; seat?: number; opening?: boolean; again?: number }[] = [];
      const pending = t.state === null ? [] : (t.engine.pending(t.state) as Decision<BaseAction>[]);
      const opening = new Set(pending.filter((d) => d.secret).map((d) => d.seat));
      const human = (seat: number) => {
        const s = t.seats[seat];
        return s && !s.isAi && s.userId ? s.userId : null;
      };
      // A window's decision that a step answers at once: its player's claim preference answers it, or
      // they are away (act.ts `runAi`). A resume pings every claimant alike, so that the table is not
      // told whose preference answers (#13 §2), and its catch-up sync answers those right after
      // (act.ts 'resume'): no "you may claim" DM for a window that closes for them at once.
      const answersItself = (seat: number): boolean => {
        const d = pending.find((x) => x.seat === seat);
        const u = human(seat);
        if (!d || !u) return false;
        return tablePreferenceAnswer(t, t.state, t.prefs.get(seat), d) !== null || this.store.prefs.isAway(u, now);
      };
      const everyone = () => t.seats.filter((s) => !s.isAi && s.userId).map((s) => s.userId!);
      // A move notice is recorded under its decision's version: the seat's timer's, which stays while
      // the decision is kept (timers.ts `deadlines`), whatever other steps came since. A ping executed
      // again (one Discord refused, posted by housekeeping; one a crash cut off before its notices,
      // posted by the restart) is then the same notice, sent once: never a second DM whose coming
      // would tell that another seat answered a claim in between (a hidden step moves the table's
      // version, #13 §2), nor none at all for a step whose notices the crash cut off. A seat with
      // no timer holds no decision (it answered since the ping): the table's version, and the
      // delivery round drops the notice (no longer their move).
      const decision = (s: number) => t.timers.find((x) => x.seat === s)?.version ?? t.row.version;
      const event = t.row.version;
      for (const e of effects) {
        if (e.kind === 'ping') {
          const again = e.again === undefined ? {} : { again: e.again.at };
          // The voter whose vote resumed the table is at it: no DM for them.
          const told = (s: number) => human(s) && human(s) !== e.again?.by;
          for (const s of e.turn) if (told(s)) want.push({ userId: human(s)!, kind: 'turn', version: decision(s), ...again });
          for (const s of e.claim)
            if (told(s)) want.push({ userId: human(s)!, kind: 'claim', version: decision(s), seat: s, opening: opening.has(s), ...again });
        } else if (e.kind === 'tell') {
          // A hidden decision with no public ping (a secret opening choice's next holder): a window's notice.
          for (const s of e.seats)
            if (human(s)) want.push({ userId: human(s)!, kind: 'claim', version: decision(s), seat: s, opening: opening.has(s) });
        } else if (e.kind === 'result') {
          for (const u of everyone()) want.push({ userId: u, kind: e.matchOver ? 'match' : 'result', version: event });
        } else if (e.kind === 'end-match') {
          for (const u of everyone()) want.push({ userId: u, kind: 'match', version: event });
        } else if (e.kind === 'lobby' && t.row.status === 'running') {
          for (const u of everyone()) want.push({ userId: u, kind: 'start', version: event });
        }
      }
      if (!want.length) return;
      const interested = this.store.prefs.wantsAny([...new Set(want.map((w) => w.userId))]);
      const touched = new Set<string>();
      // One user's failure (a bad stored setting, a storage error) is logged; the others' notices are
      // still recorded and sent.
      for (const w of want) {
        if (!interested.has(w.userId)) continue;
        try {
          if (w.seat !== undefined && answersItself(w.seat)) continue;
          const p = this.store.prefs.get(w.userId);
          if (!wantsKind(p, w.kind, w.opening)) continue;
          if (isMove(w.kind)) {
            if (this.playingNow(t.row.id, w.userId, now)) continue;
            // A seat view that lives in their DMs pings them there already (src/bot/seat-channels.ts): one DM, not two.
            if (t.seats.some((s) => s.userId === w.userId && !s.isAi && this.seatViewInDm(t.row.id, s.seat))) continue;
          }
          const dueAt = quietUntil(p, now) ?? now;
          // A hand's result and the match's end share their version; one notice per kind and version.
          const key = { userId: w.userId, gameId: t.row.id, kind: w.kind, version: w.version };
          const armed = w.again === undefined ? {} : { armedFor: w.again };
          const added =
            this.store.notices.add({ ...key, hand: t.row.handIndex, dueAt, ...armed }) ||
            (w.again !== undefined && this.store.notices.rearm({ ...key, since: w.again, now, dueAt }));
          if (added) touched.add(w.userId);
        } catch (err) {
          this.o.log?.error({ err, gameId: t.row.id, userId: w.userId, kind: w.kind }, 'cannot record a DM notice');
        }
      }
      for (const u of touched) {
        try {
          await this.serial(u, () => this.flush(u, now, members));
        } catch (err) {
          this.o.log?.error({ err, gameId: t.row.id, userId: u }, 'notice delivery failed');
        }
      }
    } catch (err) {
      this.o.log?.error({ err, gameId: t.row.id }, 'notifier failed');
    }
  }

  /** Whether the seat's view lives in its player's DMs. */
  private seatViewInDm(gameId: string, seat: number): boolean {
    const r = this.store.seatChannels.get(gameId, seat);
    return !!r && r.place === 'dm' && !r.failed && !!r.channelId;
  }

  /**
   * Whether the user made a move at the table in the last AT_TABLE_MS: they are playing it now. A last
   * move stamped ahead of `now` (the host clock stepped back) does not count, or it would for ever.
   */
  private playingNow(gameId: string, userId: string, now: number): boolean {
    const last = this.store.listing.lastActionBy(gameId, userId);
    return last !== null && now - last >= 0 && now - last < AT_TABLE_MS;
  }

  /** Whether the claim notice `n` is for a secret opening choice the user holds at its table now. */
  private opening(n: NoticeRow, userId: string): boolean {
    const [s] = summaries(this.table, [n.gameId], userId);
    return !!s && s.mine === 'claim' && s.opening;
  }

  /** Whether a table waiting on the user belongs in their digest: what a move notice of it would need. */
  private digestLists(userId: string, p: UserPrefs, s: TableSummary, now: number): boolean {
    if (s.mine === null || !wantsKind(p, s.mine, s.opening)) return false;
    if (this.playingNow(s.gameId, userId, now)) return false;
    return s.seat === null || !this.seatViewInDm(s.gameId, s.seat);
  }

  /**
   * Delivers every waiting notice that is due (after quiet hours, digest batching). The scheduler
   * calls it. `stop` aborted (the process shutting down): no further user's notices are taken, and
   * the rest wait for the next process. Before, the round went on past the shutdown's grace, after
   * the client was destroyed: each remaining user's notices were taken, their sends failed at once,
   * and they were closed as failed, never sent.
   */
  async due(now: number, members?: Membership, stop?: AbortSignal): Promise<void> {
    for (const u of this.store.notices.usersDue(now)) {
      if (stop?.aborted) return;
      try {
        await this.serial(u, () => this.flush(u, now, members, stop));
      } catch (err) {
        this.o.log?.error({ err, userId: u }, 'notice delivery failed');
      }
    }
  }

  /** The earliest moment a waiting notice is due (null: none). */
  nextDue(): number | null {
    return this.store.notices.nextDue();
  }

  /**
   * A DM speaks the user's own language: the locale of their last /notify, else the one their seat
   * view speaks (/prefs; a seat view in DMs is part of the same conversation), else the table's.
   */
  private lang(gameId: string, p: UserPrefs): Lang {
    const own = p.locale ?? this.store.seatChannels.place(p.userId).lang;
    return langOf(own ?? this.store.games.get(gameId)?.locale ?? null, this.o.defaultLang ?? 'vi');
  }

  /**
   * Delivers a user's due notices while this process holds their lease (NoticeStore.lease): shards
   * sharing one database never both send the same DM. Another holder's turn: left to it (its
   * lease runs out within a minute if it died).
   */
  private async flush(userId: string, now: number, members?: Membership, stop?: AbortSignal): Promise<void> {
    // Stopped while it waited for this user's previous delivery: left to the next process.
    if (stop?.aborted) return;
    if (!this.store.notices.lease(userId, this.holder, LEASE_MS)) return;
    try {
      await this.flushLeased(userId, now, members, stop);
    } finally {
      this.store.notices.release(userId, this.holder);
    }
  }

  private async flushLeased(userId: string, now: number, members?: Membership, stop?: AbortSignal): Promise<void> {
    const p = this.store.prefs.get(userId);
    let waiting = this.store.notices.waiting(userId);
    if (!waiting.length) return;
    if (p.dmsClosed || !Object.values(p.notify).some(Boolean)) return this.store.notices.dropAll(userId, 'dropped', now);
    // A kind turned off since a notice of it was recorded (held through quiet hours): not sent. A
    // secret opening choice's notice is a 'claim' that turn notices cover too, as when recorded: so
    // the table says whether the window is one (a claim window's notice is not, whatever turn says).
    const wanted = (n: NoticeRow) =>
      wantsKind(p, n.kind, n.kind === 'claim' && p.notify.turn && !p.notify.claim && this.opening(n, userId));
    const off = waiting.filter((n) => !wanted(n));
    if (off.length) {
      this.store.notices.close(
        off.map((n) => n.id),
        'dropped',
        now,
      );
      waiting = waiting.filter(wanted);
      if (!waiting.length) return;
    }
    const quiet = quietUntil(p, now);
    if (quiet !== null) {
      this.store.notices.postpone(
        waiting.filter((n) => n.dueAt < quiet).map((n) => n.id),
        quiet,
      );
      return;
    }
    const due = waiting.filter((n) => n.dueAt <= now);
    if (!due.length) return;

    // Move notices: the newest per table, and only while it is still the user's move of that kind.
    const moves = due.filter((n) => isMove(n.kind));
    const newest = new Map<string, NoticeRow>();
    for (const n of moves) if (!newest.has(n.gameId) || newest.get(n.gameId)!.id < n.id) newest.set(n.gameId, n);
    const stale: number[] = moves.filter((n) => newest.get(n.gameId) !== n).map((n) => n.id);
    const live: { n: NoticeRow; s: TableSummary }[] = [];
    for (const n of newest.values()) {
      const [s] = summaries(this.table, [n.gameId], userId);
      if (s && s.status === 'running' && s.mine === n.kind) live.push({ n, s });
      else stale.push(n.id);
    }
    this.store.notices.close(stale, 'dropped', now);

    if (live.length) {
      const waitingTables = summaries(
        this.table,
        this.store.listing.userTablesAnywhere(userId).map((g) => g.id),
        userId,
      ).filter((s) => this.digestLists(userId, p, s, now));
      if (waitingTables.length > p.digestOver) {
        const every = this.o.digestEveryMs ?? DIGEST_EVERY_MS;
        // A last digest stamped ahead of `now` (the host clock stepped back) holds nothing, or it
        // would hold every notice until the clock caught up, hours later (as `playingNow`).
        if (p.lastDigestAt !== null && now - p.lastDigestAt >= 0 && now - p.lastDigestAt < every) {
          this.store.notices.postpone(
            live.map((x) => x.n.id),
            p.lastDigestAt + every,
          );
        } else {
          // The hour between digests counts from one that went out.
          const r = await this.sendClaimed(
            userId,
            live.map((x) => x.n),
            () => this.digest(waitingTables, p),
            now,
            members,
            stop,
            'digest',
          );
          if (r === 'sent') this.store.prefs.markDigest(userId, now);
          if (r === 'stopped') return;
        }
      } else {
        for (const x of live) {
          const r = await this.sendClaimed(userId, [x.n], () => this.moveNotice(x.s, x.n.kind as 'turn' | 'claim', p), now, members, stop);
          if (r === 'stopped') return;
        }
      }
    }
    for (const n of due.filter((x) => !isMove(x.kind))) {
      const r = await this.sendClaimed(userId, [n], () => this.eventNotice(n, p), now, members, stop);
      if (r === 'stopped') return;
    }
  }

  /**
   * Sends one DM for the notices `notices`, once this process has taken them (NoticeStore.claim: none
   * is sent twice, even by two shards whose rounds overlap); `sent` is the outcome recorded on success.
   * Shutting down (`stop` aborted, or the client destroyed under the send: 'stopped'), the notices
   * are left, or given back, waiting: the next process sends them.
   */
  private async sendClaimed(
    userId: string,
    notices: readonly NoticeRow[],
    payload: () => DmPayload,
    now: number,
    members: Membership | undefined,
    stop: AbortSignal | undefined,
    sent = 'sent',
  ): Promise<'sent' | 'failed' | 'closed' | 'gone' | 'stopped' | null> {
    if (stop?.aborted) return 'stopped';
    // Built before the notices are taken: one that cannot be built leaves them waiting, not lost as 'sending'.
    const dm = payload();
    const mine = this.store.notices.claim(
      notices.map((n) => n.id),
      now,
    );
    if (!mine.length) return null;
    const sentAs = await this.send(userId, dm);
    if (sentAs === 'stopped') {
      // Waiting again, as before the claim, so the next process (or another shard) sends them; the
      // user's lease is given back right after (`flush`).
      this.store.notices.unclaim(mine);
      this.o.log?.info({ userId }, 'shutting down: a DM notice waits for the next process');
      return 'stopped';
    }
    const r = sentAs === 'closed' ? await this.refused(userId, notices, members) : sentAs;
    this.store.notices.settle(mine, r === 'sent' ? sent : r);
    if (r === 'closed') this.closed(userId, now);
    return r;
  }

  /**
   * Why Discord refused a DM with 50007: the user's DMs are closed, or they share no server with the
   * bot (kicked, banned, or they left: Discord answers both alike). Each server of the notices' tables
   * is asked (members.ts, a fresh yes answers from its cache): one they are still on means closed DMs
   * ('closed', the notices switched off). A server they are no longer on is theirs no more: they leave
   * its tables at the next housekeeping round (`gone`, as after a DM click), and their notice settings
   * and DM state stay as they are, for their other servers and for when they come back: before, a
   * kicked member's notices were switched off everywhere and their next ephemeral reply said that
   * their DMs were closed. One Discord could not tell about ('failed') changes nothing: the next
   * refused DM asks again. Without `members` (tests, the CLI) every 50007 is closed DMs.
   */
  private async refused(
    userId: string,
    notices: readonly NoticeRow[],
    members: Membership | undefined,
  ): Promise<'closed' | 'gone' | 'failed'> {
    // Claim notices alone (a secret opening choice's is one too) ask nothing: only seats that may
    // claim get them, so a claimant found gone, and leaving in public at the next housekeeping round,
    // would tell that their seat could claim (#13 §2; scheduler.ts asks at turns only). Taken as
    // closed DMs then, as before the question existed.
    if (!members || notices.every((n) => n.kind === 'claim')) return 'closed';
    const guilds = new Set<string>();
    for (const n of notices) {
      if (n.kind === 'claim') continue;
      const g = this.store.games.get(n.gameId)?.guildId;
      if (g) guilds.add(g);
    }
    if (!guilds.size) return 'closed';
    let member = false;
    let left = 0;
    for (const g of guilds) {
      const yes = await members.isMember(g, userId).catch(() => null);
      if (yes === true) member = true;
      else if (yes === false) {
        left++;
        members.gone(g, userId);
        this.o.log?.info({ userId, guildId: g }, 'a DM notice was refused (50007): the user is no longer a member of the server');
      }
    }
    if (member) return 'closed';
    return left === guilds.size ? 'gone' : 'failed';
  }

  /** DMs closed (50007): every notice off, the user told once in their next ephemeral reply, nothing retried. */
  private closed(userId: string, now: number): void {
    this.store.prefs.markDmsClosed(userId);
    this.store.notices.dropAll(userId, 'closed', now);
    this.o.log?.info({ userId }, 'DMs closed: notices switched off');
  }

  private linkButton(label: string, url: string | null): ButtonBuilder[] {
    return url ? [new ButtonBuilder().setStyle(ButtonStyle.Link).setURL(url).setLabel(cut(label, 80))] : [];
  }

  /**
   * Which table a notice is about: its id and its server. A DM is where the tables of all a user's
   * servers meet (README "Seat channels"), and two tables of one game read alike but for the link.
   */
  private where(t: T, gameId: string, guildId: string | null): string {
    const server = guildId ? this.o.serverName?.(guildId) : undefined;
    return [`#${gameId}`, ...(server ? [t('seatch:server', { server: plainName(server) })] : [])].join(' · ');
  }

  private moveNotice(s: TableSummary, kind: 'turn' | 'claim', p: UserPrefs): DmPayload {
    const lang = this.lang(s.gameId, p);
    const t = translator(lang);
    const url = jumpUrl(s.guildId, s.threadId);
    const game = t(`${s.game}:name`);
    const lines = [
      // A secret opening choice is a window (timers.ts windowKind) but, to its holder, their move.
      t(kind === 'turn' || s.opening ? 'async:dm.turn' : 'async:dm.claim', { game, n: s.hand + 1 }),
      this.where(t, s.gameId, s.guildId),
      ...(s.deadline !== null ? [t('async:games.deadline', { when: relTime(s.deadline) })] : []),
      ...(url ? [url] : []),
    ];
    return {
      content: lines.join('\n'),
      components: [
        row(
          button(encodeGameId({ gameId: s.gameId, ver: 0, verb: 'hand' }), t('common:button.open-hand'), ButtonStyle.Primary),
          ...this.linkButton(t('async:dm.go'), url),
        ),
      ],
      allowedMentions: { parse: [] },
    };
  }

  private eventNotice(n: NoticeRow, p: UserPrefs): DmPayload {
    const g = this.store.games.get(n.gameId);
    const lang = this.lang(n.gameId, p);
    const t = translator(lang);
    const url = g ? jumpUrl(g.guildId, g.threadId) : null;
    const game = g ? t(`${g.game}:name`) : n.gameId;
    const key = n.kind === 'result' ? 'async:dm.result' : n.kind === 'match' ? 'async:dm.match' : 'async:dm.start';
    // A hand's result: what it was worth to them ("You: −4 × bet"), so the DM says it without the image.
    const mine = n.kind === 'result' && g ? this.store.results.handsOf(n.gameId, n.hand).find((x) => x.userId === p.userId) : undefined;
    const worth = mine && g ? t('async:dm.result-mine', { delta: signedIn(t, g.game, mine.unit, mine.points, lang) }) : null;
    return {
      content: [
        t(key, { game, n: n.hand + 1 }),
        this.where(t, n.gameId, g?.guildId ?? null),
        ...(worth ? [worth] : []),
        ...(url ? [url] : []),
      ].join('\n'),
      components: url ? [row(...this.linkButton(t('async:dm.go'), url))] : [],
      allowedMentions: { parse: [] },
    };
  }

  private digest(list: TableSummary[], p: UserPrefs): DmPayload {
    const lang = this.lang(list[0]!.gameId, p);
    const t = translator(lang);
    const shown = list.slice(0, 10);
    const lines = [
      t('async:dm.digest', { count: list.length }),
      ...shown.map((s, k) => {
        const url = jumpUrl(s.guildId, s.threadId);
        const what = t(s.mine === 'claim' && !s.opening ? 'async:games.your-claim' : 'async:games.your-turn');
        const when = s.deadline !== null ? ` · ${t('async:games.deadline', { when: relTime(s.deadline) })}` : '';
        const hand = t('common:table.hand', { n: s.hand + 1 });
        return `${k + 1}. **${t(`${s.game}:name`)}** ${this.where(t, s.gameId, s.guildId)} · ${hand} · ${what}${when}${url ? ` · ${url}` : ''}`;
      }),
      ...(list.length > shown.length ? [t('async:dm.digest-more', { count: list.length - shown.length })] : []),
    ];
    const bs = shown.map((s, k) =>
      button(encodeGameId({ gameId: s.gameId, ver: 0, verb: 'hand' }), `${k + 1}. ${t('common:button.open-hand')}`, ButtonStyle.Primary),
    );
    const rows: Row[] = [];
    for (let k = 0; k < bs.length; k += 5) rows.push(row(...bs.slice(k, k + 5)));
    return { content: cut(lines.join('\n'), 2000), components: rows, allowedMentions: { parse: [] } };
  }
}
