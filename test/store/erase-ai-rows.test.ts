/**
 * /privacy delete-my-data (src/store/privacy.ts eraseUser) and the hands the AI played for a person's
 * seat (their turn timed out with the table's timeout policy `ai`): those rows are stored without a
 * user id, under the seat's name (results.ts `sameOccupant`), so erasing by user id left the name on
 * them and the match standings split the seat into "former player" and that name.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openStore, eraseUser, FORMER_PLAYER } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { replayAllGames } from '../../src/cli/replay-db.js';
import { tempDb } from '../support/temp-dir.js';
import { phomTable, playHand } from '../support/phom-match.js';

test('erasure renames the rows the AI played for the erased player’s seat, and the standings keep one entry per seat', (t) => {
  const dbPath = tempDb('hq-erase-ai-', t);
  const store = openStore(dbPath, engineOf);
  t.after(() => store.close());
  const ts = tableStore(store);
  const users = ['u1', 'u2', 'u3'];
  const id = phomTable(
    store,
    's1',
    'u2',
    users.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: `name-${u}` })),
  );
  store.db.prepare("UPDATE games SET timeout_policy = 'ai' WHERE id = ?").run(id);
  assert.ok(act(ts, { kind: 'start', gameId: id, userId: 'u2' }, 1).outcome.ok);
  // u1's first turn times out: the AI takes the seat for the rest of the hand.
  let timedOut = false;
  playHand(ts, id, users, 1, (d) => {
    if (d.seat !== 0 || timedOut) return false;
    assert.ok(act(ts, { kind: 'timeout', gameId: id, seat: 0, timerKind: 'turn' }, 2).outcome.ok);
    timedOut = true;
    return true;
  });
  assert.ok(timedOut);
  const tb = ts.load(id)!;
  assert.ok(
    act(ts, { kind: 'table', gameId: id, userId: 'u2', ver: tb.row.version, verb: 'end-match', arg: `confirm.${tb.row.handIndex}` }, 3)
      .outcome.ok,
  );
  assert.equal(store.games.get(id)!.status, 'finished');
  const seat0 = () =>
    store.db.prepare('SELECT user_id AS userId, display_name AS name FROM results WHERE game_id = ? AND seat = 0').all(id);
  assert.deepEqual(seat0(), [{ userId: null, name: 'name-u1' }], 'the hand the AI played for u1 is stored without an id, under u1’s name');
  const standingsBefore = store.results.matchStandings(id, store.games.seats(id)).length;

  const r = eraseUser(store.db, 'u1');
  assert.ok(r.ok);
  assert.deepEqual(
    store.db.prepare("SELECT game_id, hand, seat FROM results WHERE display_name = 'name-u1' OR user_id = 'u1'").all(),
    [],
    'no result row still names the erased player',
  );
  assert.deepEqual(seat0(), [{ userId: null, name: FORMER_PLAYER }]);
  assert.equal(r.results, 1, 'the AI-played row is counted');
  const standings = store.results.matchStandings(id, store.games.seats(id));
  assert.equal(standings.length, standingsBefore, 'one entry per seat');
  assert.equal(standings.filter((e) => e.seat === 0).length, 1);
  // The other seats keep their names; every game still replays to its stored results.
  assert.deepEqual(store.db.prepare('SELECT DISTINCT display_name AS n FROM results WHERE seat > 0 ORDER BY n').all(), [
    { n: 'name-u2' },
    { n: 'name-u3' },
  ]);
  assert.ok(replayAllGames(dbPath).every((x) => x.matchesStored));
});

test('an AI seat’s rows under its own name, and another person’s rows, are left alone', (t) => {
  const store = openStore(tempDb('hq-erase-ai-', t), engineOf);
  t.after(() => store.close());
  const id = phomTable(store, 's2', 'u2', [
    { seat: 0, userId: 'u1', isAi: false, displayName: 'Same' },
    { seat: 1, userId: null, isAi: true, displayName: 'Same' },
    { seat: 2, userId: 'u3', isAi: false, displayName: 'Other' },
  ]);
  store.db.prepare("UPDATE games SET status = 'finished' WHERE id = ?").run(id);
  // As the store writes them; `for_user_id` (the person the AI played for) where the schema has it.
  const named = store.db.prepare("SELECT 1 FROM pragma_table_info('results') WHERE name = 'for_user_id'").get() !== undefined;
  const add = (seat: number, name: string, forUser: string | null) => {
    store.db
      .prepare(
        `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
         VALUES (?, 1, ?, 'gA', 'phom', NULL, ?, 0, 'pt', 1, 0, 3, '{}', 1)`,
      )
      .run(id, seat, name);
    if (named) store.db.prepare('UPDATE results SET for_user_id = ? WHERE game_id = ? AND seat = ?').run(forUser, id, seat);
  };
  add(0, 'Same', 'u1'); // the AI played u1's seat
  add(1, 'Same', null); // an AI seat that happens to bear the same name, in another seat
  add(2, 'Other', 'u3'); // the AI played u3's seat
  const r = eraseUser(store.db, 'u1');
  assert.ok(r.ok);
  assert.deepEqual(store.db.prepare('SELECT seat, display_name AS n FROM results ORDER BY seat').all(), [
    { seat: 0, n: FORMER_PLAYER },
    { seat: 1, n: 'Same' },
    { seat: 2, n: 'Other' },
  ]);
});
