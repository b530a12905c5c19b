/**
 * Deadlines and reminders from the timers table, each handled by the table layer (`act`). One timeout handle for the earliest due moment
 * (re-armed whenever timers change, and at least once a minute). On start it picks up the timers
 * that were persisted before a restart, with their remaining time.
 */
import type { BotContext, GameLocks } from './context.js';
import { run } from './effects.js';
import type { TimerRow } from '../store/timers.js';
import { shardScope } from '../ops/shard.js';

const MAX_SLEEP = 60_000;

export class Scheduler {
  private handle: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;
  private waking: NodeJS.Immediate | null = null;

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
    // Each shard process fires only its own guilds' timers (src/ops/shard.ts).
    const next = this.ctx.store.timers.nextDue(shardScope(this.ctx.client));
    const delay = next === null ? MAX_SLEEP : Math.max(0, Math.min(MAX_SLEEP, next - this.ctx.clock.now()));
    this.handle = setTimeout(() => void this.tick(), delay);
    this.handle.unref?.();
  }

  /** Process every due reminder and deadline now. Tests call it after moving the clock. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      const now = this.ctx.clock.now();
      const scope = shardScope(this.ctx.client);
      for (const r of this.ctx.store.timers.remindersDue(now, scope)) await this.locks.run(r.gameId, () => this.remind(r));
      for (const d of this.ctx.store.timers.due(now, scope)) await this.locks.run(d.gameId, () => this.expire(d));
      await this.ctx.notifier?.due(now);
    } catch (e) {
      this.ctx.log.error({ err: e }, 'timer tick failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.arm();
    }
  }

  private async remind(r: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'remind', gameId: r.gameId, seat: r.seat });
  }

  private async expire(timer: TimerRow): Promise<void> {
    await run(this.ctx, { kind: 'timeout', gameId: timer.gameId, seat: timer.seat, timerKind: timer.kind });
  }
}
