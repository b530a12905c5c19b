/**
 * The handshake of a render's `drawing` flag (worker.ts, pool.ts `run`): the worker starts a task
 * only by setting it from 0 to 1; a caller that gave up first set it to `GIVEN_UP`, and the task is
 * skipped then, whatever the two threads' clocks say of its deadline (a timer may fire a millisecond
 * before `Date.now()` reaches it). Before, the worker set 1 regardless and drew a task the pool
 * counted as skipped: not reported as stuck, its worker counted free.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import render from '../../src/render/worker.js';
import { GIVEN_UP } from '../../src/render/watch.js';

const flag = (v: number) => {
  const f = new Int32Array(new SharedArrayBuffer(4));
  Atomics.store(f, 0, v);
  return f;
};
const sheet = { game: 'phom', locale: 'en' } as const;

test('a task its caller gave up on before a worker started it is skipped, even before its deadline', () => {
  const given = flag(GIVEN_UP);
  assert.throws(() => render({ kind: 'sheet', model: sheet, deadline: Date.now() + 60_000, drawing: given }), /aborted/);
  assert.equal(Atomics.load(given, 0), GIVEN_UP);
});

test('a task started by its worker is marked drawn (1) and drawn', () => {
  const fresh = flag(0);
  assert.doesNotThrow(() => render({ kind: 'sheet', model: sheet, deadline: Date.now() + 60_000, drawing: fresh }));
  assert.equal(Atomics.load(fresh, 0), 1);
});
