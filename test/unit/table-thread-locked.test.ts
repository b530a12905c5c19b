/**
 * A table held for its locked game thread, at the table layer (src/table/act.ts 'thread-locked',
 * 'thread-unlocked'; store `TableHold` `reasons`, migration 35), and with the bot's removal ('bot-removed',
 * 'bot-back'): a hold records why, each release ends only its own reason (a table held for both waits
 * for both), a click is told which hold it meets, and the idle end of matches goes on at a lock's hold
 * (a thread locked for good) but not at a removal's, whose grace period alone ends it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rig } from '../support/table-rig.js';
import { tempDir } from '../support/temp-dir.js';
import { heldTables, heldTablesOfGuild, lockHeldTables, openDatabase, tablesOfThread, tablesToHold } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { GameStore } from '../../src/store/games.js';
import { engineOf } from '../../src/table/manifests.js';
import type { Effect } from '../../src/table/effects.js';

const DAY = 86_400_000;

/** A Phỏm table of two people, started 5 s ago, in thread 'th' of server 'g'. */
const started = () => {
  const r = rig('phom', ['human', 'human'], { seed: 'thread-locked' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.clock.t += 5_000;
  return r;
};
const tableNotice = (effects: Effect[]) => effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table')?.notice;

test('the lock’s hold: paused, timers frozen, nothing shown; a click is told a moderator locked the thread; unlocked, play resumes with its notice', () => {
  const r = started();
  const timer = r.store.timers.forGame(r.gameId)[0]!;
  const left = timer.deadline - r.clock.t;
  const held = r.run({ kind: 'thread-locked', gameId: r.gameId });
  assert.equal(held.outcome.ok, true);
  assert.deepEqual(held.effects, [], 'nothing posted in a locked thread');
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'paused');
  assert.deepEqual(row.hold, { at: r.clock.t, from: 'running', reasons: { locked: r.clock.t } });
  assert.deepEqual(lockHeldTables(r.store.db), [{ id: r.gameId, guildId: 'g', threadId: 'th' }]);
  assert.deepEqual(tablesOfThread(r.store.db, 'th'), [{ id: r.gameId, locked: true }]);
  assert.deepEqual(heldTablesOfGuild(r.store.db, 'g'), [], 'not the removal’s: the bot’s return does not release it');
  assert.deepEqual(heldTables(r.store.db, null), [], 'no grace period abandons it');
  assert.deepEqual(tablesToHold(r.store.db, 'g'), [r.gameId], 'a removal would hold it too');

  r.clock.t = timer.deadline + DAY;
  const d = r.pending()[0]!;
  for (const cmd of [
    { kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: timer.kind, deadline: timer.deadline },
    { kind: 'move', gameId: r.gameId, seat: d.seat, action: d.options[0]!, ver: null },
    { kind: 'open-hand', gameId: r.gameId, userId: 'u0' },
    { kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'resume' },
  ] as const) {
    const res = r.run(cmd);
    assert.equal(res.outcome.refusal?.key, 'errors:thread-locked', cmd.kind);
    assert.deepEqual(res.effects, []);
  }
  assert.deepEqual(r.run({ kind: 'thread-locked', gameId: r.gameId }).effects, [], 'locked again: nothing changes');
  assert.deepEqual(r.store.games.get(r.gameId)!.hold, row.hold);
  assert.equal(r.run({ kind: 'bot-back', gameId: r.gameId }).outcome.refusal?.key, 'errors:stale', 'the bot’s return releases no lock');

  const out = r.run({ kind: 'thread-unlocked', gameId: r.gameId });
  assert.equal(out.outcome.ok, true);
  const back = r.store.games.get(r.gameId)!;
  assert.deepEqual([back.status, back.hold], ['running', null]);
  assert.deepEqual(out.effects[0], { kind: 'unarchive' });
  assert.deepEqual(tableNotice(out.effects), { key: 'thread-open' });
  assert.equal(r.store.timers.forGame(r.gameId)[0]!.deadline, r.clock.t + left, 'from the time left');
  assert.ok(out.effects.some((e) => e.kind === 'ping'));
  assert.equal(r.run({ kind: 'thread-unlocked', gameId: r.gameId }).outcome.refusal?.key, 'errors:stale', 'released once');
});

test('held for both: each release ends only its own reason; the table waits for the last, from its first hold’s time left', () => {
  for (const order of [
    ['thread-locked', 'bot-removed', 'bot-back', 'thread-unlocked'],
    ['bot-removed', 'thread-locked', 'thread-unlocked', 'bot-back'],
  ] as const) {
    const r = started();
    const timer = r.store.timers.forGame(r.gameId)[0]!;
    const left = timer.deadline - r.clock.t;
    const first = r.clock.t;
    r.run({ kind: order[0], gameId: r.gameId });
    r.clock.t += 3_600_000;
    const second = r.clock.t;
    r.run({ kind: order[1], gameId: r.gameId });
    const both = r.store.games.get(r.gameId)!.hold!;
    assert.deepEqual(both.at, first, order.join());
    assert.equal(Object.keys(both.reasons).length, 2);
    assert.equal(both.reasons[order[0] === 'thread-locked' ? 'locked' : 'removed'], first);
    assert.equal(both.reasons[order[1] === 'thread-locked' ? 'locked' : 'removed'], second);
    assert.equal(
      r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' }).outcome.refusal?.key,
      'errors:bot-removed',
      'the removal first',
    );
    assert.deepEqual(
      heldTables(r.store.db, null).map((h) => [h.id, h.heldAt]),
      [[r.gameId, both.reasons.removed]],
      'the grace period counts from the removal',
    );

    r.clock.t += DAY;
    const one = r.run({ kind: order[2], gameId: r.gameId });
    assert.equal(one.outcome.ok, true);
    assert.deepEqual(one.effects, [], 'still held: nothing shown');
    const still = r.store.games.get(r.gameId)!;
    assert.equal(still.status, 'paused');
    assert.equal(Object.keys(still.hold!.reasons).length, 1, `${order[2]} ended its reason alone`);
    assert.deepEqual(
      r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft),
      [left],
      'timers still frozen',
    );

    r.clock.t += DAY;
    const last = r.run({ kind: order[3], gameId: r.gameId });
    const row = r.store.games.get(r.gameId)!;
    assert.deepEqual([row.status, row.hold], ['running', null]);
    assert.deepEqual(tableNotice(last.effects), { key: order[3] === 'bot-back' ? 'bot-back' : 'thread-open' });
    assert.equal(r.store.timers.forGame(r.gameId)[0]!.deadline, r.clock.t + left);
  }
});

test('a lock during the players’ pause: unlocked, it stays paused with its notice saying so', () => {
  const r = started();
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'pause' });
  const frozen = r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft);
  r.run({ kind: 'thread-locked', gameId: r.gameId });
  assert.equal(r.store.games.get(r.gameId)!.hold?.from, 'paused');
  const out = r.run({ kind: 'thread-unlocked', gameId: r.gameId });
  assert.deepEqual([r.store.games.get(r.gameId)!.status, r.store.games.get(r.gameId)!.hold], ['paused', null]);
  assert.deepEqual(tableNotice(out.effects), { key: 'thread-open', paused: true });
  assert.deepEqual(
    r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft),
    frozen,
  );
  assert.equal(
    out.effects.some((e) => e.kind === 'ping'),
    false,
  );
});

test('the idle end of matches: a lock’s hold ends as idle (held no more), a removal’s does not; the bot’s lock of a match over holds nothing', () => {
  const r = started();
  r.run({ kind: 'thread-locked', gameId: r.gameId });
  // The lock paused the table, which /games shows: its last public change.
  const publicAt = r.store.games.get(r.gameId)!.publicAt;
  assert.equal(publicAt, r.clock.t);
  r.clock.t += 40 * DAY;
  assert.deepEqual(
    r.store.games.idleTables(r.clock.t - DAY).map((g) => g.id),
    [r.gameId],
    'listed by the idle end',
  );
  r.run({ kind: 'bot-removed', gameId: r.gameId });
  assert.deepEqual(r.store.games.idleTables(r.clock.t - DAY), [], 'not while the bot is removed');
  const refused = r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt, days: 30 });
  assert.equal(refused.outcome.refusal?.key, 'errors:bot-removed');
  r.run({ kind: 'bot-back', gameId: r.gameId });

  const out = r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt, days: 30 });
  assert.equal(out.outcome.ok, true);
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual([row.status, row.hold], ['finished', null]);
  assert.deepEqual(lockHeldTables(r.store.db), []);
  // The bot archives and locks the thread of the match over itself: no hold for that.
  const own = r.run({ kind: 'thread-locked', gameId: r.gameId });
  assert.equal(own.outcome.ok, false);
  assert.equal(r.store.games.get(r.gameId)!.hold, null);
  assert.deepEqual(tablesOfThread(r.store.db, 'th'), [], 'no running table of that thread');
});

test('the bot back in a server whose moderator locked the thread meanwhile: the idle end counts the lock’s days, not the removal’s', () => {
  const r = started();
  r.clock.t += 3_600_000;
  r.run({ kind: 'bot-removed', gameId: r.gameId });
  const removedAt = r.clock.t;
  // The removal's pause (status paused, as /games shows it) is the last public change.
  const before = r.store.games.get(r.gameId)!.publicAt;
  assert.equal(before, removedAt);
  r.clock.t += 6 * DAY;
  // botBack (src/bot/holds.ts): the lock found at the return first, then the removal released.
  assert.equal(r.run({ kind: 'thread-locked', gameId: r.gameId }).outcome.ok, true);
  const back = r.run({ kind: 'bot-back', gameId: r.gameId });
  assert.deepEqual(back.effects, [], 'still held for the lock: nothing shown');
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual(Object.keys(row.hold!.reasons), ['locked']);
  // The return moves it on by the removal's 6 days.
  assert.equal(row.publicAt, before + (r.clock.t - removedAt));
  assert.deepEqual(r.store.games.idleTables(r.clock.t - 3 * DAY), [], 'not idle for 3 days: it was away 6');
  const early = r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt: before, days: 3 });
  assert.equal(early.outcome.ok, false, 'a round listed before the return does not end it');
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  // Locked for good, it ends as idle 3 days on (from its last public change, the removal’s days left out).
  r.clock.t += 3 * DAY;
  assert.deepEqual(
    r.store.games.idleTables(r.clock.t - 3 * DAY).map((g) => g.id),
    [r.gameId],
  );
});

test('migration 35: a table held before it (by a removal, the only hold then) keeps its hold, its reason the removal', () => {
  const path = join(tempDir('hq-m35-'), 'hq.db');
  const old = openDatabase(
    path,
    MIGRATIONS.filter((m) => m.version < 35),
  );
  old.exec(`INSERT INTO games (id, game, guild_id, thread_id, status, options, options_hash, seed, seats, version, hand_index,
              created_at, updated_at, held_at, held_from)
            VALUES ('g1', 'phom', 'gd', 't1', 'paused', '{}', 'h', 's', 2, 0, 0, 0, 0, 1000, 'running'),
                   ('g2', 'phom', 'gd', 't2', 'paused', '{}', 'h', 's', 2, 0, 0, 0, 0, NULL, NULL)`);
  old.close();
  const db = openDatabase(path);
  const games = new GameStore(db, engineOf);
  assert.deepEqual(games.get('g1')!.hold, { at: 1000, from: 'running', reasons: { removed: 1000 } });
  assert.equal(games.get('g2')!.hold, null);
  assert.deepEqual(heldTablesOfGuild(db, 'gd'), ['g1']);
  assert.deepEqual(tablesToHold(db, 'gd'), ['g2']);
  assert.deepEqual(lockHeldTables(db), []);
  db.close();
});
