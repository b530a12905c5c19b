/** A Phỏm table of three in a stored database, played through the table layer (the store tests of erasure). */
import assert from 'node:assert/strict';
import type { SeatRow, Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { optionsForTable } from '../../src/bot/options-in-force.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';

/** A Phỏm table of three in server gA with the options in force there (as /table makes it), not started; its id. */
export function phomTable(store: Store, seed: string, hostUserId: string, seats: SeatRow[]): string {
  const opts = optionsForTable(store, 'gA', 'phom', {});
  assert.ok(opts.ok);
  const row = store.games.create({
    game: 'phom',
    guildId: 'gA',
    hostUserId,
    options: opts.options,
    optionsHash: opts.hash,
    seed,
    seats: 3,
  });
  store.games.setSeats(row.id, seats);
  return row.id;
}

/**
 * Plays the started hand to its result at time `now`, the AI's move at every decision as a click of
 * `users[seat]`, each accepted; `instead` may answer a decision itself first (it says whether it did).
 */
export function playHand(
  ts: TableStore,
  gameId: string,
  users: readonly string[],
  now: number,
  instead?: (d: Decision<BaseAction>) => boolean,
): void {
  const engine = engineOf('phom');
  for (let k = 0; k < 2000; k++) {
    const t = ts.load(gameId)!;
    if (engine.result(t.state as never)) break;
    const d = (engine.pending(t.state as never) as Decision<BaseAction>[])[0]!;
    if (instead?.(d)) continue;
    const action = engine.ai(t.state as never, d.seat) as BaseAction;
    assert.ok(act(ts, { kind: 'move', gameId, seat: d.seat, action, ver: t.row.version, userId: users[d.seat]! }, now).outcome.ok);
  }
}
