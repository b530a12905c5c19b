/** /leaderboard for a period with no hand in it (older hands only) says so, not "No finished hands yet". */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playWithAi, rig } from '../support/table-rig.js';
import { leaderboardSays } from '../support/leaderboard.js';

test('a period without hands is named as such', async () => {
  const r = rig('phom', ['human', 'human'], { seed: 'lb-period' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  playWithAi(r);
  r.clock.t += 10 * 86_400_000;
  const said = (period: string) => leaderboardSays(r.store, 'phom', period);
  assert.match(await said('week'), /No finished hands in this period\./);
  assert.doesNotMatch(await said('all'), /No finished hands/);
});
