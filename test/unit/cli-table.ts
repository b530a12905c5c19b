/** A stored table for the CLI tests: a running two-seat Phỏm game, seat 0 a person (u0), seat 1 the AI. */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { tempDir } from '../support/temp-dir.js';

/** The table, started (its store left open for the caller), in a new folder named from `prefix`. */
export function phomTable(prefix: string, seed: string) {
  const path = join(tempDir(prefix), 'hq.db');
  const store = openStore(path, engineOf);
  const o = resolveOptions(engineOf('phom').options, {});
  assert.ok(o.ok);
  const row = store.games.create({
    game: 'phom',
    options: o.value as Record<string, unknown>,
    optionsHash: 'h',
    seed,
    seats: 2,
    guildId: 'g',
    hostUserId: 'u0',
  });
  store.games.setSeats(row.id, [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
    { seat: 1, userId: null, isAi: true, displayName: 'AI' },
  ]);
  assert.equal(act(tableStore(store), { kind: 'start', gameId: row.id, userId: 'u0' }, Date.now()).outcome.ok, true);
  return { path, store, id: row.id };
}
