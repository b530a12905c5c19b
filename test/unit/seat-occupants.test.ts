/**
 * Whose hands a seat's match total and the standings count (store/results.ts `sameOccupant`,
 * `matchStandings`). Phỏm: an AI that left its seat (a newcomer took it) and a new AI that later sat
 * in the same seat got the same name (seating.ts aiRow reused the lowest free number), and AIs are
 * told apart by name: the new AI inherited the old one's balance and the standings merged the two.
 * And hands the AI played for a person's seat were told by the seat's name only: a newcomer of the
 * same name inherited them (migration 33 `for_user_id` names the person).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { engineOf } from '../../src/table/manifests.js';
import { openDatabase } from '../../src/store/db.js';
import { MIGRATIONS } from '../../src/store/migrations.js';
import { tempDir } from '../support/temp-dir.js';
import { leaveConfirmed, playWithAi, rig, type Rig } from '../support/table-rig.js';
import type { State } from '../../src/games/phom/index.js';

const phom = engineOf('phom');
const stateOf = (r: Rig) => r.store.games.load(r.gameId)!.state as State;
const row = (r: Rig) => r.store.games.get(r.gameId)!;

/** The hand played out, each move a click of the seat's occupant. */
const play = (r: Rig) => playWithAi(r, (seat) => r.store.games.seats(r.gameId)[seat]!.userId!);
const next = (r: Rig) =>
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: String(row(r).handIndex) }).outcome.ok,
    true,
  );

function setUp(): { r: Rig; firstAi: string; secondAi: string; aiPoints: number } {
  for (let k = 0; k < 20; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'human'], { seed: `ai-name-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    play(r); // hand 0: P3 plays seat 3
    assert.equal(leaveConfirmed(r, 'u3').outcome.ok, true); // an AI takes seat 3
    const firstAi = r.store.games.seats(r.gameId)[3]!.displayName;
    next(r);
    play(r); // hand 1: the first AI plays seat 3
    const aiPoints = r.store.results.handsOf(r.gameId, 1).find((h) => h.seat === 3)!.points;
    if (aiPoints === 0) continue; // want a hand where the AI won or lost something
    const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '3', displayName: 'Newcomer' });
    assert.equal(took.outcome.ok, true);
    next(r);
    play(r); // hand 2: the newcomer plays seat 3
    assert.equal(leaveConfirmed(r, 'u9').outcome.ok, true); // a new AI takes seat 3
    const secondAi = r.store.games.seats(r.gameId)[3]!.displayName;
    assert.notEqual(secondAi, firstAi, 'an AI name is never reused in a match');
    return { r, firstAi, secondAi, aiPoints };
  }
  throw new Error('no seed');
}

test('a new AI in a seat an earlier AI left starts from 0 (table total)', () => {
  const { r, aiPoints } = setUp();
  // The new AI has played no hand: its match total is 0 (as for any newcomer).
  assert.equal(r.ts.load(r.gameId)!.totals.get(3) ?? 0, 0, `the new AI inherits the old one's ${aiPoints}`);
});

test('the standings keep the AI that left apart from the new one', () => {
  const { r, firstAi, secondAi, aiPoints } = setUp();
  const st = r.store.results.matchStandings(r.gameId, r.store.games.seats(r.gameId));
  const first = st.filter((e) => e.name === firstAi);
  const second = st.filter((e) => e.name === secondAi);
  assert.deepEqual(
    first.map((e) => [e.seated, e.total]),
    [[false, aiPoints]],
    'the AI that left, with its points',
  );
  assert.deepEqual(
    second.map((e) => [e.seated, e.total]),
    [[true, 0]],
    'the AI seated now, from 0',
  );
});

test('a newcomer who shares a name with the seat’s earlier player does not inherit the hands the AI played for that player', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'same-name' });
  // Two different people with the same server nickname (common enough: "Minh", "Anh").
  r.store.db.prepare("UPDATE game_seats SET display_name = 'Minh' WHERE game_id = ? AND seat = 1").run(r.gameId);
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  // u1 never shows up: their turn runs out and the AI takes the seat over (on-timeout ai) for the hand.
  for (let i = 0; i < 600 && !phom.result(stateOf(r)); i++) {
    const s = stateOf(r);
    const d = phom.pending(s)[0]!;
    if (d.seat === 0) {
      assert.equal(r.run({ kind: 'move', gameId: r.gameId, seat: 0, action: phom.ai(s, 0), ver: null, userId: 'u0' }).outcome.ok, true);
    } else {
      const t = r.store.timers.forGame(r.gameId).find((x) => x.seat === d.seat)!;
      r.clock.t = t.deadline + 1;
      r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
    }
  }
  const aiPlayed = r.store.results.handsOf(r.gameId, 0).find((h) => h.seat === 1)!;
  assert.deepEqual([aiPlayed.userId, aiPlayed.displayName], [null, 'Minh'], 'the AI played the hand for u1');
  assert.notEqual(aiPlayed.points, 0);
  // u1 leaves; another "Minh" (u7) takes the seat.
  assert.equal(leaveConfirmed(r, 'u1').outcome.ok, true);
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u7', ver: 0, verb: 'take-seat', arg: '1', displayName: 'Minh' });
  assert.equal(took.outcome.ok, true);
  assert.equal(r.ts.load(r.gameId)!.totals.get(1) ?? 0, 0, `the newcomer starts from 0, not from u1's ${aiPlayed.points}`);
});

test('migration 33 names the person on the rows the AI played for their seat before it, by the reading used then', () => {
  const path = join(tempDir('hq-m33-'), 'hq.db');
  const old = openDatabase(
    path,
    MIGRATIONS.filter((m) => m.version < 33),
  );
  old.exec(`INSERT INTO games (id, game, status, options, options_hash, seed, seats, version, hand_index, created_at, updated_at)
            VALUES ('g1', 'phom', 'finished', '{}', 'h', 's', 2, 0, 0, 0, 0)`);
  old.exec(
    `INSERT INTO game_seats (game_id, seat, user_id, is_ai, display_name) VALUES ('g1', 0, 'u0', 0, 'An'), ('g1', 1, 'u1', 1, 'Minh')`,
  );
  const row = (hand: number, seat: number, user: string | null, name: string) =>
    old
      .prepare(
        `INSERT INTO results (game_id, hand, seat, guild_id, game, user_id, display_name, points, unit, rank, won, players, summary, created_at)
         VALUES ('g1', ?, ?, 'gd', 'phom', ?, ?, 0, 'bet', 1, 0, 2, '{}', 0)`,
      )
      .run(hand, seat, user, name);
  row(0, 0, 'u0', 'An');
  row(1, 0, null, 'An'); // the AI played u0's seat: u0 has an own row there under that name
  row(0, 1, null, 'Minh'); // the AI played u1's seat all along: the seat row names them
  row(1, 1, null, 'AI 1'); // an AI's own hand
  old.close();
  const db = openDatabase(path);
  const forUser = (hand: number, seat: number) =>
    (
      db.prepare('SELECT for_user_id AS f FROM results WHERE game_id = ? AND hand = ? AND seat = ?').get('g1', hand, seat) as {
        f: string | null;
      }
    ).f;
  assert.deepEqual([forUser(0, 0), forUser(1, 0), forUser(0, 1), forUser(1, 1)], [null, 'u0', 'u1', null]);
  db.close();
});
