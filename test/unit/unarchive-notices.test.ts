/**
 * Every step that shows something anew at a running or paused table reopens its thread first (act.ts
 * `commit`): Discord archives a thread idle for a week, and the table message of an archived thread
 * cannot be edited (50083). Before, only the steps of a running hand did (`advance`): a seat left or
 * taken between hands and a seat taken back at a paused table lost their notices. Never a step that
 * shows nothing (a hidden claim pass: #13 §2).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leaveConfirmed, rig, timeOutToResult, timeOutUntilAiHolds, type Rig } from '../support/table-rig.js';
import type { Effect } from '../../src/table/effects.js';

/** The key of the notice the step's table redraw shows, if any. */
function noticeOf(effects: readonly Effect[]): string | undefined {
  for (const e of effects) if (e.kind === 'table' && e.notice) return e.notice.key;
  return undefined;
}
const reopens = (effects: readonly Effect[]) => effects.some((e) => e.kind === 'unarchive');

function atResult(): Rig {
  const r = rig('phom', ['human', 'human', 'human', 'ai'], { seed: 'unarchive', timer: { name: 'async' } });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutToResult(r, 400);
  r.clock.t += 8 * 86_400_000;
  return r;
}

test('a seat left or taken between hands reopens the thread for its notice', () => {
  const a = atResult();
  const left = leaveConfirmed(a, 'u2');
  assert.equal(left.outcome.ok, true);
  assert.equal(noticeOf(left.effects), 'left-seat');
  assert.ok(reopens(left.effects), JSON.stringify(left.effects));

  const b = atResult();
  const took = b.run({ kind: 'table', gameId: b.gameId, userId: 'u9', ver: 0, verb: 'take-seat', arg: '3', displayName: 'New' });
  assert.equal(took.outcome.ok, true);
  assert.equal(noticeOf(took.effects), 'took-seat');
  assert.ok(reopens(took.effects), JSON.stringify(took.effects));
});

test('a seat taken back at a paused table reopens the thread for its notice', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timeoutPolicy: 'ai', seed: 'unarchive-pause' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  timeOutUntilAiHolds(r, 1, [0], 60);
  assert.equal(r.store.games.seats(r.gameId)[1]!.isAi, true, 'the AI took seat 1 over');
  const ver = r.store.games.get(r.gameId)!.version;
  assert.equal(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver, verb: 'pause' }).outcome.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  r.clock.t += 8 * 86_400_000;
  const back = r.run({ kind: 'hand', gameId: r.gameId, userId: 'u1', ver: 0, verb: 'retake' });
  assert.equal(back.outcome.ok, true);
  assert.equal(noticeOf(back.effects), 'retook');
  assert.ok(reopens(back.effects), JSON.stringify(back.effects));
});
