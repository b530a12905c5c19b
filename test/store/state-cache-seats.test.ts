/**
 * The state cache is keyed by version AND seat count: a Chắn lobby (default 5 seats) whose state was
 * read while it was open, then started with 4 seated (Start logs no action, so the version stays),
 * must not answer the 5-seat state (found by `bench -- load --game chan`: a reader process saw a turn
 * for a seat that has no row).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { resolveOptions } from '../../src/games/core/options.js';
import { tempDir } from '../support/temp-dir.js';

test('a state read at 5 seats is not reused once the game has 4 seats at the same version', (t) => {
  // Two processes on one database file (the bot, and a reader such as the load bench or a CLI).
  const file = join(tempDir('hq-cache-', t), 'hq.db');
  const bot = openStore(file, engineOf, () => 0);
  const reader = openStore(file, engineOf, () => 0);
  const resolved = resolveOptions(engineOf('chan').options, {});
  assert.ok(resolved.ok, JSON.stringify(resolved));
  const options = resolved.value as Record<string, unknown>;
  const row = bot.games.create({ game: 'chan', guildId: 'g', options, optionsHash: 'x', seed: 's', seats: 5 });
  const seatsOf = (st: unknown) => (st as { seats: unknown[] }).seats.length;
  assert.equal(seatsOf(reader.games.state(reader.games.get(row.id)!)), 5, 'the open lobby read at 5 seats');
  bot.games.update(row.id, { seats: 4, status: 'running' });
  const now = reader.games.get(row.id)!;
  assert.equal(now.version, row.version, 'no action logged');
  assert.equal(seatsOf(reader.games.state(now)), 4);
});

test('a step whose commit fails after its log append leaves no cached state behind (another writer may commit that version)', async (t) => {
  const { tableStore } = await import('../../src/table/store.js');
  const { act } = await import('../../src/table/act.js');
  const { replayLog } = await import('../../src/store/replay.js');
  const { canonical } = await import('../../src/games/core/match.js');
  const file = join(tempDir('hq-cache-', t), 'hq.db');
  const a = openStore(file, engineOf);
  const b = openStore(file, engineOf);
  const engine = engineOf('phom');
  const now = Date.now();
  const resolved = resolveOptions(engine.options, {});
  assert.ok(resolved.ok, JSON.stringify(resolved));
  const options = resolved.value as Record<string, unknown>;
  const row = a.games.create({
    game: 'phom',
    guildId: 'g',
    channelId: 'c',
    threadId: 't',
    hostUserId: 'u0',
    options,
    optionsHash: 'x',
    seed: 's',
    seats: 4,
    timerPreset: { name: 'live' },
  });
  a.games.setSeats(
    row.id,
    [0, 1, 2, 3].map((seat) => ({ seat, userId: `u${seat}`, isAi: false, displayName: `P${seat}` })),
  );
  const started = act(tableStore(a), { kind: 'start', gameId: row.id, userId: 'u0' }, now);
  assert.ok(started.outcome.ok, JSON.stringify(started.outcome));
  const d = (engine.pending(a.games.load(row.id)!.state) as { seat: number; options: unknown[] }[])[0]!;
  assert.ok(d.options.length >= 2);
  // A's commit fails after the log append (its timers write: a full disk), and rolls back.
  const lastSeq = () => (a.db.prepare('SELECT MAX(seq) AS seq FROM actions WHERE game_id = ?').get(row.id) as { seq: number | null }).seq;
  const before = lastSeq();
  let atFailure: { inTransaction: boolean; seq: number | null } | null = null;
  const set = a.timers.set.bind(a.timers);
  a.timers.set = () => {
    // what the failing write sees: the move already in the log, inside the open transaction
    atFailure = { inTransaction: a.db.inTransaction, seq: lastSeq() };
    throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
  };
  assert.throws(
    () => act(tableStore(a), { kind: 'move', gameId: row.id, seat: d.seat, action: d.options[0] as never, ver: null }, now + 1),
    { code: 'SQLITE_FULL', message: /database or disk is full/ },
  );
  a.timers.set = set;
  assert.deepEqual(atFailure, { inTransaction: true, seq: (before ?? 0) + 1 }, 'the failure came after the append, in its transaction');
  assert.equal(lastSeq(), before, 'the append was rolled back');
  // B commits another move at that version; A then reads the game as the log has it.
  const rb = act(tableStore(b), { kind: 'move', gameId: row.id, seat: d.seat, action: d.options[1] as never, ver: null }, now + 2);
  assert.equal(rb.outcome.applied, 1);
  const g = a.games.load(row.id)!;
  const truth = replayLog(engine, g.row.options, g.row.seats, g.row.seed, a.games.log(row.id));
  assert.deepEqual(canonical(g.state), canonical(truth));
  a.close();
  b.close();
});
