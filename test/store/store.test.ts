import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { openStore, migrate, schemaVersion, MIGRATIONS_FOR_TEST, replayLog } from './helpers.js';
import { GameStore } from '../../src/store/games.js';
import { toyEngine } from '../support/toy-engine.js';
import type { AnyEngine, BaseAction } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';

const engineOf = () => toyEngine as AnyEngine;
const tmpDb = () => join(tempDir('hq-store-'), 'test.db');

function newRunningGame(store: ReturnType<typeof openStore>) {
  const row = store.games.create({ game: 'phom', options: { target: 21 }, optionsHash: 'x', seed: 's1', seats: 3, guildId: 'g1' });
  store.games.setSeats(row.id, [
    { seat: 0, userId: 'u0', isAi: false, displayName: 'An' },
    { seat: 1, userId: 'u1', isAi: false, displayName: 'Bình' },
    { seat: 2, userId: null, isAi: true, displayName: 'AI' },
  ]);
  return store.games.start(row.id);
}

test('a fresh database is migrated to the latest version, with WAL', () => {
  const store = openStore(tmpDb(), engineOf);
  assert.equal(schemaVersion(store.db), MIGRATIONS_FOR_TEST.at(-1)!.version);
  assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
  store.close();
});

test('a migration another process ran after this one read the list is not run twice (shards opening one old file at once)', () => {
  const path = tmpDb();
  const first = new Database(path);
  migrate(first, MIGRATIONS_FOR_TEST);
  first.close();
  // The second process read the applied versions before the first had run any: its list is empty.
  const db = new Database(path);
  const stale = new Proxy(db, {
    get(target, key) {
      if (key === 'prepare')
        return (sql: string) => (/^SELECT version FROM schema_migrations$/.test(sql) ? { all: () => [] } : target.prepare(sql));
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
  assert.deepEqual(migrate(stale, MIGRATIONS_FOR_TEST), [], 'each is found recorded inside its own transaction');
  assert.equal(schemaVersion(db), MIGRATIONS_FOR_TEST.at(-1)!.version);
  db.close();
});

test('an older database is migrated forward without losing rows', () => {
  const path = tmpDb();
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS_FOR_TEST.filter((m) => m.version === 1),
  );
  old
    .prepare(
      "INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at) VALUES ('old1','phom','{}','h','s',4,'running',1,1)",
    )
    .run();
  old.close();
  const store = openStore(path, engineOf);
  const row = store.games.get('old1');
  assert.ok(row);
  assert.equal(row.timerPreset.name, 'async');
  assert.equal(schemaVersion(store.db), MIGRATIONS_FOR_TEST.at(-1)!.version);
  store.close();
});

test('accepted actions are appended with a version; stale and illegal ones change nothing', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  const s0 = store.games.state(row) as { turn: number };
  const a = store.games.apply(row.id, 0, s0.turn, { type: 'add', n: 2 } as BaseAction, 'player', 'u');
  assert.equal(a.ok, true);
  const stale = store.games.apply(row.id, 0, (s0.turn + 1) % 3, { type: 'add', n: 1 } as BaseAction, 'player', 'u');
  assert.equal(stale.ok, false);
  assert.equal(stale.ok === false && stale.reason, 'stale');
  const wrongSeat = store.games.apply(row.id, 1, s0.turn, { type: 'add', n: 1 } as BaseAction, 'player', 'u');
  assert.equal(wrongSeat.ok === false && wrongSeat.reason, 'rule');
  assert.equal(store.games.get(row.id)!.version, 1);
  assert.equal(store.games.log(row.id).length, 1);
  store.close();
});

test('the action log is append-only at the database level', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  const s0 = store.games.state(row) as { turn: number };
  store.games.apply(row.id, 0, s0.turn, { type: 'add', n: 1 } as BaseAction, 'player', 'u');
  assert.throws(() => store.db.prepare('UPDATE actions SET seat = 9').run(), /append-only/);
  assert.throws(() => store.db.prepare('DELETE FROM actions').run(), /append-only/);
  store.close();
});

test('state is rebuilt from the log after a restart (snapshots are only a cache) and replays to the same result', () => {
  const path = tmpDb();
  let store = openStore(path, engineOf);
  const row = newRunningGame(store);
  for (let i = 0; i < 60; i++) {
    const r = store.games.get(row.id)!;
    let s = store.games.state(r) as { turn: number; winner: number | null };
    if (s.winner !== null) {
      store.results.recordHand(row.id, 'phom', 'g1', r.handIndex, store.games.seats(row.id), toyEngine.result(s as never)!);
      store.games.nextHand(row.id);
      s = store.games.state(store.games.get(row.id)!) as typeof s;
    }
    const out = store.games.apply(row.id, store.games.get(row.id)!.version, s.turn, toyEngine.ai(s as never, s.turn), 'ai', null);
    assert.equal(out.ok, true);
  }
  const live = store.games.state(store.games.get(row.id)!);
  store.close();
  store = openStore(path, engineOf);
  const again = store.games.get(row.id)!;
  assert.deepEqual(store.games.state(again), live);
  store.db.prepare('DELETE FROM snapshots').run();
  store.games.forgetCache();
  assert.deepEqual(store.games.state(again), live);
  assert.deepEqual(replayLog(toyEngine as AnyEngine, again.options, again.seats, again.seed, store.games.log(row.id)), live);
  assert.ok(store.results.handsOf(row.id).length >= 3);
  store.close();
});

test('timers keep their remaining time across pause and resume', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  store.timers.set(row.id, [{ seat: 1, kind: 'turn', version: 0, deadline: 10_000, remindAt: 5_000 }]);
  assert.equal(store.timers.nextDue(), 5_000);
  store.timers.pause(row.id, 4_000);
  assert.equal(store.timers.nextDue(), null, 'a paused game wakes nobody');
  assert.deepEqual(store.timers.due(100_000), []);
  store.timers.resume(row.id, 50_000);
  assert.equal(store.timers.forGame(row.id)[0]!.deadline, 56_000);
  assert.equal(store.timers.due(56_000).length, 1);
  store.close();
});

test('the next due moment is the earliest live deadline or reminder, whichever comes first', () => {
  const store = openStore(tmpDb(), engineOf);
  const a = newRunningGame(store);
  const b = newRunningGame(store);
  store.timers.set(a.id, [
    { seat: 0, kind: 'turn', version: 0, deadline: 9_000, remindAt: null },
    { seat: 1, kind: 'claim', version: 0, deadline: 7_000, remindAt: 6_500 },
  ]);
  store.timers.set(b.id, [{ seat: 2, kind: 'turn', version: 0, deadline: 8_000, remindAt: 3_000 }]);
  assert.equal(store.timers.nextDue(), 3_000, "b's reminder");
  store.timers.markReminded(b.id, 2);
  assert.equal(store.timers.nextDue(), 6_500, "a's reminder, once b's was sent");
  assert.equal(store.timers.nextDue(null, 6_500), 7_000, "after 6,500: a's claim deadline (the scheduler, past a failed timer)");
  assert.equal(store.timers.nextDue(null, 9_000), null, 'nothing after the last');
  store.timers.pause(a.id, 1_000);
  assert.equal(store.timers.nextDue(), 8_000, "b's deadline: a is paused");
  store.timers.clear(b.id);
  assert.equal(store.timers.nextDue(), null);
  store.close();
});

test('results feed records, leaderboards and OpenSkill ratings', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  const seats = store.games.seats(row.id);
  for (let h = 0; h < 5; h++) {
    store.results.recordHand(row.id, 'phom', 'g1', h, seats, {
      winners: [0],
      ranking: [[0], [1], [2]],
      deltas: [3, -1, -2],
      payments: [],
      items: [],
      unit: 'bet',
      endedBy: 'rank',
    });
  }
  store.results.recordHand(row.id, 'phom', 'g1', 0, seats, {
    winners: [1],
    ranking: [[1], [0], [2]],
    deltas: [0, 0, 0],
    payments: [],
    items: [],
    unit: 'bet',
    endedBy: 'rank',
  }); // duplicate hand: ignored
  const rec = store.results.record('g1', 'u0', 'phom', 'all');
  assert.equal(rec.hands, 5);
  assert.equal(rec.wins, 5);
  assert.equal(rec.total, 15);
  const lb = store.results.leaderboard('g1', 'phom', 'all');
  assert.deepEqual(
    lb.map((r) => r.userId),
    ['u0', 'u1'],
  );
  assert.ok(lb[0]!.rating > lb[1]!.rating);
  store.close();
});

test("a record's best hand is per game: units differ, so no hand is best across games", () => {
  const store = openStore(tmpDb(), engineOf);
  const phom = newRunningGame(store);
  const seats = store.games.seats(phom.id);
  const hand = (deltas: number[], unit: string) => ({
    winners: [0],
    ranking: [[0], [1], [2]],
    deltas,
    payments: [],
    items: [],
    unit,
    endedBy: 'rank' as const,
  });
  store.results.recordHand(phom.id, 'phom', 'g1', 0, seats, hand([4, -1, -3], 'bet'));
  store.results.recordHand(phom.id, 'phom', 'g1', 1, seats, hand([9, -4, -5], 'bet'));
  store.results.recordHand(phom.id, 'phom', 'g1', 2, seats, hand([-2, 3, -1], 'bet'));
  const mj = store.games.create({ game: 'classic-mahjong', options: {}, optionsHash: 'y', seed: 's2', seats: 3, guildId: 'g1' });
  store.games.setSeats(mj.id, seats);
  store.games.start(mj.id);
  store.results.recordHand(mj.id, 'classic-mahjong', 'g1', 0, seats, hand([-40, 120, -80], 'point'));
  const all = store.results.record('g1', 'u0', null, 'all');
  assert.deepEqual(
    all.bests.map((b) => [b.game, b.gameId, b.hand, b.points, b.unit]),
    [
      ['phom', phom.id, 1, 9, 'bet'],
      ['classic-mahjong', mj.id, 0, -40, 'point'],
    ],
    "each game's best, the most-played game first (a −40-point hand is not worse than a +9-bet one)",
  );
  assert.deepEqual(all.totals, [], 'no total across games: their units differ');
  const one = store.results.record('g1', 'u0', 'classic-mahjong', 'all');
  assert.deepEqual(
    one.bests.map((b) => [b.game, b.points]),
    [['classic-mahjong', -40]],
  );
  assert.deepEqual(store.results.record('g1', 'u9', null, 'all').bests, []);
  store.close();
});

test('guild settings round-trip', () => {
  const store = openStore(tmpDb(), engineOf);
  assert.deepEqual(store.settings.get('g', 'chan'), { preset: null, options: {}, playOverridable: [] });
  store.settings.put('g', 'chan', { preset: 'seed-table', options: { a: 1 }, playOverridable: ['a'] }, 'admin');
  assert.deepEqual(store.settings.get('g', 'chan'), { preset: 'seed-table', options: { a: 1 }, playOverridable: ['a'] });
  store.close();
});

test('a pot kept across hands (Phỏm gà) counts in what each seat won or lost', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  const seats = store.games.seats(row.id);
  const result = {
    winners: [0],
    ranking: [[0], [1], [2]],
    deltas: [2, -1, -1],
    payments: [],
    items: [],
    unit: 'bet',
    endedBy: 'u',
    pot: { flows: [3, -1, -1], carried: 0 },
  };
  store.results.recordHand(row.id, 'phom', 'g1', 0, seats, result);
  assert.deepEqual(
    store.results.handsOf(row.id).map((h) => h.points),
    [5, -2, -2],
  );
  store.close();
});

test('a table step commits in one transaction: all of it, or nothing when the game moved meanwhile', () => {
  const store = openStore(':memory:', engineOf);
  const row = newRunningGame(store);
  const s0 = store.games.state(row);
  const a1 = toyEngine.apply(s0 as never, (s0 as { turn: number }).turn, { type: 'add', n: 1 });
  assert.ok(a1.ok);
  const seat = (s0 as { turn: number }).turn;
  const step = {
    gameId: row.id,
    game: row.game,
    guildId: row.guildId,
    expectVersion: 0,
    entries: [{ hand: 0, seat, action: { type: 'add', n: 1 }, source: 'player' as const, userId: 'u0', state: a1.value }],
    outbox: [{ kind: 'table' }],
    timers: [{ seat: 1, kind: 'turn' as const, version: 1, deadline: 99, remindAt: null }],
    results: [],
  };
  store.commit(step);
  assert.equal(store.games.get(row.id)!.version, 1);
  assert.deepEqual(store.games.get(row.id)!.outbox, [{ kind: 'table' }]);
  assert.equal(store.timers.forGame(row.id).length, 1);
  // The same step again was computed from version 0: refused, and nothing of it is written.
  assert.throws(() => store.commit({ ...step, outbox: [], timers: [] }), /moved from version 0 to 1/);
  assert.equal(store.games.get(row.id)!.version, 1);
  assert.equal(store.timers.forGame(row.id).length, 1);
  assert.deepEqual(store.games.get(row.id)!.outbox, [{ kind: 'table' }]);
  store.games.clearOutbox(row.id, [{ kind: 'table' }]);
  assert.deepEqual(store.games.get(row.id)!.outbox, []);
  store.close();
});

test('the state cache is bounded and a finished game leaves it', () => {
  const store = openStore(':memory:', engineOf);
  const rows = [newRunningGame(store), newRunningGame(store), newRunningGame(store)];
  const small = new GameStore(store.db, engineOf, Date.now, 20, 2);
  for (const r of rows) small.state(small.get(r.id)!);
  assert.equal(small.cachedStates(), 2, 'bounded');
  small.update(rows[2]!.id, { status: 'finished' });
  assert.equal(small.cachedStates(), 1, 'the finished game left the cache');
  store.close();
});

test('a snapshot written in another state format is ignored: the log is replayed (migration 5)', () => {
  const store = openStore(tmpDb(), engineOf);
  const row = newRunningGame(store);
  for (let i = 0; i < 20; i++) {
    const cur = store.games.get(row.id)!;
    const s = store.games.state(cur) as { turn: number };
    const r = store.games.apply(row.id, cur.version, s.turn, { type: 'add', n: 1 } as BaseAction, 'player', 'u');
    assert.equal(r.ok, true);
  }
  const live = store.games.state(store.games.get(row.id)!);
  const snap = store.db.prepare('SELECT version, format FROM snapshots WHERE game_id = ?').get(row.id) as {
    version: number;
    format: string;
  };
  assert.equal(snap.version, 20);
  assert.equal(snap.format, 'phom:1', 'the toy engine has no stateVersion: format 1');
  // An older build's snapshot: another shape, another format.
  store.db.prepare("UPDATE snapshots SET state = '{\"old\":true}', format = 'phom:0' WHERE game_id = ?").run(row.id);
  store.games.forgetCache();
  assert.deepEqual(store.games.state(store.games.get(row.id)!), live);
  // The same bytes under the current format would be loaded: the format is what protects.
  store.db.prepare("UPDATE snapshots SET format = 'phom:1' WHERE game_id = ?").run(row.id);
  store.games.forgetCache();
  assert.notDeepEqual(store.games.state(store.games.get(row.id)!), live);
  store.close();
});

test('migration 7 keeps the log, accepts the sources preference and away, and keeps the log append-only', () => {
  const path = tmpDb();
  const old = new Database(path);
  migrate(
    old,
    MIGRATIONS_FOR_TEST.filter((m) => m.version < 7),
  );
  old
    .prepare(
      "INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at) VALUES ('m7','phom','{}','h','s',4,'running',1,1)",
    )
    .run();
  old.prepare("INSERT INTO actions (game_id, seq, hand, seat, action, source, created_at) VALUES ('m7', 1, 0, 0, '{}', 'player', 1)").run();
  assert.throws(
    () =>
      old
        .prepare("INSERT INTO actions (game_id, seq, hand, seat, action, source, created_at) VALUES ('m7', 2, 0, 0, '{}', 'away', 1)")
        .run(),
    /CHECK/,
  );
  old.close();
  const store = openStore(path, engineOf);
  const ins = store.db.prepare('INSERT INTO actions (game_id, seq, hand, seat, action, source, created_at) VALUES (?, ?, 0, 0, ?, ?, 1)');
  ins.run('m7', 2, '{}', 'away');
  ins.run('m7', 3, '{}', 'preference');
  assert.throws(() => ins.run('m7', 4, '{}', 'nobody'), /CHECK/);
  const rows = store.db.prepare("SELECT seq, source FROM actions WHERE game_id = 'm7' ORDER BY seq").all();
  assert.deepEqual(rows, [
    { seq: 1, source: 'player' },
    { seq: 2, source: 'away' },
    { seq: 3, source: 'preference' },
  ]);
  assert.throws(() => store.db.prepare('UPDATE actions SET seat = 9').run(), /append-only/);
  assert.throws(() => store.db.prepare('DELETE FROM actions').run(), /append-only/);
  store.close();
});

test('a migration numbered below one already applied still runs (branches merged in any order)', () => {
  const db = new Database(':memory:');
  const late = { version: 1001, name: 'late', sql: 'CREATE TABLE late_one (x INTEGER)' };
  const early = { version: 1000, name: 'early', sql: 'CREATE TABLE early_one (x INTEGER)' };
  migrate(db, [...MIGRATIONS_FOR_TEST, late]);
  assert.equal(schemaVersion(db), 1001);
  assert.deepEqual(migrate(db, [...MIGRATIONS_FOR_TEST, early, late]), [1000]);
  assert.ok(db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'early_one'").get());
  assert.deepEqual(migrate(db, [...MIGRATIONS_FOR_TEST, early, late]), [], 'each runs once');
});
