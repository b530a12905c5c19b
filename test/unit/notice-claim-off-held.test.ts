/**
 * A move notice held through quiet hours is dropped when its kind was turned off meanwhile. A
 * secret opening choice's notice is a 'claim' that "my move" covers too (notifier.ts `wantsKind`);
 * the delivery used to take every held 'claim' notice for one, so an ordinary claim window's
 * "you may claim" still went out after the user turned claim notices off (with "my move" on).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { localMinutes, initialState } from '../../src/store/index.js';
import { GAMES } from '../../src/table/manifests.js';
import { defaultOptions } from '../../src/games/core/options.js';
import type { AnyEngine, BaseAction, Decision } from '../../src/games/core/types.js';
import { rig } from '../support/table-rig.js';
import { claimWindowOfU1, noticeWorld, recordingNotifier } from '../support/notice-tables.js';

/** Quiet hours for the next hour (UTC). */
const quietNow = (now: number) => {
  const m = localMinutes(now, null);
  return { from: (m + 1440 - 30) % 1440, to: (m + 60) % 1440 };
};

test('a claim notice held by quiet hours is not sent once claim notices were turned off ("my move" on)', async () => {
  const w = noticeWorld();
  const { clock, store, ts } = w;
  const claimTable = claimWindowOfU1(w);
  assert.ok(claimTable, 'a claim window for u1');
  clock.t += 10 * 60_000;
  store.prefs.setNotify('u1', 'turn', true);
  store.prefs.setNotify('u1', 'claim', true);
  store.prefs.setQuiet('u1', quietNow(clock.t));
  const { n, sent } = recordingNotifier(store, ts, 'content');
  await n.onEffects(ts.load(claimTable)!, [{ kind: 'ping', turn: [], claim: [1] }], clock.t);
  assert.equal(store.notices.waiting('u1').length, 1, 'held through quiet hours');
  store.prefs.setNotify('u1', 'claim', false); // "my move" stays on
  clock.t += 2 * 3_600_000; // quiet hours over; the claim window (12 h) still open
  await n.due(clock.t);
  assert.deepEqual(sent, [], 'no claim notice after the user turned claim notices off');
  assert.equal(store.notices.all('u1')[0]!.outcome, 'dropped');
});

test('a secret opening choice held by quiet hours is still sent with "my move" on and claim notices off', async () => {
  const engine = GAMES['classic-mahjong'].engine as AnyEngine;
  const options = defaultOptions(engine.options);
  let found: { seed: string; seat: number } | null = null;
  for (let k = 0; k < 5000 && !found; k++) {
    const seed = `secret-classic-mahjong-${k}`;
    const d = (engine.pending(initialState(engine, options, 4, seed)) as Decision<BaseAction>[])[0];
    if (d?.secret && d.seat > 0) found = { seed, seat: d.seat };
  }
  assert.ok(found, 'a seed with a secret opening choice');
  const r = rig('classic-mahjong', ['human', 'human', 'human', 'human'], { seed: found.seed, timer: { name: 'async' } });
  const start = r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  const u = `u${found.seat}`;
  r.store.prefs.setNotify(u, 'turn', true);
  r.store.prefs.setNotify(u, 'claim', true);
  r.store.prefs.setQuiet(u, quietNow(r.clock.t));
  const { n, sent } = recordingNotifier(r.store, r.ts, 'content');
  await n.onEffects(r.ts.load(r.gameId)!, start.effects, r.clock.t);
  assert.equal(r.store.notices.waiting(u).length, 1, 'held through quiet hours');
  r.store.prefs.setNotify(u, 'claim', false);
  r.clock.t += 2 * 3_600_000;
  await n.due(r.clock.t);
  assert.equal(sent.length, 1, 'their opening choice is their move');
  assert.match(sent[0]!, /your move/i);
});
