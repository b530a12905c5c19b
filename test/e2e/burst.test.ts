/**
 * Issue #17 "Done when": a burst of 300 moves across 100 tables completes with 0 failed
 * interactions and no 429 from the simulator. The real bot process (`node src/bot/main.ts`)
 * against the simulator on the real clock with Discord's rate limits (50/s global, interaction
 * endpoints exempt, per-route buckets with headers). The 100 running Phỏm games are made through
 * the store's apply path before the bot starts (bench/restart.ts `generate`); once the bot's
 * start-up work is over, 4 simulated players per table play 3 moves each at once through the UI
 * ("Open my hand", then a legal option on the ephemeral hand), each table's next move as soon as
 * the previous result is visible (bench/load.ts `drive`, flood pacing).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { drive, startRig, waitQuiet } from '../../bench/load.js';
import { generate } from '../../bench/restart.js';

// What is asserted is completion: every move played, no failed interaction, no 429. How fast the
// results become visible is a speed target, measured by `npm run bench -- load`, not asserted here
// (a timed assertion fails on a loaded machine: at load average 17, 97 of 300 results took > 30 s).
test('a burst of 300 moves across 100 tables: 0 failed interactions, no 429', { timeout: 240_000 }, async () => {
  const rig = await startRig({
    // The simulator counts Discord's global limit by arrival, in its own (the test's) process. The bot
    // paces its sends (44/s, burst 4: at most 48 in any second), but when a parallel test file takes
    // the CPU the simulator's process stalls and the paced requests arrive bunched, 51+ in one of its
    // windows: a global 429 that says nothing of the bot (3 of 6 runs at load 7–9, 0 of 12 alone).
    // A 950 ms window allows for that jitter, as the simulator's docs advise for a bench that must
    // see no 429 at saturation.
    globalWindowMs: 950,
    prepare: (sim, dbPath) =>
      generate(sim, dbPath, 100, 2).games.map((g) => ({ gameId: g.gameId, threadId: g.threadId, users: g.users.map((id) => ({ id })) })),
  });
  try {
    await waitQuiet(rig, 60_000); // the bot's start-up work (it redraws the tables today)
    const r = await drive(rig, { pacing: 'flood', movesPerTable: 3 });
    const detail = JSON.stringify({
      seconds: r.seconds.toFixed(1),
      moves: r.phase.moves,
      interactions: r.phase.interactions,
      notVisible: r.phase.notVisible,
      failedInteractions: r.failedInteractions,
      sent429: r.sent429,
      globallyLimited: r.globallyLimited,
      exempt: r.exempt,
      routes: r.routes,
    });
    const problems = [
      r.phase.moves !== 300 && `${r.phase.moves} of 300 moves played`,
      r.failedInteractions > 0 && `${r.failedInteractions} failed interactions`,
      r.sent429 > 0 && `${r.sent429} 429s from the simulator (${r.global429} global)`,
    ].filter(Boolean);
    assert.deepEqual(problems, [], detail);
  } finally {
    await rig.stop();
  }
});
