/**
 * Phỏm's gà pot at the end of a match through `act` (src/table/act.ts `finish`): the pot no Ù took
 * goes back to those who paid into it (phom.md §15.12), stored as refund rows after the last hand,
 * so that the match standings add up to zero however the match ends (End match, or during a hand:
 * idle days), and a player who left the table gets back what they paid.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { leaveConfirmed, playWithAiUntil, rig, type Rig, resultClick } from '../support/table-rig.js';
import { POT_REFUND } from '../../src/store/index.js';
import { endMatchText, standingsModel } from '../../src/table/views.js';
import type { PhomResult, State } from '../../src/games/phom/index.js';

const phom = engineOf('phom');
const stateOf = (r: Rig) => r.store.games.load(r.gameId)!.state as State;
const resultOf = (r: Rig) => phom.result(stateOf(r)) as PhomResult | null;
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const seats = (r: Rig) => r.store.games.seats(r.gameId);
const standings = (r: Rig) => r.store.results.matchStandings(r.gameId, seats(r));
const sumOf = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const refundRows = (r: Rig) =>
  r.store.db
    .prepare('SELECT hand, seat, user_id, display_name, points, won, summary FROM results WHERE game_id = ? AND rank = ?')
    .all(r.gameId, POT_REFUND) as {
    hand: number;
    seat: number;
    user_id: string | null;
    display_name: string;
    points: number;
    won: number;
    summary: string;
  }[];

/** The people play as the AI would, until the hand has a result or `stop` holds. */
const play = (r: Rig, stop: (s: State) => boolean = () => false): State => playWithAiUntil<State>(r, stop);

const click = resultClick;

/**
 * What each seat's stored rows paid into the pot since an Ù last took it, read from the rows' own
 * items (`ga-pot-in`, `ga-pot-win`): what the refund must give back, worked out apart from the engine.
 */
function owedByRows(r: Rig): Map<string, number> {
  const rows = r.store.db
    .prepare('SELECT hand, seat, user_id, display_name, summary FROM results WHERE game_id = ? AND rank > 0 ORDER BY hand, seat')
    .all(r.gameId) as { hand: number; seat: number; user_id: string | null; display_name: string; summary: string }[];
  let owed = new Map<string, number>();
  for (const hand of [...new Set(rows.map((x) => x.hand))]) {
    const mine = rows.filter((x) => x.hand === hand);
    const items = (x: (typeof mine)[number]) => (JSON.parse(x.summary) as { items: { id: string; value: number }[] }).items;
    for (const x of mine)
      for (const i of items(x))
        if (i.id === 'ga-pot-in') owed.set(`${x.seat}:${x.display_name}`, (owed.get(`${x.seat}:${x.display_name}`) ?? 0) - i.value);
    const ended = (JSON.parse(mine[0]!.summary) as { endedBy: string }).endedBy;
    if (ended !== 'rank') owed = new Map();
  }
  return owed;
}

/** A table with the gà pot on, played hand after hand until `ready` holds after a hand (at least `min` hands). */
function tableWithPot(seatsSpec: ('human' | 'ai')[], ready: (r: Rig) => boolean, min = 1): Rig {
  const r = rig('phom', seatsSpec, { options: { 'ga-pot': 'flat' }, seed: 'ga-refund' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < 40; h++) {
    play(r);
    if (h + 1 >= min && ready(r)) return r;
    assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  throw new Error('no hand left the pot unwon');
}

test('End match with the gà pot unwon: it goes back to who paid it, and the standings add up to zero (§15.12)', () => {
  const r = tableWithPot(['human', 'human', 'ai', 'ai'], (x) => (resultOf(x)?.pot.carried ?? 0) > 0, 2);
  const pot = resultOf(r)!.pot.carried;
  const owed = owedByRows(r);
  const hands = row(r).handIndex + 1;
  const before = r.store.results.record('g', 'u0', 'phom', 'all');
  const ended = click(r, 'end-match');
  assert.equal(ended.outcome.ok, true);
  assert.equal(row(r).status, 'finished');
  assert.equal(sumOf([...ended.table!.totals.values()]), 0, 'the table the step returns counts the refunds (the final badges)');
  const entries = standings(r);
  assert.equal(sumOf(entries.map((e) => e.total)), 0, 'the standings add up to zero');
  assert.equal(sumOf(entries.map((e) => e.refund)), pot, 'the whole pot went back');
  // Each payer got back what their rows paid since an Ù last took the pot, in rows of their own
  // after the last hand: no hand played, not won.
  const rows = refundRows(r);
  assert.ok(rows.length > 0);
  for (const x of rows) {
    assert.equal(x.points, owed.get(`${x.seat}:${x.display_name}`), `seat ${x.seat}`);
    assert.equal(x.hand, hands, 'under the hand number after the last hand');
    assert.equal(x.won, 0);
  }
  assert.equal(sumOf([...owed.values()]), pot);
  // Not a hand: /score counts the same hands, and the money back in the total.
  const after = r.store.results.record('g', 'u0', 'phom', 'all');
  assert.equal(after.hands, before.hands);
  assert.equal(after.total, before.total + (rows.find((x) => x.user_id === 'u0')?.points ?? 0));
  // The end-of-match message says so, in the players' language; the chart ends at the totals.
  const t = r.ts.load(r.gameId)!;
  const text = endMatchText(t, 'en', entries);
  assert.match(text, /Gà pot no Ù won: refunded/);
  assert.match(endMatchText(t, 'vi', entries), /Gà chưa ai Ù ăn/);
  const chart = standingsModel(t, 'en', entries)!;
  assert.equal(chart.handLabels!.length, hands, 'the refund is no hand of its own on the chart');
  assert.deepEqual(chart.players.map((p) => p.totals.at(-1)).sort(), entries.map((e) => e.total).sort());
  // The table's own totals (the seats' badges) count it too.
  assert.equal(sumOf([...t.totals.values()]), 0);
});

test('a match ended during a hand gives back the pot its stored hands charged, not what the unfinished hand paid in', () => {
  // A hand that started with a pot carried in and in which an eat has fed it again.
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { options: { 'ga-pot': 'flat' }, seed: 'ga-refund-during' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  let found: State | null = null;
  for (let h = 0; h < 40 && !found; h++) {
    const s = play(r, (x) => x.gaPotStart > 0 && x.gaIn.some((v) => v > 0));
    if (!phom.result(s)) found = s;
    else assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  assert.ok(found, 'a hand with a carried pot and an eat before it ended');
  const carried = found.gaPotStart;
  const owed = owedByRows(r);
  assert.equal(sumOf([...owed.values()]), carried);
  const res = r.run({ kind: 'expire-idle', gameId: r.gameId, publicAt: row(r).publicAt, days: 30 });
  assert.equal(res.outcome.ok, true);
  assert.equal(row(r).status, 'finished');
  const entries = standings(r);
  assert.equal(sumOf(entries.map((e) => e.total)), 0, 'the standings add up to zero');
  assert.equal(sumOf(entries.map((e) => e.refund)), carried, 'the carried pot, not what this hand paid in');
  for (const x of refundRows(r)) {
    assert.equal(x.points, owed.get(`${x.seat}:${x.display_name}`));
    assert.equal(x.hand, row(r).handIndex + 1);
  }
  assert.equal(r.store.results.handsRecorded(r.gameId).includes(row(r).handIndex), false, 'the unfinished hand has no result');
});

test('a player who left the table gets back what they paid; the AI after them gets nothing of it', () => {
  const paidBySeat1 = (x: Rig) => {
    const s = stateOf(x);
    return phom.result(s) !== null && (phom.result(s) as PhomResult).pot.carried > 0 && owedByRows(x).get('1:P1') !== undefined;
  };
  const r = tableWithPot(['human', 'human', 'ai', 'ai'], paidBySeat1);
  const owed = owedByRows(r).get('1:P1')!;
  assert.ok(owed > 0);
  const left = leaveConfirmed(r, 'u1');
  assert.equal(left.outcome.ok, true);
  assert.equal(seats(r)[1]!.userId, null, 'an AI sits there now');
  assert.equal(click(r, 'end-match').outcome.ok, true);
  const entries = standings(r);
  const gone = entries.find((e) => e.userId === 'u1')!;
  assert.equal(gone.seated, false);
  assert.equal(gone.refund, owed);
  const newcomer = entries.find((e) => e.seated && e.seat === 1)!;
  assert.equal(newcomer.refund, 0);
  assert.equal(sumOf(entries.map((e) => e.total)), 0);
  const mine = refundRows(r).find((x) => x.seat === 1)!;
  assert.deepEqual([mine.user_id, mine.display_name, mine.points], ['u1', 'P1', owed]);
  // The seat's badge is its present occupant's (store/results.ts `matchTotals`): the AI's 0.
  assert.equal(r.ts.load(r.gameId)!.totals.get(1) ?? 0, 0);
});

test('a seat with two payers while the pot waited (a leaver, then the AI): a refund row each, the latest payer first', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { options: { 'ga-pot': 'flat' }, seed: 'ga-refund-two' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  let done = false;
  for (let h = 0; h < 60 && !done; h++) {
    play(r);
    const owed = owedByRows(r);
    const unwon = (resultOf(r)?.pot.carried ?? 0) > 0;
    const ai = seats(r)[1]!;
    if (seats(r)[1]!.userId === 'u1') {
      // u1 paid into a pot that waits: they leave, an AI takes the seat.
      if (unwon && owed.has('1:P1')) leaveConfirmed(r, 'u1');
    } else if (unwon && owed.has('1:P1') && owed.has(`1:${ai.displayName}`)) {
      const hand = row(r).handIndex;
      assert.equal(click(r, 'end-match').outcome.ok, true);
      const mine = refundRows(r)
        .filter((x) => x.seat === 1)
        .sort((a, b) => a.hand - b.hand);
      assert.deepEqual(
        mine.map((x) => [x.hand, x.user_id, x.display_name, x.points]),
        [
          [hand + 1, null, ai.displayName, owed.get(`1:${ai.displayName}`)],
          [hand + 2, 'u1', 'P1', owed.get('1:P1')],
        ],
      );
      const entries = standings(r);
      assert.equal(sumOf(entries.map((e) => e.total)), 0);
      assert.equal(entries.find((e) => e.userId === 'u1')!.refund, owed.get('1:P1'));
      done = true;
      break;
    }
    assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  assert.ok(done, 'a seat paid into the pot under two occupants before the match ended');
});

test('ga-pot off (the default): the end of a match stores no refund', () => {
  const r = rig('phom', ['human', 'human', 'ai'], { seed: 'ga-refund-off' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  play(r);
  assert.equal(click(r, 'end-match').outcome.ok, true);
  assert.deepEqual(refundRows(r), []);
  assert.equal(sumOf(standings(r).map((e) => e.total)), 0);
  assert.doesNotMatch(endMatchText(r.ts.load(r.gameId)!, 'en', standings(r)), /Gà/);
});

test('a snapshot written before the payers were kept (format phom:3) is not read: the log is replayed and the whole pot goes back', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { options: { 'ga-pot': 'flat' }, seed: 'ga-refund' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const snapshot = () => r.store.db.prepare('SELECT state FROM snapshots WHERE game_id = ?').get(r.gameId) as { state: string } | undefined;
  // Hands until the latest snapshot is of a hand that carried a pot in.
  for (let h = 0; h < 40; h++) {
    play(r);
    const snap = snapshot();
    if (resultOf(r)!.pot.carried > 0 && snap && (JSON.parse(snap.state) as State).gaPotStart > 0) break;
    assert.equal(click(r, 'next-hand').outcome.ok, true);
  }
  const pot = resultOf(r)!.pot.carried;
  assert.ok(pot > 0, 'a pot no Ù took');
  // As the release before wrote it: no payers, format 3.
  const s = JSON.parse(snapshot()!.state) as State;
  delete s.gaPaid;
  r.store.db.prepare("UPDATE snapshots SET state = ?, format = 'phom:3' WHERE game_id = ?").run(JSON.stringify(s), r.gameId);
  r.store.games.forgetCache();
  assert.equal(click(r, 'end-match').outcome.ok, true);
  const e = standings(r);
  assert.equal(sumOf(e.map((x) => x.refund)), pot, 'the whole pot goes back');
  assert.equal(sumOf(e.map((x) => x.total)), 0);
});
