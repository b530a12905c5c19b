/**
 * Idle lobbies close (/config lobby-days, default 7; src/bot/lobby-expiry.ts): a lobby nobody starts
 * within that many days of its last change is cancelled, its message says why with its buttons off,
 * its thread gets one line and is archived, and /games no longer lists it. A join restarts the count;
 * lobby-days 0 keeps lobbies open.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { later, buttonByLabel, click, openLobby, slash, withWorld, type World } from './harness.js';

const DAY = 24 * 3600_000;

const disabled = (w: World, id: string) =>
  w.sim
    .components(id)
    .filter((c) => c.type === 2)
    .every((c) => c.disabled === true);

test('a lobby nobody starts closes after lobby-days (7 by default) from its last change; a join restarts the count', async () => {
  await withWorld(async (w) => {
    const [host, guest] = w.users;
    const l = await openLobby(w, host!.id);
    assert.match(w.sim.text(l.lobbyId), /If nobody starts it, this lobby closes <t:\d+:R>/);
    const closesAt = () => Number(/closes <t:(\d+):R>/.exec(w.sim.text(l.lobbyId))![1]) * 1000;
    assert.equal(closesAt(), w.now.t + 7 * DAY);
    await later(w, 6 * DAY);
    // A join, six days in: seven more days from now.
    await click(w, guest!.id, l.lobbyId, l.join);
    assert.equal(closesAt(), w.now.t + 7 * DAY);
    await later(w, 6 * DAY);
    assert.equal(w.store.games.get(l.gameId)!.status, 'lobby', 'six days after the join it is still open');
    await later(w, DAY + 1);
    assert.equal(w.store.games.get(l.gameId)!.status, 'cancelled');
    assert.match(w.sim.text(l.lobbyId), /— closed: nobody started it within 7 days/);
    assert.ok(disabled(w, l.lobbyId), 'the lobby offers nothing to click');
    const threadId = w.store.games.get(l.gameId)!.threadId!;
    const said = w.sim.allMessages(threadId).map((m) => w.sim.text(m));
    assert.ok(
      said.some((s) => /This lobby closed: nobody started it within 7 days of its last change/.test(s)),
      said.join('\n'),
    );
    assert.equal(w.sim.channel(threadId).archived, true, 'its thread is archived');
    // /games lists no open lobby.
    const g = await (await slash(w, host!.id, 'games', { show: 'open' })).reply();
    assert.match(g.content + g.embeds.map((e) => String(e.description ?? '')).join(''), /No lobby on this server has a free seat/);
  });
});

test('lobby-days is per server and game: 0 keeps lobbies open, 1 closes them after a day; the setting applies to lobbies already open', async () => {
  await withWorld(async (w) => {
    const [host] = w.users;
    const phom = await openLobby(w, host!.id, 'phom');
    const chan = await openLobby(w, host!.id, 'chan');
    const set = async (game: string, value: string) => {
      const h = await slash(w, w.admin.id, 'config', { set: { game, key: 'lobby-days', value } });
      return h.response!.content;
    };
    assert.match(await set('phom', '0'), /lobby-days is now 0\.[\s\S]*applies to lobbies already open/);
    assert.match(await set('chan', '1'), /lobby-days is now 1/);
    assert.match(await set('chan', '91'), /0–90/, 'out of range is refused with the range');
    // The open lobbies' messages follow the new value at once.
    assert.doesNotMatch(w.sim.text(phom.lobbyId), /closes/);
    assert.match(w.sim.text(chan.lobbyId), new RegExp(`closes <t:${Math.floor((w.now.t + DAY) / 1000)}:R>`));
    await later(w, DAY + 1);
    assert.equal(w.store.games.get(chan.gameId)!.status, 'cancelled', 'Chắn: one day');
    assert.match(w.sim.text(chan.lobbyId), /within 1 day$/m);
    await later(w, 60 * DAY);
    assert.equal(w.store.games.get(phom.gameId)!.status, 'lobby', 'Phỏm: 0 keeps it open');
    // A reset of every key brings back the default (7 days), on the message too.
    await slash(w, w.admin.id, 'config', { reset: { game: 'phom' } });
    assert.match(w.sim.text(phom.lobbyId), /closes <t:\d+:R>/);
  });
});

test('a lobby its host cancels, or leaves alone, has its thread archived (it no longer counts against the active threads)', async () => {
  await withWorld(async (w) => {
    const [host, guest] = w.users;
    const a = await openLobby(w, host!.id);
    const b = await openLobby(w, guest!.id);
    const threadOf = (id: string) => w.store.games.get(id)!.threadId!;
    assert.equal(w.sim.channel(threadOf(a.gameId)).archived, false);
    await click(w, host!.id, a.lobbyId, buttonByLabel(w.sim, a.lobby(), 'Cancel').custom_id as string);
    assert.equal(w.store.games.get(a.gameId)!.status, 'cancelled');
    assert.equal(w.sim.channel(threadOf(a.gameId)).archived, true);
    await click(w, guest!.id, b.lobbyId, buttonByLabel(w.sim, b.lobby(), 'Leave').custom_id as string);
    assert.equal(w.store.games.get(b.gameId)!.status, 'cancelled');
    assert.equal(w.sim.channel(threadOf(b.gameId)).archived, true);
  });
});

test('a sweep closes at most 25 idle lobbies (each takes three requests while the timer round waits); the next sweep the rest', async () => {
  await withWorld(async (w) => {
    const ids: string[] = [];
    // nine hosts: one member hosts at most MAX_OPEN_LOBBIES (3) open lobbies
    const hosts = Array.from({ length: 9 }, (_, k) => {
      const u = w.sim.createUser({ username: `host${k}`, locale: 'en-US' });
      w.sim.addMember(w.guildId, u.id);
      return u.id;
    });
    for (let k = 0; k < 27; k++) ids.push((await openLobby(w, hosts[k % 9]!)).gameId);
    const open = () => ids.filter((id) => w.store.games.get(id)!.status === 'lobby').length;
    await later(w, 7 * DAY + 1);
    assert.equal(open(), 2);
    await later(w, 5 * 60_000);
    assert.equal(open(), 2, 'not before the next sweep (every 10 minutes)');
    await later(w, 5 * 60_000);
    assert.equal(open(), 0);
  });
});
