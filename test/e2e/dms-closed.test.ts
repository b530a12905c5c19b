/**
 * DMs closed (Discord 50007, issue #14 §2): the user's DM notices are switched off and their NEXT
 * ephemeral reply of any kind says so once, here the private hand view: the one "Open my hand"
 * opens, and the hand view redrawn after a click on one of its buttons. Never in public.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { click, openHand, openTable, playAsAi, slash, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const MIN = 60_000;
const LINE = /DM notices were switched off/;

const pendingOf = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  return engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[];
};
const movesOf = (w: World, gameId: string, userId: string) => {
  const seats = w.store.games.seats(gameId);
  return pendingOf(w, gameId).some((d) => seats[d.seat]!.userId === userId);
};

/** The others play (as the AI would) until it is `userId`'s move at the table. */
async function playUntilMoveOf(w: World, gameId: string, userId: string): Promise<void> {
  for (let k = 0; k < 200 && !movesOf(w, gameId, userId); k++) {
    const seats = w.store.games.seats(gameId);
    const d = pendingOf(w, gameId).find((x) => !seats[x.seat]!.isAi);
    if (!d) {
      // An AI's move is under way (a timed-out seat handed to the AI after the clock moved): let it land.
      await w.bot.scheduler.tick();
      await w.bot.whenIdle();
      continue;
    }
    const u = seats[d.seat]!.userId!;
    await playAsAi(w, u, gameId, await openHand(w, u, gameId));
  }
  assert.ok(movesOf(w, gameId, userId), 'their move');
}

async function notifyOnTurn(w: World, userId: string): Promise<void> {
  await click(w, userId, (await (await slash(w, userId, 'notify')).reply()).id, 'x:notify:t:turn');
  assert.equal(w.store.prefs.get(userId).notify.turn, true);
}

test('after a DM failed with 50007 the hand view says once that DM notices were switched off', async () => {
  await withWorld(async (w) => {
    const binh = w.users[1]!.id;
    await notifyOnTurn(w, binh);
    w.sim.setDmsClosed(binh, true);
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, gameId, binh);
    assert.equal(w.store.prefs.get(binh).dmsClosed, true, 'the DM failed: notices off');
    assert.equal(w.store.prefs.get(binh).notify.turn, false);

    // 1. "Open my hand": the private view starts with the line, then says what it always says.
    const hand = await openHand(w, binh, gameId);
    const [first, ...rest] = w.sim.text(hand).split('\n');
    assert.match(first!, LINE);
    assert.match(rest.join('\n'), /Your turn/);
    assert.ok(w.sim.text(hand).length <= 2000);
    assert.equal(hand.attachments.length, 1, 'the hand image is there');
    // Said once: the view redrawn after a click no longer has it, nor does a new one.
    const after = await playAsAi(w, binh, gameId, hand);
    assert.doesNotMatch(w.sim.text(after), LINE);
    await playUntilMoveOf(w, gameId, binh);
    assert.doesNotMatch((await openHand(w, binh, gameId)).content, LINE);

    // 2. Notices on again, DMs still closed: the next failure is told in the hand view redrawn
    // after a click on its button (the view is live: it was kept up to date meanwhile).
    await notifyOnTurn(w, binh);
    assert.equal(w.store.prefs.get(binh).dmsClosed, false);
    await playAsAi(w, binh, gameId, (await openHand(w, binh, gameId))!);
    const view = w.sim
      .visibleMessages(threadId, binh)
      .filter((m) => m.ephemeralTo === binh)
      .at(-1)!;
    w.now.t += 3 * MIN; // not "at the table" any more: a DM is due on the next move
    await playUntilMoveOf(w, gameId, binh);
    assert.equal(w.store.prefs.get(binh).dmsClosed, true, 'the second DM failed too');
    assert.equal(w.store.prefs.get(binh).dmsClosedUntold, true);
    const clicked = await playAsAi(w, binh, gameId, w.sim.message(view.id)!);
    assert.equal(clicked.id, view.id);
    assert.match(w.sim.text(clicked).split('\n')[0]!, LINE, 'the redrawn hand view carries the line');
    assert.equal(w.store.prefs.get(binh).dmsClosedUntold, false);

    // Never in public, never to anyone else.
    const shown = w.sim.allMessages(threadId).filter((m) => LINE.test(w.sim.text(m)));
    assert.ok(shown.length >= 1);
    assert.ok(shown.every((m) => m.ephemeralTo === binh));
  });
});
