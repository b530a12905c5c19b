/**
 * A crash between posting a reminder and recording its message id: the step's outbox still holds the
 * reminder, and the restart executes it again. Discord's `enforce_nonce` gives back the first message
 * only within a few minutes: a bot down longer posted a second reminder, and the first, whose id was
 * never recorded, was never deleted (the thread kept two, then one for good), against the README's
 * "the thread keeps at most one per waiting decision". Now a reminder executed again looks for itself
 * in the thread's recent messages first, and one found is recorded instead of posted again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openHand, openTable, pendingNow, playAsAi, playAsAiUntil, withWorld, type World } from './harness.js';
import { chanTwoClaimantSeed, claimPass, claimSeats } from './seeded.js';
import { crashAfterReminderPost } from './crash-reminder.js';

const MIN = 60_000;
const H = 60 * MIN;

/** The bot is down for 10 minutes (past Discord's few minutes of enforce_nonce), then restarts. */
async function downAndRestart(w: World): Promise<void> {
  w.now.t += 10 * MIN;
  w.sim.clock.advance(10 * MIN);
  await w.restartBot();
  await w.bot.whenIdle();
}

test('a turn reminder cut off by a crash before its id was recorded: one in the thread after the restart, none once the turn is over', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /time is running out/.test(w.sim.text(m)));
    crashAfterReminderPost(w);
    w.now.t = w.store.timers.forGame(gameId)[0]!.remindAt! + 1;
    await w.bot.scheduler.tick();
    await w.bot.whenIdle();
    assert.equal(reminders().length, 1, 'the reminder was posted');
    assert.deepEqual(w.store.games.get(gameId)!.reminders, [], 'its id was not recorded');
    await downAndRestart(w);
    assert.equal(reminders().length, 1, 'one reminder in the thread after the restart');
    assert.deepEqual(
      w.store.games.get(gameId)!.reminders.map((r) => r.id),
      [reminders()[0]!.id],
      'the one posted before the crash, recorded now',
    );
    assert.deepEqual(w.store.games.get(gameId)!.outbox, [], 'the outbox is done');
    // The turn is played: every reminder of it goes.
    const seat = pendingNow(w, gameId)[0]!.seat;
    const user = w.store.games.seats(gameId)[seat]!.userId!;
    for (let k = 0; k < 4 && pendingNow(w, gameId)[0]!.seat === seat; k++) await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.equal(reminders().length, 0, 'no reminder left once the turn is over');
  });
});

test('a claim window reminder cut off by a crash before its id was recorded: one in the thread, none once the window closes', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'chan', 4, 0, {}, { seed: chanTwoClaimantSeed() });
      await playAsAiUntil(w, gameId, () => claimSeats(w, gameId).length >= 2, 300);
      const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /still waiting for claims/.test(w.sim.text(m)));
      crashAfterReminderPost(w);
      w.now.t += 12 * H + MIN;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      assert.equal(reminders().length, 1, 'the reminder was posted');
      await downAndRestart(w);
      assert.equal(reminders().length, 1, 'one reminder in the thread after the restart');
      // Both claimants pass: the window closes, its reminder goes.
      for (const seat of claimSeats(w, gameId)) await claimPass(w, gameId, seat);
      assert.equal(reminders().length, 0, 'no reminder left once the window is over');
    },
    { users: 4 },
  );
});
