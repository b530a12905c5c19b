/**
 * The AI seats of a lobby: an AI is named in the table's language whatever the host's Discord
 * language.
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
