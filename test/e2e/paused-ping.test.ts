/**
 * A pause by vote freezes the deadlines (store/timers.ts `pausedTimer`). The turn ping up named the
 * deadline ("Deadline in 5 hours") and the reminder its moment ("time is running out (in 5 hours)"):
 * left as they were, both soon read "2 days ago" beside "Paused by vote". Now the pause edits the ping
 * to say the game is paused and deletes the deadline's reminder (a resume pings anew with the new
 * deadline, and reminds again at half the time left).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openTable, tableMessage, withWorld } from './harness.js';

const H = 3_600_000;

test('a pause by vote: the ping says paused (no frozen deadline), the reminder of that deadline goes; the resume pings a deadline again', async () => {
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
    const paused = w.sim.text(ping()!);
    assert.doesNotMatch(paused, /<t:\d+:R>/, 'no frozen moment');
    assert.match(paused, /paused/);

    for (const u of w.users.slice(0, 2))
      if (w.store.games.get(gameId)!.status === 'paused')
        await click(w, u.id, tableMessage(w, gameId).id, buttonByLabel(w.sim, tableMessage(w, gameId), /Resume/).custom_id as string);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    const m = /Deadline <t:(\d+):R>/.exec(w.sim.text(ping()!));
    assert.ok(m, 'the resume pings a deadline again');
    assert.ok(Number(m[1]) * 1000 > w.now.t, 'in the future');
  });
});
