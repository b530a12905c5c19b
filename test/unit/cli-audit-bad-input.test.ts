/**
 * Bad input to the CLI found by an audit: each is one clear error line, exit non-zero, and the
 * files it was given are left as they were.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Database from 'better-sqlite3';
import { openStore } from '../../src/store/index.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { engineOf } from '../../src/table/manifests.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A running two-seat Phỏm table: seat 0 a person (the only one), seat 1 the AI; with `played`,
 * seat 0's first move made (the log then holds entries). The store is closed.
 */
function startedTable(played = false) {
  const { path, store, id } = phomTable('hq-cli-audit-', 'cli-audit');
  if (played) {
    const d = (engineOf('phom').pending(store.games.load(id)!.state) as { seat: number; options: { type: string }[] }[])[0]!;
    const move = { kind: 'move', gameId: id, seat: d.seat, action: d.options[0]!, ver: null, source: 'player', userId: 'u0' } as const;
    assert.equal(act(tableStore(store), move, Date.now()).outcome.ok, true);
  }
  store.close();
  return { path, id };
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The database file unchanged and no -wal/-shm left beside it. */
function assertUntouched(path: string, before: string) {
  assert.equal(digest(path), before);
  assert.equal(existsSync(`${path}-wal`), false);
  assert.equal(existsSync(`${path}-shm`), false);
}

test('move refuses an action the engine takes outside the seat view (Phỏm leave): the last player cannot leave the table to the AI', async () => {
  const { path, id } = startedTable();
  const before = digest(path);
  const move = (seat: number, action: unknown) =>
    cli('move', '--db', path, '--game-id', id, '--seat', String(seat), '--action', JSON.stringify(action));
  // seat 0 is to act: a click could only play its options; `leave` (with a field no leave has) was logged as given
  assert.match(
    oneErrorLine(await move(0, { type: 'leave', junk: 'x' })),
    /^error: --action: a "leave" action is not one of seat 0's moves now \(its moves: [a-z, -]+\); a player leaves with the table's Leave seat button$/,
  );
  assert.match(oneErrorLine(await move(1, { type: 'leave' })), /is not one of seat 1's moves now \(it has nothing to decide\)/);
  assertUntouched(path, before);
  const store = openStore(path, engineOf);
  try {
    assert.equal(store.games.logWithMeta(id).length, 0);
    assert.deepEqual(
      store.games.load(id)!.seats.map((s) => s.userId),
      ['u0', null],
    );
  } finally {
    store.close();
  }
});

test('move refuses a database another connection holds open (a running bot), and changes nothing', async () => {
  const { path, id } = startedTable();
  const bot = openStore(path, engineOf);
  try {
    const d = (engineOf('phom').pending(bot.games.load(id)!.state) as { seat: number; options: unknown[] }[])[0]!;
    const version = bot.games.get(id)!.version;
    const r = await cli('move', '--db', path, '--game-id', id, '--seat', String(d.seat), '--action', JSON.stringify(d.options[0]));
    assert.match(oneErrorLine(r), /is in use \(is the bot running\?\); stop it first/);
    assert.equal(bot.games.get(id)!.version, version);
  } finally {
    bot.close();
  }
});

/** A copy of a Phỏm table's database with `sql` run on it (the append-only trigger set aside). */
function damaged(sql: string) {
  const { path, id } = startedTable(true);
  const db = new Database(path);
  const trigger = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'actions_append_only_update'").get() as { sql: string }).sql;
  db.exec('DROP TRIGGER actions_append_only_update');
  db.prepare(sql).run(id);
  db.exec(trigger);
  db.close();
  return { path, id, before: digest(path) };
}

test('replay-db and move on a damaged stored game name the game in one line, and change nothing', async () => {
  // a game kind this code has no engine for: was "Cannot read properties of undefined (reading 'engine')"
  const kind = damaged("UPDATE games SET game = 'poker' WHERE id = ?");
  for (const r of [
    await cli('replay-db', '--db', kind.path, '--all'),
    await cli('replay-db', '--db', kind.path, '--game-id', kind.id),
    await cli('move', '--db', kind.path, '--game-id', kind.id, '--seat', '0', '--action', '{"type":"draw"}'),
  ])
    assert.equal(oneErrorLine(r), `error: game "${kind.id}" in ${kind.path} is of a game this CLI does not know: "poker"`);
  assertUntouched(kind.path, kind.before);
  // a log entry that is not JSON: was JSON.parse's text alone, naming no game
  const json = damaged("UPDATE actions SET action = '{not json' WHERE game_id = ? AND seq = 1");
  assert.match(
    oneErrorLine(await cli('replay-db', '--db', json.path, '--all'), 1),
    new RegExp(`^error: game "${json.id}" cannot be replayed: a stored value is not valid JSON \\(`),
  );
  assert.match(
    oneErrorLine(await cli('move', '--db', json.path, '--game-id', json.id, '--seat', '0', '--action', '{"type":"draw"}')),
    new RegExp(`^error: game "${json.id}" in .* cannot be loaded: a stored value is not valid JSON \\(`),
  );
  assertUntouched(json.path, json.before);
  // a log entry that is JSON but no action: was "Cannot read properties of null (reading 'type')"
  const nul = damaged("UPDATE actions SET action = 'null' WHERE game_id = ? AND seq = 1");
  assert.match(
    oneErrorLine(await cli('replay-db', '--db', nul.path, '--game-id', nul.id), 1),
    new RegExp(`^error: game "${nul.id}" cannot be replayed: log entry 1: `),
  );
  assertUntouched(nul.path, nul.before);
});

test('replay-db refuses --all together with --game-id, and an empty --db', async () => {
  const { path, id } = startedTable();
  assert.equal(oneErrorLine(await cli('replay-db', '--db', path, '--all', '--game-id', id)), 'error: give --game-id ID or --all, not both');
  assert.equal(oneErrorLine(await cli('replay-db', '--db', '', '--all')), 'error: --db FILE is required');
  assert.equal(
    oneErrorLine(await cli('move', '--db', '', '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}')),
    'error: --db FILE is required',
  );
});

test('help refuses an argument after the command it explains', async () => {
  assert.equal(oneErrorLine(await cli('help', 'selfplay', 'extra')), 'error: unexpected argument: extra');
  assert.equal(oneErrorLine(await cli('--help', 'move', 'a', 'b')), 'error: unexpected arguments: a b');
  assert.equal((await cli('help', 'selfplay')).code, 0);
});

test('backup does not replace an existing OUT.partial without --force', async (t) => {
  const { path } = startedTable();
  const out = join(tempDir('hq-cli-audit-', t), 'b.db');
  writeFileSync(`${out}.partial`, 'not ours');
  assert.match(oneErrorLine(await cli('backup', '--db', path, '--out', out)), /b\.db\.partial exists .*add --force/);
  assert.equal(readFileSync(`${out}.partial`, 'utf8'), 'not ours');
  assert.equal(existsSync(out), false);
  assert.equal((await cli('backup', '--db', path, '--out', out, '--force')).code, 0);
  assert.equal(existsSync(`${out}.partial`), false);
});

test('replay and score read a JSON file or stdin that starts with a UTF-8 byte order mark', async (t) => {
  const file = join(tempDir('hq-cli-audit-', t), 'bom.json');
  const sc = { name: 'bom', game: 'phom', seats: 2, start: { seed: 'b' }, steps: [] };
  writeFileSync(file, `\uFEFF${JSON.stringify(sc)}`);
  const r = await cli('replay', file);
  assert.equal(r.code, 0, r.stderr);
  assert.equal((JSON.parse(r.stdout) as { passed: boolean }).passed, true);
  const stdin = Object.getOwnPropertyDescriptor(process, 'stdin')!;
  Object.defineProperty(process, 'stdin', { value: Readable.from([Buffer.from('\uFEFF[]')]), configurable: true });
  try {
    const s = await cli('score', '--game', 'phom');
    assert.equal(s.code, 0, s.stderr);
    assert.equal(s.stdout.trim(), '[]');
  } finally {
    Object.defineProperty(process, 'stdin', stdin);
  }
});
