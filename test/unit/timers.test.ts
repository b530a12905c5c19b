import { test } from 'node:test';
import assert from 'node:assert/strict';
import { durations, reminderAt } from '../../src/table/timers.js';
import { GAMES } from '../../src/table/manifests.js';
import type { GameId } from '../../src/games/core/types.js';
import type { TimerPreset } from '../../src/store/index.js';

/** A table's durations: its preset, and the game's own deadline house rules from the manifest. */
const of = (p: TimerPreset, game: GameId, options: Record<string, unknown>) => durations(p, GAMES[game].engine.timeouts(options));

test('presets and custom timers', () => {
  assert.deepEqual(durations({ name: 'async' }), { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 });
  assert.deepEqual(durations({ name: 'custom', turnMs: 90_000, claimMs: 15_000 }), { claimMs: 15_000, turnMs: 90_000 });
  assert.equal(reminderAt(1000, 60_000), 46_000);
});

test("with the live preset a game's own timeout options apply; Chắn's 0 means no deadline (#14 §3)", () => {
  assert.deepEqual(of({ name: 'live' }, 'phom', { 'turn-timeout-s': 25 }).turnMs, 25_000);
  assert.deepEqual(of({ name: 'live' }, 'classic-mahjong', { 'turn-timeout-seconds': 60, 'claim-timeout-seconds': 10 }), {
    claimMs: 10_000,
    turnMs: 60_000,
  });
  // Chắn `decision-timeout-s` 0 is 'off' (the seed: no automatic deadline), whatever the preset.
  assert.deepEqual(GAMES.chan.engine.timeouts({ 'decision-timeout-s': 0 }), { turn: 'off', claim: 'off' });
  assert.deepEqual(of({ name: 'live' }, 'chan', { 'decision-timeout-s': 0 }), { claimMs: null, turnMs: null });
  assert.deepEqual(of({ name: 'async' }, 'chan', { 'decision-timeout-s': 0 }), { claimMs: null, turnMs: null });
  assert.deepEqual(of({ name: 'live' }, 'chan', { 'decision-timeout-s': 40 }), { claimMs: 40_000, turnMs: 40_000 });
  assert.deepEqual(of({ name: 'live' }, 'vn-mahjong', {}), { claimMs: 30_000, turnMs: 60_000 });
  assert.deepEqual(of({ name: 'async' }, 'phom', { 'turn-timeout-s': 25 }), { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 });
});
