/**
 * Reminders ("time is running out", "still waiting for claims") are deleted once what they remind of
 * is over, as a turn's ping is replaced; before, each stayed in the thread for good (bot/effects.ts
 * sweepReminders; their ids are kept with the game, so a restart between changes nothing).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, playAsAi, tableMessage, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** A live two-seat Phỏm table whose first turn was just reminded; `reminders()`: those shown in its thread. */
async function remindedTable(w: World) {
  const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
  const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /time is running out/.test(w.sim.text(m)));
  w.now.t = w.store.timers.forGame(gameId)[0]!.remindAt! + 1;
  await w.bot.scheduler.tick();
  await w.bot.whenIdle();
  assert.equal(reminders().length, 1, 'a reminder');
  return { gameId, reminders };
}

test("a turn's reminder is deleted once the seat has moved; it stays while the seat still has its turn", async () => {
  await withWorld(async (w) => {
    const { gameId, reminders } = await remindedTable(w);
    const row = w.store.games.get(gameId)!;
    const seat = (engineOf('phom').pending(w.store.games.state(row)) as Decision<BaseAction>[])[0]!.seat;
    const user = w.store.games.seats(gameId)[seat]!.userId!;
    // Phỏm: draw (or eat), then discard; the reminder stays while the turn is the seat's.
    for (let k = 0; k < 4; k++) {
      const d = (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
      if (d.seat !== seat) break;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
      const now = (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0];
      assert.equal(reminders().length, now?.seat === seat ? 1 : 0, now?.seat === seat ? 'kept during the turn' : 'deleted after it');
    }
    assert.equal(reminders().length, 0);
  });
});

test('a paused table deletes the reminder of a deadline it froze; one of a decision without deadline stays (its vote buttons serve after the resume)', async () => {
  await withWorld(async (w) => {
    const { gameId, reminders } = await remindedTable(w);
    const table = tableMessage(w, gameId);
    for (const u of w.users.slice(0, 2))
      await click(w, u.id, table.id, buttonByLabel(w.sim, tableMessage(w, gameId), /Pause/).custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    // "time is running out (in 30 s)" read "2 hours ago" beside "Paused"; the resume reminds anew.
    assert.equal(reminders().length, 0, 'the frozen deadline’s reminder is deleted');
    assert.deepEqual(w.store.games.get(gameId)!.reminders, []);
  });
  await withWorld(
    async (w) => {
      // Chắn without a deadline (decision-timeout-s 0): reminded after 12 h, it waits with no moment named.
      const { gameId, threadId } = await openTable(w, 'chan', 4, 0, { timer: 'live' });
      const waiting = () =>
        w.sim.allMessages(threadId).filter((m) => !m.deleted && /the table is waiting for your move/.test(w.sim.text(m)));
      w.now.t += 13 * 3_600_000;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      assert.equal(waiting().length, 1, 'reminded');
      for (const u of w.users)
        if (w.store.games.get(gameId)!.status === 'running')
          await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), /Pause/).custom_id as string);
      assert.equal(w.store.games.get(gameId)!.status, 'paused');
      assert.equal(waiting().length, 1, 'kept while paused');
    },
    { users: 4 },
  );
});

test('a reminder posted before a restart is still deleted once its turn is over', async () => {
  await withWorld(async (w) => {
    const { gameId, reminders } = await remindedTable(w);
    await w.restartBot();
    assert.equal(reminders().length, 1, 'the reminder is up after the restart');
    const pending = () => (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
    const seat = pending().seat;
    const user = w.store.games.seats(gameId)[seat]!.userId!;
    for (let k = 0; k < 4 && pending().seat === seat; k++) await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.notEqual(pending().seat, seat, 'the turn passed');
    assert.equal(reminders().length, 0, 'deleted after the turn');
    assert.deepEqual(w.store.games.get(gameId)!.reminders, []);
  });
});

test('a reminder whose delete fails (a Discord error) is kept and deleted by the next sweep', async () => {
  await withWorld(async (w) => {
    const { gameId, reminders } = await remindedTable(w);
    const id = w.store.games.get(gameId)!.reminders[0]!.id;
    // Every try of the delete fails (discord.js retries a 5xx three times).
    w.sim.faults.serverError({ route: new RegExp(`DELETE /channels/\\d+/messages/${id}`), times: 4 });
    const pending = () => (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
    const seat = pending().seat;
    const user = w.store.games.seats(gameId)[seat]!.userId!;
    for (let k = 0; k < 4 && pending().seat === seat; k++) await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    assert.equal(reminders().length, 1, 'still up: the delete failed');
    assert.deepEqual(
      w.store.games.get(gameId)!.reminders.map((r) => r.id),
      [id],
      'and kept',
    );
    // The next step's sweep deletes it.
    const next = pending();
    const other = w.store.games.seats(gameId)[next.seat]!.userId!;
    await playAsAi(w, other, gameId, await openHand(w, other, gameId));
    assert.equal(reminders().length, 0);
    assert.deepEqual(w.store.games.get(gameId)!.reminders, []);
  });
});
