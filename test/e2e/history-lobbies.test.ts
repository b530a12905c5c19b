/**
 * /history lists the 15 most recent games that started. It read the 15 most recent rows of any
 * status and only then dropped lobbies and cancelled lobbies, so a server where 15 lobbies were
 * opened (or closed unstarted) since its last game was told "No games yet." The store leaves them
 * out in the query now (store/games.ts `recentPlayed`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slash, withWorld, type World } from './harness.js';

/** A started game of two people, then `lobbies` newer lobbies (every other one cancelled), a minute apart. */
function playedThenLobbies(w: World, lobbies: number): string {
  const played = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: w.guildId });
  w.store.games.setSeats(played.id, [
    { seat: 0, userId: w.users[0]!.id, isAi: false, displayName: 'an' },
    { seat: 1, userId: w.users[1]!.id, isAi: false, displayName: 'binh' },
  ]);
  w.store.games.start(played.id);
  for (let k = 0; k < lobbies; k++) {
    w.now.t += 60_000;
    const l = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: `l${k}`, seats: 4, guildId: w.guildId });
    if (k % 2) w.store.games.update(l.id, { status: 'cancelled' });
  }
  return played.id;
}

test('/history still lists a played game after 15 newer lobbies, with and without game:', async () => {
  await withWorld(async (w) => {
    const played = playedThenLobbies(w, 15);
    for (const options of [{}, { game: 'phom' }]) {
      const r = await (await slash(w, w.users[2]!.id, 'history', options)).reply();
      assert.match(r.content, new RegExp(`\`${played}\``), `the played game is listed (${JSON.stringify(options)}); got: ${r.content}`);
      assert.equal(r.content.match(/^`[0-9a-z]+`/gm)?.length, 1, 'and no lobby');
    }
  });
});

test('store: recentPlayed() gives the newest started games, up to the limit, lobbies and cancelled lobbies left out', async () => {
  await withWorld(async (w) => {
    const first = playedThenLobbies(w, 3);
    const second = playedThenLobbies(w, 3);
    assert.deepEqual(
      w.store.games.recentPlayed(w.guildId, 15).map((g) => g.id),
      [second, first],
    );
    assert.deepEqual(
      w.store.games.recentPlayed(w.guildId, 1).map((g) => g.id),
      [second],
    );
    assert.deepEqual(w.store.games.recentPlayed(w.guildId, 15, 'chan'), []);
  });
});
