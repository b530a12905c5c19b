/**
 * The scheduler's membership questions (src/bot/scheduler.ts, src/bot/members.ts), with the real
 * `MemberCheck` over a stand-in for Discord's REST (each Get Guild Member counted):
 *
 * - `MAX_ASKS` bounds the requests a round puts to Discord, not the people it looks at: one the
 *   cache answers (a fresh yes) costs no request and does not count;
 * - the housekeeping round asks about the people the AI plays for (no deadline of theirs runs out),
 *   at most `MAX_ABSENT_ASKS` requests a round, those asked longest ago first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Client } from 'discord.js';
import { initialState, openStore, type Store } from '../../src/store/index.js';
import { engineOf, GAMES } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { defaultOptions } from '../../src/games/core/options.js';
import { MAX_ABSENT_ASKS, MAX_ASKS, Scheduler } from '../../src/bot/scheduler.js';
import { HOUSEKEEPING_MS } from '../../src/bot/housekeeping.js';
import { MemberCheck } from '../../src/bot/members.js';
import { GameLocks, type BotContext } from '../../src/bot/context.js';

interface World {
  store: Store;
  scheduler: Scheduler;
  members: MemberCheck;
  clock: { t: number };
  /** Get Guild Member requests made so far, by user. */
  gets: string[];
}

/**
 * `people` Phỏm tables, one person each (`u0`, `u1`, …, at seat 0, with three AIs), started; `held`:
 * the AI holds each person's seat for them (a takeover), so no deadline of theirs runs out.
 */
function world(people: number, o: { held?: boolean } = {}): World {
  const clock = { t: Date.UTC(2026, 10, 30, 12) };
  const now = () => clock.t;
  const store = openStore(':memory:', engineOf, now);
  const ts = tableStore(store);
  const options = defaultOptions(GAMES.phom.engine.options) as Record<string, unknown>;
  const phom = engineOf('phom');
  let deal = 0;
  /** A seed whose first hand is in play after the deal (not over at once, phom.md §8.4). */
  const seed = () => {
    for (;;) {
      const s = `members-cap-${deal++}`;
      if (phom.result(initialState(phom, options, 4, s)) === null) return s;
    }
  };
  for (let k = 0; k < people; k++) {
    const row = store.games.create({
      game: 'phom',
      guildId: '100',
      channelId: 'c',
      threadId: `th-${k}`,
      hostUserId: `u${k}`,
      options,
      optionsHash: 'h',
      seed: seed(),
      seats: 4,
      timerPreset: { name: 'live' },
      timeoutPolicy: 'default',
    });
    store.games.setSeats(row.id, [
      { seat: 0, userId: `u${k}`, isAi: o.held === true, displayName: `P${k}` },
      ...[1, 2, 3].map((seat) => ({ seat, userId: null, isAi: true, displayName: `AI ${seat}` })),
    ]);
    const r = act(ts, { kind: 'start', gameId: row.id, userId: `u${k}` }, now());
    assert.equal(r.outcome.ok, true);
    store.games.clearOutbox(row.id, r.outbox);
  }
  const gets: string[] = [];
  const prefix = '/guilds/100/members/';
  const client = {
    options: {},
    ws: { shards: new Map() },
    channels: { cache: new Map() },
    rest: {
      get: async (route: string) => {
        if (route.startsWith(prefix)) gets.push(route.slice(prefix.length));
        return {};
      },
    },
  };
  const members = new MemberCheck(client as unknown as Client, now);
  const log = { error() {}, warn() {}, info() {}, debug() {} };
  const ctx = {
    store,
    members,
    table: ts,
    clock: { now },
    log,
    client,
    defaultLang: 'en',
    wakeTimers() {},
  } as unknown as BotContext;
  return { store, scheduler: new Scheduler(ctx, new GameLocks()), members, clock, gets };
}

/** Every person's turn deadline (seat 0's timer) ran out, `u0`'s first, then `u1`'s, … */
function allDue(w: World): void {
  const ids = (w.store.db.prepare('SELECT id FROM games ORDER BY thread_id').all() as { id: string }[]).map((r) => r.id);
  const order = (id: string) => Number(w.store.games.get(id)!.hostUserId!.slice(1));
  for (const id of ids) {
    const [t] = w.store.timers.forGame(id);
    assert.ok(t && t.seat === 0, 'the person has the first turn');
    w.store.timers.set(id, [{ ...t, deadline: w.clock.t - 100_000 + order(id), remindAt: null }]);
  }
}

test('MAX_ASKS counts requests to Discord: people the cache answers do not use the round up', async () => {
  const cached = MAX_ASKS;
  const w = world(cached + 5);
  // The first MAX_ASKS people were found members a moment ago (a DM click, say): a fresh yes is kept.
  for (let k = 0; k < cached; k++) assert.equal(await w.members.isMember('100', `u${k}`), true);
  assert.equal(w.gets.length, cached);
  w.gets.length = 0;
  allDue(w);
  await w.scheduler.tick();
  await w.scheduler.idle();
  w.scheduler.stop();
  assert.deepEqual(
    [...w.gets].sort(),
    Array.from({ length: 5 }, (_, k) => `u${cached + k}`).sort(),
    'the five the cache could not answer were asked, and only they',
  );
});

test('MAX_ASKS still bounds the requests of a round', async () => {
  const w = world(MAX_ASKS + 5);
  allDue(w);
  await w.scheduler.tick();
  await w.scheduler.idle();
  w.scheduler.stop();
  assert.equal(w.gets.length, MAX_ASKS);
});

test('housekeeping asks about the people the AI plays for, a few a round, those asked longest ago first', async () => {
  const n = MAX_ABSENT_ASKS + 5;
  const w = world(n, { held: true });
  // No deadline of theirs: only the housekeeping round asks.
  assert.equal((w.store.db.prepare('SELECT COUNT(*) AS n FROM timers').get() as { n: number }).n, 0);
  await w.scheduler.tick();
  await w.scheduler.idle();
  assert.equal(w.gets.length, MAX_ABSENT_ASKS, 'a few a round');
  assert.equal(new Set(w.gets).size, MAX_ABSENT_ASKS, 'each once');
  const first = new Set(w.gets);
  w.gets.length = 0;
  // Before the next round, nothing more.
  w.clock.t += 60_000;
  await w.scheduler.tick();
  await w.scheduler.idle();
  assert.equal(w.gets.length, 0, 'not before the next housekeeping round');
  w.clock.t += HOUSEKEEPING_MS;
  await w.scheduler.tick();
  await w.scheduler.idle();
  w.scheduler.stop();
  assert.equal(w.gets.length, MAX_ABSENT_ASKS);
  const rest = Array.from({ length: n }, (_, k) => `u${k}`).filter((u) => !first.has(u));
  for (const u of rest) assert.ok(w.gets.includes(u), `${u}, not asked in the first round, is asked in the second`);
});
