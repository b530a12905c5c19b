/**
 * A lobby's Cancel (beside Start) asks its host first once anyone else has joined (bot/lobby.ts
 * `cancelConfirmArg`): one click closed a lobby others had joined. Alone, the host cancels at once.
 * The question's "Yes, cancel the lobby" names who was seated: after a join or a leave it is out of date.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openLobby, click, buttonByLabel, buttons } from './harness.js';

test('Cancel with another player seated: an ephemeral question first (twice: still open); its Yes cancels', async () => {
  await withWorld(async (w) => {
    const [host, guest] = [w.users[0]!.id, w.users[1]!.id];
    const l = await openLobby(w, host);
    await click(w, guest, l.lobbyId, l.join);
    const cancel = buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id as string;
    const ask = await click(w, host, l.lobbyId, cancel);
    await click(w, host, l.lobbyId, cancel); // a double click: asked again, nothing more
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'Cancel alone cancels nothing');
    const question = ask.followUps[0]!;
    assert.equal(question.ephemeralTo, host);
    assert.match(w.sim.text(question), /Cancel this lobby\? 1 other player has joined/);
    assert.ok(
      buttons(w.sim, l.lobby()).some((b) => b.label === 'Start'),
      'the lobby still shows its buttons',
    );
    // The guest may not cancel: refused, not asked.
    const refused = await click(w, guest, l.lobbyId, cancel);
    assert.match(refused.followUps[0]!.content, /host/i);
    const yes = buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, cancel the lobby').custom_id as string;
    const conf = await click(w, host, question.id, yes);
    assert.equal(conf.failed, false);
    const row = w.store.games.get(l.gameId)!;
    assert.equal(row.status, 'cancelled');
    assert.match(w.sim.text(question.id), /You cancelled the lobby/);
    assert.deepEqual(buttons(w.sim, w.sim.message(question.id)!), [], 'the question keeps no button');
    assert.match(w.sim.text(l.lobby()), /cancelled/i, 'the lobby message says so');
    assert.equal(w.sim.channel(row.threadId!).archived, true, 'its thread is archived');
  });
});

test('a Yes asked before someone else joined is out of date; alone, the host cancels in one click', async () => {
  await withWorld(async (w) => {
    const [host, guest, third] = [w.users[0]!.id, w.users[1]!.id, w.users[2]!.id];
    const l = await openLobby(w, host);
    await click(w, guest, l.lobbyId, l.join);
    const ask = await click(w, host, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id as string);
    const question = ask.followUps[0]!;
    await click(w, third, l.lobbyId, l.join);
    await click(w, host, question.id, buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, cancel the lobby').custom_id as string);
    assert.match(w.sim.text(question.id), /out of date/);
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'not cancelled under the newcomer');
    // Both leave: the host alone cancels at once, as before.
    await click(w, guest, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Leave').custom_id as string);
    await click(w, third, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Leave').custom_id as string);
    const alone = await click(w, host, l.lobbyId, buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id as string);
    assert.equal(alone.followUps.length, 0, 'no question');
    assert.equal(w.store.games.get(l.gameId)!.status, 'cancelled');
  });
});
