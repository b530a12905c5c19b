/**
 * Housekeeping's retry queries (store/games.ts `dueForRetry`, migration 27): a game is due once
 * quiet, then its tries back off (10 min, 20, 40, … at most 4 h apart); a change of the game, or one
 * Discord tells of in its channel, starts them afresh; the longest waiting come first.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { engineOf } from '../../src/table/manifests.js';
import { openStore } from '../../src/store/index.js';
import { RETRY_MAX_MS } from '../../src/store/games.js';
import { tempDir } from '../support/temp-dir.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function world() {
  const clock = { t: Date.UTC(2026, 11, 1) };
  const store = openStore(join(tempDir('hq-retry-'), 'hq.db'), engineOf, () => clock.t);
  /** A running game whose table message is behind (never shown), changed now. */
  const behind = () => {
    const g = store.games.create({ game: 'phom', options: {}, optionsHash: 'x', seed: 's', seats: 2, threadId: `t${clock.t}` });
    store.games.update(g.id, { status: 'running' });
    return g.id;
  };
  const due = (limit = 25) => store.games.tablesBehind({ before: clock.t - MIN, since: clock.t - DAY, now: clock.t }, null, limit);
  /** A try of housekeeping's (housekeeping.ts `syncAgain`): `during` is what the try itself records. */
  const retried = (id: string, during?: () => void) => {
    const changedAt = store.games.get(id)!.publicAt;
    during?.();
    store.games.noteRetried(id, changedAt);
  };
  return { clock, store, behind, due, retried };
}

test('the retries of one game double their spacing up to the cap; a change starts them afresh', () => {
  const { clock, store, behind, due, retried } = world();
  const id = behind();
  const tries: number[] = [];
  const start = clock.t;
  // Rounds every 10 minutes for a day; each round retries what is due (and fails: nothing changes).
  for (let t = 10 * MIN; t <= DAY; t += 10 * MIN) {
    clock.t = start + t;
    if (due().includes(id)) {
      tries.push(t / MIN);
      // Each failing try records something of its own (a leftover message id): no change of the game.
      retried(id, () => store.games.update(id, { reminders: [{ id: `m${t}`, seat: null, leftover: true }] }));
    }
  }
  assert.deepEqual(tries.slice(0, 6), [10, 20, 40, 80, 160, 320], 'doubling: 10 min apart, then 20, 40, …');
  const gaps = tries.slice(1).map((t, k) => t - tries[k]!);
  assert.ok(
    gaps.every((g) => g <= RETRY_MAX_MS / MIN),
    `never more than 4 h apart: ${gaps.join(', ')}`,
  );
  // A public change of the game (a step) makes it due again once quiet, whatever its retries.
  clock.t += MIN;
  store.games.update(id, { timeoutPolicy: 'ai' });
  // (The bot's bookkeeping is no change: a retry that records a message id every time must not restart its window.)
  clock.t += 2 * MIN;
  assert.ok(due().includes(id));
  retried(id);
  assert.ok(!due().includes(id), 'not twice in a round');
  clock.t += 10 * MIN;
  assert.ok(due().includes(id), 'and 10 minutes apart again');
});

test('a change Discord tells of (a permission given back) makes the games of that channel due at the next round', () => {
  const { clock, store, behind, due, retried } = world();
  const id = behind();
  const channelId = store.games.get(id)!.threadId!;
  for (let k = 0; k < 36; k++) {
    clock.t += 10 * MIN;
    if (due().includes(id)) retried(id);
  }
  clock.t += 10 * MIN;
  assert.ok(!due().includes(id), 'backing off');
  assert.equal(store.games.retrySoon({ channelId }), 1);
  assert.ok(due().includes(id), 'due now');
  assert.equal(store.games.retrySoon({ guildId: 'nowhere' }), 0);
});

test('the longest waiting go first: games retried lately leave the places to the others', () => {
  const { clock, behind, due, retried } = world();
  const a = behind();
  clock.t += 1_000;
  const b = behind();
  clock.t += 1_000;
  const c = behind();
  clock.t += 10 * MIN;
  assert.deepEqual(due(2), [a, b], 'by their change, oldest first');
  retried(b);
  clock.t += 1_000;
  retried(a);
  clock.t += 5 * MIN;
  assert.deepEqual(due(2), [c], 'c, never tried; a and b wait at least 10 minutes');
  retried(c);
  clock.t += 30 * MIN;
  assert.deepEqual(due(2), [b, a], 'then by their last try, oldest first');
});

test('a table that failed once is tried within two rounds, though 1,000 tables fail every time', () => {
  const { clock, behind, due, retried } = world();
  const stuck: string[] = [];
  for (let k = 0; k < 1000; k++) {
    stuck.push(behind());
    clock.t += 1000;
  }
  let fresh: string | null = null;
  let rounds = 0;
  let waited = -1;
  for (let r = 0; r < 6 * 24; r++) {
    clock.t += 10 * MIN;
    if (r === 60) fresh = behind(); // a table elsewhere whose edit failed once, 10 h in
    const ids = due();
    // Every try fails (the stuck ones), or would have succeeded (the fresh one).
    for (const id of ids) retried(id);
    if (fresh && waited < 0) {
      rounds++;
      if (ids.includes(fresh)) waited = rounds;
    }
  }
  assert.ok(waited > 0 && waited <= 2, `a fresh failure is tried within two rounds (waited ${waited})`);
});

test('a hidden step (a claim pass) neither delays a retry nor starts its back-off afresh (#13 §2)', () => {
  const { clock, store, behind, due, retried } = world();
  const id = behind();
  /** A step that changed nothing public: the table layer commits it without `public`. */
  const hidden = () =>
    store.db.transaction(() =>
      store.games.applyStep({ gameId: id, expectVersion: store.games.get(id)!.version, entries: [], outbox: [] }),
    )();
  clock.t += 50_000;
  hidden();
  clock.t += 20_000;
  assert.ok(due().includes(id), 'due a quiet minute after the public change, the pass 20 s ago notwithstanding');
  retried(id);
  clock.t += MIN;
  hidden();
  clock.t += 2 * MIN;
  assert.ok(!due().includes(id), 'the pass does not make it due again: the back-off runs on');
  clock.t += 7 * MIN;
  assert.ok(due().includes(id), '10 minutes after the try');
});
