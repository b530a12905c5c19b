/**
 * Deadlines that follow the rules, in Discord (issue #14 §3): a Chắn table with `decision-timeout-s`
 * 0 (the default; the seed: no automatic deadline) never plays anything automatically. With the
 * simulated clock moved 7 days the table only reminds the player (12 h, 24 h, then daily), and from
 * the third reminder the other players get the vote; two votes hand the seat to the AI.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { withWorld, openTable, click, buttonByLabel } from './harness.js';

const H = 3600_000;

test('Chắn without a deadline: a week passes, nothing is auto-played, reminders then a vote', async () => {
  await withWorld(
    async (w) => {
      // Four people, no AI: the first decision is the opener's turn (a claim reminder is never posted).
      const { gameId, threadId } = await openTable(w, 'chan', 4, 0, { timer: 'live' });
      const [timer] = w.store.timers.forGame(gameId);
      assert.ok(timer, 'a person must move');
      assert.equal(timer.kind, 'turn');
      const waiting = w.store.games.seats(gameId)[timer.seat]!;
      const version = w.store.games.get(gameId)!.version;
      const posted: string[] = [];
      for (let h = 0; h < 7 * 24; h += 6) {
        w.now.t += 6 * H;
        await w.bot.scheduler.tick();
        await w.bot.whenIdle();
        const shown = w.sim
          .visibleMessages(threadId, w.users[0]!.id)
          .filter((m) => w.sim.text(m).includes('the table is waiting for your move'));
        // Each reminder supersedes the one before: one stays in the thread.
        assert.ok(shown.length <= 1, `${shown.length} reminders shown`);
        for (const m of shown) if (!posted.includes(m.id)) posted.push(m.id);
      }
      assert.ok(posted.length >= 7, `reminded ${posted.length} times`);
      assert.equal(w.store.games.get(gameId)!.version, version, 'nothing was played in 7 days');
      const reminders = posted.map((id) => w.sim.message(id)!);
      assert.ok(reminders.every((m) => w.sim.text(m).includes(`<@${waiting.userId}>`)));
      // Public buttons carry version 0: the version counts hidden steps (claim passes) too.
      for (const m of reminders)
        for (const c of w.sim.components(m)) if (c.custom_id) assert.equal(decodeGameId(String(c.custom_id))?.ver, 0, String(c.custom_id));
      const vote = reminders.at(-1)!;
      const others = w.store.games.seats(gameId).filter((s) => s.userId && s.seat !== waiting.seat);
      const button = buttonByLabel(w.sim, vote, /AI plays for/).custom_id as string;
      // The waiting player cannot vote about their own seat; the others can.
      const own = await click(w, waiting.userId!, vote.id, button);
      assert.match(own.followUps[0]!.content, /own seat/);
      // Until the majority is reached: the AI then plays the seat, and the reminder, its decision over, is deleted.
      for (const s of others) if (!w.store.games.seats(gameId)[waiting.seat]!.isAi) await click(w, s.userId!, vote.id, button);
      assert.equal(w.store.games.seats(gameId)[waiting.seat]!.isAi, true, 'by vote the AI plays the seat');
      assert.equal(w.sim.message(vote.id)?.deleted, true, 'the reminder is gone once the seat has moved');
      assert.ok(w.store.games.logWithMeta(gameId).some((e) => e.seat === waiting.seat && e.source === 'ai'));
    },
    { users: 4 },
  );
});
