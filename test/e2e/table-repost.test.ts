/**
 * Issue #13 §4 and §5 through the real bot and the simulator: at the start of each new hand the
 * table message is posted anew at the bottom of the thread (the old one keeps a one-line summary);
 * pings carry what happened last and a relative deadline; every uploaded image has alt text
 * (the table's from public information only).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, playHandToEnd, click, buttonByLabel, tableMessage } from './harness.js';
import type { SimMessage } from '../discord-sim/model.js';

test('a new hand posts the table anew at the bottom; the old one keeps a one-line summary', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playHandToEnd(w, gameId);
    // (hand 1's table has moved under a move's interaction by now: effects.ts updateTable)
    const first = tableMessage(w, gameId);
    const result = w.sim.visibleMessages(threadId, w.users[0]!.id).find((m) => /Hand 1 is over/.test(w.sim.text(m)))!;
    await click(w, w.users[1]!.id, result.id, String(buttonByLabel(w.sim, result, 'Next hand').custom_id));
    const now = tableMessage(w, gameId);
    assert.notEqual(now.id, first.id, 'a new table message');
    const thread = w.sim.visibleMessages(threadId, w.users[0]!.id);
    const after = thread.slice(thread.findIndex((m) => m.id === result.id) + 1);
    assert.ok(
      after.some((m) => m.id === now.id),
      'the new table is below the result',
    );
    assert.match(w.sim.text(now), /Hand 2/);
    const old = w.sim.message(first.id)!;
    assert.match(w.sim.text(old), /Hand 1 is over/);
    assert.equal(w.sim.text(old).split('\n').length, 1, 'one line');
    assert.equal(old.attachments.length, 0, 'no image');
    assert.equal(w.sim.components(old).filter((c) => c.type === 2 || c.type === 3).length, 0, 'no buttons');
  });
});

test('a ping says what happened last and when the deadline is (<t:…:R>)', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const row = w.store.games.get(gameId)!;
    const turn = (w.store.games.state(row) as { turn: number }).turn;
    const next = w.store.games.seats(gameId)[1 - turn]!.userId!;
    // The first player plays their whole turn from a view; the next player has no live view: pinged.
    const user = w.store.games.seats(gameId)[turn]!.userId!;
    for (let n = 0; n < 5; n++) {
      const st = w.store.games.state(w.store.games.get(gameId)!) as { turn: number };
      if (st.turn !== turn) break;
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
    }
    const ping = w.sim
      .visibleMessages(threadId, next)
      .filter((m) => w.sim.text(m).includes(`<@${next}>`))
      .at(-1);
    assert.ok(ping, 'the next player is pinged');
    assert.match(w.sim.text(ping), /<t:\d+:R>/, 'a relative deadline');
    const lines = w.sim.text(ping).split('\n');
    assert.ok(lines.length >= 2, 'a line with the last action before the mention');
    assert.ok(lines[0]!.includes(w.store.games.seats(gameId)[turn]!.displayName), `who acted last: ${lines[0]}`);
  });
});

test('every uploaded image has alt text; the table image’s says only public things', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    const uploads = () => {
      const all: { m: SimMessage; a: SimMessage['attachments'][number] }[] = [];
      for (const m of w.sim.allMessages(threadId)) for (const a of m.attachments) all.push({ m, a });
      return all;
    };
    const hand = await openHand(w, w.users[0]!.id, gameId);
    const handAlt = w.sim.message(hand.id)!.attachments[0]!.description ?? '';
    assert.match(handAlt, /Your hand \(\d+\): /, 'the hand image names the pieces, for its owner only');
    await playHandToEnd(w, gameId);
    const seen = uploads();
    assert.ok(seen.length >= 3, 'table, hands and result images');
    for (const { a } of seen) {
      assert.ok(a.description && a.description.length > 0 && a.description.length <= 1024, `alt text on ${a.filename}`);
    }
    // The table's alt text is the public table in words (never a hand).
    const table = tableMessage(w, gameId).attachments[0]!;
    assert.doesNotMatch(table.description!, /Your hand/);
    assert.match(table.description!, /Discards \(\d+\)/);
  });
});
