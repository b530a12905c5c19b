/**
 * The words of two refusals (race review, 2026-12-07): a table button (Next hand clicked again once the
 * hand was dealt) answered "That was out of date: here is the current view" with no view; a move
 * clicked at a paused table said "The game is paused." twice (the refusal above the view, and the
 * view's own line).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, pendingNow, playHandToEnd, tableMessage, withWorld } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test('Next hand clicked once the next hand is dealt: told the table moved on, not promised a view', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playHandToEnd(w, gameId);
    const result = w.sim.visibleMessages(threadId, an!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    const next = String(buttonByLabel(w.sim, result, 'Next hand').custom_id);
    // Both click it at once: the first deals, the second comes once its hand is dealt.
    const clicks = await Promise.all([w.sim.click(an!.id, result.id, next), w.sim.click(binh!.id, result.id, next)]);
    await Promise.all(clicks.map((h) => h.settled({ timeout: 30_000 })));
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    const said = clicks.flatMap((h) => h.followUps.map((m) => w.sim.text(m))).join('\n');
    assert.match(said, /the table has moved on/);
    assert.doesNotMatch(said, /here is the current view/);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'one hand dealt');
  });
});

test('a move clicked at a paused table: "The game is paused." said once', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    const user = w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    const act = w.sim.components(hand).find((c) => c.type === 2 && decodeGameId(String(c.custom_id))?.verb === 'act');
    assert.ok(act, 'a move button');
    const t = tableMessage(w, gameId);
    const pause = String(buttonByLabel(w.sim, t, 'Pause').custom_id);
    await click(w, w.users[0]!.id, t.id, pause);
    // The deciding vote and the move at once (the view is redrawn as paused once the pause is in).
    const clicks = await Promise.all([w.sim.click(w.users[1]!.id, t.id, pause), w.sim.click(user, hand.id, String(act.custom_id))]);
    await Promise.all(clicks.map((h) => h.settled({ timeout: 30_000 })));
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gameId)!.status, 'paused');
    const text = w.sim.text(w.sim.message(hand.id)!);
    assert.equal(text.split('The game is paused.').length - 1, 1, text);
    assert.equal(w.store.games.logWithMeta(gameId).length, 0, 'no move');
  });
});
