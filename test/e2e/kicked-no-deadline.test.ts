/**
 * A member kicked from the server (no event tells the bot: no GuildMembers intent), whose turn it is
 * at a table without deadlines, and who never clicks again. Only a turn DEADLINE that ran out made the
 * bot ask Discord whether they were still a member (scheduler.ts `askIfMember`): they were reminded
 * (mentioned) every day for good and kept the seat. Now a turn reminder asks too (it is public, so the
 * question tells nothing hidden), and a non-member leaves at the next housekeeping round.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, withWorld, type World } from './harness.js';
import { Routes } from 'discord.js';

const MIN = 60_000;
const H = 60 * MIN;

const memberGets = (w: World, userId: string) =>
  w.sim.restLog().filter((e) => e.summary.startsWith(`GET ${Routes.guildMember(w.guildId, userId)} `)).length;

test('a kicked member whose turn has no deadline leaves the table once a reminder of theirs comes due', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'chan', 4, 0, { timer: 'live' });
      const [timer] = w.store.timers.forGame(gameId);
      assert.equal(timer!.kind, 'turn');
      const waiting = w.store.games.seats(gameId)[timer!.seat]!;
      w.sim.kick(w.guildId, waiting.userId!);
      const mentions = () =>
        w.sim
          .allMessages(threadId, { deleted: true })
          .filter((m) => w.sim.text(m).includes('the table is waiting for your move') && w.sim.text(m).includes(`<@${waiting.userId}>`));
      // The first reminder (12 h): Discord is asked.
      w.now.t += 12 * H + MIN;
      await w.bot.scheduler.tick();
      await w.bot.scheduler.idle();
      await w.bot.whenIdle();
      assert.equal(mentions().length, 1, 'reminded once');
      assert.equal(memberGets(w, waiting.userId!), 1, 'Discord was asked at the reminder');
      // The next housekeeping round: the seat passes to the AI.
      await later(w, 10 * MIN + 1000);
      const seat = w.store.games.seats(gameId)[waiting.seat]!;
      assert.equal(seat.isAi, true, 'the AI took the seat');
      assert.equal(seat.userId, null, 'no longer theirs');
      // Days later: never reminded again.
      for (let d = 0; d < 3; d++) await later(w, 24 * H);
      assert.equal(mentions().length, 1, 'no daily reminder of a member who left');
    },
    { users: 4 },
  );
});

test('a member whose turn has no deadline keeps the seat when a reminder asks about them', async () => {
  await withWorld(
    async (w) => {
      const { gameId } = await openTable(w, 'chan', 4, 0, { timer: 'live' });
      const [timer] = w.store.timers.forGame(gameId);
      const waiting = w.store.games.seats(gameId)[timer!.seat]!;
      w.now.t += 12 * H + MIN;
      await w.bot.scheduler.tick();
      await w.bot.scheduler.idle();
      await w.bot.whenIdle();
      assert.equal(memberGets(w, waiting.userId!), 1, 'asked once');
      await later(w, 10 * MIN + 1000);
      const seat = w.store.games.seats(gameId)[waiting.seat]!;
      assert.equal(seat.userId, waiting.userId, 'still their seat');
      assert.equal(seat.isAi, false);
    },
    { users: 4 },
  );
});
