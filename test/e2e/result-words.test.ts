/**
 * "Result in words" on a hand's result message (src/bot/play.ts `resultWords`): anyone gets,
 * ephemerally, the whole result said in words (the winner's hand, every scoring line, totals and
 * payments), which the image's alt text (1,024 characters) and the message's lines may not hold. It
 * names its hand, so it says that hand's result after the next hand has started.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, playHandToEnd, withWorld } from './harness.js';
import { handResultInWords } from '../../src/bot/replays.js';

test('Result in words says the whole result of its hand, privately, also once the next hand is on', async () => {
  await withWorld(async (w) => {
    const { gameId } = await openTable(w, 'phom', 2, 1);
    await playHandToEnd(w, gameId);
    const thread = w.store.games.get(gameId)!.threadId!;
    const id = w.sim.allMessages(thread).find((x) => /^\*\*Hand 1 is over\*\*/.test(w.sim.text(x)))!.id;
    const result = () => w.sim.message(id)!;
    const watcher = w.users[3]!;
    const ask = async () => {
      const h = await click(w, watcher.id, result().id, buttonByLabel(w.sim, result(), 'Result in words').custom_id as string);
      assert.equal(h.failed, false);
      assert.equal(h.response!.ephemeralTo, watcher.id);
      return w.sim.text(h.response!.id);
    };
    const said = await ask();
    assert.equal(said, handResultInWords({ store: w.store } as never, gameId, 0, 'en'));
    assert.match(said, /^Hand 1 is over|wins|Totals: /, said);
    const names = w.store.games.seats(gameId).map((s) => s.displayName);
    for (const n of names) assert.ok(said.includes(n), `${n} in ${said}`);
    assert.doesNotMatch(said, /[♠♥♣♦]/u, 'cards in words');
    // The next hand: the first result's button still says the first hand.
    await click(w, w.users[0]!.id, result().id, buttonByLabel(w.sim, result(), 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1);
    assert.deepEqual(
      w.sim
        .components(result())
        .filter((c) => c.type === 2)
        .map((c) => c.label),
      ['Result in words'],
      'Next hand and End match are spent; Result in words stays',
    );
    assert.equal(await ask(), said);
  });
});
