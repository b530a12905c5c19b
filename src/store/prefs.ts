/**
 * Per-user preferences for playing over days (issue #14, migration 9): which DM notices a user wants
 * (all off by default), their time zone and quiet hours, the digest threshold, the "DMs closed" flag,
 * and away mode. Kept per Discord user, not per server (a DM is not a server's).
 */
import type { DB } from './db.js';
import { knownTimeZone } from '../config/time-zones.js';

export const NOTICE_KINDS = ['turn', 'claim', 'result', 'start'] as const;
export type NoticePref = (typeof NOTICE_KINDS)[number];

export interface UserPrefs {
  userId: string;
  notify: Record<NoticePref, boolean>;
  /** IANA time zone name; null = UTC. */
  timeZone: string | null;
  /** Quiet hours in local minutes after midnight [from, to); null = none. */
  quiet: { from: number; to: number } | null;
  /** More tables waiting than this: one digest instead of a DM per table. */
  digestOver: number;
  /** A DM failed with 50007 (DMs closed): DM notices were switched off. */
  dmsClosed: boolean;
  /** The user has not been told yet that their DM notices were switched off. */
  dmsClosedUntold: boolean;
  lastDigestAt: number | null;
  /** Away mode until this moment (ms); null = not away. */
  awayUntil: number | null;
  /** The Discord locale of the user's last /notify: DM notices speak it (null: the table's language). */
  locale: string | null;
  /** Their turn deadlines run this many times the table's (1, 2 or 3: /prefs). */
  turnTime: number;
  /** Mention them for their turns and claim windows even while their hand view is live (/prefs). */
  mentionAlways: boolean;
  /** Draw their hand large, in more rows, for a phone (/prefs; render/hand.ts `LARGE`). */
  largeHand: boolean;
  /** Their hand view names Phỏm cards in words, for a screen reader (/prefs; table/words.ts `saidAloud`). */
  cardsInWords: boolean;
}

/**
 * The on/off table settings of /prefs and their columns: mention me always (bot/seat-views.ts
 * `liveSeats`), large hand (render/hand.ts `LARGE`), cards in words (table/words.ts `saidAloud`).
 */
export const SWITCHES = { mention: 'mention_always', large: 'large_hand', words: 'cards_in_words' } as const;
export type PrefSwitch = keyof typeof SWITCHES;

/** What a user chose for every table they sit at (/prefs), as a table load reads it. */
export type SeatSettings = Pick<UserPrefs, 'turnTime' | 'mentionAlways' | 'largeHand' | 'cardsInWords'>;

/** The turn-time factors /prefs offers (1: the table's own). */
export const TURN_TIMES = [1, 2, 3] as const;

export const DEFAULT_DIGEST_OVER = 3;
const turnTimeOf = (v: number | null): number => ((TURN_TIMES as readonly number[]).includes(v ?? 1) ? (v ?? 1) : 1);

interface RawPrefs {
  user_id: string;
  notify_turn: number;
  notify_claim: number;
  notify_result: number;
  notify_start: number;
  time_zone: string | null;
  quiet_from: number | null;
  quiet_to: number | null;
  digest_over: number;
  dms_closed: number;
  dms_closed_told: number;
  last_digest_at: number | null;
  away_until: number | null;
  locale: string | null;
  turn_time: number | null;
  mention_always: number | null;
  large_hand: number | null;
  cards_in_words: number | null;
}

const COLUMN: Record<NoticePref, string> = {
  turn: 'notify_turn',
  claim: 'notify_claim',
  result: 'notify_result',
  start: 'notify_start',
};

function defaults(userId: string): UserPrefs {
  return {
    userId,
    notify: { turn: false, claim: false, result: false, start: false },
    timeZone: null,
    quiet: null,
    digestOver: DEFAULT_DIGEST_OVER,
    dmsClosed: false,
    dmsClosedUntold: false,
    lastDigestAt: null,
    awayUntil: null,
    locale: null,
    turnTime: 1,
    mentionAlways: false,
    largeHand: false,
    cardsInWords: false,
  };
}

function toPrefs(r: RawPrefs): UserPrefs {
  return {
    userId: r.user_id,
    notify: { turn: r.notify_turn === 1, claim: r.notify_claim === 1, result: r.notify_result === 1, start: r.notify_start === 1 },
    // A stored zone this runtime refuses (adopted from another shard whose runtime knew it:
    // adoptChoices; written by an older version) reads as UTC: every Intl call with it threw.
    timeZone: r.time_zone !== null && knownTimeZone(r.time_zone) ? r.time_zone : null,
    quiet: r.quiet_from !== null && r.quiet_to !== null ? { from: r.quiet_from, to: r.quiet_to } : null,
    digestOver: r.digest_over,
    dmsClosed: r.dms_closed === 1,
    dmsClosedUntold: r.dms_closed_told === 0,
    lastDigestAt: r.last_digest_at,
    awayUntil: r.away_until,
    locale: r.locale,
    turnTime: turnTimeOf(r.turn_time),
    mentionAlways: r.mention_always === 1,
    largeHand: r.large_hand === 1,
    cardsInWords: r.cards_in_words === 1,
  };
}

/**
 * Whether `tz` is an IANA time zone name (`Area/Location`, e.g. Asia/Ho_Chi_Minh) this runtime knows
 * (Intl). Bare abbreviations are refused although Intl takes some: each is one place, often not the
 * one meant (`BST` is Asia/Dhaka, not British Summer Time; `IST` India; `EST` a fixed UTC−5 without
 * daylight saving), so a UK player's quiet hours were hours off. UTC is set as "no time zone".
 */
export function isTimeZone(tz: string): boolean {
  return !!tz && tz.length <= 64 && tz.includes('/') && knownTimeZone(tz);
}

/** Local minutes after midnight of `now` in `tz` (UTC when null). */
export function localMinutes(now: number, tz: string | null): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: tz ?? 'UTC',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(now));
  const h = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const m = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return (h % 24) * 60 + m;
}

/** Whether local minute `m` lies in the quiet window [from, to) (which may wrap past midnight). */
export function inWindow(m: number, q: { from: number; to: number }): boolean {
  if (q.from === q.to) return false;
  return q.from < q.to ? m >= q.from && m < q.to : m >= q.from || m < q.to;
}

/** When the user's quiet hours end, if `now` is in them (else null). Minute precision. */
export function quietUntil(p: Pick<UserPrefs, 'quiet' | 'timeZone'>, now: number): number | null {
  if (!p.quiet) return null;
  const m = localMinutes(now, p.timeZone);
  if (!inWindow(m, p.quiet)) return null;
  const left = (p.quiet.to - m + 1440) % 1440;
  // The start of the current minute, plus the minutes left; a DST change inside the window moves the
  // local clock by its offset, so the end is corrected by what the clock reads then (spring forward:
  // 08:00 is reached an hour sooner than 8 h of minutes; fall back: an hour later).
  const end = now - (now % 60_000) + left * 60_000;
  const off = (localMinutes(end, p.timeZone) - p.quiet.to + 1440) % 1440;
  const at = off === 0 ? end : off < 720 ? end - off * 60_000 : end + (1440 - off) * 60_000;
  // An end that does not exist locally (02:30 on a night whose clocks jump from 02:00 to 03:00) gave a
  // moment still inside the window, or one already past: the first minute after the window instead.
  if (at > now && !inWindow(localMinutes(at, p.timeZone), p.quiet)) return at;
  let t = Math.max(at, now - (now % 60_000) + 60_000);
  for (let k = 0; k < 1440 && inWindow(localMinutes(t, p.timeZone), p.quiet); k++) t += 60_000;
  return t;
}

/** "23:00" → 1380; null when not HH:MM. */
export function parseClock(s: string): number | null {
  const m = /^\s*(\d{1,2})(?::(\d{2}))?\s*$/.exec(s);
  if (!m) return null;
  const h = Number(m[1]);
  const min = Number(m[2] ?? 0);
  if (h > 23 || min > 59) return null;
  return h * 60 + min;
}

export function formatClock(m: number): string {
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * The columns of `user_prefs` that are the user's own choices (/notify, /prefs, /away, the locale they
 * speak), as opposed to delivery state (DMs found closed, the last digest): what another shard's
 * database file is given when they change (bot/user-sync.ts).
 */
const CHOICES = [
  'notify_turn',
  'notify_claim',
  'notify_result',
  'notify_start',
  'time_zone',
  'quiet_from',
  'quiet_to',
  'digest_over',
  'away_until',
  'seat_place',
  'seat_lang',
  'locale',
  'turn_time',
  'mention_always',
  'large_hand',
  'cards_in_words',
] as const;
/**
 * A user's choices: those columns, and their claim preferences (`claim_prefs`, per game: /prefs) as one
 * sorted "game:pref,…" list, so two snapshots compare as values.
 */
export type UserChoices = Record<(typeof CHOICES)[number] | 'claim_prefs', string | number | null>;

export class PrefsStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  get(userId: string): UserPrefs {
    const r = this.db.prepare('SELECT * FROM user_prefs WHERE user_id = ?').get(userId) as RawPrefs | undefined;
    return r ? toPrefs(r) : defaults(userId);
  }

  /** The user's own choices as stored (null: never set anything). */
  choices(userId: string): UserChoices | null {
    const row = this.db.prepare(`SELECT ${CHOICES.join(', ')} FROM user_prefs WHERE user_id = ?`).get(userId) as
      Omit<UserChoices, 'claim_prefs'> | undefined;
    const claims = (
      this.db.prepare('SELECT game, pref FROM claim_prefs WHERE user_id = ? ORDER BY game, pref').all(userId) as {
        game: string;
        pref: string;
      }[]
    )
      .map((r) => `${r.game}:${r.pref}`)
      .join(',');
    if (!row && !claims) return null;
    return { ...(row ?? (Object.fromEntries(CHOICES.map((k) => [k, null])) as Omit<UserChoices, 'claim_prefs'>)), claim_prefs: claims };
  }

  /**
   * Stores choices made through another shard (its database file): only those given (what changed
   * there), so two changes made at once through two shards both hold. A notice kind turned on there
   * clears "DMs closed" here too, as setNotify does.
   */
  adoptChoices(userId: string, c: Partial<UserChoices>): void {
    this.db.transaction(() => {
      const cols: Record<string, unknown> = {};
      for (const k of CHOICES) if (k in c) cols[k] = c[k] ?? null;
      for (const k of ['notify_turn', 'notify_claim', 'notify_result', 'notify_start', 'digest_over', 'seat_place'] as const)
        if (k in cols && cols[k] === null) delete cols[k];
      const on = ['notify_turn', 'notify_claim', 'notify_result', 'notify_start'].some((k) => cols[k] === 1);
      if (Object.keys(cols).length) this.set(userId, { ...cols, ...(on ? { dms_closed: 0, dms_closed_told: 1 } : {}) });
      if ('claim_prefs' in c) {
        this.db.prepare('DELETE FROM claim_prefs WHERE user_id = ?').run(userId);
        const ins = this.db.prepare('INSERT INTO claim_prefs (user_id, game, pref, updated_at) VALUES (?, ?, ?, ?)');
        for (const gp of String(c.claim_prefs ?? '')
          .split(',')
          .filter(Boolean)) {
          const i = gp.indexOf(':');
          ins.run(userId, gp.slice(0, i), gp.slice(i + 1), this.now());
        }
      }
    })();
  }

  /** Remembers the locale the user speaks to the bot in (their DM notices use it). */
  setLocale(userId: string, locale: string): void {
    if (this.get(userId).locale !== locale) this.set(userId, { locale });
  }

  private ensure(userId: string): void {
    this.db.prepare('INSERT INTO user_prefs (user_id, updated_at) VALUES (?, ?) ON CONFLICT(user_id) DO NOTHING').run(userId, this.now());
  }

  private set(userId: string, cols: Record<string, unknown>): void {
    this.db.transaction(() => {
      this.ensure(userId);
      const keys = Object.keys(cols);
      this.db
        .prepare(`UPDATE user_prefs SET ${keys.map((k) => `${k} = @${k}`).join(', ')}, updated_at = @t WHERE user_id = @u`)
        .run({ ...cols, t: this.now(), u: userId });
    })();
  }

  /** The user's turn-time factor (TURN_TIMES; 1 = the table's deadlines). */
  setTurnTime(userId: string, factor: number): void {
    this.set(userId, { turn_time: factor === 1 ? null : turnTimeOf(factor) });
  }

  /** Turns one of the on/off table settings of /prefs on or off (`SWITCHES`). */
  setSwitch(userId: string, which: PrefSwitch, on: boolean): void {
    this.set(userId, { [SWITCHES[which]]: on ? 1 : null });
  }

  /**
   * The table settings these users chose (one query for a table's people): a turn-time factor above
   * 1, mention-always, the large hand and cards in words. Users with none of them are left out.
   */
  seatSettings(userIds: readonly string[]): Map<string, SeatSettings> {
    const out = new Map<string, SeatSettings>();
    if (!userIds.length) return out;
    const rows = this.db
      .prepare(
        `SELECT * FROM user_prefs
          WHERE (turn_time > 1 OR ${Object.values(SWITCHES)
            .map((c) => `${c} = 1`)
            .join(' OR ')})
            AND user_id IN (${userIds.map(() => '?').join(',')})`,
      )
      .all(...userIds) as RawPrefs[];
    for (const r of rows) {
      const { turnTime, mentionAlways, largeHand, cardsInWords } = toPrefs(r);
      // A turn time out of range reads as the table's own (turnTimeOf).
      if (turnTime > 1 || mentionAlways || largeHand || cardsInWords)
        out.set(r.user_id, { turnTime, mentionAlways, largeHand, cardsInWords });
    }
    return out;
  }

  /** Turns one kind of DM notice on or off. Turning any on clears the "DMs closed" state. */
  setNotify(userId: string, kind: NoticePref, on: boolean): void {
    this.set(userId, { [COLUMN[kind]]: on ? 1 : 0, ...(on ? { dms_closed: 0, dms_closed_told: 1 } : {}) });
  }

  /** Sets the time zone (must be valid: see isTimeZone) or clears it (UTC). */
  setTimeZone(userId: string, tz: string | null): void {
    if (tz !== null && !isTimeZone(tz)) throw new Error(`unknown time zone ${tz}`);
    this.set(userId, { time_zone: tz });
  }

  setQuiet(userId: string, q: { from: number; to: number } | null): void {
    this.set(userId, { quiet_from: q?.from ?? null, quiet_to: q?.to ?? null });
  }

  setDigestOver(userId: string, n: number): void {
    this.set(userId, { digest_over: Math.max(1, Math.min(25, Math.floor(n))) });
  }

  /** A DM failed with 50007: every DM notice off, and the user is told once (takeDmsClosedNotice). */
  markDmsClosed(userId: string): void {
    this.set(userId, { notify_turn: 0, notify_claim: 0, notify_result: 0, notify_start: 0, dms_closed: 1, dms_closed_told: 0 });
  }

  /** True exactly once after DMs were found closed: the caller says so in its ephemeral reply. */
  takeDmsClosedNotice(userId: string): boolean {
    const r = this.db.prepare('UPDATE user_prefs SET dms_closed_told = 1 WHERE user_id = ? AND dms_closed_told = 0').run(userId);
    return r.changes === 1;
  }

  markDigest(userId: string, at: number): void {
    this.set(userId, { last_digest_at: at });
  }

  /** Away mode until `until` (ms), or off (null). */
  setAway(userId: string, until: number | null): void {
    this.set(userId, { away_until: until });
  }

  /** Whether the user is away at `now`. */
  isAway(userId: string, now: number): boolean {
    const r = this.db.prepare('SELECT away_until FROM user_prefs WHERE user_id = ?').get(userId) as
      { away_until: number | null } | undefined;
    return !!r && r.away_until !== null && r.away_until > now;
  }

  /** Users away at `now`, with the moment their away mode ends. */
  awayUsers(now: number): { userId: string; until: number }[] {
    return (
      this.db
        .prepare('SELECT user_id, away_until FROM user_prefs WHERE away_until IS NOT NULL AND away_until > ? ORDER BY user_id')
        .all(now) as {
        user_id: string;
        away_until: number;
      }[]
    ).map((r) => ({ userId: r.user_id, until: r.away_until }));
  }

  /** Users with any DM notice on (the notifier checks only these). */
  wantsAny(userIds: readonly string[]): Set<string> {
    if (!userIds.length) return new Set();
    const rows = this.db
      .prepare(
        `SELECT user_id FROM user_prefs WHERE user_id IN (${userIds.map(() => '?').join(',')})
           AND (notify_turn = 1 OR notify_claim = 1 OR notify_result = 1 OR notify_start = 1)`,
      )
      .all(...userIds) as { user_id: string }[];
    return new Set(rows.map((r) => r.user_id));
  }
}

export type NoticeKind = 'turn' | 'claim' | 'result' | 'match' | 'start';

export interface NoticeRow {
  id: number;
  userId: string;
  gameId: string;
  kind: NoticeKind;
  version: number;
  hand: number;
  dueAt: number;
  sentAt: number | null;
  outcome: string | null;
  /** The resume (its moment) this notice was recorded or made to wait again for (migration 32); null: neither. */
  armedFor: number | null;
}

interface RawNotice {
  id: number;
  user_id: string;
  game_id: string;
  kind: NoticeKind;
  version: number;
  hand: number;
  due_at: number;
  sent_at: number | null;
  outcome: string | null;
  armed_for: number | null;
}

const toNotice = (r: RawNotice): NoticeRow => ({
  id: r.id,
  userId: r.user_id,
  gameId: r.game_id,
  kind: r.kind,
  version: r.version,
  hand: r.hand,
  dueAt: r.due_at,
  sentAt: r.sent_at,
  outcome: r.outcome,
  armedFor: r.armed_for ?? null,
});

/** DM notices: recorded once per (user, table, kind, version); waiting ones are delivered by a due check. */
export class NoticeStore {
  constructor(
    private readonly db: DB,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Takes the right to deliver `userId`'s notices for `ms` as `holder` (one process): false while
   * another holder's lease runs. One statement, so two processes on one database cannot both win.
   */
  lease(userId: string, holder: string, ms: number): boolean {
    const now = this.now();
    const r = this.db
      .prepare(
        `INSERT INTO notice_leases (user_id, holder, until) VALUES (?, ?, ?)
         ON CONFLICT(user_id) DO UPDATE SET holder = excluded.holder, until = excluded.until
         WHERE notice_leases.until <= ? OR notice_leases.holder = excluded.holder`,
      )
      .run(userId, holder, now + ms, now);
    return r.changes === 1;
  }

  /** Gives a lease back (only the holder's own). */
  release(userId: string, holder: string): void {
    this.db.prepare('DELETE FROM notice_leases WHERE user_id = ? AND holder = ?').run(userId, holder);
  }

  /**
   * Records a notice to deliver at `dueAt`; false when this one was already recorded (never twice).
   * `armedFor`: the resume whose ping records it (see `rearm`).
   */
  add(n: { userId: string; gameId: string; kind: NoticeKind; version: number; hand: number; dueAt: number; armedFor?: number }): boolean {
    const r = this.db
      .prepare(
        `INSERT INTO notices (user_id, game_id, kind, version, hand, due_at, created_at, armed_for) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT(user_id, game_id, kind, version) DO NOTHING`,
      )
      .run(n.userId, n.gameId, n.kind, n.version, n.hand, n.dueAt, this.now(), n.armedFor ?? null);
    return r.changes === 1;
  }

  /**
   * Makes a closed notice wait again, due at `dueAt`, for the resume at `since` (a resumed table pings
   * again at the same version); false when nothing changed. Left alone:
   * - one already recorded or made to wait for this very resume (`armed_for`, migration 32): its
   *   effects executed again after a restart send nothing twice, whatever the host clock did since;
   * - one closed after the resume, by a delivery round that found the table running again (it was
   *   still waiting at the resume: that was the resume's DM). Told by `sent_at` in [since, now]; a
   *   close stamped after `now` was made before the host clock stepped back (a DM from before the
   *   pause, stamped ahead): sent again, as one stamped before `since`.
   */
  rearm(n: { userId: string; gameId: string; kind: NoticeKind; version: number; since: number; now: number; dueAt: number }): boolean {
    const r = this.db
      .prepare(
        `UPDATE notices SET sent_at = NULL, outcome = NULL, due_at = @dueAt, armed_for = @since
         WHERE user_id = @userId AND game_id = @gameId AND kind = @kind AND version = @version AND sent_at IS NOT NULL
           AND armed_for IS NOT @since AND (sent_at < @since OR sent_at > @now)`,
      )
      .run({ dueAt: n.dueAt, since: n.since, now: n.now, userId: n.userId, gameId: n.gameId, kind: n.kind, version: n.version });
    return r.changes === 1;
  }

  /** Waiting notices of a user (due or not), oldest first. */
  waiting(userId: string): NoticeRow[] {
    return (this.db.prepare('SELECT * FROM notices WHERE user_id = ? AND sent_at IS NULL ORDER BY id').all(userId) as RawNotice[]).map(
      toNotice,
    );
  }

  /** Users with a waiting notice due at `now`. */
  usersDue(now: number): string[] {
    return (
      this.db.prepare('SELECT DISTINCT user_id FROM notices WHERE sent_at IS NULL AND due_at <= ? ORDER BY user_id').all(now) as {
        user_id: string;
      }[]
    ).map((r) => r.user_id);
  }

  /** The earliest waiting notice's due moment, or null. */
  nextDue(): number | null {
    return (this.db.prepare('SELECT MIN(due_at) AS t FROM notices WHERE sent_at IS NULL').get() as { t: number | null }).t;
  }

  /** Moves waiting notices to a later moment (quiet hours, digest batching). */
  postpone(ids: readonly number[], dueAt: number): void {
    const st = this.db.prepare('UPDATE notices SET due_at = ? WHERE id = ? AND sent_at IS NULL');
    this.db.transaction(() => ids.forEach((id) => st.run(dueAt, id)))();
  }

  /**
   * Marks notices done (sent, digest, dropped, closed, failed): never tried again. Recorded at the
   * clock's time if later than `at` (a delivery round's start): `rearm` tells by it a notice a round
   * closed after a resume from one closed before.
   */
  close(ids: readonly number[], outcome: string, at: number): void {
    const when = Math.max(at, this.now());
    const st = this.db.prepare('UPDATE notices SET sent_at = ?, outcome = ? WHERE id = ? AND sent_at IS NULL');
    this.db.transaction(() => ids.forEach((id) => st.run(when, outcome, id)))();
  }

  /**
   * Takes waiting notices for one send: each is marked done (outcome 'sending') before the DM goes
   * out, so another process sharing the database never sends it too, even when a send outlasts the
   * user's lease (discord.js's retries, the rate limiter's queue). Returns the ids this call took
   * (another holder may have taken some first). A crash during the send loses that DM rather than
   * sending it twice: at most one DM per notice.
   */
  claim(ids: readonly number[], at: number): number[] {
    const when = Math.max(at, this.now());
    const st = this.db.prepare("UPDATE notices SET sent_at = ?, outcome = 'sending' WHERE id = ? AND sent_at IS NULL");
    return this.db.transaction(() => ids.filter((id) => st.run(when, id).changes === 1))();
  }

  /** Records how the send of claimed notices ended (sent, digest, failed, closed). */
  settle(ids: readonly number[], outcome: string): void {
    const st = this.db.prepare("UPDATE notices SET outcome = ? WHERE id = ? AND outcome = 'sending'");
    this.db.transaction(() => ids.forEach((id) => st.run(outcome, id)))();
  }

  /** Gives claimed notices back, waiting again (a send the shutting-down process never made: notifier.ts). */
  unclaim(ids: readonly number[]): void {
    const st = this.db.prepare("UPDATE notices SET sent_at = NULL, outcome = NULL WHERE id = ? AND outcome = 'sending'");
    this.db.transaction(() => ids.forEach((id) => st.run(id)))();
  }

  /** Drops every waiting notice of a user (their DMs are closed). */
  dropAll(userId: string, outcome: string, at: number): void {
    this.db
      .prepare('UPDATE notices SET sent_at = ?, outcome = ? WHERE user_id = ? AND sent_at IS NULL')
      .run(Math.max(at, this.now()), outcome, userId);
  }

  all(userId: string): NoticeRow[] {
    return (this.db.prepare('SELECT * FROM notices WHERE user_id = ? ORDER BY id').all(userId) as RawNotice[]).map(toNotice);
  }

  /**
   * Deletes the notices done before `before` (sent, dropped, closed…) of games that are over
   * (finished or cancelled) with nothing left in their outbox, at most `limit` rows; how many it
   * deleted. A row only keeps the same notice from going out twice when a step's effects run again
   * (a restart's outbox), and an ended game with an empty outbox runs none; without this the table
   * grew by a row per DM for ever (src/bot/housekeeping.ts).
   */
  pruneDone(before: number, limit = 5_000): number {
    return this.db
      .prepare(
        `DELETE FROM notices WHERE id IN (
           SELECT n.id FROM notices n JOIN games g ON g.id = n.game_id
            WHERE n.sent_at IS NOT NULL AND n.sent_at < ? AND g.status IN ('finished', 'cancelled') AND g.outbox = '[]'
            LIMIT ?)`,
      )
      .run(before, limit).changes;
  }
}
