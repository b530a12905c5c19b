/**
 * An abandoned table (its server, thread or channel gone: src/bot/app.ts `abandon`) leaves the
 * in-process state cache with the rest of what the bot held for it (effects.ts `forgetTable`), as a
 * finished one does with its last step. It used to stay there until 256 newer games pushed it out.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { forgetTable } from '../../src/bot/effects.js';
import { abandonGames } from '../../src/store/index.js';
import type { BotContext } from '../../src/bot/context.js';

test('forgetting an abandoned table drops its cached state; the other tables keep theirs', () => {
  const a = rig('vn-mahjong', ['human', 'human', 'ai', 'ai']);
  a.run({ kind: 'start', gameId: a.gameId, userId: 'u0' });
  // A second table in the same store, as the bot's other servers' tables.
  const other = a.store.games.create({ ...a.store.games.get(a.gameId)!, seed: 'other' });
  a.store.games.setSeats(other.id, a.store.games.seats(a.gameId));
  a.ts.load(a.gameId);
  a.store.games.start(other.id);
  a.ts.load(other.id);
  assert.equal(a.store.games.cachedStates(), 2, 'both running tables are cached');
  const ctx = { store: a.store } as unknown as BotContext;
  assert.equal(abandonGames(a.store.db, [a.gameId]).length, 1);
  forgetTable(ctx, a.gameId);
  assert.equal(a.store.games.cachedStates(), 1, 'the abandoned table’s state left the cache');
  const rebuilds = a.store.games.reads.rebuilds;
  assert.equal(a.ts.load(other.id)!.row.status, 'running');
  assert.equal(a.store.games.reads.rebuilds, rebuilds, 'the other table’s state is still cached (no rebuild)');
  a.store.close();
});
