/**
 * A hand's result image cannot be drawn (a worker that failed, RENDER_TIMEOUT_MS under load). Before,
 * the failure threw past the post ("effect failed"): the result message, with Next hand / End match,
 * was not posted until the housekeeping round derived it again, and the table offered nothing to go
 * on meanwhile. Now the result goes in words with its buttons and a line saying the picture is
 * missing (as the table and hand views do), logged as a warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buttonByLabel, click, openTable, playHandToEnd, withWorld } from './harness.js';
import type { Renderer } from '../../src/bot/context.js';

test('a result image that cannot be drawn: the result is posted in words with Next hand, and the match goes on', async () => {
  await withWorld(async (w) => {
    const { gameId, threadId } = await openTable(w, 'phom', 2, 0, { timer: 'async' });
    const render = w.bot.ctx.render as Renderer;
    const real = render.result.bind(render);
    let fail = 1;
    render.result = (m) =>
      fail-- > 0 ? Promise.reject(Object.assign(new Error('render aborted: no image within 30000 ms'), { name: 'AbortError' })) : real(m);
    const warned: string[] = [];
    const log = w.bot.ctx.log;
    const warn = log.warn.bind(log);
    log.warn = ((...a: Parameters<typeof log.warn>) => {
      warned.push(a.map(String).join(' '));
      return warn(...a);
    }) as typeof log.warn;
    const results = () => w.sim.allMessages(threadId).filter((m) => !m.deleted && w.sim.text(m).includes('Hand 1 is over'));
    await playHandToEnd(w, gameId);
    await w.bot.whenIdle();
    assert.equal(fail, 0, 'the result image was tried, and failed');
    assert.equal(results().length, 1, 'the result is posted all the same, at once');
    const r = results()[0]!;
    assert.equal(w.sim.images(r).length, 0, 'without an image');
    assert.match(w.sim.text(r), /The result picture could not be drawn\./);
    assert.ok(
      warned.some((s) => s.includes('cannot draw the result image')),
      `logged as a warning: ${warned.join(' | ')}`,
    );
    assert.equal(w.store.games.get(gameId)!.resultMessageId, r.id, 'recorded as the hand’s result message');
    await click(w, w.users[0]!.id, r.id, buttonByLabel(w.sim, r, 'Next hand').custom_id as string);
    assert.equal(w.store.games.get(gameId)!.handIndex, 1, 'Next hand deals the next hand (hand indexes count from 0)');
  });
});
