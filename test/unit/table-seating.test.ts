/**
 * Players leaving and joining a running Phỏm match through `act` (src/table/seating.ts):
 * phom.md §3 (a seating change makes the next hand a first hand, `starter-reset`) and §11.3
 * (leaving during a hand: played out, settles as Móm, the next starter resets).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { canonical } from '../../src/games/core/match.js';
import { replayLog } from '../../src/store/index.js';
import { leaveConfirmed, rig, type Rig } from '../support/table-rig.js';
import type { HandResult } from '../../src/games/core/types.js';
import { endMatchText, resultView, standingsModel } from '../../src/table/views.js';

const phom = engineOf('phom');

/** Plays the hand out by timeouts (on-timeout ai: each absent person's seat goes to the AI). */
function finishHand(r: Rig): void {
  for (let i = 0; i < 40; i++) {
    const g = r.store.games.load(r.gameId)!;
    if (phom.result(g.state)) return;
    const t = r.store.timers.forGame(r.gameId)[0];
    assert.ok(t, 'a person must be pending while the hand runs');
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind });
  }
  assert.fail('the hand did not end');
}

const state = (r: Rig) => r.store.games.load(r.gameId)!.state as { starter: number; n: number };
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const lastEntry = (r: Rig) => r.store.games.logWithMeta(r.gameId).at(-1)!;
const lastLeave = (r: Rig) => {
  const e = r.store.games.logWithMeta(r.gameId).findLast((x) => x.action.type === 'leave');
  return e && [e.seat, e.userId];
};
const replaysToLive = (r: Rig) => {
  const g = r.store.games.get(r.gameId)!;
  const replayed = replayLog(phom, g.options, g.seats, g.seed, r.store.games.log(r.gameId));
  assert.equal(canonical(replayed), canonical(r.store.games.load(r.gameId)!.state), 'the log replays to the live state');
};

/** A seed whose first hand is not won by the host's seat 0, so a starter reset is visible. */
function rigWonByOther(): { r: Rig; winner: number } {
  for (let k = 0; k < 30; k++) {
    const r = rig('phom', ['human', 'human', 'human', 'ai'], { timeoutPolicy: 'ai', seed: `seating-${k}` });
    r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
    finishHand(r);
    const res = phom.result(r.store.games.load(r.gameId)!.state) as HandResult;
    const winner = res.winners[0]!;
    if (winner !== 0 && winner !== 1) return { r, winner };
  }
  throw new Error('no seed found');
}

test('without a seat change the next hand is started by the previous winner (control)', () => {
  const { r, winner } = rigWonByOther();
  const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row(r).version, verb: 'next-hand' });
  assert.equal(next.outcome.ok, true);
  assert.equal(state(r).starter, winner);
});

test('leaving between hands: confirm first, the AI takes the seat, a newcomer takes it over, and the next hand is a first hand (§3)', () => {
  const { r } = rigWonByOther();
  const resultVer = row(r).version;
  // First click: a question, nothing changes.
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: resultVer, verb: 'leave-seat' });
  assert.equal(ask.outcome.ok, false);
  assert.deepEqual(ask.outcome.confirm, { verb: 'leave-seat', arg: 'confirm.0.b', label: 'common:button.leave-confirm' });
  assert.equal(ask.outcome.refusal?.key, 'common:seat.confirm-between');
  assert.equal(row(r).version, resultVer);
  // Confirmed: an AI sits there at once, and the log says so.
  const left = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: resultVer, verb: 'leave-seat', arg: 'confirm.0.b' });
  assert.equal(left.outcome.ok, true);
  const seat1 = r.store.games.seats(r.gameId)[1]!;
  assert.equal(seat1.userId, null);
  assert.equal(seat1.isAi, true);
  assert.deepEqual(lastEntry(r).action, { type: '@seat-change', left: [1], joined: [1] });
  const notice = left.effects.find((e) => e.kind === 'table');
  assert.equal(notice?.kind === 'table' && notice.notice?.key, 'left-seat');
  // The leaver is no longer at the table.
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: row(r).version, verb: 'leave-seat' }).outcome.refusal?.key,
    'errors:not-seated',
  );
  // A seated player cannot take a second seat; a newcomer takes the AI's seat.
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'take-seat' }).outcome.refusal?.key,
    'errors:already-seated',
  );
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '1', displayName: 'Newcomer' });
  assert.equal(took.outcome.ok, true);
  assert.equal(took.outcome.seat, 1);
  const seats = r.store.games.seats(r.gameId);
  assert.deepEqual([seats[1]!.userId, seats[1]!.isAi, seats[1]!.displayName], ['u9', false, 'Newcomer']);
  // The newcomer starts from 0; the others keep their balances.
  const t = r.ts.load(r.gameId)!;
  assert.equal(t.totals.get(1) ?? 0, 0);
  const hand0 = r.store.results.handsOf(r.gameId);
  assert.equal(t.totals.get(0), hand0.find((h) => h.seat === 0)!.points);
  // Next hand from the result message (drawn before the seat changes: it names hand 0) still deals.
  const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' });
  assert.equal(next.outcome.ok, true);
  assert.equal(row(r).handIndex, 1);
  assert.equal(state(r).starter, 0, 'a seating change: the host starts a first hand (starter-reset any-change)');
  replaysToLive(r);
  // The newcomer plays: their hand opens.
  assert.equal(r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u9' }).outcome.seat, 1);
});

test('leaving during a hand: the engine plays the seat out, it settles as Móm, then the AI sits there (§11.3)', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'seating-mid' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const before = row(r).version;
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: before, verb: 'leave-seat' });
  assert.equal(ask.outcome.refusal?.key, 'common:seat.confirm-hand');
  const left = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: before, verb: 'leave-seat', arg: ask.outcome.confirm!.arg });
  assert.equal(left.outcome.ok, true);
  const log = r.store.games.logWithMeta(r.gameId);
  const leave = log.find((e) => e.seq === before + 1)!;
  assert.deepEqual([leave.seat, leave.action, leave.source, leave.userId], [1, { type: 'leave' }, 'player', 'u1']);
  // Seat 1 is never asked again: it has no deadline.
  assert.ok(!r.store.timers.forGame(r.gameId).some((t) => t.seat === 1));
  finishHand(r);
  const res = phom.result(r.store.games.load(r.gameId)!.state) as HandResult & { seats?: unknown };
  assert.ok(res);
  // The hand's results name the leaver; then an AI holds the seat.
  const rows = r.store.results.handsOf(r.gameId);
  assert.equal(rows.find((h) => h.seat === 1)!.displayName, 'P1');
  assert.equal(rows.find((h) => h.seat === 1)!.won, false);
  assert.equal(r.store.games.seats(r.gameId)[1]!.userId, null);
  assert.deepEqual(lastEntry(r).action, { type: '@seat-change', left: [1], joined: [1] });
  // The result is posted once the AI holds the seat, and still names the leaver, who settled with it.
  const afterFirst = r.ts.load(r.gameId)!;
  const record = (hand: number) => ({
    roster: r.store.results.handsOf(r.gameId, hand),
    standings: r.store.results.matchStandings(r.gameId, r.store.games.seats(r.gameId)),
  });
  const first = resultView(afterFirst, 'en', false, record(0))!;
  const p1 = rows.find((h) => h.seat === 1)!.points;
  assert.ok(
    first.lines.some((l) => l.startsWith(`P1: ${p1 > 0 ? '+' : ''}${p1} `)),
    first.lines.join('\n'),
  );
  assert.notEqual(afterFirst.names[1], 'P1');
  assert.ok(!first.lines.some((l) => l.includes(afterFirst.names[1]!)), 'the AI now in seat 1 is not named for the hand');
  assert.equal(r.store.results.seatsAsPlayed(r.gameId, 0, r.store.games.seats(r.gameId))[1]!.displayName, 'P1');
  // Its Take a seat button goes by who sits there now (the AI: open).
  assert.ok(first.rows[0]!.some((c) => c.type === 'button' && c.verb === 'take-seat'));
  const next = r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row(r).version, verb: 'next-hand' });
  assert.equal(next.outcome.ok, true);
  assert.equal(state(r).starter, 0);
  replaysToLive(r);
  // The second hand: the standings list the leaver too, so they add up to what the hands paid.
  finishHand(r);
  const t = r.ts.load(r.gameId)!;
  const entries = r.store.results.matchStandings(r.gameId, t.seats);
  assert.equal(entries.length, 5, 'four seated and the leaver');
  const leaver = entries.find((e) => !e.seated)!;
  assert.deepEqual([leaver.userId, leaver.name, leaver.total], ['u1', 'P1', p1]);
  assert.equal(
    entries.reduce((a, e) => a + e.total, 0),
    r.store.results.handsOf(r.gameId).reduce((a, h) => a + h.points, 0),
  );
  const second = resultView(t, 'en', false, record(1))!;
  const standings = second.lines.find((l) => l.startsWith('📊'))!;
  assert.match(standings, new RegExp(`P1 \\(left\\) ${p1 > 0 ? '\\+' : ''}${p1}`));
  const end = endMatchText(t, 'en', entries);
  assert.equal(end.split('\n').length, 1 + 5);
  assert.ok(end.includes(`**P1 (left)**: ${p1 > 0 ? '+' : ''}${p1}`), end);
  assert.ok(!end.includes('<@u1>'), 'someone who left is named, not mentioned');
  // Sixty who held a seat (players who left, the AIs after them): the message keeps within 2,000.
  const many = Array.from({ length: 60 }, (_, k) => ({
    ...entries[0]!,
    userId: `${10n ** 18n + BigInt(k)}`,
    name: `Player ${k}`,
    total: 1000 - k,
  }));
  const long = endMatchText(t, 'en', many);
  assert.ok(long.length <= 2000, `${long.length}`);
  assert.match(long, /\n\+\d+ more$/);
  assert.equal(long.split('\n').length - 2 + Number(/\+(\d+) more$/.exec(long)![1]), 60, 'everyone listed or counted');
  const chart = standingsModel(t, 'en', entries)!;
  assert.equal(chart.players.length, 5);
  // The mark apart from the name: the chart's legend never cuts it (render/text.ts `tail`).
  assert.deepEqual(chart.players.find((p) => p.name === 'P1' && p.mark === ' (left)')!.totals, [p1, p1]);
  assert.equal(
    chart.players.reduce((a, p) => a + p.totals.at(-1)!, 0),
    entries.reduce((a, e) => a + e.total, 0),
  );
});

test('seat changes are refused where they do not apply', () => {
  const chan = rig('chan', ['human', 'human', 'ai', 'ai']);
  chan.run({ kind: 'start', gameId: chan.gameId, userId: 'u0' });
  assert.equal(
    chan.run({ kind: 'table', gameId: chan.gameId, userId: 'u1', ver: row(chan).version, verb: 'leave-seat', arg: 'confirm' }).outcome
      .refusal?.key,
    'errors:no-seat-changes',
  );
  const r = rig('phom', ['human', 'ai'], { timeoutPolicy: 'ai' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const v = row(r).version;
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: v, verb: 'take-seat', displayName: 'X' }).outcome.refusal?.key,
    'errors:take-seat-between-hands',
  );
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: v, verb: 'leave-seat', arg: 'confirm' }).outcome.refusal?.key,
    'errors:last-player-hand',
  );
  assert.equal(row(r).version, v, 'refusals change nothing');
});

test("the host leaves between hands: the host passes on, and the next hand, a first hand, is the new host's (§3, §15.7)", () => {
  const { r } = rigWonByOther();
  const left = leaveConfirmed(r, 'u0', row(r).version);
  assert.equal(left.outcome.ok, true);
  assert.equal(row(r).hostUserId, 'u1', 'the host passed to the first person seated');
  assert.equal(r.store.games.seats(r.gameId)[0]!.isAi, true);
  assert.deepEqual(lastEntry(r).action, { type: '@seat-change', left: [0], joined: [0], host: 1 });
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: row(r).version, verb: 'next-hand' }).outcome.ok, true);
  assert.equal(state(r).starter, 1, "the new host's seat starts the first hand, not the AI now at seat 0");
  replaysToLive(r);
  // A later change names the host again (the latest change holds): a newcomer takes seat 0's AI.
  finishHand(r);
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '0', displayName: 'New' }).outcome.ok,
    true,
  );
  // A join only: the AI held the seat open, nobody left (starter-reset leave-and-join, phom.md §3).
  assert.deepEqual(lastEntry(r).action, { type: '@seat-change', left: [], joined: [0], host: 1 });
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: row(r).version, verb: 'next-hand' }).outcome.ok, true);
  assert.equal(state(r).starter, 1);
  replaysToLive(r);
});

test('two people cannot both leave during a hand: the table would run on with nobody to press Next hand', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'seating-mid' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const leave = (u: string) => leaveConfirmed(r, u, row(r).version);
  assert.equal(leave('u1').outcome.ok, true);
  assert.equal(leave('u0').outcome.refusal?.key, 'errors:last-player-hand', 'the last person finishes the hand, then ends the match');
  assert.equal(row(r).status, 'running');
});

test('a member gone from the server while the only other person left during the hand: the match ends', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'seating-mid' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const left = leaveConfirmed(r, 'u1', row(r).version);
  assert.equal(left.outcome.ok, true);
  assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(row(r).status, 'finished', 'nobody is left to play on');
});

/** u1 leaves during the first hand; the hand is played out; between hands u9 takes the vacated seat. */
function newcomerAfterLeaver(): Rig {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'seating-mid' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  assert.equal(leaveConfirmed(r, 'u1', row(r).version).outcome.ok, true);
  finishHand(r);
  assert.equal(r.store.games.seats(r.gameId)[1]!.userId, null, 'vacated at the result');
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '1', displayName: 'New' });
  assert.equal(took.outcome.ok, true);
  return r;
}

test('between hands a newcomer at a leaver’s seat counts: the other person may leave, or be gone, and the match goes on', () => {
  const r = newcomerAfterLeaver();
  const out = leaveConfirmed(r, 'u0', row(r).version);
  assert.equal(out.outcome.ok, true, 'u9 is seated: u0 is not the last person');
  const r2 = newcomerAfterLeaver();
  assert.equal(r2.run({ kind: 'member-gone', gameId: r2.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(row(r2).status, 'running', 'u9 plays on');
});

test('a player who left during the hand has no vote: the one person left pauses alone', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'seating-mid' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const v = () => row(r).version;
  assert.equal(leaveConfirmed(r, 'u1', v()).outcome.ok, true);
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: v(), verb: 'pause' }).outcome.refusal?.key,
    'errors:left-this-hand',
    'told why (before: "take your seat back to vote", which a leaver cannot)',
  );
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: v(), verb: 'pause' }).outcome.ok, true);
  assert.equal(row(r).status, 'paused');
});

test('a "Yes, leave" answers the question it was asked: after Next hand it asks again, never leaves mid-hand', () => {
  // Asked between hands ("an AI takes your seat from the next hand"); someone deals the next hand;
  // then "Yes, leave". It made the player leave during the hand (settling as Móm), and the button
  // worked in any later hand too.
  // Two people, each turn played by its timeout (the seats stay theirs), to the end of the first hand.
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: 'leave-confirm' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  for (let i = 0; i < 300 && !phom.result(r.store.games.load(r.gameId)!.state); i++) {
    const t = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  assert.ok(phom.result(r.store.games.load(r.gameId)!.state), 'between hands');
  const ask = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'leave-seat' });
  assert.equal(ask.outcome.refusal?.key, 'common:seat.confirm-between');
  const yes = ask.outcome.confirm!.arg;
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: '0' }).outcome.ok, true);
  assert.equal(phom.result(r.store.games.load(r.gameId)!.state), null, 'a hand is in play');
  const v = row(r).version;
  const late = r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'leave-seat', arg: yes });
  assert.deepEqual([late.outcome.ok, late.outcome.refusal?.key], [false, 'common:seat.confirm-hand'], 'asked again, for this hand');
  assert.notEqual(late.outcome.confirm?.arg, yes);
  assert.equal(row(r).version, v, 'nothing changed');
  assert.ok(!r.store.games.logWithMeta(r.gameId).some((e) => e.action.type === 'leave'));
  // Confirmed for this hand: the engine's leave.
  assert.equal(
    r.run({ kind: 'table', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'leave-seat', arg: late.outcome.confirm!.arg }).outcome.ok,
    true,
  );
  assert.deepEqual(lastLeave(r), [1, 'u1']);
});

test('a leaver gone from the server before the hand ends: the hand they left during is still theirs; the host passes on', () => {
  // §11.3: played out, settled as Móm, "shown under their name". memberGone replaced the seat at once,
  // so the result (and the Móm it pays) was recorded under the AI.
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: 'leaver-gone' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(phom.result(r.store.games.load(r.gameId)!.state), null);
  assert.equal(leaveConfirmed(r, 'u0').outcome.ok, true);
  assert.equal(r.run({ kind: 'member-gone', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  assert.equal(row(r).hostUserId, 'u1', 'the host passed to a person still playing');
  assert.equal(r.store.games.seats(r.gameId)[0]!.userId, 'u0', 'the seat is theirs until the result');
  for (let i = 0; i < 300 && !phom.result(r.store.games.load(r.gameId)!.state); i++) {
    const t = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  const mine = r.store.results.handsOf(r.gameId, 0).find((x) => x.seat === 0)!;
  assert.equal(mine.userId, 'u0', `the hand u0 left during is theirs, recorded under ${mine.displayName}`);
  const seat0 = r.store.games.seats(r.gameId)[0]!;
  assert.deepEqual([seat0.userId, seat0.isAi], [null, true], 'then the AI sits there');
  replaysToLive(r);
});

test('starter-reset leave-and-join: a person taking an AI seat is a join alone: the winner starts, unless the winner was that AI (phom.md §3)', () => {
  for (const want of ['kept', 'winner-replaced'] as const) {
    let done = false;
    for (let k = 0; k < 60 && !done; k++) {
      const r = rig('phom', ['human', 'human', 'ai', 'ai'], { seed: `lj-${k}`, options: { 'starter-reset': 'leave-and-join' } });
      r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
      finishHand(r);
      const winner = (phom.result(r.store.games.load(r.gameId)!.state) as { winners: number[] }).winners[0];
      // kept: an AI seat that did not win is taken; winner-replaced: the winning AI's seat is taken.
      const seat = want === 'kept' ? [2, 3].find((x) => x !== winner) : winner;
      if (winner === undefined || seat === undefined || (want === 'winner-replaced' && winner < 2) || (want === 'kept' && winner === 0))
        continue;
      const took = r.run({
        kind: 'table',
        gameId: r.gameId,
        userId: 'u9',
        ver: 0,
        verb: 'take-seat',
        arg: String(seat),
        displayName: 'New',
      });
      assert.equal(took.outcome.ok, true);
      assert.deepEqual(lastEntry(r).action, { type: '@seat-change', left: [], joined: [seat] });
      assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: row(r).version, verb: 'next-hand' }).outcome.ok, true);
      assert.equal(state(r).starter, want === 'kept' ? winner : 0, want);
      replaysToLive(r);
      done = true;
    }
    assert.ok(done, `a deal for ${want}`);
  }
});
