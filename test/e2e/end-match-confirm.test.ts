/**
 * End match asks first through Discord (act.ts 'end-match'; play.ts): the host's click is answered
 * with an ephemeral question, and only its "Yes, end the match" ends the match. A Yes asked before
 * Next hand dealt is out of date and ends nothing.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld, openTable, playHandToEnd, click, buttonByLabel, buttons, tableMessage } from './harness.js';
import type { World } from './harness.js';

const resultOf = (w: World, threadId: string, hand: number) =>
  w.sim
    .visibleMessages(threadId, w.users[0]!.id)
    .filter((m) => w.sim.text(m).includes(`Hand ${hand} is over`))
    .at(-1)!;

test('End match on a result: an ephemeral question first (twice: still running); its Yes ends the match', async () => {
  await withWorld(async (w) => {
    const host = w.users[0]!.id;
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    await playHandToEnd(w, gameId);
    const result = resultOf(w, threadId, 1);
    const end = buttonByLabel(w.sim, result, 'End match').custom_id as string;
    // A double click of End match: two questions, nothing ended.
    const ask = await click(w, host, result.id, end);
    const again = await click(w, host, result.id, end);
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'End match alone ends nothing');
    const question = ask.followUps[0]!;
    assert.equal(question.ephemeralTo, host, 'asked of the clicker only');
    assert.match(w.sim.text(question), /End the match for everyone\?/);
    assert.equal(again.followUps[0]!.ephemeralTo, host);
    assert.ok(
      !w.sim.visibleMessages(threadId, w.users[1]!.id).some((m) => /End the match for everyone/.test(w.sim.text(m))),
      'the other player sees no question',
    );
    const yes = buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, end the match').custom_id as string;
    const conf = await click(w, host, question.id, yes);
    assert.equal(conf.failed, false);
    assert.equal(w.store.games.get(gameId)!.status, 'finished');
    assert.match(w.sim.text(question.id), /You ended the match/);
    assert.deepEqual(buttons(w.sim, w.sim.message(question.id)!), [], 'the question keeps no button');
    assert.ok(
      !buttons(w.sim, w.sim.message(result.id)!).some((b) => b.label === 'End match'),
      'the result message no longer offers End match',
    );
    assert.ok(w.sim.allMessages(threadId).some((m) => /Match over: final totals/.test(w.sim.text(m))));
  });
});

test('a Yes, end the match asked before Next hand dealt is out of date: the next hand goes on', async () => {
  await withWorld(async (w) => {
    const [host, other] = [w.users[0]!.id, w.users[1]!.id];
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'live' });
    await playHandToEnd(w, gameId);
    const table = tableMessage(w, gameId);
    const ask = await click(w, host, table.id, buttonByLabel(w.sim, table, 'End match').custom_id as string);
    const question = ask.followUps[0]!;
    const result = resultOf(w, threadId, 1);
    await click(w, other, result.id, buttonByLabel(w.sim, result, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    const late = await click(
      w,
      host,
      question.id,
      buttonByLabel(w.sim, w.sim.message(question.id)!, 'Yes, end the match').custom_id as string,
    );
    assert.match(late.followUps.at(-1)!.content, /out of date/i);
    assert.equal(w.store.games.get(gameId)!.status, 'running', 'the match goes on');
  });
});
