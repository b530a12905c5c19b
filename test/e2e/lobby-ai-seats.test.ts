/**
 * The AI seats of a lobby: an AI is named in the table's language whatever the host's Discord
 * language; a person who joins a full table takes the seat of the AI added last (there is no room
 * on the lobby for a button removing an AI), and only a table of people is full to them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, buttonByLabel, click, slash } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

test("an AI added in the lobby is named in the table's language, not the host's", async () => {
  await withWorld(
    async (w) => {
      const host = w.users[0]!;
      const h = await slash(w, host.id, 'play', { game: 'phom' });
      const lobby = () => w.sim.message(h.response!.id)!;
      // The lobby is drawn in the table's (the server's) language: Vietnamese.
      await click(w, host.id, lobby().id, buttonByLabel(w.sim, lobby(), 'Thêm máy').custom_id as string);
      const gameId = decodeGameId(buttonByLabel(w.sim, lobby(), 'Vào bàn').custom_id as string)!.gameId;
      assert.deepEqual(
        w.store.games.seats(gameId).map((s) => s.displayName),
        ['an', 'Máy 1'],
      );
      assert.match(w.sim.text(lobby()), /🤖 Máy 1 · /);
    },
    { guildLocale: 'vi', userLocale: 'en-US' },
  );
});

test('Join on a full table: the newest AI gives its seat to the person; a table of people only is full', async () => {
  await withWorld(
    async (w) => {
      const [host, p1, p2, p3, p4] = w.users;
      const h = await slash(w, host!.id, 'play', { game: 'phom' });
      const lobbyId = h.response!.id;
      const lobby = () => w.sim.message(lobbyId)!;
      const join = buttonByLabel(w.sim, lobby(), 'Join').custom_id as string;
      const gameId = decodeGameId(join)!.gameId;
      await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'AI: strong').custom_id as string);
      await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'AI: easy').custom_id as string);
      await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI player').custom_id as string);
      const seats = () => w.store.games.seats(gameId).map((s) => [s.seat, s.userId ?? s.displayName, s.isAi ? s.aiLevel : null]);
      assert.equal(w.store.games.get(gameId)!.seats, 4);
      assert.equal(seats().length, 4, 'the table of 4 is full');
      assert.match(w.sim.text(lobby()), /The table is full: a player who joins takes the seat of the AI added last\./);

      // A friend arrives: AI 3 (seat 4, the newest) leaves, the friend sits last; no refusal.
      const r1 = await click(w, p1!.id, lobbyId, join);
      assert.deepEqual(r1.followUps, [], 'no refusal');
      assert.deepEqual(seats(), [
        [0, host!.id, null],
        [1, 'AI 1', 'strong'],
        [2, 'AI 2', 'easy'],
        [3, p1!.id, null],
      ]);
      // The next one takes AI 2's seat (the newest AI now), the seats renumbered as Leave does.
      await click(w, p2!.id, lobbyId, join);
      assert.deepEqual(seats(), [
        [0, host!.id, null],
        [1, 'AI 1', 'strong'],
        [2, p1!.id, null],
        [3, p2!.id, null],
      ]);
      assert.match(w.sim.text(lobby()), /2\. 🤖 AI 1 · strong\n3\. <@\d+>\n4\. <@\d+>/);
      await click(w, p3!.id, lobbyId, join);
      assert.deepEqual(
        seats().map((s) => s[1]),
        [host!.id, p1!.id, p2!.id, p3!.id],
      );
      assert.doesNotMatch(w.sim.text(lobby()), /takes the seat of the AI/, 'no AI left to give its seat');
      // Four people: the fifth is refused, privately, and nothing changes.
      const r4 = await click(w, p4!.id, lobbyId, join);
      assert.match(w.sim.text(r4.followUps[0]!), /The table is full \(4 seats\)/);
      assert.equal(r4.followUps[0]!.ephemeralTo, p4!.id);
      assert.deepEqual(
        seats().map((s) => s[1]),
        [host!.id, p1!.id, p2!.id, p3!.id],
      );
    },
    { users: 5 },
  );
});
