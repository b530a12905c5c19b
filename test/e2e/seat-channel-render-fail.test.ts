/**
 * A seat channel's hand message (DM, private thread: seat-channels.ts) whose image cannot be drawn at
 * one push (a render timeout under load, a worker that failed). Before, any error but 10008 marked the
 * seat channel failed ('unreachable') for the rest of the match, silently: the message kept stale
 * buttons and the seat went back to the game thread's pings. A render failure is not Discord's: the
 * message is edited in words with its buttons, and the seat channel stays in use.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, playAsAi, slash, withWorld, pendingNow, openHand, type World } from './harness.js';
import type { Renderer } from '../../src/bot/context.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test('one failed image does not switch a DM seat view off: the message shows the new decision in words', async () => {
  await withWorld(async (w: World) => {
    const a = w.users[0]!.id;
    await slash(w, a, 'prefs', { 'hand-view': 'dm' });
    const { gameId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const seats = w.store.games.seats(gameId);
    const seat = seats.find((s) => s.userId === a)!.seat;
    const b = seats.find((s) => s.userId !== a)!.userId!;
    const channel = () => w.store.seatChannels.get(gameId, seat)!;
    assert.ok(!channel().failed && channel().messageId, 'the DM seat channel is open');
    // A plays (from the DM message) until it is B's turn.
    for (let k = 0; k < 4 && pendingNow(w, gameId)[0]!.seat === seat; k++)
      await playAsAi(w, a, gameId, w.sim.message(channel().messageId!)!);
    assert.notEqual(pendingNow(w, gameId)[0]!.seat, seat, "B's turn");
    // B's moves change A's view: its push fails to draw A's hand once.
    const render = w.bot.ctx.render as Renderer;
    const real = render.hand.bind(render);
    let fail = 1;
    render.hand = (m) =>
      m.title === seats[seat]!.displayName && fail-- > 0
        ? Promise.reject(Object.assign(new Error('render aborted: no image within 30000 ms'), { name: 'AbortError' }))
        : real(m);
    // (B's draw changes nothing of A's view; B's discard does.)
    for (let k = 0; k < 4 && fail > 0 && pendingNow(w, gameId)[0]!.seat !== seat; k++)
      await playAsAi(w, b, gameId, await openHand(w, b, gameId));
    assert.equal(fail, 0, "the push of A's view failed to draw once");
    const sc = channel();
    assert.equal(sc.failed, null, `the seat channel is still in use (failed = ${sc.failed})`);
    const msg = w.sim.message(sc.messageId!)!;
    assert.match(w.sim.text(msg), /The picture could not be drawn: press Refresh\./);
    // (The card on offer, which A may eat, is its own small image, `claim.png`, drawn apart from the hand.)
    assert.deepEqual(
      w.sim.images(msg).filter((x) => x.filename !== 'claim.png'),
      [],
      'no stale hand image',
    );
    assert.ok(
      pendingNow(w, gameId).some((d) => d.seat === seat),
      'A has a decision',
    );
    assert.ok(
      w.sim.components(msg).some((c) => decodeGameId(String(c.custom_id ?? ''))?.verb === 'act'),
      "the message offers A's actions",
    );
    // A plays from it; the view is drawn again.
    await playAsAi(w, a, gameId, msg);
    assert.equal(channel().failed, null);
    assert.equal(w.sim.images(w.sim.message(channel().messageId!)!).length, 1, 'the image is back');
  });
});
