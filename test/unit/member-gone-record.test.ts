/**
 * A member found gone from the server during a hand (act.ts 'member-gone', seating.ts `memberGone`):
 * the new AI plays that hand out as before, but the hand stays theirs in the match's record, stored
 * as their own hand (user_id them, the name they sat with: store/results.ts `bookedAs`), so the
 * standings keep them as "(left)" with its points and the replay names their moves as theirs; it is
 * rated and in their /score and the leaderboard, as Phỏm's Leave books a Móm (until 2026-12-07 it was
 * stored as a takeover hand, for_user_id them: unrated, so leaving the server erased a losing hand).
 * From the next hand the seat is the AI's own. Between hands nothing changes. The seat remembers it across a restart (`SeatRow.handFor`, migration 36), and
 * /privacy delete-my-data erases it (store/privacy.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { openStore, eraseUser, FORMER_PLAYER, POT_REFUND, type HandRow, type Store } from '../../src/store/index.js';
import { engineOf } from '../../src/table/manifests.js';
import { tableStore, type TableStore } from '../../src/table/store.js';
import { act } from '../../src/table/act.js';
import { playedNamesIn } from '../../src/table/views.js';
import { translator } from '../../src/table/i18n.js';
import type { BaseAction, Decision } from '../../src/games/core/types.js';
import { playWithAi, playWithAiUntil, rig, timeOutUntilAiHolds, type Rig } from '../support/table-rig.js';
import { phomTable, playHand } from '../support/phom-match.js';
import { tempDir } from '../support/temp-dir.js';

const seats = (r: Rig) => r.store.games.seats(r.gameId);
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const gone = (r: Rig, userId: string) => r.run({ kind: 'member-gone', gameId: r.gameId, userId });
const nextHand = (r: Rig, userId = 'u0') =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: 0, verb: 'next-hand', arg: String(row(r).handIndex) });
const rowAt = (rows: readonly HandRow[], seat: number) => rows.find((x) => x.seat === seat)!;
const whose = (x: HandRow) => ({ userId: x.userId, forUserId: x.forUserId ?? null, displayName: x.displayName });
const ratingOf = (store: Store, userId: string) => store.db.prepare('SELECT mu FROM ratings WHERE user_id = ?').get(userId);
const muAfter = (store: Store, gameId: string, hand: number, seat: number) =>
  (
    store.db.prepare('SELECT mu_after FROM results WHERE game_id = ? AND hand = ? AND seat = ?').get(gameId, hand, seat) as {
      mu_after: number | null;
    }
  ).mu_after;
/** The person's own moves in the log (clicks logged with their user id). */
const movesOf = (r: Rig, userId: string) => r.store.games.logWithMeta(r.gameId).filter((e) => e.userId === userId).length;

/** A Phỏm table of three people: u1 plays a few moves of the first hand, then is found gone from the server. */
function phomGoneMidHand(seed = 'gone-record'): Rig {
  const r = rig('phom', ['human', 'human', 'human'], { seed });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  let n = 0;
  playWithAiUntil(r, () => movesOf(r, 'u1') >= 2 && ++n > 1);
  assert.ok(movesOf(r, 'u1') >= 2, 'u1 played moves of their own');
  assert.equal(gone(r, 'u1').outcome.ok, true);
  return r;
}

test('Phỏm, first hand: a member gone mid-hand stays in the standings with that hand as theirs; the next hand is the AI’s', () => {
  const r = phomGoneMidHand();
  const ai = seats(r)[1]!;
  assert.deepEqual(ai.handFor, { userId: 'u1', displayName: 'P1' }, 'the seat remembers whose hand it plays out');
  assert.equal(ai.isAi, true);
  assert.equal(ai.userId, null, 'the seat is no longer theirs');
  // The live table shows the AI in the seat (its name, its total from 0).
  const live = r.ts.load(r.gameId)!;
  assert.equal(live.names[1], ai.displayName);
  assert.equal(live.totals.get(1) ?? 0, 0);
  playWithAi(r);
  const hand0 = r.store.results.handsOf(r.gameId, 0);
  assert.deepEqual(whose(rowAt(hand0, 1)), { userId: 'u1', forUserId: null, displayName: 'P1' }, 'their own hand');
  assert.equal(seats(r)[1]!.handFor, undefined, 'from its result on, the seat is the AI’s own');
  assert.equal(seats(r)[1]!.displayName, ai.displayName);
  // The standings: they are there, as having left, with that hand's points; the AI starts from 0.
  const st = r.store.results.matchStandings(r.gameId, seats(r));
  const theirs = st.find((e) => e.userId === 'u1')!;
  assert.ok(theirs, 'in the standings');
  assert.equal(theirs.seated, false);
  assert.equal(theirs.name, 'P1');
  assert.deepEqual([...theirs.byHand], [[0, rowAt(hand0, 1).points]]);
  assert.equal(st.find((e) => e.name === ai.displayName)?.total ?? 0, 0);
  assert.equal(r.ts.load(r.gameId)!.totals.get(1) ?? 0, 0, 'the table shows the AI at 0');
  // Rated, in /score and on the leaderboard: their own hand, though they left during it.
  assert.notEqual(ratingOf(r.store, 'u1'), undefined, 'rated');
  assert.notEqual(muAfter(r.store, r.gameId, 0, 1), null, 'a point of their rating chart');
  const score = r.store.results.record('g', 'u1', 'phom', 'all');
  assert.deepEqual({ hands: score.hands, total: score.total }, { hands: 1, total: rowAt(hand0, 1).points });
  assert.ok(
    r.store.results.leaderboard('g', 'phom', 'all').some((x) => x.userId === 'u1' && x.hands === 1),
    'on the leaderboard',
  );
  // The replay names the seat as they played it.
  const named = playedNamesIn(r.store.results.seatsAsPlayed(r.gameId, 0, seats(r)), translator('en'));
  assert.equal(named[1], 'P1');
  // The next hand is the AI's own.
  assert.equal(nextHand(r).outcome.ok, true);
  playWithAi(r);
  const hand1 = r.store.results.handsOf(r.gameId, 1);
  assert.deepEqual(whose(rowAt(hand1, 1)), { userId: null, forUserId: null, displayName: ai.displayName });
  const after = r.store.results.matchStandings(r.gameId, seats(r));
  assert.deepEqual([...after.find((e) => e.userId === 'u1')!.byHand.keys()], [0], 'their hand only');
  assert.deepEqual([...after.find((e) => e.name === ai.displayName)!.byHand], [[1, rowAt(hand1, 1).points]]);
});

test('between hands (a result standing) nothing changes: the finished hand is their own, the next the AI’s', () => {
  const r = rig('phom', ['human', 'human', 'human'], { seed: 'gone-between' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  assert.equal(gone(r, 'u1').outcome.ok, true);
  const ai = seats(r)[1]!;
  assert.equal(ai.handFor, undefined);
  assert.equal(whose(rowAt(r.store.results.handsOf(r.gameId, 0), 1)).userId, 'u1', 'their own hand, rated');
  assert.notEqual(ratingOf(r.store, 'u1'), undefined);
  assert.equal(nextHand(r).outcome.ok, true);
  playWithAi(r);
  assert.deepEqual(whose(rowAt(r.store.results.handsOf(r.gameId, 1), 1)), { userId: null, forUserId: null, displayName: ai.displayName });
});

test('the match ends during the hand they left in: nothing is recorded for it; /history names their moves of it as theirs', () => {
  const r = phomGoneMidHand();
  const g = row(r);
  const res = r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt: g.publicAt, days: 30 });
  assert.equal(res.outcome.ok, true);
  assert.equal(row(r).status, 'finished');
  assert.deepEqual(r.store.results.handsOf(r.gameId), []);
  // The hand has no result rows: its names come from the seats, which still say whose it was.
  assert.deepEqual(seats(r)[1]!.handFor, { userId: 'u1', displayName: 'P1' });
  assert.deepEqual(r.store.results.seatsAsPlayed(r.gameId, 0, seats(r))[1], { displayName: 'P1', isAi: false, userId: 'u1' });
});

test('classical mahjong: the hand in play is theirs in the record, the next the AI’s', () => {
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: 'gone-record-cm' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const seat = 2;
  playWithAiUntil(r, () => movesOf(r, 'u2') >= 2);
  assert.equal(r.store.results.handsOf(r.gameId).length, 0, 'the first hand is still in play');
  assert.equal(gone(r, 'u2').outcome.ok, true);
  const ai = seats(r)[seat]!;
  assert.deepEqual(ai.handFor, { userId: 'u2', displayName: 'P2' });
  playWithAi(r);
  const hand0 = r.store.results.handsOf(r.gameId, 0);
  assert.deepEqual(whose(rowAt(hand0, seat)), { userId: 'u2', forUserId: null, displayName: 'P2' });
  assert.notEqual(ratingOf(r.store, 'u2'), undefined, 'rated');
  const theirs = r.store.results.matchStandings(r.gameId, seats(r)).find((e) => e.userId === 'u2')!;
  assert.equal(theirs.seated, false);
  assert.deepEqual([...theirs.byHand], [[0, rowAt(hand0, seat).points]]);
  assert.equal(r.ts.load(r.gameId)!.totals.get(seat) ?? 0, 0, 'the AI starts from 0');
  assert.equal(seats(r)[seat]!.handFor, undefined);
  assert.equal(nextHand(r).outcome.ok, true);
  playWithAi(r);
  assert.deepEqual(whose(rowAt(r.store.results.handsOf(r.gameId, 1), seat)), {
    userId: null,
    forUserId: null,
    displayName: ai.displayName,
  });
});

test('Phỏm with the gà pot: what they paid into it in the hand they left in is given back to them as the match ends', () => {
  for (let k = 0; k < 40; k++) {
    const r = rig('phom', ['human', 'human', 'human'], { seed: `gone-pot-${k}`, options: { 'ga-pot': 'flat' } });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    assert.equal(gone(r, 'u1').outcome.ok, true);
    playWithAi(r);
    const paid = rowAt(r.store.results.handsOf(r.gameId, 0), 1);
    const pot = JSON.parse(
      (r.store.db.prepare('SELECT summary FROM results WHERE game_id = ? AND hand = 0 AND seat = 1').get(r.gameId) as { summary: string })
        .summary,
    ) as { items: { id: string }[]; endedBy: string };
    if (pot.endedBy !== 'rank' || !pot.items.some((i) => i.id === 'ga-pot-in')) continue;
    assert.equal(paid.userId, 'u1');
    assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'end-match', arg: 'confirm.0' }).outcome.ok, true);
    const refunds = r.store.db
      .prepare('SELECT seat, user_id, for_user_id, display_name, points FROM results WHERE game_id = ? AND rank = ? AND seat = 1')
      .all(r.gameId, POT_REFUND) as { user_id: string | null; for_user_id: string | null; display_name: string; points: number }[];
    assert.equal(refunds.length, 1);
    assert.deepEqual({ ...refunds[0]!, points: 0 }, { seat: 1, user_id: 'u1', for_user_id: null, display_name: 'P1', points: 0 });
    assert.ok(refunds[0]!.points > 0);
    return;
  }
  assert.fail('no seed where the gone member paid into a pot nobody won');
});

// A stored database (a file), as the bot has it: restarts and erasure.
const ID = '987654321012345678';
const NAME = 'Zyxwvu Secretname';
const USERS = [ID, '222', '333'];

/** Plays `n` decisions of the hand in play, the AI's move at each as a click of its seat's user. */
function playMoves(ts: TableStore, gameId: string, users: readonly string[], n: number, now: number): void {
  const engine = engineOf('phom');
  for (let k = 0; k < n; k++) {
    const t = ts.load(gameId)!;
    assert.equal(engine.result(t.state as never), null, 'the hand is still in play');
    const d = (engine.pending(t.state as never) as Decision<BaseAction>[])[0]!;
    const action = engine.ai(t.state as never, d.seat) as BaseAction;
    assert.ok(act(ts, { kind: 'move', gameId, seat: d.seat, action, ver: t.row.version, userId: users[d.seat]! }, now).outcome.ok);
  }
}

/** A Phỏm table of ID (seat 0, NAME) and two others in `path`: ID plays some moves of the first hand, then is gone. */
function storedGone(path: string): { store: Store; id: string } {
  const store = openStore(path, engineOf);
  const ts = tableStore(store);
  const id = phomTable(
    store,
    's1',
    '222',
    USERS.map((u, seat) => ({ seat, userId: u, isAi: false, displayName: seat === 0 ? NAME : `name-${u}` })),
  );
  assert.ok(act(ts, { kind: 'start', gameId: id, userId: '222' }, 1).outcome.ok);
  playMoves(ts, id, USERS, 8, 2);
  assert.ok(act(ts, { kind: 'member-gone', gameId: id, userId: ID }, 3).outcome.ok);
  delivered(store, id);
  return { store, id };
}

/** The bot executed what the table's steps had to show (a notice names them): the outbox is cleared. */
function delivered(store: Store, id: string): void {
  store.games.clearOutbox(id, store.games.get(id)!.outbox);
}

/** Every stored value of every table that holds the id or the name. */
function traces(store: Store): string[] {
  const tables = (
    store.db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all() as { name: string }[]
  ).map((x) => x.name);
  const out: string[] = [];
  for (const t of tables)
    for (const { name: c } of store.db.prepare(`PRAGMA table_info("${t}")`).all() as { name: string }[]) {
      const hits = store.db
        .prepare(`SELECT COUNT(*) AS n FROM "${t}" WHERE CAST("${c}" AS TEXT) LIKE ? OR CAST("${c}" AS TEXT) LIKE ?`)
        .get(`%${ID}%`, `%${NAME}%`) as { n: number };
      if (hits.n) out.push(`${t}.${c}`);
    }
  return out;
}

test('a restart between the departure and the result keeps the hand theirs', (t) => {
  const path = join(tempDir('hq-gone-restart-', t), 'hq.db');
  const first = storedGone(path);
  assert.deepEqual(first.store.games.seats(first.id)[0]!.handFor, { userId: ID, displayName: NAME });
  first.store.close();
  const store = openStore(path, engineOf);
  t.after(() => store.close());
  const ts = tableStore(store);
  assert.deepEqual(store.games.seats(first.id)[0]!.handFor, { userId: ID, displayName: NAME }, 'read back from the file');
  playHand(ts, first.id, USERS, 4);
  const rows = store.results.handsOf(first.id, 0);
  assert.deepEqual(whose(rowAt(rows, 0)), { userId: ID, forUserId: null, displayName: NAME });
  const theirs = store.results.matchStandings(first.id, store.games.seats(first.id)).find((e) => e.userId === ID)!;
  assert.deepEqual([...theirs.byHand], [[0, rowAt(rows, 0).points]]);
  assert.equal(store.games.seats(first.id)[0]!.handFor, undefined);
});

test('/privacy delete-my-data afterwards: no trace of them, the hand a former player’s', (t) => {
  const { store, id } = storedGone(join(tempDir('hq-gone-erase-', t), 'hq.db'));
  t.after(() => store.close());
  const ts = tableStore(store);
  playHand(ts, id, USERS, 4);
  assert.ok(
    act(
      ts,
      {
        kind: 'table',
        gameId: id,
        userId: '222',
        ver: ts.load(id)!.row.version,
        verb: 'end-match',
        arg: `confirm.${ts.load(id)!.row.handIndex}`,
      },
      5,
    ).outcome.ok,
  );
  delivered(store, id);
  assert.ok(traces(store).length > 0, 'the match names them (the test sees them)');
  const r = eraseUser(store.db, ID);
  assert.ok(r.ok, JSON.stringify(r));
  assert.deepEqual(traces(store), []);
  assert.deepEqual(whose(rowAt(store.results.handsOf(id, 0), 0)), { userId: null, forUserId: null, displayName: FORMER_PLAYER });
});

test('/privacy delete-my-data while the hand they left still runs: refused as at a seat, until that hand is over', (t) => {
  const { store, id } = storedGone(join(tempDir('hq-gone-erase-mid-', t), 'hq.db'));
  t.after(() => store.close());
  // A step under way when they asked (an AI's think time) would record the hand under their id after it.
  const refused = eraseUser(store.db, ID);
  assert.equal(refused.ok, false);
  assert.deepEqual(!refused.ok && refused.games.map((g) => g.id), [id]);
  assert.deepEqual(store.games.seats(id)[0]!.handFor, { userId: ID, displayName: NAME }, 'nothing erased');
  const ts = tableStore(store);
  playHand(ts, id, USERS, 4);
  delivered(store, id);
  assert.deepEqual(whose(rowAt(store.results.handsOf(id, 0), 0)), { userId: ID, forUserId: null, displayName: NAME });
  const r = eraseUser(store.db, ID);
  assert.ok(r.ok, JSON.stringify(r));
  assert.deepEqual(whose(rowAt(store.results.handsOf(id, 0), 0)), { userId: null, forUserId: null, displayName: FORMER_PLAYER });
  assert.deepEqual(traces(store), []);
  // Not the AI's: it starts from 0 still.
  assert.equal(ts.load(id)!.totals.get(0) ?? 0, 0);
});

test('a seat the AI already played for them (timed out, on-timeout ai) when they are found gone: not booked to them, not rated', () => {
  const r = rig('phom', ['human', 'human', 'human'], { seed: 'standin-gone', timeoutPolicy: 'ai', takeoverLevel: 'strong' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutUntilAiHolds(r, 1, [0, 2], 200);
  assert.equal(seats(r)[1]!.isAi, true, 'the AI stands in for u1');
  assert.equal(gone(r, 'u1').outcome.ok, true);
  // They played none of this hand: it is no hand of theirs to rate (before, it was booked to them and rated).
  assert.equal(seats(r)[1]!.handFor, undefined);
  playWithAi(r);
  const row = rowAt(r.store.results.handsOf(r.gameId, 0), 1);
  assert.equal(row.userId, null);
  assert.equal(r.store.results.record('g', 'u1', 'phom', 'all').hands, 0);
  assert.equal(r.store.db.prepare("SELECT 1 FROM ratings WHERE user_id = 'u1'").get(), undefined);
});
