/**
 * A table paused by a vote whose other players never come back: after PAUSED_ALONE_MS without a public
 * change, any one player resumes it (act.ts). Before, a majority of the seated people was needed for
 * ever: nothing else could resume or end it, and its players could not erase their data (/privacy).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rig } from '../support/table-rig.js';
import { PAUSED_ALONE_MS } from '../../src/table/act.js';

test('a table paused for a week is resumed by one player; before that it takes a majority', () => {
  const r = rig('phom', ['human', 'human', 'ai', 'ai'], { timer: { name: 'async' }, seed: 'paused-alone' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (const u of ['u0', 'u1']) r.run({ kind: 'table', gameId: r.gameId, userId: u, ver: r.version(), verb: 'pause' });
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  const resume = () => r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb: 'resume' }).outcome;
  // u1 is gone. A day later u0's vote is one of the two needed.
  r.clock.t += 24 * 3_600_000;
  assert.equal(resume().ok, true, 'the vote is recorded');
  assert.equal(r.store.games.get(r.gameId)!.status, 'paused');
  r.clock.t += PAUSED_ALONE_MS - 60_000;
  assert.equal(resume().refusal?.key, 'errors:already-voted', 'within a week of the last vote, still a majority');
  r.clock.t += 60_000;
  const o = resume();
  assert.equal(o.ok, true);
  assert.equal(r.store.games.get(r.gameId)!.status, 'running', 'a week after the last public change, one player resumes');
});
