/**
 * The scheduler after the host clock steps back (NTP correcting a fast clock, a VM resumed). Its own
 * "next moment" bookkeeping (the next housekeeping, a failed firing's retry) was kept as moments of
 * the old clock, so a step back of H hours stalled housekeeping, and a failed timer's retry, for H
 * hours. A moment more than its interval ahead now counts as come.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { startedPhom } from '../support/started-phom.js';
import { Scheduler } from '../../src/bot/scheduler.js';
import { GameLocks, type BotContext } from '../../src/bot/context.js';

const HOUR = 3600_000;
const MIN = 60_000;

/** One Phỏm table (a person, three AIs) on a clock the test moves; `broken`: every step of it throws. */
function world(broken = false) {
  const clock = { t: Date.UTC(2025, 5, 1, 12) };
  const now = () => clock.t;
  const store = openStore(':memory:', engineOf, now);
  const ts = tableStore(store);
  const gameId = startedPhom(store, ts, {
    seed: 'clock-back',
    threadId: 'th',
    timerPreset: { name: 'async' },
    users: ['u0', null, null, null],
    now: now(),
  });
  let rounds = 0;
  let failures = 0;
  // Housekeeping's rounds, counted by one of its steps (pruning the notices of ended matches).
  const notices = new Proxy(store.notices, {
    get(target, key, receiver) {
      const v = Reflect.get(target, key, receiver) as unknown;
      if (key === 'pruneDone') return (...a: unknown[]) => (rounds++, (v as (...x: unknown[]) => number).apply(target, a));
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
  const ctx = {
    store: { ...store, notices },
    table: {
      ...ts,
      load: (id: string) => {
        if (!broken) return ts.load(id);
        failures++;
        throw new Error('load broke');
      },
    },
    clock: { now },
    log: { error() {}, warn() {}, info() {}, debug() {} },
    client: { options: {}, ws: { shards: new Map() }, channels: { cache: new Map() } },
    defaultLang: 'en',
    wakeTimers() {},
  } as unknown as BotContext;
  return { store, gameId, clock, scheduler: new Scheduler(ctx, new GameLocks()), rounds: () => rounds, failures: () => failures };
}

test('housekeeping keeps its 10-minute rhythm after the host clock steps back 6 hours', async () => {
  const w = world();
  await w.scheduler.tick();
  assert.equal(w.rounds(), 1, 'the first round housekeeps');
  w.clock.t += 5 * MIN;
  await w.scheduler.tick();
  assert.equal(w.rounds(), 1, 'not 5 minutes later');
  w.clock.t += 6 * MIN;
  await w.scheduler.tick();
  assert.equal(w.rounds(), 2, 'and again 11 minutes after the first');
  // NTP steps the clock back 6 hours; then 11 real minutes pass, and 20 more.
  w.clock.t -= 6 * HOUR;
  w.clock.t += 11 * MIN;
  await w.scheduler.tick();
  assert.equal(w.rounds(), 3, 'housekeeping 11 minutes after the step back');
  w.clock.t += 5 * MIN;
  await w.scheduler.tick();
  assert.equal(w.rounds(), 3, 'then its 10 minutes again, not every round');
  w.clock.t += 6 * MIN;
  await w.scheduler.tick();
  w.scheduler.stop();
  assert.equal(w.rounds(), 4);
});

test('a failed timer is retried RETRY_MS later even after the host clock stepped back', async () => {
  const w = world(true);
  const [tm] = w.store.timers.forGame(w.gameId);
  w.store.timers.set(w.gameId, [{ ...tm!, deadline: w.clock.t - 3 * HOUR, remindAt: null }]);
  await w.scheduler.tick();
  assert.equal(w.failures(), 1, 'tried once, failed');
  await w.scheduler.tick();
  assert.equal(w.failures(), 1, 'not again at once');
  w.clock.t -= 1 * HOUR; // the step back; the deadline (3 h ago) is still due
  w.clock.t += 5 * MIN; // 5 real minutes later: past RETRY_MS (1 min)
  await w.scheduler.tick();
  assert.equal(w.failures(), 2, 'retried 5 minutes later, not once the clock caught up (1 h)');
  await w.scheduler.tick();
  w.scheduler.stop();
  assert.equal(w.failures(), 2, 'and then waits RETRY_MS again');
});
