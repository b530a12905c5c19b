/**
 * A hand's result Discord refuses for a permission a moderator took (50013) is posted again by the
 * housekeeping round for 7 days (README "Housekeeping"). Each try logged an error ("cannot post the
 * result"), 47 a week for each such table, for what no operator can mend: a warning now, as for a
 * refused ping or reminder. Posted once the permission is back.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openTable, playToLastMove, playHandToEnd, withWorld, type World } from './harness.js';
import { captureLogs } from './log-capture.js';
import { Permissions as P } from '../discord-sim/model.js';

/**
 * A 2-player Phỏm table whose hand ends while the bot may not post in its thread: the permission goes
 * before the last move, and that move's follow-up (an interaction's webhook, which needs no
 * permission) fails too, with a 5xx.
 */
async function endHandRefused(w: World): Promise<{ gameId: string; threadId: string }> {
  const table = await openTable(w, 'phom', 2, 0, { timer: 'async' });
  await playToLastMove(w, table.gameId);
  w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, false, w.channelId);
  w.sim.faults.serverError({ route: /POST \/webhooks\//, times: 4 });
  await playHandToEnd(w, table.gameId);
  await w.bot.whenIdle();
  w.sim.faults.clear();
  return table;
}

test('a result refused for a lost permission: warnings at each retry, no error; posted once it is given back', async () => {
  await withWorld(
    async (w) => {
      const logs = captureLogs(w);
      const { threadId } = await endHandRefused(w);
      const posted = () => w.sim.allMessages(threadId).filter((m) => w.sim.text(m).includes('Hand 1 is over')).length;
      assert.equal(posted(), 0);
      for (let k = 0; k < 6 * 3; k++) await later(w, 10 * 60_000);
      // The follow-up's 5xx is an error (Discord failed); each refusal (50013) after it a warning.
      const refused = logs.lines().filter((l) => /cannot post the result/.test(l.msg) && l.code === 50013);
      assert.ok(refused.length >= 2, `${refused.length} refusals logged`);
      assert.deepEqual(
        refused.map((l) => l.level),
        refused.map(() => 40),
        'a warning each, no error',
      );
      w.sim.setBotPermission(w.guildId, P.SendMessagesInThreads, true, w.channelId);
      // The retries back off (store/games.ts RETRY_MAX_MS, 4 h at most).
      for (let k = 0; k < 6 * 5 && !posted(); k++) await later(w, 10 * 60_000);
      assert.equal(posted(), 1, 'posted once the permission is back');
    },
    { users: 2 },
  );
});

test('a result still refused after 7 days: the retries end, and one warning says so', async () => {
  await withWorld(
    async (w) => {
      const logs = captureLogs(w);
      const { gameId } = await endHandRefused(w);
      const over = () => logs.lines().filter((l) => /could not be posted: no more tries/.test(l.msg) && l.gameId === gameId);
      const retries = () => logs.lines().filter((l) => /the hand result was not posted: posting it again/.test(l.msg)).length;
      // Six and a half days: still tried, nothing said to be over.
      for (let k = 0; k < 39; k++) await later(w, 4 * 3600_000);
      assert.equal(over().length, 0);
      assert.ok(retries() > 0);
      // Past the seventh day: said once (a warning), and no more tries.
      for (let k = 0; k < 6; k++) await later(w, 4 * 3600_000);
      const tried = retries();
      for (let k = 0; k < 12; k++) await later(w, 4 * 3600_000);
      assert.deepEqual(
        over().map((l) => l.level),
        [40],
      );
      assert.equal(retries(), tried, 'no try after the window');
    },
    { users: 2 },
  );
});
