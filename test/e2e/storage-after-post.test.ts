/**
 * The storage fails (a full disk, a read-only remount, a busy file) between a post Discord took and
 * the bookkeeping write recording it: the result (or the end of the match, or a table edit) is shown
 * but the database still says it is not. Every housekeeping round then posted it again (three copies
 * a round: the result retry, the table retry, the outbox retry) for as long as the storage failed, and
 * a table edit that landed was taken for a failed one (a second table message). The store keeps such
 * bookkeeping in memory until it can be written (store/games.ts `unwritten`). And an error after a
 * public deferral (/play) was shown to the whole channel: the placeholder is deleted first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, openHand, openTable, playToLastMove, playHandToEnd, slash, tableMessage, withWorld, endMatch } from './harness.js';

test('a result posted while the storage fails is posted once, and recorded when writes come back', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
      await playToLastMove(w, gameId);
      // The hand-ending step commits; the writes after it fail (as a read-only remount would).
      const commit = w.store.commit.bind(w.store);
      w.store.commit = (step) => {
        commit(step);
        if (step.results.length) w.store.db.pragma('query_only = ON');
      };
      await playHandToEnd(w, gameId);
      await w.bot.whenIdle();
      const live = () => w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo && !m.deleted);
      const results = () => live().filter((m) => w.sim.text(m).includes('Hand 1 is over')).length;
      const tables = () => live().filter((m) => w.sim.text(m).startsWith('**Phỏm (Tá lả)** · Hand 1')).length;
      assert.equal(results(), 1);
      for (let k = 0; k < 3; k++) await later(w, 11 * 60_000);
      assert.equal(results(), 1, 'no copy while the storage fails');
      assert.equal(tables(), 1, 'one table message');
      w.store.db.pragma('query_only = OFF');
      await later(w, 11 * 60_000);
      assert.equal(results(), 1);
      const row = w.store.db.prepare('SELECT last_notice FROM games WHERE id = ?').get(gameId) as { last_notice: string };
      assert.equal(row.last_notice, 'result:0', 'written once the storage takes writes');
    },
    { users: 2 },
  );
});

test('/play failing on the storage after its public deferral tells the host privately, nothing public left', async () => {
  await withWorld(
    async (w) => {
      const before = w.sim.allMessages(w.channelId).filter((m) => !m.ephemeralTo && !m.deleted).length;
      w.store.db.pragma('query_only = ON');
      await slash(w, w.users[0]!.id, 'play', { game: 'phom' });
      await w.bot.whenIdle();
      w.store.db.pragma('query_only = OFF');
      const shown = w.sim.allMessages(w.channelId).filter((m) => !m.deleted);
      assert.equal(shown.filter((m) => !m.ephemeralTo).length, before, 'no public message');
      const told = shown.filter((m) => m.ephemeralTo === w.users[0]!.id).map((m) => w.sim.text(m));
      assert.ok(
        told.some((x) => /Something went wrong on our side/.test(x)),
        told.join(' | '),
      );
    },
    { users: 2 },
  );
});

test('the end of a match recorded in memory only is written once the storage works, and a restart does not post it again', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'phom', 1, 1);
      await playHandToEnd(w, gameId);
      const tm = tableMessage(w, gameId);
      const commit = w.store.commit.bind(w.store);
      w.store.commit = (step) => {
        commit(step);
        if (step.status === 'finished') w.store.db.pragma('query_only = ON');
      };
      await endMatch(w, w.users[0]!.id, tm);
      await w.bot.whenIdle();
      const ends = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && /Match over: final totals/.test(w.sim.text(m))).length;
      const mark = () =>
        (w.store.db.prepare('SELECT last_notice FROM games WHERE id = ?').get(gameId) as { last_notice: string }).last_notice;
      assert.equal(ends(), 1);
      assert.notEqual(mark(), 'match-over', 'not in the file while it fails');
      w.store.db.pragma('query_only = OFF');
      // A finished match has no later step to write it: the housekeeping round does.
      await later(w, 11 * 60_000);
      assert.equal(mark(), 'match-over');
      await w.restartBot();
      for (let k = 0; k < 3; k++) await later(w, 30 * 60_000);
      assert.equal(ends(), 1, 'posted once');
    },
    { users: 2 },
  );
});

test('"Open my hand" while the storage refuses writes still shows the hand (its notice is kept for later)', async () => {
  await withWorld(
    async (w) => {
      const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
      w.store.db.pragma('query_only = ON');
      const view = await openHand(w, w.users[0]!.id, gameId);
      w.store.db.pragma('query_only = OFF');
      assert.doesNotMatch(w.sim.text(view), /Something went wrong/);
    },
    { users: 2 },
  );
});
