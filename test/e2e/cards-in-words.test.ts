/**
 * /prefs "Cards in words" (table/words.ts `saidAloud`): a screen reader reads Phỏm's "A♠" as "A black
 * spade suit", or skips the symbol in vi and zh-TW. With the setting on, the player's hand view (its
 * buttons, menus and lines) and their hints name the cards in words; the table and the other
 * players' views keep the symbols.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, buttons, click, openHand, openTable, playAsAi, slash, withWorld } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

const SUITS = /[♠♥♣♦]/u;
const WORDS = /\b(Ace|King|Queen|Jack|[2-9]|10) of (Spades|Hearts|Clubs|Diamonds)\b/;

test('/prefs "Cards in words": my Phỏm hand view and hints name the cards in words; the others keep the symbols', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 0);
    const seats = w.store.games.seats(gameId);
    const pending = () => (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
    const a = seats[pending().seat]!.userId!;
    const b = seats.find((s) => s.userId !== a)!.userId!;
    const labels = (id: string) => buttons(w.sim, w.sim.message(id)!).map((c) => String(c.label));
    // Before: the acting player's buttons name the cards by symbol (Phỏm: draw or eat first; the
    // dealer of hand 1 discards at once).
    const before = await openHand(w, a, gameId);
    assert.ok(
      labels(before.id).some((l) => SUITS.test(l)),
      labels(before.id).join(' | '),
    );
    const h = await slash(w, a, 'prefs');
    const panel = h.response!;
    assert.match(String(w.sim.message(panel.id)!.embeds[0]!.description), /Cards in words: \*\*off\*\*/);
    await click(w, a, panel.id, buttonByLabel(w.sim, w.sim.message(panel.id)!, '🔊 Cards in words: off').custom_id as string);
    assert.equal(w.store.prefs.get(a).cardsInWords, true);
    assert.match(String(w.sim.message(panel.id)!.embeds[0]!.description), /Cards in words: \*\*on\*\*/);
    const view = await openHand(w, a, gameId);
    const mine = labels(view.id);
    assert.ok(!mine.some((l) => SUITS.test(l)), mine.join(' | '));
    assert.ok(
      mine.some((l) => WORDS.test(l)),
      mine.join(' | '),
    );
    assert.doesNotMatch(w.sim.text(view.id), SUITS);
    // The hint names the card in words too.
    const hint = await click(w, a, view.id, buttonByLabel(w.sim, w.sim.message(view.id)!, 'Hint').custom_id as string);
    const said = hint.followUps.map((m) => w.sim.text(m)).join('\n');
    assert.match(said, /💡/);
    assert.doesNotMatch(said, SUITS);
    // The other player's view, at their turn, keeps the symbols.
    for (let k = 0; k < 6 && seats[pending().seat]!.userId === a; k++) await playAsAi(w, a, gameId, await openHand(w, a, gameId));
    assert.equal(seats[pending().seat]!.userId, b, "b's turn");
    // b draws (or eats) first: then every discard is a button naming a card.
    const bv = await openHand(w, b, gameId);
    const other = labels((labels(bv.id).some((l) => SUITS.test(l)) ? bv : await playAsAi(w, b, gameId, bv)).id);
    assert.ok(
      other.some((l) => SUITS.test(l)),
      other.join(' | '),
    );
    assert.ok(!other.some((l) => WORDS.test(l)), other.join(' | '));
  });
});
