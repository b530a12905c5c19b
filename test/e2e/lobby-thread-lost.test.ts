/**
 * A lobby left without its game thread. /play writes the game, posts the lobby, creates the thread
 * and records it; a process that died in between left an open lobby with no thread: after a restart
 * its Start started a table with nowhere to be posted, and a lobby that died before its message was
 * recorded was invisible but listed in /games with Join, holding its players' /privacy until
 * lobby-days closed it (never, with 0). Now /play records the lobby message as soon as it is posted,
 * Start gives a thread-less lobby its thread from the lobby message (or refuses, saying so), and the
 * housekeeping round mends such lobbies a few minutes old, or cancels those it cannot.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, later, openLobby, slash, withWorld, type World } from './harness.js';
import { Permissions as P } from '../discord-sim/model.js';

/**
 * A lobby whose /play died after recording its message but before creating its thread: opened at
 * the thread cap (so Discord has no thread on the message), then the cap lifted and the row's thread
 * forgotten.
 */
async function lobbyWithoutThread(w: World, hostId: string) {
  w.sim.setActiveThreadLimit(w.guildId, 0);
  const l = await openLobby(w, hostId);
  w.sim.setActiveThreadLimit(w.guildId, 1000);
  assert.equal(w.store.games.get(l.gameId)!.threadId, w.channelId, 'opened in the channel');
  w.store.db.prepare('UPDATE games SET thread_id = NULL WHERE id = ?').run(l.gameId);
  assert.equal(w.sim.threads(w.channelId).length, 0, 'no thread on Discord');
  return l;
}

const ephemeralsTo = (w: World, userId: string) =>
  w.sim
    .visibleMessages(w.channelId, userId)
    .filter((m) => m.ephemeralTo === userId)
    .map((m) => w.sim.text(m));

test('/play records the lobby message before it creates the thread', async () => {
  await withWorld(async (w) => {
    w.sim.faults.slow({ route: /^POST \/channels\/\d+\/messages\/\d+\/threads$/, delayMs: 1500 });
    const h = await w.sim.slash(w.users[0]!.id, w.channelId, 'play', { game: 'phom' });
    const row = async () => {
      for (let k = 0; k < 100; k++) {
        const r = w.store.db.prepare('SELECT id, thread_id, lobby_message_id FROM games').get() as
          { id: string; thread_id: string | null; lobby_message_id: string | null } | undefined;
        if (r?.lobby_message_id) return r;
        await new Promise((ok) => setTimeout(ok, 20));
      }
      return null;
    };
    const mid = await row();
    assert.ok(mid, 'the lobby message is recorded while the thread is still being created');
    assert.equal(mid.thread_id, null);
    await h.settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    const g = w.store.games.get(mid.id)!;
    assert.equal(g.lobbyMessageId, h.response!.id);
    assert.equal(g.threadId, h.response!.id, 'then the thread, started from it');
  });
});

test('after a restart, Start finds the thread Discord already has and plays there', async () => {
  await withWorld(async (w) => {
    const [host, guest] = w.users;
    const { lobbyId, lobby, gameId, join } = await openLobby(w, host!.id);
    const threadId = w.store.games.get(gameId)!.threadId!;
    // What a death between creating the thread and recording it (before this fix: and the message) leaves.
    w.store.db.prepare('UPDATE games SET thread_id = NULL, lobby_message_id = NULL WHERE id = ?').run(gameId);
    await w.restartBot();
    await click(w, guest!.id, lobbyId, join);
    assert.ok(!w.sim.threadMembers(threadId).includes(guest!.id), 'a join finds no thread to add the guest to');
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Start').custom_id as string);
    const g = w.store.games.get(gameId)!;
    assert.equal(g.status, 'running');
    assert.equal(g.threadId, threadId, 'the thread of the lobby message');
    assert.equal(g.lobbyMessageId, lobbyId);
    assert.equal(w.sim.message(g.tableMessageId!)!.channelId, threadId, 'the table is posted there');
    assert.ok(w.sim.threadMembers(threadId).includes(guest!.id), 'everyone seated is in it');
  });
});

test('Start creates the thread a lobby never got; refused, while Discord will not, the lobby stays open', async () => {
  await withWorld(async (w) => {
    const [host, guest] = w.users;
    const l = await lobbyWithoutThread(w, host!.id);
    await click(w, guest!.id, l.lobbyId, l.join);
    const start = buttonByLabel(w.sim, l.lobby(), 'Start').custom_id as string;
    w.sim.setBotPermission(w.guildId, P.CreatePublicThreads, false, w.channelId);
    await click(w, host!.id, l.lobbyId, start);
    assert.match(ephemeralsTo(w, host!.id).join('\n'), /This table has no game thread, and I could not create one just now/);
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'nothing started');
    assert.equal(w.store.games.get(l.gameId)!.threadId, null);
    w.sim.setBotPermission(w.guildId, P.CreatePublicThreads, true, w.channelId);
    await click(w, host!.id, l.lobbyId, start);
    const g = w.store.games.get(l.gameId)!;
    assert.equal(g.status, 'running');
    const [thread] = w.sim.threads(w.channelId);
    assert.ok(thread, 'a thread under the channel');
    assert.equal(g.threadId, thread.id);
    assert.equal(w.sim.message(g.tableMessageId!)!.channelId, thread.id, 'the table is posted in it');
    assert.deepEqual(
      [host!.id, guest!.id].filter((u) => w.sim.threadMembers(thread.id).includes(u)),
      [host!.id, guest!.id],
      'with everyone seated in it',
    );
  });
});

test('the housekeeping round, past a few minutes, mends a lobby without a thread, or cancels one it cannot show', async () => {
  await withWorld(async (w) => {
    const [an, binh, chi] = w.users;
    await later(w, 0); // the start-up round is done
    const mended = await lobbyWithoutThread(w, an!.id);
    // A /play that died before its lobby message was recorded: nobody sees the lobby.
    const hidden = w.store.games.create({
      game: 'phom',
      guildId: w.guildId,
      channelId: w.channelId,
      hostUserId: chi!.id,
      options: {},
      optionsHash: 'x',
      seed: 's',
      seats: 4,
    });
    w.store.games.setSeats(hidden.id, [{ seat: 0, userId: chi!.id, isAi: false, displayName: 'chi' }]);
    const listed = async () => JSON.stringify(await (await slash(w, binh!.id, 'games', { show: 'open' })).reply()).includes(hidden.id);
    assert.equal(await listed(), true, '/games lists it with Join');
    assert.match(w.sim.text(await (await slash(w, chi!.id, 'privacy', { 'delete-my-data': {} })).reply()), /still seated at an open table/);
    // A lobby whose /play may still be creating its thread (4 minutes old at the round) is left alone.
    w.now.t += 6 * 60_000;
    const young = w.store.games.create({
      game: 'phom',
      guildId: w.guildId,
      channelId: w.channelId,
      options: {},
      optionsHash: 'x',
      seed: 'y',
      seats: 4,
    });
    await later(w, 4 * 60_000); // the next round, 10 minutes after the last
    assert.equal(w.store.games.get(young.id)!.status, 'lobby', 'a lobby younger than the grace is left');

    const m = w.store.games.get(mended.gameId)!;
    assert.equal(m.status, 'lobby', 'still open');
    const [thread] = w.sim.threads(w.channelId);
    assert.ok(thread && m.threadId === thread.id, 'with its thread, started from its lobby message');
    assert.ok(w.sim.threadMembers(thread.id).includes(an!.id), 'its host in it');
    assert.match(w.sim.text(mended.lobby()), new RegExp(`lobby open <#${thread.id}>`), 'the lobby links it');

    assert.equal(w.store.games.get(hidden.id)!.status, 'cancelled', 'the lobby nobody sees is cancelled');
    assert.equal(await listed(), false, '/games no longer lists it');
    assert.match(w.sim.text(await (await slash(w, chi!.id, 'privacy', { 'delete-my-data': {} })).reply()), /cannot be undone/);

    await later(w, 10 * 60_000);
    assert.equal(w.store.games.get(young.id)!.status, 'cancelled', 'and the young one at the round after');
  });
});

test('a round that meets a 5xx creating the thread tries again at the next rounds, not cancelling a lobby players joined', async () => {
  await withWorld(async (w) => {
    const [an, binh] = w.users;
    await later(w, 0); // the start-up round is done
    const l = await lobbyWithoutThread(w, an!.id);
    await click(w, binh!.id, l.lobbyId, l.join);
    w.sim.faults.serverError({ route: /^POST \/channels\/\d+\/messages\/\d+\/threads$/, status: 503, times: 100 });
    await later(w, 10 * 60_000);
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'Discord failed for a moment: the lobby stays open');
    assert.equal(w.store.games.get(l.gameId)!.threadId, null);
    w.sim.faults.clear();
    await later(w, 10 * 60_000);
    const g = w.store.games.get(l.gameId)!;
    assert.equal(g.status, 'lobby');
    const [thread] = w.sim.threads(w.channelId);
    assert.ok(thread && g.threadId === thread.id, 'given its thread at the next round');
    assert.deepEqual(
      [an!.id, binh!.id].filter((u) => w.sim.threadMembers(thread.id).includes(u)),
      [an!.id, binh!.id],
    );
  });
});

test('a lobby whose thread Discord keeps failing to create is cancelled an hour after its /play', async () => {
  await withWorld(async (w) => {
    const [an] = w.users;
    await later(w, 0);
    const l = await lobbyWithoutThread(w, an!.id);
    w.sim.faults.serverError({ route: /^POST \/channels\/\d+\/messages\/\d+\/threads$/, status: 500, times: 1000 });
    await later(w, 50 * 60_000);
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'still tried within the hour');
    await later(w, 20 * 60_000);
    assert.equal(w.store.games.get(l.gameId)!.status, 'cancelled', 'given up after it');
    w.sim.faults.clear();
  });
});
