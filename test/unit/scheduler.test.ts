/**
 * The timer scheduler (src/bot/scheduler.ts) with a failing timer: a step that throws for one game
 * (here its load) is logged and tried again `RETRY_MS` later, while the other games' due timers
 * still fire. Before, one exception ended the tick (the later timers never fired) and the re-arm at
 * 0 ms made the scheduler spin on the failing timer, hundreds of ticks a second.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { openStore, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { startedPhom } from '../support/started-phom.js';
import { RETRY_MS, Scheduler } from '../../src/bot/scheduler.js';
import { GameLocks, type BotContext } from '../../src/bot/context.js';

interface World {
  store: Store;
  scheduler: Scheduler;
  /** The game whose steps throw, and one that works. */
  bad: string;
  good: string;
  /** The errors logged about the bad game's steps. */
  failures: () => number;
  /** Moves the scheduler's clock. */
  clock: { offset: number };
}

/**
 * Two Phỏm tables (a person and three AIs) in one store; every step of `bad` throws. `members`: the
 * bot's membership questions (members.ts), asked when a person's turn runs out; `badRow`: reading
 * `bad`'s game row throws too (a storage error, a damaged row).
 */
function world(o: { members?: { isMember(guildId: string, userId: string): Promise<boolean | null> }; badRow?: boolean } = {}): World {
  const clock = { offset: 0 };
  const now = () => Date.now() + clock.offset;
  const store = openStore(':memory:', engineOf, now);
  const ts = tableStore(store);
  const games = ['bad', 'good'].map((name) =>
    startedPhom(store, ts, {
      seed: `scheduler-${name}`,
      threadId: `th-${name}`,
      timerPreset: { name: 'live' },
      users: ['u0', null, null, null],
      now: now(),
    }),
  );
  const [bad, good] = games as [string, string];
  const errors: { err?: unknown }[] = [];
  const log = {
    error: (o: { err?: unknown }) => errors.push(o),
    warn() {},
    info() {},
    debug() {},
  };
  const gameStore = o.badRow
    ? new Proxy(store.games, {
        get(target, key, receiver) {
          const v = Reflect.get(target, key, receiver) as unknown;
          if (key !== 'get' || typeof v !== 'function') return typeof v === 'function' ? v.bind(target) : v;
          return (id: string) => {
            if (id === bad) throw new Error('row broke');
            return target.get(id);
          };
        },
      })
    : store.games;
  const ctx = {
    store: { ...store, games: gameStore },
    ...(o.members ? { members: o.members } : {}),
    table: {
      ...ts,
      load: (id: string) => {
        if (id === bad) throw new Error('load broke');
        return ts.load(id);
      },
    },
    clock: { now },
    log,
    client: { options: {}, ws: { shards: new Map() } },
    defaultLang: 'en',
    wakeTimers() {},
  } as unknown as BotContext;
  return {
    store,
    scheduler: new Scheduler(ctx, new GameLocks()),
    bad,
    good,
    failures: () => errors.filter((e) => e.err instanceof Error && e.err.message === 'load broke').length,
    clock,
  };
}

/** Moves a game's only timer (seat 0's turn) to `deadline`. */
function setDeadline(store: Store, gameId: string, deadline: number): void {
  const [t] = store.timers.forGame(gameId);
  assert.ok(t && t.seat === 0);
  store.timers.set(gameId, [{ ...t, deadline, remindAt: null }]);
}

test('one failing timer does not stop the others: the later due timer fires in the same tick', async () => {
  const w = world();
  const t0 = Date.now();
  setDeadline(w.store, w.bad, t0 - 2_000);
  setDeadline(w.store, w.good, t0 - 1_000);
  const before = w.store.games.get(w.good)!.version;
  await w.scheduler.tick();
  w.scheduler.stop();
  assert.equal(w.failures(), 1, 'the failure is logged');
  assert.ok(w.store.games.get(w.good)!.version > before, "the other table's deadline was played");
  assert.equal(w.store.games.logWithMeta(w.good).find((e) => e.seq === before + 1)?.source, 'timeout');
});

test('a failing timer is retried after RETRY_MS, not at once; a timer due meanwhile still fires on time', async () => {
  const w = world();
  const t0 = Date.now();
  setDeadline(w.store, w.bad, t0 - 1_000);
  setDeadline(w.store, w.good, t0 + 300);
  const before = w.store.games.get(w.good)!.version;
  w.scheduler.start();
  try {
    await sleep(800);
    assert.equal(w.failures(), 1, 'one attempt, not a spin');
    assert.ok(w.store.games.get(w.good)!.version > before, 'the timer due 300 ms later fired');
    // The retry: RETRY_MS later.
    await w.scheduler.tick();
    assert.equal(w.failures(), 1, 'not before its time');
    w.clock.offset = RETRY_MS;
    await w.scheduler.tick();
    assert.equal(w.failures(), 2, 'tried again after RETRY_MS');
  } finally {
    w.scheduler.stop();
  }
});

test('a membership question that cannot be asked (the game row cannot be read) changes nothing of the round', async () => {
  const asked: string[] = [];
  const w = world({ members: { isMember: async (_g, u) => (asked.push(u), true) }, badRow: true });
  const t0 = Date.now();
  setDeadline(w.store, w.bad, t0 - 2_000);
  setDeadline(w.store, w.good, t0 - 1_000);
  const before = w.store.games.get(w.good)!.version;
  await w.scheduler.tick();
  await w.scheduler.idle();
  w.scheduler.stop();
  assert.equal(w.failures(), 1, "the bad table's deadline failed as before, and is retried");
  assert.ok(w.store.games.get(w.good)!.version > before, "the other table's deadline was played");
  assert.deepEqual(asked, ['u0'], "the good table's player was asked");
});

test('the round does not wait for Discord to answer whether a player is still a member', async () => {
  let answered = 0;
  const w = world({ members: { isMember: () => sleep(1_500).then(() => (answered++, true)) } });
  const t0 = Date.now();
  setDeadline(w.store, w.good, t0 - 1_000);
  const before = w.store.games.get(w.good)!.version;
  const started = Date.now();
  await w.scheduler.tick();
  const took = Date.now() - started;
  assert.ok(w.store.games.get(w.good)!.version > before, 'the deadline was played');
  assert.ok(took < 1_200, `the round took ${took} ms, not the answer's 1.5 s`);
  assert.equal(answered, 0);
  await w.scheduler.idle();
  assert.equal(answered, 1, 'idle() waits for the answer');
  w.scheduler.stop();
});
