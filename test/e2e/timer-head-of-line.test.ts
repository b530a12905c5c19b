/**
 * One table whose Discord requests are slow no longer holds up every other table's deadline. The
 * scheduler fired due timers one at a time and awaited each step's Discord effects (table edit, ping,
 * seat views) before the next: table B's live deadline was played only after table A's slow requests
 * were done. Now the due timers of up to FIRE_CONCURRENCY games fire at once (scheduler.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, withWorld } from './harness.js';

const SLOW_MS = 2_000;

test("a slow Discord route at one table does not delay another table's deadline by its latency", async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 1, 3, { timer: 'live' });
    const b = await openTable(w, 'phom', 1, 3, { timer: 'live' });
    const [ta] = w.store.timers.forGame(a.gameId);
    const [tb] = w.store.timers.forGame(b.gameId);
    // A's deadline comes first, B's one second later; both are overdue at the next round.
    w.store.timers.set(a.gameId, [{ ...ta!, deadline: w.now.t + 60_000, remindAt: null }]);
    w.store.timers.set(b.gameId, [{ ...tb!, deadline: w.now.t + 61_000, remindAt: null }]);
    const bVersion = w.store.games.get(b.gameId)!.version;
    const aVersion = w.store.games.get(a.gameId)!.version;
    // Discord answers A's thread slowly (a regional incident on that channel's route).
    w.sim.faults.slow({ route: new RegExp(`/channels/${a.threadId}/`), delayMs: SLOW_MS, times: 2 });
    await w.bot.scheduler.idle();
    w.now.t += 62_000;
    const t0 = Date.now();
    const round = w.bot.scheduler.tick();
    let bAt: number | null = null;
    while (Date.now() - t0 < 10_000) {
      if (w.store.games.get(b.gameId)!.version > bVersion) {
        bAt = Date.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 10));
    }
    await round;
    await w.bot.scheduler.idle();
    await w.bot.whenIdle();
    w.sim.faults.clear();
    assert.ok(w.store.games.get(a.gameId)!.version > aVersion, "A's deadline was played");
    assert.ok(bAt !== null, "B's deadline was played");
    assert.ok(bAt < SLOW_MS * 0.75, `B's overdue deadline was played ${bAt} ms into the round, behind A's slow requests`);
  });
});
