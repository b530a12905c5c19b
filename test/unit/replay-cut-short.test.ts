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
import { HandNotReplayable, replayHand } from '../../src/bot/replays.js';
import { refusedTail } from '../support/refused-tail.js';
import { rig, timeOutToResult } from '../support/table-rig.js';
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

/** A Chắn match of three hands, ended by End match; then today's rules refuse a move of its first hand. */
function refusedInFirstHand() {
  const r = rig('chan', ['human', 'human', 'human', 'human'], { seed: 'refused-early' });
  r.run({ kind: 'start', gameId: r.gameId, userId: 'u0' });
  for (let h = 0; h < 3; h++) {
    timeOutToResult(r);
    const verb = h < 2 ? 'next-hand' : 'end-match';
    // End match's Yes (it asks first) names the hand.
    const arg = verb === 'end-match' ? { arg: `confirm.${h}` } : {};
    assert.ok(r.run({ kind: 'table', gameId: r.gameId, userId: 'u0', ver: r.version(), verb, ...arg }).outcome.ok);
  }
  assert.equal(r.store.games.get(r.gameId)!.status, 'finished');
  // A stand-in for a rule fix since (the log is append-only: its trigger is dropped for this test only).
  r.store.db.exec('DROP TRIGGER actions_append_only_update');
  r.store.db.prepare('UPDATE actions SET action = ? WHERE game_id = ? AND seq = 3').run(JSON.stringify({ type: 'bogus' }), r.gameId);
  r.store.games.forgetCache();
  const ctx = { store: r.store, render: { table: async () => Buffer.from('png'), result: async () => Buffer.from('png') } };
  return { r, ctx: ctx as unknown as BotContext };
}

test('a refused move of an earlier hand: a later hand not stored from its start cannot be replayed, said so (not shown cut at the earlier hand)', async () => {
  const { r, ctx } = refusedInFirstHand();
  // Its own start stored: hand 3 replays whole.
  assert.equal(replayHand(ctx, r.gameId, 2)!.cutShort, false);
  r.store.db.prepare('DELETE FROM hand_starts WHERE game_id = ?').run(r.gameId);
  assert.throws(() => replayHand(ctx, r.gameId, 2), HandNotReplayable);
  const said = (await viewerPayload(ctx, r.gameId, 2, null, 'en', 'u0'))!;
  assert.match(said.content, /Hand 3\n⚠️ This hand cannot be replayed/);
  assert.equal(said.files.length, 0);
  assert.throws(() => exportScenario(ctx, r.gameId, 2), HandNotReplayable);
  // The hand that holds it is shown up to it, without saying the match ended there (it went on).
  const first = (await viewerPayload(ctx, r.gameId, 0, null, 'en', 'u0'))!;
  assert.ok(first.content.includes(translator('en')('async:replay.cut-short')));
  assert.doesNotMatch(first.content, /match ended/);
});
