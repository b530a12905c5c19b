/**
 * Chắn xướng through Discord (announce.ts, play.ts): the winner's view says they must announce their
 * cước, and "Announce nothing" asks first in the view ("Announce nothing? …" above it, its Yes in place
 * of the button); only that Yes announces nothing, a wrong call that pays đền làng (chan.md §9, §11).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, click, buttonByLabel } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('chan: Announce nothing asks first in the view (twice: still asked); its Yes announces nothing', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'chan', 4, 0, { timer: 'live' }, { seed: 'e2e-chan-4-0' });
    const engine = engineOf('chan');
    const state = () => w.store.games.state(w.store.games.get(gameId)!);
    let winner: string | null = null;
    // Play until a person can ù; they ù, and their view turns to the xướng.
    for (let step = 0; step < 600 && !winner; step++) {
      if (engine.result(state())) break;
      const d = (engine.pending(state()) as Decision<BaseAction>[])[0]!;
      const user = w.store.games.seats(gameId)[d.seat]!.userId!;
      const hand = await openHand(w, user, gameId);
      const u = d.options.findIndex((a) => a.type === 'u' && !(a as { calls?: unknown }).calls);
      if (u >= 0 && engine.ai(state(), d.seat).type === 'u') {
        const b = w.sim.components(hand).find((c) => {
          const g = decodeGameId(String(c.custom_id));
          return g?.verb === 'act' && g.arg === String(u);
        })!;
        await click(w, user, hand.id, String(b.custom_id));
        winner = user;
        break;
      }
      await playAsAi(w, user, gameId, hand);
    }
    assert.ok(winner, 'a person won the hand');
    const view = await openHand(w, winner, gameId);
    assert.match(w.sim.text(view), /You won \(ù\): now announce your cước \(xướng\)/);
    assert.doesNotMatch(w.sim.text(view), /choose an action/);
    const nothing = buttonByLabel(w.sim, view, 'Announce nothing (pays đền làng)').custom_id as string;
    // A double click: two interactions sent before the view is redrawn. Asked, nothing announced.
    const first = await w.sim.click(winner, view.id, nothing);
    const second = await w.sim.click(winner, view.id, nothing);
    await first.settled({ timeout: 30_000 });
    await second.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    assert.equal(engine.result(state()), null, 'no xướng yet');
    const asked = w.sim.message(view.id)!;
    assert.match(w.sim.text(asked), /Announce nothing\? That is a wrong call \(xướng sai\): you pay đền làng to everyone/);
    const yes = buttonByLabel(w.sim, asked, 'Yes, announce nothing').custom_id as string;
    await click(w, winner, view.id, yes);
    const r = engine.result(state()) as unknown as { endedBy: string; announcementCorrect: boolean | null } | null;
    assert.ok(r, 'the hand ended');
    assert.equal(r.announcementCorrect, false, 'announcing nothing is a wrong call: đền làng');
  });
});
