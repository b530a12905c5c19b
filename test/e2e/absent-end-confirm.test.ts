/**
 * The reminder's "End the match" vote through Discord (absent.ts `askEnd`, play.ts): with two people
 * at a Chắn table without deadlines, one click ended the match for everyone. The deciding vote is
 * asked first, ephemerally to the voter; only its "Yes, end the match" ends the match.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, click, buttonByLabel, buttons } from './harness.js';

const H = 3600_000;

test("two people: the reminder's End the match asks the voter first; its Yes ends the match", async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'chan', 2, 2, { timer: 'live' });
    const [timer] = w.store.timers.forGame(gameId);
    assert.ok(timer && timer.kind === 'turn', 'a person must move');
    const waiting = w.store.games.seats(gameId)[timer.seat]!;
    assert.ok(waiting.userId, 'a person waits');
    const voter = w.store.games.seats(gameId).find((s) => s.userId && s.seat !== waiting.seat)!.userId!;
    for (let h = 0; h < 3 * 24; h += 6) {
      w.now.t += 6 * H;
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
    }
    const reminder = w.sim
      .visibleMessages(threadId, voter)
      .filter((m) => buttons(w.sim, m).some((b) => b.label === 'End the match'))
      .at(-1);
    assert.ok(reminder, 'the vote is offered');
    const end = buttonByLabel(w.sim, reminder, 'End the match').custom_id as string;
    const ask = await click(w, voter, reminder.id, end);
    await click(w, voter, reminder.id, end); // a double click: asked again, nothing more
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'one click ends nothing');
    const question = ask.followUps[0]!;
    assert.equal(question.ephemeralTo, voter);
    assert.match(w.sim.text(question), /End the match for everyone\? Your vote decides it/);
    const yes = buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, end the match').custom_id as string;
    const conf = await click(w, voter, question.id, yes);
    assert.equal(conf.failed, false);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.match(w.sim.text(question.id), /You ended the match/);
    assert.ok(w.sim.allMessages(threadId).some((m) => /By vote, the match ends/.test(w.sim.text(m))));
  });
});
