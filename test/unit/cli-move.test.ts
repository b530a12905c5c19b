/** `cli move`: a move at a stored table through the table layer's act (issue #12: the CLI is one of its callers). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { openStore } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/store/db.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { cli, oneErrorLine } from './cli-capture.js';
import { phomTable } from './cli-table.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const CLI = programArgs('src/cli/main.ts');

const table = () => phomTable('hq-cli-move-', 'cli');

test('cli move plays a legal move through act: the AI seat answers, deadlines follow, one commit', () => {
  const { path, store, id } = table();
  const g = store.games.load(id)!;
  const engine = engineOf('phom');
  const d = (engine.pending(g.state) as Decision<BaseAction>[])[0]!;
  assert.equal(d.seat, 0, 'the person is to act after the start');
  const before = g.row.version;
  store.close();
  const r = spawnSync(
    'node',
    [...CLI, 'move', '--db', path, '--game-id', id, '--seat', '0', '--action', JSON.stringify(d.options[0]), '--ver', String(before)],
    {
      encoding: 'utf8',
    },
  );
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { ok: boolean; applied: number; version: number; effects: string[] };
  assert.equal(out.ok, true);
  assert.ok(out.applied >= 1);
  assert.equal(out.version, before + out.applied);
  const after = openStore(path, engineOf);
  try {
    const log = after.games.logWithMeta(id);
    assert.equal(log.length, out.version);
    assert.equal(log[before]!.source, 'system');
    assert.equal(log[before]!.userId, 'cli');
    // Every pending person has one deadline, as after a click.
    const g2 = after.games.load(id)!;
    const pend = (engine.pending(g2.state) as Decision<BaseAction>[]).filter((x) => x.seat === 0);
    assert.equal(after.timers.forGame(id).filter((t) => t.seat === 0).length, pend.length ? 1 : 0);
  } finally {
    after.close();
  }
});

test('cli move refuses an illegal move, a stale version and bad input, and changes nothing', () => {
  const { path, store, id } = table();
  const ver = store.games.get(id)!.version;
  store.close();
  const run = (...args: string[]) => spawnSync('node', [...CLI, 'move', '--db', path, '--game-id', id, ...args], { encoding: 'utf8' });
  // A refusal is one readable English line on stderr with its i18n key, nothing on stdout, exit 1.
  const illegal = run('--seat', '0', '--action', '{"type":"discard","card":"ZZ"}');
  assert.equal(illegal.status, 1);
  assert.equal(illegal.stdout, '');
  assert.match(illegal.stderr, /^error: move refused: [^\n]+ \[phom:error\.[a-z-]+\]\n$/);
  const stale = run('--seat', '0', '--action', '{"type":"discard","card":"ZZ"}', '--ver', String(ver + 5));
  assert.equal(stale.status, 1);
  assert.equal(stale.stderr, 'error: move refused: That was out of date: here is the current view. Nothing was changed. [errors:stale]\n');
  const bad = run('--seat', '0', '--action', 'nope');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr.trim(), /^error: --action is not valid JSON/);
  const noType = run('--seat', '0', '--action', '{}');
  assert.equal(noType.status, 2);
  const after = openStore(path, engineOf);
  assert.equal(after.games.get(id)!.version, ver);
  after.close();
});

test('cli move refuses a file that is not ours, an older schema and an unknown game, with the file untouched', async (t) => {
  const dir = tempDir('hq-cli-move-', t);
  const move = (db: string, id = 'g1') => cli('move', '--db', db, '--game-id', id, '--seat', '0', '--action', '{"type":"draw"}');
  const files = () => readdirSync(dir).sort();
  // A 0-byte file became a 184 KB database (WAL, every migration) before "game not found".
  const empty = join(dir, 'empty.db');
  writeFileSync(empty, '');
  assert.equal(oneErrorLine(await move(empty)), `error: ${empty} is not a Hội Quán database (it has no games table)`);
  assert.equal(readFileSync(empty).length, 0);
  const junk = join(dir, 'junk.db');
  writeFileSync(junk, 'not sqlite at all, just some text that is long enough to be read as a header. '.repeat(2));
  assert.equal(oneErrorLine(await move(junk)), `error: ${junk} is not a Hội Quán database: file is not a database`);
  assert.deepEqual(files(), ['empty.db', 'junk.db']);
  // An older schema: the last migration not applied.
  const old = join(dir, 'old.db');
  const last = MIGRATIONS[MIGRATIONS.length - 1]!.version;
  openDatabase(old, MIGRATIONS.slice(0, -1)).close();
  const oldBytes = readFileSync(old);
  assert.equal(
    oneErrorLine(await move(old)),
    `error: ${old} has an older schema (migration ${last} not applied): start the bot once on it (it migrates the database at start), then run move again`,
  );
  assert.deepEqual(readFileSync(old), oldBytes);
  assert.equal(existsSync(`${old}-wal`), false);
  // A current database without that game.
  const { path, store } = table();
  store.close();
  const bytes = readFileSync(path);
  const beside = readdirSync(dirname(path));
  assert.equal(oneErrorLine(await move(path, 'nope')), `error: no game "nope" in ${path}`);
  assert.deepEqual(readFileSync(path), bytes);
  assert.deepEqual(readdirSync(dirname(path)), beside, 'no -wal/-shm left behind');
});

test('cli move leaves a backup copy (not in WAL mode) in its journal mode, after a move and after a refusal', async () => {
  const { path, store, id } = table();
  const d = (engineOf('phom').pending(store.games.load(id)!.state) as Decision<BaseAction>[])[0]!;
  store.close();
  const setMode = new Database(path);
  setMode.pragma('journal_mode = DELETE');
  setMode.close();
  const mode = () => {
    const db = new Database(path, { readonly: true });
    try {
      return db.pragma('journal_mode', { simple: true });
    } finally {
      db.close();
    }
  };
  assert.equal(mode(), 'delete');
  const move = (action: unknown) => cli('move', '--db', path, '--game-id', id, '--seat', '0', '--action', JSON.stringify(action));
  const played = await move(d.options[0]);
  assert.equal(played.code, 0, played.stderr);
  assert.equal(mode(), 'delete', 'the move left the file as it was: not switched to WAL');
  assert.deepEqual(readdirSync(dirname(path)), ['hq.db']);
  const refused = await move({ type: 'u' });
  assert.equal(refused.code, 1);
  assert.equal(mode(), 'delete');
  assert.deepEqual(readdirSync(dirname(path)), ['hq.db']);
  // the move is there
  const after = openStore(path, engineOf);
  assert.ok(after.games.get(id)!.version > 0);
  after.close();
});

test('cli move refuses an action of the wrong shape before the engine sees it: nothing extra reaches the log', async () => {
  const { path, store, id } = table();
  const g = store.games.load(id)!;
  const d = (engineOf('phom').pending(g.state) as Decision<BaseAction>[])[0]!;
  const ver = g.row.version;
  store.close();
  const legal = d.options[0] as BaseAction & Record<string, unknown>;
  const field = Object.keys(legal).find((k) => k !== 'type');
  const move = (action: unknown) => cli('move', '--db', path, '--game-id', id, '--seat', '0', '--action', JSON.stringify(action));
  assert.match(
    oneErrorLine(await move({ ...legal, junk: 'x'.repeat(2000) })),
    new RegExp(`^error: --action: a "${legal.type}" action has no field junk \\(e\\.g\\. `),
  );
  if (field) {
    const { [field]: _dropped, ...without } = legal;
    assert.match(oneErrorLine(await move(without)), new RegExp(`^error: --action: a "${legal.type}" action needs ${field} `));
    assert.match(oneErrorLine(await move({ ...legal, [field]: { x: 1 } })), new RegExp(`^error: --action: ${field} must be a `));
  }
  const after = openStore(path, engineOf);
  assert.equal(after.games.get(id)!.version, ver, 'nothing committed');
  after.close();
});
