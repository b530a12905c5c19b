/**
 * Time slices of the event loop for the bot's own work (issue #17: event-loop lag ≤ 20 ms at p99).
 *
 * Under load, many tables' steps become ready in the same turn of the event loop (a burst of clicks
 * arrives in one read of the gateway; render results and REST answers land together), and each runs
 * its synchronous part (a game load and commit, a seat view, a table view) before the loop can turn:
 * at 200 busy tables a turn took 25–190 ms, and everything else waited that long (the gateway's
 * heartbeat, the acknowledgement of the next click, the timers).
 *
 * `slice()` is awaited before each such part. While the current turn has used less than its budget
 * the part runs at once; past it, the part waits (first come, first served) for a later turn, after
 * the loop has run its timers and read its sockets, so acknowledgements, which never wait here, go
 * out first. Nothing is dropped or reordered within a table (its steps hold the game's lock).
 */

/**
 * The bot's work per turn of the event loop, ms, before further parts wait for a later turn. Parts
 * are whole (a game step, a seat view), so a turn may run a few ms past it. At 200 flooding tables
 * (2026-12-02): 6 ms gave lag p99 25 ms, 4 ms 21, 2 ms 18–20; 1 ms no better than 2.
 */
export const SLICE_BUDGET_MS = 2;

export class Slices {
  /** Start of the current turn's slice (performance.now()), or -1 when none is open. */
  private start = -1;
  private readonly waiting: (() => void)[] = [];
  private draining = false;

  constructor(
    private readonly budgetMs = SLICE_BUDGET_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Resolves when the part may run: in this turn while its budget lasts, else in a later one. The
   * budget is read between parts, after each has run (a burst of parts asking at once, before any
   * ran, does not all pass).
   */
  slice(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (this.draining) return;
      this.draining = true;
      if (this.start < 0 || this.now() - this.start < this.budgetMs) queueMicrotask(() => void this.drain(false));
      else setTimeout(() => void this.drain(true), 0);
    });
  }

  /** Parts waiting (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Runs waiting parts one after the other while the slice has budget; the rest in a later turn. */
  private async drain(newTurn: boolean): Promise<void> {
    if (newTurn || this.start < 0) {
      this.start = this.now();
      // The slice closes at this turn's check phase: the next turn's first part opens a new one.
      const opened = this.start;
      setImmediate(() => {
        if (this.start === opened) this.start = -1;
      });
    }
    while (this.waiting.length && this.now() - this.start < this.budgetMs) {
      this.waiting.shift()!();
      // The part runs its synchronous part in the microtask queued by its resolve, before this one.
      await Promise.resolve();
    }
    if (this.waiting.length) setTimeout(() => void this.drain(true), 0);
    else this.draining = false;
  }
}

/** The bot process's slices (one event loop). */
export const slices = new Slices();
