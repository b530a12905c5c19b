/**
 * Deadlines and reminders from the timers table. One timeout handle for the earliest due moment
 * (re-armed whenever timers change, and at least once a minute). On start it picks up the timers
 * that were persisted before a restart, with their remaining time.
 */
import type { BotContext, GameLocks } from './context.js';
import { labelOf, load, progress, publicLang } from './driver.js';
import { gameChannel, mention, relTime } from './messages.js';
import { translator } from './i18n.js';
import type { BaseAction, Decision } from '../games/core/types.js';
import type { TimerRow } from '../store/timers.js';

const MAX_SLEEP = 60_000;

export class Scheduler {
  private handle: NodeJS.Timeout | null = null;
  private running = false;
  private stopped = false;

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
    if (this.handle) clearTimeout(this.handle);
    this.handle = null;
  }

  /** Re-arm after timers changed. */
  wake(): void {
    if (!this.stopped) this.arm();
  }

  private arm(): void {
    if (this.handle) clearTimeout(this.handle);
    const next = this.ctx.store.timers.nextDue();
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
      for (const r of this.ctx.store.timers.remindersDue(now)) await this.locks.run(r.gameId, () => this.remind(r));
      for (const d of this.ctx.store.timers.due(now)) await this.locks.run(d.gameId, () => this.expire(d));
    } catch (e) {
      this.ctx.log.error({ err: e }, 'timer tick failed');
    } finally {
      this.running = false;
      if (!this.stopped) this.arm();
    }
  }

  private async remind(r: TimerRow): Promise<void> {
    this.ctx.store.timers.markReminded(r.gameId, r.seat);
    const L = load(this.ctx, r.gameId);
    if (!L || L.row.status !== 'running') return;
    const s = L.seats[r.seat];
    if (!s || s.isAi) return;
    const ch = await gameChannel(this.ctx, L.row.threadId);
    const t = translator(publicLang(this.ctx, L.row));
    await ch
      ?.send({
        content: t('common:ping.reminder', { who: mention(s.userId, s.displayName), when: relTime(r.deadline) }),
        allowedMentions: { users: s.userId ? [s.userId] : [] },
      })
      .catch(() => undefined);
  }

  private async expire(timer: TimerRow): Promise<void> {
    const L = load(this.ctx, timer.gameId);
    if (!L || L.row.status !== 'running') {
      this.ctx.store.timers.clear(timer.gameId, timer.seat);
      return;
    }
    const d = (L.engine.pending(L.state) as Decision<BaseAction>[]).find((p) => p.seat === timer.seat);
    if (!d || d.kind !== timer.kind) {
      this.ctx.store.timers.clear(timer.gameId, timer.seat);
      return;
    }
    const useAi = L.row.timeoutPolicy === 'ai';
    const action = useAi ? (L.engine.ai(L.state, timer.seat) as BaseAction) : d.timeoutDefault;
    const out = this.ctx.store.games.apply(L.row.id, L.row.version, timer.seat, action, 'timeout', null);
    this.ctx.store.timers.clear(timer.gameId, timer.seat);
    if (!out.ok) {
      this.ctx.log.error(
        { gameId: L.row.id, timer, reason: out.reason === 'rule' ? out.error.code : out.reason },
        'timeout action rejected',
      );
      return;
    }
    if (useAi) this.ctx.store.games.setSeatAi(L.row.id, timer.seat, true);
    const lang = publicLang(this.ctx, L.row);
    const t = translator(lang);
    const notice = t(useAi ? 'common:notice.timeout-ai' : 'common:notice.timeout', {
      who: L.names[timer.seat],
      what: labelOf(L, action, lang),
    });
    await progress(this.ctx, L.row.id, `⏰ ${notice}`);
  }
}
