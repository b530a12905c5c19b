/**
 * A started Phỏm table in `store` (guild `g`, channel `c`), its first hand dealt and the start's
 * effects taken as executed: for tests of the scheduler and notices that need a real game row.
 */
import assert from 'node:assert/strict';
import type { Store, TimerPreset } from '../../src/store/index.js';
import type { TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';

export interface StartedPhom {
  seed: string;
  threadId: string;
  timerPreset: TimerPreset;
  /** The seats' users: a user id for a person, null for an AI. The host is seat 0's. */
  users: (string | null)[];
  now: number;
}

export function startedPhom(store: Store, ts: TableStore, o: StartedPhom): string {
  const host = o.users[0]!;
  const row = store.games.create({
    game: 'phom',
    guildId: 'g',
    channelId: 'c',
    threadId: o.threadId,
    hostUserId: host,
    options: defaultOptions(GAMES.phom.engine.options) as Record<string, unknown>,
    optionsHash: 'h',
    seed: o.seed,
    seats: o.users.length,
    timerPreset: o.timerPreset,
    timeoutPolicy: 'default',
  });
  store.games.setSeats(
    row.id,
    o.users.map((userId, seat) => ({ seat, userId, isAi: userId === null, displayName: userId === null ? `AI ${seat}` : `P${seat}` })),
  );
  const r = act(ts, { kind: 'start', gameId: row.id, userId: host }, o.now);
  assert.equal(r.outcome.ok, true);
  store.games.clearOutbox(row.id, r.outbox);
  return row.id;
}
