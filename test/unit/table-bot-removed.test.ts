/**
 * A table held while the bot is not in its server, at the table layer (src/table/act.ts 'bot-removed',
 * 'bot-back'; store `TableHold`, migration 34): one transaction each, effects as data. The hold
 * freezes the timers as a pause does and shows nothing (the bot can reach nothing there), keeping
 * what the outbox held; every other command is refused meanwhile. The release resumes a table that
 * was running (its timers from their time left, a ping again) and leaves one its players paused
 * paused; abandoning a held table (the grace period over) records the status it had before the hold.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { rig } from '../support/table-rig.js';
import { tempDir } from '../support/temp-dir.js';
import { abandonGames, heldTables, heldTablesOfGuild, openDatabase, tablesToHold } from '../../src/store/index.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import type { Effect } from '../../src/table/effects.js';

/** A Phỏm table of two people, started 5 s ago; `keepOutbox`: its effects left undelivered. */
const started = (keepOutbox = false) => {
  const r = rig('phom', ['human', 'human'], { seed: 'bot-removed', keepOutbox });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  r.clock.t += 5_000;
  return r;
};

test('the hold: paused, timers frozen with their time left, no effects, the outbox kept; other commands refused', () => {
  const r = started(true);
  const before = r.store.games.get(r.gameId)!;
  const outbox = before.outbox;
  assert.ok(outbox.length > 0, 'the Start step left effects undelivered (as a removal in the middle of them would)');
  const timer = r.store.timers.forGame(r.gameId)[0]!;
  const out = r.run({ kind: 'bot-removed', gameId: r.gameId });
  assert.equal(out.outcome.ok, true);
  assert.deepEqual(out.effects, [], 'nothing to show in a server the bot is not in');
  assert.equal(out.carried, undefined, 'nor anything carried to sweep');
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'paused');
  assert.deepEqual(row.hold, { at: r.clock.t, from: 'running', reasons: { removed: r.clock.t } });
  assert.deepEqual(row.outbox, outbox, 'the undelivered effects wait for the return (no unarchive added)');
  assert.equal(row.version, before.version);
  assert.deepEqual(
    r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft),
    [timer.deadline - r.clock.t],
  );
  assert.deepEqual(heldTablesOfGuild(r.store.db, 'g'), [r.gameId]);
  assert.deepEqual(tablesToHold(r.store.db, 'g'), [], 'held once');
  assert.deepEqual(r.run({ kind: 'bot-removed', gameId: r.gameId }).effects, [], 'a second removal changes nothing');
  assert.deepEqual(r.store.games.get(r.gameId)!.hold, row.hold);

  // Past the deadline: neither the timer nor a click plays anything.
  r.clock.t = timer.deadline + 60_000;
  const d = r.pending()[0]!;
  for (const cmd of [
    { kind: 'timeout', gameId: r.gameId, seat: timer.seat, timerKind: timer.kind, deadline: timer.deadline },
    { kind: 'move', gameId: r.gameId, seat: d.seat, action: d.options[0]!, ver: null },
    { kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'resume' },
    { kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'resume' },
  ] as const) {
    const res = r.run(cmd);
    assert.equal(res.outcome.refusal?.key, 'errors:bot-removed', cmd.kind);
    assert.deepEqual(res.effects, []);
  }
  const sync = r.run({ kind: 'sync', gameId: r.gameId });
  assert.deepEqual([sync.outcome.ok, sync.effects], [true, []], 'a sync finds nothing to do');
  assert.equal(r.store.games.get(r.gameId)!.version, before.version);
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  // A member gone from the server (a ban) is applied at once, shown at the release: nothing now.
  const gone = r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u1' });
  assert.deepEqual([gone.outcome.ok, gone.effects], [true, []]);
  assert.equal(
    r.store.games.seats(r.gameId).find((s) => s.userId === 'u1'),
    undefined,
    'their seat passed to the AI',
  );
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused', 'still held');
});

test('the release of a running table: resumed from the time left, shown with the notice, whoever must decide pinged again', () => {
  const r = started();
  const timer = r.store.timers.forGame(r.gameId)[0]!;
  const left = timer.deadline - r.clock.t;
  r.run({ kind: 'bot-removed', gameId: r.gameId });
  r.clock.t += 3 * 86_400_000;
  const out = r.run({ kind: 'bot-back', gameId: r.gameId });
  assert.equal(out.outcome.ok, true);
  const row = r.store.games.get(r.gameId)!;
  assert.equal(row.status, 'running');
  assert.equal(row.hold, null);
  assert.equal(row.publicAt, r.clock.t, 'a public change (its notice)');
  const [resumed] = r.store.timers.forGame(r.gameId);
  assert.deepEqual([resumed!.deadline, resumed!.pausedLeft], [r.clock.t + left, null]);
  assert.equal(out.table!.timers[0]!.deadline, r.clock.t + left, 'the table drawn shows the deadline as stored');
  const kinds = out.effects.map((e) => e.kind);
  assert.equal(kinds[0], 'unarchive', 'the thread reopened first (Discord archives an idle thread)');
  const table = out.effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');
  assert.deepEqual(table?.notice, { key: 'bot-back' });
  const ping = out.effects.find((e): e is Extract<Effect, { kind: 'ping' }> => e.kind === 'ping');
  assert.deepEqual(ping?.turn, [timer.seat]);
  assert.deepEqual(ping?.again, { at: r.clock.t }, 'every player told again by DM, no voter to leave out');
  assert.equal(r.run({ kind: 'bot-back', gameId: r.gameId }).outcome.refusal?.key, 'errors:stale', 'released once');
});

test('the release of a table its players paused: it stays paused, timers still frozen', () => {
  const r = started();
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'pause' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  const frozen = r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft);
  r.run({ kind: 'bot-removed', gameId: r.gameId });
  assert.deepEqual(r.store.games.get(r.gameId)!.hold?.from, 'paused');
  r.clock.t += 86_400_000;
  const out = r.run({ kind: 'bot-back', gameId: r.gameId });
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual([row.status, row.hold], ['paused', null]);
  assert.deepEqual(
    r.store.timers.forGame(r.gameId).map((x) => x.pausedLeft),
    frozen,
  );
  const table = out.effects.find((e): e is Extract<Effect, { kind: 'table' }> => e.kind === 'table');
  assert.deepEqual(table?.notice, { key: 'bot-back', paused: true });
  assert.equal(
    out.effects.some((e) => e.kind === 'ping'),
    false,
    'nobody pinged: nothing to play yet',
  );
});

test('a held table abandoned (the grace period over) records the status it had before the hold, and is held no more', () => {
  const r = started();
  r.run({ kind: 'bot-removed', gameId: r.gameId });
  assert.deepEqual(
    heldTables(r.store.db, null).map((h) => h.id),
    [r.gameId],
  );
  assert.deepEqual(abandonGames(r.store.db, [r.gameId], r.clock.t), [{ id: r.gameId, game: 'phom', from: 'running' }]);
  const row = r.store.games.get(r.gameId)!;
  assert.deepEqual([row.status, row.hold], ['cancelled', null]);
  assert.deepEqual(heldTables(r.store.db, null), []);
});

test('migration 34: a database from before it opens with no table held', () => {
  const path = join(tempDir('hq-m34-'), 'hq.db');
  const old = openDatabase(
    path,
    MIGRATIONS.filter((m) => m.version < 34),
  );
  old.exec(`INSERT INTO games (id, game, guild_id, status, options, options_hash, seed, seats, version, hand_index, created_at, updated_at)
            VALUES ('g1', 'phom', 'gd', 'paused', '{}', 'h', 's', 2, 0, 0, 0, 0)`);
  old.close();
  const db = openDatabase(path);
  const r = db.prepare('SELECT held_at, held_from FROM games WHERE id = ?').get('g1') as { held_at: unknown; held_from: unknown };
  assert.deepEqual([r.held_at, r.held_from], [null, null]);
  assert.deepEqual(tablesToHold(db, 'gd'), ['g1'], 'a players’ pause from before, not a hold');
  assert.deepEqual(heldTablesOfGuild(db, 'gd'), []);
  db.close();
});
