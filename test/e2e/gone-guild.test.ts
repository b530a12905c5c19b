/**
 * Removed from a server while the bot was down: no GuildDelete arrives, so at start (READY lists
 * every server the bot is in) the open tables of a server it is no longer in are abandoned, and the
 * tables of its servers are untouched (src/bot/app.ts `start`).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, withWorld } from './harness.js';
import { abandonedAt } from '../../src/store/index.js';

test('at start, open tables of a server the bot is no longer in are abandoned; the others are not', async () => {
  await withWorld(async (w) => {
    const here = await openTable(w, 'phom', 2, 0);
    const gone = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: '999999999999999999' });
    w.store.games.setSeats(gone.id, [
      { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
      { seat: 1, userId: 'u1', isAi: false, displayName: 'Bình' },
    ]);
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(gone.id)!.status, 'cancelled');
    assert.ok(abandonedAt(w.store.db, gone.id) !== null, 'abandoned (the bot left that server)');
    assert.equal(w.store.games.get(here.gameId)!.status, 'running');
    assert.equal(abandonedAt(w.store.db, here.gameId), null);
  });
});
