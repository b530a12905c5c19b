/**
 * Removed from a server while the bot was down: no GuildDelete arrives, so at start (READY lists
 * every server the bot is in) the lobbies of a server it is no longer in are abandoned and its running
 * tables held until it is invited back (src/bot/app.ts `catchUp`, holds.ts `botRemoved`); the
 * tables of its servers are untouched. The hold and the release: bot-removed.test.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openTable, withWorld } from './harness.js';
import { abandonedAt } from '../../src/store/index.js';

test('at start, a server the bot is no longer in: its lobbies are abandoned, its running tables held; the others untouched', async () => {
  await withWorld(async (w) => {
    const here = await openTable(w, 'phom', 2, 0);
    const elsewhere = (): string => {
      const g = w.store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, guildId: '999999999999999999' });
      w.store.games.setSeats(g.id, [
        { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
        { seat: 1, userId: 'u1', isAi: false, displayName: 'Bình' },
      ]);
      return g.id;
    };
    const lobby = elsewhere();
    const dealt = elsewhere();
    w.store.games.start(dealt);
    await w.restartBot();
    await w.bot.whenIdle();
    assert.equal(w.store.games.get(lobby)!.status, 'cancelled');
    assert.ok(abandonedAt(w.store.db, lobby) !== null, 'abandoned (the bot left that server)');
    const held = w.store.games.get(dealt)!;
    assert.equal(held.status, 'paused', 'held, waiting for the bot to be invited back');
    assert.equal(held.hold?.from, 'running');
    assert.equal(abandonedAt(w.store.db, dealt), null);
    assert.equal(w.store.games.get(here.gameId)!.status, 'running');
    assert.equal(w.store.games.get(here.gameId)!.hold, null);
    assert.equal(abandonedAt(w.store.db, here.gameId), null);
  });
});
