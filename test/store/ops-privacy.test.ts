/**
 * /privacy delete-my-data in the store (issue #18 §3): `eraseUser` removes a user's identity from
 * finished games' public records (seats and results show the FORMER_PLAYER code, ratings and the
 * players row go, user ids leave the log and hints) while every game still replays to its stored
 * results; it refuses while the user sits at an open table. Migration 10's triggers let exactly that
 * change through the append-only log.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openStore, eraseUser, FORMER_PLAYER, shownName, unhandledUserColumns, type Store } from '../../src/store/index.js';
import { migrate, openDatabase } from '../../src/store/db.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { optionsForTable } from '../../src/bot/options-in-force.js';
import { replayAllGames } from '../../src/cli/replay-db.js';
import { translator } from '../../src/table/i18n.js';
import { eraseEverywhere, shardDatabases } from '../../src/ops/privacy.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { tempDir } from '../support/temp-dir.js';
import { programArgs } from '../support/program.js';

const root = join(import.meta.dirname, '..', '..');

/** A Phỏm table of `users` (all people) played through the table layer: `hands` hands, then End match unless `keepOpen`. */
function playGame(store: Store, guildId: string, users: string[], seed: string, o: { keepOpen?: boolean } = {}): string {
  const ts = tableStore(store);
  const engine = engineOf('phom');
  const opts = optionsForTable(store, guildId, 'phom', {});
  assert.ok(opts.ok);
  const row = store.games.create({
    game: 'phom',
    guildId,
    hostUserId: users[0]!,
    options: opts.options,
    optionsHash: opts.hash,
    seed,
    seats: users.length,
  });
  store.games.setSeats(
    row.id,
    users.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: `name-${u}` })),
  );
  assert.ok(act(ts, { kind: 'start', gameId: row.id, userId: users[0]! }, 1).outcome.ok);
  for (let k = 0; k < 2000; k++) {
    const t = ts.load(row.id)!;
    if (engine.result(t.state as never)) break;
    const d = (engine.pending(t.state as never) as Decision<BaseAction>[])[0]!;
    const action = engine.ai(t.state as never, d.seat) as BaseAction;
    const r = act(ts, { kind: 'move', gameId: row.id, seat: d.seat, action, ver: t.row.version, userId: users[d.seat]! }, 1);
    assert.ok(r.outcome.ok, JSON.stringify(r.outcome));
  }
  if (o.keepOpen) return row.id;
  if (store.results.handsRecorded(row.id).length === 0) assert.fail('the hand did not finish');
  // A hint asked at some point names the user too.
  store.games.recordHint({
    gameId: row.id,
    version: 1,
    hand: 0,
    seat: 0,
    userId: users[0]!,
    level: 'strong',
    action: { type: 'x' },
    viewToken: 1,
  });
  const t = ts.load(row.id)!;
  const end = act(
    ts,
    { kind: 'table', gameId: row.id, userId: users[0]!, ver: t.row.version, verb: 'end-match', arg: `confirm.${t.row.handIndex}` },
    2,
  );
  assert.ok(end.outcome.ok, JSON.stringify(end.outcome));
  assert.equal(store.games.get(row.id)!.status, 'finished');
  return row.id;
}

test("migration 10: the log and hints accept only 'forget the user id'; every other change is still refused", () => {
  const db = openDatabase(
    ':memory:',
    MIGRATIONS.filter((m) => m.version <= 7),
  );
  db.exec(`INSERT INTO games (id, game, options, options_hash, seed, seats, status, created_at, updated_at)
           VALUES ('g1', 'phom', '{}', 'x', 's', 2, 'finished', 0, 0)`);
  db.exec(
    `INSERT INTO actions (game_id, seq, hand, seat, action, source, user_id, created_at) VALUES ('g1', 1, 0, 0, '{"type":"x"}', 'player', 'u1', 0)`,
  );
  db.exec(
    `INSERT INTO hints (game_id, version, hand, seat, user_id, level, action, created_at) VALUES ('g1', 0, 0, 0, 'u1', 'strong', '{}', 0)`,
  );
  assert.throws(() => db.exec(`UPDATE actions SET user_id = NULL`), /append-only/, 'before migration 10: no update at all');
  const applied = migrate(db);
  {
    assert.ok(applied.includes(10));
    assert.throws(() => db.exec(`UPDATE actions SET action = '{"type":"y"}'`), /append-only/);
    assert.throws(() => db.exec(`UPDATE actions SET user_id = 'u2'`), /append-only/);
    assert.throws(() => db.exec(`UPDATE actions SET user_id = NULL, seat = 1`), /append-only/);
    assert.throws(() => db.exec(`DELETE FROM actions`), /append-only/);
    db.exec(`UPDATE actions SET user_id = NULL WHERE user_id = 'u1'`);
    assert.equal((db.prepare('SELECT user_id FROM actions').get() as { user_id: null }).user_id, null);
    assert.throws(() => db.exec(`UPDATE hints SET level = 'easy'`), /append-only/);
    db.exec(`UPDATE hints SET user_id = NULL`);
    const cols = (db.prepare('PRAGMA table_info(games)').all() as { name: string }[]).map((c) => c.name);
    assert.ok(cols.includes('abandoned_at') && cols.includes('abandoned_from'));
    db.close();
  }
});

test('eraseUser: refused while seated at an open table; then the user leaves every public record and every game replays the same', (t) => {
  const dbPath = join(tempDir('hq-privacy-', t), 'hq.db');
  const store = openStore(dbPath, engineOf);
  const g1 = playGame(store, 'gA', ['u1', 'u2', 'u3'], 'seed-1');
  const g2 = playGame(store, 'gB', ['u2', 'u1'], 'seed-2');
  const g3 = playGame(store, 'gA', ['u2', 'u3'], 'seed-3'); // u1 not there
  const open = playGame(store, 'gA', ['u1', 'u3'], 'seed-4', { keepOpen: true });
  store.db.prepare('INSERT INTO players (user_id, display_name, updated_at) VALUES (?, ?, 0)').run('u1', 'An');
  store.settings.put('gA', 'phom', { preset: null, options: {}, playOverridable: [] }, 'u1');
  store.db.prepare(`UPDATE games SET pause_votes = '["u1","u3"]' WHERE id = ?`).run(g1);
  const before = replayAllGames(dbPath);
  assert.ok(before.every((r) => r.matchesStored));
  assert.ok(store.results.leaderboard('gA', 'phom', 'all').some((r) => r.userId === 'u1'));

  const refused = eraseUser(store.db, 'u1');
  assert.equal(refused.ok, false);
  assert.deepEqual(refused.ok ? [] : refused.games.map((g) => [g.id, g.status]), [[open, 'running']]);
  assert.equal(store.games.seats(g1)[0]!.userId, 'u1', 'nothing changed');

  // The open table ends (everyone left it): now the erasure goes through.
  store.games.update(open, { status: 'cancelled' });
  const r = eraseUser(store.db, 'u1');
  assert.ok(r.ok);
  assert.equal(r.games, 3);
  assert.equal(r.seats, 3);
  assert.ok(r.results >= 2 && r.actions > 10 && r.ratings === 2 && r.hints === 1, JSON.stringify(r));

  const q = (sql: string, ...a: unknown[]) => store.db.prepare(sql).all(...a) as Record<string, unknown>[];
  for (const t of ['game_seats', 'results', 'ratings', 'players', 'actions', 'hints'])
    assert.deepEqual(q(`SELECT 1 FROM ${t} WHERE user_id = 'u1'`), [], `${t} no longer names u1`);
  assert.deepEqual(q(`SELECT 1 FROM games WHERE host_user_id = 'u1'`), []);
  assert.deepEqual(q(`SELECT 1 FROM guild_settings WHERE updated_by = 'u1'`), []);
  assert.deepEqual(JSON.parse(String(q('SELECT pause_votes FROM games WHERE id = ?', g1)[0]!.pause_votes)), ['u3']);
  assert.deepEqual(
    store.games.seats(g1).map((s) => [s.userId, s.displayName]),
    [
      [null, FORMER_PLAYER],
      ['u2', 'name-u2'],
      ['u3', 'name-u3'],
    ],
  );
  assert.equal(store.games.seats(g2)[1]!.displayName, FORMER_PLAYER);
  assert.deepEqual(q(`SELECT DISTINCT display_name AS n FROM results WHERE game_id = ? AND seat = 0`, g1), [{ n: FORMER_PLAYER }]);
  assert.deepEqual(
    store.games.seats(g3).map((s) => s.userId),
    ['u2', 'u3'],
    'a game without u1 is untouched',
  );
  // Leaderboards and /score no longer list the user; the others keep their records and ratings.
  assert.ok(!store.results.leaderboard('gA', 'phom', 'all').some((x) => x.userId === 'u1'));
  assert.equal(store.results.record('gA', 'u1', 'phom', 'all').hands, 0);
  assert.ok(store.results.record('gA', 'u2', 'phom', 'all').hands >= 2);
  assert.ok(store.results.leaderboard('gA', 'phom', 'all').some((x) => x.userId === 'u2'));
  // Other people's moves keep their user ids.
  assert.ok((q(`SELECT COUNT(*) AS n FROM actions WHERE user_id = 'u2'`)[0]!.n as number) > 0);
  store.close();

  // Every game still replays to the same results (in process, and through `npm run cli -- replay-db --all`).
  assert.deepEqual(replayAllGames(dbPath), before);
  const cli = spawnSync(process.execPath, [...programArgs('src/cli/main.ts'), 'replay-db', '--db', dbPath, '--all'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(cli.status, 0, cli.stderr + cli.stdout);
  // Asking again: nothing names the user any more.
  const again = eraseUser(openStore(dbPath, engineOf).db, 'u1');
  assert.ok(again.ok && again.games === 0 && again.actions === 0);
});

test('every column that can name a user is handled; the marker is shown in each language', () => {
  const store = openStore(':memory:', engineOf);
  assert.deepEqual(unhandledUserColumns(store.db), [], 'a new user column must be added to USER_COLUMNS and eraseUser');
  store.close();
  assert.equal(shownName(FORMER_PLAYER, translator('en')), 'former player');
  assert.equal(shownName(FORMER_PLAYER, translator('vi')), 'người chơi cũ');
  assert.equal(shownName(FORMER_PLAYER, translator('zh-TW')), '前玩家');
  assert.equal(shownName('Bình', translator('en')), 'Bình');
});

test('one database file per shard: /privacy refuses if the user plays in any shard file, then erases them all', (t) => {
  const dir = tempDir('hq-privacy-shards-', t);
  const template = join(dir, 'hq-{shard}.db');
  const files = shardDatabases({ DATABASE_PATH_TEMPLATE: template, SHARD_COUNT: '3' });
  assert.deepEqual(
    files,
    [0, 1, 2].map((k) => join(dir, `hq-${k}.db`)),
  );
  assert.deepEqual(shardDatabases({ SHARD_COUNT: '3' }), [], 'one shared file: nothing else to open');
  const stores = files.slice(0, 2).map((f) => openStore(f, engineOf)); // shard 2 has no file yet
  const g0 = playGame(stores[0]!, 'gA', ['u1', 'u2'], 'p-1');
  const open1 = playGame(stores[1]!, 'gB', ['u1', 'u3'], 'p-2', { keepOpen: true });
  stores[1]!.close();
  const refused = eraseEverywhere(stores[0]!.db, 'u1', files);
  assert.ok(!refused.ok && refused.games.map((g) => g.id).join() === open1, 'refused: seated at a table in shard 1');
  assert.equal(stores[0]!.games.seats(g0)[0]!.userId, 'u1', 'nothing erased anywhere');
  const s1 = openStore(files[1]!, engineOf);
  s1.games.update(open1, { status: 'finished' });
  s1.close();
  const r = eraseEverywhere(stores[0]!.db, 'u1', files);
  assert.ok(r.ok && r.games === 2, JSON.stringify(r));
  const s1b = openStore(files[1]!, engineOf);
  assert.equal(s1b.games.seats(open1)[0]!.displayName, FORMER_PLAYER);
  s1b.close();
  assert.equal(stores[0]!.games.seats(g0)[0]!.userId, null);
  stores[0]!.close();
});
