/**
 * A click whose move is committed while Discord is slow to take its posts, and a shutdown (a restart,
 * SIGTERM) that closes the database after STOP_GRACE_MS under it: executing the step's effects
 * threw ("The database connection is not open"), the router answered the click with `sorry`,
 * "nothing was changed. Please try again", and a second try would have played another move. The
 * effects of a committed step are kept in its outbox for the next sync; a failure executing them is
 * logged, never answered as the click's (effects.ts `run`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { openHand, openTable, pendingNow, until, withWorld } from './harness.js';
import { captureLogs } from './log-capture.js';
import { STOP_GRACE_MS } from '../../src/bot/app.js';

test('a committed move is never answered "nothing was changed" when a shutdown closes the database under its effects', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const seat = pendingNow(w, gameId)[0]!.seat;
    const user = w.store.games.seats(gameId)[seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    const act = w.sim.components(hand).find((c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act');
    assert.ok(act, 'a move button');
    // Discord slower than the stop's grace on every post and edit of the step.
    w.sim.faults.slow({ route: /webhooks|messages/, delayMs: STOP_GRACE_MS + 1500, times: 20 });
    const h = await w.sim.click(user, hand.id, String(act.custom_id));
    await new Promise((r) => setTimeout(r, 300));
    const logs = captureLogs(w);
    // Discord is quick again once the old bot stopped: the new bot's start-up sync does not wait on
    // the slow rule's remaining delays (~26 s of them).
    await w.restartBot({ whileStopped: () => (w.sim.faults.rules.length = 0) });
    await until(w, 'the click settled', () => h.followUps.length > 0 || h.ackType !== undefined);
    await new Promise((r) => setTimeout(r, 2500));
    await w.bot.whenIdle();
    const moves = w.store.games.logWithMeta(gameId).filter((e) => e.source === 'player');
    assert.equal(moves.length, 1, 'the move was committed once');
    const said = h.followUps.map((m) => String(m.content ?? ''));
    assert.ok(!said.some((c) => /nothing was changed/i.test(c)), `the click is not told its move was not made: ${JSON.stringify(said)}`);
    assert.deepEqual(
      logs.lines().filter((l) => l.msg === 'interaction failed'),
      [],
      'no interaction failure logged',
    );
  });
});
