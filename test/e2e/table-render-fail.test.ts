/**
 * The table image cannot be drawn (a worker that failed: fast; RENDER_TIMEOUT_MS under load: slow)
 * after a move made from a hand view, whose table edit runs detached (effects.ts `detach`, awaited by
 * the router outside the game lock). Before: the queue's promise rejected with nobody listening (an
 * unhandledRejection, which ends the process), and after a slow failure the router's `await
 * tableSettled` threw, so the mover was told "nothing was changed" of a move that was committed. Now
 * the table goes in words, with its buttons and a line saying the picture is missing, and the next
 * move draws it again.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, pendingNow, tableMessage, type World } from './harness.js';
import type { Renderer } from '../../src/bot/context.js';

/** `render.table` fails `times` times (after `delayMs`), then draws again. */
function failTable(w: World, times: number, delayMs = 0): { left: () => number } {
  const render = w.bot.ctx.render as Renderer;
  const real = render.table.bind(render);
  let left = times;
  render.table = (m) => {
    if (left <= 0) return real(m);
    left--;
    const err = Object.assign(new Error('render aborted: no image within 30000 ms'), { name: 'AbortError' });
    return delayMs ? new Promise((_, rej) => setTimeout(() => rej(err), delayMs)) : Promise.reject(err);
  };
  return { left: () => left };
}

async function moveFromHand(w: World, gameId: string): Promise<string> {
  const d = pendingNow(w, gameId)[0]!;
  const user = w.store.games.seats(gameId)[d.seat]!.userId!;
  await playAsAi(w, user, gameId, await openHand(w, user, gameId));
  return user;
}

test('a table image that fails after a hand click: no unhandled rejection, the table in words, drawn again at the next move', async () => {
  const unhandled: unknown[] = [];
  const onU = (e: unknown) => void unhandled.push(e);
  process.on('unhandledRejection', onU);
  try {
    await withWorld(async (w) => {
      const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
      const f = failTable(w, 1);
      const v0 = w.store.games.get(gameId)!.version;
      await moveFromHand(w, gameId);
      await new Promise((r) => setTimeout(r, 100));
      await w.bot.whenIdle();
      assert.equal(f.left(), 0, 'the table image failed once');
      assert.deepEqual(unhandled.map(String), [], 'no unhandled rejection');
      assert.ok(w.store.games.get(gameId)!.version > v0, 'the move was committed');
      // The table message shows the new state in words, without the image, and says why.
      const t = tableMessage(w, gameId);
      assert.equal(w.sim.images(t).length, 0, 'no (stale) image on the table message');
      assert.match(w.sim.text(t), /The table picture could not be drawn/);
      // The next move draws it again.
      await moveFromHand(w, gameId);
      const t2 = tableMessage(w, gameId);
      assert.equal(w.sim.images(t2).length, 1, 'the table image is back');
      assert.doesNotMatch(w.sim.text(t2), /could not be drawn/);
    });
  } finally {
    process.off('unhandledRejection', onU);
  }
});

test('a table image that times out after a committed move does not tell the mover "nothing was changed"', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const d = pendingNow(w, gameId)[0]!;
    const user = w.store.games.seats(gameId)[d.seat]!.userId!;
    const hand = await openHand(w, user, gameId);
    const f = failTable(w, 1, 1500);
    const v0 = w.store.games.get(gameId)!.version;
    const seen = w.sim.visibleMessages(threadId, user).length;
    await playAsAi(w, user, gameId, w.sim.message(hand.id)!);
    await new Promise((r) => setTimeout(r, 2000));
    await w.bot.whenIdle();
    assert.equal(f.left(), 0, 'the table image failed once');
    assert.ok(w.store.games.get(gameId)!.version > v0, 'the move was committed');
    const told = w.sim
      .visibleMessages(threadId, user)
      .slice(seen)
      .map((m) => w.sim.text(m))
      .filter((s) => /nothing was changed/.test(s));
    assert.deepEqual(told, [], 'the mover is not told that nothing was changed');
  });
});
