/**
 * A shutdown drains (src/bot/app.ts `stop`): a click in progress is answered before the client
 * closes, and a click that arrives while it drains is told to try again, not left to fail.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { withWorld } from './harness.js';

test('stop waits for the click in progress; a click during the drain is told the bot is restarting', async () => {
  await withWorld(async (w) => {
    const user = w.users[0]!.id;
    const ch = w.channelId;
    // /rules renders the piece sheet: a click that takes a moment.
    const h = await w.sim.slash(user, ch, 'rules', { game: 'classic-mahjong' });
    // The bot has it (deferred: it is drawing), then is told to stop.
    for (let k = 0; k < 500 && !h.acknowledged; k++) await new Promise((r) => setTimeout(r, 5));
    assert.ok(h.acknowledged);
    const stopped = w.bot.stop();
    const late = await w.sim.slash(w.users[1]!.id, ch, 'rules', { game: 'phom' });
    await stopped;
    await h.settled({ timeout: 30_000 });
    assert.equal(h.failed, false, 'the click in progress was answered');
    assert.ok((await h.reply()).embeds.length >= 1, 'with its rules');
    await late.settled({ timeout: 30_000 });
    assert.equal(late.failed, false);
    assert.match((await late.reply()).content, /restarting/);
  });
});
