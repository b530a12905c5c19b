/** An in-memory table (store + table layer, no Discord) for tests of `act` (src/table/act.ts). */
import { openStore, type Store, type TimerPreset } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { tableStore, type TableStore } from '../../src/table/store.js';
import { act, type TableCommand } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { BaseAction, Decision, GameId } from '../../src/games/core/types.js';

export interface Rig {
  store: Store;
  ts: TableStore;
  clock: { t: number };
  gameId: string;
  run(cmd: TableCommand): ReturnType<typeof act>;
  pending(): Decision<BaseAction>[];
}

export function rig(
  game: GameId,
  seats: ('human' | 'ai')[],
  o: { options?: Record<string, unknown>; timeoutPolicy?: 'default' | 'ai'; timer?: TimerPreset; keepOutbox?: boolean; seed?: string } = {},
): Rig {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const store = openStore(':memory:', engineOf, () => clock.t);
  const ts = tableStore(store);
  const options = { ...(defaultOptions(GAMES[game].engine.options) as Record<string, unknown>), ...(o.options ?? {}) };
  const row = store.games.create({
    game,
    guildId: 'g',
    channelId: 'c',
    threadId: 'th',
    hostUserId: 'u0',
    options,
    optionsHash: 'h',
    seed: o.seed ?? `seed-${game}`,
    seats: seats.length,
    timerPreset: o.timer ?? { name: 'live' },
    timeoutPolicy: o.timeoutPolicy ?? 'default',
  });
  let ai = 0;
  store.games.setSeats(
    row.id,
    seats.map((k, seat) =>
      k === 'human'
        ? { seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` }
        : { seat, userId: null, isAi: true, displayName: `AI ${++ai}` },
    ),
  );
  const r: Rig = {
    store,
    ts,
    clock,
    gameId: row.id,
    // As the bot does once it has executed the effects (the restart test keeps them).
    run: (cmd) => {
      const res = act(ts, cmd, clock.t);
      if (o.keepOutbox !== true && res.outbox.length) store.games.clearOutbox(row.id, res.outbox);
      return res;
    },
    pending() {
      const g = store.games.load(row.id)!;
      return engineOf(g.row.game).pending(g.state) as Decision<BaseAction>[];
    },
  };
  return r;
}
