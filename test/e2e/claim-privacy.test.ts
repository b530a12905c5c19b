/**
 * Claims that reveal nothing (issue #13 §2) in the thread: while two people may claim, one of them
 * passing leaves no trace in public (the table message is not edited, no message is posted); the
 * table says "waiting for claims on <piece>" and names nobody.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openHand, playAsAi, tableMessage, type World } from './harness.js';
import { tableWithSeed } from './seeded.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const pendingNow = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
};

test('a pass by one of two claimants leaves no trace in the thread', async () => {
  await withWorld(async (w) => {
    const { gameId } = await tableWithSeed(w, 'classic-mahjong', (_d, all) => all.filter((x) => x.kind === 'claim').length >= 2);
    // People play as the AI until the window with two claimants is open.
    for (let n = 0; n < 1500 && pendingNow(w, gameId).filter((d) => d.kind === 'claim').length < 2; n++) {
      const d = pendingNow(w, gameId)[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    }
    const claims = pendingNow(w, gameId).filter((d) => d.kind === 'claim');
    assert.equal(claims.length, 2, 'two people may claim');
    const threadId = w.store.games.get(gameId)!.threadId!;
    const table = tableMessage(w, gameId);
    assert.match(w.sim.text(table), /Waiting for claims on/);
    for (const s of w.store.games.seats(gameId)) assert.ok(!w.sim.text(table).includes(s.displayName + ' may'), 'nobody named');
    const d = claims[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const view = await openHand(w, user, gameId);
    const before = {
      edits: w.sim.message(table.id)!.edits,
      content: w.sim.text(table.id),
      count: w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length,
    };
    const pass = d.options.findIndex((a) => a.type === 'pass');
    assert.ok(pass >= 0);
    const b = w.sim
      .components(view)
      .find((c) => decodeGameId(String(c.custom_id))?.verb === 'act' && decodeGameId(String(c.custom_id))?.arg === String(pass))!;
    const h = await w.sim.click(user, view.id, String(b.custom_id));
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(pendingNow(w, gameId).filter((x) => x.kind === 'claim').length, 1, 'the other claimant still decides');
    assert.equal(w.sim.message(table.id)!.edits, before.edits, 'the table message was not edited');
    assert.equal(w.sim.text(table.id), before.content);
    assert.equal(w.sim.allMessages(threadId).filter((m) => !m.ephemeralTo).length, before.count, 'nothing posted in public');
  });
});
