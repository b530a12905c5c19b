/**
 * A DM to a member who was kicked from the table's server. Discord answers 50007 "Cannot send
 * messages to this user" both when the user's DMs are closed and when they share no server with the
 * bot; the bot took every 50007 as closed DMs: a DM notice switched all the user's notices off (every
 * server) and their next ephemeral reply said their DMs were closed, and a seat view kept in DMs put
 * their choice back to ephemeral for every server. Now the bot asks Discord whether they are still a
 * member of that table's server: one who is not leaves its tables (at the next housekeeping round, as
 * after a DM click), and their notice settings and seat view choice stay as they were.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openHand, playAsAi, playUntilMoveOf, pendingNow, slash, withWorld, type World } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/replay.js';

const MIN = 60_000;

async function notifyOn(w: World, userId: string, kinds: string[]): Promise<void> {
  const panel = (await (await slash(w, userId, 'notify')).reply()).id;
  for (const k of kinds) await click(w, userId, panel, `x:notify:t:${k}`);
}

const seatOf = (w: World, gameId: string, userId: string) => w.store.games.seats(gameId).find((s) => s.userId === userId)!.seat;

test('a DM notice refused (50007) because its user was kicked: not "DMs closed"; their seat passes to the AI', async () => {
  await withWorld(async (w) => {
    const [an, binh] = [w.users[0]!.id, w.users[1]!.id];
    await notifyOn(w, binh, ['turn', 'claim']);
    const { gameId, threadId } = await openTableOf(w, 2);
    await playUntilMoveOf(w, gameId, an);
    w.now.t += 5 * MIN; // binh is no longer "at the table": a DM is due at their next move
    w.sim.kick(w.guildId, binh);
    const seat = seatOf(w, gameId, binh);
    for (let k = 0; k < 20 && !pendingNow(w, gameId).some((d) => d.seat === seat); k++)
      await playAsAi(w, an, gameId, await openHand(w, an, gameId));
    assert.ok(
      pendingNow(w, gameId).some((d) => d.seat === seat),
      "binh's move",
    );

    const notices = w.store.notices.all(binh);
    assert.ok(notices.length >= 1, 'a move notice was recorded');
    assert.equal(notices.at(-1)!.outcome, 'gone', 'the DM was refused: binh is no longer a member');
    assert.equal(w.sim.user(binh).dmsClosed ?? false, false, 'binh never closed their DMs');
    const p = w.store.prefs.get(binh);
    assert.equal(p.dmsClosed, false, 'a 50007 to a kicked member is not recorded as "DMs closed"');
    assert.equal(p.dmsClosedUntold, false, 'no "your DMs are closed" line waits for them');
    assert.equal(p.notify.turn, true, 'their notices stay on (their other servers, or when they come back)');
    assert.equal(p.notify.claim, true);

    // The next housekeeping round: binh leaves the table, as after a DM click of theirs.
    await later(w, 10 * MIN);
    assert.equal(w.store.games.seats(gameId)[seat]!.isAi, true, "binh's seat passed to the AI");
    assert.ok(
      w.sim.allMessages(threadId).some((m) => /no longer a member of this server/.test(w.sim.text(m))),
      'the table says a member left',
    );
  });
});

test('a DM notice refused (50007) to a member whose DMs are closed still switches their notices off', async () => {
  await withWorld(async (w) => {
    const [an, binh] = [w.users[0]!.id, w.users[1]!.id];
    await notifyOn(w, binh, ['turn']);
    w.sim.setDmsClosed(binh, true);
    const { gameId } = await openTableOf(w, 2);
    await playUntilMoveOf(w, gameId, an);
    w.now.t += 5 * MIN;
    await playUntilMoveOf(w, gameId, binh);
    const p = w.store.prefs.get(binh);
    assert.equal(p.dmsClosed, true);
    assert.equal(p.notify.turn, false);
    assert.equal(w.store.notices.all(binh).at(-1)!.outcome, 'closed');
    await later(w, 10 * MIN);
    assert.equal(w.store.games.seats(gameId)[seatOf(w, gameId, binh)]!.isAi, false, 'a member keeps the seat');
  });
});

test('a seat view in DMs refused (50007) because its player was kicked: their choice stays, their seat passes to the AI', async () => {
  await withWorld(async (w) => {
    const [an, binh] = [w.users[0]!.id, w.users[1]!.id];
    await slash(w, binh, 'prefs', { 'hand-view': 'dm' });
    assert.equal(w.store.seatChannels.place(binh).place, 'dm');
    // Binh joins, then is kicked before Start: the first hand message to their DMs is refused.
    const { gameId, start, lobbyId } = await lobbyOf(w, 2);
    w.sim.kick(w.guildId, binh);
    await click(w, an, lobbyId, start);
    const seat = seatOf(w, gameId, binh);
    const sc = w.store.seatChannels.get(gameId, seat);
    assert.ok(sc?.failed, 'the seat view could not be posted');
    assert.notEqual(sc.failed, 'dm-closed', 'not taken for closed DMs');
    assert.equal(w.store.seatChannels.place(binh).place, 'dm', 'their choice for their other servers stays');
    assert.equal(w.store.seatChannels.takeNotice(binh), null, 'no "could not send your hand view by DM" line waits for them');
    await later(w, 10 * MIN);
    assert.equal(w.store.games.seats(gameId)[seat]!.isAi, true, "binh's seat passed to the AI");
  });
});

test('a seat view in DMs refused (50007) to a member whose DMs are closed still falls back to ephemeral views', async () => {
  await withWorld(async (w) => {
    const binh = w.users[1]!.id;
    await slash(w, binh, 'prefs', { 'hand-view': 'dm' });
    w.sim.setDmsClosed(binh, true);
    const { gameId } = await openTableOf(w, 2);
    assert.equal(w.store.seatChannels.get(gameId, seatOf(w, gameId, binh))!.failed, 'dm-closed');
    assert.equal(w.store.seatChannels.place(binh).place, 'ephemeral');
  });
});

/** A Phỏm lobby of `humans` people (all joined), not started: its Start button. */
async function lobbyOf(w: World, humans: number) {
  const host = w.users[0]!.id;
  const h = await slash(w, host, 'play', { game: 'phom' });
  const lobbyId = h.response!.id;
  const join = buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Join').custom_id as string;
  for (const u of w.users.slice(1, humans)) await click(w, u.id, lobbyId, join);
  const start = buttonByLabel(w.sim, w.sim.message(lobbyId)!, 'Start').custom_id as string;
  const gameId = decodeGameId(start)!.gameId;
  // A fixed deal whose first hand is in play (as harness.ts `seedInPlay` chooses for openTable).
  const row = w.store.games.get(gameId)!;
  const engine = engineOf(row.game);
  let k = 0;
  while (engine.result(initialState(engine, row.options, humans, `kicked-dm-${k}`)) !== null) k++;
  w.store.db.prepare('UPDATE games SET seed = ? WHERE id = ?').run(`kicked-dm-${k}`, gameId);
  return { gameId, start, lobbyId };
}

async function openTableOf(w: World, humans: number) {
  const { gameId, start, lobbyId } = await lobbyOf(w, humans);
  await click(w, w.users[0]!.id, lobbyId, start);
  const row = w.store.games.get(gameId)!;
  assert.equal(row.status, 'running');
  return { gameId, threadId: row.threadId! };
}
