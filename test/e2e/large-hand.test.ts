/**
 * /prefs "Large hand" (render/hand.ts `LARGE`): a player on a phone turns it on in the panel; their
 * hand image is then drawn narrower, in more rows (each piece a larger share of the width a phone
 * shrinks it to), at every table, from their next hand view: Refresh shows it at once. The other
 * players' hands keep the normal layout.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, slash, withWorld } from './harness.js';

test('/prefs "Large hand": my hand image is drawn narrower and taller from my next view; the others keep theirs', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const [a, b] = w.store.games.seats(gameId).map((s) => s.userId!) as [string, string];
    const image = (id: string) => w.sim.message(id)!.attachments[0]!;
    const before = image((await openHand(w, a, gameId)).id);
    const h = await slash(w, a, 'prefs');
    const panel = h.response!;
    const embed = () => String(w.sim.message(panel.id)!.embeds[0]!.description);
    assert.match(embed(), /Large hand: \*\*off\*\*/);
    const set = await click(w, a, panel.id, buttonByLabel(w.sim, w.sim.message(panel.id)!, '📱 Large hand: off').custom_id as string);
    assert.equal(set.failed, false);
    assert.match(w.sim.text(panel.id), /Your hand is now drawn large/);
    assert.match(embed(), /Large hand: \*\*on\*\*/);
    assert.equal(w.store.prefs.get(a).largeHand, true);
    // Refresh on the open hand view draws it large.
    const view = await openHand(w, a, gameId);
    const large = image(view.id);
    assert.ok(
      large.width! < before.width! && large.height! > before.height!,
      `${before.width}×${before.height} → ${large.width}×${large.height}`,
    );
    const r = await click(w, a, view.id, buttonByLabel(w.sim, w.sim.message(view.id)!, 'Refresh').custom_id as string);
    assert.equal(r.failed, false);
    assert.equal(image(view.id).width, large.width);
    // The other player's hand keeps the one-row layout.
    assert.equal(image((await openHand(w, b, gameId)).id).width, before.width);
    // Off again: the next view is the normal one.
    await click(w, a, panel.id, buttonByLabel(w.sim, w.sim.message(panel.id)!, '📱 Large hand: on').custom_id as string);
    assert.equal(w.store.prefs.get(a).largeHand, false);
    assert.equal(image((await openHand(w, a, gameId)).id).width, before.width);
  });
});
