/**
 * An async Phỏm table: the turn's reminder ("time is running out (<t:deadline:R>)") goes out at 3/4
 * of the 24 h. The table is paused for 2 h, then resumed: the deadline moves 2 h later, but the
 * resume step drew the table, its ping and kept the reminder with the timers as loaded before the
 * resume moved them (act.ts `after`), so they said the time ran out 2 h before it does. Now they show
 * the new deadline, the old reminder goes, and the player is reminded again at half the time left
 * (store/timers.ts `resume`: a reminder sent before the pause no longer leaves the rest unreminded).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openTable, tableMessage, withWorld } from './harness.js';

const H = 3600_000;

test("after a pause and a resume, the table, the ping and the reminder show the turn's deadline, not the one before the pause", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const reminders = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /time is running out/.test(w.sim.text(m)));
    await later(w, 18 * H + 1000);
    assert.equal(reminders().length, 1, 'reminded at 3/4');
    const vote = async (verb: RegExp, from: string) => {
      for (const u of w.users.slice(0, 2))
        if (w.store.games.get(gameId)!.status === from)
          await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), verb).custom_id as string);
    };
    await vote(/Pause/, 'running');
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    await later(w, 2 * H);
    await vote(/Resume/, 'paused');
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    const deadline = w.store.timers.forGame(gameId)[0]!.deadline;
    // The table message, the ping the resume posted and the reminder kept from before the pause.
    const wrong = w.sim
      .allMessages(threadId)
      .filter((m) => !m.deleted && /<t:\d+:R>/.test(w.sim.text(m)))
      .map((m) => w.sim.text(m))
      .filter((text) => Number(/<t:(\d+):R>/.exec(text)![1]) * 1000 !== deadline);
    assert.deepEqual(wrong, [], `shown after the resume with a deadline other than the turn's ${new Date(deadline).toISOString()}`);
    assert.equal(reminders().length, 0, 'the reminder that showed the old deadline is gone');
    // Reminded again at half of the 6 h left.
    await later(w, 3 * H + 1000);
    assert.equal(reminders().length, 1, 'reminded again before the new deadline');
    assert.match(w.sim.text(reminders()[0]!), new RegExp(`<t:${Math.floor(deadline / 1000)}:R>`));
  });
});
