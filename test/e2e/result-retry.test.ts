/**
 * A hand's result message carries Next hand / End match: when posting it fails (a Discord error
 * after discord.js's retries), the table would wait for ever. (A result image that cannot be drawn no
 * longer keeps it from being posted: result-render-fail.test.ts.) The housekeeping
 * round (src/bot/housekeeping.ts) posts it again, once the game has been quiet for a minute.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  later,
  buttonByLabel,
  click,
  openTable,
  playHandToEnd,
  playToLastMove,
  tableMessage,
  withWorld,
  type World,
  endMatch,
} from './harness.js';

/**
 * Plays the hand to its end, the last move's posts into the thread failing (the result's, through the
 * channel or as the mover's follow-up: every attempt of discord.js, 1 + 3 retries).
 */
async function playHandToEndPostsFailing(w: World, gameId: string, threadId: string): Promise<void> {
  await playToLastMove(w, gameId);
  w.sim.faults.serverError({ route: new RegExp(`POST /channels/${threadId}/messages$`), times: 4 });
  w.sim.faults.serverError({ route: /POST \/webhooks\//, times: 4 });
  await playHandToEnd(w, gameId);
  await w.bot.whenIdle();
  w.sim.faults.clear();
}

test('a result that could not be posted is posted again by the housekeeping round, and the match goes on', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const results = () => w.sim.allMessages(threadId).filter((m) => w.sim.text(m).includes('Hand 1 is over'));
    await playHandToEndPostsFailing(w, gameId, threadId);
    assert.equal(results().length, 0, 'the first post failed');
    // Until it is posted the table offers no Next hand / End match: clicked there, it would never be.
    const labels = w.sim.components(tableMessage(w, gameId)).map((c) => String(c.label ?? ''));
    assert.ok(!labels.includes('Next hand') && !labels.includes('End match'), `the table waits for the result: ${labels.join(', ')}`);
    await later(w, 11 * 60_000);
    assert.equal(results().length, 1, 'posted again');
    const r = results()[0]!;
    await click(w, w.users[0]!.id, r.id, buttonByLabel(w.sim, r, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'the match goes on (hand indexes count from 0)');
    // Once posted, never again.
    const seen = results().length;
    await later(w, 11 * 60_000);
    assert.equal(results().length, seen);
  });
});

test('an end of match (final standings) that could not be posted is posted by the housekeeping round, then the thread is locked', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEnd(w, gameId);
    await w.bot.whenIdle();
    const result = w.sim.allMessages(threadId).find((m) => w.sim.text(m).includes('Hand 1 is over'))!;
    // Every attempt of discord.js (1 + 3 retries) at posting into the thread fails.
    w.sim.faults.serverError({ route: new RegExp(`POST /channels/${threadId}/messages$`), times: 4 });
    await endMatch(w, w.users[0]!.id, result);
    await w.bot.whenIdle();
    const ends = () => w.sim.allMessages(threadId).filter((m) => /Match over: final totals/.test(w.sim.text(m)));
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.equal(ends().length, 0, 'the first post failed');
    assert.notEqual(w.store.games.get(gameId)!.lastNotice, 'match-over');
    assert.equal(w.sim.channel(threadId).locked, false, 'the thread is not locked before the end is posted');
    await later(w, 11 * 60_000);
    assert.equal(ends().length, 1, 'posted again');
    assert.equal(w.store.games.get(gameId)!.lastNotice, 'match-over');
    assert.equal(w.sim.channel(threadId).locked, true, 'then locked');
    await later(w, 11 * 60_000);
    assert.equal(ends().length, 1, 'once');
  });
});

test('a game whose sync fails does not hold up the others in the housekeeping round', async () => {
  await withWorld(async (w) => {
    const a = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEndPostsFailing(w, a.gameId, a.threadId);
    w.now.t += 1_000;
    const b = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEndPostsFailing(w, b.gameId, b.threadId);
    // A's stored options no longer parse: its sync throws (it is first in the round, the older change).
    w.store.db.prepare("UPDATE games SET options = '{' WHERE id = ?").run(a.gameId);
    const results = (threadId: string) => w.sim.allMessages(threadId).filter((m) => w.sim.text(m).includes('Hand 1 is over'));
    await later(w, 11 * 60_000);
    assert.equal(results(b.threadId).length, 1, "B's result is posted although A's sync failed");
    assert.equal(results(a.threadId).length, 0);
  });
});
