/**
 * A crash between posting a turn reminder and recording its id, and a restart once that reminder's
 * decision is over (after its deadline; on a live table a restart of ~20 s is enough): the restart's
 * sync drops the stale reminder, and deletes the copy the crash left in the thread (effects.ts, found
 * by `postedBefore`); before, the orphan "time is running out" stayed there for good (sweepReminders
 * knows only recorded ids).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, withWorld } from './harness.js';
import { crashAfterReminderPost } from './crash-reminder.js';

const MIN = 60_000;

// A live table is back within Discord's nonce window (20 s past the deadline), an async one well past it.
for (const c of [
  { timer: 'live', back: 20_000, waits: [1000, 5000], what: '20 s after its deadline (live table, within the nonce window)' },
  { timer: 'async', back: 10 * MIN, waits: [MIN, 10 * MIN], what: '10 minutes after its deadline (async table)' },
]) {
  test(`a reminder cut off by a crash, the bot back ${c.what}: no orphan reminder left in the thread`, async () => {
    await withWorld(async (w) => {
      const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: c.timer });
      const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /time is running out/.test(w.sim.text(m)));
      const t0 = w.store.timers.forGame(gameId)[0]!;
      crashAfterReminderPost(w);
      w.now.t = t0.remindAt! + 1;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      assert.equal(reminders().length, 1, 'the reminder was posted');
      assert.deepEqual(w.store.games.get(gameId)!.reminders, [], 'its id was not recorded');
      // Down until past the deadline.
      const down = t0.deadline - w.now.t + c.back;
      w.now.t += down;
      w.sim.clock.advance(down);
      await w.restartBot();
      await w.bot.whenIdle();
      for (const ms of c.waits) await later(w, ms);
      assert.notEqual(w.store.timers.forGame(gameId)[0]?.version, t0.version, 'the reminded decision is over (timed out)');
      assert.equal(
        reminders().length,
        0,
        `no "time is running out" left for a decision that is over (${reminders().map((m) => w.sim.text(m))})`,
      );
    });
  });
}
