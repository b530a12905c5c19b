/**
 * A lobby button's change is committed before the lobby message is edited (onLobbyButton's last
 * i.editReply). When that edit failed (a 5xx past discord.js's retries, or the lobby message deleted
 * by a moderator meanwhile: 10008), the router answered "nothing was changed; please try again",
 * though the seat was taken / the table started / the lobby cancelled, and a cancelled lobby's thread
 * was never archived. Now the lobby is redrawn through the channel (posted again if deleted).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openLobby, withWorld } from './harness.js';

test('Join: the seat is taken, and the joiner is not told nothing was changed when the lobby redraw fails', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    w.sim.faults.serverError({ route: /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/, status: 500, times: 20 });
    const h = await click(w, w.users[1]!.id, l.lobbyId, l.join);
    w.sim.faults.clear();
    const seated = w.store.games.seats(l.gameId).some((s) => s.userId === w.users[1]!.id);
    const told = h.followUps.map((m) => w.sim.text(m)).join('\n');
    assert.equal(seated, true, 'the join was committed');
    assert.doesNotMatch(told, /nothing was changed/, `the joiner was told: ${told}`);
  });
});

test('Cancel: the lobby is cancelled and its thread archived though the lobby redraw fails', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    const cancel = String(buttonByLabel(w.sim, l.lobby(), 'Cancel').custom_id);
    w.sim.faults.serverError({ route: /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/, status: 500, times: 20 });
    const h = await click(w, w.users[0]!.id, l.lobbyId, cancel);
    w.sim.faults.clear();
    const row = w.store.games.get(l.gameId)!;
    const told = h.followUps.map((m) => w.sim.text(m)).join('\n');
    assert.equal(row.status, 'cancelled', 'the cancel was committed');
    const archived = w.sim.channel(row.threadId!).archived;
    assert.ok(archived || row.outbox.length > 0, 'the thread is archived, or kept in the outbox for later');
    assert.doesNotMatch(told, /nothing was changed/, `the host was told: ${told}`);
  });
});

test('Start: the table starts, and the lobby, redrawn through the channel, says so with Join greyed out', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    await click(w, w.users[1]!.id, l.lobbyId, l.join);
    const start = String(buttonByLabel(w.sim, l.lobby(), 'Start').custom_id);
    w.sim.faults.serverError({ route: /^PATCH \/webhooks\/\d+\/[^/]+\/messages\/@original$/, status: 500, times: 20 });
    const h = await click(w, w.users[0]!.id, l.lobbyId, start);
    w.sim.faults.clear();
    const told = h.followUps.map((m) => w.sim.text(m)).join('\n');
    assert.equal(w.store.games.get(l.gameId)!.status, 'running');
    assert.doesNotMatch(told, /nothing was changed/, `the host was told: ${told}`);
    assert.match(w.sim.text(l.lobby()), /started in/, 'the lobby shows the table started');
    assert.equal(buttonByLabel(w.sim, l.lobby(), 'Join').disabled, true, 'Join greyed out');
  });
});
