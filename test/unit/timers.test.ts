import { test } from 'node:test';
import assert from 'node:assert/strict';
import { durations, reminderAt } from '../../src/bot/timer-presets.js';

test('presets and custom timers', () => {
  assert.deepEqual(durations({ name: 'async' }), { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 });
  assert.deepEqual(durations({ name: 'custom', turnMs: 90_000, claimMs: 15_000 }), { claimMs: 15_000, turnMs: 90_000 });
  assert.equal(reminderAt(1000, 60_000), 46_000);
});

test("with the live preset a game's own timeout options apply; 0 means the preset's", () => {
  assert.deepEqual(durations({ name: 'live' }, 'phom', { 'turn-timeout-s': 25 }), { claimMs: 30_000, turnMs: 25_000 });
  assert.deepEqual(durations({ name: 'live' }, 'classic-mahjong', { 'turn-timeout-seconds': 60, 'claim-timeout-seconds': 10 }), {
    claimMs: 10_000,
    turnMs: 60_000,
  });
  assert.deepEqual(durations({ name: 'live' }, 'chan', { 'decision-timeout-s': 0 }), { claimMs: 30_000, turnMs: 60_000 });
  assert.deepEqual(durations({ name: 'live' }, 'vn-mahjong', {}), { claimMs: 30_000, turnMs: 60_000 });
  assert.deepEqual(durations({ name: 'async' }, 'phom', { 'turn-timeout-s': 25 }), { claimMs: 12 * 3600_000, turnMs: 24 * 3600_000 });
});
