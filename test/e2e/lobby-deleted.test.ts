/**
 * A lobby message a moderator deleted before Start: its Join, Start and Cancel went with it, while
 * /games kept listing the lobby. The next redraw (a Join from /games) answers 10008 Unknown Message:
 * the lobby is posted again in its channel and the new message recorded, so it can be started.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openLobby, slash, withWorld, type World } from './harness.js';

/** Clicks "Join" on the /games show:open listing for `userId`. */
async function joinFromGames(w: World, userId: string): Promise<void> {
  const g = await slash(w, userId, 'games', { show: 'open' });
  const list = w.sim.message(g.response!.id)!;
  await click(w, userId, list.id, String(buttonByLabel(w.sim, list, /Join/).custom_id));
}

test('a lobby message deleted before Start is posted again when someone joins from /games, and the table starts', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    w.sim.deleteMessage(w.sim.message(l.lobbyId)!);
    await joinFromGames(w, w.users[1]!.id);
    const row = w.store.games.get(l.gameId)!;
    assert.equal(w.store.games.seats(l.gameId).length, 2, 'seated');
    assert.ok(row.lobbyMessageId && row.lobbyMessageId !== l.lobbyId, 'a new lobby message is recorded');
    const lobby = w.sim.message(row.lobbyMessageId)!;
    assert.equal(lobby.deleted, false);
    assert.equal(lobby.channelId, w.channelId, "in the lobby's channel");
    assert.ok(w.sim.text(lobby).includes(`<@${w.users[1]!.id}>`), 'showing the seats');
    await click(w, w.users[0]!.id, lobby.id, String(buttonByLabel(w.sim, lobby, 'Start').custom_id));
    assert.equal(w.store.games.get(l.gameId)!.status, 'running', 'started from the new lobby message');
  });
});

test('the host of a lobby whose message was deleted gets it back through /games (already seated)', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    await click(w, w.users[1]!.id, l.lobbyId, l.join);
    w.sim.deleteMessage(w.sim.message(l.lobbyId)!);
    await joinFromGames(w, w.users[0]!.id);
    const id = w.store.games.get(l.gameId)!.lobbyMessageId!;
    assert.notEqual(id, l.lobbyId);
    const lobby = w.sim.message(id)!;
    await click(w, w.users[0]!.id, lobby.id, String(buttonByLabel(w.sim, lobby, 'Start').custom_id));
    assert.equal(w.store.games.get(l.gameId)!.status, 'running');
  });
});

test('a deleted lobby redrawn twice at once (/config lobby-days and a Join from /games) is posted again once', async () => {
  await withWorld(async (w) => {
    const l = await openLobby(w, w.users[0]!.id);
    const g = await slash(w, w.users[1]!.id, 'games', { show: 'open' });
    const list = w.sim.message(g.response!.id)!;
    const joinId = String(buttonByLabel(w.sim, list, /Join/).custom_id);
    w.sim.deleteMessage(w.sim.message(l.lobbyId)!);
    const a = w.sim.slash(w.admin.id, w.channelId, 'config', { set: { game: 'phom', key: 'lobby-days', value: '5' } } as never);
    const b = w.sim.click(w.users[1]!.id, list.id, joinId);
    await (await a).settled({ timeout: 30_000 });
    await (await b).settled({ timeout: 30_000 });
    await w.bot.whenIdle();
    const lobbies = w.sim
      .allMessages(w.channelId)
      .filter((m) => !m.deleted && !m.ephemeralTo && m.id !== l.lobbyId && /Join/.test(JSON.stringify(m.components)));
    assert.equal(lobbies.length, 1, 'one lobby message, the one recorded');
    assert.equal(lobbies[0]!.id, w.store.games.get(l.gameId)!.lobbyMessageId);
  });
});
