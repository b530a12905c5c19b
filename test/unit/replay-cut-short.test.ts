/**
 * A match ended "after a rules update" (act.ts 'rules-changed-ended': today's engine refuses a move
 * its log holds) stays readable: /history's viewer shows its last hand up to the refused move, with a
 * line saying why it stops, and the hand's Export stops there too and replays. Before, both threw the
 * refusal, answered "something went wrong" at every try (the viewer opens that hand by default).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { engineOf } from '../../src/table/manifests.js';
import { runScenario, type Scenario } from '../../src/games/core/scenario.js';
import { exportScenario, viewerPayload } from '../../src/notify/replay-viewer.js';
import { replayHand } from '../../src/bot/replays.js';
import { refusedTail } from '../support/refused-tail.js';
import { translator } from '../../src/table/i18n.js';
import type { BotContext } from '../../src/bot/context.js';

function endedByRulesUpdate() {
  const r = refusedTail(1);
  assert.equal(r.run({ kind: 'open-hand', gameId: r.gameId, userId: 'u0' }).outcome.refusal?.key, 'errors:rules-changed');
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  const ctx = { store: r.store, render: { table: async () => Buffer.from('png'), result: async () => Buffer.from('png') } };
  return { r, ctx: ctx as unknown as BotContext };
}

test('the viewer shows the hand the rules update ended up to the refused move, saying so', async () => {
  const { r, ctx } = endedByRulesUpdate();
  const replay = replayHand(ctx, r.gameId, 1)!;
  assert.equal(replay.cutShort, true);
  assert.equal(replay.result, null);
  assert.ok(replay.actions.length > 0, 'the moves before the refused one are listed');
  const line = translator('en')('async:replay.cut-short');
  const last = (await viewerPayload(ctx, r.gameId, 1, null, 'en', 'u0'))!;
  assert.ok(last.content.includes(line), last.content);
  const first = (await viewerPayload(ctx, r.gameId, 1, 0, 'en', 'u0'))!;
  assert.ok(!first.content.includes(line), 'said at the last step only');
  // The hand before it is whole, and says nothing of the kind.
  assert.equal(replayHand(ctx, r.gameId, 0)!.cutShort, false);
  assert.ok(!(await viewerPayload(ctx, r.gameId, 0, null, 'en', 'u0'))!.content.includes(line));
});

test('the Export of that hand stops before the refused move, and replays to the same positions', () => {
  const { r, ctx } = endedByRulesUpdate();
  const sc = exportScenario(ctx, r.gameId, 1);
  assert.ok(sc);
  const next = sc.next!;
  assert.equal(next.result, null, 'the hand the match ended in has no result');
  const logged = r.store.games.log(r.gameId).filter((e) => e.hand === 1 && e.seat !== null && !e.action.type.startsWith('@'));
  assert.equal(next.steps?.length, logged.length - 1, 'every move of the hand but the refused one');
  const rep = runScenario(engineOf('phom'), JSON.parse(JSON.stringify(sc)) as Scenario);
  const problems = [...rep.problems, ...rep.steps.filter((s) => !s.ok).map((s) => `${s.what}: ${s.problems.join('; ')}`)];
  assert.deepEqual(problems, []);
});
