/**
 * A reminder Discord refused for what the bot may do in the thread (a moderator took Send Messages in
 * Threads away for a while: 50013). The step had counted it as sent (its timer's reminder cleared) and
 * only logged the refusal: the player was never reminded, although a ping refused so is kept and posted
 * once the permission is back (ping-refused.test.ts). Now a reminder is kept the same way: posted by a
 * sync (the housekeeping round, a restart), never by the game's next step (a claimant's hidden pass
 * would be told by it, #13 §2), and dropped once its decision is over.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, pendingNow, playAsAi, playAsAiUntil, withWorld, type World } from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';
import { chanTwoClaimantSeed, claimPass, claimSeats } from './seeded.js';

const MIN = 60_000;
const H = 60 * MIN;
const outboxKinds = (w: World, gameId: string) => w.store.games.get(gameId)!.outbox.map((e) => (e as { kind: string }).kind);
const turnReminders = (w: World, threadId: string) =>
  w.sim.allMessages(threadId, { deleted: true }).filter((m) => /time is running out/.test(w.sim.text(m)));

/** An async Phỏm table whose first turn reminder comes due while the bot may not post in the thread. */
async function refusedTurnReminder(w: World) {
  const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
  const t0 = w.store.timers.forGame(gameId)[0]!;
  w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
  w.now.t = t0.remindAt! + 1;
  await w.bot.scheduler.tick();
  await w.bot.whenIdle();
  return { gameId, threadId, t0 };
}

test('a turn reminder refused for a lost permission goes out once the permission is back, before the deadline', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, t0 } = await refusedTurnReminder(w);
    assert.equal(turnReminders(w, threadId).length, 0, 'refused');
    assert.deepEqual(outboxKinds(w, gameId), ['remind'], 'kept to post again');
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    // Housekeeping rounds for the next 5 hours (the deadline is 6 h after the reminder).
    for (let k = 0; k < 30; k++) await later(w, 10 * MIN);
    const posted = turnReminders(w, threadId);
    assert.equal(posted.length, 1, 'posted once the permission is back, once');
    assert.ok(w.now.t < t0.deadline, 'before the deadline');
    assert.deepEqual(outboxKinds(w, gameId), [], 'no longer owed');
    assert.deepEqual(
      w.store.games.get(gameId)!.reminders.map((r) => r.id),
      [posted[0]!.id],
      'recorded: deleted once the turn is over',
    );
  });
});

test('a refused turn reminder whose turn is played meanwhile is dropped, never posted', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId, t0 } = await refusedTurnReminder(w);
    assert.deepEqual(outboxKinds(w, gameId), ['remind']);
    // The player moves (their turn may take two decisions: a draw, then a discard).
    const user = w.store.games.seats(gameId)[t0.seat]!.userId!;
    for (let k = 0; k < 4 && pendingNow(w, gameId)[0]!.seat === t0.seat; k++)
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.ok(!outboxKinds(w, gameId).includes('remind'), `the reminder of a move made is dropped: ${outboxKinds(w, gameId)}`);
    w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
    for (let k = 0; k < 6; k++) await later(w, 10 * MIN);
    assert.equal(turnReminders(w, threadId).length, 0, 'no "time is running out" for a move already made');
  });
});

test('a claim window reminder left in the outbox goes out with a sync, not with a claimant’s hidden pass', async () => {
  await withWorld(
    async (w) => {
      // Chắn without deadlines, a window with two claimants (deadline-off-claims.test.ts).
      const { gameId, threadId } = await openTable(w, 'chan', 4, 0, {}, { seed: chanTwoClaimantSeed() });
      await playAsAiUntil(w, gameId, () => claimSeats(w, gameId).length >= 2, 300);
      const [c1, c2] = claimSeats(w, gameId) as [number, number];
      const claimReminders = () =>
        w.sim.allMessages(threadId, { deleted: true }).filter((m) => /still waiting for claims/.test(w.sim.text(m)));
      // Its first reminder (12 h) is refused: kept. (As a crash after the step's commit would leave
      // it: the outbox is not cleared, whatever the refusal does.)
      const games = w.store.games as unknown as { clearOutbox: (id: string, executed: unknown[]) => void };
      const clear = games.clearOutbox.bind(games);
      games.clearOutbox = () => undefined;
      w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
      w.now.t += 12 * H + MIN;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      games.clearOutbox = clear;
      assert.equal(claimReminders().length, 0, 'refused');
      assert.deepEqual(outboxKinds(w, gameId), ['remind-claims'], 'kept to post again');
      w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
      // A claimant passes: hidden (the window stays open for the other). A reminder posted at that
      // moment would tell the table that someone answered.
      const before = w.sim.allMessages(threadId, { deleted: true }).filter((m) => !m.ephemeralTo).length;
      await claimPass(w, gameId, c1);
      assert.deepEqual(claimSeats(w, gameId), [c2]);
      assert.equal(claimReminders().length, 0, 'the pass posts no reminder');
      assert.equal(
        w.sim.allMessages(threadId, { deleted: true }).filter((m) => !m.ephemeralTo).length,
        before,
        'nothing public follows the pass',
      );
      assert.deepEqual(outboxKinds(w, gameId), ['remind-claims'], 'still owed');
      // The housekeeping round (its own clock) posts it.
      await later(w, 10 * MIN);
      assert.equal(claimReminders().length, 1, 'posted by the housekeeping round, once');
      assert.deepEqual(outboxKinds(w, gameId), []);
    },
    { users: 4 },
  );
});
