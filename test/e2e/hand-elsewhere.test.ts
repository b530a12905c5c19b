/**
 * A seat view opened outside the game thread (from a DM notice's "Open my hand", or /games in another
 * channel) is an ephemeral message there. A move played from it passed the click as `via`, so the
 * step's public posts (the next player's ping, a moved table message) went out as follow-ups of that
 * interaction: into the player's DM or that other channel, not the game thread. Now only a click in
 * the game's thread posts through its interaction.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, playAsAi, playUntilMoveOf, slash, withWorld, type World } from './harness.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import type { SimMessage } from '../discord-sim/model.js';

const pendingUsers = (w: World, gameId: string) => {
  const row = w.store.games.get(gameId)!;
  const seats = w.store.games.seats(gameId);
  return (engineOf(row.game).pending(w.store.games.state(row)) as Decision<BaseAction>[]).map((d) => seats[d.seat]!.userId);
};

async function dmSeatView(w: World) {
  const [an, binh] = w.users;
  await slash(w, binh!.id, 'notify', { 'time-zone': 'Asia/Ho_Chi_Minh' });
  await click(w, binh!.id, (await (await slash(w, binh!.id, 'notify')).reply()).id, 'x:notify:t:turn');
  const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
  await playUntilMoveOf(w, gameId, binh!.id);
  const dm = w.sim.dmChannel(binh!.id)!;
  const notice = w.sim.visibleMessages(dm.id, binh!.id).filter((m) => !m.ephemeralTo)[0]!;
  const hv = await click(w, binh!.id, notice.id, String(buttonByLabel(w.sim, notice, 'Open my hand').custom_id));
  const hand: SimMessage = w.sim.message(hv.response!.id)!;
  assert.equal(hand.channelId, dm.id, 'the seat view is in the DM');
  return { an: an!, binh: binh!, gameId, threadId, dm, notice, hand };
}
const publicFollowUps = (w: World, channelId: string) =>
  w.sim.allMessages(channelId).filter((m) => m.ephemeralTo === undefined && m.interactionId !== undefined);

test("DM seat view: the next player's ping goes to the game thread, not the mover's DM", async () => {
  await withWorld(async (w) => {
    const s = await dmSeatView(w);
    // Async play: an's own seat view (opened in the thread) is past its token's life, so an is pinged.
    w.now.t += 14 * 60_000;
    let hand = s.hand;
    for (let k = 0; k < 10 && pendingUsers(w, s.gameId).includes(s.binh.id); k++) hand = await playAsAi(w, s.binh.id, s.gameId, hand);
    assert.deepEqual(pendingUsers(w, s.gameId), [s.an.id], "an's turn now");
    const ping = w.store.games.get(s.gameId)!.pingMessageId;
    assert.ok(ping, 'an is pinged');
    assert.equal(w.sim.message(ping)!.channelId, s.threadId, `an's ping is in the game thread, not binh's DM: ${w.sim.text(ping)}`);
    assert.deepEqual(
      publicFollowUps(w, s.dm.id).map((m) => w.sim.text(m)),
      [],
      'no public follow-up of the game lands in the DM',
    );
  });
});

test('DM seat view, table token past 13 min: the table message stays in the game thread', async () => {
  await withWorld(async (w) => {
    const s = await dmSeatView(w);
    const before = w.store.games.get(s.gameId)!.tableMessageId!;
    w.now.t += 14 * 60_000;
    let hand = s.hand;
    for (let k = 0; k < 10 && pendingUsers(w, s.gameId).includes(s.binh.id); k++) hand = await playAsAi(w, s.binh.id, s.gameId, hand);
    const row = w.store.games.get(s.gameId)!;
    const table = w.sim.message(row.tableMessageId!)!;
    assert.equal(
      table.channelId,
      s.threadId,
      `the table message is in the game thread, not binh's DM (the thread's one, ${before}, deleted: ${w.sim.message(before)!.deleted})`,
    );
  });
});

test('/games in another channel: a move from the seat view it opens posts nothing public in that channel', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    const general = w.sim.createTextChannel(w.guildId, 'general');
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0);
    await playUntilMoveOf(w, gameId, binh!.id);
    w.now.t += 14 * 60_000;
    const list = await (await slash(w, binh!.id, 'games', {}, general.id)).reply();
    const open = w.sim.components(list).find((c) => c.type === 2 && /Open my hand/.test(String(c.label)))!;
    const hv = await click(w, binh!.id, list.id, String(open.custom_id));
    let hand: SimMessage = w.sim.message(hv.response!.id)!;
    assert.equal(hand.channelId, general.id);
    for (let k = 0; k < 10 && pendingUsers(w, gameId).includes(binh!.id); k++) hand = await playAsAi(w, binh!.id, gameId, hand);
    const leaked = publicFollowUps(w, general.id).map((m) => w.sim.text(m));
    assert.deepEqual(leaked, [], 'nothing of the game is posted publicly in #general');
    assert.equal(w.sim.message(w.store.games.get(gameId)!.tableMessageId!)!.channelId, threadId, 'the table stays in its thread');
    void an;
  });
});
