/**
 * The AI seats of a lobby: an AI is named in the table's language whatever the host's Discord
 * language; a person who joins a full table takes the seat of the AI added last (there is no room
 * on the lobby for a button removing an AI), and only a table of people is full to them; a table
 * size smaller than the seats taken drops the newest AIs, refused only below the people seated.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, buttonByLabel, click, openLobby, slash } from './harness.js';
import { decodeGameId } from '../../src/bot/custom-id.js';

type Json = Record<string, unknown>;

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
      const { lobbyId, lobby, join, gameId } = await openLobby(w, host!.id);
      await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI (strong)').custom_id as string);
      await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI (easy)').custom_id as string);
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

test('the table-size select: a size below the seats taken drops the newest AIs; below the people seated it is refused', async () => {
  await withWorld(async (w) => {
    const [host, p1, p2] = w.users;
    const { lobbyId, lobby, join, gameId } = await openLobby(w, host!.id);
    // host, AI 1, p1, AI 2: a full table of 4, the AIs between the people.
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI (strong)').custom_id as string);
    await click(w, p1!.id, lobbyId, join);
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI player').custom_id as string);
    const seats = () => w.store.games.seats(gameId).map((s) => [s.seat, s.userId ?? s.displayName]);
    assert.deepEqual(seats(), [
      [0, host!.id],
      [1, 'AI 1'],
      [2, p1!.id],
      [3, 'AI 2'],
    ]);
    const sizes = w.sim.components(lobby()).find((c) => c.type === 3 && decodeGameId(String(c.custom_id))?.arg === 'seats')!;
    const id = String(sizes.custom_id);
    assert.deepEqual(
      (sizes.options as Json[]).map((o) => o.value),
      ['2', '3', '4'],
      'down to the two people seated',
    );
    const pick = async (n: string) => {
      const r = await w.sim.select(host!.id, lobbyId, id, [n]);
      await r.settled();
      await w.bot.whenIdle();
      return r;
    };
    // 3 seats: AI 2 (the newest) leaves.
    await pick('3');
    assert.equal(w.store.games.get(gameId)!.seats, 3);
    assert.deepEqual(seats(), [
      [0, host!.id],
      [1, 'AI 1'],
      [2, p1!.id],
    ]);
    // 2 seats: AI 1 leaves too, the seats renumbered.
    await pick('2');
    assert.equal(w.store.games.get(gameId)!.seats, 2);
    assert.deepEqual(seats(), [
      [0, host!.id],
      [1, p1!.id],
    ]);
    assert.match(w.sim.text(lobby()), /Players: 2 seated \(2 play\):\n1\. <@\d+> · host\n2\. <@\d+>\n/);
    assert.equal(buttonByLabel(w.sim, lobby(), 'Start').disabled, false);
    // Back to 4 with an AI, then a third person joins before the panel is drawn again (a race):
    // 2 seats would send a person away, so it is refused and nothing changes.
    await pick('4');
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI player').custom_id as string);
    w.store.games.setSeats(gameId, [...w.store.games.seats(gameId), { seat: 3, userId: p2!.id, isAi: false, displayName: p2!.name }]);
    const no = await pick('2');
    assert.match(w.sim.text(no.followUps[0]!), /3 people are seated \(AIs not counted\): the table cannot be smaller/);
    assert.equal(w.store.games.get(gameId)!.seats, 4);
    assert.equal(w.store.games.seats(gameId).length, 4);
    // 3 seats is possible: the AI leaves, the three people stay.
    await pick('3');
    assert.deepEqual(
      seats().map((s) => s[1]),
      [host!.id, p1!.id, p2!.id],
    );
  });
});

test('the host leaves the lobby after adding an AI: the next host takes seat 0, so the first hand is theirs (phom.md §3, chan.md §13)', async () => {
  await withWorld(async (w) => {
    const [host, p1, p2] = w.users;
    const { lobbyId, lobby, join, gameId } = await openLobby(w, host!.id, 'chan');
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Add AI player').custom_id as string);
    await click(w, p1!.id, lobbyId, join);
    await click(w, p2!.id, lobbyId, join);
    await click(w, host!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Leave').custom_id as string);
    const row = w.store.games.get(gameId)!;
    assert.equal(row.hostUserId, p1!.id, 'the first person left is the host');
    assert.deepEqual(
      w.store.games.seats(gameId).map((s) => s.userId),
      [p1!.id, null, p2!.id],
      'the new host sits at seat 0, the others keep their order',
    );
    // Chắn's first opener is the host's seat under `first-opener = host`; a non-host leaving moves nobody.
    await click(w, p2!.id, lobbyId, buttonByLabel(w.sim, lobby(), 'Leave').custom_id as string);
    assert.deepEqual(
      w.store.games.seats(gameId).map((s) => s.userId),
      [p1!.id, null],
    );
  });
});
