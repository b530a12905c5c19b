/**
 * `hoiquan_ai_fallbacks_total` counts every AI decision the worker pool did not make: after a request
 * of a step went unanswered (the pool's time ran out), the step's later AI decisions take their
 * timeout defaults without asking it (act.ts `actAsync`), and those are counted as `skipped`; the
 * pool's port never sees them, so before they were counted nowhere.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, openHand, playAsAi, pendingNow } from './harness.js';
import { createMetrics } from '../../src/ops/metrics.js';
import type { AiAnswer } from '../../src/table/act.js';

test('AI decisions a step did not ask the pool are counted as skipped fallbacks', async () => {
  const metrics = createMetrics();
  let asked = 0;
  // A pool whose every request runs out of time.
  const ai = async (): Promise<AiAnswer> => {
    asked++;
    return { ok: false, error: 'no answer within 5000 ms', unanswered: true };
  };
  const count = async (reason: string) =>
    Number(new RegExp(`hoiquan_ai_fallbacks_total\\{reason="${reason}"\\} (\\d+)`).exec(await metrics.text())?.[1] ?? 0);
  await withWorld(
    async (w) => {
      const { gameId } = await openTable(w, 'phom', 1, 3, { timer: 'live' });
      const before = w.store.games.logWithMeta(gameId).length;
      const askedBefore = asked;
      const [failedBefore, skippedBefore] = [await count('failed'), await count('skipped')];
      const user = w.users[0]!.id;
      assert.equal(w.store.games.seats(gameId)[pendingNow(w, gameId)[0]!.seat]!.userId, user, 'the human acts first');
      await playAsAi(w, user, gameId, await openHand(w, user, gameId));
      const aiMoves = w.store.games
        .logWithMeta(gameId)
        .slice(before)
        .filter((e) => e.source === 'ai').length;
      assert.ok(aiMoves >= 2, `the AI seats played after the human (${aiMoves} moves)`);
      assert.equal(asked - askedBefore, 1, 'the pool was asked once in the step');
      assert.equal((await count('failed')) - failedBefore, 1, 'the unanswered request');
      assert.equal((await count('skipped')) - skippedBefore, aiMoves - 1, 'every AI decision after it');
    },
    { metrics, ai },
  );
});
