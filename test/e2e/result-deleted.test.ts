/**
 * A hand's result message carries Next hand / End match. A moderator who deletes it (or a post that
 * never lands) used to leave the match with no way on until idle-days ended it. While a result waits,
 * the table message offers the same two buttons; the result message stays the main place, and
 * whichever is clicked, neither keeps buttons that no longer do anything.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  buttonByLabel,
  buttons,
  click,
  later,
  openTable,
  playHandToEnd,
  tableMessage,
  withWorld,
  type World,
  endMatch,
} from './harness.js';
import type { SimMessage } from '../discord-sim/model.js';

const resultOf = (w: World, threadId: string, n: number): SimMessage | undefined =>
  w.sim.allMessages(threadId).find((m) => !m.deleted && w.sim.text(m).includes(`Hand ${n} is over`));
const labels = (w: World, m: SimMessage) => buttons(w.sim, w.sim.message(m.id)!).map((c) => String(c.label));

test('a result message deleted by a moderator: the table message offers Next hand, and the match goes on', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEnd(w, gameId);
    const result = resultOf(w, threadId, 1)!;
    assert.ok(result, 'the result is posted');
    w.sim.deleteMessage(w.sim.message(result.id)!);
    for (let k = 0; k < 3; k++) await later(w, 10 * 60_000);
    const table = tableMessage(w, gameId);
    assert.ok(labels(w, table).includes('Next hand'), `the table offers Next hand: ${labels(w, table).join(' | ')}`);
    assert.ok(labels(w, table).includes('End match'));
    await click(w, w.users[1]!.id, table.id, String(buttonByLabel(w.sim, table, 'Next hand').custom_id));
    const row = w.store.games.get(gameId)!;
    assert.equal(row.handIndex, 1, 'hand 2 is dealt');
    assert.equal(row.status, 'running');
    const now = tableMessage(w, gameId);
    assert.notEqual(now.id, table.id, "hand 2's table is posted anew");
    assert.ok(!labels(w, now).includes('Next hand'), 'no Next hand while a hand is in play');
    assert.equal(labels(w, table).length, 0, "hand 1's table keeps its one-line summary, no buttons");
  });
});

test('Next hand on the table message takes the buttons off the result message; on the result, off the table', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEnd(w, gameId);
    const r1 = resultOf(w, threadId, 1)!;
    assert.ok(labels(w, r1).includes('Next hand'), 'the result message is the main place');
    const t1 = tableMessage(w, gameId);
    await click(w, w.users[0]!.id, t1.id, String(buttonByLabel(w.sim, t1, 'Next hand').custom_id));
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    assert.deepEqual(labels(w, r1), ['Result in words'], "the result's buttons are spent, but its words");
    // Hand 2, ended; Next hand from its result message this time.
    await playHandToEnd(w, gameId);
    const r2 = resultOf(w, threadId, 2)!;
    const t2 = tableMessage(w, gameId);
    assert.ok(labels(w, t2).includes('Next hand'));
    await click(w, w.users[1]!.id, r2.id, String(buttonByLabel(w.sim, r2, 'Next hand').custom_id));
    assert.equal(w.store.games.get(gameId)!.handIndex, 2);
    assert.deepEqual(labels(w, r2), ['Result in words']);
    assert.deepEqual(labels(w, t2), [], "hand 2's table is a one-line summary");
  });
});

test('End match on the table message (the host) ends the match; the result message loses its buttons', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    await playHandToEnd(w, gameId);
    const r1 = resultOf(w, threadId, 1)!;
    const t1 = tableMessage(w, gameId);
    // Not the host's: refused, as on the result message.
    const refused = await endMatch(w, w.users[1]!.id, t1);
    assert.equal(refused.question, undefined, 'not asked');
    assert.match(refused.first.followUps[0]!.content, /host/i);
    assert.equal(w.store.games.get(gameId)!.status, 'running');
    await endMatch(w, w.users[0]!.id, t1);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.deepEqual(labels(w, r1), []);
    assert.deepEqual(labels(w, tableMessage(w, gameId)), [], 'the finished table offers nothing');
    assert.ok(w.sim.allMessages(threadId).some((m) => /Match over: final totals/.test(w.sim.text(m))));
  });
});
