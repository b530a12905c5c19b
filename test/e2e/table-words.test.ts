/**
 * Screen readers (src/table/words.ts): the table image's alt text is the table in words (every
 * seat's sets, discards, counts), a hand image's is the owner's hand in words, and "Table in words"
 * on the table message answers anyone, ephemerally, with all of it (alt text stops at 1,024).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openHand, openTable, playAsAi, playHandToEnd, tableMessage, withWorld, endMatch } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

test('the table and hand images have the game in words; "Table in words" gives the whole table to anyone, privately', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 1);
    const hand = await openHand(w, w.users[0]!.id, gameId);
    const handAlt = w.sim.message(hand.id)!.attachments[0]!.description ?? '';
    assert.match(handAlt, /^Your hand \(1[01]\): /, handAlt);
    assert.doesNotMatch(handAlt, /[♠♥♣♦]/, 'cards are spoken ("7 of Hearts")');
    const table = tableMessage(w, gameId);
    const tableAlt = table.attachments[0]!.description ?? '';
    // The image's title first, then the stock.
    assert.match(tableAlt, /^Phỏm \(Tá lả\)\. Stock \d+\./, tableAlt);
    const names = w.store.games.seats(gameId).map((s) => s.displayName);
    for (const n of names) assert.ok(tableAlt.includes(`${n} (`), `${n} in ${tableAlt}`);
    assert.ok(!tableAlt.includes(handAlt.slice(0, 40)), 'never a hand');
    // A user who does not play asks for the table in words.
    const watcher = w.users[3]!;
    const h = await click(w, watcher.id, table.id, buttonByLabel(w.sim, table, 'Table in words').custom_id as string);
    assert.equal(h.failed, false);
    const m = h.response!;
    assert.equal(m.ephemeralTo, watcher.id);
    const text = w.sim.text(m.id);
    for (const n of names) assert.ok(text.includes(n), n);
    assert.match(text, /Discards \(\d+\)/);
    assert.match(text, /Phỏm \(Tá lả\)/, "with the table message's own lines");
    // Once the table's lines name a card ("An: Discard K♣"), the reply says it in words.
    for (let k = 0; k < 8 && !/[♠♥♣♦]/u.test(w.sim.text(tableMessage(w, gameId).id)); k++) {
      const d = (engineOf('phom').pending(w.store.games.state(w.store.games.get(gameId)!)) as Decision<BaseAction>[])[0]!;
      const u = w.store.games.seats(gameId)[d.seat]!.userId!;
      await playAsAi(w, u, gameId, await openHand(w, u, gameId));
    }
    assert.match(w.sim.text(tableMessage(w, gameId).id), /[♠♥♣♦]/u);
    const again = tableMessage(w, gameId);
    const said = w.sim.text(
      (await click(w, watcher.id, again.id, buttonByLabel(w.sim, again, 'Table in words').custom_id as string)).response!.id,
    );
    assert.doesNotMatch(said, /[♠♥♣♦]/u, said);
    // After the match the table message offers nothing more (its image stays, with its alt text).
    await playHandToEnd(w, gameId);
    const end = w.sim.allMessages(w.store.games.get(gameId)!.threadId!).find((x) => /Hand 1 is over/.test(w.sim.text(x)))!;
    await endMatch(w, w.users[0]!.id, end);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    const last = tableMessage(w, gameId);
    assert.deepEqual(
      w.sim.components(last.id).filter((c) => c.type === 2 && !c.disabled),
      [],
    );
  });
});
