/**
 * Deadlines and reminders from the timers table, each handled by the table layer (`act`). One timeout handle for the earliest due moment
 * (re-armed whenever timers change, and at least once a minute). On start it picks up the timers
 * that were persisted before a restart, with their remaining time.
 *
 * A timer whose step fails (an exception out of `run`) is logged and tried again `RETRY_MS` later;
 * the other due timers fire meanwhile. (Re-armed at once, a failing timer would spin: it stays due.)
 * Every `HOUSEKEEPING_MS` a round also tidies up (housekeeping.ts: idle lobbies, old notices, DM channels).
 */
import type { BotContext, GameLocks } from './context.js';
import { run } from './effects.js';
import type { TimerRow } from '../store/timers.js';
import { shardScope } from '../ops/shard.js';
import { noteStorageError } from '../store/health.js';
import { housekeeping, HOUSEKEEPING_MS } from './housekeeping.js';
import { noteGone } from './members.js';

const MAX_SLEEP = 60_000;
/** A timer whose step failed is tried again after this long. */
export const RETRY_MS = 60_000;
/** At most this many membership questions a round (`askIfMember`). */
export const MAX_ASKS = 20;

type Firing = 'remind' | 'expire';
/** One firing of one timer: a timer set again (a new deadline or reminder) is a new one. */
const firingKey = (what: Firing, r: TimerRow): string =>
  `${what}:${r.gameId}:${r.seat}:${r.kind}:${r.version}:${what === 'remind' ? r.remindAt : r.deadline}`;

export class Scheduler {
  private handle: NodeJS.Timeout | null = null;
  private running = false;
  /** The timer round in progress (shutdown waits for it). */
  private round: Promise<void> | null = null;
  private stopped = false;
  private waking: NodeJS.Immediate | null = null;
  /** Firings that failed, with the moment they are tried again. */
  private failed = new Map<string, number>();
  /** When the next housekeeping is due (housekeeping.ts). */
  private housekeepingAt = 0;
  /** Membership questions asked at deadlines and not yet answered (`askIfMember`). */
  private readonly asking = new Set<Promise<void>>();

  constructor(
    private readonly ctx: BotContext,
    private readonly locks: GameLocks,
  ) {}

  start(): void {
    this.stopped = false;
    this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.waking) clearImmediate(this.waking);
    this.waking = null;
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }

  /**
   * Re-arm after timers changed. Every step that touches a timer wakes the scheduler, and finding the
   * earliest due moment is a query over all live timers: the wakes of one turn of the event loop
   * (many tables' steps under load) share one query.
   */
  wake(): void {
    if (this.stopped || this.waking) return;
    this.waking = setImmediate(() => {
      this.waking = null;
      if (!this.stopped) this.arm();
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
    const next = timers.nextDue(scope);
    if (next === null || next > now || !this.failed.size) return next;
    // Something is due now, perhaps only firings that failed: then the wake-up is their retry or the next timer to come.
    const waits = (what: Firing, r: TimerRow) => (this.failed.get(firingKey(what, r)) ?? now) > now;
    if (timers.remindersDue(now, scope).some((r) => !waits('remind', r)) || timers.due(now, scope).some((d) => !waits('expire', d)))
      return now;
    const later = timers.nextDue(scope, now);
    const retry = Math.min(...this.failed.values());
    return later === null ? retry : Math.min(later, retry);
  }

  /** Resolves once the timer round in progress, if any, is over, and the membership questions it asked. */
  async idle(): Promise<void> {
    await this.round?.catch(() => undefined);
    await this.asked();
  }

  /** Resolves once the membership questions asked so far are answered (each within `MEMBER_ASK_MS`). */
  private async asked(): Promise<void> {
    while (this.asking.size) await Promise.all([...this.asking]);
  }

  /** Process every due reminder and deadline now. Tests call it after moving the clock. */
  tick(): Promise<void> {
    if (this.running) return Promise.resolve();
    const round = this.tickOnce();
    this.round = round;
    return round;
  }

  private async tickOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = this.ctx.clock.now();
      const scope = shardScope(this.ctx.client);
      const seen = new Set<string>();
      await this.fire('remind', this.ctx.store.timers.remindersDue(now, scope), now, seen);
      await this.fire('expire', this.ctx.store.timers.due(now, scope), now, seen, new Set());
      // A failed firing whose timer is no longer due (the game moved on, or was paused) is forgotten.
      for (const key of this.failed.keys()) if (!seen.has(key)) this.failed.delete(key);
      await this.ctx.notifier?.due(now).catch((e: unknown) => {
        noteStorageError(e);
        this.ctx.log.error({ err: e }, 'due notices failed');
      });
      if (now >= this.housekeepingAt) {
        this.housekeepingAt = now + HOUSEKEEPING_MS;
        await housekeeping(this.ctx, this.locks, now, scope);
      }
    } catch (e) {
      this.ctx.log.error({ err: e }, 'timer tick failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.arm();
    }
  }

  /** Each due timer in its game's lock; one that fails is logged and waits `RETRY_MS`, the others still fire. */
  private async fire(what: Firing, rows: TimerRow[], now: number, seen: Set<string>, asked?: Set<string>): Promise<void> {
    for (const r of rows) {
      if (this.stopped) return; // shutting down: the next process fires the rest
      const key = firingKey(what, r);
      seen.add(key);
      if ((this.failed.get(key) ?? now) > now) continue;
      if (asked) this.askIfMember(r, asked);
      try {
        await this.locks.run(r.gameId, () => (what === 'remind' ? this.remind(r) : this.expire(r)));
        this.failed.delete(key);
      } catch (e) {
        noteStorageError(e);
        this.failed.set(key, now + RETRY_MS);
        this.ctx.log.error({ err: e, gameId: r.gameId, seat: r.seat, timer: what }, `timer failed; retried in ${RETRY_MS / 1000} s`);
      }
    }
  }

  /**
   * A person whose deadline ran out may have been kicked from the game's server, or left it: no event
   * tells the bot (no GuildMembers intent; members.ts), and one who never clicks from their DMs would
   * keep the seat, timing out turn after turn. So Discord is asked (a yes is remembered for minutes),
   * alongside the round, outside the game's lock; one who is no member leaves their tables at the next
   * housekeeping round (`noteGone`), as after a DM click. Once per person per round, at most
   * `MAX_ASKS` a round (after a restart, with the answers' cache empty, many deadlines may be
   * overdue at once: the others are asked at a later deadline of theirs). Turn deadlines only: a
   * turn is public, while who held a claim or a secret opening choice is not (#13 §2), and a "no
   * longer a member" notice right after a claim window's deadline would say who did.
   *
   * The round does not wait for the answers (Discord may take seconds: the other deadlines fire
   * meanwhile; an answer that comes after the next housekeeping is applied at the one after), and a
   * question that cannot be asked (a game row that cannot be read) is logged and changes nothing of
   * the round: the deadline fires as before.
   */
  private askIfMember(r: TimerRow, asked: Set<string>): void {
    const members = this.ctx.members;
    if (r.kind !== 'turn' || !members || asked.size >= MAX_ASKS) return;
    try {
      const guildId = this.ctx.store.games.get(r.gameId)?.guildId;
      const seat = guildId ? this.ctx.store.games.seats(r.gameId)[r.seat] : undefined;
      if (!guildId || !seat?.userId || seat.isAi) return;
      const userId = seat.userId;
      const key = `${guildId}:${userId}`;
      if (asked.has(key)) return;
      asked.add(key);
      const q = members.isMember(guildId, userId).then(
        (yes) => {
          if (yes === false) noteGone(this.ctx, guildId, userId);
        },
        (e: unknown) => this.ctx.log.warn({ err: e, guildId, userId }, 'cannot ask whether a player is still a member'),
      );
      this.asking.add(q);
      void q.finally(() => this.asking.delete(q));
    } catch (e) {
      noteStorageError(e);
      this.ctx.log.warn({ err: e, gameId: r.gameId, seat: r.seat }, 'cannot ask whether a player is still a member');
    }
  }

  private async remind(r: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'remind', gameId: r.gameId, seat: r.seat });
  }

  private async expire(timer: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'timeout', gameId: timer.gameId, seat: timer.seat, timerKind: timer.kind, deadline: timer.deadline });
  }
}
