/**
 * A pause by vote freezes the deadlines (store/timers.ts `pausedTimer`). The ping up named the deadline
 * ("Deadline in 5 hours", a claim window's "closes in 20 minutes") and the reminder its moment ("time
 * is running out (in 5 hours)"): left as they were, both soon read "2 days ago" beside "Paused by
 * vote". Now the pause deletes the ping and the deadline's reminder (a resume pings anew with the new
 * deadline, and reminds again at half the time left).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openTable, pendingNow, playAsAiUntil, tableMessage, withWorld } from './harness.js';
import { windowKind } from '../../src/table/timers.js';

const H = 3_600_000;

test('a pause by vote: the ping and the reminder of the frozen deadline go; the resume pings a deadline again', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await later(w, 19 * H);
    const live = () => w.sim.allMessages(threadId).filter((m) => !m.deleted);
    const reminder = () => live().find((m) => /time is running out/.test(w.sim.text(m)));
    const ping = () => live().find((m) => /your turn/.test(w.sim.text(m)));
    assert.ok(reminder(), 'reminded before the pause');
    assert.match(w.sim.text(ping()!), /Deadline <t:\d+:R>/);
    for (const u of w.users.slice(0, 2))
      if (w.store.games.get(gameId)!.status === 'running')
        await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), /Pause/).custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    await later(w, 48 * H);
    assert.equal(reminder(), undefined, 'the frozen deadline’s reminder is deleted');
    assert.equal(ping(), undefined, 'the ping naming the frozen deadline is deleted');

    for (const u of w.users.slice(0, 2))
      if (w.store.games.get(gameId)!.status === 'paused')
        await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), /Resume/).custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    const m = /Deadline <t:(\d+):R>/.exec(w.sim.text(ping()!));
    assert.ok(m, 'the resume pings a deadline again');
    assert.ok(Number(m[1]) * 1000 > w.now.t, 'in the future');
  });
});

test('a pause during a claim window: the ping naming the window’s close goes too', async () => {
  await withWorld(
    async (w) => {
      const { gameId, threadId } = await openTable(w, 'classic-mahjong', 4, 0, { timer: 'async' });
      const isClaim = () => pendingNow(w, gameId).some((d) => windowKind(d) === 'claim');
      assert.ok(await playAsAiUntil(w, gameId, isClaim, 400), 'a claim window is open');
      await later(w, 20 * 60_000); // the hand views go stale: the claimants are pinged in the thread
      // Public messages only: an ephemeral hand view is its player's, redrawn when they open it again.
      const naming = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && !m.ephemeralTo && /<t:\d+:R>/.test(w.sim.text(m)));
      assert.ok(naming().length > 0, 'a ping names the window’s close');
      for (const u of w.users.slice(0, 4))
        if (w.store.games.get(gameId)!.status === 'running')
          await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), /Pause/).custom_id as string);
      assert.equal(w.store.games.get(gameId)!.status, 'paused');
      await later(w, 48 * H);
      assert.deepEqual(
        naming().map((m) => w.sim.text(m)),
        [],
        'no message names a frozen moment',
      );
    },
    { users: 4 },
  );
});
