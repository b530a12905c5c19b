/**
 * A player whose seat the AI plays for them has no vote (src/table/absent.ts `voterIds`), and a vote
 * they cast before the seat was handed over does not count once they take it back with "Take my
 * seat back" either (README, Pause / Resume: "an earlier vote of theirs no longer counts"): it goes
 * when the seat passes to the AI, as a leaver's does (src/table/seating.ts `dropVotes`). Both ways a
 * seat passes to the AI for its player: the others' vote about an absent seat (a turn without a
 * deadline) and a turn that ran out with on-timeout `ai`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig, type Rig } from '../support/table-rig.js';

const H = 3600_000;
const row = (r: Rig) => r.store.games.get(r.gameId)!;
const table = (r: Rig, userId: string, verb: 'pause' | 'resume' | 'absent-ai', arg?: string) =>
  r.run({ kind: 'table', gameId: r.gameId, userId, ver: row(r).version, verb, ...(arg !== undefined ? { arg } : {}) });
const retake = (r: Rig, userId: string) => r.run({ kind: 'hand', gameId: r.gameId, userId, ver: 0, verb: 'retake' });

test('a seat handed to the AI by the others’ vote: the pause vote its player cast before does not count after they take it back', () => {
  // Chắn without deadlines (decision-timeout-s 0): three people and an AI.
  const r = rig('chan', ['human', 'human', 'human', 'ai'], { timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn', 'a person has a turn');
  const absent = timer.seat;
  const others = [0, 1, 2].filter((s) => s !== absent);
  // The absent player voted to pause before going quiet: one vote of three, no pause.
  assert.equal(table(r, `u${absent}`, 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, [`pause:u${absent}`]);
  // Reminders at 12 h, 24 h, 48 h: the vote about the seat is open from the third.
  for (let i = 0; i < 3; i++) {
    r.clock.t = r.store.timers.forGame(r.gameId).find((x) => x.seat === absent)!.remindAt!;
    r.run({ kind: 'remind', gameId: r.gameId, seat: absent });
  }
  r.clock.t += H;
  for (const s of others) assert.equal(table(r, `u${s}`, 'absent-ai', String(absent)).outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[absent]!.isAi, true, 'by vote the AI plays the seat');
  assert.deepEqual(row(r).pauseVotes, [], 'their vote went with the seat');
  assert.equal(row(r).status, 'running');
  // They take the seat back; one of the others votes to pause: one vote of three, still no pause.
  assert.equal(retake(r, `u${absent}`).outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[absent]!.isAi, false);
  const v = table(r, `u${others[0]}`, 'pause');
  assert.equal(v.outcome.ok, true);
  assert.equal(row(r).status, 'running', 'the vote cast before the hand-over is not counted again');
  assert.deepEqual(row(r).pauseVotes, [`pause:u${others[0]}`]);
  const n = v.effects.find((e) => e.kind === 'table');
  assert.deepEqual(n?.kind === 'table' && n.notice, { key: 'vote', seat: others[0], verb: 'pause', n: 1, needed: 2 });
});

test('a seat handed to the AI at a timeout (on-timeout ai): the pause vote cast before does not count after the seat is taken back', () => {
  const r = rig('phom', ['human', 'human'], { timeoutPolicy: 'ai', timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  const late = timer.seat;
  const other = 1 - late;
  assert.equal(table(r, `u${late}`, 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, [`pause:u${late}`], 'one vote of two');
  r.clock.t = timer.deadline + 1;
  assert.equal(r.run({ kind: 'timeout', gameId: r.gameId, seat: late, timerKind: 'turn', deadline: timer.deadline }).outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[late]!.isAi, true, 'the AI took the seat');
  assert.deepEqual(row(r).pauseVotes, [], 'their vote went with the seat');
  assert.equal(retake(r, `u${late}`).outcome.ok, true);
  const t = r.ts.load(r.gameId)!;
  assert.equal(t.engine.result(t.state), null, 'the hand is still in play');
  assert.equal(table(r, `u${other}`, 'pause').outcome.ok, true);
  assert.equal(row(r).status, 'running', 'one vote of two: the old vote is not counted again');
  assert.deepEqual(row(r).pauseVotes, [`pause:u${other}`]);
});

test('a player who still plays another seat of their own keeps their vote when one seat passes to the AI', () => {
  const r = rig('phom', ['human', 'human', 'human'], { timeoutPolicy: 'ai', timer: { name: 'live' } });
  assert.equal(r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' }).outcome.ok, true);
  const [timer] = r.store.timers.forGame(r.gameId);
  assert.ok(timer && timer.kind === 'turn');
  const late = timer.seat;
  const user = `u${late}`;
  // The same person at another seat too (not something the lobby makes; the rule is a leaver's).
  const twin = (late + 1) % 3;
  r.store.db.prepare('UPDATE game_seats SET user_id = ? WHERE game_id = ? AND seat = ?').run(user, r.gameId, twin);
  assert.equal(table(r, user, 'pause').outcome.ok, true);
  assert.deepEqual(row(r).pauseVotes, [`pause:${user}`]);
  r.clock.t = timer.deadline + 1;
  assert.equal(r.run({ kind: 'timeout', gameId: r.gameId, seat: late, timerKind: 'turn', deadline: timer.deadline }).outcome.ok, true);
  assert.equal(r.store.games.seats(r.gameId)[late]!.isAi, true);
  assert.equal(r.store.games.seats(r.gameId)[twin]!.isAi, false);
  assert.deepEqual(row(r).pauseVotes, [`pause:${user}`], 'still a voter at their other seat: the vote stays');
});
