/**
 * A Phỏm player who leaves and later takes a seat again is no newcomer: the table's match total for
 * them is theirs in the whole match, as the standings count it (store/results.ts `matchTotals`,
 * `occupantSeat`; table/act.ts `Step.totalsAfter`). Before, the total counted only the rows of the
 * seat they sit in now (another seat: 0, while the result messages and the standings chart said
 * otherwise), and the step that seated them drew 0 for them even at their old seat, which a reload
 * then showed with their balance. A newcomer and a new AI still start from 0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Table } from '../../src/table/store.js';
import { leaveConfirmed, playWithAi, rig, type Rig } from '../support/table-rig.js';

const seats = (r: Rig) => r.store.games.seats(r.gameId);
/** The hand played out, each move a click of the seat's occupant. */
const play = (r: Rig) => playWithAi(r, (seat) => seats(r)[seat]!.userId!);

/** A match where u1 (seat 1) won or lost something in hand 0 and then left between hands. */
function setUp(): { r: Rig; h0: number } {
  for (let k = 0; k < 20; k++) {
    const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: `returner-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    play(r);
    const h0 = r.store.results.handsOf(r.gameId, 0).find((x) => x.userId === 'u1')!.points;
    if (h0 === 0) continue;
    const left = leaveConfirmed(r, 'u1');
    assert.equal(left.outcome.ok, true);
    assert.equal(seats(r)[1]!.isAi, true, 'an AI took seat 1');
    assert.equal(left.table!.totals.get(1) ?? 0, 0, 'the new AI starts from 0 (the step’s table)');
    return { r, h0 };
  }
  throw new Error('no seed where u1 won or lost in hand 0');
}

const takeSeat = (r: Rig, userId: string, seat: number, displayName: string) => {
  const took = r.run({ kind: 'table', gameId: r.gameId, userId, ver: 0, verb: 'take-seat', arg: String(seat), displayName });
  assert.equal(took.outcome.ok, true, JSON.stringify(took.outcome));
  return took.table!;
};

/**
 * Every seat's total, as the step drew it, as a reload reads it and as the standings give its
 * occupant, agree; and the seated totals plus the leavers' add up to what the hands paid.
 */
function agree(r: Rig, drawn: Table, what: string): void {
  const loaded = r.ts.load(r.gameId)!;
  const standings = r.store.results.matchStandings(r.gameId, seats(r));
  for (const s of seats(r)) {
    const own = standings.find((e) => e.seated && e.seat === s.seat)?.total ?? 0;
    assert.deepEqual(
      [drawn.totals.get(s.seat) ?? 0, loaded.totals.get(s.seat) ?? 0],
      [own, own],
      `${what}: seat ${s.seat} (${s.displayName}) drawn, reloaded = the standings' ${own}`,
    );
  }
  const paid = r.store.results.handsOf(r.gameId).reduce((a, x) => a + x.points, 0);
  const seated = [...loaded.totals.values()].reduce((a, x) => a + x, 0);
  const gone = standings.filter((e) => !e.seated).reduce((a, e) => a + e.total, 0);
  assert.equal(seated + gone, paid, `${what}: the seats' totals and the leavers' add up to what the hands paid`);
}

test('a player who left and takes another seat has their own match total there, as the standings say', () => {
  const { r, h0 } = setUp();
  const drawn = takeSeat(r, 'u1', 2, 'P1');
  assert.equal(seats(r)[2]!.userId, 'u1');
  assert.equal(r.store.results.matchTotals(r.gameId, seats(r)).get(2) ?? 0, h0, `the table shows u1's ${h0} at seat 2`);
  assert.equal(drawn.totals.get(2) ?? 0, h0, 'the step that seated them draws it too');
  agree(r, drawn, 'seated again');
  // Another hand at the new seat: the total goes on from there.
  const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' });
  assert.equal(next.outcome.ok, true);
  play(r);
  agree(r, r.ts.load(r.gameId)!, 'a hand later');
  const st = r.store.results.matchStandings(r.gameId, seats(r)).find((e) => e.userId === 'u1')!;
  assert.equal(r.ts.load(r.gameId)!.totals.get(2) ?? 0, st.total);
});

test('a player who left and takes the same seat back: the step’s table shows their total, as a reload does', () => {
  const { r, h0 } = setUp();
  const drawn = takeSeat(r, 'u1', 1, 'P1');
  assert.equal(drawn.totals.get(1) ?? 0, h0, `the table drawn by Take a seat shows u1's ${h0}, not 0`);
  agree(r, drawn, 'back at seat 1');
});

test('a newcomer in the seat a player left starts from 0, and the leaver keeps their total in the standings', () => {
  const { r, h0 } = setUp();
  const drawn = takeSeat(r, 'u9', 1, 'Newcomer');
  assert.equal(drawn.totals.get(1) ?? 0, 0, 'the newcomer starts from 0 (the step’s table)');
  assert.equal(r.ts.load(r.gameId)!.totals.get(1) ?? 0, 0, 'and after a reload');
  const u1 = r.store.results.matchStandings(r.gameId, seats(r)).find((e) => e.userId === 'u1')!;
  assert.deepEqual([u1.seated, u1.total], [false, h0]);
  agree(r, drawn, 'newcomer');
});

test('a player who leaves during a hand: the step that settles it seats a new AI at 0, the others get the hand', () => {
  for (let k = 0; k < 20; k++) {
    const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: `returner-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    const left = leaveConfirmed(r, 'u1');
    if (!left.outcome.ok) continue;
    // The rest of the hand is played out for the leaver (§11.3); an AI sits there at its result.
    let last: Table = left.table!;
    const engine = r.ts.load(r.gameId)!.engine;
    for (let i = 0; i < 600; i++) {
      const s = r.store.games.load(r.gameId)!.state;
      if (engine.result(s)) break;
      const d = engine.pending(s)[0]!;
      const res = r.run({
        kind: 'move',
        gameId: r.gameId,
        seat: d.seat,
        action: engine.ai(s, d.seat) as never,
        ver: null,
        userId: `u${d.seat}`,
      });
      assert.equal(res.outcome.ok, true);
      last = res.table!;
    }
    assert.equal(seats(r)[1]!.isAi, true, 'an AI took the leaver’s seat at the result');
    agree(r, last, 'left during the hand');
    const drawn = takeSeat(r, 'u1', 1, 'P1');
    const u1 = r.store.results.matchStandings(r.gameId, seats(r)).find((e) => e.userId === 'u1')!;
    assert.notEqual(u1.total, 0, 'u1 paid for the hand they left');
    assert.equal(drawn.totals.get(1) ?? 0, u1.total, 'back at their seat, with the Móm they paid');
    agree(r, drawn, 'back after leaving during a hand');
    return;
  }
  throw new Error('no seed');
});
