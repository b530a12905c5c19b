/**
 * Deadlines and reminders from the timers table, each handled by the table layer (`act`). One timeout handle for the earliest due moment
 * (re-armed whenever timers change, and at least once a minute). On start it picks up the timers
 * that were persisted before a restart, with their remaining time.
 *
 * A round fires the due timers of up to `FIRE_CONCURRENCY` games at once, each game's in order
 * under its lock: a step awaits its Discord requests, and one table's slow or hung route must not
 * hold up every other table's deadline. The DM notices due (notifier.ts `due`) go out beside the
 * round, not in it: a slow DM holds up no deadline either.
 *
 * A timer whose step fails (an exception out of `run`) is logged and tried again `RETRY_MS` later;
 * the other due timers fire meanwhile. (Re-armed at once, a failing timer would spin: it stays due.)
 * Every `HOUSEKEEPING_MS` a round also tidies up (housekeeping.ts: idle lobbies, old notices, DM channels),
 * and asks whether a few of the people the AI plays for are still members (`askAbsent`).
 *
 * Those two intervals are kept as moments of `ctx.clock`; one more than its interval ahead was set
 * before the host clock stepped back (NTP correcting a fast clock, a VM resumed) and counts as come:
 * else a step back of hours stalled housekeeping, and a failed timer's retry, for as many hours.
 */
import type { BotContext, GameLocks } from './context.js';
import { membership, run } from './effects.js';
import type { TimerRow } from '../store/timers.js';
import { shardScope } from '../ops/shard.js';
import { noteStorageError } from '../store/health.js';
import { housekeeping, HOUSEKEEPING_MS } from './housekeeping.js';
import { noteGone } from './members.js';
import { absentSeated } from '../store/guilds.js';
import type { ShardScope } from '../store/shards.js';

const MAX_SLEEP = 60_000;
/** A timer whose step failed is tried again after this long. */
export const RETRY_MS = 60_000;
/**
 * At most this many games' due timers a round fires at once. Enough that a table whose Discord
 * route hangs (discord.js waits 15 s a try) leaves the others' deadlines on time; few, so that a
 * restart's catch-up of thousands of deadlines does not start them all together (the global pacer,
 * the render pool and the event loop's time slices pace what they send and draw in any case).
 */
export const FIRE_CONCURRENCY = 4;
/**
 * At most this many membership questions a round put to Discord (`askIfMember`). One a fresh answer
 * kept (members.ts `MemberCheck`) settles costs no request, and does not count.
 */
export const MAX_ASKS = 20;
/** At most this many a housekeeping round about the people the AI plays for (`askAbsent`), counted alike. */
export const MAX_ABSENT_ASKS = 10;

/**
 * Membership questions put in a round: who was asked or found in the cache (a person once a round,
 * `guild:user`; shared by the round's deadlines and its housekeeping), and how many of at most `max`
 * went to Discord.
 */
interface Asks {
  who: Set<string>;
  requests: number;
  max: number;
}
const asks = (max: number, who = new Set<string>()): Asks => ({ who, requests: 0, max });

type Firing = 'remind' | 'expire';
/** One due firing of a round. */
interface Due {
  what: Firing;
  r: TimerRow;
}
/** The moment a firing came due (a held pass: its moment if sooner than the deadline). */
const dueAt = ({ what, r }: Due): number => (what === 'remind' ? r.remindAt! : Math.min(r.deadline, r.heldUntil ?? r.deadline));
/** One firing of one timer: a timer set again (a new deadline or reminder) is a new one. */
const firingKey = (what: Firing, r: TimerRow): string =>
  `${what}:${r.gameId}:${r.seat}:${r.kind}:${r.version}:${what === 'remind' ? r.remindAt : r.deadline}`;

/**
 * Whether a failed firing still waits for its retry at `now`. A retry moment more than `RETRY_MS`
 * ahead was set before the host clock stepped back: it is due, not hours later.
 */
const waitsFor = (retryAt: number | undefined, now: number): boolean => retryAt !== undefined && retryAt > now && retryAt - now <= RETRY_MS;

export class Scheduler {
  private handle: NodeJS.Timeout | null = null;
  private running = false;
  /** The timer round in progress (shutdown waits for it). */
  private round: Promise<void> | null = null;
  /** The delivery of due DM notices a round started, while it runs (one at a time; shutdown waits for it). */
  private notices: Promise<void> | null = null;
  private stopped = false;
  /**
   * Aborted by `stop`: the notice delivery in progress takes no further user (notifier.ts `due`).
   * Shutdown waits for it only `STOP_GRACE_MS` (app.ts) before it destroys the client: a round
   * that went on past that (many digests when quiet hours end, a 429's wait) took every remaining
   * user's notices and closed them as failed, their sends refused by the destroyed client.
   */
  private halt = new AbortController();
  private waking: NodeJS.Immediate | null = null;
  /** Firings that failed, with the moment they are tried again. */
  private failed = new Map<string, number>();
  /** When the next housekeeping is due (housekeeping.ts). */
  private housekeepingAt = 0;
  /** Membership questions asked at deadlines and turn reminders, not yet answered (`askIfMember`). */
  private readonly asking = new Set<Promise<void>>();
  /** When each person the AI plays for was last asked about, or found a member by the cache (`askAbsent`). */
  private readonly absentAsked = new Map<string, number>();

  constructor(
    private readonly ctx: BotContext,
    private readonly locks: GameLocks,
  ) {}

  start(): void {
    this.stopped = false;
    if (this.halt.signal.aborted) this.halt = new AbortController();
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    this.halt.abort();
    if (this.waking) clearImmediate(this.waking);
    this.waking = null;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }

  /**
   * Re-arm after timers changed. Every step that touches a timer wakes the scheduler, and finding the
   * earliest due moment is a query over all live timers: the wakes of one turn of the event loop
   * (many tables' steps under load) share one query, and a round in progress (whose own steps wake
   * it, thousands of times in a restart's catch-up) re-arms once, when it is over.
   */
  wake(): void {
    if (this.stopped || this.waking) return;
    this.waking = setImmediate(() => {
      this.waking = null;
      if (!this.stopped && !this.running) this.arm();
    });
  }

  private arm(): void {
    if (this.handle) clearTimeout(this.handle);
    const now = this.ctx.clock.now();
    let next: number | null;
    try {
      next = this.nextWake(now);
    } catch (e) {
      this.ctx.log.error({ err: e }, 'cannot read the timers');
      next = now + RETRY_MS;
    }
    const delay = next === null ? MAX_SLEEP : Math.max(0, Math.min(MAX_SLEEP, next - now));
    this.handle = setTimeout(() => void this.tick(), delay);
    this.handle.unref?.();
  }

  /** The earliest moment something is due, not counting the firings that wait for their retry. */
  private nextWake(now: number): number | null {
    const timers = this.ctx.store.timers;
    // Each shard process fires only its own guilds' timers (src/ops/shard.ts).
    const scope = shardScope(this.ctx.client);
    let next = timers.nextDue(scope);
    if (next === null || next > now || !this.failed.size) return next;
    // Something is due now, perhaps only firings that failed: then the wake-up is their retry or the
    // next timer to come. The due moments are walked in order, each with the rows due by then, until
    // one row does not wait: the rows of the moments passed all wait, so each read holds a few rows
    // (the failed ones and that moment's), not every due row (thousands in a restart's catch-up, read
    // again at every re-arm).
    const waits = (what: Firing, r: TimerRow) => waitsFor(this.failed.get(firingKey(what, r)), now);
    while (next !== null && next <= now) {
      if (timers.remindersDue(next, scope).some((r) => !waits('remind', r)) || timers.due(next, scope).some((d) => !waits('expire', d)))
        return now;
      next = timers.nextDue(scope, next);
    }
    const retries = [...this.failed.values()].filter((at) => waitsFor(at, now));
    const retry = retries.length ? Math.min(...retries) : now;
    return next === null ? retry : Math.min(next, retry);
  }

  /**
   * Resolves once the timer round in progress, if any, is over, and the DM notices and membership
   * questions it started.
   */
  async idle(): Promise<void> {
    await this.round?.catch(() => undefined);
    await this.notices;
    await this.asked();
  }

  /** Resolves once the membership questions asked so far are answered (each within `MEMBER_ASK_MS`). */
  private async asked(): Promise<void> {
    while (this.asking.size) await Promise.all([...this.asking]);
  }

  /**
   * Process every due reminder and deadline now. Tests call it after moving the clock: it resolves
   * once the round is over and the DM notices it started went out (the next round waits only for
   * the former).
   */
  tick(): Promise<void> {
    if (this.running) return Promise.resolve();
    const round = this.tickOnce();
    this.round = round;
    return round.then(() => this.notices ?? undefined);
  }

  /**
   * Delivers the DM notices due (after quiet hours, a digest's hour) beside the round: a DM that
   * takes long (a slow route, discord.js's retries) holds up no deadline. One delivery at a time: a
   * round that comes while one runs leaves them to it, or to the next round. Once stopped, it ends
   * after the user under way: the others' notices wait for the next process.
   */
  private dueNotices(now: number): void {
    const notifier = this.ctx.notifier;
    if (!notifier || this.notices) return;
    const halt = this.halt.signal;
    const p = (async () => {
      try {
        await notifier.due(now, membership(this.ctx), halt);
      } catch (e) {
        noteStorageError(e);
        this.ctx.log.error({ err: e }, 'due notices failed');
      }
    })();
    this.notices = p;
    void p.then(() => {
      if (this.notices === p) this.notices = null;
    });
  }

  private async tickOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = this.ctx.clock.now();
      const scope = shardScope(this.ctx.client);
      this.dueNotices(now);
      const seen = new Set<string>();
      const timers = this.ctx.store.timers;
      const asked = asks(MAX_ASKS);
      await this.fire(
        [
          ...timers.remindersDue(now, scope).map((r): Due => ({ what: 'remind', r })),
          ...timers.due(now, scope).map((r): Due => ({ what: 'expire', r })),
        ],
        now,
        seen,
        asked,
      );
      // A failed firing whose timer is no longer due (the game moved on, or was paused) is forgotten.
      for (const key of this.failed.keys()) if (!seen.has(key)) this.failed.delete(key);
      // A moment more than HOUSEKEEPING_MS ahead was set before the host clock stepped back: due now.
      if (now >= this.housekeepingAt || this.housekeepingAt - now > HOUSEKEEPING_MS) {
        this.housekeepingAt = now + HOUSEKEEPING_MS;
        try {
          await housekeeping(this.ctx, this.locks, now, scope);
        } finally {
          this.askAbsent(now, scope, asked.who);
        }
      }
    } catch (e) {
      this.ctx.log.error({ err: e }, 'timer tick failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.arm();
    }
  }

  /**
   * The round's due firings: each game's in order (its reminders, then its deadlines, as they came
   * due), in the game's lock; up to `FIRE_CONCURRENCY` games at once, the game due longest first.
   * One that fails is logged and waits `RETRY_MS`, the others still fire. Once the scheduler is
   * stopped no further firing starts (those under way finish: shutdown waits for the round).
   */
  private async fire(due: Due[], now: number, seen: Set<string>, asked: Asks): Promise<void> {
    for (const d of due) seen.add(firingKey(d.what, d.r));
    const games = new Map<string, Due[]>();
    for (const d of due) {
      const g = games.get(d.r.gameId);
      if (g) g.push(d);
      else games.set(d.r.gameId, [d]);
    }
    const first = new Map([...games.values()].map((g) => [g, Math.min(...g.map(dueAt))]));
    const queue = [...games.values()].sort((a, b) => first.get(a)! - first.get(b)!);
    let taken = 0;
    const worker = async (): Promise<void> => {
      while (taken < queue.length) {
        for (const d of queue[taken++]!) {
          if (this.stopped) return; // shutting down: the next process fires the rest
          await this.fireOne(d, now, asked);
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(FIRE_CONCURRENCY, queue.length) }, worker));
  }

  /** One firing in its game's lock, unless it waits for its retry; never throws. */
  private async fireOne({ what, r }: Due, now: number, asked: Asks): Promise<void> {
    const key = firingKey(what, r);
    if (waitsFor(this.failed.get(key), now)) return;
    this.askIfMember(r, asked);
    try {
      await this.locks.run(r.gameId, () => (what === 'remind' ? this.remind(r) : this.expire(r)));
      this.failed.delete(key);
    } catch (e) {
      noteStorageError(e);
      this.failed.set(key, now + RETRY_MS);
      this.ctx.log.error({ err: e, gameId: r.gameId, seat: r.seat, timer: what }, `timer failed; retried in ${RETRY_MS / 1000} s`);
    }
  }

  /**
   * A person whose deadline ran out may have been kicked from the game's server, or left it: no event
   * tells the bot (no GuildMembers intent; members.ts), and one who never clicks from their DMs would
   * keep the seat, timing out turn after turn. Likewise a person whose turn reminder comes due: at a
   * table without deadlines none of theirs ever runs out, and a kicked member was reminded (mentioned)
   * every day for good, the seat never passing on (the others could only vote). So Discord is asked
   * (a yes is remembered for minutes), alongside the round, outside the game's lock; one who is no
   * member leaves their tables at the next housekeeping round (`noteGone`), as after a DM click. Once
   * per person per round, at most `MAX_ASKS` requests a round (after a restart, with the answers'
   * cache empty, many deadlines may be overdue at once: the others are asked at a later deadline or
   * reminder of theirs; a person the cache answers costs no request and does not count). Turn timers
   * only: a turn is public (its reminder is posted), while who held a claim or a secret opening choice
   * is not (#13 §2), and a "no longer a member" notice right after a claim window's deadline or
   * reminder would say who did.
   *
   * The round does not wait for the answers (Discord may take seconds: the other deadlines fire
   * meanwhile; an answer that comes after the next housekeeping is applied at the one after), and a
   * question that cannot be asked (a game row that cannot be read) is logged and changes nothing of
   * the round: the deadline or reminder fires as before.
   */
  private askIfMember(r: TimerRow, asked: Asks): void {
    if (r.kind !== 'turn' || !this.ctx.members || asked.requests >= asked.max) return;
    try {
      const guildId = this.ctx.store.games.get(r.gameId)?.guildId;
      const seat = guildId ? this.ctx.store.games.seats(r.gameId)[r.seat] : undefined;
      if (!guildId || !seat?.userId || seat.isAi) return;
      this.ask(guildId, seat.userId, asked);
    } catch (e) {
      noteStorageError(e);
      this.ctx.log.warn({ err: e, gameId: r.gameId, seat: r.seat }, 'cannot ask whether a player is still a member');
    }
  }

  /**
   * The housekeeping round: people whose seats the AI plays for them (they are /away, or the AI took
   * the seat over) have no deadline that runs out, so `askIfMember` never asks about them, and a
   * kicked one kept their seats (a host, End match) for good. Each round asks about those asked
   * longest ago, at most `MAX_ABSENT_ASKS` requests (a fresh answer in the cache costs none), as
   * `askIfMember` does: not awaited, one who is no member leaves their tables at the next round
   * (`noteGone`), the host passing on as for any leaver. The round comes every `HOUSEKEEPING_MS`
   * whatever the tables do, and a seat that passes to the AI keeps an open claim waiting (seating.ts
   * `memberGone`): the question tells nothing about anyone's hidden decisions (#13 §2).
   */
  private askAbsent(now: number, scope: ShardScope | null, who: Set<string>): void {
    if (!this.ctx.members || this.stopped) return;
    let people: { guildId: string; userId: string }[];
    try {
      people = absentSeated(this.ctx.store.db, now, scope);
    } catch (e) {
      noteStorageError(e);
      this.ctx.log.warn({ err: e }, 'cannot read who the AI plays for, to ask whether they are still members');
      return;
    }
    const keyOf = (p: { guildId: string; userId: string }) => `${p.guildId}:${p.userId}`;
    // Those no longer played for are forgotten: the map holds only people seated now.
    const seatedNow = new Set(people.map(keyOf));
    for (const k of this.absentAsked.keys()) if (!seatedNow.has(k)) this.absentAsked.delete(k);
    const last = (p: { guildId: string; userId: string }) => this.absentAsked.get(keyOf(p)) ?? 0;
    const round = asks(MAX_ABSENT_ASKS, who);
    // Never asked (after a restart: everyone) ties: in a random order, so a process restarting more
    // often than the rounds it takes to ask them all still reaches each of them in time.
    const order = [...people];
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const p of order.sort((a, b) => last(a) - last(b))) {
      if (round.requests >= round.max) break;
      if (this.ask(p.guildId, p.userId, round)) this.absentAsked.set(keyOf(p), now);
    }
  }

  /**
   * Asks Discord whether `userId` is still a member of server `guildId`, not awaited (`idle` waits);
   * a no: they leave their tables at the next housekeeping round (`noteGone`). Once a person a round;
   * a fresh yes the cache keeps settles it without a request; else only while the round has requests
   * left. True: settled (asked, or known).
   */
  private ask(guildId: string, userId: string, round: Asks): boolean {
    const members = this.ctx.members;
    const key = `${guildId}:${userId}`;
    if (!members || round.who.has(key)) return false;
    // `knows` is optional here: a stand-in with `isMember` alone (tests) is asked every time.
    if (members.knows?.(guildId, userId)) {
      round.who.add(key);
      return true;
    }
    if (round.requests >= round.max) return false;
    round.who.add(key);
    round.requests++;
    const q = members.isMember(guildId, userId).then(
      (yes) => {
        if (yes === false) noteGone(this.ctx, guildId, userId);
      },
      (e: unknown) => this.ctx.log.warn({ err: e, guildId, userId }, 'cannot ask whether a player is still a member'),
    );
    this.asking.add(q);
    void q.finally(() => this.asking.delete(q));
    return true;
  }

  private async remind(r: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'remind', gameId: r.gameId, seat: r.seat });
  }

  private async expire(timer: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'timeout', gameId: timer.gameId, seat: timer.seat, timerKind: timer.kind, deadline: timer.deadline });
  }
}
