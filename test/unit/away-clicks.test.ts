/**
 * Away mode ends with any click of the player's at a table (README, `/away`; act.ts `awayMode`):
 * also "Take a seat", by which the clicker sits down, and any click at a paused table (Open my hand,
 * Refresh, even one the pause refuses), after whose resume their decision waits for them instead of
 * being played for them.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { initialState } from '../../src/store/index.js';
import { rig, type Rig } from '../support/table-rig.js';

const phom = engineOf('phom');
const DAY = 86_400_000;
const row = (r: Rig) => r.store.games.get(r.gameId)!;

/** Fires the earliest timer until the hand is over. */
function finishHand(r: Rig): void {
  for (let i = 0; i < 300; i++) {
    if (phom.result(r.store.games.load(r.gameId)!.state)) return;
    const t = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  assert.fail('the hand did not end');
}

test('an /away person who clicks Take a seat is back: their new seat is not played for them', () => {
  let r: Rig | undefined;
  for (let k = 0; !r; k++) {
    const seed = `away-take-seat-${k}`;
    const x = rig('phom', ['human', 'human', 'ai', 'ai'], { seed });
    if (phom.result(initialState(phom, row(x).options, 4, seed)) === null) r = x;
  }
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  finishHand(r);
  r.store.prefs.setAway('u9', r.clock.t + DAY);
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '2', displayName: 'Newcomer' });
  assert.equal(took.outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[2]!.userId, 'u9');
  assert.equal(r.store.prefs.isAway('u9', r.clock.t), false, 'the click ended away mode');
  // The next hand: the newcomer's decisions are theirs (played by the timer here), never as away.
  const hand = row(r).handIndex + 1;
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: 0, verb: 'next-hand', arg: String(hand - 1) }).outcome.ok, true);
  for (let i = 0; i < 20 && !r.store.games.logWithMeta(r.gameId).some((e) => e.seat === 2 && e.hand === hand); i++) {
    const t = r.store.timers.forGame(r.gameId)[0]!;
    r.clock.t = t.deadline + 1;
    r.run({ kind: 'timeout', gameId: r.gameId, seat: t.seat, timerKind: t.kind, deadline: t.deadline });
  }
  const mine = r.store.games.logWithMeta(r.gameId).filter((e) => e.seat === 2 && e.hand === hand);
  assert.ok(mine.length > 0, 'the newcomer had a decision');
  assert.deepEqual(mine.filter((e) => e.source === 'away').length, 0, 'nothing of the newcomer was played as away');
});

test('a refused Take a seat ends away mode too (the click is theirs), and so does a seated player’s at a running table', () => {
  const r = rig('phom', ['human', 'human'], { seed: 'away-refused-take' });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  r.store.prefs.setAway('u9', r.clock.t + DAY);
  // Mid-hand: Take a seat is refused (seating.ts: between hands only).
  const took = r.run({ kind: 'table', gameId: r.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '1', displayName: 'X' });
  assert.equal(took.outcome.ok, false);
  assert.equal(r.store.prefs.isAway('u9', r.clock.t), false);
  r.store.prefs.setAway('u1', r.clock.t + DAY);
  r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u1' });
  assert.equal(r.store.prefs.isAway('u1', r.clock.t), false);
});

/** A paused Phỏm table of three people without deadlines, its player on turn away: [rig, the seat on turn]. */
function pausedWithAway(seed: string): [Rig, number] {
  const r = rig('phom', ['human', 'human', 'human'], { timer: { name: 'async' }, seed });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: 0, verb: 'pause' });
  assert.equal(row(r).status, 'paused');
  const turn = r.pending()[0]!.seat;
  r.store.prefs.setAway(`u${turn}`, r.clock.t + DAY);
  return [r, turn];
}

/** The two others resume the table (a Resume click of the away player's own would end their away mode); then the bot's catch-up sync. */
function resume(r: Rig, away: number) {
  const [a, b] = [0, 1, 2].filter((s) => s !== away).map((s) => `u${s}`);
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: a!, ver: 0, verb: 'resume' }).outcome.ok, true);
  const resumed = r.run({ kind: 'table', gameId: r.gameId, userId: b!, ver: 0, verb: 'resume' });
  assert.equal(row(r).status, 'running');
  r.run({ kind: 'sync', gameId: r.gameId });
  return resumed;
}

for (const click of ['open-hand', 'refresh', 'refused act'] as const) {
  test(`an /away player's ${click} at a paused table ends away mode: after the resume their turn waits for them`, () => {
    const [r, turn] = pausedWithAway(`away-paused-${click}`);
    const u = `u${turn}`;
    const before = { version: r.version(), outbox: row(r).outbox };
    const res =
      click === 'open-hand'
        ? r.run({ kind: 'open-hand', gameId: r.gameId, userId: u })
        : r.run({ kind: 'hand', gameId: r.gameId, userId: u, ver: r.token(turn), verb: click === 'refresh' ? 'refresh' : 'act', arg: '0' });
    if (click === 'refused act') assert.equal(res.outcome.refusal?.key, 'errors:paused');
    assert.equal(r.store.prefs.isAway(u, r.clock.t), false, 'the click ended away mode');
    assert.deepEqual({ version: r.version(), outbox: row(r).outbox }, before, 'nothing changed at the table');
    assert.deepEqual(res.effects, []);
    const v = r.version();
    const resumed = resume(r, turn);
    const ping = resumed.effects.find((e) => e.kind === 'ping') as { turn: number[] } | undefined;
    assert.deepEqual(ping?.turn, [turn], 'the resume pings them for their turn');
    assert.equal(resumed.outcome.catchUp, undefined, 'nothing to play for them');
    assert.equal(r.version(), v, 'their decision was not played for them');
    assert.equal(r.pending()[0]!.seat, turn);
  });
}

test('one who went away during the pause and did not click is still played for at the resume (unchanged)', () => {
  const [r, turn] = pausedWithAway('away-paused-noclick');
  const v = r.version();
  resume(r, turn);
  const played = r.store.games.logWithMeta(r.gameId).slice(v);
  assert.ok(
    played.some((e) => e.seat === turn && e.source === 'away'),
    'played for them as away',
  );
});
